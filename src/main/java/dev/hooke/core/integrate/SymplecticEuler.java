package dev.hooke.core.integrate;

import dev.hooke.core.stability.LimitFormula;
import dev.hooke.core.force.ForceEvaluator;
import dev.hooke.core.model.MassSpringSystem;

/**
 * Semi-implicit (symplectic) Euler, velocity first:
 * <pre>
 *   v⁺ = v + h M⁻¹ F(x, v)
 *   x⁺ = x + h v⁺
 * </pre>
 * Stable for hω &lt; 2 on an undamped oscillator, where it conserves the modified energy
 * H = v²/2 + ω²x²/2 − hω²xv/2 exactly (Hairer, Lubich &amp; Wanner, "Geometric Numerical
 * Integration", 2006). First order.
 */
public final class SymplecticEuler implements Integrator {

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

    private final ForceEvaluator forces = new ForceEvaluator();

    @Override
    public void setThreads(int count) {
        forces.setThreads(count);
    }

    @Override
    public int threads() {
        return forces.threads();
    }

    @Override
    public IntegratorKind kind() {
        return IntegratorKind.SYMPLECTIC_EULER;
    }

    @Override
    public void step(MassSpringSystem s, double h) {
        final double[] x = s.x;
        final double[] v = s.v;
        final double[] f = s.f;
        final double[] invMass = s.inverseMassArray();
        forces.compute(s, x, v, f);
        for (int i = 0; i < s.particleCount(); i++) {
            double w = invMass[i];
            if (w == 0) {
                continue;
            }
            for (int q = 3 * i; q < 3 * i + 3; q++) {
                v[q] += h * w * f[q];
                x[q] += h * v[q];
            }
        }
        s.touch();
    }
}
