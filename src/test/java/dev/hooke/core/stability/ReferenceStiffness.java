package dev.hooke.core.stability;

import dev.hooke.core.model.MassSpringSystem;
import java.util.Arrays;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;

/**
 * An independent oracle for the spectrum of M⁻¹K: the test assembles the mass-weighted stiffness
 * matrix M^(−½) K M^(−½) itself from the spring block (Baraff &amp; Witkin 1998)
 * <pre>
 *   K_s = k_s [n nᵀ + (1 − L/l)(I − n nᵀ)],   K_aa += K_s, K_bb += K_s, K_ab = K_ba −= K_s
 * </pre>
 * with the pinned particles' rows and columns left out, and hands it to EJML's dense symmetric
 * eigen solver.
 */
final class ReferenceStiffness {

    private ReferenceStiffness() {
    }

    /** The eigenvalues of M^(−½) K M^(−½), ascending; in 1/s². */
    static double[] eigenvalues(MassSpringSystem s) {
        DMatrixRMaj a = matrix(s);
        int dim = a.numRows;
        if (dim == 0) {
            return new double[0];
        }
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(dim, false, true);
        if (!eig.decompose(a)) {
            throw new IllegalStateException("EJML did not converge");
        }
        double[] lambda = new double[dim];
        for (int i = 0; i < dim; i++) {
            lambda[i] = eig.getEigenvalue(i).getReal();
        }
        Arrays.sort(lambda);
        return lambda;
    }

    /**
     * M^(−½) K M^(−½) over the free DOFs, in 1/s²: row 3j + c belongs to component c of the j-th
     * free particle (particles in index order, pinned ones skipped).
     */
    static DMatrixRMaj matrix(MassSpringSystem s) {
        int n = s.particleCount();
        int[] dof = new int[n];
        int dim = 0;
        for (int i = 0; i < n; i++) {
            dof[i] = s.isPinned(i) ? -1 : dim;
            dim += s.isPinned(i) ? 0 : 3;
        }
        DMatrixRMaj a = new DMatrixRMaj(dim, dim);
        for (int sp = 0; sp < s.springCount(); sp++) {
            int pa = s.springA(sp);
            int pb = s.springB(sp);
            double[] d = new double[3];
            double l2 = 0;
            for (int c = 0; c < 3; c++) {
                d[c] = s.x[3 * pb + c] - s.x[3 * pa + c];
                l2 += d[c] * d[c];
            }
            double l = Math.sqrt(l2);
            if (l < 1e-12) {
                continue;
            }
            double k = s.stiffness(sp);
            double geometric = 1 - s.restLength(sp) / l;
            double[][] block = new double[3][3];
            for (int r = 0; r < 3; r++) {
                for (int c = 0; c < 3; c++) {
                    double nn = d[r] * d[c] / l2;
                    block[r][c] = k * (nn + geometric * ((r == c ? 1 : 0) - nn));
                }
            }
            add(a, dof[pa], dof[pa], block, 1 / s.mass(pa));
            add(a, dof[pb], dof[pb], block, 1 / s.mass(pb));
            double cross = -1 / Math.sqrt(s.mass(pa) * s.mass(pb));
            add(a, dof[pa], dof[pb], block, cross);
            add(a, dof[pb], dof[pa], block, cross);
        }
        return a;
    }

    /** λ_max of M^(−½) K M^(−½); in 1/s². */
    static double lambdaMax(MassSpringSystem s) {
        double[] lambda = eigenvalues(s);
        return lambda[lambda.length - 1];
    }

    private static void add(DMatrixRMaj m, int r0, int c0, double[][] block, double scale) {
        if (r0 < 0 || c0 < 0) {
            return;
        }
        for (int r = 0; r < 3; r++) {
            for (int c = 0; c < 3; c++) {
                m.add(r0 + r, c0 + c, scale * block[r][c]);
            }
        }
    }
}
