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
        endOnUser1();
        if (args.length == 0) {
            System.exit(openWorkbench(args));
        } else {
            System.exit(dev.hooke.cli.HookeCli.run(args));
        }
    }

    /**
     * SIGUSR1 ends the program as SIGTERM does, its shutdown hooks run (the signal's default
     * action would end the JVM without them, leaving a half-written file's temporary copy behind),
     * with exit status 128 + 10. Where the signal does not exist nothing changes. The JDK's only
     * way to handle a signal is {@code sun.misc.Signal} (module jdk.unsupported); it is reached by
     * reflection, so that the build does not warn of it.
     */
    private static void endOnUser1() {
        try {
            Class<?> signal = Class.forName("sun.misc.Signal");
            Class<?> handler = Class.forName("sun.misc.SignalHandler");
            Object user1 = signal.getConstructor(String.class).newInstance("USR1");
            Object exit = java.lang.reflect.Proxy.newProxyInstance(handler.getClassLoader(), new Class<?>[] {handler},
                    (proxy, method, arguments) -> switch (method.getName()) {
                        case "handle" -> {
                            System.exit(128 + 10);
                            yield null;
                        }
                        case "hashCode" -> System.identityHashCode(proxy);
                        case "equals" -> proxy == arguments[0];
                        default -> "exit on SIGUSR1";
                    });
            signal.getMethod("handle", signal, handler).invoke(null, user1, exit);
        } catch (ReflectiveOperationException | RuntimeException noSuchSignal) {
            // not on this system, or not in this JDK
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
            System.err.println("hooke: " + advice(why, System.getenv("DISPLAY"), System.getenv("WAYLAND_DISPLAY"),
                    System.getProperty("os.name", "")));
            System.err.println("hooke: the command line needs no window: java -jar hooke.jar --help");
            return 1;
        }
    }

    /**
     * What to do when the window cannot open, from JavaFX's reason: no display at all (on Linux,
     * neither DISPLAY nor WAYLAND_DISPLAY is set), a display that cannot be opened, GTK 3 missing
     * (JavaFX's window toolkit on Linux), or no graphics pipeline; each names what to install, for
     * Debian/Ubuntu and Fedora.
     */
    static String advice(String why, String display, String wayland, String osName) {
        String w = why == null ? "" : why;
        boolean linux = osName.toLowerCase(java.util.Locale.ROOT).contains("linux");
        if (linux && (display == null || display.isBlank()) && (wayland == null || wayland.isBlank())) {
            return "no display is set (DISPLAY is empty): run it on a desktop, or under xvfb-run on a machine"
                    + " without a screen";
        }
        if (w.contains("GTK") || w.contains("gtk") || w.contains("glass")) {
            return "GTK 3 is missing: install it (Debian/Ubuntu: sudo apt install libgtk-3-0;"
                    + " Fedora: sudo dnf install gtk3)";
        }
        if (w.contains("DISPLAY")) {
            return "the display " + display + " cannot be opened: is its X server running, and may this user use it?";
        }
        if (w.contains("pipeline") || w.contains("QuantumRenderer") || w.contains("Prism")) {
            return "no graphics pipeline: install OpenGL (Debian/Ubuntu: sudo apt install libgl1 libgl1-mesa-dri;"
                    + " Fedora: sudo dnf install mesa-dri-drivers)";
        }
        return "a desktop with a display is needed (on a machine without one, run it under xvfb-run)";
    }
}
