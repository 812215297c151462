package dev.hooke.bench;

import dev.hooke.core.force.Forces;
import dev.hooke.core.integrate.RungeKutta4;
import dev.hooke.core.model.MassSpringSystem;
import org.hipparchus.ode.ExpandableODE;
import org.hipparchus.ode.ODEState;
import org.hipparchus.ode.ODEStateAndDerivative;
import org.hipparchus.ode.OrdinaryDifferentialEquation;
import org.hipparchus.ode.nonstiff.ClassicalRungeKuttaIntegrator;

/**
 * The same equations of motion integrated by Hipparchus's {@link ClassicalRungeKuttaIntegrator}
 * and by Hooke's {@link RungeKutta4}, at the same fixed Δt, from the same state:
 * <pre>
 *   y = (x, v),   y' = (v, M⁻¹ F(x, v))       (pinned particles: y' = 0)
 * </pre>
 * Both call {@link Forces#compute} for F, so the difference in cost is the integrator's own:
 * Hipparchus's general state handling (a new derivative array per evaluation, step interpolators)
 * against Hooke's flat, reused arrays. Both are the classical method, so their results agree to
 * rounding.
 */
final class HipparchusBaseline {

    /** What one comparison measured. */
    record Result(int steps, double dt, double hipparchusSeconds, double hookeSeconds, double maxDifference,
                  double scale) {
        /** Wall-clock seconds per simulated second, Hipparchus. */
        double hipparchusPerSimulatedSecond() {
            return hipparchusSeconds / (steps * dt);
        }

        /** Wall-clock seconds per simulated second, Hooke's RK4. */
        double hookePerSimulatedSecond() {
            return hookeSeconds / (steps * dt);
        }
    }

    private HipparchusBaseline() {
    }

    /**
     * Integrates {@code steps} steps of Δt = {@code dt} with both, after one untimed run of each
     * (for the compiler), and compares the final positions.
     */
    static Result compare(MassSpringSystem start, double dt, int steps) {
        runHipparchus(start, dt, steps);
        runHooke(start, dt, steps);
        long t0 = System.nanoTime();
        double[] hip = runHipparchus(start, dt, steps);
        long t1 = System.nanoTime();
        MassSpringSystem ours = runHooke(start, dt, steps);
        long t2 = System.nanoTime();
        double diff = 0;
        double scale = 0;
        for (int q = 0; q < ours.x.length; q++) {
            diff = Math.max(diff, Math.abs(hip[q] - ours.x[q]));
            scale = Math.max(scale, Math.abs(ours.x[q] - start.x[q]));
        }
        return new Result(steps, dt, (t1 - t0) * 1e-9, (t2 - t1) * 1e-9, diff, scale);
    }

    private static MassSpringSystem runHooke(MassSpringSystem start, double dt, int steps) {
        MassSpringSystem s = start.copy();
        RungeKutta4 rk4 = new RungeKutta4();
        for (int i = 0; i < steps; i++) {
            rk4.step(s, dt);
        }
        return s;
    }

    /** The final state y = (x, v) after Hipparchus's integration. */
    private static double[] runHipparchus(MassSpringSystem start, double dt, int steps) {
        MassSpringSystem s = start.copy();
        int n3 = s.x.length;
        double[] y0 = new double[2 * n3];
        System.arraycopy(s.x, 0, y0, 0, n3);
        System.arraycopy(s.v, 0, y0, n3, n3);
        ClassicalRungeKuttaIntegrator rk = new ClassicalRungeKuttaIntegrator(dt);
        ODEStateAndDerivative end = rk.integrate(new ExpandableODE(new Motion(s)), new ODEState(0, y0), steps * dt);
        return end.getPrimaryState();
    }

    /** y' = (v, M⁻¹ F(x, v)) with Hooke's force model. */
    private static final class Motion implements OrdinaryDifferentialEquation {
        private final MassSpringSystem s;
        private final double[] x;
        private final double[] v;
        private final double[] f;

        Motion(MassSpringSystem s) {
            this.s = s;
            int n3 = s.x.length;
            x = new double[n3];
            v = new double[n3];
            f = new double[n3];
        }

        @Override
        public int getDimension() {
            return 2 * x.length;
        }

        @Override
        public double[] computeDerivatives(double t, double[] y) {
            int n3 = x.length;
            System.arraycopy(y, 0, x, 0, n3);
            System.arraycopy(y, n3, v, 0, n3);
            Forces.compute(s, x, v, f);
            double[] dy = new double[2 * n3];
            double[] invMass = s.inverseMassArray();
            for (int i = 0; i < invMass.length; i++) {
                double w = invMass[i];
                if (w == 0) {
                    continue;
                }
                for (int q = 3 * i; q < 3 * i + 3; q++) {
                    dy[q] = v[q];
                    dy[n3 + q] = w * f[q];
                }
            }
            return dy;
        }
    }
}
