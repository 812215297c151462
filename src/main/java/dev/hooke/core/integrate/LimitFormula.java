package dev.hooke.core.integrate;

import java.util.Locale;

/**
 * The rule a {@link StabilityLimit} was computed by. Most rules are formulas in ω_max, ζ and δ,
 * which read the same in every language; a few are words ({@link #isFormula()} is false), which
 * a user interface translates. {@link #text()} is the English text that reports and the command
 * line print.
 *
 * <p>The formulas follow from the stability function of each method applied to one damped mode
 * y' = A y with eigenvalues s = ω(−ζ ± i√(1 − ζ²)): the explicit Euler and Runge–Kutta regions
 * |R(h s)| ≤ 1 (Hairer &amp; Wanner, "Solving Ordinary Differential Equations II", 2nd ed., 1996,
 * §IV.2), and for symplectic Euler and Verlet the amplification matrix's characteristic
 * polynomial with Jury's conditions (Hairer, Lubich &amp; Wanner, "Geometric Numerical
 * Integration", 2nd ed., 2006). {@link StabilityAnalysis} derives each of them.
 */
public enum LimitFormula {

    /** Symplectic Euler, velocity Verlet or Verlet without its δ, undamped: h ≤ 2/ω_max. */
    TWO_OVER_OMEGA("2/ω_max", true),
    /** Explicit Euler with damping (ζ &lt; 1): h ≤ 2ζ/ω_max. */
    EXPLICIT_EULER_DAMPED("2ζ/ω_max", true),
    /** Explicit Euler without damping: the energy grows by 1 + h²ω² every step, at every h. */
    ENERGY_GROWTH("energy ×(1+Δt²ω²) per step", false),
    /** Symplectic Euler with damping: h ω_max ≤ 2(√(1 + ζ²) − ζ) (and ≤ 1/ζ). */
    SYMPLECTIC_EULER_DAMPED("2(√(1+ζ²)−ζ)/ω_max", true),
    /** Position Verlet with its velocity damping δ, undamped springs: h ≤ 2√(1 − δ/2)/ω_max. */
    VERLET_DELTA("2√(1−δ/2)/ω_max", true),
    /** Verlet or velocity Verlet with damping: the step's amplification matrix has spectral radius 1. */
    DAMPED_SPECTRAL("ρ(G(Δt)) = 1 with damping", false),
    /** Classical Runge–Kutta, undamped: the stability region reaches the imaginary axis at 2√2. */
    RK4_UNDAMPED("2√2/ω_max", true),
    /** Classical Runge–Kutta with damping: the root of |R(h s)| = 1. */
    RK4_DAMPED("|R(Δt·s)| = 1", true),
    /** An implicit method: stable at every Δt. */
    IMPLICIT_NONE("implicit: none", false),
    /** A projection method (PBD, XPBD, fast mass-springs): stable at every Δt. */
    PROJECTION_NONE("projection: none", false),
    /** A method without a rule of its own. */
    NONE("none", false);

    private final String text;
    private final boolean formula;

    LimitFormula(String text, boolean formula) {
        this.text = text;
        this.formula = formula;
    }

    /** The rule in English, for example "2/ω_max" or "implicit: none". */
    public String text() {
        return text;
    }

    /** Whether the rule is a formula (the same in every language) rather than words. */
    public boolean isFormula() {
        return formula;
    }

    /** The rule's name in lower camel case, for example "energyGrowth" (for message keys). */
    public String id() {
        StringBuilder sb = new StringBuilder();
        for (String part : name().toLowerCase(Locale.ROOT).split("_")) {
            sb.append(sb.length() == 0 ? part : Character.toUpperCase(part.charAt(0)) + part.substring(1));
        }
        return sb.toString();
    }

    /** The English text, as {@link #text()}: a rule prints as reports have always shown it. */
    @Override
    public String toString() {
        return text;
    }
}
