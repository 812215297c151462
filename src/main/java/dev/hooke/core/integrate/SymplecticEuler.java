package dev.hooke.core.integrate;

/**
 * Semi-implicit (symplectic) Euler, velocity first:
 * <pre>
 *   v⁺ = v + h M⁻¹ F(x, v)
 *   x⁺ = x + h v⁺
 * </pre>
 * Stable for hω &lt; 2 on an undamped oscillator, where it conserves the modified energy
 * H = v²/2 + ω²x²/2 − hω²xv/2 exactly (guide, "Single oscillator"). First order. The step itself
 * is {@link EulerIntegrator}'s.
 */
public final class SymplecticEuler extends EulerIntegrator {

    /** Symplectic Euler: x moves with the velocity at the end of the step. */
    public SymplecticEuler() {
        super(true);
    }

    @Override
    public IntegratorKind kind() {
        return IntegratorKind.SYMPLECTIC_EULER;
    }
}
