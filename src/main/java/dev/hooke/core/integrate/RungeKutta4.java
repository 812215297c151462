package dev.hooke.core.integrate;

import dev.hooke.core.force.ForceEvaluator;
import dev.hooke.core.model.MassSpringSystem;

/**
 * The classical fourth-order Runge–Kutta method on the first-order system
 * y = (x, v), y' = (v, M⁻¹ F(x, v)):
 * <pre>
 *   k1 = f(y),  k2 = f(y + ½ h k1),  k3 = f(y + ½ h k2),  k4 = f(y + h k3)
 *   y⁺ = y + h/6 (k1 + 2 k2 + 2 k3 + k4)
 * </pre>
 * Four force evaluations per step. On an undamped oscillator it is stable for hω ≤ 2√2 and
 * slightly dissipative: |R(iy)|² = 1 − y⁶/72 + y⁸/576 (Hairer &amp; Wanner 1996, §IV.2).
 *
 * <p>Dissipated work: W' = P_d(x, v) is carried as one more component of y and stepped with the
 * same stages, ΔW_d = h/6 (P₁ + 2 P₂ + 2 P₃ + P₄), P_i the damping power at stage i's (x, v), so
 * W_d is fourth-order accurate too and E + W_d − E₀ is the method's own energy error
 * ({@link #dissipatedWork()}).
 */
public final class RungeKutta4 implements Integrator {

    /**
     * The stability rule: |R(h s)| ≤ 1, R(z) = 1 + z + z²/2 + z³/6 + z⁴/24; undamped hω ≤ 2√2,
     * damped the root of |R(h s)| = 1, by bisection.
     */
    static final StabilityRule STABILITY = StabilityRule.of((omega, z, verletDelta) -> z == 0
                    ? 2 * Math.sqrt(2) / omega : ModalLimits.rk4DampedLimit(omega, z),
            (zeta, verletDelta) -> zeta > 0 ? LimitFormula.RK4_DAMPED : LimitFormula.RK4_UNDAMPED);

    private final ForceEvaluator forces = new ForceEvaluator();

    @Override
    public void setThreads(int count) {
        forces.setThreads(count);
    }

    @Override
    public int threads() {
        return forces.threads();
    }

    private double[] x0 = new double[0];
    private double[] v0 = new double[0];
    private double[] xt = new double[0];
    private double[] vt = new double[0];
    private double[] sumX = new double[0];
    private double[] sumV = new double[0];
    private double dissipated = Double.NaN;
    private double wind = Double.NaN;

    @Override
    public IntegratorKind kind() {
        return IntegratorKind.RK4;
    }

    @Override
    public void step(MassSpringSystem s, double h) {
        final int n3 = 3 * s.particleCount();
        if (x0.length != n3) {
            x0 = new double[n3];
            v0 = new double[n3];
            xt = new double[n3];
            vt = new double[n3];
            sumX = new double[n3];
            sumV = new double[n3];
        }
        final double[] x = s.x;
        final double[] v = s.v;
        final double[] f = s.f;
        final double[] invMass = s.inverseMassArray();
        final int n = s.particleCount();
        System.arraycopy(x, 0, x0, 0, n3);
        System.arraycopy(v, 0, v0, 0, n3);

        // stage 1 at (x0, v0): k1 = (v0, a0)
        forces.compute(s, x0, v0, f);
        double power = forces.dampingPower();
        double windPower = forces.windPower();
        stage(n, invMass, f, v0, 1.0, 0.5 * h, true);
        // stage 2 at (xt, vt)
        forces.compute(s, xt, vt, f);
        power += 2 * forces.dampingPower();
        windPower += 2 * forces.windPower();
        stage(n, invMass, f, vt, 2.0, 0.5 * h, false);
        // stage 3
        forces.compute(s, xt, vt, f);
        power += 2 * forces.dampingPower();
        windPower += 2 * forces.windPower();
        stage(n, invMass, f, vt, 2.0, h, false);
        // stage 4
        forces.compute(s, xt, vt, f);
        power += forces.dampingPower();
        windPower += forces.windPower();
        dissipated = h / 6.0 * power;
        wind = h / 6.0 * windPower;
        for (int i = 0; i < n; i++) {
            double w = invMass[i];
            if (w == 0) {
                continue;
            }
            for (int q = 3 * i; q < 3 * i + 3; q++) {
                double kx = sumX[q] + vt[q];
                double kv = sumV[q] + w * f[q];
                x[q] = x0[q] + h / 6.0 * kx;
                v[q] = v0[q] + h / 6.0 * kv;
            }
        }
        s.touch();
    }

    @Override
    public double dissipatedWork() {
        return dissipated;
    }

    /** The wind's power over the four stages with RK4's weights, like the dissipated work: fourth order. */
    @Override
    public double windWork() {
        return wind;
    }

    /**
     * Adds weight·k_stage to the running sums, where k = (vel, w f), and sets the next stage's
     * evaluation point y0 + c·k. The stage's velocity array {@code vel} may be {@code vt} itself,
     * so each component is read before it is overwritten.
     */
    private void stage(int n, double[] invMass, double[] f, double[] vel, double weight, double c, boolean first) {
        for (int i = 0; i < n; i++) {
            double w = invMass[i];
            for (int q = 3 * i; q < 3 * i + 3; q++) {
                double kx = w == 0 ? 0 : vel[q];
                double kv = w * f[q];
                if (first) {
                    sumX[q] = kx;
                    sumV[q] = kv;
                } else {
                    sumX[q] += weight * kx;
                    sumV[q] += weight * kv;
                }
                xt[q] = x0[q] + c * kx;
                vt[q] = v0[q] + c * kv;
            }
        }
    }
}
