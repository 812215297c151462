package dev.hooke.core.solve;

import java.util.Arrays;

/**
 * A symmetric matrix in block compressed rows (BSR) of symmetric 3×3 blocks, for the levels of
 * {@link MultilevelPreconditioner}: row i holds the blocks A_ik at entries
 * {@code [start[i], start[i + 1])}, columns ascending, both triangles stored, block e's upper
 * triangle (xx, xy, xz, yy, yz, zz) at {@code values[6e .. 6e + 5]}. Every block of the matrices
 * it holds is symmetric: those of {@link SystemMatrix} are (S_s = m mᵀ + β I and the diagonal
 * blocks), and a Galerkin product Pᵀ A P with a prolongator of scalar multiples of I₃ keeps them
 * so.
 *
 * <p>Besides the product it does the two Gauss–Seidel sweeps in 3×3 blocks that the V-cycle
 * smooths with (Saad, "Iterative Methods for Sparse Linear Systems", 2nd ed., SIAM 2003, §4.1):
 * <pre>
 *   forward:   for i = 0 … n−1:  x_i ← x_i + D_i⁻¹ (b_i − Σ_k A_ik x_k)     x ← x + (D + L)⁻¹ (b − A x)
 *   backward:  for i = n−1 … 0:  the same                                x ← x + (D + Lᵀ)⁻¹ (b − A x)
 * </pre>
 * each the transpose of the other, so that a forward sweep before the coarse correction and a
 * backward one after it make a symmetric V-cycle. Nothing allocates after construction.
 */
final class BlockRows {

    final int n;
    final int[] start;
    final int[] col;
    /** Per row, the entry of its diagonal block. */
    final int[] diagonal;
    final double[] values;
    /** Per row, the inverse of its diagonal block (6 numbers; see {@link BlockJacobiPreconditioner#invert}). */
    final double[] inverse;
    /** Per row, D − D' (zero unless its diagonal block was replaced). */
    private final double[] shift;
    private final double[] three = new double[3];
    private boolean replaced;

    /**
     * A matrix of the given pattern, values zero.
     *
     * @param start n + 1 offsets
     * @param col   column per entry, ascending in each row, each row holding its diagonal
     */
    BlockRows(int[] start, int[] col) {
        this.n = start.length - 1;
        this.start = start;
        this.col = col;
        this.diagonal = new int[n];
        for (int i = 0; i < n; i++) {
            int d = Arrays.binarySearch(col, start[i], start[i + 1], i);
            if (d < 0) {
                throw new IllegalArgumentException("row " + i + " has no diagonal entry");
            }
            diagonal[i] = d;
        }
        this.values = new double[6 * col.length];
        this.inverse = new double[6 * n];
        this.shift = new double[6 * n];
    }

    /** The entry of (i, k), or −1 when it is not in the pattern. */
    int entry(int i, int k) {
        int e = Arrays.binarySearch(col, start[i], start[i + 1], k);
        return e >= 0 ? e : -1;
    }

    /**
     * Inverts the diagonal blocks D_i for the sweeps. A block that is not positive definite
     * (possible only when the matrix is not) is replaced, as block-Jacobi replaces it, by D'_i, the
     * absolute values of its diagonal; the sweeps then run with D' + L and D' + Lᵀ and stay each
     * other's transposes, D − D' taken into account where they form b − A x.
     */
    void invertDiagonal() {
        replaced = false;
        for (int i = 0; i < n; i++) {
            int d = 6 * diagonal[i];
            int o = 6 * i;
            final double[] v = values;
            System.arraycopy(v, d, inverse, o, 6);
            BlockJacobiPreconditioner.invert(inverse, inverse, o);
            double a = v[d];
            double b = v[d + 1];
            double c = v[d + 2];
            double dd = v[d + 3];
            double e = v[d + 4];
            double f = v[d + 5];
            double det = a * (dd * f - e * e) + b * (c * e - b * f) + c * (b * e - c * dd);
            // the test BlockJacobiPreconditioner.invert makes
            boolean fallback = !(a > 0 && a * dd - b * b > 0 && det > 0 && Double.isFinite(det));
            for (int k = 0; k < 6; k++) {
                shift[o + k] = 0;
            }
            if (fallback) {
                replaced = true;
                for (int k = 0; k < 6; k++) {
                    shift[o + k] = v[d + k];
                }
                shift[o] -= 1 / inverse[o];
                shift[o + 3] -= 1 / inverse[o + 3];
                shift[o + 5] -= 1 / inverse[o + 5];
            }
        }
    }

    /** (D − D') x at row i added to (sx, sy, sz) with the given sign, into out[0..2]. */
    private void shifted(int i, double[] x, double[] out) {
        int o = 6 * i;
        int p = 3 * i;
        final double[] s = shift;
        out[0] = s[o] * x[p] + s[o + 1] * x[p + 1] + s[o + 2] * x[p + 2];
        out[1] = s[o + 1] * x[p] + s[o + 3] * x[p + 1] + s[o + 4] * x[p + 2];
        out[2] = s[o + 2] * x[p] + s[o + 4] * x[p + 1] + s[o + 5] * x[p + 2];
    }

