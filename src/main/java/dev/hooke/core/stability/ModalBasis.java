package dev.hooke.core.stability;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;

/**
 * The linearised damped system y'' = −A y − B y' (mass-weighted, see {@link LinearizedSystem})
 * written in a basis of undamped modes: with orthonormal W whose columns are eigenvectors of A,
 * A W = W Ω², the modal coordinates q = Wᵀy obey
 * <pre>
 *   q'' = −Ω² q − B̃ q',    B̃ = Wᵀ B W   (full: C is in general not proportional to K)
 * </pre>
 * Every integrator's step on the full basis is similar to its step on y (the change of basis is
 * orthogonal), so the amplification matrices have the same eigenvalues.
 *
 * <p>Two bases: {@link #dense} takes every eigenvector from EJML's dense symmetric eigen solver;
 * {@link #lanczos} takes the converged Ritz vectors of a Lanczos run with full reorthogonalisation
 * (Saad, "Numerical Methods for Large Eigenvalue Problems", 2nd ed., 2011, §6.6), which cover the
 * fast end of the spectrum and some isolated slower modes. Modes with ω² ≤ (f·ω_max)², f =
 * {@link StabilityAnalysis#SLOW_MODE_FRACTION}, are left out (near-rigid motion, and the negative
 * ω² of compressed springs away from equilibrium).
 */
final class ModalBasis {

    /** ω_i² of the kept modes, descending; in 1/s². */
    final double[] omega2;
    /** B̃ over the kept modes (row-major, m × m); in 1/s. */
    final DMatrixRMaj damping;
    /** Whether every mode of the system is in the basis (dense), not just a converged part. */
    final boolean complete;
    /** Largest Ritz residual among the kept Lanczos pairs, relative to ω_max² (0 when dense). */
    final double residual;

    private ModalBasis(double[] omega2, DMatrixRMaj damping, boolean complete, double residual) {
        this.omega2 = omega2;
        this.damping = damping;
        this.complete = complete;
        this.residual = residual;
    }

    int size() {
        return omega2.length;
    }

    double omega(int i) {
        return Math.sqrt(omega2[i]);
    }

    /** The first-order damping ratio of mode i, b̃_ii / (2ω_i). */
    double zeta(int i) {
        return damping.get(i, i) / (2 * omega(i));
    }

    /** Every eigenvector of A from the dense symmetric eigen solver. */
    static ModalBasis dense(LinearizedSystem lin) {
        int n = lin.dim;
        DMatrixRMaj a = lin.denseA();
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(n, true, true);
        if (!eig.decompose(a)) {
            throw new IllegalStateException("the dense eigen solver did not converge");
        }
        double[] lambda = new double[eig.getNumberOfEigenvalues()];
        DMatrixRMaj[] vectors = new DMatrixRMaj[lambda.length];
        for (int i = 0; i < lambda.length; i++) {
            lambda[i] = eig.getEigenvalue(i).getReal();
            vectors[i] = eig.getEigenVector(i);
        }
        return fromVectors(lin, lambda, vectors, true, 0);
    }

