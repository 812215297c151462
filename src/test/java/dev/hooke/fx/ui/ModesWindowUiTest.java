package dev.hooke.fx.ui;

import static dev.hooke.fx.ui.UiFixture.onFx;
import static dev.hooke.fx.ui.UiFixture.type;
import static dev.hooke.fx.ui.UiFixture.waitFor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.scene.SceneFile;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.stability.ModeShapes;
import dev.hooke.core.stability.Modes;
import dev.hooke.core.stability.StabilityAnalysis;
import dev.hooke.fx.I18n;
import dev.hooke.fx.Workbench;
import java.util.Locale;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;

/**
 * View › Modes and the stability region: with Δt below the chain's limit every mode is inside
 * the region; typed past the limit, exactly the modes the engine finds outside are red and
 * counted, the same count `hooke modes` prints for that scene.
 */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class ModesWindowUiTest {

    private Workbench workbench;

    @Start
    void start(Stage stage) {
        I18n.setLocale(Locale.ENGLISH);
        // narrow enough that the modes window opens beside it, on the 1920-pixel screen
        workbench = UiFixture.show(stage, SceneType.CHAIN, 1240, 900);
    }

    @Stop
    void stop() {
        onFx(() -> {
            workbench.modes().shownProperty().set(false);
            return null;
        });
        workbench.close();
    }

    @Test
    void aStepPastTheLimitTurnsExactlyTheModesOutsideRed(FxRobot robot) {
        robot.clickOn(I18n.text("menu.view"));
        robot.clickOn("#menuModes");
        waitFor("the modes", () -> workbench.modes().result() != null);
        SceneFile scene = UiFixture.latest(workbench).scene();
        assertEquals(IntegratorKind.SYMPLECTIC_EULER, scene.integrator());
        assertEquals(0, workbench.modes().result().unstableCount(), "below the limit every mode is inside");

        double limit = StabilityAnalysis.predictedLimit(scene.build(), scene.createIntegrator()).dtMax();
        String past = String.format(Locale.ROOT, "%.3g", 1.3 * limit);
        robot.clickOn("#drawerButton");     // the window is narrow: the side panel is a drawer
        type(robot, "#dtField", past);
        try {
            waitFor("the modes at the new Δt", () -> workbench.modes().result() != null
                    && workbench.modes().result().dt() == UiFixture.latest(workbench).dt()
                    && UiFixture.latest(workbench).dt() > limit);
        } catch (AssertionError e) {
            throw new AssertionError("limit " + limit + ", typed " + past + ", the runner's Δt "
                    + UiFixture.latest(workbench).dt() + ", the field " + robot.lookup("#dtField").queryAs(javafx.scene.control.TextField.class).getText()
                    + ", the modes' Δt " + workbench.modes().result().dt(), e);
        }
        double dt = UiFixture.latest(workbench).dt();
        Modes.Result engine = Modes.of(scene.build(), IntegratorKind.SYMPLECTIC_EULER, dt, scene.verletDelta());
        Modes.Result shown = workbench.modes().result();
        assertTrue(engine.unstableCount() > 0, "past the limit some mode is outside");
        assertEquals(engine.unstableCount(), shown.unstableCount(), "the modes outside");
        for (int i = 0; i < engine.modes().size(); i++) {
            assertEquals(engine.modes().get(i).stable(), shown.modes().get(i).stable(), "mode " + i);
        }
        String summary = UiFixture.onFx(() -> ((Label) robot.lookup("#modesSummary").query()).getText());
        assertTrue(summary.startsWith(engine.unstableCount() + " of " + engine.modes().size() + " modes outside"),
                summary);
    }

    /** Shown positions against x₀ + c·φ̂, relative to the scene's size (the view draws floats). */
    private static final double SHAPE = 1e-5;
    /** The plotted mode energy against the test's own projection of the engine's state, relative. */
    private static final double ENERGY = 1e-9;

    @Test
    void clickingAModeShowsItsShapeOverTheUntouchedSimulation(FxRobot robot) throws Exception {
        SceneFile cloth = SceneFile.defaults(SceneType.CLOTH);
        SceneFile small = cloth.withSpec(cloth.spec().copy().size(6));
        workbench.runner().load(small);
        waitFor("the small cloth", () -> UiFixture.latest(workbench).positions().length == 3 * 36);
        robot.clickOn(I18n.text("menu.view"));
        robot.clickOn("#menuModes");
        Modes.Result[] result = new Modes.Result[1];
        waitFor("the modes and their shapes", () -> {
            result[0] = workbench.modes().result();
            return result[0] != null && result[0].modes().size() == 3 * 34 && workbench.modes().linearisationPoint() != null;
        });
        // the mode whose point in the per-mode plot is farthest from every other's, so that a click finds it
        int k = isolated(result[0]);
        javafx.scene.Node bars = robot.lookup("#modesAmplification").query();
        javafx.geometry.Point2D at = onFx(() -> bars.localToScreen(workbench.modes().amplificationPoint(k)));
        robot.clickOn(at);
        waitFor("mode " + k + " chosen", () -> workbench.modes().chosenMode() == k);

        MassSpringSystem built = small.build();
        double[] x0 = built.x.clone();
        ModeShapes oracle = ModeShapes.of(built);
        double[] phi = oracle.shape(k);
        double[] hat = workbench.modes().chosenShape();
        double largest = 0;
        for (int i = 0; i < 36; i++) {
            largest = Math.max(largest, Math.sqrt(phi[3 * i] * phi[3 * i] + phi[3 * i + 1] * phi[3 * i + 1]
                    + phi[3 * i + 2] * phi[3 * i + 2]));
        }
        double sign = Math.signum(hat[maxIndex(phi)] * phi[maxIndex(phi)]);
        for (int c = 0; c < phi.length; c++) {
            assertEquals(sign * phi[c] / largest, hat[c], 1e-9, "the shape drawn is mode " + k + "'s, coordinate " + c);
        }
        double extent = extent(x0);
        double amplitude = onFx(() -> ((javafx.scene.control.Slider) robot.lookup("#modesAmplitude").query()).getValue());
        // a frame where the shape is well away from its zero crossing
        float[][] drawn = new float[1][];
        double[] coefficient = new double[1];
        waitFor("a frame with the shape displaced", () -> {
            drawn[0] = workbench.view().shownPositions().clone();
            coefficient[0] = workbench.modes().shownCoefficient();
            return Math.abs(coefficient[0]) > 0.5 * amplitude * extent;
        });
        for (int c = 0; c < x0.length; c++) {
            assertEquals(x0[c] + coefficient[0] * hat[c], drawn[0][c], SHAPE * extent, "view coordinate " + c);
        }
        // the simulation is not touched: paused at its start, its state is still x₀, and so is its snapshot
        double[] engineX = UiFixture.engine(workbench, sim -> sim.system().x.clone());
        org.junit.jupiter.api.Assertions.assertArrayEquals(x0, engineX, 0, "the engine's positions");
        float[] live = UiFixture.latest(workbench).positions();
        for (int c = 0; c < x0.length; c++) {
            assertEquals((float) x0[c], live[c], 0, "the live snapshot, coordinate " + c);
        }

        // running, the mode's energy is plotted; paused, its last sample is the engine's state's projection
        robot.clickOn("#playButton");
        waitFor("energy samples", () -> workbench.modes().energySamples().size() >= 5);
        robot.clickOn("#playButton");
        waitFor("paused", () -> !UiFixture.latest(workbench).running());
        double pausedAt = UiFixture.engine(workbench, sim -> sim.time());
        waitFor("a sample of the paused state", () -> {
            java.util.List<double[]> all = workbench.modes().energySamples();
            return all.get(all.size() - 1)[0] == pausedAt;
        });
        double[][] xv = UiFixture.engine(workbench, sim -> new double[][] {sim.system().x.clone(), sim.system().v.clone()});
        java.util.List<double[]> samples = workbench.modes().energySamples();
        double expected = oracle.energy(k, xv[0], xv[1]);
        assertTrue(expected > 0, "the falling cloth has put energy into mode " + k);
        assertEquals(expected, samples.get(samples.size() - 1)[1], ENERGY * expected, "the plotted mode energy");

        // back to the simulation: the view shows the live state again
        robot.clickOn("#modesLive");
        waitFor("no mode chosen", () -> workbench.modes().chosenMode() == -1);
        waitFor("the live state in view", () -> java.util.Arrays.equals(workbench.view().shownPositions(),
                UiFixture.latest(workbench).positions()));
    }

    @Test
    void lessonFifteenOpensTheWindowAndItsModesAreTheAnalysis(FxRobot robot) {
        // the window's numbers with the first question open: predict mode (which hides them) off
        robot.interact(() -> workbench.model().predictModeProperty().set(false));
        UiFixture.openLesson(robot, workbench, "15");
        waitFor("the modes window open, its modes found", () -> workbench.modes().shownProperty().get()
                && workbench.modes().result() != null
                && workbench.modes().result().dt() == UiFixture.latest(workbench).dt());
        SceneFile scene = UiFixture.latest(workbench).scene();
        MassSpringSystem rest = scene.withSpec(scene.spec().perturbation(dev.hooke.core.scene.Perturbation.NONE)).build();
        Modes.Result shown = workbench.modes().result();
        assertEquals(0, shown.unstableCount(), "every mode inside at the lesson's first Δt");
        double omegaMax = StabilityAnalysis.omegaMax(rest);
        assertEquals(omegaMax, shown.modes().get(0).omega(), 1e-9 * omegaMax, "the fastest mode is the analysis's ω_max");
        String summary = UiFixture.onFx(() -> ((Label) robot.lookup("#modesSummary").query()).getText());
        assertTrue(summary.startsWith("0 of " + shown.modes().size() + " modes outside"), summary);
    }

    private static int isolated(Modes.Result r) {
        int best = 0;
        double widest = -1;
        for (int i = 0; i < r.modes().size(); i++) {
            double nearest = Double.MAX_VALUE;
            for (int j = 0; j < r.modes().size(); j++) {
                if (j != i) {
                    nearest = Math.min(nearest, Math.abs(r.modes().get(i).omega() - r.modes().get(j).omega()));
                }
            }
            if (nearest > widest) {
                widest = nearest;
                best = i;
            }
        }
        return best;
    }

    private static int maxIndex(double[] a) {
        int best = 0;
        for (int i = 1; i < a.length; i++) {
            if (Math.abs(a[i]) > Math.abs(a[best])) {
                best = i;
            }
        }
        return best;
    }

    private static double extent(double[] x) {
        double s = 0;
        for (int k = 0; k < 3; k++) {
            double lo = Double.MAX_VALUE;
            double hi = -Double.MAX_VALUE;
            for (int c = k; c < x.length; c += 3) {
                lo = Math.min(lo, x[c]);
                hi = Math.max(hi, x[c]);
            }
            s += (hi - lo) * (hi - lo);
        }
        return Math.sqrt(s);
    }
}