    /** y = A u. */
    void multiply(double[] u, double[] y) {
        final double[] v = values;
        for (int i = 0, p = 0; i < n; i++, p += 3) {
            double sx = 0;
            double sy = 0;
            double sz = 0;
            for (int e = start[i]; e < start[i + 1]; e++) {
                int q = 3 * col[e];
                int o = 6 * e;
                double ux = u[q];
                double uy = u[q + 1];
                double uz = u[q + 2];
                sx += v[o] * ux + v[o + 1] * uy + v[o + 2] * uz;
                sy += v[o + 1] * ux + v[o + 3] * uy + v[o + 4] * uz;
                sz += v[o + 2] * ux + v[o + 4] * uy + v[o + 5] * uz;
            }
            y[p] = sx;
            y[p + 1] = sy;
            y[p + 2] = sz;
        }
    }

    /** x ← x + (D + L)⁻¹ (b − A x): one forward block Gauss–Seidel sweep, in place. */
    void forward(double[] b, double[] x) {
        for (int i = 0; i < n; i++) {
            relax(i, b, x);
        }
    }

    /** x ← x + (D + Lᵀ)⁻¹ (b − A x): one backward block Gauss–Seidel sweep, in place. */
    void backward(double[] b, double[] x) {
        for (int i = n - 1; i >= 0; i--) {
            relax(i, b, x);
        }
    }

    /** x ← (D' + L)⁻¹ b from x = 0: the forward sweep reading only the blocks left of the diagonal. */
    void forwardFromZero(double[] b, double[] x) {
        final double[] v = values;
        final double[] inv = inverse;
        for (int i = 0, p = 0; i < n; i++, p += 3) {
            double sx = b[p];
            double sy = b[p + 1];
            double sz = b[p + 2];
            for (int e = start[i]; e < diagonal[i]; e++) {
                int q = 3 * col[e];
                int o = 6 * e;
                double ux = x[q];
                double uy = x[q + 1];
                double uz = x[q + 2];
                sx -= v[o] * ux + v[o + 1] * uy + v[o + 2] * uz;
                sy -= v[o + 1] * ux + v[o + 3] * uy + v[o + 4] * uz;
                sz -= v[o + 2] * ux + v[o + 4] * uy + v[o + 5] * uz;
            }
            int o = 6 * i;
            x[p] = inv[o] * sx + inv[o + 1] * sy + inv[o + 2] * sz;
            x[p + 1] = inv[o + 1] * sx + inv[o + 3] * sy + inv[o + 4] * sz;
            x[p + 2] = inv[o + 2] * sx + inv[o + 4] * sy + inv[o + 5] * sz;
        }
    }

    /**
     * res = b − A x for x = (D' + L)⁻¹ b from {@link #forwardFromZero}: since (D' + L) x = b, it is
     * −U x − (D − D') x, the blocks right of the diagonal only (D' = D unless a block was replaced).
     */
    void residualAfterForward(double[] x, double[] res) {
        final double[] v = values;
        for (int i = 0, p = 0; i < n; i++, p += 3) {
            double sx = 0;
            double sy = 0;
            double sz = 0;
            for (int e = diagonal[i] + 1; e < start[i + 1]; e++) {
                int q = 3 * col[e];
                int o = 6 * e;
                double ux = x[q];
                double uy = x[q + 1];
                double uz = x[q + 2];
                sx -= v[o] * ux + v[o + 1] * uy + v[o + 2] * uz;
                sy -= v[o + 1] * ux + v[o + 3] * uy + v[o + 4] * uz;
                sz -= v[o + 2] * ux + v[o + 4] * uy + v[o + 5] * uz;
            }
            if (replaced) {
                shifted(i, x, three);
                sx -= three[0];
                sy -= three[1];
                sz -= three[2];
            }
            res[p] = sx;
            res[p + 1] = sy;
            res[p + 2] = sz;
        }
    }

    private void relax(int i, double[] b, double[] x) {
        final double[] v = values;
        final double[] inv = inverse;
        int p = 3 * i;
        double sx = b[p];
        double sy = b[p + 1];
        double sz = b[p + 2];
        int d = diagonal[i];
        for (int e = start[i]; e < start[i + 1]; e++) {
            if (e == d) {
                continue;
            }
            int q = 3 * col[e];
            int o = 6 * e;
            double ux = x[q];
            double uy = x[q + 1];
            double uz = x[q + 2];
            sx -= v[o] * ux + v[o + 1] * uy + v[o + 2] * uz;
            sy -= v[o + 1] * ux + v[o + 3] * uy + v[o + 4] * uz;
            sz -= v[o + 2] * ux + v[o + 4] * uy + v[o + 5] * uz;
        }
        if (replaced) {
            shifted(i, x, three);
            sx -= three[0];
            sy -= three[1];
            sz -= three[2];
        }
        int o = 6 * i;
        x[p] = inv[o] * sx + inv[o + 1] * sy + inv[o + 2] * sz;
        x[p + 1] = inv[o + 1] * sx + inv[o + 3] * sy + inv[o + 4] * sz;
        x[p + 2] = inv[o + 2] * sx + inv[o + 4] * sy + inv[o + 5] * sz;
    }

    /** The graph of the pattern without the diagonal, as compressed rows {start, adjacency}. */
    int[][] graph() {
        int[] gs = new int[n + 1];
        int[] adj = new int[col.length - n];
        int q = 0;
        for (int i = 0; i < n; i++) {
            for (int e = start[i]; e < start[i + 1]; e++) {
                if (col[e] != i) {
                    adj[q++] = col[e];
                }
            }
            gs[i + 1] = q;
        }
        return new int[][] {gs, adj};
    }
}
