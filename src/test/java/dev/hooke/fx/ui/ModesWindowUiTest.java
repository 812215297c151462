package dev.hooke.fx.ui;

import static dev.hooke.fx.ui.UiFixture.onFx;
import static dev.hooke.fx.ui.UiFixture.type;
import static dev.hooke.fx.ui.UiFixture.waitFor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.scene.SceneFile;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.stability.Modes;
import dev.hooke.core.stability.StabilityAnalysis;
import dev.hooke.fx.I18n;
import dev.hooke.fx.Workbench;
import java.util.Locale;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;

/**
 * View › Modes and the stability region: with Δt below the chain's limit every mode is inside
 * the region; typed past the limit, exactly the modes the engine finds outside are red and
 * counted, the same count `hooke modes` prints for that scene.
 */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class ModesWindowUiTest {

    private Workbench workbench;

    @Start
    void start(Stage stage) {
        I18n.setLocale(Locale.ENGLISH);
        // narrow enough that the modes window opens beside it, on the 1920-pixel screen
        workbench = UiFixture.show(stage, SceneType.CHAIN, 1240, 900);
    }

    @Stop
    void stop() {
        onFx(() -> {
            workbench.modes().shownProperty().set(false);
            return null;
        });
        workbench.close();
    }

    @Test
    void aStepPastTheLimitTurnsExactlyTheModesOutsideRed(FxRobot robot) {
        robot.clickOn(I18n.text("menu.view"));
        robot.clickOn("#menuModes");
        waitFor("the modes", () -> workbench.modes().result() != null);
        SceneFile scene = UiFixture.latest(workbench).scene();
        assertEquals(IntegratorKind.SYMPLECTIC_EULER, scene.integrator());
        assertEquals(0, workbench.modes().result().unstableCount(), "below the limit every mode is inside");

        double limit = StabilityAnalysis.predictedLimit(scene.build(), scene.createIntegrator()).dtMax();
        String past = String.format(Locale.ROOT, "%.3g", 1.3 * limit);
        type(robot, "#dtField", past);
        try {
            waitFor("the modes at the new Δt", () -> workbench.modes().result() != null
                    && workbench.modes().result().dt() == UiFixture.latest(workbench).dt()
                    && UiFixture.latest(workbench).dt() > limit);
        } catch (AssertionError e) {
            throw new AssertionError("limit " + limit + ", typed " + past + ", the runner's Δt "
                    + UiFixture.latest(workbench).dt() + ", the field " + robot.lookup("#dtField").queryAs(javafx.scene.control.TextField.class).getText()
                    + ", the modes' Δt " + workbench.modes().result().dt(), e);
        }
        double dt = UiFixture.latest(workbench).dt();
        Modes.Result engine = Modes.of(scene.build(), IntegratorKind.SYMPLECTIC_EULER, dt, scene.verletDelta());
        Modes.Result shown = workbench.modes().result();
        assertTrue(engine.unstableCount() > 0, "past the limit some mode is outside");
        assertEquals(engine.unstableCount(), shown.unstableCount(), "the modes outside");
        for (int i = 0; i < engine.modes().size(); i++) {
            assertEquals(engine.modes().get(i).stable(), shown.modes().get(i).stable(), "mode " + i);
        }
        String summary = UiFixture.onFx(() -> ((Label) robot.lookup("#modesSummary").query()).getText());
        assertTrue(summary.startsWith(engine.unstableCount() + " of " + engine.modes().size() + " modes outside"),
                summary);
    }
}
