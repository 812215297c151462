package dev.hooke.fx.view;

import static dev.hooke.Tolerances.UI_TIMEOUT_SECONDS;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.scene.SceneFile;
import dev.hooke.core.scene.SceneRegistry;
import dev.hooke.core.scene.SceneType;
import dev.hooke.fx.sim.SimulationRunner;
import dev.hooke.fx.sim.Snapshot;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.Scene;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The flat view frames every registered scene as the 3D view does: the positions the scene runs
 * through (its start, its fall and swing) are drawn inside the canvas and fill about 70 % of its
 * height or width, whichever binds, at 16:9 and 4:3, each scene shown through the runner that
 * the workbench uses.
 */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class FlatViewFramingUiTest {

    private static final double HEIGHT = 720;

    private Stage stage;
    private FlatView view;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        view = new FlatView();
        stage.setScene(new Scene(new StackPane(view.node()), HEIGHT * 16 / 9, HEIGHT));
        stage.show();
    }

    @Test
    void everySceneFillsAboutSeventyPercentOfTheFlatViewAndStaysWhole(FxRobot robot) throws Exception {
        for (SceneType type : SceneRegistry.types()) {
            SceneFile scene = SceneFile.defaults(type);
            try (SimulationRunner runner = new SimulationRunner(scene)) {
                // the view frames the box the run ahead finds
                WaitForAsyncUtils.waitFor(UI_TIMEOUT_SECONDS, TimeUnit.SECONDS, () -> runner.latest() != null
                        && runner.latest().topology().motion().seconds() > 0);
                Snapshot s = runner.latest();
                List<double[]> seen = FramingTest.sweep(scene, s.topology().motion());
                for (double aspect : FramingTest.ASPECTS) {
                    robot.interact(() -> {
                        stage.setWidth(HEIGHT * aspect);
                        stage.getScene().getRoot().resize(HEIGHT * aspect, HEIGHT);
                        view.update(s);
                    });
                    WaitForAsyncUtils.waitForFxEvents();
                    robot.interact(() -> assertFills(type.id() + " at aspect " + aspect, seen));
                }
            }
        }
    }

    /** The sweep is drawn inside the canvas and fills LEAST_FILL … MOST_FILL of its binding dimension. */
    private void assertFills(String what, List<double[]> seen) {
        double w = view.canvas().getWidth();
        double h = view.canvas().getHeight();
        double[] p = new double[2];
        double[] r = {Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY};
        for (double[] x : seen) {
            for (int q = 0; q + 2 < x.length; q += 3) {
                view.project(x[q], x[q + 1], p);
                r[0] = Math.min(r[0], p[0]);
                r[1] = Math.max(r[1], p[0]);
                r[2] = Math.min(r[2], p[1]);
                r[3] = Math.max(r[3], p[1]);
            }
        }
        String where = what + " in a " + w + " × " + h + " canvas: " + java.util.Arrays.toString(r);
        assertTrue(r[0] >= 0 && r[1] <= w && r[2] >= 0 && r[3] <= h, where + " is not whole in the view");
        double fill = Math.max((r[1] - r[0]) / w, (r[3] - r[2]) / h);
        assertTrue(fill >= FramingTest.LEAST_FILL && fill <= FramingTest.MOST_FILL, where + " fills " + fill);
        assertTrue(Math.abs(w / h - stage.getWidth() / HEIGHT) < 0.05, where + ": the view has the stage's shape");
    }

}
