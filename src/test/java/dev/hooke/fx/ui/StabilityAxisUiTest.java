package dev.hooke.fx.ui;

import static dev.hooke.Tolerances.SETTLE_SECONDS;
import static dev.hooke.fx.ui.UiFixture.eventually;
import static dev.hooke.fx.ui.UiFixture.onFx;
import static dev.hooke.fx.ui.UiFixture.type;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.hooke.core.scene.SceneType;
import dev.hooke.fx.Workbench;
import dev.hooke.fx.chart.TimeSeriesChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.stage.Stage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;

/**
 * The Δt-against-limit chart's log axis keeps every line inside its ends: at a Δt that is a power
 * of ten (0.01 s, 0.001 s) the Δt line used to lie on the axis itself. Typed as a person types Δt,
 * with the spring running; the lowest and the highest line each stay at least
 * {@link TimeSeriesChart#LOG_PADDING_DECADES} of a decade inside the axis.
 */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class StabilityAxisUiTest {

    /** Two log₁₀ values the chart holds as the same (a point's y and log₁₀ of the Δt typed). */
    private static final double SAME_LOG = 1e-12;

    private Workbench workbench;

    @Start
    void start(Stage stage) {
        workbench = UiFixture.show(stage, SceneType.SPRING, 1500, 1000);
    }

    @Stop
    void stop() {
        workbench.close();
    }

    /** Δt = 0.01 s, 0.001 s (powers of ten) and 0.003 s, typed one after the other while the spring runs. */
    @Test
    void theLinesStayInsideTheLogAxis(FxRobot robot) {
        robot.clickOn("#playButton");
        for (String dt : new String[] {"0.01", "0.001", "0.003"}) {
            double logDt = Math.log10(Double.parseDouble(dt));
            type(robot, "#dtField", dt);
            eventually("the chart's Δt line at " + dt + " s, the axis padded around every line", SETTLE_SECONDS,
                    () -> problem(logDt));
            String settled = onFx(() -> problem(logDt));
            assertNull(settled, settled);
        }
    }

    /** What is wrong with the axis around the lines drawn, or null. */
    private String problem(double logDt) {
        var chart = workbench.charts().stability().node();
        NumberAxis axis = (NumberAxis) chart.getYAxis();
        var series = workbench.charts().stability().series();
        if (series.get(0).getData().isEmpty()) {
            return "no Δt line yet";
        }
        double last = series.get(0).getData().get(series.get(0).getData().size() - 1).getYValue().doubleValue();
        if (Math.abs(last - logDt) > SAME_LOG) {
            return "the Δt line is at 10^" + last + " s, not yet the Δt typed";
        }
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        int lines = 0;
        for (XYChart.Series<Number, Number> s : series) {
            for (XYChart.Data<Number, Number> d : s.getData()) {
                lo = Math.min(lo, d.getYValue().doubleValue());
                hi = Math.max(hi, d.getYValue().doubleValue());
            }
            lines += s.getData().isEmpty() ? 0 : 1;
        }
        if (lines < 2) {
            return "only " + lines + " line drawn (Δt and the naive bound at least)";
        }
        double pad = TimeSeriesChart.LOG_PADDING_DECADES;
        if (!(axis.getLowerBound() <= lo - pad) || !(axis.getLowerBound() < logDt)) {
            return "the axis starts at 10^" + axis.getLowerBound() + ", the lowest line at 10^" + lo;
        }
        if (!(axis.getUpperBound() >= hi + pad)) {
            return "the axis ends at 10^" + axis.getUpperBound() + ", the highest line at 10^" + hi;
        }
        return null;
    }
}
