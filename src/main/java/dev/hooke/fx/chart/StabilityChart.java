package dev.hooke.fx.chart;

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

    private final TimeSeriesChart chart = new TimeSeriesChart("stabilityChart", "stability-chart",
            I18n.text("ws.chart.stability.axis"), I18n.text("ws.chart.stability.axis"));

    public StabilityChart() {
        chart.setLogScale(true);
        setCompare(null, null);
    }

    /** Adds the second method's limit (compare mode), or shows the main system only (nulls). */
    public void setCompare(String nameA, String nameB) {
        List<TimeSeriesChart.Line> lines = new ArrayList<>();
        lines.add(new TimeSeriesChart.Line(I18n.text("ws.chart.dt"), 0, EnergySample::dt));
        lines.add(new TimeSeriesChart.Line(I18n.text("ws.chart.naive"), 0, EnergySample::naiveBound));
        if (nameA == null || nameB == null) {
            lines.add(new TimeSeriesChart.Line(I18n.text("ws.chart.limit"), 0, EnergySample::limit));
        } else {
            lines.add(new TimeSeriesChart.Line(I18n.text("ws.chart.limitOf", nameA), 0, EnergySample::limit));
            lines.add(new TimeSeriesChart.Line(I18n.text("ws.chart.limitOf", nameB), 1, EnergySample::limit));
        }
        chart.setLines(lines);
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
