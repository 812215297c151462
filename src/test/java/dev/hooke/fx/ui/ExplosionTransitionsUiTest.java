package dev.hooke.fx.ui;

import static dev.hooke.Tolerances.MAX_TICK_DIGITS;
import static dev.hooke.Tolerances.SETTLE_SECONDS;
import static dev.hooke.fx.ui.UiFixture.bannerButtons;
import static dev.hooke.fx.ui.UiFixture.eventually;
import static dev.hooke.fx.ui.UiFixture.latest;
import static dev.hooke.fx.ui.UiFixture.onFx;
import static dev.hooke.fx.ui.UiFixture.playStepsTo;
import static dev.hooke.fx.ui.UiFixture.press;
import static dev.hooke.fx.ui.UiFixture.text;
import static dev.hooke.fx.ui.UiFixture.type;
import static dev.hooke.fx.ui.UiFixture.waitFor;
import static dev.hooke.fx.ui.UiFixture.waitForExplosion;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.TestScale;
import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.scene.SceneType;
import dev.hooke.fx.I18n;
import dev.hooke.fx.Phrases;
import dev.hooke.fx.Workbench;
import dev.hooke.fx.sim.Snapshot;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.chart.XYChart;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;

/**
 * What the window shows around explosions: explosions one after another and a lesson's explosion
 * leave a banner with one message and one pair of actions, a number key pressed while exploded
 * describes the method chosen, and after Reset no axis of the charts shows a long tick label.
 * Every check reads the views the person sees (the banner, the side panel, the status bar, the
 * charts), not only the one the action touched.
 */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class ExplosionTransitionsUiTest {

    /**
     * The frames a watch covers: half a second of a window drawing at 60 frames/s, 1.5 s under
     * -Pexhaustive.
     */
    private static final int WATCHED_PULSES = TestScale.of(30, 90);

    private Workbench workbench;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        workbench = UiFixture.show(stage, SceneType.SPRING, 1500, 1000);
    }

    @Stop
    void stop() {
        workbench.close();
    }

    private Snapshot latest() {
        return UiFixture.latest(workbench);
    }

    // ------------------------------------------------------------------ the explosion banner

    /**
     * Explicit Euler on the spring explodes at any Δt; after Reset and Space it explodes again.
     * The banner then offers one Reset and one Halve Δt, as after the first explosion, and its
     * message is a paragraph, not a column of single characters.
     */
    @Test
    void aSecondExplosionLeavesTheBannerWithOneResetAndOneHalve(FxRobot robot) {
        press(robot, workbench, KeyCode.DIGIT1);
        type(robot, "#dtField", "0.3");
        robot.clickOn("#playButton");
        waitForExplosion(workbench, "the first explosion");
        int first = latest().generation();
        robot.clickOn("#resetButton");
        waitFor("the reset", () -> latest().generation() > first && !latest().exploded());
        if (!latest().running()) {
            press(robot, workbench, KeyCode.SPACE);
        }
        waitForExplosion(workbench, "the second explosion");
        eventually("the banner after two explosions", SETTLE_SECONDS, () -> {
            int resets = bannerButtons(workbench, "explosion-reset-action").size();
            int halves = bannerButtons(workbench, "explosion-halve-action").size();
            return resets == 1 && halves == 1 ? null
                    : "the banner holds " + resets + " Reset and " + halves + " Halve Δt buttons, expected one each";
        });
        assertMessageIsAParagraph(robot);
    }

    private void assertMessageIsAParagraph(FxRobot robot) {
        eventually("the explosion message's shape", SETTLE_SECONDS, () -> {
            List<Label> shown = new ArrayList<>();
            for (Node n : workbench.notificationPane().lookupAll("#explosionMessage")) {
                if (n instanceof Label l && l.isVisible() && l.getScene() != null) {
                    shown.add(l);
                }
            }
            if (shown.size() != 1) {
                return shown.size() + " explosion messages shown, expected one";
            }
            Label l = shown.get(0);
            return l.getWidth() > l.getHeight() ? null
                    : "the message \"" + l.getText() + "\" is " + l.getWidth() + " px wide and " + l.getHeight()
                            + " px tall: squeezed (the banner is " + workbench.notificationPane().getWidth() + " px wide)";
        });
    }

    /**
     * Lesson 3's last step makes the spring four times stiffer while it runs: it explodes, the
     * banner says so, in a window of a laptop's size (1280 × 800) with the lesson panel open.
     */
    @Test
    void theBannerOfLessonThreesExplosionIsWiderThanTall(FxRobot robot) {
        robot.interact(() -> {
            stage.setWidth(1280);
            stage.setHeight(800);
        });
        UiFixture.openLesson(robot, workbench, "03");
        playStepsTo(robot, workbench, 4);
        waitForExplosion(workbench, "lesson 3's explosion");
        assertMessageIsAParagraph(robot);
    }

    // ------------------------------------------------------------------ a number key while exploded

    /** On the exploded spring, the key 2 picks semi-implicit Euler: the box and its description say so, settled. */
    @Test
    void pressingTwoWhileExplodedDescribesSemiImplicitEuler(FxRobot robot) {
        press(robot, workbench, KeyCode.DIGIT1);
        type(robot, "#dtField", "0.3");
        press(robot, workbench, KeyCode.SPACE);
        waitForExplosion(workbench, "the explosion");
        press(robot, workbench, KeyCode.DIGIT2);
        eventually("the description after pressing 2", SETTLE_SECONDS, () -> {
            ComboBox<?> box = robot.lookup("#integratorChoice").queryAs(ComboBox.class);
            String detail = text(robot, "#limitDetail");
            String status = text(robot, "#limitLabel");
            String updating = I18n.text("status.updating").trim();
            Snapshot s = latest();
            if (box.getValue() != IntegratorKind.SYMPLECTIC_EULER) {
                return "the box shows " + box.getValue();
            }
            if (s.limit() == null || s.limit().integrator() != IntegratorKind.SYMPLECTIC_EULER || !s.limitCurrent()) {
                return "the box shows semi-implicit Euler; the snapshot's limit is "
                        + (s.limit() == null ? "unknown" : s.limit().integrator() + "'s " + s.limit().describe())
                        + (s.limitCurrent() ? "" : ", not current") + "; the panel says \"" + detail
                        + "\", the status bar \"" + status + "\"";
            }
            if (!detail.startsWith(Phrases.integrator(IntegratorKind.SYMPLECTIC_EULER))
                    || !detail.contains(Phrases.limit(s.limit())) || detail.contains(updating) || status.contains(updating)) {
                return "the box shows semi-implicit Euler, the panel says \"" + detail + "\", the status bar \""
                        + status + "\"";
            }
            return null;
        });
    }

    // ------------------------------------------------------------------ tick labels

    /**
     * On every scene, Reset while playing and Reset while paused: no axis of any chart shown
     * labels a tick with more than six significant digits, in the seconds after either.
     */
    @Test
    void afterResetEveryTickLabelIsShort(FxRobot robot) {
        List<String> bad = new ArrayList<>();
        for (SceneType type : SceneType.values()) {
            if (latest().topology().type() != type) {
                UiFixture.chooseScene(robot, type);
            }
            waitFor("the " + type, () -> latest().topology().type() == type);
            if (!latest().running()) {
                press(robot, workbench, KeyCode.SPACE);
            }
            double t0 = latest().time();
            waitFor("some motion", () -> latest().time() > t0 + 0.5);
            press(robot, workbench, KeyCode.R);
            watchTicks(type + ", after Reset while playing", bad);
            press(robot, workbench, KeyCode.SPACE);
            waitFor("the pause", () -> !latest().running());
            press(robot, workbench, KeyCode.R);
            watchTicks(type + ", after Reset while paused", bad);
        }
        // and Reset after an explosion, on the spring with explicit Euler
        UiFixture.chooseScene(robot, SceneType.SPRING);
        waitFor("the spring", () -> latest().topology().type() == SceneType.SPRING);
        press(robot, workbench, KeyCode.DIGIT1);
        type(robot, "#dtField", "0.3");
        if (!latest().running()) {
            press(robot, workbench, KeyCode.SPACE);
        }
        waitForExplosion(workbench, "the spring's explosion");
        robot.clickOn("#resetButton");
        watchTicks("the spring, after Reset from its explosion", bad);
        assertTrue(bad.isEmpty(), () -> String.join("; ", bad));
    }

    /** Watches the charts' tick labels for {@value #WATCHED_PULSES} frames of the window. */
    private void watchTicks(String when, List<String> bad) {
        String found = UiFixture.watchPulses(workbench, WATCHED_PULSES, this::longTickLabel);
        if (found != null) {
            bad.add(when + ": " + found);
        }
    }

    private String longTickLabel() {
        for (XYChart<?, ?> chart : UiFixture.shownCharts(workbench)) {
            for (var axis : List.of(chart.getXAxis(), chart.getYAxis())) {
                for (String label : UiFixture.tickLabels(axis)) {
                    if (UiFixture.significantDigits(label) > MAX_TICK_DIGITS) {
                        return chart.getId() + " labels a tick \"" + label + "\"";
                    }
                }
            }
        }
        return null;
    }
}
