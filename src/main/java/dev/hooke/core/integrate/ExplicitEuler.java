package dev.hooke.core.integrate;

import dev.hooke.core.stability.LimitFormula;
import dev.hooke.core.force.ForceEvaluator;
import dev.hooke.core.model.MassSpringSystem;

/**
 * Explicit (forward) Euler. Both updates use the state at the start of the step:
 * <pre>
 *   x⁺ = x + h v
 *   v⁺ = v + h M⁻¹ F(x, v)
 * </pre>
 * On an undamped oscillator it multiplies the energy by exactly (1 + h²ω²) every step, so it is
 * unstable at every Δt; with damping ratio ζ it is stable iff h &lt; 2ζ/ω (Hairer &amp; Wanner,
 * "Solving Ordinary Differential Equations II", 2nd ed., 1996, §IV.2). Some texts call the
 * v-then-x variant "explicit Euler": that one is {@link SymplecticEuler}.
 */
public final class ExplicitEuler implements Integrator {

    /** The stability rule: |1 + h s| ≤ 1, so h ≤ 2ζ/ω (ζ &lt; 1), 2/(ω(ζ + √(ζ² − 1))) (ζ ≥ 1); undamped, none. */
    static final StabilityRule STABILITY = StabilityRule.of((omega, z, verletDelta) -> {
        if (z == 0) {
            return 0.0;
        }
        return z < 1 ? 2 * z / omega : 2 / (omega * (z + Math.sqrt(z * z - 1)));
    }, (zeta, verletDelta) -> zeta > 0 ? LimitFormula.EXPLICIT_EULER_DAMPED : LimitFormula.ENERGY_GROWTH);

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
        return IntegratorKind.EXPLICIT_EULER;
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
                x[q] += h * v[q];
                v[q] += h * w * f[q];
            }
        }
        s.touch();
    }
}
