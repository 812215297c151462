package dev.hooke.fx.ui;

import static dev.hooke.Tolerances.SETTLE_SECONDS;
import static dev.hooke.fx.ui.UiFixture.eventually;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.scene.SceneType;
import dev.hooke.fx.Workbench;
import dev.hooke.fx.sim.Snapshot;
import dev.hooke.fx.view.FlatView;
import javafx.stage.Stage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;

/**
 * The flat view (the scene drawn where there is no 3D, as here under Monocle) keeps a cloth in
 * sight that falls out of the box it was framed on: lesson 16's second step lets a cloth fall
 * freely for 3 s, some 44 m, far below a box that reaches twice the cloth's size around its start.
 * Every particle the window shows must be drawn inside the canvas; after Reset the cloth is back
 * in its framing, drawn where the box's projection puts it.
 */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class FlatViewFollowUiTest {

    private Workbench workbench;

    @Start
    void start(Stage stage) {
        workbench = UiFixture.show(stage, SceneType.SPRING, 1500, 1000);
    }

    @Stop
    void stop() {
        workbench.close();
    }

    /** The particles drawn outside the canvas, as a sentence, or null when all are inside. */
    private String outside(FlatView view, Snapshot s) {
        float[] x = s.positions();
        double w = view.canvas().getWidth();
        double h = view.canvas().getHeight();
        double[] p = new double[2];
        int out = 0;
        double lowest = Double.POSITIVE_INFINITY;
        for (int q = 0; q + 2 < x.length; q += 3) {
            view.project(x[q], x[q + 1], p);
            if (!(p[0] >= 0 && p[0] <= w && p[1] >= 0 && p[1] <= h)) {
                out++;
            }
            lowest = Math.min(lowest, x[q + 1]);
        }
        return out == 0 ? null : out + " of " + x.length / 3 + " particles are drawn outside the " + w + " × " + h
                + " canvas (the lowest at y = " + lowest + " m, t = " + s.time() + " s)";
    }

    @Test
    void aClothFallingOutOfItsFramingStaysInTheFlatView(FxRobot robot) {
        assertFalse(workbench.view().is3D(), "this test is for the flat view (Monocle has no 3D)");
        FlatView view = (FlatView) workbench.view();
        UiFixture.openLesson(robot, workbench, "16");
        UiFixture.playStepsTo(robot, workbench, 2);   // the second step lets the cloth fall for 3 s
        eventually("the fallen cloth drawn in the flat view", SETTLE_SECONDS, () -> {
            Snapshot s = UiFixture.latest(workbench);
            if (workbench.rendered() != s) {
                return "the view does not show the newest snapshot yet";
            }
            if (!s.topology().motion().leftReach() || s.time() < 2.9) {
                return "the cloth has not fallen out of its framing (t = " + s.time() + " s)";
            }
            return outside(view, s);
        });
        assertTrue(UiFixture.latest(workbench).positions()[1] < -20, "the cloth fell some 44 m");

        robot.clickOn("#resetButton");
        eventually("the cloth back in its framing after Reset", SETTLE_SECONDS, () -> {
            Snapshot s = UiFixture.latest(workbench);
            if (s.time() != 0 || workbench.rendered() != s) {
                return "not reset yet (t = " + s.time() + " s)";
            }
            // back in the box: drawn where the box's own projection puts it, the box's centre at the canvas's
            var box = s.topology().motion();
            double[] c = new double[2];
            view.project(box.centreX(), box.centreY(), c);
            double w = view.canvas().getWidth();
            double h = view.canvas().getHeight();
            if (Math.abs(c[0] - w / 2) > 0.5 || Math.abs(c[1] - h / 2) > 0.5) {
                return "the box's centre is drawn at (" + c[0] + ", " + c[1] + "), not at the canvas's centre ("
                        + w / 2 + ", " + h / 2 + ")";
            }
            return outside(view, s);
        });
    }
}
