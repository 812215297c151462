package dev.hooke.fx.chart;

import dev.hooke.fx.I18n;
import dev.hooke.fx.sim.EnergySample;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.XYChart;

/**
 * The live energy chart: kinetic K, elastic U_el, gravitational U_g, total E = K + U_el + U_g,
 * dissipated W_d and, while the scene has wind, the wind's work W_w (E + W_d − W_w is the
 * balance) against simulated time, over a sliding window of {@value #WINDOW_SECONDS} s,
 * on a linear or logarithmic scale (exponential growth is a straight line on the latter). In
 * compare mode it plots K and E of both systems, and E of each run when a lesson compares more
 * than two. See {@link TimeSeriesChart}.
 */
public final class EnergyChart {

    /** The width of the time window; in s. */
    public static final double WINDOW_SECONDS = TimeSeriesChart.WINDOW_SECONDS;
    /** The most points a series keeps. */
    public static final int MAX_POINTS = TimeSeriesChart.MAX_POINTS;

    /** The series' keys in the bundle ({@code chart.<name>}), in the order of {@link #series()} (outside compare mode). */
    public static final List<String> NAMES = List.of("kinetic", "elastic", "gravitational", "total", "dissipated",
            "windWork");

    private static final List<ToDoubleFunction<EnergySample>> VALUES = List.of(
            EnergySample::kinetic, EnergySample::elastic, EnergySample::gravitational, EnergySample::total,
            EnergySample::dissipated, EnergySample::windWork);

    private final TimeSeriesChart chart = new TimeSeriesChart("energyChart", "energy-chart", I18n.text("chart.energy"),
            I18n.text("chart.energy"));

    private String compareA;
    private String compareB;
    /** Whether the scene shown has wind: only then the wind's work is a line of its own. */
    private boolean windy;
    /** The runs of a comparison of more than two, by lane (empty otherwise). */
    private List<String> many = List.of();

    public EnergyChart() {
        localize();
    }

    /** Shows the wind's work as a line of its own while the scene has wind, none without. */
    public void setWindy(boolean on) {
        if (on == windy) {
            return;
        }
        windy = on;
        boolean single = (compareA == null || compareB == null) && many.isEmpty();
        if (single) {
            showSingle();       // compare mode's lines hold no wind's work
        }
    }

    private void showSingle() {
        List<TimeSeriesChart.Line> lines = new ArrayList<>();
        for (int k = 0; k < NAMES.size(); k++) {
            if (!windy && "windWork".equals(NAMES.get(k))) {
                continue;
            }
            lines.add(new TimeSeriesChart.Line(I18n.text("chart." + NAMES.get(k)), 0, VALUES.get(k)));
        }
        chart.setLines(lines);
    }

    /**
     * Plots K and E of two systems (compare mode), named after their methods, or the energies
     * and works of the main system (nameA and nameB null).
     */
    public void setCompare(String nameA, String nameB) {
        compareA = nameA;
        compareB = nameB;
        if (nameA == null || nameB == null) {
            showSingle();
            chart.node().getStyleClass().remove("compare-chart");
            return;
        }
        chart.setLines(List.of(
                new TimeSeriesChart.Line(I18n.text("chart.kineticOf", nameA), 0, EnergySample::kinetic),
                new TimeSeriesChart.Line(I18n.text("chart.totalOf", nameA), 0, EnergySample::total),
                new TimeSeriesChart.Line(I18n.text("chart.kineticOf", nameB), 1, EnergySample::kinetic),
                new TimeSeriesChart.Line(I18n.text("chart.totalOf", nameB), 1, EnergySample::total)));
        if (!chart.node().getStyleClass().contains("compare-chart")) {
            chart.node().getStyleClass().add("compare-chart");
        }
    }

    /**
     * Names the compared runs by lane: two as {@link #setCompare(String, String)}, more with E of
     * each run only, none (an empty list) the main system's own series.
     */
    public void setCompare(List<String> names) {
        if (names.size() <= 2) {
            many = List.of();
            setCompare(names.size() == 2 ? names.get(0) : null, names.size() == 2 ? names.get(1) : null);
            return;
        }
        many = List.copyOf(names);
        compareA = null;
        compareB = null;
        chart.node().getStyleClass().remove("compare-chart");
        List<TimeSeriesChart.Line> lines = new ArrayList<>();
        for (int k = 0; k < many.size(); k++) {
            lines.add(new TimeSeriesChart.Line(I18n.text("chart.totalOf", many.get(k)), k, EnergySample::total));
        }
        chart.setLines(lines);
    }

    /** Writes the axis labels and the series' names in the language in use. */
    public void localize() {
        chart.setLabels(I18n.text("chart.time"), I18n.text("chart.energy"), I18n.text("chart.energy"));
        if (many.isEmpty()) {
            setCompare(compareA, compareB);
        } else {
            setCompare(many);
        }
    }

    /** The chart's time series drawing. */
    public TimeSeriesChart chart() {
        return chart;
    }

    /** Forgets the samples and the generation seen: the next samples start afresh, whatever their generation. */
    public void restart() {
        chart.restart();
    }

    public LineChart<Number, Number> node() {
        return chart.node();
    }

    /** The series: kinetic, elastic, gravitational, total, dissipated, wind's work (outside compare mode). */
    public List<XYChart.Series<Number, Number>> series() {
        return chart.series();
    }

    /** The lines the series plot. */
    public List<TimeSeriesChart.Line> lines() {
        return chart.lines();
    }

    /** Whether the energy axis is logarithmic. */
    public boolean isLogScale() {
        return chart.isLogScale();
    }

    /** Switches between a linear and a logarithmic energy axis. */
    public void setLogScale(boolean on) {
        chart.setLogScale(on);
    }

    /** A copy of the samples the chart holds, oldest first (see {@link TimeSeriesChart#samples()}). */
    public List<EnergySample> samples() {
        return chart.samples();
    }

    /** Empties the chart and starts the window at t = 0. */
    public void clear() {
        chart.clear();
    }

    /** Adds a batch of samples (oldest first); see {@link TimeSeriesChart#add}. */
    public void add(List<EnergySample> batch) {
        chart.add(batch);
    }
}
