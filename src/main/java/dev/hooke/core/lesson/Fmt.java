package dev.hooke.core.lesson;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Locale;

/** Number formatting for reports: plain, locale-independent, no more digits than needed. */
final class Fmt {

    private Fmt() {
    }

    /** A number with at most {@code digits} significant digits, trailing zeros dropped. */
    static String num(double d, int digits) {
        if (Double.isNaN(d)) {
            return "NaN";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? "∞" : "−∞";
        }
        if (d == 0) {
            return "0";
        }
        double a = Math.abs(d);
        if (a >= 1e-4 && a < 1e7) {
            String s = new BigDecimal(d).round(new MathContext(digits)).stripTrailingZeros().toPlainString();
            return s;
        }
        String s = String.format(Locale.ROOT, "%." + (digits - 1) + "e", d);
        int e = s.indexOf('e');
        String mant = s.substring(0, e);
        if (mant.contains(".")) {
            mant = mant.replaceAll("0+$", "").replaceAll("\\.$", "");
        }
        return mant + "e" + Integer.parseInt(s.substring(e + 1));
    }

    /** A number with 6 significant digits. */
    static String num(double d) {
        return num(d, 6);
    }

    /** A relative tolerance: "±1%", or "±1e-9 rel." (相对). */
    static Text tol(double rel) {
        if (rel >= 1e-4) {
            return Text.same("±" + num(rel * 100, 4) + "%");
        }
        return Text.format("±%s rel.", "±%s（相对）", num(rel, 3));
    }

    /** A signed relative deviation: "+0.42%", or "rel. +6.3e-8" (相对). */
    static Text dev(double rel) {
        String sign = rel >= 0 ? "+" : "−";
        if (Math.abs(rel) >= 1e-4) {
            return Text.same(sign + num(Math.abs(rel) * 100, 3) + "%");
        }
        return Text.format("rel. %s", "相对 %s", sign + num(Math.abs(rel), 2));
    }
}
