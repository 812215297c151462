package dev.hooke.cli;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Locale;

/** Numbers written for people, in the summaries and help texts. */
final class Numbers {

    private Numbers() {
    }

    /** A number without exponent or trailing zeros: 0.001, 16, 9.81. */
    static String plain(double v) {
        return BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }

    /**
     * A number for people: six significant digits, no trailing zeros; plain between 10⁻⁴ and 10⁷,
     * otherwise with an exponent (1.23457e-05); NaN and infinities as Java prints them.
     */
    static String num(double v) {
        if (!Double.isFinite(v)) {
            return Double.toString(v);
        }
        if (v == 0) {
            return "0";
        }
        double a = Math.abs(v);
        if (a >= 1e-4 && a < 1e7) {
            return new BigDecimal(v).round(new MathContext(6)).stripTrailingZeros().toPlainString();
        }
        String s = String.format(Locale.ROOT, "%.5e", v);
        int e = s.indexOf('e');
        String mantissa = s.substring(0, e);
        if (mantissa.contains(".")) {
            mantissa = mantissa.replaceAll("0+$", "").replaceAll("\\.$", "");
        }
        return mantissa + s.substring(e);
    }
}
