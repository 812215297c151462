package dev.hooke.core.integrate;


/**
 * Explicit (forward) Euler. Both updates use the state at the start of the step:
 * <pre>
 *   x⁺ = x + h v
 *   v⁺ = v + h M⁻¹ F(x, v)
 * </pre>
 * On an undamped oscillator it multiplies the energy by exactly (1 + h²ω²) every step, so it is
 * unstable at every Δt; with damping ratio ζ it is stable iff h &lt; 2ζ/ω (Hairer &amp; Wanner,
 * "Solving Ordinary Differential Equations II", 2nd ed., 1996, §IV.2). Some texts call the
 * v-then-x variant "explicit Euler": that one is {@link SymplecticEuler}. The step itself is {@link EulerIntegrator}'s.
 */
public final class ExplicitEuler extends EulerIntegrator {

    /** The stability rule: |1 + h s| ≤ 1, so h ≤ 2ζ/ω (ζ &lt; 1), 2/(ω(ζ + √(ζ² − 1))) (ζ ≥ 1); undamped, none. */
    static final StabilityRule STABILITY = StabilityRule.of((omega, z, verletDelta) -> {
        if (z == 0) {
            return 0.0;
        }
        return z < 1 ? 2 * z / omega : 2 / (omega * (z + Math.sqrt(z * z - 1)));
    }, (zeta, verletDelta) -> zeta > 0 ? LimitFormula.EXPLICIT_EULER_DAMPED : LimitFormula.ENERGY_GROWTH);

    /** Explicit Euler: x moves with the velocity at the start of the step. */
    public ExplicitEuler() {
        super(false);
    }

    @Override
    public IntegratorKind kind() {
        return IntegratorKind.EXPLICIT_EULER;
    }
}
