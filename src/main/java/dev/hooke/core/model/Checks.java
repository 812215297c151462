package dev.hooke.core.model;

/** The argument checks of the model's setters; each message names the quantity. */
final class Checks {

    private Checks() {
    }

    static void requirePositive(String what, double value) {
        if (!(value > 0) || !Double.isFinite(value)) {
            throw new IllegalArgumentException(what + " must be finite and > 0, got " + value);
        }
    }

    static void requireNonNegative(String what, double value) {
        if (!(value >= 0) || !Double.isFinite(value)) {
            throw new IllegalArgumentException(what + " must be finite and >= 0, got " + value);
        }
    }
}
