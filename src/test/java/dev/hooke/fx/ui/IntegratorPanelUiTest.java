package dev.hooke.fx.ui;

import static dev.hooke.fx.ui.UiFixture.waitFor;
import static dev.hooke.Tolerances.PARAMETER_ROUND_TRIP;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.integrate.BackwardEuler;
import dev.hooke.core.integrate.ImplicitMidpoint;
import dev.hooke.core.integrate.ImplicitOptions;
import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.integrate.ExtendedPositionBasedDynamics;
import dev.hooke.core.integrate.PositionBasedDynamics;
import dev.hooke.core.integrate.PositionVerlet;
import dev.hooke.core.integrate.ProjectionIntegrator;
import dev.hooke.core.integrate.ProjectionStats;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.sim.Simulation;
import dev.hooke.core.solve.SolverKind;
import dev.hooke.fx.Workbench;
import dev.hooke.fx.panel.IntegratorPanel;
import dev.hooke.fx.sim.ProjectionSummary;
import dev.hooke.fx.sim.Snapshot;
import java.util.List;
import java.util.function.Function;
import javafx.scene.Node;
import javafx.geometry.Bounds;
import javafx.scene.chart.XYChart;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.control.Spinner;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.controlsfx.control.ToggleSwitch;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The integrator section (number keys, Verlet's δ, the projection methods' iterations and PBD's
 * k, substeps, the implicit methods' solver options), the stability and solver charts and the energy chart's log scale, driven through the
 * real controls; each check reads the engine through the simulation thread.
 */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class IntegratorPanelUiTest {

    private Workbench workbench;

    @Start
    void start(Stage stage) {
        workbench = UiFixture.show(stage, SceneType.SPRING, 1600, 900);
    }

    @Stop
    void stop() {
        workbench.close();
    }

    private Snapshot snapshot() {
        return workbench.runner().latest();
    }

    private static void type(FxRobot robot, String fieldId, String text) {
        TextField field = robot.lookup(fieldId).queryAs(TextField.class);
        reveal(robot, fieldId);
        robot.clickOn(field);
        robot.interact(field::selectAll);
        robot.write(text);
        robot.type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Scrolls the side panel so that the node {@code id} is in view. */
    static void reveal(FxRobot robot, String id) {
        ScrollPane panel = robot.lookup("#sidePanel").queryAs(ScrollPane.class);
        Node node = robot.lookup(id).query();
        robot.interact(() -> {
            Node content = panel.getContent();
            Bounds b = content.sceneToLocal(node.localToScene(node.getBoundsInLocal()));
            double free = content.getBoundsInLocal().getHeight() - panel.getViewportBounds().getHeight();
            panel.setVvalue(free <= 0 ? 0 : Math.max(0, Math.min(1, (b.getMinY() - 40) / free)));
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static void click(FxRobot robot, String id) {
        reveal(robot, id);
        robot.clickOn(id);
    }

    /** Flips a ToggleSwitch where a person does: on its switch (the label does not toggle). */
    static void flip(FxRobot robot, String id) {
        reveal(robot, id);
        robot.clickOn(id + " .thumb-area");
    }

    private static boolean shown(FxRobot robot, String id) {
        Node n = robot.lookup(id).query();
        for (Node p = n; p != null; p = p.getParent()) {
            if (!p.isVisible()) {
                return false;
            }
        }
        return true;
    }

    private static double lastY(XYChart.Series<Number, Number> s) {
        List<XYChart.Data<Number, Number>> d = s.getData();
        return d.get(d.size() - 1).getYValue().doubleValue();
    }

    private static double lastX(XYChart.Series<Number, Number> s) {
        List<XYChart.Data<Number, Number>> d = s.getData();
        return d.isEmpty() ? Double.NaN : d.get(d.size() - 1).getXValue().doubleValue();
    }

    @Test
    void numberKeysPickAllTenIntegrators(FxRobot robot) throws Exception {
        robot.clickOn("#sceneView");
        KeyCode[] keys = {KeyCode.DIGIT1, KeyCode.DIGIT2, KeyCode.DIGIT3, KeyCode.DIGIT4, KeyCode.DIGIT5,
            KeyCode.DIGIT6, KeyCode.DIGIT7, KeyCode.DIGIT8, KeyCode.DIGIT9, KeyCode.DIGIT0};
        assertEquals(IntegratorKind.values().length, keys.length);
        for (int i = 0; i < keys.length; i++) {
            robot.type(keys[i]);
            assertEquals(IntegratorKind.values()[i], UiFixture.engine(workbench, Simulation::integratorKind));
        }
    }

    @Test
    void theSolverOptionsAppearForImplicitMethodsAndApplyLive(FxRobot robot) throws Exception {
        assertFalse(shown(robot, "#solverBox"), "semi-implicit Euler solves nothing");
        robot.clickOn("#sceneView");
        robot.type(KeyCode.DIGIT7);
        assertInstanceOf(ImplicitMidpoint.class, UiFixture.engine(workbench, Simulation::integrator));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(shown(robot, "#solverBox"));

        type(robot, "#tolField", "1e-9");
        assertEquals(1e-9, UiFixture.engine(workbench, sim -> ((ImplicitMidpoint) sim.integrator()).options().tolerance()),
                PARAMETER_ROUND_TRIP * 1e-9);
        flip(robot, "#clampToggle");
        assertFalse(UiFixture.<Boolean>engine(workbench, sim -> ((ImplicitMidpoint) sim.integrator()).options().clamp()));
        flip(robot, "#warmStartToggle");
        assertFalse(UiFixture.<Boolean>engine(workbench, sim -> ((ImplicitMidpoint) sim.integrator()).options().warmStart()));
        robot.interact(() -> workbench.root().lookup("#newtonSpinner").requestFocus());
        robot.type(KeyCode.UP);
        robot.clickOn("#sceneView");
        assertEquals(2, number(sim -> ((ImplicitMidpoint) sim.integrator()).options().newtonIterations()));

        robot.type(KeyCode.S);
        waitFor("the status bar to show the solve", () ->
                robot.lookup("#solverStatus").queryAs(Label.class).getText().startsWith("CG "));
        int iterations = UiFixture.engine(workbench, sim -> sim.integrator().solverStats().iterations);
        assertTrue(iterations > 0);
        String status = robot.lookup("#solverStatus").queryAs(Label.class).getText();
        int newton = UiFixture.engine(workbench, sim -> sim.integrator().solverStats().newtonIterations);
        assertTrue(status.startsWith("CG " + iterations + " it (" + newton + " Newton)"), status);

        click(robot, "#solverChoice");
        robot.clickOn(SolverKind.CHOLESKY.displayName());
        ImplicitOptions options = UiFixture.engine(workbench, sim -> ((ImplicitMidpoint) sim.integrator()).options());
        assertEquals(SolverKind.CHOLESKY, options.solver());
        assertEquals(1e-9, options.tolerance(), PARAMETER_ROUND_TRIP * 1e-9, "the other options stay");
        assertEquals(1, number(Simulation::steps), "the options changed without a reset");

        robot.clickOn("#sceneView");
        robot.type(KeyCode.DIGIT6);
        ImplicitOptions kept = UiFixture.engine(workbench, sim -> ((BackwardEuler) sim.integrator()).options());
        assertEquals(options, kept, "a newly chosen implicit method gets the options");
    }

    /**
     * The solver readout names the solver chosen, not how many iterations it took: the spring at
     * rest without gravity gives implicit Euler a right-hand side of 0, which conjugate gradients
     * solve in no iteration, and the status bar still says CG; after a switch to Cholesky it says
     * Cholesky.
     */
    @Test
    void theSolverReadoutNamesConjugateGradientsEvenWithoutAnIteration(FxRobot robot) throws Exception {
        type(robot, "#gravityField", "0");
        assertEquals(0, Math.abs(number(sim -> sim.system().gravity(1))), "no gravity");
        robot.clickOn("#sceneView");
        robot.type(KeyCode.DIGIT6);
        assertEquals(SolverKind.CG, UiFixture.<ImplicitOptions>engine(workbench,
                sim -> ((BackwardEuler) sim.integrator()).options()).solver());
        robot.type(KeyCode.S);
        assertEquals(1, number(Simulation::steps));
        assertEquals(0, number(sim -> sim.integrator().solverStats().iterations), "b = 0: nothing to iterate");
        assertEquals(1, number(sim -> sim.integrator().solverStats().newtonIterations));
        waitFor("the status bar to show the solve of step 1", () -> snapshot().steps() == 1 && snapshot().solver() != null);
        WaitForAsyncUtils.waitForFxEvents();
        String status = robot.lookup("#solverStatus").queryAs(Label.class).getText();
        assertTrue(status.startsWith("CG 0 it (1 Newton)"), status);

        click(robot, "#solverChoice");
        robot.clickOn(SolverKind.CHOLESKY.displayName());
        robot.clickOn("#sceneView");
        robot.type(KeyCode.S);
        waitFor("the status bar to show the solve of step 2", () -> snapshot().steps() == 2);
        WaitForAsyncUtils.waitForFxEvents();
        status = robot.lookup("#solverStatus").queryAs(Label.class).getText();
        assertTrue(status.startsWith("Cholesky (1 Newton)"), status);
    }

    @Test
    void theIterationsOfTheProjectionMethodsApplyLiveAndTheirStatisticsShow(FxRobot robot) throws Exception {
        assertEquals(IntegratorKind.SYMPLECTIC_EULER, UiFixture.engine(workbench, Simulation::integratorKind));
        assertFalse(shown(robot, "#projectionBox"), "semi-implicit Euler projects nothing");
        robot.clickOn("#sceneView");
        robot.type(KeyCode.DIGIT9);
        assertInstanceOf(ExtendedPositionBasedDynamics.class, UiFixture.engine(workbench, Simulation::integrator));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(shown(robot, "#projectionBox"));
        assertFalse(shown(robot, "#pbdStiffness"), "k is PBD's alone");
        assertEquals(ProjectionIntegrator.DEFAULT_ITERATIONS, iterations());

        robot.clickOn("#playButton");
        waitFor("the scene to run", () -> snapshot().time() > 0.2);
        int generation = snapshot().generation();
        typeInSpinner(robot, "#projectionIterationsSpinner", "25");
        assertEquals(25, iterations());
        double t = UiFixture.engine(workbench, Simulation::time);
        assertTrue(t > 0.2, "no reset: t = " + t);
        waitFor("t to keep growing", () -> snapshot().time() > t);
        assertEquals(generation, snapshot().generation(), "the iterations changed without a reset");

        robot.clickOn("#playButton");
        waitFor("paused", () -> !snapshot().running());
        ProjectionSummary stats = UiFixture.engine(workbench, sim -> {
            ProjectionStats p = ((ProjectionIntegrator) sim.integrator()).projectionStats();
            return new ProjectionSummary(p.iterations, p.rmsStrain, p.maxStrain, p.lastCorrection);
        });
        assertEquals(25, stats.iterations(), "the last step made the iterations asked for");
        assertTrue(stats.maxStrain() > 0, "the hanging spring stretches under XPBD's compliance");
        String expected = IntegratorPanel.projectionText(stats);
        waitFor("the status bar to show the engine's statistics", () ->
                expected.equals(robot.lookup("#solverStatus").queryAs(Label.class).getText()));
        assertEquals(stats, snapshot().projection());

        robot.clickOn("#sceneView");
        robot.type(KeyCode.DIGIT8);
        assertInstanceOf(PositionBasedDynamics.class, UiFixture.engine(workbench, Simulation::integrator));
        assertEquals(25, iterations(), "a newly chosen projection method gets the iterations");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(shown(robot, "#pbdStiffness"));
        type(robot, "#pbdStiffnessField", "0.5");
        assertEquals(0.5, UiFixture.engine(workbench, sim -> ((PositionBasedDynamics) sim.integrator()).stiffness()));

        robot.interact(() -> {
            workbench.model().compareIntegratorProperty().set(IntegratorKind.FAST_MASS_SPRING);
            workbench.model().compareProperty().set(true);
        });
        assertEquals(25, UiFixture.<Integer>engine(workbench, 1, sim -> ((ProjectionIntegrator) sim.integrator()).iterations()),
                "compare mode's second system gets the iterations");
        typeInSpinner(robot, "#projectionIterationsSpinner", "40");
        assertEquals(40, UiFixture.<Integer>engine(workbench, 1, sim -> ((ProjectionIntegrator) sim.integrator()).iterations()));
        assertEquals(40, iterations());

        robot.clickOn("#sceneView");
        robot.type(KeyCode.DIGIT2);
        assertEquals(IntegratorKind.SYMPLECTIC_EULER, UiFixture.engine(workbench, Simulation::integratorKind));
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(shown(robot, "#projectionBox"));
    }

    private int iterations() throws Exception {
        return UiFixture.engine(workbench, sim -> ((ProjectionIntegrator) sim.integrator()).iterations());
    }

    private static void typeInSpinner(FxRobot robot, String spinnerId, String text) {
        reveal(robot, spinnerId);
        TextField editor = robot.lookup(spinnerId).queryAs(Spinner.class).getEditor();
        robot.clickOn(editor);
        robot.interact(editor::selectAll);
        robot.write(text);
        robot.type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
    }

    private double number(Function<Simulation, ? extends Number> question) throws Exception {
        return UiFixture.engine(workbench, question).doubleValue();
    }

    @Test
    void verletsDeltaIsShownForVerletAndApplied(FxRobot robot) throws Exception {
        assertFalse(shown(robot, "#verletDelta"));
        robot.clickOn("#sceneView");
        robot.type(KeyCode.DIGIT3);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(shown(robot, "#verletDelta"));
        type(robot, "#verletDeltaField", "0.02");
        assertEquals(0.02, UiFixture.engine(workbench, sim -> ((PositionVerlet) sim.integrator()).damping()));
        robot.type(KeyCode.R);
        assertEquals(0.02, UiFixture.engine(workbench, sim -> ((PositionVerlet) sim.integrator()).damping()), "kept over a reset");
    }

    @Test
    void theSubstepsSliderSetsStepsPerFrame(FxRobot robot) throws Exception {
        Slider slider = robot.lookup("#substepsSlider").queryAs(Slider.class);
        robot.interact(() -> slider.setValue(12));
        waitFor("the runner to take it", () -> snapshot().substeps() == 12);
        assertEquals(12, workbench.model().substepsProperty().get());
        robot.clickOn("#playButton");
        waitFor("steps", () -> snapshot().steps() > 50);
        assertFalse(UiFixture.engine(workbench, Simulation::exploded));
    }

    @Test
    void theStabilityChartPlotsTheTimeStepAndItsBounds(FxRobot robot) throws Exception {
        robot.clickOn("#playButton");
        waitFor("the limit", () -> snapshot().limit() != null && snapshot().time() > 0.5);
        type(robot, "#dtField", "0.05");
        waitFor("samples at the new Δt", () -> {
            var dt = workbench.charts().stability().series().get(0);
            return !dt.getData().isEmpty() && lastY(dt) == Math.log10(0.05);
        });
        var series = workbench.charts().stability().series();
        // the spring's limit for semi-implicit Euler is the naive bound 2√(m/k) = 0.2 s
        double limit = UiFixture.engine(workbench, sim -> dev.hooke.core.stability.StabilityAnalysis
                .predictedLimit(sim.system(), sim.integrator()).dtMax());
        assertEquals(Math.log10(limit), lastY(series.get(2)), 1e-9);
        assertEquals(Math.log10(UiFixture.engine(workbench, sim -> dev.hooke.core.stability.StabilityAnalysis.naiveBound(sim.system()))),
                lastY(series.get(1)), 1e-9);
        assertFalse(workbench.charts().solver().node().isVisible(), "no solver chart for an explicit method");
    }

    @Test
    void theSolverChartPlotsIterationsAndResiduals(FxRobot robot) throws Exception {
        // the rope: a single spring is linear, and CG's scaled warm start solves it exactly
        // (0 iterations, which a log scale cannot show)
        robot.clickOn("#sceneChoice");
        robot.clickOn("Rope (chain)");
        waitFor("the rope's snapshot", () -> snapshot().topology().type() == SceneType.CHAIN);
        robot.clickOn("#sceneView");
        robot.type(KeyCode.DIGIT6);
        robot.clickOn("#playButton");
        waitFor("solver samples", () -> workbench.charts().solver().series().get(0).getData().size() > 5);
        assertTrue(workbench.charts().solver().node().isVisible());
        robot.clickOn("#playButton");
        waitFor("paused", () -> !snapshot().running());
        double t = UiFixture.engine(workbench, Simulation::time);
        var iterations = workbench.charts().solver().series().get(0);
        waitFor("the chart to catch up", () -> lastX(iterations) == t);
        assertEquals(Math.log10(UiFixture.engine(workbench, sim -> sim.integrator().solverStats().iterations)), lastY(iterations), 1e-12);
        double residual = UiFixture.engine(workbench, sim -> sim.integrator().solverStats().finalResidual);
        var residuals = workbench.charts().solver().series().get(1);
        if (residual > 0) {
            assertEquals(t, lastX(residuals));
            assertEquals(Math.log10(residual), lastY(residuals), 1e-12);
        } else {
            assertTrue(lastX(residuals) < t, "a residual of 0 has no place on a log scale");
        }
    }

    @Test
    void theEnergyChartSwitchesToALogScale(FxRobot robot) throws Exception {
        robot.clickOn("#playButton");
        waitFor("a second", () -> snapshot().time() > 1);
        robot.clickOn("#playButton");
        waitFor("paused", () -> !snapshot().running());
        double kinetic = UiFixture.engine(workbench, sim -> sim.observables().kinetic);
        double t = UiFixture.engine(workbench, Simulation::time);
        waitFor("the chart to catch up", () -> lastX(workbench.chart().series().get(0)) == t);
        assertTrue(kinetic > 0, "the spring is moving");
        flip(robot, "#energyLogToggle");
        assertTrue(robot.lookup("#energyLogToggle").queryAs(ToggleSwitch.class).isSelected());
        assertTrue(workbench.chart().isLogScale());
        var kineticSeries = workbench.chart().series().get(0);
        assertEquals(t, lastX(kineticSeries));
        assertEquals(Math.log10(kinetic), lastY(kineticSeries), 1e-12);
    }
}
