package dev.hooke.fx.ui;

import dev.hooke.core.scene.SceneType;
import dev.hooke.fx.I18n;
import dev.hooke.fx.Workbench;
import javafx.stage.Stage;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The workbench window of one UI test: shown on the stage TestFX gives the test (the class needs
 * {@code @ExtendWith(ApplicationExtension.class)}), closed after the test, its simulation thread
 * with it, and the language set back to English. Register it in the test class as
 * {@code @RegisterExtension final UiWindow window = new UiWindow();}.
 */
final class UiWindow implements AfterEachCallback {

    private Workbench workbench;

    /** The stage the test's window is shown on. */
    Stage stage() {
        return FxToolkit.toolkitContext().getRegisteredStage();
    }

    /**
     * Shows a workbench on {@code type}'s default scene at {@code width} × {@code height} px (see
     * {@link UiFixture#show}); call on the FX thread. The workbench shown before, if any, is closed.
     */
    Workbench show(SceneType type, double width, double height) {
        if (workbench != null) {
            workbench.close();
        }
        workbench = UiFixture.show(stage(), type, width, height);
        return workbench;
    }

    @Override
    public void afterEach(ExtensionContext context) throws Exception {
        WaitForAsyncUtils.asyncFx(() -> {
            if (workbench != null) {
                workbench.close();
                workbench = null;
            }
            stage().setFullScreen(false);
            I18n.setLocale(I18n.ENGLISH);
        }).get();
        WaitForAsyncUtils.waitForFxEvents();
    }
}
