package dev.hooke.bench;

import java.util.Locale;

/** Number formats of the report. */
final class Numbers {

    private Numbers() {
    }

    /** Milliseconds: three significant digits, at least two decimals below 1. */
    static String ms(double v) {
        if (Double.isNaN(v)) {
            return "–";
        }
        if (v >= 100) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        if (v >= 10) {
            return String.format(Locale.ROOT, "%.1f", v);
        }
        if (v >= 1) {
            return String.format(Locale.ROOT, "%.2f", v);
        }
        return String.format(Locale.ROOT, "%.3f", v);
    }

    /** {@code digits} significant digits. */
    static String sig(double v, int digits) {
        if (Double.isNaN(v)) {
            return "–";
        }
        return String.format(Locale.ROOT, "%." + digits + "g", v);
    }

    /** A fixed number of decimals. */
    static String fixed(double v, int decimals) {
        if (Double.isNaN(v)) {
            return "–";
        }
        return String.format(Locale.ROOT, "%." + decimals + "f", v);
    }
}
