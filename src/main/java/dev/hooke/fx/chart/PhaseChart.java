package dev.hooke.fx.chart;

import dev.hooke.fx.I18n;
import dev.hooke.fx.sim.EnergySample;
import java.util.ArrayList;
import java.util.List;
import javafx.collections.ObservableList;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.XYChart;

/**
 * The phase portrait of the spring scene: the bob's scaled displacement ω·u (m/s) against its
 * velocity v = u' (m/s), one curve per run. With u scaled by ω = √(k/m) the undamped exact orbit
 * is a circle of radius
 * <pre>
 *   r = √(ω²u² + v²) = √(2E/m)          (E = ½ m v² + ½ k u², the energy of the oscillation)
 * </pre>
 * so a method's energy error is seen as a change of radius (the linear oscillator x'' = −ω²x): explicit
 * Euler's map multiplies r² by (1 + h²ω²) every step, a spiral outward; symplectic Euler keeps the
 * modified energy ω²u² + v² − hω²·u·v exactly, a closed ellipse with its axes on the diagonals and
 * radii r₀/√(1 ∓ hω/2); RK4 multiplies r² by 1 − (hω)⁶/72 + (hω)⁸/576 per step and hugs the circle.
 *
 * <p>The exact solution is drawn for reference ({@code SpringOracle}): for the undamped spring its
 * whole orbit at once, the circle of the initial energy r = r₀; once the closed form's radius is
 * seen to leave r₀ (a damped spring), its trajectory (ω·u_exact, v_exact) as the samples trace it.
 * Both axes span the same range around 0, widened along the longer side of the plot so that one
 * metre per second is as long across as up: a circle looks round. Points far outside the initial
 * circle (an explosion) leave the plot rather than shrink it: the range stops at
 * {@value #MAX_RANGE} times the initial radius.
 *
 * <p>Samples arrive in batches like {@link TimeSeriesChart}'s: a newer generation clears the
 * chart; lane k feeds the k-th curve; each curve keeps its last {@value #MAX_POINTS} points. A
 * point's extra value is its time t (s).
 */
public final class PhaseChart {

    /** The most points a curve keeps. */
    public static final int MAX_POINTS = 3000;
    /** The number of segments of the initial-energy circle. */
    public static final int CIRCLE_SEGMENTS = 180;
    /**
     * The closed form's radius within this fraction of r₀ is on the circle (round-off of a few
     * ulps); a damped spring's leaves it by ζω·Δt ≥ 10⁻⁶ within a sample.
     */
    public static final double CIRCLE_TOLERANCE = 1e-9;
    /** The axis range never exceeds this many initial radii. */
    public static final double MAX_RANGE = 2.5;

    private final MultiplesAxis xAxis = new MultiplesAxis(-1, 1, 0.5);
    private final MultiplesAxis yAxis = new MultiplesAxis(-1, 1, 0.5);
    private final LineChart<Number, Number> chart = new ClearingLineChart(xAxis, yAxis);
    private final List<XYChart.Series<Number, Number>> runs = new ArrayList<>();
    private final List<List<XYChart.Data<Number, Number>>> pending = new ArrayList<>();
    private final XYChart.Series<Number, Number> exact = new XYChart.Series<>();
    /** The closed form's trajectory so far (drawn once it leaves the circle r₀). */
    private final List<XYChart.Data<Number, Number>> traced = new ArrayList<>();
    /** Whether the closed form's radius has left r₀: the trajectory is drawn instead of the circle. */
    private boolean damped;
    private List<String> laneNames = List.of();
    private int generation = Integer.MIN_VALUE;
    /** √(ω²u₀² + v₀²) of the closed form's first sample; in m/s (NaN until known). */
    private double startRadius = Double.NaN;
    /** t of the newest point of the exact trajectory (every lane carries it: the first at each t is drawn); in s. */
    private double exactTime = Double.NEGATIVE_INFINITY;
    /** The largest |ω·u| or |v| plotted in this generation; in m/s. */
    private double reach;

    public PhaseChart() {
        chart.setId("phaseChart");
        chart.getStyleClass().addAll("time-chart", "phase-chart");
        chart.setAnimated(false);
        chart.setCreateSymbols(false);
        chart.setLegendVisible(true);
        chart.setAxisSortingPolicy(LineChart.SortingPolicy.NONE);
        for (MultiplesAxis a : List.of(xAxis, yAxis)) {
            a.setAnimated(false);
        }
        xAxis.widthProperty().addListener(o -> rescale());
        yAxis.heightProperty().addListener(o -> rescale());
        setLanes(List.of());
        localize();
    }

    public LineChart<Number, Number> node() {
        return chart;
    }

    /** Writes the axis titles and legends in the language in use. */
    public void localize() {
        xAxis.setLabel(I18n.text("chart.phase.x"));
        yAxis.setLabel(I18n.text("chart.phase.y"));
        exact.setName(I18n.text("chart.phase.exact"));
        for (int k = 0; k < runs.size(); k++) {
            runs.get(k).setName(runName(k));
        }
    }

    private String runName(int lane) {
        return laneNames.isEmpty() ? I18n.text("chart.phase.run") : laneNames.get(lane);
    }

