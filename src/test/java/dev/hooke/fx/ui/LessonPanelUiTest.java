package dev.hooke.fx.ui;

import static dev.hooke.Tolerances.PARAMETER_ROUND_TRIP;
import static dev.hooke.Tolerances.UI_TIMEOUT_SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.lesson.CheckResult;
import dev.hooke.core.lesson.StepResult;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.sim.Simulation;
import dev.hooke.fx.I18n;
import dev.hooke.fx.Workbench;
import dev.hooke.fx.io.SceneFiles;
import dev.hooke.fx.lesson.LessonLibrary;
import dev.hooke.fx.sim.SceneSetup;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.regex.Pattern;
import javafx.scene.Scene;
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
import org.testfx.util.WaitForAsyncUtils;

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
        I18n.setLocale(I18n.ENGLISH);
        workbench = new Workbench(SceneSetup.defaults(SceneType.SPRING));
        Scene scene = new Scene(workbench.root(), 1500, 1000);
        workbench.installShortcuts(scene);
        stage.setScene(scene);
        stage.show();
    }

    @Stop
    void stop() {
        workbench.close();
        I18n.setLocale(I18n.ENGLISH);
    }

    private static void waitFor(String what, Callable<Boolean> condition) {
        try {
            WaitForAsyncUtils.waitFor(UI_TIMEOUT_SECONDS, TimeUnit.SECONDS, condition);
            // the condition may have turned true inside an FX event that is still drawing
            WaitForAsyncUtils.waitForFxEvents();
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("timed out waiting for " + what, e);
        }
    }

    private <T> T engine(Function<Simulation, T> question) throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        return workbench.runner().query(question).get(UI_TIMEOUT_SECONDS, TimeUnit.SECONDS);
    }

    private static String text(FxRobot robot, String query) {
        return robot.lookup(query).queryLabeled().getText();
    }

    private void openLesson(FxRobot robot, String filePrefix) {
        LessonLibrary.Entry entry = workbench.lessons().entries().stream()
                .filter(e -> e.fileName().startsWith(filePrefix)).findFirst().orElseThrow();
        assertNotNull(entry.lesson(), entry.error());
        robot.interact(() -> workbench.lessons().open(entry));
        waitFor("the lesson's first snapshot", () -> workbench.lessons().session().latest() != null);
    }

    @Test
    void aLessonIsWalkedThroughThePanel(FxRobot robot) {
        openLesson(robot, "01");
        assertTrue(robot.lookup("#lessonPanel").query().isVisible());
        assertEquals("Step 1 of 5", text(robot, "#lessonStepLabel"));
        assertTrue(text(robot, "#lessonNarration").contains("Run one second"));

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
        assertEquals(100, workbench.lessons().session().latest().steps());
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
                () -> workbench.lessons().session().latest().steps() == 0);
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
                robot.interact(() -> {
                    var q = workbench.lessons().session().lesson().steps().get(workbench.lessons().stepIndex()).question();
                    if (q != null && q.isMultipleChoice()) {
                        robot.lookup("#answer" + q.answer()).queryAs(javafx.scene.control.RadioButton.class).setSelected(true);
                    } else if (q != null) {
                        robot.lookup("#answerField").queryTextInputControl().setText(Double.toString(q.value()));
                    }
                    workbench.lessons().runStep();
                    workbench.lessons().finishQuickly();
                });
                waitFor("the step", () -> workbench.lessons().result() != null && !workbench.lessons().isBusy());
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
        assertTrue(engine(Simulation::steps) > 0, "the simulation was not reset by the change of language");
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
        assertEquals(250, engine(sim -> sim.system().stiffness(0)), PARAMETER_ROUND_TRIP * 250);
        assertEquals(0.004, engine(Simulation::dt), PARAMETER_ROUND_TRIP);
        assertEquals(IntegratorKind.RK4, engine(Simulation::integratorKind));
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
        assertEquals(1.0, engine(sim -> sim.system().mass(1)));
        Button step = robot.lookup("#stepButton").queryButton();
        assertNotNull(step);
    }
}
