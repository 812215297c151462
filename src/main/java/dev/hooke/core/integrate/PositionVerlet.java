package dev.hooke.core.integrate;

import dev.hooke.core.force.ForceEvaluator;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.model.StateRecord;

/**
 * Position (Störmer) Verlet in the form of the GAMES101 rope assignment, with its damping factor δ:
 * <pre>
 *   x⁺ = x + (1 − δ)(x − x⁻) + a(x) h²
 * </pre>
 * With δ = 0 and no velocity-dependent force it produces the same trajectory as
 * {@link VelocityVerlet}: the history is started at x⁻ = x − h v + ½ h² a (a Taylor step back),
 * and the velocity reported after the step is the synchronised one,
 * <pre>
 *   v⁺ = (x⁺ − x)/h + ½ h a(x⁺).
 * </pre>
 * The force at x⁺ is needed for that velocity and is also the next step's force, so it is cached:
 * one force evaluation per step. Velocity-dependent forces (spring and air damping) at x⁺ are
 * evaluated with the predicted velocity (x⁺ − x)/h + ½ h a(x), which is second-order accurate.
 *
 * <p>What δ is: rewriting the update as (x⁺ − 2x + x⁻)/h² = a − (δ/h)·(x − x⁻)/h shows a drag
 * −(δ/h)·v on every particle, not damping inside the springs. It slows free fall and shrinks
 * the momentum by (1 − δ) per step, and its rate δ/h grows as Δt shrinks, so a fixed δ does not
 * converge to the undamped solution: set δ = 0 to study accuracy.
 *
 * <p>Stability on an undamped oscillator (characteristic polynomial
 * λ² − (2 − δ − h²ω²) λ + (1 − δ) = 0, root λ = −1 at the edge): h &lt; 2 √(1 − δ/2) / ω, that is
 * 2/ω for δ = 0.
 *
 * <p>Dissipated work ({@link #dissipatedWork()}): the spring and air damping as in
 * {@link VelocityVerlet}, ΔW = ½ h (P_d(x, ṽ) + P_d(x⁺, ṽ⁺)) over the points and velocities the
 * forces were evaluated with; and the work of the drag δ, which changes x⁺ − 2x + x⁻ by
 * −δ (x − x⁻), and so the leapfrog's kinetic energy ½ m |x⁺ − x|²/h² − ½ m |x − x⁻|²/h²
 * (= m (x⁺ − 2x + x⁻)·(x⁺ − x⁻)/(2h²)) by exactly
 * <pre>
 *   ΔW_δ = Σ m δ (x − x⁻)·(x⁺ − x⁻) / (2h²).
 * </pre>
 *
 * <p>Whenever the system was changed by anyone else (its {@link MassSpringSystem#revision()
 * revision} is not the one this integrator left) or Δt changed, the history and the cached force
 * are rebuilt from the present x and v.
 */
public final class PositionVerlet implements Integrator {

    /**
     * The stability rule: undamped, λ² − (2 − δ − y²) λ + (1 − δ) = 0 has λ = −1 at
     * y = hω = 2√(1 − δ/2); damped, the spectral radius of the amplification matrix ≤ 1, by bisection.
     */
    static final StabilityRule STABILITY = StabilityRule.of((omega, z, verletDelta) -> z == 0
                    ? 2 * Math.sqrt(1 - verletDelta / 2) / omega
                    : ModalLimits.bisectAmplification(false, omega, z, verletDelta),
            (zeta, verletDelta) -> zeta > 0 ? LimitFormula.DAMPED_SPECTRAL
                    : verletDelta > 0 ? LimitFormula.VERLET_DELTA : LimitFormula.TWO_OVER_OMEGA);

    private final ForceEvaluator forces = new ForceEvaluator();

    @Override
    public void setThreads(int count) {
        forces.setThreads(count);
    }

    @Override
    public int threads() {
        return forces.threads();
    }

    /** The GAMES101 default for δ. */
    public static final double DEFAULT_DAMPING = 5e-5;

