package dev.hooke.fx.chart;

import dev.hooke.core.lesson.SweepResult;
import dev.hooke.fx.I18n;
import dev.hooke.fx.sim.EnergySample;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.XYChart;

/**
 * The stability chart: the time step Δt against the naive bound 2·√(m/k_s) and the integrator's
 * predicted limit (2/ω_max for the explicit methods, its own rule for the others) over simulated
 * time, on a logarithmic axis, so that dragging Δt across the limit is seen as one line crossing
 * another. A method with no limit (the implicit ones) has no limit line. In compare mode the
 * second method's limit is drawn too.
 */
public final class StabilityChart {

    private final TimeSeriesChart chart;
    private final boolean sweepOnly;
    /** The compared runs' names by lane (empty: the main system alone). */
    private List<String> compared = List.of();
    /** The readouts predict mode hides: their lines are not drawn. */
    private java.util.Set<dev.hooke.core.lesson.Readout> hidden = java.util.Set.of();

    public StabilityChart() {
        this("stabilityChart", "stability-chart");
    }

    /**
     * A stability chart whose node has the given id and style class; {@code sweep-chart} makes it
     * a chart for {@link #showSweep} only, which no samples feed.
     */
    public StabilityChart(String id, String styleClass) {
        chart = new TimeSeriesChart(id, styleClass, I18n.text("chart.stability.axis"),
                I18n.text("chart.stability.axis"));
        chart.setLogScale(true);
        sweepOnly = SWEEP_STYLE.equals(styleClass);
        if (sweepOnly) {
            chart.setLines(List.of());
        } else {
            setCompare(null, null);
        }
    }

    /** The style class of a chart that shows a sweep only. */
    public static final String SWEEP_STYLE = "sweep-chart";

    /**
     * Shows a Δt sweep (a lesson's {@code sweep_dt}) instead of samples: each Δt as a mark at the
     * time its run exploded, or at the end of the sweep's time when it stayed bounded, and the
     * predicted limit as a line across. Runs above the limit line should sit left (early
     * explosions), those below it at the right edge. Null removes the sweep.
     */
    public void showSweep(SweepResult sweep) {
        if (sweep == null) {
            chart.setPoints(List.of());
            return;
        }
        int n = sweep.rows().size();
        int exploded = (int) sweep.rows().stream().filter(SweepResult.Row::exploded).count();
        double[] te = new double[exploded];
        double[] ye = new double[exploded];
        double[] tb = new double[n - exploded];
        double[] yb = new double[n - exploded];
        int i = 0;
        int j = 0;
        for (SweepResult.Row r : sweep.rows()) {
            if (r.exploded()) {
                te[i] = r.explodedAt();
                ye[i++] = r.dt();
            } else {
                tb[j] = sweep.time();
                yb[j++] = r.dt();
            }
        }
        double limit = sweep.predictedLimit();
        double[] tl = Double.isFinite(limit) && limit > 0 ? new double[] {0, sweep.time()} : new double[0];
        double[] yl = tl.length == 0 ? new double[0] : new double[] {limit, limit};
        chart.setPoints(List.of(
                new TimeSeriesChart.Points(I18n.text("chart.sweep.limit"), tl, yl, false),
                new TimeSeriesChart.Points(I18n.text("chart.sweep.exploded"), te, ye, true),
                new TimeSeriesChart.Points(I18n.text("chart.sweep.bounded"), tb, yb, true)));
    }

    /** The sweep's series: the predicted limit, the runs that exploded, those that stayed bounded. */
    public List<XYChart.Series<Number, Number>> sweepSeries() {
        return chart.points();
    }

    /** Adds the second method's limit (compare mode), or shows the main system only (nulls). */
    public void setCompare(String nameA, String nameB) {
        setCompare(nameA == null || nameB == null ? List.of() : List.of(nameA, nameB));
    }

    /** Draws each compared run's limit, lane k the k-th, or the main system's only (an empty list). */
    public void setCompare(List<String> names) {
        compared = List.copyOf(names);
        List<TimeSeriesChart.Line> lines = new ArrayList<>();
        // Δt and 2√(m/k) are the same for every system: they follow whichever still runs
        lines.add(new TimeSeriesChart.Line(I18n.text("chart.dt"), TimeSeriesChart.Line.ANY_LANE, EnergySample::dt));
        // predict mode: a hidden readout's line keeps its place (and colour) but draws nothing
        boolean naiveHidden = hidden.contains(dev.hooke.core.lesson.Readout.NAIVE_BOUND);
        boolean limitHidden = hidden.contains(dev.hooke.core.lesson.Readout.LIMIT);
        lines.add(new TimeSeriesChart.Line(I18n.text("chart.naive"), TimeSeriesChart.Line.ANY_LANE,
                naiveHidden ? StabilityChart::none : EnergySample::naiveBound));
        java.util.function.ToDoubleFunction<EnergySample> limit = limitHidden ? StabilityChart::none : EnergySample::limit;
        if (compared.size() < 2) {
            lines.add(new TimeSeriesChart.Line(I18n.text("chart.limit"), 0, limit));
        } else {
            for (int k = 0; k < compared.size(); k++) {
                lines.add(new TimeSeriesChart.Line(I18n.text("chart.limitOf", compared.get(k)), k, limit));
            }
        }
        chart.setLines(lines);
    }

    /** The value of a hidden line: none. */
    private static double none(EnergySample e) {
        return Double.NaN;
    }

    /**
     * Hides the lines of the readouts predict mode hides (a lesson's open question), or shows
     * them again (an empty set); the samples stay, so that they come back whole.
     */
    public void setHidden(java.util.Set<dev.hooke.core.lesson.Readout> next) {
        if (!sweepOnly && !next.equals(hidden)) {
            hidden = java.util.Set.copyOf(next);
            setCompare(compared);
        }
    }

    /** Writes the axis titles and the legend in the language in use (a sweep's legend: {@link #showSweep}). */
    public void localize() {
        chart.setLabels(I18n.text("chart.time"), I18n.text("chart.stability.axis"),
                I18n.text("chart.stability.axis"));
        if (!sweepOnly) {
            setCompare(compared);
        }
    }

    /** The chart's time series drawing. */
    public TimeSeriesChart chart() {
        return chart;
    }

    public LineChart<Number, Number> node() {
        return chart.node();
    }

    /** The series: Δt, the naive bound, the limit (and the second limit in compare mode). */
    public List<XYChart.Series<Number, Number>> series() {
        return chart.series();
    }

    /** Adds a batch of samples (oldest first). */
    public void add(List<EnergySample> batch) {
        chart.add(batch);
    }
}
