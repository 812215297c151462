package dev.hooke.core.integrate;

import java.util.Objects;

/**
 * A method's linear stability rule: the largest stable step on one mode of the linearised system
 * y' = A y, a mode of angular frequency ω and damping ratio ζ with eigenvalues
 * s = ω(−ζ ± i√(1 − ζ²)) (Hairer et al., Solving Ordinary Differential Equations II, §IV.2), and
 * the formula in words for reports. {@code dev.hooke.core.stability.StabilityAnalysis} computes
 * ω and ζ of the modes and takes the smallest limit over them.
 */
public interface StabilityRule {

    /**
     * The largest stable h on one mode; in s. 0 means unstable at every h; +∞ means stable at
     * every h.
     *
     * @param omega       the mode's angular frequency, rad/s, &gt; 0
     * @param zeta        its damping ratio, ≥ 0
     * @param verletDelta position Verlet's δ (the other methods ignore it)
     */
    double modalLimit(double omega, double zeta, double verletDelta);

    /**
     * The formula in words, for reports, for example {@code 2/ω_max}.
     *
     * @param zeta        the fastest mode's damping ratio (0 or less: undamped)
     * @param verletDelta position Verlet's δ (the other methods ignore it)
     */
    LimitFormula formula(double zeta, double verletDelta);

    /** No step limit, for the methods stable at every Δt (implicit and projection methods). */
    StabilityRule NONE = of((omega, zeta, verletDelta) -> Double.POSITIVE_INFINITY, (zeta, verletDelta) -> LimitFormula.NONE);

    /** The limit on one mode, as in {@link StabilityRule#modalLimit}. */
    @FunctionalInterface
    interface Limit {
        /** See {@link StabilityRule#modalLimit}. */
        double modalLimit(double omega, double zeta, double verletDelta);
    }

    /** The formula in words, as in {@link StabilityRule#formula}. */
    @FunctionalInterface
    interface Formula {
        /** See {@link StabilityRule#formula}. */
        LimitFormula formula(double zeta, double verletDelta);
    }

    /** The rule made of a limit and its formula. */
    static StabilityRule of(Limit limit, Formula formula) {
        Objects.requireNonNull(limit, "limit");
        Objects.requireNonNull(formula, "formula");
        return new StabilityRule() {
            @Override
            public double modalLimit(double omega, double zeta, double verletDelta) {
                return limit.modalLimit(omega, zeta, verletDelta);
            }

            @Override
            public LimitFormula formula(double zeta, double verletDelta) {
                return formula.formula(zeta, verletDelta);
            }
        };
    }
}
