package dev.hooke;

/** Starts the workbench (no arguments) or the headless command line (any argument). */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
    }
}
