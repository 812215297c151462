package dev.hooke.fx.ui;

import static dev.hooke.Tolerances.UI_TIMEOUT_SECONDS;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.hooke.core.scene.SceneType;
import dev.hooke.fx.I18n;
import dev.hooke.fx.Workbench;
import dev.hooke.fx.lesson.LessonLibrary;
import dev.hooke.core.scene.SceneFile;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.scene.Scene;
import javafx.scene.control.RadioButton;
import javafx.stage.Stage;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/** What the workbench's UI tests share: a window on a scene, waiting for a condition, playing a lesson. */
final class UiFixture {

    private UiFixture() {
    }

    /**
     * Shows a workbench on {@code type}'s default scene in {@code stage}, in English, with its
     * keyboard shortcuts, at {@code width} × {@code height} pixels.
     */
    static Workbench show(Stage stage, SceneType type, double width, double height) {
        I18n.setLocale(I18n.ENGLISH);
        Workbench workbench = new Workbench(SceneFile.defaults(type));
        Scene scene = new Scene(workbench.root(), width, height);
        workbench.installShortcuts(scene);
        stage.setScene(scene);
        stage.show();
        return workbench;
    }

    /**
     * Waits until {@code condition} holds, then for the FX events already queued (the condition
     * may have turned true inside an event that is still drawing). The condition is evaluated on
     * the FX thread, so that its lookups never walk a scene graph the FX thread is changing.
     *
     * @throws AssertionError naming {@code what} after {@link dev.hooke.Tolerances#UI_TIMEOUT_SECONDS}
     */
    static void waitFor(String what, Callable<Boolean> condition) {
        try {
            WaitForAsyncUtils.waitFor(UI_TIMEOUT_SECONDS, TimeUnit.SECONDS,
                    () -> WaitForAsyncUtils.asyncFx(condition).get());
            WaitForAsyncUtils.waitForFxEvents();
        } catch (TimeoutException e) {
            throw new AssertionError("timed out waiting for " + what, e);
        }
    }

    /** Opens the lesson whose file name starts with {@code filePrefix} and waits for its first snapshot. */
    static void openLesson(FxRobot robot, Workbench workbench, String filePrefix) {
        LessonLibrary.Entry entry = workbench.lessons().entries().stream()
                .filter(e -> e.fileName().startsWith(filePrefix)).findFirst().orElseThrow();
        assertNotNull(entry.lesson(), entry.error());
        int before = workbench.runner().latest().generation();
        robot.interact(() -> workbench.lessons().open(entry));
        waitFor("the lesson's scene in the runner's snapshot", () -> workbench.runner().latest().generation() > before
                && !workbench.runner().latest().driven()
                && workbench.runner().latest().scene().equals(workbench.lessons().session().scene()));
    }

    /** Answers the question of the step shown (rightly), plays it without pacing and waits for it. */
    static void playStep(FxRobot robot, Workbench workbench) {
        robot.interact(() -> {
            var q = workbench.lessons().session().lesson().steps().get(workbench.lessons().stepIndex()).question();
            if (q != null && q.isMultipleChoice()) {
                robot.lookup("#answer" + q.answer()).queryAs(RadioButton.class).setSelected(true);
            } else if (q != null) {
                robot.lookup("#answerField").queryTextInputControl().setText(Double.toString(q.value()));
            }
            workbench.lessons().runStep();
            workbench.lessons().finishQuickly();
        });
        waitFor("the step", () -> workbench.lessons().result() != null && !workbench.lessons().isBusy());
    }
}
