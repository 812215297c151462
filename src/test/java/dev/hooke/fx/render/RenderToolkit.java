package dev.hooke.fx.render;

import static dev.hooke.Tolerances.UI_TIMEOUT_SECONDS;
import static org.junit.jupiter.api.Assertions.assertTrue;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import javafx.application.ConditionalFeature;
import javafx.application.Platform;

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
}
