package dev.hooke.fx.ui;

import static dev.hooke.Tolerances.WIND_ARROW_DEGREES;
import static dev.hooke.fx.ui.UiFixture.waitFor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.scene.SceneType;
import dev.hooke.fx.Workbench;
import dev.hooke.fx.view.FlatView;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.shape.Line;
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
 * The wind's arrow in the flat view (the view here, under Monocle; the 3D view's is checked by
 * {@code ClothRenderingTest}): a wind set in the scene panel shows it, pointing where the view
 * draws the wind (the image of a step along the wind, through the view's own projection), with the
 * speed under it; a wind along the line of sight shows the dot of a vector towards the viewer;
 * still air and the rope hide it.
 */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class WindArrowUiTest {

    private Workbench workbench;

    @Start
    void start(Stage stage) {
        workbench = UiFixture.show(stage, SceneType.CLOTH, 1600, 900);
    }

    @Stop
    void stop() {
        workbench.close();
    }

    /** Sets the wind in the scene panel and applies it, as a person does. */
    private void wind(FxRobot robot, String speed, String heading) {
        robot.interact(() -> {
            robot.lookup("#sceneWindSpeed").queryAs(TextField.class).setText(speed);
            robot.lookup("#sceneWindDirection").queryAs(TextField.class).setText(heading);
            robot.lookup("#sceneApply").queryAs(Button.class).fire();
        });
        // the view shows the scene the panel built, with this wind
        double u = Double.parseDouble(speed);
        double h = Math.toRadians(Double.parseDouble(heading));
        waitFor("the scene with a " + speed + " m/s wind drawn", () -> {
            var shown = workbench.rendered();
            return shown != null && Math.abs(shown.topology().scene().spec().wind(0) - u * Math.cos(h)) < 1e-9
                    && Math.abs(shown.topology().scene().spec().wind(2) - u * Math.sin(h)) < 1e-9;
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    private boolean shown(FxRobot robot, String id) {
        WaitForAsyncUtils.waitForFxEvents();
        for (Node n = robot.lookup(id).query(); n != null; n = n.getParent()) {
            if (!n.isVisible()) {
                return false;
            }
        }
        return true;
    }

    /** The angle of the arrow as drawn, against the image of a step along (wx, wy) from the view's middle; in degrees. */
    private double angleOff(FxRobot robot, double wx, double wy) throws Exception {
        FlatView view = (FlatView) workbench.view();
        Line shaft = robot.lookup("#windShaft").queryAs(Line.class);
        double[] drawn = UiFixture.onFx(() -> new double[] {shaft.getEndX() - shaft.getStartX(),
            shaft.getEndY() - shaft.getStartY()});
        double[] a = new double[2];
        double[] b = new double[2];
        UiFixture.onFx(() -> {
            view.project(0, 0, a);
            view.project(0.01 * wx, 0.01 * wy, b);
            return null;
        });
        double want = Math.atan2(b[1] - a[1], b[0] - a[0]);
        double got = Math.atan2(drawn[1], drawn[0]);
        double off = Math.toDegrees(Math.abs(Math.IEEEremainder(got - want, 2 * Math.PI)));
        return off;
    }

    @Test
    void theArrowPointsWithTheWindAndSaysItsSpeed(FxRobot robot) throws Exception {
        assertFalse(shown(robot, "#windArrow"), "still air: no arrow");

        wind(robot, "8", "0");                  // along +x: to the right in a view from the front
        assertTrue(shown(robot, "#windArrow"), "a wind shows the arrow");
        assertTrue(shown(robot, "#windShaft"));
        assertEquals(0, angleOff(robot, 8, 0), WIND_ARROW_DEGREES, "the arrow points along +x");
        String label = robot.lookup("#windLabel").queryAs(Label.class).getText();
        assertTrue(label.contains("8") && label.contains("m/s"), label);

        wind(robot, "12.5", "180");             // along −x
        assertEquals(0, angleOff(robot, -12.5, 0), WIND_ARROW_DEGREES, "the arrow turns with the wind");
        label = robot.lookup("#windLabel").queryAs(Label.class).getText();
        assertTrue(label.contains("12.5"), label);

        wind(robot, "5", "90");                 // along +z: towards the viewer of the flat view
        assertTrue(shown(robot, "#windArrow"));
        assertFalse(shown(robot, "#windShaft"), "a wind along the line of sight has no arrow in the plane");
        assertTrue(shown(robot, "#windTowards"), "but the dot of a vector towards the viewer");

        wind(robot, "0", "90");
        assertFalse(shown(robot, "#windArrow"), "still air hides the arrow");
    }

    @Test
    void theRopeHasNoArrow(FxRobot robot) {
        wind(robot, "8", "30");
        assertTrue(shown(robot, "#windArrow"));
        UiFixture.chooseScene(robot, SceneType.CHAIN);
        waitFor("the rope drawn", () -> workbench.rendered() != null
                && workbench.rendered().topology().type() == SceneType.CHAIN);
        assertFalse(shown(robot, "#windArrow"), "the rope has no wind");
    }
}
