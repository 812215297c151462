package dev.hooke.fx.controls;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Locale;

/** Number formatting and parsing for the panels: plain decimals, always with a dot. */
public final class Numbers {

    private Numbers() {
    }

    /**
     * v with at most {@code digits} significant digits and no trailing zeros: "0.01", "250",
     * "1.5e-05" (scientific below 10⁻⁴ and from 10⁶ on).
     */
    public static String format(double v, int digits) {
        if (!Double.isFinite(v)) {
            return Double.isNaN(v) ? "–" : (v > 0 ? "∞" : "−∞");
        }
        if (v == 0) {
            return "0";
        }
        double a = Math.abs(v);
        if (a < 1e-4 || a >= 1e6) {
            String s = String.format(Locale.ROOT, "%." + Math.max(0, digits - 1) + "e", v);
            int e = s.indexOf('e');
            String mantissa = s.substring(0, e);
            if (mantissa.contains(".")) {
                mantissa = mantissa.replaceAll("0+$", "").replaceAll("\\.$", "");
            }
            return mantissa + s.substring(e);
        }
        return new BigDecimal(v).round(new MathContext(digits)).stripTrailingZeros().toPlainString();
    }

    /** v with four significant digits. */
    public static String format(double v) {
        return format(v, 4);
    }

    /** v rounded to {@code digits} significant digits. */
    public static double round(double v, int digits) {
        if (!Double.isFinite(v) || v == 0) {
            return v;
        }
        return new BigDecimal(v).round(new MathContext(digits)).doubleValue();
    }

    /**
     * Parses a decimal typed by a person (a comma is taken for a decimal point).
     *
     * @throws NumberFormatException when the text is not a number
     */
    public static double parse(String text) {
        String t = text == null ? "" : text.trim().replace(',', '.').replace('−', '-');
        if (t.isEmpty()) {
            throw new NumberFormatException("empty");
        }
        double v = Double.parseDouble(t);
        if (!Double.isFinite(v)) {
            throw new NumberFormatException("not finite");
        }
        return v;
    }
}
