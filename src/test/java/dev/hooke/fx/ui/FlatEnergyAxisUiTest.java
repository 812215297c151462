package dev.hooke.fx.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.fx.chart.EnergyChart;
import dev.hooke.fx.sim.EnergySample;
import java.util.List;
import javafx.scene.Scene;
import javafx.scene.chart.NumberAxis;
import javafx.stage.Stage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A cloth at rest before it falls has every energy within round-off of zero: the energy chart's
 * value axis then spans ±1 J, not the 1e-28 J the automatic range would give it, and takes its
 * automatic range back as soon as an energy is real.
 */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class FlatEnergyAxisUiTest {

    private EnergyChart chart;

    @Start
    void start(Stage stage) {
        chart = new EnergyChart();
        stage.setScene(new Scene(chart.node(), 600, 400));
        stage.show();
    }

    private static EnergySample sample(double t, double kinetic, double gravitational) {
        return new EnergySample(1, 0, t, kinetic, 3e-29, gravitational, 0, 0, 1e-3, 2e-3, 2e-3, 0, 0);
    }

    @Test
    void energiesAtRoundOffAreShownOnPlusMinusOneAndRealOnesOnTheAutomaticRange(FxRobot robot) {
        robot.interact(() -> chart.add(List.of(sample(0, 0, -2e-29), sample(0.001, 1e-29, 0))));
        WaitForAsyncUtils.waitForFxEvents();
        NumberAxis values = (NumberAxis) chart.node().getYAxis();
        assertFalse(values.isAutoRanging(), "a flat chart has a fixed range");
        assertEquals(-1, values.getLowerBound());
        assertEquals(1, values.getUpperBound());

        robot.interact(() -> chart.add(List.of(sample(0.002, 5, -3))));
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> chart.node().layout());
        assertTrue(values.isAutoRanging(), "real energies give the range back to the axis");
        assertTrue(values.getUpperBound() >= 5 && values.getLowerBound() <= -3,
                "the automatic range holds the energies: " + values.getLowerBound() + " … " + values.getUpperBound());
    }
}
