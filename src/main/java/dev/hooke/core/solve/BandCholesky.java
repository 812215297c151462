package dev.hooke.core.solve;

/**
 * Cholesky factorisation A = L Lᵀ of a symmetric positive definite band matrix, in place, and the
 * solve with it (Golub &amp; Van Loan, "Matrix Computations", 4th ed., 2013, §4.3.5, band
 * Cholesky; the layout of LAPACK's dpbtrf with the lower triangle stored row by row):
 * <pre>
 *   l_ij = (a_ij − Σ_{k = max(0, i−b)}^{j−1} l_ik l_jk) / l_jj      (i − b ≤ j &lt; i)
 *   l_ii = √(a_ii − Σ_{k = max(0, i−b)}^{i−1} l_ik²)
 *   L y = c (forward),   Lᵀ x = y (backward)
 * </pre>
 * with b the half bandwidth (a_ij = 0 for |i − j| &gt; b). Row i, column j ≤ i is stored at
 * {@code a[i (b + 1) + j − i + b]}. The factorisation costs about n b² / 2 multiply–adds, a solve
 * 2 n b. Used for the coarse matrix of {@link TwoLevelPreconditioner}, whose aggregates are
 * numbered in reverse Cuthill–McKee order so that b is small: on the benchmark's 100 × 100 cloth
 * (126 aggregates, n = 378) EJML's sparse up-looking Cholesky of the same matrix took about 2 ms to
 * factorise and 43 µs to solve, too slow to refresh every few steps and apply every CG iteration.
 * Allocates nothing.
 */
final class BandCholesky {

    private BandCholesky() {
    }

    /**
     * Replaces the lower band of A by L.
     *
     * @return false if a pivot is not positive and finite (A not positive definite); a is then
     *         partly overwritten
     */
    static boolean factor(double[] a, int n, int b) {
        final int w = b + 1;
        for (int i = 0; i < n; i++) {
            int ri = i * w - i + b;
            int first = Math.max(0, i - b);
            for (int j = first; j <= i; j++) {
                int rj = j * w - j + b;
                double sum = a[ri + j];
                for (int k = Math.max(first, j - b); k < j; k++) {
                    sum -= a[ri + k] * a[rj + k];
                }
                if (j < i) {
                    a[ri + j] = sum / a[rj + j];
                } else {
                    if (!(sum > 0) || !Double.isFinite(sum)) {
                        return false;
                    }
                    a[ri + i] = Math.sqrt(sum);
                }
            }
        }
        return true;
    }

    /** Solves L Lᵀ x = c in place ({@code c[0 … n−1]} becomes x), L from {@link #factor}. */
    static void solve(double[] l, int n, int b, double[] c) {
        final int w = b + 1;
        for (int i = 0; i < n; i++) {
            int ri = i * w - i + b;
            double sum = c[i];
            for (int k = Math.max(0, i - b); k < i; k++) {
                sum -= l[ri + k] * c[k];
            }
            c[i] = sum / l[ri + i];
        }
        for (int i = n - 1; i >= 0; i--) {
            double sum = c[i];
            int last = Math.min(n - 1, i + b);
            for (int k = i + 1; k <= last; k++) {
                sum -= l[k * w - k + b + i] * c[k];
            }
            c[i] = sum / l[i * w - i + b + i];
        }
    }
}
