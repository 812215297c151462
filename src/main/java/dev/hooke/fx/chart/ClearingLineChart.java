package dev.hooke.fx.chart;

import javafx.scene.chart.Axis;
import javafx.scene.chart.LineChart;
import javafx.scene.shape.Path;

/**
 * A line chart that draws nothing for a series with no data. JavaFX's {@link LineChart} rebuilds a
 * series' line only from its points, so a series whose points were all removed keeps drawing the
 * line of its last layout: a chart emptied while hidden (the Δt chart behind a lesson's sweep chart)
 * showed, once shown again, limit lines of runs it no longer holds.
 */
final class ClearingLineChart extends LineChart<Number, Number> {

    ClearingLineChart(Axis<Number> x, Axis<Number> y) {
        super(x, y);
    }

    @Override
    protected void layoutPlotChildren() {
        super.layoutPlotChildren();
        for (Series<Number, Number> s : getData()) {
            if (s.getData().isEmpty() && s.getNode() instanceof Path p && !p.getElements().isEmpty()) {
                p.getElements().clear();
            }
        }
    }
}
