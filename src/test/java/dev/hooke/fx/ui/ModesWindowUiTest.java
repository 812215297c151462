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
import dev.hooke.fx.chart.ModesWindow;
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
    private Stage stage;

    @Start
    void start(Stage stage) {
        I18n.setLocale(Locale.ENGLISH);
        this.stage = stage;
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
        int all = workbench.modes().result().modes().size();
        assertEquals("All " + all + " modes inside the stability region at Δt = " + scene.dt() + " s: no mode grows.",
                UiFixture.text(robot, "#modesSummary"));

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
                    + ", the modes' Δt " + workbench.modes().result().dt() + ", focused "
                    + onFx(() -> javafx.stage.Window.getWindows().stream().filter(javafx.stage.Window::isFocused)
                            .map(w -> w.getScene().getRoot().getId() + "@" + w.getX() + "," + w.getY() + " " + w.getWidth()).toList())
                    + ", windows " + onFx(() -> javafx.stage.Window.getWindows().stream()
                            .map(w -> w.getScene().getRoot().getId() + "@" + w.getX() + "," + w.getY() + " " + w.getWidth()).toList()), e);
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
        assertTrue(engine.unstableCount() > 1, "past 1.3 times the limit more than the fastest mode is outside");
        assertTrue(summary.startsWith(engine.unstableCount() + " of " + engine.modes().size()
                + " modes outside the stability region at Δt = " + dt + " s: each step multiplies them by up to "), summary);
        assertShownFactor(engine, summary);

        // between the two fastest modes' limits (ω Δt = 2 for semi-implicit Euler, undamped) only one is outside
        double one = 2 / Math.sqrt(engine.modes().get(0).omega() * engine.modes().get(1).omega());
        String typed = String.format(Locale.ROOT, "%.6g", one);
        type(robot, "#dtField", typed);
        waitFor("the modes at " + typed, () -> workbench.modes().result() != null
                && workbench.modes().result().dt() == Double.parseDouble(typed));
        Modes.Result single = Modes.of(scene.build(), IntegratorKind.SYMPLECTIC_EULER, Double.parseDouble(typed),
                scene.verletDelta());
        assertEquals(1, single.unstableCount(), "the engine: one mode outside at " + typed);
        summary = UiFixture.text(robot, "#modesSummary");
        String shownDt = Double.toString(Double.parseDouble(typed));
        assertTrue(summary.startsWith("1 of " + single.modes().size() + " modes outside the stability region at Δt = "
                + shownDt + " s: each step multiplies it by up to "), summary);
        assertShownFactor(single, summary);

        robot.interact(() -> I18n.setLocale(I18n.CHINESE));
        waitFor("the Chinese headline", () -> UiFixture.text(robot, "#modesSummary").startsWith("Δt = "));
        Modes.Result zh = workbench.modes().result();
        assertEquals(1, zh.unstableCount(), "one mode outside at " + zh.dt());
        summary = UiFixture.text(robot, "#modesSummary");
        String expected = "Δt = " + zh.dt() + " s 时，" + zh.modes().size() + " 个模态中有 1 个在稳定区域之外：每一步把它放大到最多 ";
        assertTrue(summary.startsWith(expected), summary + " against " + expected);
        robot.interact(() -> I18n.setLocale(I18n.ENGLISH));
    }

    /** The headline's growth factor against the engine's largest |R| outside, to the digits shown. */
    private static void assertShownFactor(Modes.Result engine, String summary) {
        double worst = engine.modes().stream().filter(m -> !m.stable()).mapToDouble(Modes.Mode::amplification)
                .max().orElseThrow();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("by up to ([0-9.]+)").matcher(summary);
        assertTrue(m.find(), summary);
        String shown = m.group(1);
        int decimals = shown.contains(".") ? shown.length() - shown.indexOf('.') - 1 : 0;
        assertTrue(Double.parseDouble(shown) > 1, "a factor above 1: " + shown);
        assertEquals(worst, Double.parseDouble(shown), 0.5 * Math.pow(10, -decimals) + 1e-12, "the factor shown");
    }

    /** A stable point off the shaded pieces by at most this fraction of the axes' half-height (it lies on the region's edge). */
    private static final double ON_EDGE = 1e-8;
    /** The largest |z| against the axes' half-height: the points spread over the plot. */
    private static final double SPREAD = 1.0 / 3;
    /** The drawn boundary's crossing of the imaginary axis against 2√2, relative (the chords between vertices on the curve). */
    private static final double CROSSING = 1e-3;
    /** A boundary vertex against the closed-form circle: the edge is where |R| = 1 + the stable tolerance. */
    private static final double ON_CIRCLE = 10 * Modes.STABLE_TOLERANCE;

    @Test
    void theAxesFitTheModesAndWholeRegionShowsTheRegionsBoundary(FxRobot robot) {
        robot.clickOn(I18n.text("menu.view"));
        robot.clickOn("#menuModes");
        waitFor("the modes and their region", () -> workbench.modes().result() != null && workbench.modes().region() != null);
        Modes.Result r = workbench.modes().result();
        ModesWindow.Axes axes = workbench.modes().axes();
        dev.hooke.core.stability.StabilityRegion region = workbench.modes().region();
        double half = (axes.imMax() - axes.imMin()) / 2;
        double largest = 0;
        for (Modes.Mode m : r.modes()) {
            assertTrue(axes.contains(m.zRe(), m.zIm()) && axes.contains(m.zRe(), -m.zIm()),
                    "mode at " + m.zRe() + " ± " + m.zIm() + "i within " + axes);
            largest = Math.max(largest, Math.hypot(m.zRe(), m.zIm()));
            assertTrue(m.stable(), "at the default Δt every mode is inside");
            double a = Modes.amplificationAt(IntegratorKind.SYMPLECTIC_EULER, 0, m.zRe(), m.zIm());
            assertTrue(a <= 1 + Modes.STABLE_TOLERANCE, "a green mode's |R| = " + a);
            assertTrue(region.contains(m.zRe(), m.zIm(), ON_EDGE * half) && region.contains(m.zRe(), -m.zIm(), ON_EDGE * half),
                    "the green mode at " + m.zRe() + " ± " + m.zIm() + "i is shaded");
        }
        assertTrue(largest >= SPREAD * half, "the fastest |z| = " + largest + " against the half-height " + half);

        robot.clickOn("#modesWholeRegion");
        waitFor("the whole region", () -> !workbench.modes().axes().equals(axes) && workbench.modes().region() != null);
        ModesWindow.Axes whole = workbench.modes().axes();
        // semi-implicit Euler's boundary: Re z = 0 for |Im z| ≤ 2, closed by |z − 2| = 2√2 on the left
        assertTrue(whole.contains(2 - 2 * Math.sqrt(2), 0) && whole.contains(0, 2) && whole.contains(0, -2),
                "the boundary within " + whole);
        double[] b = workbench.modes().region().boundary();
        for (int k = 0; k < b.length; k += 2) {
            assertTrue(whole.contains(b[k], b[k + 1]), "boundary vertex " + b[k] + " + " + b[k + 1] + "i within " + whole);
        }

        robot.clickOn("#drawerButton");     // the window is narrow: the side panel is a drawer
        chooseIntegrator(robot, IntegratorKind.RK4);
        waitFor("RK4's whole region", () -> workbench.modes().result() != null
                && workbench.modes().result().integrator() == IntegratorKind.RK4 && workbench.modes().region() != null
                && workbench.modes().axes().contains(0, 2.9));
        double crossing = crossingOfImaginaryAxis(workbench.modes().region().boundary());
        assertEquals(2 * Math.sqrt(2), crossing, CROSSING * 2 * Math.sqrt(2), "RK4's drawn boundary on the imaginary axis");

        chooseIntegrator(robot, IntegratorKind.EXPLICIT_EULER);
        waitFor("explicit Euler's whole region", () -> workbench.modes().result() != null
                && workbench.modes().result().integrator() == IntegratorKind.EXPLICIT_EULER
                && workbench.modes().region() != null && !workbench.modes().axes().contains(0, 2.9));
        double[] e = workbench.modes().region().boundary();
        assertTrue(e.length > 4 * 50, "a traced circle");
        for (int k = 0; k < e.length; k += 2) {
            assertEquals(1, Math.hypot(e[k] + 1, e[k + 1]), ON_CIRCLE, "explicit Euler's boundary vertex");
        }
    }

    /** Opens the side panel's integrator list and clicks the method (its entry: key, then name). */
    private void chooseIntegrator(FxRobot robot, IntegratorKind kind) {
        javafx.scene.control.ComboBox<?> combo = robot.lookup("#integratorChoice").queryAs(javafx.scene.control.ComboBox.class);
        robot.clickOn(combo);
        waitFor("the list of methods", combo::isShowing);
        javafx.scene.Node cell = robot.lookup(n -> n instanceof javafx.scene.control.ListCell<?> c && c.getText() != null
                && c.getText().endsWith(dev.hooke.fx.Phrases.integrator(kind)) && n.getScene() != combo.getScene()
                && n.isVisible()).query();
        robot.clickOn(cell);
        waitFor(kind.id() + " chosen", () -> UiFixture.latest(workbench).integrator() == kind);
    }

    /** Where the boundary's segments cross Re z = 0 highest, interpolated along the segment. */
    private static double crossingOfImaginaryAxis(double[] segments) {
        double best = 0;
        for (int k = 0; k < segments.length; k += 4) {
            if ((segments[k] <= 0) != (segments[k + 2] <= 0)) {
                double y = segments[k + 1] + (segments[k + 3] - segments[k + 1]) * (0 - segments[k]) / (segments[k + 2] - segments[k]);
                best = Math.max(best, y);
            }
        }
        return best;
    }

    static java.util.stream.Stream<org.junit.jupiter.params.provider.Arguments> layouts() {
        return java.util.stream.Stream.of(
                org.junit.jupiter.params.provider.Arguments.of(1600, 900, false, 0),
                org.junit.jupiter.params.provider.Arguments.of(1920, 1080, false, 0),
                // a projector's 1280 × 720 in large type: the side panel is a drawer, opened; no room beside it
                org.junit.jupiter.params.provider.Arguments.of(1280, 720, true, 320));
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.MethodSource("layouts")
    void theWindowOpensClearOfTheStepControlsInFrontOfTheWorkbench(int width, int height, boolean large, int x,
                                                                   FxRobot robot) {
        robot.interact(() -> {
            workbench.model().largeTypeProperty().set(large);
            stage.setWidth(width);
            stage.setHeight(height);
            stage.setX(x);
        });
        waitFor("the layout at " + width, () -> workbench.isCompact() == (width < (large ? Workbench.COMPACT_WIDTH_LARGE
                : Workbench.COMPACT_WIDTH)));
        if (workbench.isCompact()) {
            robot.clickOn("#drawerButton");
            waitFor("the drawer open", () -> robot.lookup("#dtField").query().isVisible());
        }
        robot.clickOn(I18n.text("menu.view"));
        robot.clickOn("#menuModes");
        waitFor("the modes", () -> workbench.modes().result() != null);
        Stage modes = modesStage(robot);
        assertEquals(stage, modes.getOwner(), "the workbench owns the window: it stays in front");
        javafx.geometry.BoundingBox window = new javafx.geometry.BoundingBox(modes.getX(), modes.getY(), modes.getWidth(),
                modes.getHeight());
        javafx.geometry.Rectangle2D screen = javafx.stage.Screen.getPrimary().getVisualBounds();
        assertTrue(window.getMinX() >= screen.getMinX() && window.getMaxX() <= screen.getMaxX()
                && window.getMaxY() <= screen.getMaxY() + 1, "on the screen: " + window);
        for (String id : new String[] {"#dtField", "#integratorChoice"}) {
            javafx.scene.Node control = robot.lookup(id).query();
            javafx.geometry.Bounds at = onFx(() -> control.localToScreen(control.getBoundsInLocal()));
            assertTrue(!window.intersects(at), id + " at " + at + " under the Modes window at " + window);
        }
        if (large) {
            // every text whole in large type: wrapped, none cut at the window's edge
            java.util.List<String> problems = onFx(() -> TextLayout.problems(modes.getScene()));
            assertTrue(problems.isEmpty(), String.join("\n", problems));
            assertTrue(onFx(() -> modes.getScene().getRoot().lookup("#modesWindow").getStyleClass().contains("large-type")),
                    "the window follows large type");
        }
    }

    private static Stage modesStage(FxRobot robot) {
        return onFx(() -> javafx.stage.Window.getWindows().stream()
                .filter(w -> w instanceof Stage && w.isShowing() && w.getScene() != null
                        && w.getScene().getRoot().lookup("#modesWindow") != null)
                .map(w -> (Stage) w).findFirst().orElseThrow());
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
        assertTrue(summary.startsWith("All " + shown.modes().size() + " modes inside the stability region"), summary);
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
