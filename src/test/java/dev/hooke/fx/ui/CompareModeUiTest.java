package dev.hooke.fx.ui;

import static dev.hooke.fx.ui.UiFixture.waitFor;
import static dev.hooke.Tolerances.UI_TIMEOUT_SECONDS;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.sim.Simulation;
import dev.hooke.fx.Workbench;
import dev.hooke.fx.chart.TimeSeriesChart;
import dev.hooke.fx.sim.Snapshot;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import javafx.scene.chart.XYChart;
import javafx.stage.Stage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Compare mode driven through its controls on the rope (the GAMES101 demo): two systems, two
 * integrators, both advancing and both plotted; checks read both engines through the simulation
 * thread.
 */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class CompareModeUiTest {

    private Workbench workbench;

    @Start
    void start(Stage stage) {
        workbench = UiFixture.show(stage, SceneType.CHAIN, 1600, 900);
    }

    @Stop
    void stop() {
        workbench.close();
    }

    private <T> T lane(int lane, Function<Simulation, T> question) throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        return workbench.runner().query(lane, question).get(UI_TIMEOUT_SECONDS, TimeUnit.SECONDS);
    }

    private Snapshot snapshot() {
        return workbench.runner().latest();
    }

    @Test
    void compareModeRunsTwoSystemsWithTwoIntegratorsAndPlotsBoth(FxRobot robot) throws Exception {
        IntegratorPanelUiTest.flip(robot, "#compareToggle");
        assertEquals(IntegratorKind.SYMPLECTIC_EULER, lane(0, Simulation::integratorKind));
        assertEquals(IntegratorKind.VERLET, lane(1, Simulation::integratorKind));
        assertArrayEquals(this.<double[]>lane(0, sim -> sim.system().x.clone()),
                this.<double[]>lane(1, sim -> sim.system().x.clone()),
                "both start from the same state");

        robot.clickOn("#playButton");
        waitFor("both to advance", () -> snapshot().compare() != null && snapshot().compare().steps() > 100
                && snapshot().steps() > 100);
        robot.clickOn("#playButton");
        waitFor("paused", () -> !snapshot().running());
        double tA = lane(0, Simulation::time);
        double tB = lane(1, Simulation::time);
        assertEquals(tA, tB, "lock-step: the same Δt, the same number of steps");
        assertEquals(lane(0, Simulation::steps), lane(1, Simulation::steps));
        assertNotEquals(this.<Double>lane(0, sim -> sim.system().x[3]), this.<Double>lane(1, sim -> sim.system().x[3]),
                "different methods, different paths");

        List<TimeSeriesChart.Line> lines = workbench.chart().lines();
        assertEquals(4, lines.size());
        assertEquals(List.of(0, 0, 1, 1), lines.stream().map(TimeSeriesChart.Line::lane).toList());
        double kineticB = lane(1, sim -> sim.observables().kinetic);
        waitFor("the chart to catch up", () -> {
            List<XYChart.Data<Number, Number>> d = workbench.chart().series().get(2).getData();
            return !d.isEmpty() && d.get(d.size() - 1).getXValue().doubleValue() == tB;
        });
        for (XYChart.Series<Number, Number> s : workbench.chart().series()) {
            assertTrue(s.getData().size() > 5, s.getName());
        }
        List<XYChart.Data<Number, Number>> b = workbench.chart().series().get(2).getData();
        assertEquals(kineticB, b.get(b.size() - 1).getYValue().doubleValue());
        assertTrue(workbench.charts().stability().series().get(3).getData().size() > 0,
                "the second method's limit is plotted");
    }

    @Test
    void theSecondMethodSwitchesLiveAndCompareModeTurnsOff(FxRobot robot) throws Exception {
        IntegratorPanelUiTest.flip(robot, "#compareToggle");
        robot.clickOn("#playButton");
        waitFor("steps", () -> snapshot().compare() != null && snapshot().compare().steps() > 20);
        IntegratorPanelUiTest.reveal(robot, "#compareChoice");
        robot.clickOn("#compareChoice");
        robot.clickOn(IntegratorKind.RK4.displayName());
        assertEquals(IntegratorKind.RK4, lane(1, Simulation::integratorKind));
        assertTrue(lane(1, Simulation::steps) > 20, "switched without a reset");

        IntegratorPanelUiTest.flip(robot, "#compareToggle");
        waitFor("one system", () -> snapshot().compare() == null);
        ExecutionException e = null;
        try {
            lane(1, Simulation::steps);
        } catch (ExecutionException expected) {
            e = expected;
        }
        assertTrue(e != null && e.getCause() instanceof IllegalStateException);
        assertEquals(5, workbench.chart().lines().size());
        assertFalse(workbench.chart().lines().stream().anyMatch(l -> l.lane() == 1));
        assertNull(snapshot().compare());
    }

    /**
     * Explicit Euler against Verlet on the rope: once A has exploded, the Δt chart's Δt and naive
     * bound go on with B (they are the same for both systems), as its energy lines do.
     */
    @Test
    void afterAExplodesTheTimeStepChartFollowsB(FxRobot robot) {
        robot.interact(() -> workbench.model().integratorProperty().set(IntegratorKind.EXPLICIT_EULER));
        IntegratorPanelUiTest.flip(robot, "#compareToggle");
        robot.clickOn("#playButton");
        waitFor("A to explode while B runs", () -> snapshot().exploded() && snapshot().compare() != null
                && snapshot().compare().explosion() == null);
        double exploded = snapshot().explosion().time();
        waitFor("the Δt line a second past A's explosion", () -> {
            List<XYChart.Data<Number, Number>> dt = workbench.charts().stability().series().get(0).getData();
            return !dt.isEmpty() && dt.get(dt.size() - 1).getXValue().doubleValue() > exploded + 1;
        });
        List<XYChart.Data<Number, Number>> dt = workbench.charts().stability().series().get(0).getData();
        for (int i = 1; i < dt.size(); i++) {
            assertTrue(dt.get(i).getXValue().doubleValue() > dt.get(i - 1).getXValue().doubleValue(),
                    "one Δt point per instant, in time order");
        }
    }

    /**
     * In Chinese, compare mode names the methods in Chinese everywhere it names them: the second
     * method's box, the legend under it and the charts' legends.
     */
    @Test
    void inChineseTheComparedMethodsAreNamedInChinese(FxRobot robot) {
        robot.interact(() -> dev.hooke.fx.I18n.setLocale(dev.hooke.fx.I18n.CHINESE));
        try {
            IntegratorPanelUiTest.flip(robot, "#compareToggle");
            waitFor("compare mode", () -> snapshot().compare() != null);
            String b = dev.hooke.fx.Phrases.integrator(IntegratorKind.IMPLICIT_EULER);
            assertNotEquals(IntegratorKind.IMPLICIT_EULER.displayName(), b, "the Chinese name differs from the English");
            IntegratorPanelUiTest.reveal(robot, "#compareChoice");
            UiFixture.chooseIn(robot, "#compareChoice", b);      // the list names the methods in Chinese
            waitFor("B implicit Euler", () -> snapshot().compare() != null
                    && snapshot().compare().integrator() == IntegratorKind.IMPLICIT_EULER);
            String a = dev.hooke.fx.Phrases.integrator(snapshot().integrator());
            UiFixture.eventually("the names in the window", dev.hooke.Tolerances.SETTLE_SECONDS, () -> {
                var choice = robot.lookup("#compareChoice").queryComboBox();
                javafx.scene.Node cell = choice.lookup(".list-cell");
                String shown = cell instanceof javafx.scene.control.Labeled l ? l.getText() : null;
                String legend = robot.lookup("#compareLegend").queryLabeled().getText();
                java.util.List<String> names = UiFixture.shownCharts(workbench).stream()
                        .flatMap(c -> c.getData().stream()).map(XYChart.Series::getName).toList();
                boolean charts = names.stream().anyMatch(n -> n != null && n.contains(b));
                return b.equals(shown) && legend.contains(a) && legend.contains(b) && charts ? null
                        : "the box shows " + shown + ", the legend \"" + legend + "\", the charts " + names
                                + "; expected " + a + " and " + b;
            });
        } finally {
            robot.interact(() -> dev.hooke.fx.I18n.setLocale(dev.hooke.fx.I18n.ENGLISH));
        }
    }
}
