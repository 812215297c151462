package dev.hooke.core.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;

/** A preconditioner's P⁻¹ built column by column, and the checks CG needs of it. */
final class PreconditionerMatrices {

    private PreconditionerMatrices() {
    }

    /** P⁻¹ as a dense n × n matrix: column j is P⁻¹ e_j. */
    static DMatrixRMaj inverse(Preconditioner p, int n) {
        DMatrixRMaj m = new DMatrixRMaj(n, n);
        double[] e = new double[n];
        double[] col = new double[n];
        for (int j = 0; j < n; j++) {
            e[j] = 1;
            p.apply(e, col, n);
            e[j] = 0;
            for (int i = 0; i < n; i++) {
                m.set(i, j, col[i]);
            }
        }
        return m;
    }

    /**
     * Asserts that P⁻¹ is symmetric to {@code relative} of its largest entry and has a Cholesky
     * factor (is positive definite), as preconditioned CG requires.
     */
    static void assertSymmetricPositiveDefinite(Preconditioner p, int n, double relative) {
        DMatrixRMaj m = inverse(p, n);
        double largest = CommonOps_DDRM.elementMaxAbs(m);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < i; j++) {
                assertEquals(m.get(i, j), m.get(j, i), relative * largest, "entry " + i + ", " + j);
            }
        }
        assertTrue(DecompositionFactory_DDRM.chol(n, true).decompose(m.copy()), "P⁻¹ has a Cholesky factor");
    }
}
