package dev.hooke.cli;

/** The headless command line. */
public final class HookeCli {
    private HookeCli() {
    }

    /** Runs the command line and returns the exit code. */
    public static int run(String[] args) {
        return 2;
    }
}
