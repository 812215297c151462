package dev.hooke.fx.ui;

import static dev.hooke.Tolerances.UI_TIMEOUT_SECONDS;

import dev.hooke.core.scene.SceneType;
import dev.hooke.fx.I18n;
import dev.hooke.fx.Workbench;
import dev.hooke.fx.sim.SceneSetup;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.testfx.util.WaitForAsyncUtils;

/** What the workbench's UI tests share: a window on a scene, and waiting for a condition. */
final class UiFixture {

    private UiFixture() {
    }

    /**
     * Shows a workbench on {@code type}'s default scene in {@code stage}, in English, with its
     * keyboard shortcuts, at {@code width} × {@code height} pixels.
     */
    static Workbench show(Stage stage, SceneType type, double width, double height) {
        I18n.setLocale(I18n.ENGLISH);
        Workbench workbench = new Workbench(SceneSetup.defaults(type));
        Scene scene = new Scene(workbench.root(), width, height);
        workbench.installShortcuts(scene);
        stage.setScene(scene);
        stage.show();
        return workbench;
    }

    /**
     * Waits until {@code condition} holds, then for the FX events already queued (the condition
     * may have turned true inside an event that is still drawing).
     *
     * @throws AssertionError naming {@code what} after {@link dev.hooke.Tolerances#UI_TIMEOUT_SECONDS}
     */
    static void waitFor(String what, Callable<Boolean> condition) {
        try {
            WaitForAsyncUtils.waitFor(UI_TIMEOUT_SECONDS, TimeUnit.SECONDS, condition);
            WaitForAsyncUtils.waitForFxEvents();
        } catch (TimeoutException e) {
            throw new AssertionError("timed out waiting for " + what, e);
        }
    }
}
