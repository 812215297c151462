package dev.hooke.fx.ui;

import static dev.hooke.Tolerances.MARK_RELATIVE;
import static dev.hooke.Tolerances.SETTLE_SECONDS;
import static dev.hooke.fx.ui.UiFixture.eventually;
import static dev.hooke.fx.ui.UiFixture.latest;
import static dev.hooke.fx.ui.UiFixture.onFx;
import static dev.hooke.fx.ui.UiFixture.playStepsTo;
import static dev.hooke.fx.ui.UiFixture.press;
import static dev.hooke.fx.ui.UiFixture.statusTime;
import static dev.hooke.fx.ui.UiFixture.text;
import static dev.hooke.fx.ui.UiFixture.timeText;
import static dev.hooke.fx.ui.UiFixture.type;
import static dev.hooke.fx.ui.UiFixture.waitFor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.TestScale;
import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.scene.SceneType;
import dev.hooke.fx.I18n;
import dev.hooke.fx.Phrases;
import dev.hooke.fx.Workbench;
import dev.hooke.fx.chart.ChartsPane;
import dev.hooke.fx.controls.Numbers;
import dev.hooke.fx.sim.EnergySample;
import dev.hooke.fx.sim.Snapshot;
import java.util.ArrayList;
import java.util.List;
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
 * What the window shows after a person goes from a scene to a lesson, from one lesson to another
 * and from a lesson back to a scene: the slider marks, the charts' data, Reset after a lesson's
 * step, the compare and integrator panels during a lesson, the scene a lesson leaves. Every check
 * reads the views the person sees (the slider marks, the side panel, the charts, the status bar),
 * not only the one the action touched.
 */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class LessonTransitionsUiTest {

    /**
     * The frames a watch covers: half a second of a window drawing at 60 frames/s, 1.5 s under
     * -Pexhaustive.
     */
    private static final int WATCHED_PULSES = TestScale.of(30, 90);
    /** A mismatch of the window with itself counts when it lasts this many frames in a row. */
    private static final int LASTING_PULSES = 12;

    private Workbench workbench;

    @Start
    void start(Stage stage) {
        workbench = UiFixture.show(stage, SceneType.SPRING, 1500, 1000);
    }

    @Stop
    void stop() {
        workbench.close();
    }

    private Snapshot latest() {
        return UiFixture.latest(workbench);
    }

    // ------------------------------------------------------------------ helpers

    /** The problem with the samples a chart holds, or null: all of {@code s}'s generation, none after its t. */
    private static String foreign(String chart, List<EnergySample> samples, Snapshot s) {
        for (EnergySample e : samples) {
            if (e.generation() != s.generation()) {
                return chart + " holds a sample of generation " + e.generation() + " (t = " + e.time()
                        + " s, lane " + e.lane() + ") while the window shows generation " + s.generation()
                        + " at t = " + s.time() + " s";
            }
        }
        return null;
    }

    private static boolean close(double expected, double actual) {
        if (Double.isNaN(expected) || Double.isInfinite(expected)) {
            return Double.compare(expected, actual) == 0;
        }
        return Math.abs(expected - actual) <= MARK_RELATIVE * Math.abs(expected);
    }

    // ------------------------------------------------------------------ the Δt slider's marks

    /** Scene › Soft cube, then lesson 3: the marks move to the lesson's limit and 2√(m/k), as the panel says. */
    @Test
    void afterSoftCubeThenLessonThreeTheSliderMarksShowTheLessonsBounds(FxRobot robot) {
        UiFixture.chooseScene(robot, SceneType.CUBE);
        eventually("the cube's limit on the slider", SETTLE_SECONDS, () -> {
            Snapshot s = latest();
            return s.topology().type() == SceneType.CUBE && s.limitCurrent() && s.limit() != null
                    && close(s.limit().dtMax(), UiFixture.dtSlider(robot).markValue("limitMark")) ? null
                    : "the cube's limit is not marked yet";
        });
        double cubeLimit = onFx(() -> UiFixture.dtSlider(robot).markValue("limitMark"));

        // the marks against the panel, with the question open: predict mode (which hides both) off
        robot.interact(() -> workbench.model().predictModeProperty().set(false));
        UiFixture.openLesson(robot, workbench, "03");
        eventually("the lesson's limit", SETTLE_SECONDS, () -> latest().limit() != null && latest().limitCurrent()
                ? null : "the lesson's limit is not known yet");
        eventually("the slider's marks against the panel and the snapshot", SETTLE_SECONDS, () -> {
            Snapshot s = latest();
            double limit = UiFixture.dtSlider(robot).markValue("limitMark");
            double naive = UiFixture.dtSlider(robot).markValue("naiveMark");
            String detail = text(robot, "#limitDetail");
            if (!close(s.limit().dtMax(), limit)) {
                return "the limit mark is at " + limit + " s (the cube's was " + cubeLimit + " s) while the panel says \""
                        + detail + "\" and the snapshot " + s.limit().dtMax() + " s";
            }
            if (!close(s.naiveBound(), naive)) {
                return "the 2√(m/k) mark is at " + naive + " s while the panel says \"" + detail
                        + "\" and the snapshot " + s.naiveBound() + " s";
            }
            if (!detail.contains(Phrases.limit(s.limit())) || !detail.contains(Numbers.format(s.naiveBound()))) {
                return "the panel says \"" + detail + "\", not the snapshot's limit " + Phrases.limit(s.limit())
                        + " and 2√(m/k) = " + Numbers.format(s.naiveBound());
            }
            return null;
        });
    }

    // ------------------------------------------------------------------ the charts' data

    /** Lesson 3 ends in an explosion; lesson 6 opened next draws only its own samples. */
    @Test
    void afterLessonThreeTheEnergyChartOfLessonSixHoldsOnlyLessonSix(FxRobot robot) {
        UiFixture.openLesson(robot, workbench, "03");
        playStepsTo(robot, workbench, 4);
        waitFor("lesson 3's energies drawn", () -> !workbench.charts().energy().samples().isEmpty());

        UiFixture.openLesson(robot, workbench, "06");
        eventually("the energy chart after lesson 3 → lesson 6", SETTLE_SECONDS,
                () -> foreign("the energy chart", workbench.charts().energy().samples(), latest()));
        String later = UiFixture.watchPulses(workbench, WATCHED_PULSES,
                () -> foreign("the energy chart", workbench.charts().energy().samples(), latest()));
        assertNull(later, "after lesson 3 → lesson 6, in the frames that followed");

        UiFixture.playStep(robot, workbench);
        eventually("the energy chart after lesson 6's first step", SETTLE_SECONDS, () -> {
            List<EnergySample> samples = workbench.charts().energy().samples();
            return samples.isEmpty() ? "the energy chart draws nothing of lesson 6's first step"
                    : foreign("the energy chart", samples, latest());
        });
    }

    /** Lesson 12's cloth hangs for 3 s; lesson 14's first step then draws the strain of its four runs alone. */
    @Test
    void afterLessonTwelveTheStrainChartOfLessonFourteenHoldsOnlyItsRuns(FxRobot robot) {
        UiFixture.openLesson(robot, workbench, "12");
        playStepsTo(robot, workbench, 5);
        waitFor("lesson 12's strains recorded", () -> !workbench.charts().strain().samples().isEmpty());

        UiFixture.openLesson(robot, workbench, "14");
        UiFixture.playStep(robot, workbench);
        waitFor("the strain chart", () -> workbench.charts().shown().contains(ChartsPane.Kind.STRAIN));
        eventually("the strain chart after lesson 12 → lesson 14", SETTLE_SECONDS, () -> {
            List<EnergySample> samples = workbench.charts().strain().samples();
            if (samples.isEmpty()) {
                return "the strain chart draws nothing of lesson 14's runs";
            }
            String problem = foreign("the strain chart", samples, latest());
            if (problem != null) {
                return problem;
            }
            long lanes = samples.stream().mapToInt(EnergySample::lane).distinct().count();
            return lanes == 4 ? null : "the strain chart draws " + lanes + " runs, lesson 14 compares 4";
        });
    }

    /**
     * The spring plays, then Scene › Cloth: from the first frame of the cloth on, the stability
     * chart draws the cloth's limits (or none while they are computed), never the spring's.
     */
    @Test
    void afterASceneSwitchTheStabilityChartNeverShowsThePreviousScenesLimits(FxRobot robot) {
        press(robot, workbench, KeyCode.SPACE);
        waitFor("the spring's limit drawn", () -> workbench.charts().stability().chart().samples().stream()
                .anyMatch(e -> Double.isFinite(e.limit())));
        double springLimit = latest().limit().dtMax();
        double springNaive = latest().naiveBound();
        UiFixture.chooseScene(robot, SceneType.CLOTH);
        String problem = UiFixture.watchPulses(workbench, 2 * WATCHED_PULSES, () -> {
            Snapshot s = latest();
            if (s.topology().type() != SceneType.CLOTH) {
                return null;
            }
            for (EnergySample e : workbench.charts().stability().chart().samples()) {
                if (e.limit() == springLimit || e.naiveBound() == springNaive) {
                    return "t = " + e.time() + " s of generation " + e.generation()
                            + " draws the spring's bounds (limit " + e.limit() + " s, 2√(m/k) " + e.naiveBound()
                            + " s) over the cloth (shown: generation "
                            + s.generation() + ")";
                }
                if (e.generation() != s.generation()) {
                    return "a sample of generation " + e.generation() + " drawn over the cloth's generation "
                            + s.generation();
                }
            }
            return null;
        });
        assertNull(problem, problem);
        waitFor("the cloth", () -> latest().topology().type() == SceneType.CLOTH);
        problem = UiFixture.watchPulses(workbench, WATCHED_PULSES, () -> {
            for (EnergySample e : workbench.charts().stability().chart().samples()) {
                if (e.limit() == springLimit || e.naiveBound() == springNaive || e.generation() != latest().generation()) {
                    return "the stability chart draws t = " + e.time() + " s of generation " + e.generation()
                            + " (limit " + e.limit() + " s) over the cloth's generation " + latest().generation();
                }
            }
            return null;
        });
        assertNull(problem, problem);
        assertEquals(SceneType.CLOTH, latest().topology().type());
    }

    // ------------------------------------------------------------------ Reset after a lesson's step

    /** After lesson 14's comparison, the toolbar's Reset brings t back to 0 in the status bar and the snapshot. */
    @Test
    void resetAfterLessonFourteensFirstStepReturnsTimeToZero(FxRobot robot) {
        UiFixture.openLesson(robot, workbench, "14");
        UiFixture.playStep(robot, workbench);
        waitFor("time to have passed", () -> latest().time() > 0 && statusTime(robot) > 0);
        robot.clickOn("#resetButton");
        assertTimeBackToZero(robot, "the toolbar's Reset");
    }

    /** The same with the key R. */
    @Test
    void keyRAfterLessonFourteensFirstStepReturnsTimeToZero(FxRobot robot) {
        UiFixture.openLesson(robot, workbench, "14");
        UiFixture.playStep(robot, workbench);
        waitFor("time to have passed", () -> latest().time() > 0 && statusTime(robot) > 0);
        press(robot, workbench, KeyCode.R);
        assertTimeBackToZero(robot, "the key R");
    }

    private void assertTimeBackToZero(FxRobot robot, String how) {
        eventually(how + " after lesson 14's first step", SETTLE_SECONDS, () -> {
            Snapshot s = latest();
            String shown = text(robot, "#timeLabel");
            return s.time() == 0 && shown.equals(timeText(s)) ? null
                    : "the status bar says \"" + shown + "\", the snapshot t = " + s.time() + " s; expected t = 0";
        });
    }

    /** Once lesson 14's comparison has ended, the compare panel does not call its runs running. */
    @Test
    void afterLessonFourteensComparisonTheComparePanelDoesNotSayRunning(FxRobot robot) {
        UiFixture.openLesson(robot, workbench, "14");
        UiFixture.playStep(robot, workbench);
        eventually("the compare legend after the step", SETTLE_SECONDS, () -> {
            Snapshot s = latest();
            Label legend = (Label) workbench.root().lookup("#compareLegend");
            String running = I18n.text("ws.compare.running");
            if (s.running() || legend == null || !legend.isVisible()) {
                return null;
            }
            return legend.getText().contains(running)
                    ? "the step has ended (the snapshot is not running) and the compare panel says \""
                            + legend.getText().replace('\n', ' ') + "\""
                    : null;
        });
    }

    // ------------------------------------------------------------------ the integrator box and its description

    /**
     * Lesson 6's second step runs Verlet, its third compares explicit Euler with Verlet: all the
     * while the integrator box names the method the description under it describes.
     */
    @Test
    void duringLessonSixsStepsTwoAndThreeTheIntegratorBoxMatchesItsDescription(FxRobot robot) {
        UiFixture.openLesson(robot, workbench, "06");
        UiFixture.playStep(robot, workbench);
        for (int step = 2; step <= 3; step++) {
            robot.interact(() -> workbench.lessons().next());
            int shown = step;
            robot.interact(() -> {
                var q = workbench.lessons().session().lesson().steps().get(workbench.lessons().stepIndex()).question();
                if (q != null && q.isMultipleChoice()) {
                    robot.lookup("#answer" + q.answer()).queryAs(javafx.scene.control.RadioButton.class).setSelected(true);
                } else if (q != null) {
                    robot.lookup("#answerField").queryTextInputControl().setText(Double.toString(q.value()));
                }
                workbench.lessons().runStep();
            });
            // watch the step play for a while, then let it finish and watch the end
            String during = watchIntegrator(robot, "during step " + shown, WATCHED_PULSES);
            robot.interact(() -> workbench.lessons().finishQuickly());
            waitFor("step " + shown, () -> workbench.lessons().result() != null && !workbench.lessons().isBusy());
            String after = watchIntegrator(robot, "after step " + shown, Math.max(WATCHED_PULSES / 3, 2 * LASTING_PULSES));
            assertTrue(during == null && after == null, during != null ? during : after);
        }
    }

    /**
     * The first mismatch between the box and the description that lasts {@value #LASTING_PULSES}
     * frames in a row, in the next {@code frames} frames of the window, or null.
     */
    private String watchIntegrator(FxRobot robot, String when, int frames) {
        int[] run = {0};
        String found = UiFixture.watchPulses(workbench, frames, () -> {
            String now = integratorMismatch(robot);
            run[0] = now == null ? 0 : run[0] + 1;
            return run[0] >= LASTING_PULSES ? now : null;
        });
        return found == null ? null : when + ": " + found;
    }

    private String integratorMismatch(FxRobot robot) {
        ComboBox<?> box = robot.lookup("#integratorChoice").queryAs(ComboBox.class);
        String detail = text(robot, "#limitDetail");
        IntegratorKind chosen = (IntegratorKind) box.getValue();
        if (chosen == null) {
            return "the integrator box is empty";
        }
        for (IntegratorKind k : IntegratorKind.values()) {
            if (k != chosen && detail.startsWith(Phrases.integrator(k))) {
                return "the box says " + Phrases.integrator(chosen) + ", the description \"" + detail + "\"";
            }
        }
        return null;
    }

    // ------------------------------------------------------------------ a lesson, then a scene

    /**
     * Lesson 14 open, then Scene › Soft cube: the scene box, the view, the side panel and the
     * status bar all show the cube, and Play runs it.
     */
    @Test
    void afterLessonFourteenSoftCubeIsShownEverywhereAndPlays(FxRobot robot) {
        UiFixture.openLesson(robot, workbench, "14");
        UiFixture.chooseScene(robot, SceneType.CUBE);
        String cubeDt = Numbers.format(SceneType.CUBE.recipe().defaultDt());
        eventually("the cube everywhere", SETTLE_SECONDS, () -> {
            ComboBox<?> box = robot.lookup("#sceneChoice").queryAs(ComboBox.class);
            Snapshot rendered = workbench.rendered();
            Snapshot s = latest();
            List<String> wrong = new ArrayList<>();
            if (box.getValue() != SceneType.CUBE) {
                wrong.add("the scene box shows " + box.getValue());
            }
            if (rendered == null || rendered.topology().type() != SceneType.CUBE) {
                wrong.add("the view shows the " + (rendered == null ? "nothing" : rendered.topology().type()));
            }
            if (s.topology().type() != SceneType.CUBE) {
                wrong.add("the newest snapshot is of the " + s.topology().type());
            }
            String field = robot.lookup("#dtField").queryTextInputControl().getText();
            if (!field.equals(cubeDt)) {
                wrong.add("the panel's Δt is " + field);
            }
            if (!text(robot, "#dtLabel").equals(I18n.text("status.dt", cubeDt))) {
                wrong.add("the status bar says \"" + text(robot, "#dtLabel") + "\"");
            }
            return wrong.isEmpty() ? null : String.join("; ", wrong) + " (expected the cube, Δt = " + cubeDt + " s)";
        });
        double t0 = latest().time();
        robot.clickOn("#playButton");
        eventually("the cube to play", SETTLE_SECONDS, () -> {
            Snapshot s = latest();
            return s.running() && s.topology().type() == SceneType.CUBE && s.time() > t0 + 0.05
                    && workbench.rendered().topology().type() == SceneType.CUBE ? null
                    : "after Play the " + s.topology().type() + " shows t = " + s.time() + " s (running: " + s.running() + ")";
        });
        assertNotEquals(SceneType.CLOTH, workbench.rendered().topology().type());
    }

    /**
     * Lesson 13 open, Scene › Soft cube, Play for a second, Pause, then the lesson closed: the
     * window goes on showing the same cube at the same t, with no jump.
     */
    @Test
    void closingLessonThirteenAfterSoftCubeKeepsTheCubeAndItsTime(FxRobot robot) {
        UiFixture.openLesson(robot, workbench, "13");
        UiFixture.chooseScene(robot, SceneType.CUBE);
        robot.clickOn("#playButton");
        waitFor("the cube to fall for half a second", () -> latest().running()
                && latest().topology().type() == SceneType.CUBE && latest().time() > 0.5);
        robot.clickOn("#playButton");
        eventually("the pause", SETTLE_SECONDS, () -> latest().running() ? "still running" : null);
        Snapshot paused = latest();
        eventually("the status bar at the paused t", SETTLE_SECONDS,
                () -> text(robot, "#timeLabel").equals(UiFixture.timeText(paused)) ? null
                        : "the status bar says " + text(robot, "#timeLabel") + ", paused at " + UiFixture.timeText(paused));
        String before = onFx(() -> text(robot, "#timeLabel"));
        SceneType shownBefore = onFx(() -> workbench.rendered().topology().type());
        robot.interact(() -> workbench.lessons().closeLesson());
        eventually("the window after closing the lesson", SETTLE_SECONDS, () -> {
            String after = text(robot, "#timeLabel");
            SceneType shown = workbench.rendered().topology().type();
            return after.equals(before) && shown == SceneType.CUBE && shownBefore == SceneType.CUBE ? null
                    : "before closing, the " + shownBefore + " at \"" + before + "\"; after, the " + shown
                            + " at \"" + after + "\"";
        });
    }

    /**
     * Lesson 14's first step played, the panel hidden with ×, Scene › Soft cube run for a while,
     * then Reset: the cube is built afresh (t = 0) in the snapshot, the view, the scene box and
     * the status bar, not the lesson's scene, and the timeline is offered for it. The lesson is
     * still open: shown again, its next step brings its own simulation back, the timeline goes,
     * and Reset is the lesson's again.
     */
    @Test
    void resetAfterTheLessonPanelIsHiddenAndASceneChosenRebuildsThatScene(FxRobot robot) {
        UiFixture.openLesson(robot, workbench, "14");
        UiFixture.playStep(robot, workbench);
        assertNotEquals(SceneType.CUBE, latest().topology().type(), "the test needs a lesson whose scene is not the cube");
        robot.clickOn("#lessonHide");
        waitFor("the lesson panel to hide", () -> !workbench.lessons().shownProperty().get());
        UiFixture.chooseScene(robot, SceneType.CUBE);
        waitFor("the cube", () -> latest().topology().type() == SceneType.CUBE);
        robot.clickOn("#playButton");
        waitFor("the cube to run", () -> latest().running() && latest().time() > 0.1);
        robot.clickOn("#playButton");
        waitFor("the pause", () -> !latest().running());

        robot.clickOn("#resetButton");
        eventually("Reset of the cube chosen after hiding the lesson", SETTLE_SECONDS, () -> {
            Snapshot s = latest();
            Snapshot rendered = workbench.rendered();
            ComboBox<?> box = robot.lookup("#sceneChoice").queryAs(ComboBox.class);
            List<String> wrong = new ArrayList<>();
            if (s.topology().type() != SceneType.CUBE || s.time() != 0) {
                wrong.add("the snapshot is of the " + s.topology().type() + " at t = " + s.time() + " s");
            }
            if (rendered == null || rendered != s) {
                wrong.add("the view shows " + (rendered == null ? "nothing" : "the " + rendered.topology().type()
                        + " of generation " + rendered.generation()) + ", not the newest snapshot");
            }
            if (box.getValue() != SceneType.CUBE) {
                wrong.add("the scene box shows " + box.getValue());
            }
            if (!text(robot, "#timeLabel").equals(timeText(s))) {
                wrong.add("the status bar says \"" + text(robot, "#timeLabel") + "\"");
            }
            if (!shownWithParents(robot.lookup("#timelineSlider").query())) {
                wrong.add("the timeline is hidden");
            }
            java.util.Set<String> marked = marked(robot);
            if (!marked.isEmpty()) {
                wrong.add("the lesson's controls " + marked + " are still marked");
            }
            return wrong.isEmpty() ? null : String.join("; ", wrong) + " (expected the cube afresh, t = 0)";
        });
        assertTrue(workbench.lessons().session() != null, "hiding the panel leaves the lesson open");

        robot.interact(() -> {
            workbench.lessons().shownProperty().set(true);
            workbench.lessons().next();
        });
        UiFixture.playStep(robot, workbench);
        SceneType stepScene = workbench.lessons().session().scene().type();
        eventually("the lesson's second step shown", SETTLE_SECONDS, () -> {
            Snapshot s = latest();
            java.util.Set<String> expected = new java.util.TreeSet<>(workbench.lessons().highlightedControls());
            if (!marked(robot).equals(expected)) {
                return "the controls marked are " + marked(robot) + ", the step uses " + expected;
            }
            return s.topology().type() == stepScene && workbench.rendered() == s
                    && !shownWithParents(robot.lookup("#timelineSlider").query()) ? null
                    : "the " + s.topology().type() + " is shown (the lesson's step is of the " + stepScene
                            + "), the timeline " + (shownWithParents(robot.lookup("#timelineSlider").query())
                            ? "shown" : "hidden");
        });
        robot.clickOn("#resetButton");
        eventually("Reset during the lesson again", SETTLE_SECONDS, () -> {
            Snapshot s = latest();
            return s.time() == 0 && s.topology().type() == stepScene
                    && s.scene().equals(workbench.lessons().session().scene()) ? null
                    : "after Reset the " + s.topology().type() + " at t = " + s.time() + " s; the lesson's step is of the "
                            + stepScene;
        });
    }

    /** The ids of the side panel's and toolbar's controls marked as a lesson step's. */
    private static java.util.Set<String> marked(FxRobot robot) {
        java.util.Set<String> ids = new java.util.TreeSet<>();
        for (String id : dev.hooke.fx.lesson.LessonPanel.CONTROL_IDS) {
            javafx.scene.Node n = robot.lookup("#" + id).tryQuery().orElse(null);
            if (n != null && n.getStyleClass().contains("lesson-highlight")) {
                ids.add(id);
            }
        }
        return ids;
    }

    /** Whether the node and every parent up to the scene are visible. */
    private static boolean shownWithParents(javafx.scene.Node node) {
        for (javafx.scene.Node n = node; n != null; n = n.getParent()) {
            if (!n.isVisible()) {
                return false;
            }
        }
        return true;
    }
}
