package dev.hooke.fx.ui;

import static dev.hooke.Tolerances.UI_TIMEOUT_SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.model.Sphere;
import dev.hooke.core.scene.ClothPins;
import dev.hooke.core.scene.ObstacleSpec;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.sim.Simulation;
import dev.hooke.fx.Workbench;
import java.util.concurrent.TimeUnit;
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
 * The sphere obstacle in the workbench: the scene panel's controls rebuild the engine's sphere
 * (read through the simulation thread), and the Drop on sphere preset loads its scene value,
 * whose sphere the views are handed to draw.
 */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class SphereObstacleUiTest {

    private Workbench workbench;

    @Start
    void start(Stage stage) {
        workbench = UiFixture.show(stage, SceneType.CLOTH, 1600, 900);
    }

    @Stop
    void stop() {
        workbench.close();
    }

    @Test
    void theSphereControlsRebuildTheEngineSphere(FxRobot robot) throws Exception {
        assertNull(UiFixture.engine(workbench, sim -> sim.system().sphere()));
        assertFalse(visible(robot, "#sceneSphereRadius"));
        assertTrue(visible(robot, "#sceneFriction"));
        robot.interact(() -> robot.lookup("#sceneSphere").queryAs(CheckBox.class).setSelected(true));
        assertTrue(visible(robot, "#sceneSphereRadius"));
        robot.interact(() -> {
            robot.lookup("#sceneSphereRadius").queryAs(TextField.class).setText("0.25");
            robot.lookup("#sceneFriction").queryAs(TextField.class).setText("0.8");
            robot.lookup("#sceneApply").queryAs(Button.class).fire();
        });
        Sphere sphere = UiFixture.engine(workbench, sim -> sim.system().sphere());
        assertNotNull(sphere);
        assertEquals(0.25, sphere.radius());
        assertEquals(0.8, sphere.friction());
        assertEquals(ObstacleSpec.SPHERE.y(), sphere.cy());

        robot.interact(() -> {
            robot.lookup("#sceneSphereRadius").queryAs(TextField.class).setText("-1");
            robot.lookup("#sceneApply").queryAs(Button.class).fire();
        });
        String message = robot.lookup("#sceneMessage").queryAs(Label.class).getText();
        assertTrue(message.contains("sphere-radius"), message);
        assertEquals(0.25, (double) UiFixture.engine(workbench, sim -> sim.system().sphere().radius()));

        robot.interact(() -> {
            robot.lookup("#sceneSphere").queryAs(CheckBox.class).setSelected(false);
            robot.lookup("#sceneSphereRadius").queryAs(TextField.class).setText("0.25");
            robot.lookup("#sceneApply").queryAs(Button.class).fire();
        });
        assertNull(UiFixture.engine(workbench, sim -> sim.system().sphere()));
    }

    /**
     * Drop on sphere loads a pinless 32 × 32 cloth above the default sphere with XPBD at 1/60 s,
     * and the snapshot the views draw from carries the engine's sphere.
     */
    @Test
    void dropOnSphereLoadsItsSceneAndTheViewDrawsTheSphere(FxRobot robot) throws Exception {
        robot.interact(() -> robot.lookup("#scenePresetDropOnSphere").queryAs(Button.class).fire());
        assertEquals(32 * 32, (int) UiFixture.engine(workbench, sim -> sim.system().particleCount()));
        assertEquals(0, (int) UiFixture.engine(workbench, sim -> sim.system().pinnedCount()));
        assertEquals(IntegratorKind.XPBD, UiFixture.engine(workbench, Simulation::integratorKind));
        assertEquals(1.0 / 60, (double) UiFixture.engine(workbench, Simulation::dt));
        Sphere sphere = UiFixture.engine(workbench, sim -> sim.system().sphere());
        SceneSpec spec = workbench.model().sceneValueProperty().get().spec();
        assertEquals(ClothPins.NONE, spec.pins());
        assertEquals(ObstacleSpec.SPHERE.radius(), sphere.radius());
        WaitForAsyncUtils.waitFor(UI_TIMEOUT_SECONDS, TimeUnit.SECONDS, () -> {
            var shown = workbench.model().snapshotProperty().get();
            return shown != null && shown.topology().particleCount() == 32 * 32;
        });
        assertEquals(sphere, workbench.model().snapshotProperty().get().topology().sphere(),
                "the views draw the engine's sphere");
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
