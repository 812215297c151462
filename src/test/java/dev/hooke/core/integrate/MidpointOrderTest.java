package dev.hooke.core.integrate;

import static dev.hooke.Tolerances.ORDER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.force.Forces;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.scene.Perturbation;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.scene.Scenes;
import dev.hooke.core.solve.SolverKind;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The implicit midpoint rule is second order in 3-D with its default options (Choi &amp; Ko's clamp
 * on, one linear solve per step, CG to 10⁻⁶), on a nonlinear case where springs compress: a free
 * 3×3×3 soft cube (no ground, no gravity) set moving at random, whose springs swing between about
 * 0.86 and 1.15 of their rest lengths. The clamp changes the matrix the step is solved with, but
 * the right-hand side keeps the true derivative, so the equations are the midpoint rule's.
 *
 * <p>Oracles built here: a reference run with RK4 at a step 64 times smaller than the smallest one
 * measured (its error, of order h⁴, is 10⁻⁸ of the midpoint errors), and the midpoint equations
 * M (v_m − v₀) = (h/2) F(x₀ + (h/2) v_m, v_m) solved by Newton's method with a central-difference
 * Jacobian and EJML's dense LU.
 */
class MidpointOrderTest {

    /** The time the runs reach, in s. */
    private static final double T = 0.1;
    /** The measured steps, in s: four halvings. */
    private static final double[] DTS = {5e-4, 2.5e-4, 1.25e-4, 6.25e-5};
    /** The reference's step, in s. */
    private static final double REFERENCE_DT = DTS[DTS.length - 1] / 64;
    /** The least compression the case must show, l/L below this. */
    private static final double COMPRESSED = 0.9;
    /** Newton's stopping test on the midpoint equations, relative to M v₀'s size. */
    private static final double NEWTON_TOL = 1e-14;
    /**
     * The converged solver's distance from the direct Newton solve, relative to the step's
     * displacement: both stop at residuals of about 10⁻¹², Cholesky versus LU round-off.
     */
    private static final double CONVERGED_MATCH = 1e-9;

    private static MassSpringSystem cube(double kd) {
        MassSpringSystem s = Scenes.build(SceneSpec.of(SceneType.CUBE).size(3).gravity(0).springDamping(kd)
                .perturbation(Perturbation.RANDOM).displacement(0.02).velocity(0.3).seed(5));
        s.setGround(null);
        return s;
    }

    private static void run(MassSpringSystem s, Integrator in, double h, double until) {
        int n = (int) Math.round(until / h);
        for (int i = 0; i < n; i++) {
            in.step(s, h);
        }
    }

    private static double maxDistance(double[] a, double[] b) {
        double e = 0;
        for (int q = 0; q < a.length; q++) {
            e = Math.max(e, Math.abs(a[q] - b[q]));
        }
        return e;
    }

    /** The least-squares slope of ln e against ln h. */
    private static double slope(double[] h, double[] e) {
        int n = h.length;
        double mx = 0;
        double my = 0;
        for (int i = 0; i < n; i++) {
            mx += Math.log(h[i]) / n;
            my += Math.log(e[i]) / n;
        }
        double sxy = 0;
        double sxx = 0;
        for (int i = 0; i < n; i++) {
            sxy += (Math.log(h[i]) - mx) * (Math.log(e[i]) - my);
            sxx += (Math.log(h[i]) - mx) * (Math.log(h[i]) - mx);
        }
        return sxy / sxx;
    }

    /** The least l/L along the reference run, sampled every 10 reference steps. */
    private static double leastRatio(MassSpringSystem s, Integrator in) {
        double least = Double.MAX_VALUE;
        int n = (int) Math.round(T / REFERENCE_DT);
        for (int i = 0; i < n; i++) {
            in.step(s, REFERENCE_DT);
            if (i % 10 == 0) {
                for (int sp = 0; sp < s.springCount(); sp++) {
                    int a = 3 * s.springA(sp);
                    int b = 3 * s.springB(sp);
                    double l = Math.sqrt(sq(s.x[b] - s.x[a]) + sq(s.x[b + 1] - s.x[a + 1]) + sq(s.x[b + 2] - s.x[a + 2]));
                    least = Math.min(least, l / s.restLength(sp));
                }
            }
        }
        return least;
    }

    private static double sq(double a) {
        return a * a;
    }

    @ParameterizedTest
    @ValueSource(doubles = {0, 0.05})
    void secondOrderWithTheDefaultsWhereSpringsCompress(double kd) {
        MassSpringSystem reference = cube(kd);
        assertTrue(leastRatio(reference, new RungeKutta4()) < COMPRESSED, "springs compress");
        double[] errors = new double[DTS.length];
        for (int i = 0; i < DTS.length; i++) {
            MassSpringSystem s = cube(kd);
            ImplicitMidpoint midpoint = new ImplicitMidpoint();
            assertEquals(ImplicitOptions.defaults(), midpoint.options());
            run(s, midpoint, DTS[i], T);
            errors[i] = maxDistance(s.x, reference.x);
        }
        assertEquals(2.0, slope(DTS, errors), ORDER, () -> "errors " + java.util.Arrays.toString(errors));
    }

