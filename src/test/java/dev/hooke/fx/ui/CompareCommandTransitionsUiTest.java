package dev.hooke.fx.ui;

import static dev.hooke.Tolerances.SETTLE_SECONDS;
import static dev.hooke.Tolerances.UI_TIMEOUT_SECONDS;
import static dev.hooke.fx.ui.UiFixture.eventually;
import static dev.hooke.fx.ui.UiFixture.latest;
import static dev.hooke.fx.ui.UiFixture.onFx;
import static dev.hooke.fx.ui.UiFixture.press;
import static dev.hooke.fx.ui.UiFixture.statusTime;
import static dev.hooke.fx.ui.UiFixture.text;
import static dev.hooke.fx.ui.UiFixture.type;
import static dev.hooke.fx.ui.UiFixture.waitFor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.scene.SceneType;
import dev.hooke.fx.I18n;
import dev.hooke.fx.Workbench;
import dev.hooke.fx.sim.EnergySample;
import dev.hooke.fx.sim.Snapshot;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.Region;
import javafx.scene.paint.Paint;
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
 * What the window shows in compare mode past an explosion, and after commands given while the
 * simulation is busy: one system explodes and the other plays on in time and charts, each energy
 * curve has its own colour in the legend, and Pause stops a large cloth or a tiny Δt at once.
 */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class CompareCommandTransitionsUiTest {

    private Workbench workbench;

    @Start
    void start(Stage stage) {
        workbench = UiFixture.show(stage, SceneType.SPRING, 1500, 1000);
    }

    @Stop
    void stop() {
        workbench.close();
    }

    private Snapshot latest() {
        return UiFixture.latest(workbench);
    }

    // ------------------------------------------------------------------ compare mode

    /** Sets up compare mode on the spring: A explicit Euler at Δt = 0.05 s (it explodes), B semi-implicit Euler. */
    private void compareExplicitWithSemiImplicit(FxRobot robot) {
        press(robot, workbench, KeyCode.DIGIT1);
        type(robot, "#dtField", "0.05");
        robot.clickOn("#compareToggle .thumb-area");
        waitFor("compare mode on", () -> workbench.model().compareProperty().get());
        UiFixture.chooseIn(robot, "#compareChoice", IntegratorKind.SYMPLECTIC_EULER.displayName());
        waitFor("compare mode", () -> latest().compare() != null
                && latest().compare().integrator() == IntegratorKind.SYMPLECTIC_EULER);
    }

    /** After A explodes, B goes on: the status bar's t, the snapshot's t and B's curves all advance. */
    @Test
    void afterAExplodesInCompareModeTimeAndChartsFollowB(FxRobot robot) {
        compareExplicitWithSemiImplicit(robot);
        press(robot, workbench, KeyCode.SPACE);
        waitFor("A's explosion", () -> latest().exploded() && latest().compare().explosion() == null);
        double[] before = onFx(() -> new double[] {statusTime(robot), latest().time(), laneTime(1)});
        // B plays on: every view's t passes 0.5 s (of simulated time) beyond where it stood at A's explosion
        eventually("B playing on after A exploded", UI_TIMEOUT_SECONDS, () -> {
            double[] now = {statusTime(robot), latest().time(), laneTime(1)};
            if (latest().compare().explosion() != null) {
                throw new AssertionError("B exploded: the setup is wrong");
            }
            String[] names = {"the status bar's t", "the snapshot's t", "B's last sample in the energy chart"};
            List<String> stuck = new ArrayList<>();
            for (int i = 0; i < names.length; i++) {
                if (!(now[i] > before[i] + 0.5)) {
                    stuck.add(names[i] + " went from " + before[i] + " s only to " + now[i] + " s");
                }
            }
            return stuck.isEmpty() ? null : String.join("; ", stuck);
        });
    }

    /** The time of the energy chart's newest sample of lane {@code lane}; in s (NaN: none). */
    private double laneTime(int lane) {
        return workbench.charts().energy().samples().stream().filter(e -> e.lane() == lane)
                .mapToDouble(EnergySample::time).max().orElse(Double.NaN);
    }

    /** In compare mode the energy chart's legend tells each of its four curves by colour. */
    @Test
    void inCompareModeEachEnergyLegendEntryHasItsOwnColour(FxRobot robot) {
        compareExplicitWithSemiImplicit(robot);
        press(robot, workbench, KeyCode.SPACE);
        waitFor("samples of both", () -> !Double.isNaN(laneTime(1)));
        eventually("the legend's colours", SETTLE_SECONDS, () -> {
            List<XYChart.Series<Number, Number>> series = workbench.charts().energy().series();
            List<String> names = series.stream().map(XYChart.Series::getName).toList();
            List<Paint> fills = new ArrayList<>();
            for (String name : names) {
                Paint fill = null;
                for (Node n : workbench.charts().energy().node().lookupAll(".chart-legend-item")) {
                    if (n instanceof Label l && name.equals(l.getText()) && l.getGraphic() instanceof Region r
                            && r.getBackground() != null && !r.getBackground().getFills().isEmpty()) {
                        fill = r.getBackground().getFills().get(0).getFill();
                    }
                }
                if (fill == null) {
                    return "no legend entry for " + name;
                }
                fills.add(fill);
            }
            for (int i = 0; i < fills.size(); i++) {
                for (int j = i + 1; j < fills.size(); j++) {
                    if (fills.get(i).equals(fills.get(j))) {
                        return "the legend entries \"" + names.get(i) + "\" and \"" + names.get(j)
                                + "\" share the colour " + fills.get(i);
                    }
                }
            }
            return names.size() == 4 ? null : "the energy chart has " + names.size() + " curves in compare mode";
        });
    }

    // ------------------------------------------------------------------ commands while the simulation is busy

    /** The 100 × 100 cloth of lessons/scenes/cloth-100.yaml plays; Pause stops it within the step under way. */
    @Test
    void pauseStopsTheHundredByHundredClothAtOnce(FxRobot robot) {
        workbench.sceneFiles().setChooser(new dev.hooke.fx.io.SceneFiles.Chooser() {
            @Override
            public Path open(javafx.stage.Window w) {
                return Path.of("lessons/scenes/cloth-100.yaml").toAbsolutePath();
            }

            @Override
            public Path save(javafx.stage.Window w) {
                return null;
            }
        });
        robot.interact(() -> workbench.sceneFiles().open());
        waitFor("the 100 × 100 cloth", () -> latest().topology().particleCount() == 100 * 100);
        robot.clickOn("#playButton");
        waitFor("the cloth to move", () -> latest().running() && latest().steps() > 0);
        assertPauseIsPrompt(robot);
    }

    /**
     * On the chain (the scene the workbench starts with), Δt typed as 10⁻⁷ s: every frame has more
     * steps to take than fit in it. After 10⁵ such steps, Pause stops the clock within the step under way.
     */
    @Test
    void pauseStopsATinyTimeStepAtOnce(FxRobot robot) {
        UiFixture.chooseScene(robot, SceneType.CHAIN);
        waitFor("the chain", () -> latest().topology().type() == SceneType.CHAIN);
        press(robot, workbench, KeyCode.SPACE);
        waitFor("the chain to move", () -> latest().running() && latest().steps() > 0);
        type(robot, "#dtField", "1e-7");
        waitFor("Δt = 1e-7 s to be taken", () -> latest().dt() == 1e-7);
        long from = latest().steps();
        // frames full of steps: far more than one frame's budget holds (a few thousand on a fast machine)
        waitFor("10⁵ steps of 10⁻⁷ s", () -> latest().steps() >= from + 100_000);
        assertPauseIsPrompt(robot);
    }

    /**
     * Pause acts within the step under way: the runner takes the command with at most one step
     * between its queueing and its taking, and no step runs after it. Counted in steps, not in
     * seconds, so that it holds however busy the machine is.
     */
    private void assertPauseIsPrompt(FxRobot robot) {
        Button play = robot.lookup("#playButton").queryButton();
        String pausedText = I18n.text("toolbar.play");
        robot.clickOn(play);
        waitFor("the pause to show in the snapshot and on the button",
                () -> !latest().running() && pausedText.equals(play.getText()));
        Snapshot paused = latest();
        assertTrue(paused.commandSteps() <= 1, "Pause waited for " + paused.commandSteps()
                + " steps; a command acts within the step under way");
        long stepsAtPause = workbench.runner().stepsTaken();
        // a question queued behind the pause is answered on the simulation thread after it
        long stepsThen = workbench.runner().query(sim -> workbench.runner().stepsTaken()).join();
        assertEquals(stepsAtPause, stepsThen, "a step ran after Pause");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(paused.time(), latest().time(), "the clock moved after Pause");
        assertEquals(paused.steps(), latest().steps(), "the snapshot counts steps after Pause");
        // the status bar writes t with three decimals
        waitFor("the status bar's t to be the paused snapshot's",
                () -> Math.abs(statusTime(robot) - paused.time()) <= 5e-4 + 1e-12);
    }
}
