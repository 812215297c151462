package dev.hooke;

import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The entry point of {@code hooke.jar}: with no arguments it opens the workbench window, with a
 * command it is the headless command line. It does not extend {@code Application}, so that the
 * jar starts with JavaFX on the class path.
 */
public final class Main {
    /** Held so that the level set on it is not lost when the logger is collected. */
    private static final Logger JAVAFX_STARTUP_LOG = Logger.getLogger("javafx");

    private Main() {
    }

    public static void main(String[] args) {
        if (args.length == 0) {
            System.exit(openWorkbench(args));
        } else {
            System.exit(dev.hooke.cli.HookeCli.run(args));
        }
    }

    /**
     * Opens the workbench and returns the exit code. Prism's hardware pipeline is asked for even
     * on a software-rendered GPU (Mesa's llvmpipe, as on classroom virtual machines), where it
     * would otherwise fall back to a pipeline without 3D; {@code -Dprism.forceGPU=false} on the
     * command line overrides this.
     */
    static int openWorkbench(String[] args) {
        if (System.getProperty("prism.forceGPU") == null) {
            System.setProperty("prism.forceGPU", "true");
        }
        // JavaFX warns that it was loaded from the class path; that is how this jar runs it.
        JAVAFX_STARTUP_LOG.setLevel(Level.SEVERE);
        try {
            dev.hooke.fx.HookeApp.launchApp(args);
            return 0;
        } catch (RuntimeException | LinkageError e) {
            Throwable root = e;
            while (root.getCause() != null && root.getCause() != root) {
                root = root.getCause();
            }
            String why = root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
            System.err.println("hooke: cannot open the workbench window: " + why + ".");
            System.err.println("hooke: a display is needed (on a machine without one, run it under xvfb-run);"
                    + " the command line needs none: java -jar hooke.jar --help");
            return 1;
        }
    }
}
