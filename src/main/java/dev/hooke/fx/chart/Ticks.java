package dev.hooke.fx.chart;

import java.util.function.DoubleFunction;
import javafx.util.StringConverter;

/** Tick spacing and tick labels shared by the charts. */
final class Ticks {

    private Ticks() {
    }

    /** The smallest of 1, 2 or 5 times a power of ten at or above {@code raw}. */
    static double niceUnit(double raw) {
        double decade = Math.pow(10, Math.floor(Math.log10(raw)));
        for (double m : new double[] {1, 2, 5}) {
            if (m * decade >= raw) {
                return m * decade;
            }
        }
        return 10 * decade;
    }

    /**
     * A tick label formatter writing each tick with {@code format}. Not a subclass of
     * {@code NumberAxis.DefaultFormatter}: the axis measures a DefaultFormatter's labels with the
     * default format, not with an overriding {@code toString}, and would then be laid out as narrow
     * as the default labels (the rotated axis label drawn over the ticks).
     */
    static StringConverter<Number> labels(DoubleFunction<String> format) {
        return new StringConverter<>() {
            @Override
            public String toString(Number value) {
                return value == null ? "" : format.apply(value.doubleValue());
            }

            @Override
            public Number fromString(String text) {
                throw new UnsupportedOperationException("tick labels are not parsed");
            }
        };
    }
}
