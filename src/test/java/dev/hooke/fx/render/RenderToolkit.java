package dev.hooke.fx.render;

import static dev.hooke.Tolerances.UI_TIMEOUT_SECONDS;
import static org.junit.jupiter.api.Assertions.assertTrue;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.hooke.fx.view.SceneView;
import dev.hooke.fx.view.ThreeDView;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import javafx.application.ConditionalFeature;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.layout.StackPane;
import javafx.scene.paint.Color;
import javafx.stage.Stage;

/**
 * Starts the JavaFX toolkit on the platform's own graphics pipeline for the rendering tests, which
 * share it: closing a test's last window must not end it.
 */
final class RenderToolkit {

    private RenderToolkit() {
    }

    /** Starts the toolkit (once); returns why it or 3D is not available here, or null. */
    static String start() throws InterruptedException {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String display = System.getenv("DISPLAY");
        if (os.contains("linux") && (display == null || display.isBlank())) {
            return "no X display (run under xvfb-run, see .ci/run)";
        }
        CountDownLatch started = new CountDownLatch(1);
        try {
            Platform.startup(started::countDown);
        } catch (IllegalStateException alreadyRunning) {
            started.countDown();
        } catch (RuntimeException noToolkit) {
            return "JavaFX cannot start here: " + noToolkit.getMessage();
        }
        assertTrue(started.await(UI_TIMEOUT_SECONDS, TimeUnit.SECONDS), "JavaFX started");
        Platform.setImplicitExit(false);
        if (!Platform.isSupported(ConditionalFeature.SCENE3D)) {
            return "3D is not available on this graphics pipeline (under Xvfb, run with -Dprism.forceGPU=true)";
        }
        return null;
    }

    /**
     * Skips the calling test where there is no 3D ({@code unavailable} says why, printed once per
     * test class), or fails it when {@code -Dhooke.render.required=true} asks for the rendering
     * tests to run; does nothing when {@code unavailable} is null.
     */
    static void require(String unavailable, String testClass) {
        if (unavailable == null) {
            return;
        }
        if (Boolean.getBoolean("hooke.render.required")) {
            fail("the rendering test must run but cannot: " + unavailable);
        }
        System.out.println(testClass + ": skipped: " + unavailable);
        assumeTrue(false, unavailable);
    }

    /** Runs {@code task} on the FX thread and answers its result (its exception is the future's). */
    static <T> T onFx(Supplier<T> task) throws Exception {
        CompletableFuture<T> result = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                result.complete(task.get());
            } catch (RuntimeException | Error e) {
                result.completeExceptionally(e);
            }
        });
        return result.get(UI_TIMEOUT_SECONDS, TimeUnit.SECONDS);
    }

    /**
     * A 3D view alone in a new window of {@code width} × {@code height} px, shown (FX thread).
     *
     * @param wireframe whether the cloth is drawn as a wireframe
     */
    static ThreeDView showView(javafx.beans.property.BooleanProperty wireframe, int width, int height) {
        ThreeDView view = (ThreeDView) SceneView.create(wireframe);
        Stage stage = new Stage();
        stage.setScene(new Scene(new StackPane(view.node()), width, height));
        stage.show();
        return view;
    }

    /** Closes the window {@link #showView} made for {@code view}, if any (FX thread). */
    static void close(ThreeDView view) {
        if (view != null && view.node().getScene() != null && view.node().getScene().getWindow() instanceof Stage st) {
            st.close();
        }
    }

    /** The Euclidean distance of two colours in RGB (0 … √3). */
    static double distance(Color p, Color q) {
        double dr = p.getRed() - q.getRed();
        double dg = p.getGreen() - q.getGreen();
        double db = p.getBlue() - q.getBlue();
        return Math.sqrt(dr * dr + dg * dg + db * db);
    }
}
