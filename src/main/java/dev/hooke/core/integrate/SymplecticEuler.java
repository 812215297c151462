package dev.hooke.core.integrate;


/**
 * Semi-implicit (symplectic) Euler, velocity first:
 * <pre>
 *   v⁺ = v + h M⁻¹ F(x, v)
 *   x⁺ = x + h v⁺
 * </pre>
 * Stable for hω &lt; 2 on an undamped oscillator, where it conserves the modified energy
 * H = v²/2 + ω²x²/2 − hω²xv/2 exactly (Hairer, Lubich &amp; Wanner, "Geometric Numerical
 * Integration", 2006). First order. The step itself is {@link EulerIntegrator}'s.
 */
public final class SymplecticEuler extends EulerIntegrator {

    /**
     * The stability rule: Jury's conditions on the amplification matrix
     * [[1 − y², y(1 − 2ζy)/ω], [−yω, 1 − 2ζy]], y = hω, give y ≤ min(2(√(1 + ζ²) − ζ), 1/ζ).
     */
    static final StabilityRule STABILITY = StabilityRule.of((omega, z, verletDelta) -> {
        double y = 2 * (Math.sqrt(1 + z * z) - z);
        if (z > 0) {
            y = Math.min(y, 1 / z);
        }
        return y / omega;
    }, (zeta, verletDelta) -> zeta > 0 ? LimitFormula.SYMPLECTIC_EULER_DAMPED : LimitFormula.TWO_OVER_OMEGA);

    /** Symplectic Euler: x moves with the velocity at the end of the step. */
    public SymplecticEuler() {
        super(true);
    }

    @Override
    public IntegratorKind kind() {
        return IntegratorKind.SYMPLECTIC_EULER;
    }
}
