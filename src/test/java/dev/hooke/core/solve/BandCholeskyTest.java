package dev.hooke.core.solve;

import static dev.hooke.Tolerances.DIRECT_SOLVES_AGREE;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.junit.jupiter.api.Test;

/** The band Cholesky solve against EJML's dense solve on seeded random band matrices. */
class BandCholeskyTest {

    /** A random symmetric, diagonally dominant (so positive definite) matrix of half bandwidth b. */
    private static DMatrixRMaj randomBand(int n, int b, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        DMatrixRMaj m = new DMatrixRMaj(n, n);
        for (int i = 0; i < n; i++) {
            for (int j = Math.max(0, i - b); j < i; j++) {
                double v = 2 * rnd.nextDouble() - 1;
                m.set(i, j, v);
                m.set(j, i, v);
            }
        }
        for (int i = 0; i < n; i++) {
            double sum = 0;
            for (int j = 0; j < n; j++) {
                sum += Math.abs(m.get(i, j));
            }
            m.set(i, i, sum + 0.5 + rnd.nextDouble());
        }
        return m;
    }

    private static double[] band(DMatrixRMaj m, int b) {
        int n = m.numRows;
        double[] a = new double[n * (b + 1)];
        for (int i = 0; i < n; i++) {
            for (int j = Math.max(0, i - b); j <= i; j++) {
                a[i * (b + 1) + j - i + b] = m.get(i, j);
            }
        }
        return a;
    }

    @Test
    void solvesLikeEjmlDenseSolve() {
        int[][] cases = {{1, 0}, {7, 2}, {40, 5}, {60, 59}, {90, 11}};
        for (int[] c : cases) {
            int n = c[0];
            int b = c[1];
            DMatrixRMaj m = randomBand(n, b, 17L * n + b);
            double[] rhs = LinearSolverContractTest.randomVector(n, 5L * n + b);
            double[] a = band(m, b);
            assertTrue(BandCholesky.factor(a, n, b), n + "×" + n + ", b = " + b);
            double[] x = rhs.clone();
            BandCholesky.solve(a, n, b, x);
            DMatrixRMaj expected = new DMatrixRMaj(n, 1);
            assertTrue(CommonOps_DDRM.solve(m, new DMatrixRMaj(n, 1, true, rhs), expected));
            double diff = LinearSolverContractTest.relativeDifference(x, expected.data);
            assertTrue(diff <= DIRECT_SOLVES_AGREE, n + "×" + n + ", b = " + b + ": relative difference " + diff);
        }
    }

    @Test
    void refusesAMatrixThatIsNotPositiveDefinite() {
        DMatrixRMaj m = randomBand(10, 2, 3);
        m.set(4, 4, -1);
        assertFalse(BandCholesky.factor(band(m, 2), 10, 2));
    }
}
