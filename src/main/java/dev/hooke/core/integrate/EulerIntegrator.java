package dev.hooke.core.integrate;

import dev.hooke.core.force.ForceEvaluator;
import dev.hooke.core.model.MassSpringSystem;

/**
 * What explicit and symplectic Euler share: one force evaluation F(x, v) at the start of the step
 * and one pass over the free particles, which updates x and v in the order the method prescribes
 * (Hairer, Lubich &amp; Wanner, <i>Geometric Numerical Integration</i>, §I.1.2):
 * <pre>
 *   explicit Euler      x⁺ = x + h v,          v⁺ = v + h M⁻¹ F(x, v)
 *   symplectic Euler    v⁺ = v + h M⁻¹ F(x, v), x⁺ = x + h v⁺
 * </pre>
 * Pinned particles (inverse mass 0) are skipped. Nothing allocates after the first step.
 *
 * <p>Dissipated work: both methods apply the damping force of the start state for the whole
 * step, so the work W' = P_d is stepped the same way, by the left rectangle rule
 * ΔW_d = h P_d(x, v), first order like the method ({@link #dissipatedWork()}).
 */
abstract sealed class EulerIntegrator implements Integrator permits ExplicitEuler, SymplecticEuler {

    private final ForceEvaluator forces = new ForceEvaluator();
    private final boolean velocityFirst;
    private double dissipated = Double.NaN;
    private double wind = Double.NaN;

    /** @param velocityFirst whether x moves with the new velocity (symplectic) or the old one (explicit) */
    EulerIntegrator(boolean velocityFirst) {
        this.velocityFirst = velocityFirst;
    }

    @Override
    public final void setThreads(int count) {
        forces.setThreads(count);
    }

    @Override
    public final int threads() {
        return forces.threads();
    }

    @Override
    public final void step(MassSpringSystem s, double h) {
        final double[] x = s.x;
        final double[] v = s.v;
        final double[] f = s.f;
        final double[] invMass = s.inverseMassArray();
        final boolean symplectic = velocityFirst;
        forces.compute(s, x, v, f);
        dissipated = h * forces.dampingPower();
        wind = h * forces.windPower();
        for (int i = 0; i < s.particleCount(); i++) {
            double w = invMass[i];
            if (w == 0) {
                continue;
            }
            for (int q = 3 * i; q < 3 * i + 3; q++) {
                if (symplectic) {
                    v[q] += h * w * f[q];
                    x[q] += h * v[q];
                } else {
                    x[q] += h * v[q];
                    v[q] += h * w * f[q];
                }
            }
        }
        s.touch();
    }

    @Override
    public final double dissipatedWork() {
        return dissipated;
    }

    /** h P_w(x, v), the wind's power at the start of the step, like the dissipated work. */
    @Override
    public final double windWork() {
        return wind;
    }
}
