package dev.hooke.fx.ui;

import static dev.hooke.Tolerances.UI_TIMEOUT_SECONDS;
import static dev.hooke.fx.ui.UiFixture.waitFor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.integrate.ImplicitOptions;
import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.sim.Simulation;
import dev.hooke.core.sim.SolverTally;
import dev.hooke.core.solve.PreconditionerKind;
import dev.hooke.fx.I18n;
import dev.hooke.fx.Workbench;
import dev.hooke.fx.controls.Numbers;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Linear solves that fail are reported past the step they happen in: the snapshot carries the
 * main system's totals since the reset, and the status bar says how many steps did not converge
 * and the largest residual, in the language in use, until a reset clears them. A cloth solved by
 * backward Euler with CG capped at one unpreconditioned iteration and a tolerance of 10⁻¹² cannot
 * converge once the cloth moves (one CG iteration solves exactly only a right-hand side that is an
 * eigenvector; the first step from rest, under gravity alone, may).
 */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class SolverFailuresUiTest {

    private static final int STEPS = 3;

    private Workbench workbench;

    @Start
    void start(Stage stage) {
        workbench = UiFixture.show(stage, SceneType.CLOTH, 1600, 900);
    }

    @Stop
    void stop() {
        workbench.close();
    }

    private Label failures(FxRobot robot) {
        return robot.lookup("#solverFailures").queryAs(Label.class);
    }

    @Test
    void failedSolvesShowInTheSnapshotAndTheStatusBar(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(failures(robot).isVisible(), "nothing failed yet");
        ImplicitOptions starved = ImplicitOptions.defaults().withPreconditioner(PreconditionerKind.NONE)
                .withMaxIterations(1).withTolerance(1e-12);
        workbench.runner().edit(f -> f.withIntegrator(IntegratorKind.IMPLICIT_EULER).withImplicitOptions(starved));
        for (int i = 0; i < STEPS; i++) {
            workbench.runner().stepOnce();
        }
        waitFor("the steps", () -> workbench.runner().latest().steps() == STEPS);
        SolverTally.Totals engine = workbench.runner().query(Simulation::solverTally).get(UI_TIMEOUT_SECONDS,
                TimeUnit.SECONDS).totals();
        SolverTally.Totals shown = workbench.runner().latest().solverTotals();
        assertEquals(STEPS, shown.solvedSteps());
        assertEquals(engine, shown);
        assertTrue(shown.unconvergedSteps() >= STEPS - 1, "the cloth set moving cannot converge: " + shown);
        assertTrue(shown.largestResidual() > 1e-12, "the residual left is above the tolerance");

        waitFor("the failures in the status bar", () -> failures(robot).isVisible());
        String english = failures(robot).getText();
        String failed = String.format(Locale.ROOT, "%,d", shown.unconvergedSteps());
        String count = String.format(Locale.ROOT, "%,d", STEPS);
        assertEquals(I18n.text("status.solverFailed", failed, count, Numbers.format(shown.largestResidual(), 2)),
                english);
        assertTrue(english.contains("did not converge"), english);

        robot.interact(() -> I18n.setLocale(I18n.CHINESE));
        String chinese = failures(robot).getText();
        assertNotEquals(english, chinese);
        assertEquals(I18n.text("status.solverFailed", failed, count, Numbers.format(shown.largestResidual(), 2)),
                chinese);
        assertTrue(chinese.contains("未收敛"), chinese);
        robot.interact(() -> I18n.setLocale(I18n.ENGLISH));

        workbench.runner().reset();
        waitFor("the reset to clear the failures", () -> !failures(robot).isVisible());
        assertEquals(0, workbench.runner().latest().solverTotals().solvedSteps());
    }
}
