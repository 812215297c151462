package dev.hooke.fx.ui;

import static dev.hooke.Tolerances.SETTLE_SECONDS;
import static dev.hooke.fx.ui.UiFixture.eventually;
import static dev.hooke.fx.ui.UiFixture.latest;
import static dev.hooke.fx.ui.UiFixture.onFx;
import static dev.hooke.fx.ui.UiFixture.waitFor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.scene.Perturbation;
import dev.hooke.core.scene.SceneFile;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.scene.Scenes;
import dev.hooke.core.sim.Simulation;
import dev.hooke.core.stability.StabilityAnalysis;
import dev.hooke.fx.Phrases;
import dev.hooke.fx.Workbench;
import dev.hooke.fx.sim.Snapshot;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
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
 * What a lesson's steps show while and after they run: each step's limit in every view (lesson
 * 12), a Δt sweep playing its runs in the view (lesson 3), Reset after a comparison of four
 * methods keeping all four (lesson 14), and the keys that run a step and go on.
 */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class LessonStepsUiTest {

    /** How far the shown limit may lie from the limit of the step's scene at rest: the lesson's own tolerance. */
    private static final double LIMIT_RELATIVE = 0.02;

    private Workbench workbench;

    @Start
    void start(Stage stage) {
        workbench = UiFixture.show(stage, SceneType.SPRING, 1500, 1000);
    }

    @Stop
    void stop() {
        workbench.close();
    }

    /** The limit of the lesson's scene as the step left it, at rest, from the engine's analysis. */
    private static double restLimit(SceneFile f) {
        return StabilityAnalysis.predictedLimit(Scenes.build(f.spec().perturbation(Perturbation.NONE)),
                f.integrator(), f.verletDelta()).dtMax();
    }

    /** Lesson 12, steps 1–4 run one after the other: after each, the side panel, status bar and slider show its limit. */
    @Test
    void lessonTwelveShowsEachStepsOwnLimitOnceItHasRun(FxRobot robot) {
        UiFixture.openLesson(robot, workbench, "12");
        double previous = Double.NaN;
        for (int step = 1; step <= 4; step++) {
            UiFixture.playStep(robot, workbench);
            SceneFile scene = onFx(() -> workbench.lessons().session().scene());
            double expected = restLimit(scene);
            assertTrue(!(Math.abs(expected - previous) <= LIMIT_RELATIVE * expected),
                    "step " + step + "'s limit differs from the step before's, so that a stale one shows");
            int at = step;
            eventually("step " + step + "'s limit in every view", SETTLE_SECONDS, () -> {
                Snapshot s = latest(workbench);
                if (!s.scene().equals(scene)) {
                    return "the runner shows another scene than step " + at + " left";
                }
                if (s.limit() == null || !s.limitCurrent()) {
                    return "the limit is being analysed";
                }
                if (Math.abs(s.limit().dtMax() - expected) > LIMIT_RELATIVE * expected) {
                    return "the snapshot's limit " + s.limit().dtMax() + " s, the step's " + expected + " s";
                }
                String want = Phrases.limit(s.limit());
                String detail = UiFixture.text(robot, "#limitDetail");
                String status = UiFixture.text(robot, "#limitLabel");
                if (!detail.contains(want) || !status.contains(want)) {
                    return "the side panel says '" + detail + "', the status bar '" + status + "', not " + want;
                }
                double mark = UiFixture.dtSlider(robot).markValue("limitMark");
                return Math.abs(mark - s.limit().dtMax()) <= 1e-9 * expected ? null
                        : "the slider's limit mark is at " + mark + " s";
            });
            previous = expected;
            if (step < 4) {
                robot.interact(() -> workbench.lessons().next());
            }
        }
    }

    /** Lesson 3's sweep plays each Δt's run in the view while its chart fills in. */
    @Test
    void lessonThreesSweepPlaysItsRunsInTheView(FxRobot robot) {
        UiFixture.openLesson(robot, workbench, "03");
        UiFixture.playStep(robot, workbench);
        robot.interact(() -> workbench.lessons().next());
        robot.interact(() -> {
            UiFixture.answer(robot, workbench);
            workbench.lessons().runStep();
        });
        // paced: the view shows the trials one after the other while the sweep chart takes their rows
        Set<Integer> generations = new HashSet<>();
        List<float[]> positions = new ArrayList<>();
        int[] rows = {0};
        String problem = UiFixture.watchPulses(workbench, 400, () -> {
            Snapshot s = workbench.rendered();
            if (workbench.lessons().isBusy() && s != null) {
                generations.add(s.generation());
                if (positions.isEmpty() || !java.util.Arrays.equals(positions.get(positions.size() - 1), s.positions())) {
                    positions.add(s.positions());
                }
                var sweep = workbench.lessons().sweepShown();
                rows[0] = Math.max(rows[0], sweep == null ? 0 : sweep.rows().size());
            }
            return null;
        });
        assertEquals(null, problem);
        assertTrue(positions.size() > 10, "the view's positions changed " + positions.size() + " times while the sweep ran");
        assertTrue(generations.size() >= 2, "the view showed " + generations.size() + " runs of the sweep");
        assertTrue(rows[0] >= 1, "the sweep chart took rows while the sweep ran");
        robot.interact(() -> workbench.lessons().finishQuickly());
        waitFor("the sweep's end", () -> workbench.lessons().result() != null && !workbench.lessons().isBusy());
        assertEquals(8, onFx(() -> workbench.lessons().sweepShown().rows().size()), "the sweep's rows once it has run");
    }

    /** The steps each of the four runs has taken, from the engine. */
    private long[] laneSteps() throws Exception {
        long[] out = new long[4];
        for (int k = 0; k < 4; k++) {
            out[k] = workbench.runner().query(k, Simulation::steps).get(30, TimeUnit.SECONDS);
        }
        return out;
    }

    /** Lesson 14 step 1 compares four methods; after Reset all four are there and Play advances each of them. */
    @Test
    void lessonFourteenResetKeepsTheFourRunsAndPlayAdvancesThemAll(FxRobot robot) throws Exception {
        UiFixture.openLesson(robot, workbench, "14");
        UiFixture.playStep(robot, workbench);
        List<IntegratorKind> four = onFx(() -> workbench.lessons().session().compared());
        assertEquals(4, four.size(), "the step compares four methods");
        assertTrue(onFx(() -> workbench.model().compareProperty().get()), "the compare switch is on beside A and B");
        int before = latest(workbench).generation();
        robot.clickOn("#resetButton");
        waitFor("the reset", () -> latest(workbench).generation() > before && latest(workbench).steps() == 0);
        onFx(() -> {
            assertEquals(four, workbench.lessons().session().compared(), "the compared runs after Reset");
            assertEquals(4, workbench.charts().compared().size(), "the charts name four runs");
            assertTrue(workbench.model().compareProperty().get(), "the compare switch after Reset");
            return null;
        });
        long[] start = laneSteps();
        robot.clickOn("#playButton");
        waitFor("the four runs to play", () -> latest(workbench).steps() > 20);
        robot.clickOn("#playButton");
        long[] after = laneSteps();
        for (int k = 0; k < 4; k++) {
            assertTrue(after[k] > start[k], four.get(k) + " (run " + (char) ('A' + k) + ") stepped from " + start[k]
                    + " to " + after[k]);
        }
    }

    /** Enter runs the step, Page Down goes to the next, Page Up back; the panel names the keys. */
    @Test
    void keysRunTheStepAndGoOnAndBack(FxRobot robot) {
        UiFixture.openLesson(robot, workbench, "01");
        assertTrue(UiFixture.text(robot, "#lessonKeys").contains("Page Down"), "the panel names the keys");
        robot.interact(() -> {
            UiFixture.answer(robot, workbench);
            workbench.root().requestFocus();
        });
        UiFixture.press(robot, workbench, KeyCode.ENTER);
        waitFor("the step run by Enter", () -> workbench.lessons().isBusy() || workbench.lessons().result() != null);
        robot.interact(() -> workbench.lessons().finishQuickly());
        waitFor("the step's end", () -> workbench.lessons().result() != null && !workbench.lessons().isBusy());
        UiFixture.press(robot, workbench, KeyCode.PAGE_DOWN);
        waitFor("step 2 after Page Down", () -> workbench.lessons().stepIndex() == 1);
        UiFixture.press(robot, workbench, KeyCode.PAGE_UP);
        waitFor("step 1 after Page Up", () -> workbench.lessons().stepIndex() == 0 && !workbench.lessons().isBusy());
    }

    /**
     * On a projector's 1280 × 720 in large type, the first step's question of every lesson is in
     * sight as the lesson opens: its prompt and its first answer control lie within the lesson
     * panel's viewport, scrolled to the top.
     */
    @Test
    void everyLessonsFirstQuestionIsInSightAtSevenTwentyInLargeType(FxRobot robot) {
        robot.interact(() -> {
            Stage stage = (Stage) workbench.root().getScene().getWindow();
            stage.setWidth(1280);
            stage.setHeight(720);
            workbench.model().largeTypeProperty().set(true);
        });
        List<String> problems = new ArrayList<>();
        for (var entry : onFx(() -> workbench.lessons().entries())) {
            robot.interact(() -> workbench.lessons().open(entry));
            UiFixture.waitFor("the lesson panel drawn", () -> workbench.lessons().session() != null
                    && workbench.lessons().session().lesson() == entry.lesson());
            if (entry.lesson().steps().get(0).question() == null) {
                continue;
            }
            String problem = onFx(() -> {
                javafx.scene.control.ScrollPane pane = (javafx.scene.control.ScrollPane) workbench.root().lookup("#lessonPanel");
                pane.setVvalue(0);
                pane.layout();
                javafx.scene.Node box = workbench.root().lookup("#lessonQuestion");
                javafx.scene.Node prompt = box.lookup(".lesson-prompt");
                javafx.scene.Node first = box.lookup(entry.lesson().steps().get(0).question().isMultipleChoice()
                        ? "#answer1" : "#answerField");
                double viewport = pane.getViewportBounds().getHeight();
                javafx.scene.Node content = pane.getContent();
                double promptBottom = content.sceneToLocal(prompt.localToScene(prompt.getBoundsInLocal())).getMaxY();
                double firstBottom = content.sceneToLocal(first.localToScene(first.getBoundsInLocal())).getMaxY();
                return promptBottom <= viewport && firstBottom <= viewport ? null
                        : entry.fileName() + ": the question's prompt ends at " + Math.round(promptBottom)
                                + " px and its first answer at " + Math.round(firstBottom) + " px, the panel shows "
                                + Math.round(viewport) + " px";
            });
            if (problem != null) {
                problems.add(problem);
            }
        }
        assertEquals(List.of(), problems, "questions below the fold at 1280 × 720 in large type");
    }

    /** The axis titles of the charts shown that are cut short (a label narrower than its text), or an empty list. */
    private List<String> cutAxisTitles() {
        List<String> out = new ArrayList<>();
        for (javafx.scene.chart.XYChart<?, ?> c : UiFixture.shownCharts(workbench)) {
            for (javafx.scene.chart.Axis<?> axis : List.of(c.getXAxis(), c.getYAxis())) {
                for (javafx.scene.Node n : axis.getChildrenUnmodifiable()) {
                    if (n instanceof javafx.scene.control.Label l && l.isVisible() && l.getText() != null
                            && !l.getText().isEmpty() && l.prefWidth(-1) > l.getWidth() + 0.5) {
                        out.add(c.getId() + ": '" + l.getText() + "' needs " + Math.round(l.prefWidth(-1))
                                + " px, has " + Math.round(l.getWidth()));
                    }
                }
            }
        }
        return out;
    }

    /** The charts of lessons 3, 12 and 14 in the lesson layout at 1280 × 800: no axis title is cut. */
    @Test
    void lessonChartsAxisTitlesAreWhole(FxRobot robot) {
        robot.interact(() -> {
            Stage stage = (Stage) workbench.root().getScene().getWindow();
            stage.setWidth(1280);
            stage.setHeight(800);
        });
        List<String> problems = new ArrayList<>();
        for (String lesson : List.of("03", "12", "14")) {
            UiFixture.openLesson(robot, workbench, lesson);
            UiFixture.playStep(robot, workbench);
            onFx(() -> {
                workbench.root().applyCss();
                workbench.root().layout();
                return null;
            });
            problems.addAll(onFx(this::cutAxisTitles));
        }
        assertEquals(List.of(), problems, "axis titles cut in the lesson layout");
    }
}