    private double delta = DEFAULT_DAMPING;
    private double[] xPrev = new double[0];
    private double[] acc = new double[0];
    private double[] vHalf = new double[0];
    private MassSpringSystem seen;
    private long seenRevision = Long.MIN_VALUE;
    private double seenH = Double.NaN;
    /** P_d at the state and velocity the cached acceleration was evaluated with; in W. */
    private double powerAtAcc;
    private double dissipated = Double.NaN;
    /** P_w, the wind's power, where {@link #powerAtAcc} is; in W. */
    private double windAtAcc;
    private double wind = Double.NaN;

    /** A Verlet integrator with δ = {@value #DEFAULT_DAMPING}. */
    public PositionVerlet() {
    }

    /** A Verlet integrator with the given δ. */
    public PositionVerlet(double delta) {
        setDamping(delta);
    }

    @Override
    public IntegratorKind kind() {
        return IntegratorKind.VERLET;
    }

    /** δ, the fraction of the previous displacement lost each step; dimensionless, in [0, 1). */
    public double damping() {
        return delta;
    }

    /** Sets δ, in [0, 1). */
    public void setDamping(double d) {
        delta = IntegratorSettings.checkVerletDelta(d);
    }

    @Override
    public void reset() {
        seen = null;
        seenRevision = Long.MIN_VALUE;
        seenH = Double.NaN;
    }

    @Override
    public void step(MassSpringSystem s, double h) {
        final int n3 = 3 * s.particleCount();
        if (xPrev.length != n3) {
            xPrev = new double[n3];
            acc = new double[n3];
            vHalf = new double[n3];
            seen = null;
        }
        final double[] x = s.x;
        final double[] v = s.v;
        final double[] f = s.f;
        final double[] invMass = s.inverseMassArray();
        final int n = s.particleCount();
        if (seen != s || seenRevision != s.revision() || seenH != h) {
            forces.compute(s, x, v, f);
            powerAtAcc = forces.dampingPower();
            windAtAcc = forces.windPower();
            for (int i = 0; i < n; i++) {
                double w = invMass[i];
                for (int q = 3 * i; q < 3 * i + 3; q++) {
                    acc[q] = w * f[q];
                    xPrev[q] = x[q] - h * v[q] + 0.5 * h * h * acc[q];
                }
            }
        }
        final double keep = 1.0 - delta;
        final double[] mass = s.massArray();
        double drag = 0;
        for (int i = 0; i < n; i++) {
            if (invMass[i] == 0) {
                continue;
            }
            for (int q = 3 * i; q < 3 * i + 3; q++) {
                double xNew = x[q] + keep * (x[q] - xPrev[q]) + acc[q] * h * h;
                drag += mass[i] * (x[q] - xPrev[q]) * (xNew - xPrev[q]);
                vHalf[q] = (xNew - x[q]) / h;
                xPrev[q] = x[q];
                x[q] = xNew;
                v[q] = vHalf[q] + 0.5 * h * acc[q]; // predicted velocity for the damping forces
            }
        }
        forces.compute(s, x, v, f);
        double powerEnd = forces.dampingPower();
        double windEnd = forces.windPower();
        wind = 0.5 * h * (windAtAcc + windEnd);
        windAtAcc = windEnd;
        dissipated = 0.5 * h * (powerAtAcc + powerEnd) + delta * drag / (2 * h * h);
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
        seenH = h;
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

    /** Saves the history x⁻, the cached acceleration, P_d there, and the Δt they belong to. */
    @Override
    public void saveState(StateRecord out, MassSpringSystem s) {
        boolean current = seen == s && seenRevision == s.revision();
        out.putBoolean(current);
        if (current) {
            out.putDouble(seenH);
            out.putDouble(powerAtAcc);
            out.putDouble(windAtAcc);
            out.putArray(xPrev);
            out.putArray(acc);
        }
    }

    @Override
    public void restoreState(StateRecord in, MassSpringSystem s) {
        if (!in.nextBoolean()) {
            reset();
            return;
        }
        seenH = in.nextDouble();
        powerAtAcc = in.nextDouble();
        windAtAcc = in.nextDouble();
        int n3 = in.nextArrayLength();
        if (xPrev.length != n3) {
            xPrev = new double[n3];
            acc = new double[n3];
            vHalf = new double[n3];
        }
        in.nextArray(xPrev);
        in.nextArray(acc);
        seen = s;
        seenRevision = s.revision();
    }
}
