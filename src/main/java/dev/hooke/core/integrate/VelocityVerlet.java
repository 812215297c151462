package dev.hooke.core.integrate;

import dev.hooke.core.force.ForceEvaluator;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.model.StateRecord;

/**
 * Velocity Verlet (kick-drift-kick leapfrog):
 * <pre>
 *   v½ = v + ½ h a(x)
 *   x⁺ = x + h v½
 *   v⁺ = v½ + ½ h a(x⁺)
 * </pre>
 * Second order and symplectic; stable for hω &lt; 2 on an undamped oscillator, where it conserves
 * v² / (2 (1 − h²ω²/4)) + ω²x²/2 exactly (Hairer, Lubich &amp; Wanner, "Geometric Numerical
 * Integration", 2006). The acceleration at x⁺ is
 * the next step's, so it is cached (one force evaluation per step) until someone else changes the
 * system. Velocity-dependent forces at x⁺ are evaluated with the predicted velocity v½ + ½ h a(x).
 *
 * <p>Dissipated work: the damping forces act in two half kicks, at the start and at the end of the
 * step, each with the velocity it was evaluated with, so W' = P_d is stepped by the trapezoidal
 * rule over the same points, ΔW_d = ½ h (P_d(x, ṽ) + P_d(x⁺, ṽ⁺)), ṽ the velocities the forces
 * used: second order like the method ({@link #dissipatedWork()}).
 */
public final class VelocityVerlet implements Integrator {

    /**
     * The stability rule: undamped, hω ≤ 2; damped, the spectral radius of the amplification
     * matrix ≤ 1, by bisection.
     */
    static final StabilityRule STABILITY = StabilityRule.of((omega, z, verletDelta) -> z == 0
                    ? 2 / omega : ModalLimits.bisectAmplification(true, omega, z, verletDelta),
            (zeta, verletDelta) -> zeta > 0 ? LimitFormula.DAMPED_SPECTRAL : LimitFormula.TWO_OVER_OMEGA);

    private final ForceEvaluator forces = new ForceEvaluator();

    @Override
    public void setThreads(int count) {
        forces.setThreads(count);
    }

    @Override
    public int threads() {
        return forces.threads();
    }

    private double[] acc = new double[0];
    private double[] vHalf = new double[0];
    private MassSpringSystem seen;
    private long seenRevision = Long.MIN_VALUE;
    /** P_d at the state and velocity the cached acceleration was evaluated with; in W. */
    private double powerAtAcc;
    private double dissipated = Double.NaN;
    /** P_w, the wind's power, where {@link #powerAtAcc} is; in W. */
    private double windAtAcc;
    private double wind = Double.NaN;

    @Override
    public IntegratorKind kind() {
        return IntegratorKind.VELOCITY_VERLET;
    }

    @Override
    public void reset() {
        seen = null;
        seenRevision = Long.MIN_VALUE;
    }

    @Override
    public void step(MassSpringSystem s, double h) {
        final int n3 = 3 * s.particleCount();
        if (acc.length != n3) {
            acc = new double[n3];
            vHalf = new double[n3];
            seen = null;
        }
        final double[] x = s.x;
        final double[] v = s.v;
        final double[] f = s.f;
        final double[] invMass = s.inverseMassArray();
        final int n = s.particleCount();
        if (seen != s || seenRevision != s.revision()) {
            forces.compute(s, x, v, f);
            powerAtAcc = forces.dampingPower();
            windAtAcc = forces.windPower();
            for (int i = 0; i < n; i++) {
                double w = invMass[i];
                for (int q = 3 * i; q < 3 * i + 3; q++) {
                    acc[q] = w * f[q];
                }
            }
        }
        for (int i = 0; i < n; i++) {
            if (invMass[i] == 0) {
                continue;
            }
            for (int q = 3 * i; q < 3 * i + 3; q++) {
                vHalf[q] = v[q] + 0.5 * h * acc[q];
                x[q] += h * vHalf[q];
                v[q] = vHalf[q] + 0.5 * h * acc[q]; // predicted velocity for the damping forces
            }
        }
        forces.compute(s, x, v, f);
        double powerEnd = forces.dampingPower();
        double windEnd = forces.windPower();
        wind = 0.5 * h * (windAtAcc + windEnd);
        windAtAcc = windEnd;
        dissipated = 0.5 * h * (powerAtAcc + powerEnd);
        powerAtAcc = powerEnd;
        for (int i = 0; i < n; i++) {
            double w = invMass[i];
            if (w == 0) {
                continue;
            }
            for (int q = 3 * i; q < 3 * i + 3; q++) {
                acc[q] = w * f[q];
                v[q] = vHalf[q] + 0.5 * h * acc[q];
            }
        }
        s.touch();
        seen = s;
        seenRevision = s.revision();
    }

    @Override
    public double dissipatedWork() {
        return dissipated;
    }

    /** ½ h (P_w(start) + P_w(end)) over the same points as the dissipated work: second order. */
    @Override
    public double windWork() {
        return wind;
    }

    /** Saves the cached acceleration a(x⁺) and P_d there, when they belong to the present state. */
    @Override
    public void saveState(StateRecord out, MassSpringSystem s) {
        boolean current = seen == s && seenRevision == s.revision();
        out.putBoolean(current);
        if (current) {
            out.putDouble(powerAtAcc);
            out.putDouble(windAtAcc);
            out.putArray(acc);
        }
    }

    @Override
    public void restoreState(StateRecord in, MassSpringSystem s) {
        if (!in.nextBoolean()) {
            reset();
            return;
        }
        powerAtAcc = in.nextDouble();
        windAtAcc = in.nextDouble();
        int n3 = in.nextArrayLength();
        if (acc.length != n3) {
            acc = new double[n3];
            vHalf = new double[n3];
        }
        in.nextArray(acc);
        seen = s;
        seenRevision = s.revision();
    }
}
