package dev.hooke.core.stability;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.integrate.LimitFormula;
import java.util.Locale;

/**
 * The largest stable Δt an integrator has on a system, as predicted by linear stability analysis.
 *
 * @param integrator the method
 * @param dtMax      the limit in s: {@code +∞} when the method is stable at every Δt (implicit
 *                   methods), 0 when it is unstable at every Δt (explicit Euler without damping)
 * @param omegaMax   ω_max, the fastest mode's angular frequency; in rad/s
 * @param zeta       ζ, the fastest mode's damping ratio; dimensionless
 * @param rule       the rule the limit follows, for example {@link LimitFormula#TWO_OVER_OMEGA} (2/ω_max)
 */
public record StabilityLimit(IntegratorKind integrator, double dtMax, double omegaMax, double zeta,
                             LimitFormula rule) {

    /** Whether every Δt is stable (no limit). */
    public boolean unlimited() {
        return dtMax == Double.POSITIVE_INFINITY;
    }

    /** Whether no Δt is stable. */
    public boolean unstableAtEveryDt() {
        return dtMax == 0;
    }

    /** Whether Δt = h is predicted stable. */
    public boolean isStable(double h) {
        return h < dtMax || unlimited();
    }

    /** The limit in words, for example "0.0200 s (2/ω_max)" or "unstable at every Δt". */
    public String describe() {
        if (unlimited()) {
            return "none (stable at every Δt)";
        }
        if (unstableAtEveryDt()) {
            return "unstable at every Δt (" + rule.text() + ")";
        }
        return String.format(Locale.ROOT, "%.4g s (%s)", dtMax, rule.text());
    }
}
