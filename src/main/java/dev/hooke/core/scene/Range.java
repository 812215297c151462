package dev.hooke.core.scene;

import java.math.BigDecimal;
import java.util.Locale;

/**
 * The values one number of a scene accepts: a finite number from {@code min} to {@code max} and,
 * when {@code zeroToo}, 0 as well (0 meaning "none": springs without stiffness, no damping, no
 * drop). The one definition of a bound, read by {@link SceneSpec#validate()} (and so by scene
 * files, lessons and the command line) and by the workbench's fields.
 *
 * <p>Quantities that a step divides by or multiplies into a ratio (masses, lengths, thicknesses,
 * periods) have a positive minimum, not only "&gt; 0": a subnormal mass such as 1e-320 kg makes
 * 1/m infinite and the first step NaN, a subnormal length makes every strain (l − L)/L infinite.
 * The minima sit many orders of magnitude below anything a lesson uses (a microgram, a micrometre),
 * and far above the doubles' underflow, so that k/m, g·m and (l − L)/L stay finite across the
 * whole range (k/m at most 1e9 / 1e-9 = 1e18 s⁻², whose root 1e9 rad/s is still a number).
 *
 * @param min     the smallest value accepted (besides 0 when {@code zeroToo}); a negative one for a
 *                signed quantity
 * @param max     the largest value accepted
 * @param zeroToo whether 0 is accepted although it lies below {@code min}
 * @param unit    the unit written after the bounds in messages ("kg", "N/m"), or "" when dimensionless
 */
public record Range(double min, double max, boolean zeroToo, String unit) {

    /** Values from {@code min} (&gt; 0) to {@code max}; 0 is refused. */
    public static Range positive(double min, double max, String unit) {
        return new Range(min, max, false, unit);
    }

    /** 0, or values from {@code min} (&gt; 0) to {@code max}. */
    public static Range zeroOr(double min, double max, String unit) {
        return new Range(min, max, true, unit);
    }

    /** Values from 0 to {@code max}. */
    public static Range upTo(double max, String unit) {
        return new Range(0, max, false, unit);
    }

    /** Values from −{@code max} to {@code max}, for a signed quantity. */
    public static Range within(double max, String unit) {
        return new Range(-max, max, false, unit);
    }

    /** Whether {@code v} is accepted (NaN and the infinities never are). */
    public boolean accepts(double v) {
        return (zeroToo && v == 0) || (v >= min && v <= max);
    }

    /** Null when {@code v} is accepted, otherwise why not, in English ("must be 0 or from 1e-6 to 1e9 N/m, got -5"). */
    public String problem(double v) {
        return accepts(v) ? null : describe() + ", got " + format(v);
    }

    /** What is accepted, in English: "must be a number from 1e-9 to 1e6 kg". */
    public String describe() {
        String span = "from " + format(min) + " to " + format(max) + (unit.isEmpty() ? "" : " " + unit);
        return zeroToo ? "must be 0 or a number " + span : "must be a number " + span;
    }

    /**
     * Checks a field's value.
     *
     * @param field the field's name, which starts the message
     * @throws IllegalArgumentException "field: must be …, got …" when {@code v} is refused
     */
    public double check(String field, double v) {
        String p = problem(v);
        if (p != null) {
            throw new IllegalArgumentException(field + ": " + p);
        }
        return v;
    }

    /**
     * A number written plainly: 1000, 0.5, 1e-9, 1e6, 1e-320 (the shortest decimal that reads back
     * as {@code v}, in powers of ten outside 0.001 … 100000); NaN and the infinities as Java writes them.
     */
    public static String format(double v) {
        if (!Double.isFinite(v)) {
            return Double.toString(v);
        }
        if (v == 0) {
            return "0";
        }
        BigDecimal d = new BigDecimal(Double.toString(v)).stripTrailingZeros();
        double magnitude = Math.abs(v);
        if (magnitude >= 1e-3 && magnitude < 1e5) {
            return d.toPlainString();
        }
        int exponent = d.precision() - d.scale() - 1;
        BigDecimal mantissa = d.movePointLeft(exponent).stripTrailingZeros();
        return mantissa.toPlainString() + "e" + exponent;
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%s[%s, %s]%s", zeroToo ? "{0} ∪ " : "", format(min), format(max),
                unit.isEmpty() ? "" : " " + unit);
    }
}