    /**
     * The converged Ritz pairs of {@code iterations} Lanczos steps on A (at most the dimension):
     * those whose residual ‖A y − θ y‖ = β_m |s_m| is below {@code tolerance}·θ_max.
     */
    static ModalBasis lanczos(LinearizedSystem lin, int iterations, double tolerance) {
        int n = lin.dim;
        int m = Math.min(n, iterations);
        double[][] q = new double[m][];
        double[] alpha = new double[m];
        double[] beta = new double[m];
        SplittableRandom rnd = new SplittableRandom(0x5eed);
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = rnd.nextDouble() - 0.5;
        }
        Vectors.scale(v, 1 / Vectors.norm(v));
        double[] w = new double[n];
        int used = 0;
        for (int j = 0; j < m; j++) {
            q[j] = v.clone();
            lin.applyA(q[j], w);
            alpha[j] = Vectors.dot(q[j], w);
            for (int pass = 0; pass < 2; pass++) {
                for (int i = 0; i <= j; i++) {
                    Vectors.axpy(-Vectors.dot(q[i], w), q[i], w);
                }
            }
            beta[j] = Vectors.norm(w);
            used = j + 1;
            if (beta[j] <= 1e-13 * Math.max(Math.abs(alpha[j]), 1e-300)) {
                break;
            }
            System.arraycopy(w, 0, v, 0, n);
            Vectors.scale(v, 1 / beta[j]);
        }
        DMatrixRMaj t = new DMatrixRMaj(used, used);
        for (int i = 0; i < used; i++) {
            t.set(i, i, alpha[i]);
            if (i + 1 < used) {
                t.set(i, i + 1, beta[i]);
                t.set(i + 1, i, beta[i]);
            }
        }
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(used, true, true);
        if (!eig.decompose(t)) {
            throw new IllegalStateException("the tridiagonal eigen solve did not converge");
        }
        double thetaMax = 0;
        for (int i = 0; i < eig.getNumberOfEigenvalues(); i++) {
            thetaMax = Math.max(thetaMax, eig.getEigenvalue(i).getReal());
        }
        double last = beta[used - 1];
        int kept = 0;
        double[] lambda = new double[used];
        DMatrixRMaj[] vectors = new DMatrixRMaj[used];
        double worst = 0;
        for (int i = 0; i < eig.getNumberOfEigenvalues(); i++) {
            DMatrixRMaj s = eig.getEigenVector(i);
            double sNorm = Math.sqrt(CommonOps_DDRM.dot(s, s));
            double res = Math.abs(last * s.get(used - 1)) / sNorm;
            if (res > tolerance * thetaMax) {
                continue;
            }
            worst = Math.max(worst, res / thetaMax);
            DMatrixRMaj y = new DMatrixRMaj(n, 1);
            for (int r = 0; r < used; r++) {
                double c = s.get(r) / sNorm;
                for (int k = 0; k < n; k++) {
                    y.data[k] += c * q[r][k];
                }
            }
            lambda[kept] = eig.getEigenvalue(i).getReal();
            vectors[kept++] = y;
        }
        return fromVectors(lin, Arrays.copyOf(lambda, kept), Arrays.copyOf(vectors, kept), used == n, worst);
    }

    private static ModalBasis fromVectors(LinearizedSystem lin, double[] lambda, DMatrixRMaj[] vectors,
                                          boolean complete, double residual) {
        double top = 0;
        for (double l : lambda) {
            top = Math.max(top, l);
        }
        double floor = StabilityAnalysis.SLOW_MODE_FRACTION * StabilityAnalysis.SLOW_MODE_FRACTION * top;
        Integer[] order = new Integer[lambda.length];
        int kept = 0;
        for (int i = 0; i < lambda.length; i++) {
            if (lambda[i] > floor && vectors[i] != null) {
                order[kept++] = i;
            }
        }
        Integer[] keep = Arrays.copyOf(order, kept);
        Arrays.sort(keep, (x, y) -> Double.compare(lambda[y], lambda[x]));
        int n = lin.dim;
        double[] omega2 = new double[kept];
        DMatrixRMaj w = new DMatrixRMaj(n, kept);
        for (int c = 0; c < kept; c++) {
            omega2[c] = lambda[keep[c]];
            DMatrixRMaj col = vectors[keep[c]];
            double nn = Math.sqrt(CommonOps_DDRM.dot(col, col));
            for (int r = 0; r < n; r++) {
                w.set(r, c, col.get(r) / nn);
            }
        }
        DMatrixRMaj bw = new DMatrixRMaj(n, kept);
        double[] in = new double[n];
        double[] out = new double[n];
        for (int c = 0; c < kept; c++) {
            for (int r = 0; r < n; r++) {
                in[r] = w.get(r, c);
            }
            lin.applyB(in, out);
            for (int r = 0; r < n; r++) {
                bw.set(r, c, out[r]);
            }
        }
        DMatrixRMaj damping = new DMatrixRMaj(kept, kept);
        CommonOps_DDRM.multTransA(w, bw, damping);
        return new ModalBasis(omega2, damping, complete, residual);
    }
}
