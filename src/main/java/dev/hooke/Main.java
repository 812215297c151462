package dev.hooke;

/**
 * The entry point of {@code hooke.jar}: with no arguments it opens the workbench window, with a
 * command it is the headless command line. It does not extend {@code Application}, so that the
 * jar starts with JavaFX on the class path.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        if (args.length == 0) {
            dev.hooke.fx.HookeApp.launchApp(args);
        } else {
            System.exit(dev.hooke.cli.HookeCli.run(args));
        }
    }
}
