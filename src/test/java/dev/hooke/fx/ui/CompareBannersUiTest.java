package dev.hooke.fx.ui;

import static dev.hooke.fx.ui.UiFixture.bannerInPlace;
import static dev.hooke.fx.ui.UiFixture.engine;
import static dev.hooke.fx.ui.UiFixture.latest;
import static dev.hooke.fx.ui.UiFixture.onFx;
import static dev.hooke.fx.ui.UiFixture.press;
import static dev.hooke.fx.ui.UiFixture.type;
import static dev.hooke.fx.ui.UiFixture.waitFor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.scene.SceneFile;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.sim.ExplosionReport;
import dev.hooke.core.sim.Simulation;
import dev.hooke.core.stability.StabilityAnalysis;
import dev.hooke.core.stability.StabilityLimit;
import dev.hooke.fx.I18n;
import dev.hooke.fx.Phrases;
import dev.hooke.fx.Workbench;
import dev.hooke.fx.sim.Snapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;

/**
 * Compare mode's explosion banners on the rope, one per system that has exploded: A's (the main
 * system) over the view's left half, B's over its right half, each below the view's top edge, at
 * most {@value #MAX_HEIGHT_SHARE} of the view's height, naming its system, its method and the time
 * of its explosion; a system that still runs has none, and the banner across the whole view stays
 * hidden. Reset and Halve Δt are offered once, on the banner of the system that exploded first,
 * and act on both systems. In large type at 1280 × 720, in English and Chinese, no banner's text
 * is cut or overlaps another text.
 */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class CompareBannersUiTest {

    /** The most of the view's height a banner may cover. */
    static final double MAX_HEIGHT_SHARE = 0.15;
    /** The Δt typed in; in s: far past explicit Euler's limit on the rope, well inside implicit Euler's (it has none). */
    private static final double DT = 0.01;

    @RegisterExtension
    final UiWindow window = new UiWindow();
    private Workbench workbench;

    // ------------------------------------------------------------------ what a person does

    /** Opens the rope at {@code width} × {@code height}, in large type or not. */
    private void open(FxRobot robot, int width, int height, boolean large) {
        robot.interact(() -> {
            workbench = window.show(SceneType.CHAIN, width, height);
            workbench.model().largeTypeProperty().set(large);
        });
    }

    /**
     * Δt typed in at {@value #DT} s, then compare mode on with {@code b} as B's method. At this Δt
     * explicit Euler is past its limit on the rope (the stability analysis of the scene as built says
     * so: on the undamped rope it is unstable at every Δt) and explodes within seconds.
     */
    private void compareAt(FxRobot robot, IntegratorKind b) {
        SceneFile rope = latest(workbench).scene().withIntegrator(IntegratorKind.EXPLICIT_EULER);
        StabilityLimit limit = StabilityAnalysis.predictedLimit(rope.build(), rope.createIntegrator());
        assertTrue(limit.unstableAtEveryDt() || DT > 4 * limit.dtMax(), "Δt is not past explicit Euler's limit: "
                + limit.describe());
        type(robot, "#dtField", Double.toString(DT));
        IntegratorPanelUiTest.flip(robot, "#compareToggle");
        waitFor("compare mode on", () -> workbench.model().compareProperty().get());
        IntegratorPanelUiTest.reveal(robot, "#compareChoice");
        UiFixture.chooseIn(robot, "#compareChoice", Phrases.integrator(b));
        waitFor("B's method", () -> latest(workbench).compare() != null && latest(workbench).compare().integrator() == b);
    }

    /** Picks A's method in the side panel's integrator box: opens it and clicks the entry naming the method. */
    private void chooseA(FxRobot robot, IntegratorKind a) {
        IntegratorPanelUiTest.reveal(robot, "#integratorChoice");
        ComboBox<?> combo = robot.lookup("#integratorChoice").queryAs(ComboBox.class);
        robot.clickOn(combo);
        waitFor("the list of methods", combo::isShowing);
        String name = Phrases.integrator(a);
        robot.clickOn(robot.lookup(n -> n instanceof ListCell<?> c && c.getText() != null
                && c.getText().endsWith(" " + name) && n.getScene() != combo.getScene() && n.isVisible()).<Node>query());
        waitFor("A's method", () -> latest(workbench).integrator() == a);
    }

    private void play(FxRobot robot) {
        if (!latest(workbench).running()) {
            press(robot, workbench, KeyCode.SPACE);
        }
    }

    // ------------------------------------------------------------------ what the window shows

    /** The banner of system {@code lane} (0: A, 1: B). */
    private Node banner(int lane) {
        return workbench.root().lookup("#explosionBanner" + (lane == 0 ? "A" : "B"));
    }

    private Label message(int lane) {
        return (Label) workbench.root().lookup("#explosionMessage" + (lane == 0 ? "A" : "B"));
    }

    private static boolean drawn(Node n) {
        return UiFixture.drawn(n);
    }

    private static Bounds inScene(Node n) {
        return n.localToScene(n.getLayoutBounds());
    }

    /** Whether each system's banner is drawn exactly while the snapshot the window drew says it has exploded. */
    private boolean bannersMatch(Snapshot s) {
        return s != null && s.compare() != null && drawn(banner(0)) == s.exploded()
                && drawn(banner(1)) == (s.compare().explosion() != null);
    }

    /** Waits until the window draws A exploded or not and B exploded or not, as asked. */
    private void waitForExploded(String what, boolean a, boolean b) {
        waitFor(what, () -> {
            Snapshot s = workbench.model().snapshotProperty().get();
            return s != null && s.compare() != null && s.exploded() == a && (s.compare().explosion() != null) == b
                    && bannersMatch(s);
        });
    }

    /**
     * What is wrong with where system {@code lane}'s banner lies: outside its half of the view, at
     * or above the view's top edge, taller than {@value #MAX_HEIGHT_SHARE} of the view. Null when
     * it lies right.
     */
    private String placement(int lane) {
        Node view = workbench.view().node();
        Bounds v = inScene(view);
        Bounds b = inScene(banner(lane));
        double mid = v.getMinX() + v.getWidth() / 2;
        double tol = TextLayout.TOLERANCE_PX;
        double left = lane == 0 ? v.getMinX() : mid;
        double right = lane == 0 ? mid : v.getMaxX();
        List<String> out = new ArrayList<>();
        if (b.getMinX() < left - tol || b.getMaxX() > right + tol) {
            out.add(String.format(Locale.ROOT, "spans x %.1f – %.1f, its half of the view %.1f – %.1f",
                    b.getMinX(), b.getMaxX(), left, right));
        }
        if (b.getMinY() <= v.getMinY() || b.getMaxY() > v.getMaxY() + tol) {
            out.add(String.format(Locale.ROOT, "spans y %.1f – %.1f, the view %.1f – %.1f",
                    b.getMinY(), b.getMaxY(), v.getMinY(), v.getMaxY()));
        }
        if (b.getHeight() > MAX_HEIGHT_SHARE * v.getHeight()) {
            out.add(String.format(Locale.ROOT, "is %.1f px tall, more than %.0f %% of the view's %.1f px",
                    b.getHeight(), 100 * MAX_HEIGHT_SHARE, v.getHeight()));
        }
        return out.isEmpty() ? null : "system " + (lane == 0 ? "A" : "B") + "'s banner " + String.join("; ", out);
    }

    /**
     * What is wrong with system {@code lane}'s message for {@code report}: it must start with the
     * system's letter, name the method that exploded and the time of the explosion as the status
     * bar's readouts write it (four significant digits), and not name the other system.
     */
    private String wording(int lane, ExplosionReport report) {
        String text = message(lane).getText();
        String letter = lane == 0 ? "A" : "B";
        String other = lane == 0 ? "B" : "A";
        String time = String.format(Locale.ROOT, "%.4g", report.time());
        boolean right = text.startsWith(letter + " ") && text.contains(Phrases.integrator(report.integrator()))
                && text.contains(time) && !text.startsWith(other);
        return right ? null : "system " + letter + "'s banner says \"" + text + "\" for " + report.integrator()
                + " at t = " + time + " s";
    }

    /** The action buttons of the class {@code styleClass} drawn anywhere over the view. */
    private List<Button> drawnButtons(String styleClass) {
        List<Button> out = new ArrayList<>();
        for (Node n : workbench.notificationPane().lookupAll("." + styleClass)) {
            if (n instanceof Button b && drawn(b)) {
                out.add(b);
            }
        }
        return out;
    }

    /** Whether {@code n} lies inside the node {@code outer}. */
    private static boolean within(Node n, Node outer) {
        for (Node p = n; p != null; p = p.getParent()) {
            if (p == outer) {
                return true;
            }
        }
        return false;
    }

    /** One Reset and one Halve Δt are drawn, both on system {@code lane}'s banner; null when so. */
    private String actionsOn(int lane) {
        List<Button> resets = drawnButtons("explosion-reset-action");
        List<Button> halves = drawnButtons("explosion-halve-action");
        if (resets.size() != 1 || halves.size() != 1) {
            return resets.size() + " Reset and " + halves.size() + " Halve Δt buttons drawn, expected one each";
        }
        return within(resets.get(0), banner(lane)) && within(halves.get(0), banner(lane)) ? null
                : "the actions are not on system " + (lane == 0 ? "A" : "B") + "'s banner";
    }

    // ------------------------------------------------------------------ tests

    /**
     * A explicit Euler at four times its limit, B implicit Euler: A explodes, B runs on. A's banner
     * lies in the left half, names A, explicit Euler and the time, and offers the actions; B has no
     * banner, nor is the banner across the view shown. Halve Δt on A's banner halves both systems'
     * Δt and starts them again.
     */
    @Test
    void whenOnlyAExplodesItsBannerLiesInTheLeftHalfAndBHasNone(FxRobot robot) throws Exception {
        open(robot, 1600, 900, false);
        press(robot, workbench, KeyCode.DIGIT1);
        waitFor("explicit Euler", () -> latest(workbench).integrator() == IntegratorKind.EXPLICIT_EULER);
        compareAt(robot, IntegratorKind.IMPLICIT_EULER);
        play(robot);
        waitForExploded("A's explosion while B runs", true, false);
        onFx(() -> {
            Snapshot s = workbench.model().snapshotProperty().get();
            assertNull(placement(0));
            assertNull(wording(0, s.explosion()));
            assertFalse(drawn(banner(1)), "B runs: no banner for B");
            assertFalse(workbench.notificationPane().isShowing(), "no banner across the whole view");
            assertNull(actionsOn(0));
            return null;
        });

        double dt = latest(workbench).dt();
        int generation = latest(workbench).generation();
        robot.clickOn(drawnButtons("explosion-halve-action").get(0));
        waitFor("the new run", () -> latest(workbench).generation() > generation);
        assertEquals(dt / 2, engine(workbench, 0, Simulation::dt), 1e-12 * dt, "A's Δt halved");
        assertEquals(dt / 2, engine(workbench, 1, Simulation::dt), 1e-12 * dt, "B's Δt halved");
    }

    /**
     * A implicit Euler, B explicit Euler: B's banner lies in the right half and names B; A has none.
     * Then A explicit Euler too: both banners, apart, one pair of actions on the banner of the
     * first to explode. Reset in the toolbar: no banner remains.
     */
    @Test
    void bsBannerLiesInTheRightHalfAndBothBannersStandApart(FxRobot robot) {
        open(robot, 1600, 900, false);
        chooseA(robot, IntegratorKind.IMPLICIT_EULER);
        compareAt(robot, IntegratorKind.EXPLICIT_EULER);
        play(robot);
        waitForExploded("B's explosion while A runs", false, true);
        onFx(() -> {
            Snapshot s = workbench.model().snapshotProperty().get();
            assertNull(placement(1));
            assertNull(wording(1, s.compare().explosion()));
            assertFalse(drawn(banner(0)), "A runs: no banner for A");
            assertFalse(workbench.notificationPane().isShowing(), "no banner across the whole view");
            assertNull(actionsOn(1));
            return null;
        });

        press(robot, workbench, KeyCode.DIGIT1);
        waitFor("explicit Euler for A", () -> latest(workbench).integrator() == IntegratorKind.EXPLICIT_EULER);
        play(robot);
        waitForExploded("both explosions", true, true);
        onFx(() -> {
            Snapshot s = workbench.model().snapshotProperty().get();
            assertNull(placement(0));
            assertNull(placement(1));
            assertNull(wording(0, s.explosion()));
            assertNull(wording(1, s.compare().explosion()));
            Bounds a = inScene(banner(0));
            Bounds b = inScene(banner(1));
            assertFalse(a.intersects(b), "A's banner " + a + " and B's " + b + " overlap");
            assertNull(actionsOn(s.explosion().time() <= s.compare().explosion().time() ? 0 : 1));
            return null;
        });

        int generation = latest(workbench).generation();
        robot.clickOn("#resetButton");
        waitFor("the reset", () -> latest(workbench).generation() > generation);
        UiFixture.eventually("no banner after Reset", dev.hooke.Tolerances.SETTLE_SECONDS, () -> {
            Snapshot s = workbench.model().snapshotProperty().get();
            if (s == null || s.generation() == generation) {
                return "the window has not drawn the new run";
            }
            if (s.exploded() || s.compare().explosion() != null) {
                return "a system exploded again after Reset: the run played on";
            }
            return !drawn(banner(0)) && !drawn(banner(1)) && !workbench.notificationPane().isShowing()
                    && drawnButtons("explosion-reset-action").isEmpty() ? null : "a banner remains after Reset";
        });
        assertTrue(!latest(workbench).running(), "both had exploded: Reset leaves the new run paused");
    }

    /**
     * In large type at 1280 × 720 (a lecture hall's projector), both systems explode: each banner
     * keeps within its half and {@value #MAX_HEIGHT_SHARE} of the view's height, and no text of the
     * window is cut or overlaps another, in English and in Chinese.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"en", "zh"})
    void inLargeTypeOnAProjectorTheBannersShowTheirTextsWhole(String language, FxRobot robot) throws Exception {
        open(robot, 1280, 720, true);
        robot.clickOn("#drawerButton");     // the window is narrow: the side panel is a drawer
        press(robot, workbench, KeyCode.DIGIT1);
        waitFor("explicit Euler", () -> latest(workbench).integrator() == IntegratorKind.EXPLICIT_EULER);
        compareAt(robot, IntegratorKind.EXPLICIT_EULER);
        robot.clickOn("#drawerButton");
        waitFor("the drawer closed", () -> !drawn(workbench.root().lookup("#sidePanel")));
        robot.interact(() -> I18n.setLocale("zh".equals(language) ? I18n.CHINESE : I18n.ENGLISH));
        play(robot);
        waitForExploded("both explosions", true, true);
        List<String> problems = onFx(() -> {
            Scene scene = workbench.root().getScene();
            scene.getRoot().applyCss();
            scene.getRoot().layout();
            List<String> out = new ArrayList<>();
            Snapshot s = workbench.model().snapshotProperty().get();
            for (int lane = 0; lane < 2; lane++) {
                String p = placement(lane);
                if (p != null) {
                    out.add(p);
                }
            }
            String a = wording(0, s.explosion());
            String b = wording(1, s.compare().explosion());
            if (a != null) {
                out.add(a);
            }
            if (b != null) {
                out.add(b);
            }
            for (String p : TextLayout.problems(scene)) {
                // without a 3D pipeline the flat view's notice of it lies at the view's top, under
                // the banners (the banner of an explosion is the more urgent); nothing else may
                boolean underBanner = p.contains("#flatViewMessage") && p.contains(" overlaps ")
                        && (p.contains("#explosionMessage") || p.contains(".explosion-")) && !workbench.view().is3D();
                if (!underBanner) {
                    out.add(p);
                }
            }
            TextLayout.snapshot(scene, "compare-banners-1280x720-large-" + language);
            return out;
        });
        assertTrue(problems.isEmpty(), problems.size() + " problems:\n" + String.join("\n", problems));
    }

    /**
     * In presenter mode (F5) at 1280 × 720 in large type, the big Δt readout makes way for the
     * explosion banners, which come down from the view's top: while a banner is up the readout lies
     * in the view's bottom left corner, clear of every banner; after Reset it is back at the top.
     * With one system (the banner across the view) and in compare mode (both systems' banners).
     */
    @ParameterizedTest(name = "compare {0}")
    @ValueSource(booleans = {false, true})
    void inPresenterModeTheBigReadoutMakesWayForTheBanners(boolean compare, FxRobot robot) {
        open(robot, 1280, 720, true);
        robot.clickOn("#drawerButton");
        press(robot, workbench, KeyCode.DIGIT1);
        waitFor("explicit Euler", () -> latest(workbench).integrator() == IntegratorKind.EXPLICIT_EULER);
        if (compare) {
            compareAt(robot, IntegratorKind.EXPLICIT_EULER);
        } else {
            type(robot, "#dtField", Double.toString(DT));
        }
        robot.clickOn("#drawerButton");
        waitFor("the drawer closed", () -> !drawn(workbench.root().lookup("#sidePanel")));
        press(robot, workbench, KeyCode.F5);
        waitFor("presenter mode", () -> workbench.model().presenterProperty().get()
                && drawn(workbench.root().lookup("#presenterReadout")));
        play(robot);
        waitFor("the explosion banners", () -> {
            Snapshot s = workbench.model().snapshotProperty().get();
            if (s == null || !s.exploded()) {
                return false;
            }
            return compare ? bannersMatch(s) && s.compare().explosion() != null
                    : bannerInPlace(workbench);
        });
        List<String> problems = onFx(() -> {
            Scene scene = workbench.root().getScene();
            scene.getRoot().applyCss();
            scene.getRoot().layout();
            List<String> out = new ArrayList<>();
            Bounds v = inScene(workbench.view().node());
            Bounds r = inScene(workbench.root().lookup("#presenterReadout"));
            if (!v.contains(r)) {
                out.add("the readout " + r + " leaves the view " + v);
            }
            if (r.getMaxY() < v.getMinY() + v.getHeight() / 2) {
                out.add("the readout " + r + " stays in the view's upper half " + v);
            }
            List<Node> banners = new ArrayList<>();
            if (compare) {
                banners.add(banner(0));
                banners.add(banner(1));
            } else {
                banners.add(workbench.root().lookup("#explosionMessage"));
            }
            for (Node b : banners) {
                if (inScene(b).intersects(r)) {
                    out.add("the readout " + r + " covers the banner " + b.getId() + " " + inScene(b));
                }
            }
            for (String p : TextLayout.problems(scene)) {
                boolean underBanner = p.contains("#flatViewMessage") && p.contains(" overlaps ")
                        && (p.contains("#explosionMessage") || p.contains(".explosion-")) && !workbench.view().is3D();
                if (!underBanner) {
                    out.add(p);
                }
            }
            TextLayout.snapshot(scene, "presenter-banners-1280x720-large-" + (compare ? "compare" : "one"));
            return out;
        });
        assertTrue(problems.isEmpty(), problems.size() + " problems:\n" + String.join("\n", problems));

        int generation = latest(workbench).generation();
        press(robot, workbench, KeyCode.R);
        waitFor("the reset drawn", () -> {
            Snapshot s = workbench.model().snapshotProperty().get();
            return s != null && s.generation() > generation && !s.exploded()
                    && !workbench.notificationPane().isShowing() && !drawn(banner(0)) && !drawn(banner(1));
        });
        onFx(() -> {
            Scene scene = workbench.root().getScene();
            scene.getRoot().applyCss();
            scene.getRoot().layout();
            Bounds v = inScene(workbench.view().node());
            Bounds r = inScene(workbench.root().lookup("#presenterReadout"));
            assertTrue(v.contains(r) && r.getMinY() < v.getMinY() + v.getHeight() / 4,
                    "no banner: the readout " + r + " is back at the view's top " + v);
            return null;
        });
        robot.interact(() -> {
            workbench.model().presenterProperty().set(false);
        });
    }
}
