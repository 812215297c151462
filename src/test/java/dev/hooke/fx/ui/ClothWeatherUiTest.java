package dev.hooke.fx.ui;

import static dev.hooke.Tolerances.PARAMETER_ROUND_TRIP;
import static dev.hooke.fx.ui.UiFixture.waitFor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.scene.SceneType;
import dev.hooke.core.sim.Simulation;
import dev.hooke.fx.Workbench;
import dev.hooke.fx.sim.Snapshot;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
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
 * The scene panel's wind and tearing rows on the cloth: their values rebuild the engine's wind and
 * tear strain (read through the simulation thread), a bad value is refused with its field named,
 * and a tear reaches the views as the engine's broken springs (which the 3D view turns into
 * hidden triangles, {@code TornTrianglesTest}, and the flat view leaves out).
 */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class ClothWeatherUiTest {

    private Workbench workbench;

    @Start
    void start(Stage stage) {
        workbench = UiFixture.show(stage, SceneType.CLOTH, 1600, 900);
    }

    @Stop
    void stop() {
        workbench.close();
    }

    private static void set(FxRobot robot, String id, String text) {
        robot.lookup(id).queryAs(TextField.class).setText(text);
    }

    @Test
    void theWindAndTearRowsRebuildTheEngineSystem(FxRobot robot) throws Exception {
        assertNull(UiFixture.engine(workbench, sim -> sim.system().wind()), "still air by default");
        robot.interact(() -> {
            set(robot, "#sceneWindSpeed", "8");
            set(robot, "#sceneWindDirection", "90");
            set(robot, "#sceneGust", "0.25");
            set(robot, "#sceneTearStrain", "0.3");
            robot.lookup("#sceneApply").queryAs(Button.class).fire();
        });
        // heading 90°: along +z
        assertEquals(0.0, (double) UiFixture.engine(workbench, sim -> sim.system().wind().mean(0)), 8 * PARAMETER_ROUND_TRIP);
        assertEquals(0.0, (double) UiFixture.engine(workbench, sim -> sim.system().wind().mean(1)));
        assertEquals(8.0, (double) UiFixture.engine(workbench, sim -> sim.system().wind().mean(2)), 8 * PARAMETER_ROUND_TRIP);
        assertEquals(0.25, (double) UiFixture.engine(workbench, sim -> sim.system().wind().gust()));
        assertEquals(0.3, (double) UiFixture.engine(workbench, sim -> sim.system().tearStrain()));

        robot.interact(() -> {
            set(robot, "#sceneTearStrain", "-1");
            robot.lookup("#sceneApply").queryAs(Button.class).fire();
        });
        String message = robot.lookup("#sceneMessage").queryAs(Label.class).getText();
        assertTrue(message.contains("tear-strain"), message);
        assertEquals(0.3, (double) UiFixture.engine(workbench, sim -> sim.system().tearStrain()), "a refused value changes nothing");
    }

    @Test
    void selfCollisionAndTheThicknessRebuildTheCloth(FxRobot robot) throws Exception {
        assertEquals(0.0, (double) UiFixture.engine(workbench, sim -> sim.system().surface().thickness()), "off by default");
        robot.interact(() -> {
            robot.lookup("#sceneSelfCollision").queryAs(CheckBox.class).setSelected(true);
            set(robot, "#sceneThickness", "0.02");
            robot.lookup("#sceneApply").queryAs(Button.class).fire();
        });
        assertEquals(0.02, (double) UiFixture.engine(workbench, sim -> sim.system().surface().thickness()));
        robot.interact(() -> {
            set(robot, "#sceneThickness", "0");
            robot.lookup("#sceneApply").queryAs(Button.class).fire();
        });
        String message = robot.lookup("#sceneMessage").queryAs(Label.class).getText();
        assertTrue(message.contains("thickness"), message);
        assertEquals(0.02, (double) UiFixture.engine(workbench, sim -> sim.system().surface().thickness()), "a refused value changes nothing");
    }

    @Test
    void theRowsShowForTheClothOnly(FxRobot robot) {
        assertTrue(visible(robot, "#sceneWindSpeed"));
        assertTrue(visible(robot, "#sceneTearStrain"));
        robot.interact(() -> workbench.model().sceneProperty().set(SceneType.CHAIN));
        // the panel shows the rows of the scene value, which the model takes once the rope is built
        waitFor("the rope's scene value", () -> workbench.model().sceneValueProperty().get().type() == SceneType.CHAIN);
        assertFalse(visible(robot, "#sceneWindSpeed"));
        assertFalse(visible(robot, "#sceneWindDirection"));
        assertFalse(visible(robot, "#sceneGust"));
        assertFalse(visible(robot, "#sceneTearStrain"));
        assertFalse(visible(robot, "#sceneSelfCollision"));
        assertFalse(visible(robot, "#sceneThickness"));
    }

    /**
     * The energy chart plots the wind's work: after the cloth has played in an 8 m/s wind and
     * paused, the chart's "wind work" series ends at the engine's W_w at the paused time, which
     * the wind has made non-zero (without wind the series is 0 throughout).
     */
    @Test
    void theEnergyChartPlotsTheWindsWork(FxRobot robot) throws Exception {
        String windLine = dev.hooke.fx.I18n.text("chart.windWork");
        waitFor("the still cloth drawn", () -> workbench.model().snapshotProperty().get() != null);
        assertFalse(UiFixture.onFx(() -> workbench.charts().energy().series().stream()
                .anyMatch(s -> s.getName().equals(windLine))), "in still air the energy chart has no wind work line");
        robot.interact(() -> {
            set(robot, "#sceneWindSpeed", "8");
            set(robot, "#sceneWindDirection", "90");
            robot.lookup("#sceneApply").queryAs(Button.class).fire();
        });
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> workbench.runner().play());
        waitFor("the cloth to run a while in the wind", () -> {
            Snapshot s = workbench.runner().latest();
            return s != null && s.time() > 0.2;
        });
        robot.interact(() -> workbench.runner().pause());
        waitFor("the paused snapshot", () -> !workbench.runner().latest().running());
        double time = UiFixture.engine(workbench, Simulation::time);
        double windWork = UiFixture.engine(workbench, sim -> sim.observables().windWork);
        assertTrue(windWork != 0, "the wind did work on the cloth");
        String name = dev.hooke.fx.I18n.text("chart.windWork");
        waitFor("the energy chart to reach the paused time", () -> UiFixture.onFx(() -> {
            var samples = workbench.charts().energy().samples();
            return !samples.isEmpty() && samples.get(samples.size() - 1).time() == time;
        }));
        double last = UiFixture.onFx(() -> {
            for (var series : workbench.charts().energy().series()) {
                if (series.getName().equals(name)) {
                    var data = series.getData();
                    return data.get(data.size() - 1).getYValue().doubleValue();
                }
            }
            return Double.NaN;
        });
        assertEquals(windWork, last, Math.abs(windWork) * 1e-12, "the chart's '" + name + "' at t = " + time + " s");
    }

    @Test
    void aTearReachesTheViewAsBrokenSprings(FxRobot robot) throws Exception {
        robot.interact(() -> {
            set(robot, "#sceneTearStrain", "0.0005");
            robot.lookup("#sceneApply").queryAs(Button.class).fire();
        });
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> workbench.runner().play());
        waitFor("springs to break", () -> tornInSnapshot() > 0);
        robot.interact(() -> workbench.runner().pause());
        assertTrue(UiFixture.engine(workbench, sim -> sim.system().brokenCount()) > 0, "the engine broke springs");
        assertFalse(UiFixture.engine(workbench, Simulation::exploded), "a tear is not an explosion");
        // the view's input marks exactly the engine's broken springs (once the snapshot is the paused state)
        waitFor("the paused snapshot", () -> !workbench.runner().latest().running());
        int inEngine = UiFixture.engine(workbench, sim -> sim.system().brokenCount());
        assertEquals(inEngine, UiFixture.onFx(this::tornInSnapshot));
    }

    /** The springs the latest snapshot marks as torn (strain NaN): what the views hide. */
    private int tornInSnapshot() {
        Snapshot s = workbench.runner().latest();
        return s == null ? 0 : s.tornSprings();
    }

    /**
     * The cloth in a 15 m/s wind with a tear strain of 5 % tears; the status bar says how many
     * springs tore, the count of the snapshot shown and of the engine once paused. Before a tear
     * strain is set the cloth cannot tear and the bar says nothing of tearing; on the rope neither.
     */
    @Test
    void theStatusBarCountsTheTornSprings(FxRobot robot) throws Exception {
        assertFalse(visible(robot, "#tornLabel"), "no tear strain: nothing can tear");
        robot.interact(() -> {
            set(robot, "#sceneWindSpeed", "15");
            set(robot, "#sceneTearStrain", "0.05");
            robot.lookup("#sceneApply").queryAs(Button.class).fire();
        });
        waitFor("the tearing cloth", () -> workbench.runner().latest().scene().spec().tearStrain() == 0.05);
        UiFixture.eventually("the count before a tear", dev.hooke.Tolerances.SETTLE_SECONDS,
                () -> tornShown(robot) == 0 ? null : "the bar says " + tornText(robot));
        robot.clickOn("#playButton");
        waitFor("springs to tear", () -> tornInSnapshot() > 0);
        robot.clickOn("#playButton");
        waitFor("the paused snapshot", () -> !workbench.runner().latest().running());
        int inEngine = UiFixture.engine(workbench, sim -> sim.system().brokenCount());
        assertTrue(inEngine > 0, "the engine broke springs");
        UiFixture.eventually("the bar's count of the paused cloth", dev.hooke.Tolerances.SETTLE_SECONDS, () -> {
            int shown = tornShown(robot);
            int inSnapshot = workbench.rendered() == null ? -1 : workbench.rendered().tornSprings();
            return shown == inEngine && inSnapshot == inEngine ? null
                    : "the bar says \"" + tornText(robot) + "\", the snapshot drawn " + inSnapshot + ", the engine " + inEngine;
        });
        assertTrue(visible(robot, "#tornLabel"), "the count is shown");
        var bar = robot.lookup("#statusBar").queryAs(dev.hooke.fx.controls.OneLineBar.class);
        assertFalse(UiFixture.onFx(bar::leftOut).contains(robot.lookup("#tornLabel").query()), "the count has room");
        robot.interact(() -> workbench.model().sceneProperty().set(SceneType.CHAIN));
        waitFor("the rope", () -> workbench.runner().latest().topology().type() == SceneType.CHAIN);
        UiFixture.eventually("no count on the rope", dev.hooke.Tolerances.SETTLE_SECONDS,
                () -> robot.lookup("#tornLabel").query().isVisible() ? "the rope's bar says " + tornText(robot) : null);
    }

    private static String tornText(FxRobot robot) {
        return robot.lookup("#tornLabel").queryAs(Label.class).getText();
    }

    /** The count of torn springs the status bar shows ("1,167 springs torn"): 0 for "no springs torn", −1 for none shown. */
    private static int tornShown(FxRobot robot) {
        String text = tornText(robot);
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("[0-9][0-9,]*").matcher(text);
        return m.find() ? Integer.parseInt(m.group().replace(",", ""))
                : text.equals(dev.hooke.fx.I18n.text("status.torn", 0)) ? 0 : -1;
    }

    private static boolean visible(FxRobot robot, String id) {
        WaitForAsyncUtils.waitForFxEvents();
        Node n = robot.lookup(id).query();
        for (Node p = n; p != null; p = p.getParent()) {
            if (!p.isVisible()) {
                return false;
            }
        }
        return true;
    }
}