    /**
     * Names the runs of a comparison, one curve each in lane order, or (an empty list) plots the
     * main system's run only. Keeps the points of the lanes that remain.
     */
    public void setLanes(List<String> names) {
        List<String> next = List.copyOf(names);
        int count = Math.max(1, next.size());
        if (next.equals(laneNames) && runs.size() == count) {
            return;
        }
        laneNames = next;
        while (runs.size() > count) {
            runs.remove(runs.size() - 1);
            pending.remove(pending.size() - 1);
        }
        while (runs.size() < count) {
            runs.add(new XYChart.Series<>());
            pending.add(new ArrayList<>());
        }
        for (int k = 0; k < count; k++) {
            runs.get(k).setName(runName(k));
        }
        // the references first, so that their colours do not depend on the number of runs
        List<XYChart.Series<Number, Number>> all = new ArrayList<>(List.of(exact));
        all.addAll(runs);
        chart.getData().setAll(all);
    }

    /** The runs' curves (ω·u, v), in lane order. */
    public List<XYChart.Series<Number, Number>> runs() {
        return List.copyOf(runs);
    }

    /**
     * The exact solution: the circle r = {@link #startRadius()} (undamped), or the closed form's
     * trajectory (ω·u_exact, v_exact), each point's extra value its t (damped).
     */
    public XYChart.Series<Number, Number> exact() {
        return exact;
    }

    /** Whether the exact solution drawn is a damped trajectory rather than the circle of the initial energy. */
    public boolean exactIsDamped() {
        return damped;
    }

    /** √(ω²u_exact² + v_exact²) at the generation's first sample with a closed form; in m/s (NaN before). */
    public double startRadius() {
        return startRadius;
    }

    /** Forgets the samples and the generation seen. */
    public void restart() {
        generation = Integer.MIN_VALUE;
        clear();
    }

    private void clear() {
        for (XYChart.Series<Number, Number> s : runs) {
            s.getData().clear();
        }
        pending.forEach(List::clear);
        exact.getData().clear();
        traced.clear();
        damped = false;
        startRadius = Double.NaN;
        exactTime = Double.NEGATIVE_INFINITY;
        reach = 0;
    }

    /** Adds a batch of samples (oldest first); a newer generation clears the chart first. */
    public void add(List<EnergySample> batch) {
        boolean any = false;
        for (EnergySample e : batch) {
            if (e.generation() > generation) {
                generation = e.generation();
                clear();
            }
            if (e.generation() != generation || e.lane() < 0 || e.lane() >= runs.size()) {
                continue;
            }
            double w = e.omega();
            double x = w * e.displacement();
            double y = e.velocity();
            if (Double.isFinite(x) && Double.isFinite(y)) {
                pending.get(e.lane()).add(new XYChart.Data<>(x, y, e.time()));
                reach = Math.max(reach, Math.max(Math.abs(x), Math.abs(y)));
                any = true;
            }
            double xe = w * e.exact();
            double ye = e.exactVelocity();
            if (e.time() > exactTime && Double.isFinite(xe) && Double.isFinite(ye)) {
                exactTime = e.time();
                if (Double.isNaN(startRadius)) {
                    startRadius = Math.hypot(xe, ye);
                    drawStartCircle();
                }
                traced.add(new XYChart.Data<>(xe, ye, e.time()));
                if (traced.size() > MAX_POINTS) {
                    traced.remove(0);
                }
                if (!damped && Math.abs(Math.hypot(xe, ye) - startRadius) > CIRCLE_TOLERANCE * startRadius) {
                    damped = true;
                    exact.getData().clear();
                }
                any = true;
            }
        }
        if (!any) {
            return;
        }
        for (int k = 0; k < runs.size(); k++) {
            append(runs.get(k).getData(), pending.get(k));
        }
        if (damped) {
            exact.getData().setAll(traced);
        }
        rescale();
    }

    private static void append(ObservableList<XYChart.Data<Number, Number>> data,
                               List<XYChart.Data<Number, Number>> add) {
        if (add.isEmpty()) {
            return;
        }
        data.addAll(add);
        add.clear();
        int drop = data.size() - MAX_POINTS;
        if (drop > 0) {
            data.remove(0, drop);
        }
    }

    /** The exact orbit of the undamped spring, the circle r = {@link #startRadius}: ω²u² + v² = 2E(start)/m. */
    private void drawStartCircle() {
        List<XYChart.Data<Number, Number>> circle = new ArrayList<>(CIRCLE_SEGMENTS + 1);
        for (int i = 0; i <= CIRCLE_SEGMENTS; i++) {
            double a = 2 * Math.PI * i / CIRCLE_SEGMENTS;
            circle.add(new XYChart.Data<>(startRadius * Math.cos(a), startRadius * Math.sin(a)));
        }
        exact.getData().setAll(circle);
    }

    /** Sets both axes around 0 to hold the curves, with equal lengths per unit across and up. */
    private void rescale() {
        double r = Math.max(reach, Double.isNaN(startRadius) ? 0 : startRadius);
        if (startRadius > 0) {
            r = Math.min(r, MAX_RANGE * startRadius);
        }
        if (!(r > 0) || !Double.isFinite(r)) {
            return;
        }
        double range = 1.1 * r;
        double w = xAxis.getWidth();
        double h = yAxis.getHeight();
        double rx = range;
        double ry = range;
        if (w > 0 && h > 0) {
            if (w > h) {
                rx = range * w / h;
            } else {
                ry = range * h / w;
            }
        }
        setRange(yAxis, ry, Ticks.niceUnit(ry / 3));
        setRange(xAxis, rx, Ticks.niceUnit(ry / 3));
    }

    private static void setRange(MultiplesAxis a, double range, double unit) {
        if (Math.abs(a.getUpperBound() - range) > 1e-3 * range) {
            a.setLowerBound(-range);
            a.setUpperBound(range);
        }
        if (a.getTickUnit() != unit) {
            a.setTickUnit(unit);
        }
    }
}
