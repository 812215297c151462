package dev.hooke.fx.ui;

import static dev.hooke.fx.ui.UiFixture.onFx;
import static dev.hooke.fx.ui.UiFixture.waitFor;
import static dev.hooke.Tolerances.DISPLACEMENT_LAW;
import static dev.hooke.Tolerances.ENERGY_LAW_PER_STEP;
import static dev.hooke.Tolerances.PARAMETER_ROUND_TRIP;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.integrate.ProjectionIntegrator;
import dev.hooke.core.lesson.Action;
import dev.hooke.core.lesson.CheckResult;
import dev.hooke.core.lesson.StepResult;
import dev.hooke.core.lesson.SweepResult;
import dev.hooke.core.scene.SceneFile;
import dev.hooke.fx.lesson.LessonPanel;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.sim.Simulation;
import dev.hooke.fx.I18n;
import dev.hooke.fx.Workbench;
import dev.hooke.fx.chart.ChartsPane;
import dev.hooke.fx.io.SceneFiles;
import dev.hooke.fx.lesson.LessonLibrary;
import dev.hooke.fx.sim.Snapshot;
import dev.hooke.fx.view.Palette;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Pattern;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;

/**
 * The lesson panel, the change of language and File › Open and Save, driven through the real
 * window (TestFX on Monocle's headless platform).
 */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class LessonPanelUiTest {

    private Workbench workbench;

    @TempDir
    Path dir;

    @Start
    void start(Stage stage) {
        workbench = UiFixture.show(stage, SceneType.SPRING, 1500, 1000);
    }

    @Stop
    void stop() {
        workbench.close();
        I18n.setLocale(I18n.ENGLISH);
    }

    private static String text(FxRobot robot, String query) {
        return robot.lookup(query).queryLabeled().getText();
    }

    private void openLesson(FxRobot robot, String filePrefix) {
        UiFixture.openLesson(robot, workbench, filePrefix);
    }

    @Test
    void aLessonIsWalkedThroughThePanel(FxRobot robot) {
        openLesson(robot, "01");
        assertTrue(robot.lookup("#lessonPanel").query().isVisible());
        assertEquals("Step 1 of 5", text(robot, "#lessonStepLabel"));
        assertTrue(text(robot, "#lessonNarration").contains("Run 1 s"));

        // running before answering asks for the answer first
        robot.clickOn("#lessonRun");
        assertEquals(I18n.text("lesson.answerNeeded"), text(robot, "#lessonStatus"));
        assertNull(workbench.lessons().result());

        robot.clickOn("#answer3");
        robot.clickOn("#lessonRun");
        waitFor("the step to run", () -> workbench.lessons().result() != null && !workbench.lessons().isBusy());
        StepResult result = workbench.lessons().result();
        assertFalse(result.checks().isEmpty());
        for (CheckResult c : result.checks()) {
            assertTrue(c.pass(), c.check() + ": " + c.measured());
        }
        var rows = robot.lookup("#lessonChecks").queryAs(javafx.scene.Parent.class).getChildrenUnmodifiable();
        assertEquals(result.checks().size(), rows.stream().filter(n -> n.getStyleClass().contains("pass")).count());
        assertEquals(0, rows.stream().filter(n -> n.getStyleClass().contains("fail")).count());
        assertTrue(text(robot, "#lessonAnswer").startsWith(I18n.text("lesson.right")), text(robot, "#lessonAnswer"));
        // the window shows the lesson's simulation: one second of Δt = 0.01 s
        assertEquals(100, workbench.runner().latest().steps());
        assertEquals(IntegratorKind.EXPLICIT_EULER, workbench.model().integratorProperty().get());

        robot.clickOn("#lessonNext");
        assertEquals("Step 2 of 5", text(robot, "#lessonStepLabel"));
        assertNull(workbench.lessons().result(), "a new step has not run yet");

        robot.clickOn("#lessonBack");
        waitFor("the replay", () -> !workbench.lessons().isBusy());
        assertEquals("Step 1 of 5", text(robot, "#lessonStepLabel"));
        assertNull(workbench.lessons().result(), "back shows the step before it runs");
        assertFalse(robot.lookup("#lessonRun").queryButton().isDisabled());
        waitFor("the lesson's simulation back at t = 0",
                () -> workbench.runner().latest().steps() == 0);
    }

    /** Answers the question of the step shown (rightly), plays it without pacing and waits for it. */
    private void playStep(FxRobot robot) {
        UiFixture.playStep(robot, workbench);
    }

    /** Plays the steps before the first one with an action of type {@code kind}; returns that step's index. */
    private int playUpTo(FxRobot robot, Class<? extends Action> kind, String chart) {
        var steps = workbench.lessons().session().lesson().steps();
        int target = -1;
        for (int i = 0; i < steps.size() && target < 0; i++) {
            for (Action a : steps.get(i).actions()) {
                if (kind.isInstance(a) && (chart == null || chart.equals(((Action.Chart) a).chart()))) {
                    target = i;
                }
            }
        }
        assertTrue(target >= 0, "the lesson has such a step");
        while (workbench.lessons().stepIndex() < target) {
            playStep(robot);
            robot.interact(() -> workbench.lessons().next());
        }
        return target;
    }

    @Test
    void aStepThatAsksForTheSweepChartShowsItsRunsAgainstTheLimit(FxRobot robot) {
        openLesson(robot, "03");
        playUpTo(robot, Action.Chart.class, "sweep");
        waitFor("the step's charts", () -> workbench.charts().shown().equals(Set.of(ChartsPane.Kind.SWEEP)));
        assertTrue(robot.lookup("#sweepChart").query().isVisible());
        assertFalse(robot.lookup("#energyChart").query().isVisible(), "only the chart the step asks for");
        assertTrue(workbench.charts().sweep().sweepSeries().stream().allMatch(x -> x.getData().isEmpty()),
                "nothing is drawn before the step runs");

        playStep(robot);
        SweepResult sweep = workbench.lessons().result().sweep();
        assertNotNull(sweep);
        waitFor("the sweep drawn", () -> !workbench.charts().sweep().sweepSeries().get(1).getData().isEmpty());
        var series = workbench.charts().sweep().sweepSeries();
        var limit = series.get(0).getData();
        assertEquals(2, limit.size());
        assertEquals(Math.log10(sweep.predictedLimit()), limit.get(0).getYValue().doubleValue());
        var exploded = series.get(1).getData();
        var bounded = series.get(2).getData();
        List<SweepResult.Row> rows = sweep.rows();
        assertEquals(rows.stream().filter(SweepResult.Row::exploded).count(), exploded.size());
        assertEquals(rows.size(), exploded.size() + bounded.size());
        assertTrue(exploded.size() > 0 && bounded.size() > 0, "the sweep crosses the limit");
        int e = 0;
        for (SweepResult.Row r : rows) {
            if (r.exploded()) {
                var d = exploded.get(e++);
                assertEquals(Math.log10(r.dt()), d.getYValue().doubleValue());
                assertEquals(r.explodedAt(), d.getXValue().doubleValue());
                assertTrue(r.dt() >= sweep.predictedLimit(), "an exploded run sits above the limit line");
                assertNotNull(d.getNode(), "a mark is drawn");
            }
        }
        for (var d : bounded) {
            assertEquals(sweep.time(), d.getXValue().doubleValue());
            assertTrue(Math.pow(10, d.getYValue().doubleValue()) < sweep.predictedLimit());
        }

        robot.interact(() -> workbench.lessons().next());
        waitFor("the usual charts again", () -> workbench.charts().shown().contains(ChartsPane.Kind.ENERGY));
        assertFalse(robot.lookup("#sweepChart").query().isVisible());
    }

    /**
     * Lesson 5 draws explicit Euler against the exact solution. Its spring (ω = 10 rad/s, released
     * from u₀ = 0.1 m at rest, Δt = h = 0.01 s) has the closed form u(t) = u₀·cos(ωt), and explicit
     * Euler's own solution is known exactly too: z = u + i·v/ω becomes (1 − iωh)·z every step, so
     * u_n = u₀·(1 + h²ω²)^(n/2)·cos(n·atan(hω)).
     */
    @Test
    void aStepThatAsksForTheErrorChartDrawsTheRunAgainstTheExactSolution(FxRobot robot) {
        openLesson(robot, "05");
        playUpTo(robot, Action.Chart.class, "error");
        waitFor("the step's chart", () -> workbench.charts().shown().equals(Set.of(ChartsPane.Kind.ERROR)));
        assertTrue(robot.lookup("#displacementChart").query().isVisible());
        assertFalse(robot.lookup("#energyChart").query().isVisible());
        playStep(robot);
        double u0 = 0.1;
        double omega = 10;
        double h = 0.01;
        var series = workbench.charts().displacement().series();
        assertEquals(3, series.size(), "u, u exact and the error");
        waitFor("the run drawn to its end", () -> {
            var d = series.get(0).getData();
            return !d.isEmpty() && Math.abs(d.get(d.size() - 1).getXValue().doubleValue() - 1) < h / 2;
        });
        for (int k = 0; k < 3; k++) {
            assertTrue(series.get(k).getData().size() > 20, series.get(k).getName());
        }
        for (var d : series.get(0).getData()) {
            double t = d.getXValue().doubleValue();
            long n = Math.round(t / h);
            double euler = u0 * Math.pow(1 + h * h * omega * omega, n / 2.0) * Math.cos(n * Math.atan(h * omega));
            assertEquals(euler, d.getYValue().doubleValue(), DISPLACEMENT_LAW * u0, "u at t = " + t);
        }
        for (var d : series.get(1).getData()) {
            double t = d.getXValue().doubleValue();
            assertEquals(u0 * Math.cos(omega * t), d.getYValue().doubleValue(), DISPLACEMENT_LAW * u0,
                    "u exact at t = " + t);
        }
        var u = series.get(0).getData();
        var exact = series.get(1).getData();
        var error = series.get(2).getData();
        assertEquals(u.size(), error.size());
        for (int i = 0; i < error.size(); i++) {
            assertEquals(u.get(i).getYValue().doubleValue() - exact.get(i).getYValue().doubleValue(),
                    error.get(i).getYValue().doubleValue(), DISPLACEMENT_LAW * u0);
        }
    }

    @Test
    void movingASliderDuringALessonReplaysTheStepWithTheNewValueAndDoesNotJudgeIt(FxRobot robot) throws Exception {
        openLesson(robot, "01");
        playStep(robot);
        assertFalse(workbench.lessons().resultChanged());
        // one spring, explicit Euler: E(n+1)/E(n) = 1 + Δt²·k/m, 1.01 with the lesson's k = 100 N/m, m = 1 kg
        assertEquals(1.01, workbench.lessons().result().runs().get(0).maxStepRatio(), ENERGY_LAW_PER_STEP);

        robot.interact(() -> workbench.model().stiffnessProperty().set(400));
        LessonPanel.Played replayed = played("the step played again with k = 400 N/m", true);
        assertEquals(Map.of(SceneFile.Key.K, 400.0), replayed.ranWith());
        StepResult changed = replayed.result();
        assertEquals(1.04, changed.runs().get(0).maxStepRatio(), ENERGY_LAW_PER_STEP * 1.04);
        assertEquals(400, workbench.runner().latest().parameters().stiffness());
        assertEquals(100, workbench.runner().latest().steps(), "the step ran afresh, one second");
        assertEquals(400, workbench.model().stiffnessProperty().get(), "the slider keeps the person's value");
        var rows = robot.lookup("#lessonChecks").queryAs(javafx.scene.Parent.class).getChildrenUnmodifiable();
        long judged = rows.stream().filter(n -> n.getStyleClass().contains("pass") || n.getStyleClass().contains("fail"))
                .count();
        assertEquals(0, judged, "checks written for the lesson's values are not judged");
        assertEquals(changed.checks().size(), rows.stream().filter(n -> n.getStyleClass().contains("changed")).count());
        assertEquals(I18n.text("lesson.changedSummary"), text(robot, "#lessonStatus"));
        assertTrue(text(robot, "#lessonOverride").contains("400"), text(robot, "#lessonOverride"));

        robot.clickOn("#lessonRevert");
        LessonPanel.Played reverted = played("the step played again with the lesson's values", false);
        assertEquals(1.01, reverted.result().runs().get(0).maxStepRatio(), ENERGY_LAW_PER_STEP);
        assertEquals(100, workbench.model().stiffnessProperty().get());
        assertEquals(100, workbench.runner().latest().parameters().stiffness());
        assertTrue(robot.lookup("#lessonOverride").tryQuery().isEmpty());
        rows = robot.lookup("#lessonChecks").queryAs(javafx.scene.Parent.class).getChildrenUnmodifiable();
        assertEquals(reverted.result().checks().size(),
                rows.stream().filter(n -> n.getStyleClass().contains("pass")).count());
    }

    /**
     * Waits until the step shown has been played, by the lesson's values ({@code changed} false)
     * or the person's, and returns it: the result and the values it ran with, read as one value.
     */
    private LessonPanel.Played played(String what, boolean changed) {
        waitFor(what, () -> !workbench.lessons().isBusy() && workbench.lessons().played() != null
                && workbench.lessons().played().changed() == changed);
        return onFx(() -> workbench.lessons().played());
    }

    @Test
    void aSliderMovedBeforeAStepRunsChangesTheLessonsSimulation(FxRobot robot) {
        openLesson(robot, "01");
        robot.interact(() -> workbench.model().dtProperty().set(0.005));
        waitFor("the lesson's simulation to take Δt = 0.005 s",
                () -> workbench.runner().latest().dt() == 0.005);
        assertEquals(Map.of(SceneFile.Key.DT, 0.005), workbench.lessons().overrides());
        playStep(robot);
        LessonPanel.Played played = onFx(() -> workbench.lessons().played());
        assertEquals(Map.of(SceneFile.Key.DT, 0.005), played.ranWith(), "the step ran with the person's Δt");
        // explicit Euler at Δt = 0.005 s, ω = 10 rad/s: 1 + Δt²ω² = 1.0025 per step, 200 steps in a second
        assertEquals(1.0025, played.result().runs().get(0).maxStepRatio(), ENERGY_LAW_PER_STEP);
        assertEquals(200, played.result().runs().get(0).steps());
        // the step took the slider's value in as it started: nothing waits to play it a second time
        assertFalse(onFx(() -> workbench.lessons().valuesWaiting()), "the slider's value waits to be taken in again");
        assertEquals(played, onFx(() -> workbench.lessons().played()), "the step was played again");
    }

    @Test
    void aCompareStepDrawsBothRunsInTheView(FxRobot robot) {
        openLesson(robot, "02");
        int at = playUpTo(robot, Action.Compare.class, null);
        Action.Compare compare = (Action.Compare) workbench.lessons().session().lesson().steps().get(at).actions()
                .stream().filter(a -> a instanceof Action.Compare).findFirst().orElseThrow();
        assertNull(workbench.runner().latest().compare(), "one system before the comparison");
        assertEquals(0, comparePixels(robot), "nothing in the second system's colour before the comparison");

        playStep(robot);
        StepResult r = workbench.lessons().result();
        Snapshot shown = workbench.runner().latest();
        assertNotNull(shown.compare(), "the comparison is still shown after its step");
        assertEquals(compare.integrators().get(0), shown.integrator());
        assertEquals(compare.integrators().get(1), shown.compare().integrator());
        var runA = r.runs().stream().filter(x -> x.integrator() == compare.integrators().get(0)).findFirst().orElseThrow();
        var runB = r.runs().stream().filter(x -> x.integrator() == compare.integrators().get(1)).findFirst().orElseThrow();
        // the view shows each run's end: its explosion, or its last step
        assertSame(runA.explosion(), shown.explosion());
        assertSame(runB.explosion(), shown.compare().explosion());
        assertTrue(runA.exploded() != runB.exploded(), "one method explodes, the other holds");
        assertEquals(runA.exploded() ? runB.steps() : runA.steps(),
                runA.exploded() ? shown.compare().steps() : shown.steps());
        assertFalse(java.util.Arrays.equals(shown.positions(), shown.compare().positions()),
                "different methods, different states");
        waitFor("the view to draw the second system", () -> comparePixels(robot) > 20);
        assertTrue(workbench.chart().lines().stream().anyMatch(l -> l.lane() == 1), "the charts plot both runs");
    }

    @Test
    void theProjectionIterationsOfALessonReachTheWorkbenchAndStayWhenItIsLeft(FxRobot robot) throws Exception {
        openLesson(robot, "14");
        var steps = workbench.lessons().session().lesson().steps();
        int target = -1;
        for (int i = 0; i < steps.size() && target < 0; i++) {
            for (Action a : steps.get(i).actions()) {
                if (a instanceof Action.Set set && set.change().containsKey(SceneFile.Key.ITERATIONS)) {
                    target = i;
                }
            }
        }
        assertTrue(target >= 0, "lesson 14 sets the iterations");
        while (workbench.lessons().stepIndex() <= target) {
            playStep(robot);
            if (workbench.lessons().stepIndex() < target) {
                robot.interact(() -> workbench.lessons().next());
            } else {
                break;
            }
        }
        SceneFile lessonScene = workbench.lessons().session().scene();
        assertTrue(lessonScene.integrator().isProjection());
        assertFalse(lessonScene.iterations() == ProjectionIntegrator.DEFAULT_ITERATIONS,
                "the step leaves a number of iterations other than the default");
        assertEquals(lessonScene.iterations(), workbench.model().projectionIterationsProperty().get());
        assertEquals(lessonScene.pbdStiffness(), workbench.model().pbdStiffnessProperty().get());

        robot.interact(() -> workbench.lessons().closeLesson());
        assertEquals(lessonScene.integrator(), UiFixture.engine(workbench, Simulation::integratorKind));
        assertEquals(lessonScene.iterations(),
                (int) UiFixture.engine(workbench, sim -> ((ProjectionIntegrator) sim.integrator()).iterations()),
                "the workbench goes on with the lesson's iterations");
    }

    /** The pixels of the view drawn in the second system's colour. */
    private int comparePixels(FxRobot robot) {
        AtomicReference<javafx.scene.image.WritableImage> image = new AtomicReference<>();
        robot.interact(() -> image.set(workbench.view().node().snapshot(null, null)));
        var reader = image.get().getPixelReader();
        int n = 0;
        for (int y = 0; y < (int) image.get().getHeight(); y++) {
            for (int x = 0; x < (int) image.get().getWidth(); x++) {
                javafx.scene.paint.Color c = reader.getColor(x, y);
                if (Math.abs(c.getRed() - Palette.COMPARE.getRed()) < 0.02
                        && Math.abs(c.getGreen() - Palette.COMPARE.getGreen()) < 0.02
                        && Math.abs(c.getBlue() - Palette.COMPARE.getBlue()) < 0.02) {
                    n++;
                }
            }
        }
        return n;
    }

    @Test
    void theControlsAStepUsesAreHighlighted(FxRobot robot) {
        openLesson(robot, "03");
        int steps = workbench.lessons().session().lesson().steps().size();
        boolean seen = false;
        for (int i = 0; i < steps && !seen; i++) {
            var controls = workbench.lessons().highlightedControls();
            for (String id : controls) {
                assertTrue(robot.lookup("#" + id).query().getStyleClass().contains("lesson-highlight"), id);
                seen = true;
            }
            if (!seen) {
                playStep(robot);
                robot.interact(() -> workbench.lessons().next());
            }
        }
        assertTrue(seen, "some step of lesson 3 uses a control");
        assertFalse(robot.lookup("#gravity").query().getStyleClass().contains("lesson-highlight"));
    }

    @Test
    void switchingToChineseChangesTheTextsAndKeepsTheSimulation(FxRobot robot) throws Exception {
        robot.clickOn("#playButton");
        waitFor("a little simulated time", () -> workbench.runner().latest().time() > 0.2);
        assertEquals("Step", robot.lookup("#stepButton").queryButton().getText());
        openLesson(robot, "02");
        String english = text(robot, "#lessonNarration");

        robot.interact(() -> I18n.setLocale(I18n.CHINESE));
        assertEquals("单步", robot.lookup("#stepButton").queryButton().getText());
        assertEquals("课程", robot.lookup("#menuBar").queryAs(javafx.scene.control.MenuBar.class).getMenus().get(1).getText());
        assertEquals("第 1 步，共 3 步".replace("3", Integer.toString(
                workbench.lessons().session().lesson().steps().size())), text(robot, "#lessonStepLabel"));
        String chinese = text(robot, "#lessonNarration");
        assertFalse(chinese.equals(english), chinese);
        assertTrue(chinese.codePoints().anyMatch(c -> Character.UnicodeScript.of(c) == Character.UnicodeScript.HAN),
                chinese);
        assertEquals("时间步长 Δt", robot.lookup("#dt .parameter-name").queryAs(Label.class).getText());

        robot.interact(() -> workbench.lessons().closeLesson());
        robot.interact(() -> I18n.setLocale(I18n.ENGLISH));
        assertEquals("Step", robot.lookup("#stepButton").queryButton().getText());
        assertEquals("Time step Δt", robot.lookup("#dt .parameter-name").queryAs(Label.class).getText());
        // the new controls drive the same simulation
        robot.clickOn("#stepButton");
        assertTrue(UiFixture.engine(workbench, Simulation::steps) > 0, "the simulation was not reset by the change of language");
    }

    /** The texts of the first check row: its name, what was expected, what was measured. */
    private static List<String> firstCheckRow(FxRobot robot) {
        javafx.scene.Node row = robot.lookup("#lessonChecks .check-row").query();
        return robot.from(row).lookup(".label").queryAllAs(Label.class).stream()
                .filter(l -> l.getStyleClass().contains("check-name") || l.getStyleClass().contains("check-detail"))
                .map(Label::getText).toList();
    }

    private static boolean han(String s) {
        return s.codePoints().anyMatch(c -> Character.UnicodeScript.of(c) == Character.UnicodeScript.HAN);
    }

    @Test
    void theChecksAreShownInTheLanguageInUseWithTheSameNumbers(FxRobot robot) {
        openLesson(robot, "01");
        robot.clickOn("#answer3");
        robot.clickOn("#lessonRun");
        waitFor("the step to run", () -> workbench.lessons().result() != null && !workbench.lessons().isBusy());
        CheckResult first = workbench.lessons().result().checks().get(0);
        List<String> english = firstCheckRow(robot);
        assertEquals(List.of("energy ratio per step", "expected: " + first.expected(),
                "measured: " + first.measured()), english);

        robot.interact(() -> I18n.setLocale(I18n.CHINESE));
        List<String> chinese = firstCheckRow(robot);
        assertEquals(List.of("每步能量比", "预期：" + first.expectedText().zh(),
                "实测：" + first.measuredText().zh()), chinese);
        for (String line : chinese) {
            assertTrue(han(line), line);
        }
        assertTrue(text(robot, "#lessonStatus").startsWith("全部"), text(robot, "#lessonStatus"));
        // no space after a Chinese full stop between two sentences
        assertTrue(text(robot, "#lessonAnswer").startsWith("正确。答案："), text(robot, "#lessonAnswer"));
        // the numbers are the same strings in both languages
        Pattern number = Pattern.compile("\\d+(?:\\.\\d+)?(?:e[-+]?\\d+)?");
        for (int i = 1; i < 3; i++) {
            assertEquals(number.matcher(english.get(i)).results().map(m -> m.group()).sorted().toList(),
                    number.matcher(chinese.get(i)).results().map(m -> m.group()).sorted().toList(), chinese.get(i));
        }

        robot.interact(() -> I18n.setLocale(I18n.ENGLISH));
        assertEquals(english, firstCheckRow(robot));
    }

    @Test
    void savingThenOpeningASceneFileRestoresTheParameters(FxRobot robot) throws Exception {
        Path file = dir.resolve("scene.yaml");
        SceneFiles files = workbench.sceneFiles();
        robot.interact(() -> {
            workbench.model().stiffnessProperty().set(250);
            workbench.model().massProperty().set(0.5);
            workbench.model().dtProperty().set(0.004);
            workbench.model().gravityProperty().set(3);
            workbench.model().integratorProperty().set(IntegratorKind.RK4);
        });
        AtomicReference<SceneFiles.Outcome> saved = new AtomicReference<>();
        files.setChooser(new SceneFiles.Chooser() {
            @Override
            public Path open(javafx.stage.Window owner) {
                return file;
            }

            @Override
            public Path save(javafx.stage.Window owner) {
                return file;
            }
        });
        robot.interact(() -> saved.set(files.save()));
        assertTrue(saved.get().ok(), saved.get().message());
        assertTrue(Files.readString(file).contains("integrator: rk4"));

        robot.interact(() -> {
            workbench.model().stiffnessProperty().set(100);
            workbench.model().massProperty().set(1);
            workbench.model().dtProperty().set(0.01);
            workbench.model().integratorProperty().set(IntegratorKind.VERLET);
        });
        AtomicReference<SceneFiles.Outcome> opened = new AtomicReference<>();
        robot.interact(() -> opened.set(files.open()));
        assertTrue(opened.get().ok(), opened.get().message());
        assertEquals(250, workbench.model().stiffnessProperty().get(), PARAMETER_ROUND_TRIP * 250);
        assertEquals(0.5, workbench.model().massProperty().get(), PARAMETER_ROUND_TRIP);
        assertEquals(0.004, workbench.model().dtProperty().get(), PARAMETER_ROUND_TRIP);
        assertEquals(3, workbench.model().gravityProperty().get(), PARAMETER_ROUND_TRIP);
        assertEquals(IntegratorKind.RK4, workbench.model().integratorProperty().get());
        assertEquals(250, UiFixture.engine(workbench, sim -> sim.system().stiffness(0)), PARAMETER_ROUND_TRIP * 250);
        assertEquals(0.004, UiFixture.engine(workbench, Simulation::dt), PARAMETER_ROUND_TRIP);
        assertEquals(IntegratorKind.RK4, UiFixture.engine(workbench, Simulation::integratorKind));
    }

    @Test
    void aMalformedLessonIsListedWithItsLineAndOpeningItChangesNothing(FxRobot robot) throws Exception {
        Path folder = dir.resolve("lessons");
        Files.createDirectories(folder);
        // lesson 1 with a negative Δt in its scene block
        List<String> lines;
        try (var files = Files.list(Path.of("lessons"))) {
            lines = Files.readAllLines(files.filter(f -> f.getFileName().toString().startsWith("01"))
                    .findFirst().orElseThrow());
        }
        int dtLine = lines.indexOf(lines.stream().filter(l -> l.startsWith("  dt: ")).findFirst().orElseThrow());
        lines.set(dtLine, "  dt: -0.01");
        Files.write(folder.resolve("99-broken.yaml"), lines);
        LessonLibrary.Entry broken = LessonLibrary.load(folder).stream()
                .filter(e -> e.fileName().equals("99-broken.yaml")).findFirst().orElseThrow();
        assertNull(broken.lesson());
        assertTrue(broken.error().contains("99-broken.yaml:" + (dtLine + 1) + ": scene.dt"), broken.error());
        assertFalse(broken.error().contains("Exception"), broken.error());
        long steps = UiFixture.engine(workbench, Simulation::steps);
        robot.interact(() -> workbench.lessons().open(broken));
        waitFor("the lesson error dialog", () -> robot.lookup("#lessonError").tryQuery().isPresent());
        robot.interact(() -> robot.lookup("#lessonError").query().getScene().getWindow().hide());
        assertNull(workbench.lessons().session());
        assertEquals(steps, UiFixture.engine(workbench, Simulation::steps));
        robot.clickOn("#stepButton");
        waitFor("the workbench to step on", () -> UiFixture.engine(workbench, Simulation::steps) == steps + 1);
    }

    @Test
    void aBadSceneFileIsNamedWithItsLineAndChangesNothing(FxRobot robot) throws Exception {
        Path bad = dir.resolve("bad.yaml");
        Files.writeString(bad, "type: spring\nmass: -1\n");
        double k = workbench.model().stiffnessProperty().get();
        AtomicReference<SceneFiles.Outcome> opened = new AtomicReference<>();
        robot.interact(() -> opened.set(workbench.sceneFiles().open(bad)));
        assertFalse(opened.get().ok());
        String message = opened.get().message();
        assertTrue(message.contains("bad.yaml:2") && message.contains("mass"), message);
        assertFalse(message.contains("Exception"), message);
        waitFor("the error dialog", () -> robot.lookup("#sceneFileError").tryQuery().isPresent());
        robot.interact(() -> robot.lookup("#sceneFileError").query().getScene().getWindow().hide());
        assertEquals(k, workbench.model().stiffnessProperty().get());
        assertEquals(1.0, UiFixture.engine(workbench, sim -> sim.system().mass(1)));
        Button step = robot.lookup("#stepButton").queryButton();
        assertNotNull(step);
    }
}