    /**
     * (x₁, v₁) of one midpoint step from (x₀, v₀), one array of 2·3n, from the midpoint equations solved by Newton's method
     * with a central-difference Jacobian of G(u) = M (u − v₀) − τ F(x₀ + τ u, u), τ = h/2.
     */
    private static double[] directMidpointStep(MassSpringSystem s, double h) {
        int n = s.x.length;
        double tau = 0.5 * h;
        double[] x0 = s.x.clone();
        double[] v0 = s.v.clone();
        double[] u = v0.clone();
        double[] g = new double[n];
        double[] gp = new double[n];
        double[] gm = new double[n];
        double scale = 0;
        for (int q = 0; q < n; q++) {
            scale = Math.max(scale, s.mass(q / 3) * Math.abs(v0[q]));
        }
        DMatrixRMaj jac = new DMatrixRMaj(n, n);
        DMatrixRMaj rhs = new DMatrixRMaj(n, 1);
        DMatrixRMaj step = new DMatrixRMaj(n, 1);
        for (int iter = 0; iter < 20; iter++) {
            residual(s, x0, v0, u, tau, g);
            double norm = 0;
            for (double gi : g) {
                norm = Math.max(norm, Math.abs(gi));
            }
            if (norm <= NEWTON_TOL * scale) {
                break;
            }
            for (int c = 0; c < n; c++) {
                double d = 1e-6 * Math.max(1e-3, Math.abs(u[c]));
                double keep = u[c];
                u[c] = keep + d;
                residual(s, x0, v0, u, tau, gp);
                u[c] = keep - d;
                residual(s, x0, v0, u, tau, gm);
                u[c] = keep;
                for (int r = 0; r < n; r++) {
                    jac.set(r, c, (gp[r] - gm[r]) / (2 * d));
                }
            }
            for (int r = 0; r < n; r++) {
                rhs.set(r, 0, -g[r]);
            }
            assertTrue(CommonOps_DDRM.solve(jac, rhs, step));
            for (int q = 0; q < n; q++) {
                u[q] += step.get(q, 0);
            }
        }
        double[] x1v1 = new double[2 * n];
        for (int q = 0; q < n; q++) {
            x1v1[q] = x0[q] + h * u[q];
            x1v1[n + q] = 2 * u[q] - v0[q];
        }
        return x1v1;
    }

    private static void residual(MassSpringSystem s, double[] x0, double[] v0, double[] u, double tau, double[] g) {
        int n = x0.length;
        double[] x = new double[n];
        for (int q = 0; q < n; q++) {
            x[q] = x0[q] + tau * u[q];
        }
        double[] f = new double[n];
        Forces.compute(s, x, u, f);
        for (int q = 0; q < n; q++) {
            g[q] = s.mass(q / 3) * (u[q] - v0[q]) - tau * f[q];
        }
    }

    /** A state in the middle of the motion, springs compressed, from a run at a small step. */
    private static MassSpringSystem midRun() {
        MassSpringSystem s = cube(0.05);
        run(s, new RungeKutta4(), 1e-4, 0.05);
        return s;
    }

    @Test
    void convergedStepIsTheDirectNewtonSolution() {
        double h = 1e-3;
        MassSpringSystem s = midRun();
        double[] x0 = s.x.clone();
        double[] direct = java.util.Arrays.copyOf(directMidpointStep(s, h), x0.length);
        ImplicitMidpoint midpoint = new ImplicitMidpoint(ImplicitOptions.defaults().withSolver(SolverKind.CHOLESKY)
                .withNewtonIterations(30).withTolerance(1e-13));
        midpoint.step(s, h);
        assertEquals(0, maxDistance(s.x, direct), CONVERGED_MATCH * maxDistance(direct, x0));
    }

    /**
     * One solve per step, clamp on (the default step, with a direct solver so that nothing else
     * differs), against the solved midpoint equations: the difference is the local error of the
     * linearisation. In v₁ = 2 v_m − v₀ it falls as h³, one order beyond a second-order method's
     * local error (in x₁ = x₀ + h v_m it is h times smaller again).
     */
    @Test
    void oneSolveDiffersFromTheMidpointRuleAtThirdOrder() {
        double[] hs = {2.5e-4, 1.25e-4, 6.25e-5, 3.125e-5};
        double[] d = new double[hs.length];
        for (int i = 0; i < hs.length; i++) {
            MassSpringSystem s = midRun();
            int n = s.v.length;
            double[] direct = java.util.Arrays.copyOfRange(directMidpointStep(s, hs[i]), n, 2 * n);
            new ImplicitMidpoint(ImplicitOptions.defaults().withSolver(SolverKind.CHOLESKY)).step(s, hs[i]);
            d[i] = maxDistance(s.v, direct);
        }
        assertEquals(3.0, slope(hs, d), ORDER, () -> "differences " + java.util.Arrays.toString(d));
    }
}
