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
        assertFalse(visible(robot, "#sceneWindSpeed"));
        assertFalse(visible(robot, "#sceneWindDirection"));
        assertFalse(visible(robot, "#sceneGust"));
        assertFalse(visible(robot, "#sceneTearStrain"));
        assertFalse(visible(robot, "#sceneSelfCollision"));
        assertFalse(visible(robot, "#sceneThickness"));
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
        if (s == null || s.strains() == null) {
            return 0;
        }
        int torn = 0;
        for (float e : s.strains()) {
            torn += Float.isNaN(e) ? 1 : 0;
        }
        return torn;
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
