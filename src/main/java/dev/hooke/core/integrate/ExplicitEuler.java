package dev.hooke.core.integrate;

/**
 * Explicit (forward) Euler. Both updates use the state at the start of the step:
 * <pre>
 *   x⁺ = x + h v
 *   v⁺ = v + h M⁻¹ F(x, v)
 * </pre>
 * On an undamped oscillator it multiplies the energy by exactly (1 + h²ω²) every step, so it is
 * unstable at every Δt; with damping ratio ζ it is stable iff h &lt; 2ζ/ω (guide, "Single
 * oscillator"). The second seed article (§2.2) calls the v-then-x variant "explicit Euler": that
 * one is {@link SymplecticEuler}. The step itself is {@link EulerIntegrator}'s.
 */
public final class ExplicitEuler extends EulerIntegrator {

    /** Explicit Euler: x moves with the velocity at the start of the step. */
    public ExplicitEuler() {
        super(false);
    }

    @Override
    public IntegratorKind kind() {
        return IntegratorKind.EXPLICIT_EULER;
    }
}
