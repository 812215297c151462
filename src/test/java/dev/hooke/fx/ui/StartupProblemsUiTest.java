package dev.hooke.fx.ui;

import static dev.hooke.fx.ui.UiFixture.onFx;
import static dev.hooke.fx.ui.UiFixture.waitFor;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.scene.SceneType;
import dev.hooke.fx.StartupProblems;
import dev.hooke.fx.Workbench;
import java.util.List;
import javafx.scene.control.Alert;
import javafx.scene.control.DialogPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;

/** Start-up problems are shown over the window, which goes on running behind them. */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class StartupProblemsUiTest {

    private static final String SCENE = "hooke.scene: /tmp/big.yaml:3: size: must be from 2 to 100, got 300 in the"
            + " workbench; opening the rope";
    private static final String METHOD = "hooke.integrator: unknown integrator 'leapfrog'";

    private Stage stage;
    private Workbench workbench;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        workbench = UiFixture.show(stage, SceneType.CHAIN, 1600, 900);
    }

    @Stop
    void stop() {
        workbench.close();
    }

    @Test
    void everyProblemIsShownOnALineOfItsOwnAndTheWorkbenchRuns(FxRobot robot) {
        Alert alert = onFx(() -> {
            workbench.runner().play();
            return StartupProblems.show(stage, List.of(SCENE, METHOD));
        });
        waitFor("the dialog", () -> robot.lookup("#startupProblems").tryQuery().isPresent());
        String content = onFx(() -> robot.lookup("#startupProblems").queryAs(DialogPane.class).getContentText());
        assertTrue(content.lines().toList().equals(List.of(SCENE, METHOD)), content);
        double before = onFx(() -> UiFixture.latest(workbench).time());
        waitFor("the simulation to go on behind the dialog", () -> UiFixture.latest(workbench).time() > before + 0.2);
        assertFalse(onFx(() -> alert.getDialogPane().getScene().getWindow() == stage), "a window of its own");
        onFx(() -> {
            alert.close();
            return null;
        });
    }
}
