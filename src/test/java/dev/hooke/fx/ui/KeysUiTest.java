package dev.hooke.fx.ui;

import static dev.hooke.fx.ui.UiFixture.latest;
import static dev.hooke.fx.ui.UiFixture.onFx;
import static dev.hooke.fx.ui.UiFixture.waitFor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.scene.SceneType;
import dev.hooke.fx.Workbench;
import dev.hooke.fx.io.SceneFiles;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.scene.control.Slider;
import javafx.scene.control.TextField;
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
 * The keyboard as a teacher uses it: Escape leaves a field so that Space plays, a click in the
 * view does the same, Ctrl+S saves (and does not step), a focused slider takes the arrows, Page
 * Up and Page Down, Home and End.
 */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class KeysUiTest {

    /** A slider position after the value's rounding to three significant digits, on the log slider: log₁₀(1.005). */
    private static final double ROUNDED = 0.0022;

    private Workbench workbench;

    @Start
    void start(Stage stage) {
        workbench = UiFixture.show(stage, SceneType.SPRING, 1500, 1000);
    }

    @Stop
    void stop() {
        workbench.close();
    }

    /** Types Δt into its field and Enter: the field keeps the focus. */
    private void typeDt(FxRobot robot) {
        TextField field = robot.lookup("#dtField").queryAs(TextField.class);
        robot.clickOn(field);
        robot.interact(field::selectAll);
        robot.write("0.005");
        robot.type(KeyCode.ENTER);
        waitFor("Δt taken", () -> latest(workbench).dt() == 0.005);
        assertTrue(onFx(field::isFocused), "the field keeps the focus after Enter");
    }

    @Test
    void escapeLeavesTheFieldAndSpacePlays(FxRobot robot) {
        typeDt(robot);
        robot.type(KeyCode.ESCAPE);
        robot.type(KeyCode.SPACE);
        waitFor("playing after Escape and Space", () -> latest(workbench).running());
    }

    @Test
    void aClickInTheViewLeavesTheFieldAndSpacePlays(FxRobot robot) {
        typeDt(robot);
        robot.clickOn(workbench.view().node());
        robot.type(KeyCode.SPACE);
        waitFor("playing after a click in the view and Space", () -> latest(workbench).running());
    }

    @Test
    void ctrlSSavesAndDoesNotStep(FxRobot robot) {
        AtomicInteger asked = new AtomicInteger();
        workbench.sceneFiles().setChooser(new SceneFiles.Chooser() {
            @Override
            public Path open(javafx.stage.Window w) {
                return null;
            }

            @Override
            public Path save(javafx.stage.Window w) {
                asked.incrementAndGet();
                return null;        // the person cancels the dialog
            }
        });
        assertEquals(0, latest(workbench).steps(), "the spring has not stepped");
        robot.interact(() -> workbench.root().requestFocus());
        robot.press(KeyCode.CONTROL).type(KeyCode.S).release(KeyCode.CONTROL);
        waitFor("the save dialog", () -> asked.get() == 1);
        // the runner takes commands in order: a step Ctrl+S had asked for is taken before this question
        long steps = workbench.runner().query(sim -> sim.steps()).join();
        assertEquals(0, steps, "Ctrl+S took no step");
        assertEquals(1, asked.get(), "one dialog");
    }

    @Test
    void aFocusedSliderTakesArrowsPageKeysHomeAndEnd(FxRobot robot) {
        Slider slider = robot.lookup("#ksSlider").queryAs(Slider.class);
        robot.clickOn(slider);
        robot.interact(slider::requestFocus);
        double start = onFx(slider::getValue);
        double step = onFx(slider::getBlockIncrement);
        // the slider's values are rounded to three significant digits: within 0.2 % (log₁₀ 1.002 < 0.001)
        robot.type(KeyCode.RIGHT);
        waitFor("a small step right", () -> Math.abs(slider.getValue() - (start + step)) < ROUNDED);
        robot.type(KeyCode.PAGE_UP);
        waitFor("ten small steps up", () -> Math.abs(slider.getValue() - Math.min(slider.getMax(), start + 11 * step)) < ROUNDED);
        robot.type(KeyCode.PAGE_DOWN);
        waitFor("ten small steps down", () -> Math.abs(slider.getValue() - (start + step)) < ROUNDED);
        robot.type(KeyCode.END);
        waitFor("the end", () -> slider.getValue() == slider.getMax());
        robot.type(KeyCode.HOME);
        waitFor("the start", () -> slider.getValue() == slider.getMin());
    }
}
