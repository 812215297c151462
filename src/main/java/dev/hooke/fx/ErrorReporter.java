package dev.hooke.fx;

import java.lang.System.Logger.Level;
import java.util.concurrent.atomic.AtomicBoolean;
import javafx.application.Platform;
import javafx.scene.control.Alert;

/**
 * Turns any exception that escapes into a plain message for the person at the screen: never a
 * stack trace. The full trace goes to the log at debug level only.
 */
public final class ErrorReporter {

    private static final System.Logger LOG = System.getLogger("dev.hooke.fx");
    private static final AtomicBoolean SHOWING = new AtomicBoolean();

    private ErrorReporter() {
    }

    /**
     * Installs the handler for every thread, the FX thread included.
     *
     * @param onError run on the FX thread before the message is shown (for example: pause)
     */
    public static void install(Runnable onError) {
        Thread.UncaughtExceptionHandler handler = (thread, error) -> report(error, onError);
        Thread.setDefaultUncaughtExceptionHandler(handler);
        if (Platform.isFxApplicationThread()) {
            Thread.currentThread().setUncaughtExceptionHandler(handler);
        }
    }

    /** The sentence shown for an error. */
    public static String plainMessage(Throwable error) {
        String detail = error.getMessage();
        if (detail == null || detail.isBlank()) {
            detail = I18n.text("error.internal", error.getClass().getSimpleName());
        }
        return I18n.text("error.message", detail);
    }

    private static void report(Throwable error, Runnable onError) {
        LOG.log(Level.WARNING, plainMessage(error));
        LOG.log(Level.DEBUG, "uncaught exception", error);
        Runnable show = () -> {
            try {
                onError.run();
            } catch (RuntimeException ignored) {
                // the message matters more
            }
            if (!SHOWING.compareAndSet(false, true)) {
                return;
            }
            try {
                Alert alert = new Alert(Alert.AlertType.WARNING, plainMessage(error));
                alert.getDialogPane().setId("errorDialog");
                alert.setTitle(I18n.text("error.title"));
                alert.setHeaderText(I18n.text("error.header"));
                DialogStyle.follow(alert, null);
                alert.showAndWait();
            } finally {
                SHOWING.set(false);
            }
        };
        try {
            Platform.runLater(show);
        } catch (IllegalStateException toolkitGone) {
            // the window is closed: the log line is all that is left
        }
    }
}
