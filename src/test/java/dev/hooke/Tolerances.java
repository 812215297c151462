package dev.hooke;

/** Named tolerances of the tests, in one place. */
public final class Tolerances {

    private Tolerances() {
    }

    /** Step of the central differences taken of closed-form solutions; in s. */
    public static final double FD_STEP = 1e-5;
    /**
     * Closed-form oscillator: residual of u'' + 2ζω u' + ω² u = 0 by central differences with step
     * {@link #FD_STEP}, relative to ω²·max(|u₀|, |v₀|/ω). Truncation error h²·r⁴/12 with the fastest
     * rate r ≈ 58 s⁻¹ (ζ = 3, ω = 10) is 1e-6 of ω²; rounding 1e-16/h² is 1e-8 of it.
     */
    public static final double OSCILLATOR_ODE_RESIDUAL = 1e-5;
    /** Closed-form oscillator: u'(0) by a central difference against v₀, relative to ω·|u₀| + |v₀|. */
    public static final double OSCILLATOR_INITIAL_VELOCITY = 1e-7;
    /** Closed-form oscillator: the undamped case against u₀ cos ωt + (v₀/ω) sin ωt, relative to the amplitude. */
    public static final double OSCILLATOR_UNDAMPED = 1e-14;
    /** Closed-form oscillator: ζ = 1 ± 1e-9 against the critical formula, relative to |u₀|. */
    public static final double OSCILLATOR_NEAR_CRITICAL = 1e-7;
}
