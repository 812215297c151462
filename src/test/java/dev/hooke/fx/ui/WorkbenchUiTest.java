package dev.hooke.fx.ui;

import static dev.hooke.fx.ui.UiFixture.waitFor;
import static dev.hooke.Tolerances.PARAMETER_ROUND_TRIP;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.sim.Simulation;
import dev.hooke.fx.ErrorReporter;
import dev.hooke.fx.Workbench;
import dev.hooke.core.scene.SceneFile;
import dev.hooke.fx.sim.Snapshot;
import dev.hooke.fx.view.SceneView;
import java.util.function.Function;
import javafx.application.ConditionalFeature;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Button;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
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
 * The workbench driven through its real controls (TestFX on Monocle's headless platform). Each
 * check reads the engine itself, through the simulation thread, not only the labels.
 */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class WorkbenchUiTest {

    private Workbench workbench;

    @Start
    void start(Stage stage) {
        workbench = UiFixture.show(stage, SceneType.SPRING, 1600, 900);
    }

    @Stop
    void stop() {
        workbench.close();
    }

    // ------------------------------------------------------------------ helpers

    private double number(Function<Simulation, ? extends Number> question) throws Exception {
        return UiFixture.engine(workbench, question).doubleValue();
    }

    private Snapshot snapshot() {
        return workbench.runner().latest();
    }

    private static void type(FxRobot robot, String fieldId, String text) {
        TextField field = robot.lookup(fieldId).queryAs(TextField.class);
        robot.clickOn(field);
        robot.interact(field::selectAll);
        robot.write(text);
        robot.type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
    }

    private void explodeTheSpring(FxRobot robot) {
        type(robot, "#dtField", "0.3");          // the limit on the spring is 2√(m/k) = 0.2 s
        robot.clickOn("#playButton");
        waitFor("the explosion notification", () -> workbench.notificationPane().isShowing()
                && robot.lookup(".explosion-reset-action").tryQuery().isPresent()
                && robot.lookup(".explosion-halve-action").tryQuery().isPresent());
    }

    // ------------------------------------------------------------------ tests

    @Test
    void draggingTheStiffnessSliderChangesTheEnginesStiffness(FxRobot robot) throws Exception {
        double before = UiFixture.engine(workbench, sim -> sim.system().stiffness(0));
        assertEquals(100, before);
        Node thumb = robot.lookup("#ksSlider .thumb").query();
        robot.drag(thumb, MouseButton.PRIMARY).moveBy(60, 0).release(MouseButton.PRIMARY);
        double shown = workbench.model().stiffnessProperty().get();
        assertTrue(shown > before, "the slider moved to a larger k_s, got " + shown);
        double inEngine = UiFixture.engine(workbench, sim -> sim.system().stiffness(0));
        assertEquals(shown, inEngine, PARAMETER_ROUND_TRIP * shown);
        assertEquals(shown, Double.parseDouble(robot.lookup("#ksField").queryAs(TextField.class).getText()),
                PARAMETER_ROUND_TRIP * shown);
        assertEquals(0, number(Simulation::steps), "no reset, no step: only the parameter changed");
    }

    @Test
    void typingAStiffnessAppliesItToTheEngineLive(FxRobot robot) throws Exception {
        robot.clickOn("#playButton");
        waitFor("some steps", () -> snapshot().steps() > 10);
        type(robot, "#ksField", "250");
        assertEquals(250, number(sim -> sim.system().stiffness(0)));
        waitFor("the snapshot with the new k_s", () -> snapshot().parameters().stiffness() == 250);
        assertEquals(1, snapshot().generation(), "applied without a reset");
    }

    @Test
    void anInvalidNumberIsRefusedAndTheEngineKeepsItsValue(FxRobot robot) throws Exception {
        type(robot, "#massField", "-2");
        TextField field = robot.lookup("#massField").queryAs(TextField.class);
        assertTrue(field.getStyleClass().contains("invalid"));
        assertEquals("1", field.getText());
        assertEquals(1, number(sim -> sim.system().mass(1)));
    }

    /**
     * The fields take the engine's bounds: a subnormal or tiny mass (which made 1/m infinite and
     * the first step NaN) is refused with its minimum, and so is a subnormal stiffness, while a
     * stiffness of 0 (springs without force) is taken. A step after them is still a number.
     */
    @Test
    void aSubnormalMassOrStiffnessIsRefusedWithItsBound(FxRobot robot) throws Exception {
        for (String tiny : new String[] {"1e-320", "1e-12"}) {
            type(robot, "#massField", tiny);
            TextField mass = robot.lookup("#massField").queryAs(TextField.class);
            assertTrue(mass.getStyleClass().contains("invalid"), tiny);
            assertEquals("1", mass.getText(), "the field shows the value kept");
            assertTrue(mass.getTooltip().getText().contains(
                    dev.hooke.fx.controls.Numbers.format(dev.hooke.core.scene.SceneSpec.MASS.min())),
                    "the tooltip names the minimum: " + mass.getTooltip().getText());
            assertEquals(1, number(sim -> sim.system().mass(1)));
        }
        type(robot, "#ksField", "1e-320");
        TextField ks = robot.lookup("#ksField").queryAs(TextField.class);
        assertTrue(ks.getStyleClass().contains("invalid"));
        assertEquals(100, number(sim -> sim.system().stiffness(0)));
        type(robot, "#ksField", "0");
        assertFalse(ks.getStyleClass().contains("invalid"), "no springs' force is a valid choice");
        assertEquals(0, number(sim -> sim.system().stiffness(0)));
        robot.clickOn("#sceneView");
        robot.type(KeyCode.S);
        assertEquals(1, number(Simulation::steps));
        assertTrue(Double.isFinite(number(sim -> sim.system().x[4])), "the step is a number");
    }

    @Test
    void choosingAnIntegratorSwitchesItWithoutAReset(FxRobot robot) throws Exception {
        robot.clickOn("#playButton");
        waitFor("time to pass", () -> snapshot().time() > 0.2);
        Snapshot before = snapshot();
        robot.clickOn("#integratorChoice");
        robot.clickOn("5  " + IntegratorKind.RK4.displayName());
        assertEquals(IntegratorKind.RK4, UiFixture.engine(workbench, Simulation::integratorKind));
        waitFor("time to keep growing", () -> snapshot().integrator() == IntegratorKind.RK4
                && snapshot().time() > before.time() + 0.2);
        Snapshot after = snapshot();
        assertEquals(before.generation(), after.generation(), "no reset");
        assertTrue(after.steps() > before.steps());
        assertTrue(UiFixture.engine(workbench, Simulation::time) > before.time());
    }

    @Test
    void keysPlayPauseStepAndPickTheIntegrator(FxRobot robot) throws Exception {
        robot.clickOn("#sceneView");
        robot.type(KeyCode.DIGIT3);
        assertEquals(IntegratorKind.VERLET, UiFixture.engine(workbench, Simulation::integratorKind));
        assertEquals(IntegratorKind.VERLET, workbench.model().integratorProperty().get());
        robot.type(KeyCode.S);
        assertEquals(1, number(Simulation::steps));
        robot.type(KeyCode.SPACE);
        waitFor("playing", () -> snapshot().running());
        robot.type(KeyCode.SPACE);
        waitFor("paused", () -> !snapshot().running());
        long steps = UiFixture.engine(workbench, Simulation::steps);
        assertTrue(steps > 1);
        robot.type(KeyCode.R);
        assertEquals(0, number(Simulation::steps));
        assertEquals(IntegratorKind.VERLET, UiFixture.engine(workbench, Simulation::integratorKind), "a reset keeps the integrator");
    }

    @Test
    void aTimeStepPastTheLimitExplodesPausesAndSaysSo(FxRobot robot) throws Exception {
        explodeTheSpring(robot);
        assertTrue(UiFixture.engine(workbench, Simulation::exploded));
        waitFor("the window to see the pause", () -> !workbench.model().runningProperty().get());
        assertFalse(snapshot().running());
        String text = robot.lookup("#explosionMessage").queryAs(Label.class).getText();
        assertTrue(text.contains("above the limit"), text);
        assertTrue(text.contains("0.3"), text);
        assertEquals("Play", robot.lookup("#playButton").queryAs(Button.class).getText());
        long steps = UiFixture.engine(workbench, Simulation::steps);
        robot.clickOn("#playButton");
        assertEquals(steps, number(Simulation::steps), "an exploded system does not step");
    }

    @Test
    void resetInTheNotificationRecovers(FxRobot robot) throws Exception {
        explodeTheSpring(robot);
        type(robot, "#dtField", "0.01");
        robot.clickOn(robot.lookup(".explosion-reset-action").queryButton());
        waitFor("the notification to close", () -> !workbench.notificationPane().isShowing());
        assertFalse(UiFixture.engine(workbench, Simulation::exploded));
        assertEquals(0.01, number(Simulation::dt));
        waitFor("the fresh system to run", () -> snapshot().running() && snapshot().time() > 0.3);
        assertFalse(UiFixture.engine(workbench, Simulation::exploded));
    }

    @Test
    void halvingTheTimeStepRecoversBelowTheLimit(FxRobot robot) throws Exception {
        explodeTheSpring(robot);
        robot.clickOn(robot.lookup(".explosion-halve-action").queryButton());
        assertEquals(0.15, number(Simulation::dt));
        assertEquals("0.15", robot.lookup("#dtField").queryAs(TextField.class).getText());
        waitFor("the fresh system to run", () -> snapshot().running() && snapshot().time() > 1.5);
        assertFalse(UiFixture.engine(workbench, Simulation::exploded), "Δt = 0.15 s is below the limit 0.2 s");
        assertFalse(workbench.notificationPane().isShowing());
    }

    @Test
    void choosingASceneLoadsItsDefaultsAndBuildsIt(FxRobot robot) throws Exception {
        robot.clickOn("#sceneChoice");
        robot.clickOn("Cloth");
        MassSpringSystem s = UiFixture.engine(workbench, sim -> sim.system().copy());
        assertEquals(16 * 16, s.particleCount());
        assertEquals(SceneType.CLOTH.recipe().defaultDt(), number(Simulation::dt));
        assertEquals(SceneType.CLOTH.recipe().defaultDt(), workbench.model().dtProperty().get());
        waitFor("the cloth's snapshot", () -> snapshot().topology().type() == SceneType.CLOTH);
        assertEquals(200, snapshot().parameters().stiffness());
    }

    @Test
    void theEnergyChartFollowsTheSimulation(FxRobot robot) throws Exception {
        robot.clickOn("#playButton");
        waitFor("a second of simulated time", () -> snapshot().time() > 1.0);
        robot.clickOn("#playButton");
        waitFor("paused", () -> !snapshot().running());
        WaitForAsyncUtils.waitForFxEvents();
        double t = UiFixture.engine(workbench, Simulation::time);
        waitFor("the chart to catch up", () -> {
            var data = workbench.chart().series().get(0).getData();
            return !data.isEmpty() && data.get(data.size() - 1).getXValue().doubleValue() == t;
        });
        for (XYChart.Series<Number, Number> series : workbench.chart().series()) {
            assertTrue(series.getData().size() > 10, series.getName());
        }
        var total = workbench.chart().series().get(3).getData();
        double lastTotal = total.get(total.size() - 1).getYValue().doubleValue();
        assertEquals(UiFixture.engine(workbench, sim -> sim.observables().total()), lastTotal);
    }

    @Test
    void anUnexpectedErrorIsShownInPlainWordsAndPauses(FxRobot robot) throws Exception {
        ErrorReporter.install(() -> workbench.runner().pause());
        // the error is the test's own: its warning in the build's output would read as a real one
        java.util.logging.Logger log = java.util.logging.Logger.getLogger("dev.hooke.fx");
        java.util.logging.Level level = log.getLevel();
        log.setLevel(java.util.logging.Level.SEVERE);
        try {
            robot.clickOn("#playButton");
            waitFor("playing", () -> snapshot().running());
            Platform.runLater(() -> {
                throw new IllegalStateException("the test broke something");
            });
            waitFor("the error dialog", () -> robot.lookup("#errorDialog").tryQuery().isPresent());
            DialogPane dialog = robot.lookup("#errorDialog").queryAs(DialogPane.class);
            String text = dialog.getContentText();
            assertEquals(ErrorReporter.plainMessage(new IllegalStateException("the test broke something")), text);
            assertFalse(text.contains("Exception"), text);
            assertFalse(text.contains("\tat "), text);
            waitFor("the pause", () -> !snapshot().running());
            robot.interact(() -> dialog.getScene().getWindow().hide());
            waitFor("the dialog to close", () -> robot.lookup("#errorDialog").tryQuery().isEmpty());
        } finally {
            Thread.setDefaultUncaughtExceptionHandler(null);
            log.setLevel(level);
        }
    }

    @Test
    void withoutA3dPipelineTheViewIsFlatAndSaysWhy(FxRobot robot) {
        assumeFalse(Platform.isSupported(ConditionalFeature.SCENE3D), "this pipeline draws in 3D");
        assertFalse(workbench.view().is3D());
        Label message = robot.lookup("#flatViewMessage").queryAs(Label.class);
        assertTrue(message.isVisible());
        assertEquals(SceneView.no3dMessage(), message.getText());
        assertNotEquals(0, message.getWidth());
    }
}
