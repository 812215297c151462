package dev.hooke.core.solve;

import static dev.hooke.Tolerances.CG_TIGHT_TOLERANCE;
import static dev.hooke.Tolerances.CG_VS_DIRECT_REL;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.scene.Scenes;
import java.util.SplittableRandom;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.junit.jupiter.api.Test;

/**
 * What every {@link LinearSolver} must do, checked against EJML's dense solve: A x reproduces b,
 * the inputs stay unmodified, a zero right-hand side gives zero, and trouble (an indefinite
 * matrix, a non-finite right-hand side) is reported in the stats, never thrown.
 */
abstract class LinearSolverContractTest {

    static final double TAU = 1.0 / 60;

    /** The solver under test, at relative tolerance {@link dev.hooke.Tolerances#CG_TIGHT_TOLERANCE} if iterative. */
    abstract LinearSolver solver();

    /** A 6×6 cloth, corners pinned, displaced at random (seeded). */
    static MassSpringSystem cloth(long seed, double displacement) {
        MassSpringSystem s = Scenes.build(SceneSpec.of(SceneType.CLOTH).size(6).springDamping(0.02).airDamping(0.001));
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int i = 0; i < s.particleCount(); i++) {
            if (!s.isPinned(i)) {
                for (int k = 0; k < 3; k++) {
                    s.x[3 * i + k] += displacement * (2 * rnd.nextDouble() - 1);
                }
            }
        }
        return s;
    }

    static double[] randomVector(int n, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double[] b = new double[n];
        for (int q = 0; q < n; q++) {
            b[q] = 2 * rnd.nextDouble() - 1;
        }
        return b;
    }

    static double relativeDifference(double[] a, double[] b) {
        double num = 0;
        double den = 0;
        for (int q = 0; q < a.length; q++) {
            num += (a[q] - b[q]) * (a[q] - b[q]);
            den += b[q] * b[q];
        }
        return Math.sqrt(num / den);
    }

    @Test
    void solvesLikeEjmlDenseSolve() {
        MassSpringSystem s = cloth(21, 0.02);
        SystemMatrix a = new SystemMatrix();
        a.assemble(s, s.x, TAU, true, null, null);
        int n = a.dimension();
        double[] b = randomVector(n, 22);
        double[] bCopy = b.clone();
        double[] x = new double[n];
        double[][] before = SystemMatrixTest.dense(a);
        LinearSolveStats st = new LinearSolveStats();
        solver().solve(a, b, x, st);
        assertTrue(st.converged(), st.outcome.description());
        assertFalse(st.indefinite());
        assertArrayEquals(bCopy, b, 0.0, "b unmodified");

        double[][] after = SystemMatrixTest.dense(a);
        for (int i = 0; i < n; i++) {
            assertArrayEquals(before[i], after[i], 0.0, "A unmodified");
        }
        DMatrixRMaj expected = new DMatrixRMaj(n, 1);
        assertTrue(CommonOps_DDRM.solve(new DMatrixRMaj(before), new DMatrixRMaj(n, 1, true, b), expected));
        assertTrue(relativeDifference(x, expected.data) <= CG_VS_DIRECT_REL,
                "relative difference " + relativeDifference(x, expected.data));
        assertTrue(st.finalResidual <= Math.max(CG_TIGHT_TOLERANCE, 1e3 * Math.ulp(1.0)),
                "final residual " + st.finalResidual);
    }

    @Test
    void zeroRightHandSideGivesZero() {
        MassSpringSystem s = cloth(23, 0.02);
        SystemMatrix a = new SystemMatrix();
        a.assemble(s, s.x, TAU, true, null, null);
        int n = a.dimension();
        double[] x = randomVector(n, 24);
        LinearSolveStats st = new LinearSolveStats();
        solver().solve(a, new double[n], x, st);
        assertTrue(st.converged());
        assertArrayEquals(new double[n], x, 0.0);
    }

    @Test
    void nonFiniteRightHandSideIsReportedNotThrown() {
        MassSpringSystem s = cloth(25, 0.02);
        SystemMatrix a = new SystemMatrix();
        a.assemble(s, s.x, TAU, true, null, null);
        int n = a.dimension();
        double[] b = randomVector(n, 26);
        b[4] = Double.NaN;
        LinearSolveStats st = new LinearSolveStats();
        solver().solve(a, b, new double[n], st);
        assertEquals(SolveOutcome.BREAKDOWN, st.outcome);
        assertFalse(st.converged());
    }

    /**
     * Compressed to 60 % of its rest size without the clamp, the cloth's transverse stiffness
     * −k_s (L/l − 1) outweighs the mass: τ² k_s (1/0.6 − 1) / m ≈ 37 with the scene's defaults.
     */
    @Test
    void indefiniteMatrixIsReportedNotThrown() {
        MassSpringSystem s = cloth(27, 0.0);
        scaleAboutCentroid(s, 0.6);
        SystemMatrix a = new SystemMatrix();
        a.assemble(s, s.x, TAU, false, null, null);
        int n = a.dimension();
        double[] b = randomVector(n, 28);
        LinearSolveStats st = new LinearSolveStats();
        double[] x = new double[n];
        solver().solve(a, b, x, st);
        assertEquals(SolveOutcome.INDEFINITE, st.outcome);
        assertTrue(st.indefinite());
        assertFalse(st.converged());
    }

    static void scaleAboutCentroid(MassSpringSystem s, double factor) {
        double[] c = new double[3];
        for (int i = 0; i < s.particleCount(); i++) {
            for (int k = 0; k < 3; k++) {
                c[k] += s.x[3 * i + k] / s.particleCount();
            }
        }
        for (int q = 0; q < s.x.length; q++) {
            s.x[q] = c[q % 3] + factor * (s.x[q] - c[q % 3]);
        }
    }
}
