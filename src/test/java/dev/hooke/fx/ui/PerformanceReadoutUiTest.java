package dev.hooke.fx.ui;

import static dev.hooke.fx.ui.UiFixture.waitFor;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.scene.SceneType;
import dev.hooke.fx.Workbench;
import dev.hooke.fx.perf.PerformanceMonitor;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Pattern;
import javafx.scene.Node;
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
import org.testfx.util.WaitForAsyncUtils;

/** The performance readout: F3 shows it, and after some pulses it shows measured values. */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class PerformanceReadoutUiTest {

    /** Pulses to wait for: more than one readout period's worth at any frame rate seen. */
    private static final int PULSES = 40;
    /** A number with a decimal point, as the readout writes milliseconds and frame rates. */
    private static final Pattern DECIMAL = Pattern.compile("\\d+\\.\\d+");

    private Workbench workbench;

    @Start
    void start(Stage stage) {
        workbench = UiFixture.show(stage, SceneType.CLOTH, 1600, 900);
    }

    @Stop
    void stop() {
        workbench.close();
    }

    private String text(FxRobot robot, String id) {
        AtomicReference<String> out = new AtomicReference<>();
        robot.interact(() -> out.set(robot.lookup(id).queryAs(Label.class).getText()));
        return out.get();
    }

    @Test
    void f3ShowsTheReadoutWhichFillsWithMeasuredValues(FxRobot robot) {
        Node readout = workbench.performance().node();
        assertFalse(readout.isVisible(), "the readout is hidden at first");
        robot.clickOn("#sceneView");
        robot.type(KeyCode.F3);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(readout.isVisible(), "F3 shows the readout");

        robot.clickOn("#playButton");
        PerformanceMonitor perf = workbench.performance();
        long before = perf.work().total();
        waitFor("pulses to be measured", () -> perf.work().total() >= before + PULSES
                && perf.layout().count() > 0 && perf.frameInterval().count() > 0);
        waitFor("the readout to show FX work and layout times",
                () -> DECIMAL.matcher(text(robot, "#perfWork")).find()
                        && DECIMAL.matcher(text(robot, "#perfLayout")).find()
                        && DECIMAL.matcher(text(robot, "#perfFrames")).find());
        String work = text(robot, "#perfWork");
        assertTrue(work.startsWith("FX work per pulse"), work);
        assertFalse(work.contains("–"), work);
        assertTrue(text(robot, "#perfSteps").matches("Simulation: [\\d,]+ steps/s"), text(robot, "#perfSteps"));

        robot.type(KeyCode.F3);
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(readout.isVisible(), "F3 hides the readout again");
    }

    /** The log line names the scene and gives the medians, once, after the time asked for. */
    @Test
    void logLinePrintsTheMediansOnce(FxRobot robot) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        robot.interact(() -> workbench.performance().logAfter(0, out));
        robot.clickOn("#playButton");
        waitFor("the log line", () -> bytes.size() > 0);
        long total = workbench.performance().work().total();
        waitFor("more pulses", () -> workbench.performance().work().total() > total + 5);
        String printed = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(printed.startsWith("hooke.perf: cloth 16×16, symplectic-euler; last "), printed);
        assertTrue(printed.contains("fx work median "), printed);
        assertTrue(DECIMAL.matcher(printed).find(), printed);
        assertTrue(printed.indexOf('\n') == printed.length() - 1, "one line only: " + printed);
    }
}
