package dev.hooke.fx.chart;

import dev.hooke.fx.I18n;
import dev.hooke.fx.sim.EnergySample;
import java.util.List;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.XYChart;

/**
 * The implicit methods' linear solves over simulated time, on a logarithmic axis: the CG
 * iterations per step and the step's final relative residual ‖b − Ax‖/‖b‖ (dimensionless). Both
 * share the axis, which is labelled with plain numbers: iterations sit at 1 … 1000, residuals at
 * 10⁻¹² … 1. A direct solve takes no iterations, so its iteration line is absent.
 */
public final class SolverChart {

    private final TimeSeriesChart chart = new TimeSeriesChart("solverChart", "solver-chart",
            I18n.text("chart.solver.axis"), I18n.text("chart.solver.axis"));

    /** The compared runs' names by lane (empty: the main system alone). */
    private List<String> compared = List.of();

    public SolverChart() {
        chart.setLogScale(true);
        setCompare(null, null);
    }

    /** Plots the second system's solves too (compare mode), or the main system's only (nulls). */
    public void setCompare(String nameA, String nameB) {
        setCompare(nameA == null || nameB == null ? List.of() : List.of(nameA, nameB));
    }

    /** Plots each compared run's solves, lane k the k-th, or the main system's only (an empty list). */
    public void setCompare(List<String> names) {
        compared = List.copyOf(names);
        if (compared.size() < 2) {
            chart.setLines(List.of(
                    new TimeSeriesChart.Line(I18n.text("chart.iterations"), 0, EnergySample::cgIterations),
                    new TimeSeriesChart.Line(I18n.text("chart.residual"), 0, EnergySample::cgResidual)));
            return;
        }
        List<TimeSeriesChart.Line> lines = new java.util.ArrayList<>();
        for (int k = 0; k < compared.size(); k++) {
            lines.add(new TimeSeriesChart.Line(I18n.text("chart.iterationsOf", compared.get(k)), k,
                    EnergySample::cgIterations));
            lines.add(new TimeSeriesChart.Line(I18n.text("chart.residualOf", compared.get(k)), k,
                    EnergySample::cgResidual));
        }
        chart.setLines(lines);
    }

    /** Writes the axis titles and the legend in the language in use. */
    public void localize() {
        chart.setLabels(I18n.text("chart.time"), I18n.text("chart.solver.axis"), I18n.text("chart.solver.axis"));
        setCompare(compared);
    }

    /** The chart's time series drawing. */
    public TimeSeriesChart chart() {
        return chart;
    }

    public LineChart<Number, Number> node() {
        return chart.node();
    }

    /** The series: iterations, residual, and the same of the second system in compare mode. */
    public List<XYChart.Series<Number, Number>> series() {
        return chart.series();
    }

    /** Forgets the samples and the generation seen (the window shows another run). */
    public void restart() {
        chart.restart();
    }

    /** Adds a batch of samples (oldest first). */
    public void add(List<EnergySample> batch) {
        chart.add(batch);
    }
}
