package dev.hooke.core.solve;

import java.util.Arrays;

/**
 * The splitting that symmetric successive over-relaxation (SSOR) works with, in 3×3 blocks per
 * free particle, numbered as {@link SystemMatrix} numbers them:
 * <pre>
 *   A = L + D + Lᵀ,    D̃ = D / ω,    A = (D̃ + L) + (D̃ + Lᵀ) + (D − 2 D̃)
 * </pre>
 * D the diagonal blocks A_jj, L the blocks below them, in {@link SystemMatrix}'s numbering of the
 * free particles (particle order: row by row on a cloth, which suits Gauss–Seidel). Block j's row
 * of L holds, for each spring s between j and a free particle i &lt; j, A_ji = −S_s
 * (S_s = m mᵀ + β I); the matrix keeps its springs grouped by their lower end, so that
 * <ul>
 *   <li>(D̃ + L) u = f is solved by a forward sweep that, once u_i is known, adds S_s u_i to the
 *       right-hand side of each higher neighbour (a scatter), and</li>
 *   <li>(D̃ + Lᵀ) u = f by a backward sweep that, for each particle i from the last, gathers
 *       S_s u_j from its higher neighbours: u_i = D̃_i⁻¹ (f_i + Σ_s S_s u_j).</li>
 * </ul>
 * A diagonal block that is not positive definite (possible only without the clamp) is replaced in
 * D̃ by the absolute values of its diagonal, as block-Jacobi does, so that D̃ stays positive
 * definite and the preconditioner M = (D̃ + L) D̃⁻¹ (D̃ + Lᵀ) with it; the splitting holds for any
 * D̃, with D − 2D̃ formed from the true D.
 *
 * <p>Source: Saad, "Iterative Methods for Sparse Linear Systems", 2nd ed. 2003, §4.1 (SSOR) and
 * §10.2 (SSOR preconditioning); Eisenstat, "Efficient implementation of a class of preconditioned
 * conjugate gradient methods", SIAM J. Sci. Stat. Comput. 2 (1981) for the splitting's use in
 * {@link SsorConjugateGradient}.
 *
 * <p>The sweeps read the matrix's spring blocks in place; each particle's springs to higher
 * particles are two runs of the matrix's slots (among its part's springs and among the boundary
 * springs), found again only when the pattern changes. Nothing allocates while it stays the
 * same.
 *
 * <p>A sweep is sequential: each particle waits for its neighbours on one side. Numbering the
 * particles by wavefront (levels of particles that no spring joins, the same Gauss–Seidel) so that
 * consecutive particles are independent was measured no faster on issue 7's 100 × 100 cloth
 * (180 and 193 µs per forward and backward sweep either way): the sweeps are bound by their
 * instructions, not by the chain of dependences.
 */
final class SsorSplitting {

    private final double omega;
    private SystemMatrix seen;
    private long pattern = -1;
    private int dim = -1;
    private int nodes;
    /**
     * Per free node i, its springs to higher free nodes: the slots [runs[4i], runs[4i + 1]) among
     * its part's springs and [runs[4i + 2], runs[4i + 3]) among the boundary springs.
     */
    private int[] runs = new int[0];
    /** Per slot, the first DOF of the spring's higher end (for springs between free particles). */
    private int[] upper = new int[0];
    /** The matrix's (m_x, m_y, m_z, β) per slot. Shared. */
    private double[] blocks = new double[0];
    /** Per node, D̃ (xx, xy, xz, yy, yz, zz). */
    private double[] scaled = new double[0];
    /** Per node, D̃⁻¹. */
    private double[] inverse = new double[0];
    /** Per node, D − 2 D̃. */
    private double[] remainder = new double[0];

    /** @param omega the relaxation factor, in (0, 2) */
    SsorSplitting(double omega) {
        if (!(omega > 0 && omega < 2)) {
            throw new IllegalArgumentException("ω must be in (0, 2), got " + omega);
        }
        this.omega = omega;
    }

    /** ω. */
    double omega() {
        return omega;
    }

    /** Takes the blocks of a freshly assembled matrix. */
    void update(SystemMatrix a) {
        if (a != seen || a.pattern() != pattern || a.dimension() != dim) {
            rebuild(a);
        }
        blocks = a.springBlocks();
        final double[] d = a.nodeBlocks();
        final double w = 1 / omega;
        for (int o = 0; o < 6 * nodes; o += 6) {
            double xx = d[o];
            double xy = d[o + 1];
            double xz = d[o + 2];
            double yy = d[o + 3];
            double yz = d[o + 4];
            double zz = d[o + 5];
            double det = xx * (yy * zz - yz * yz) + xy * (xz * yz - xy * zz) + xz * (xy * yz - xz * yy);
            if (!(xx > 0 && xx * yy - xy * xy > 0 && det > 0 && Double.isFinite(det))) {
                xx = positive(xx);
                yy = positive(yy);
                zz = positive(zz);
                xy = 0;
                xz = 0;
                yz = 0;
            }
            scaled[o] = xx * w;
            scaled[o + 1] = xy * w;
            scaled[o + 2] = xz * w;
            scaled[o + 3] = yy * w;
            scaled[o + 4] = yz * w;
            scaled[o + 5] = zz * w;
            BlockJacobiPreconditioner.invert(scaled, inverse, o);
            for (int k = 0; k < 6; k++) {
                remainder[o + k] = d[o + k] - 2 * scaled[o + k];
            }
        }
    }

    private static double positive(double v) {
        double abs = Math.abs(v);
        return abs > 0 && Double.isFinite(abs) ? abs : 1;
    }

    private void rebuild(SystemMatrix a) {
        seen = a;
        pattern = a.pattern();
        dim = a.dimension();
        nodes = dim / 3;
        int[] da = a.springDofA();
        int[] db = a.springDofB();
        runs = new int[4 * nodes];
        upper = new int[a.springSlots()];
        int parts = SystemMatrix.parts();
        for (int c = 0; c <= parts; c++) {
            int off = c < parts ? 0 : 2;
            int to = a.springGroupStart(c + 1);
            for (int k = a.springGroupStart(c); k < to; k++) {
                if (da[k] < 0 || db[k] < 0) {
                    break; // the rest of the group has a pinned end
                }
                int lo = Math.min(da[k], db[k]);
                upper[k] = Math.max(da[k], db[k]);
                int r = 4 * (lo / 3) + off;
                if (runs[r + 1] == 0) {
                    runs[r] = k;
                }
                runs[r + 1] = k + 1;
            }
        }
        scaled = new double[6 * nodes];
        inverse = new double[6 * nodes];
        remainder = new double[6 * nodes];
    }

    int nodes() {
        return nodes;
    }

    int[] runs() {
        return runs;
    }

    int[] upper() {
        return upper;
    }

    double[] blocks() {
        return blocks;
    }

    double[] scaled() {
        return scaled;
    }

    double[] inverse() {
        return inverse;
    }

    double[] remainder() {
        return remainder;
    }

    /**
     * u = (D̃ + L)⁻¹ f, by the forward sweep; {@code acc} is a workspace of the same length (f
     * and u may be the same array).
     */
    void forward(double[] f, double[] u, double[] acc) {
        final int[] rn = runs;
        final int[] up = upper;
        final double[] g = blocks;
        final double[] inv = inverse;
        Arrays.fill(acc, 0, dim, 0);
        for (int i = 0, p = 0, o = 0; i < nodes; i++, p += 3, o += 6) {
            double fx = f[p] + acc[p];
            double fy = f[p + 1] + acc[p + 1];
            double fz = f[p + 2] + acc[p + 2];
            double ux = inv[o] * fx + inv[o + 1] * fy + inv[o + 2] * fz;
            double uy = inv[o + 1] * fx + inv[o + 3] * fy + inv[o + 4] * fz;
            double uz = inv[o + 2] * fx + inv[o + 4] * fy + inv[o + 5] * fz;
            u[p] = ux;
            u[p + 1] = uy;
            u[p + 2] = uz;
            for (int run = 4 * i; run < 4 * i + 4; run += 2) {
                for (int k = rn[run]; k < rn[run + 1]; k++) {
                    int h = up[k];
                    int q = 4 * k;
                    double mx = g[q];
                    double my = g[q + 1];
                    double mz = g[q + 2];
                    double b = g[q + 3];
                    double sn = mx * ux + my * uy + mz * uz;
                    acc[h] += mx * sn + b * ux;
                    acc[h + 1] += my * sn + b * uy;
                    acc[h + 2] += mz * sn + b * uz;
                }
            }
        }
    }

    /** u = (D̃ + Lᵀ)⁻¹ f, by the backward sweep (f and u may be the same array). */
    void backward(double[] f, double[] u) {
        final int[] rn = runs;
        final int[] up = upper;
        final double[] g = blocks;
        final double[] inv = inverse;
        for (int i = nodes - 1; i >= 0; i--) {
            int p = 3 * i;
            int o = 6 * i;
            double fx = f[p];
            double fy = f[p + 1];
            double fz = f[p + 2];
            for (int run = 4 * i; run < 4 * i + 4; run += 2) {
                for (int k = rn[run]; k < rn[run + 1]; k++) {
                    int h = up[k];
                    int q = 4 * k;
                    double mx = g[q];
                    double my = g[q + 1];
                    double mz = g[q + 2];
                    double b = g[q + 3];
                    double ux = u[h];
                    double uy = u[h + 1];
                    double uz = u[h + 2];
                    double sn = mx * ux + my * uy + mz * uz;
                    fx += mx * sn + b * ux;
                    fy += my * sn + b * uy;
                    fz += mz * sn + b * uz;
                }
            }
            u[p] = inv[o] * fx + inv[o + 1] * fy + inv[o + 2] * fz;
            u[p + 1] = inv[o + 1] * fx + inv[o + 3] * fy + inv[o + 4] * fz;
            u[p + 2] = inv[o + 2] * fx + inv[o + 4] * fy + inv[o + 5] * fz;
        }
    }

    /** out = B u for the per-node symmetric blocks {@code b} (6 per node), on the first {@link #nodes()} nodes. */
    void multiplyBlocks(double[] b, double[] u, double[] out) {
        for (int p = 0, o = 0; o < 6 * nodes; p += 3, o += 6) {
            double x = u[p];
            double y = u[p + 1];
            double z = u[p + 2];
            out[p] = b[o] * x + b[o + 1] * y + b[o + 2] * z;
            out[p + 1] = b[o + 1] * x + b[o + 3] * y + b[o + 4] * z;
            out[p + 2] = b[o + 2] * x + b[o + 4] * y + b[o + 5] * z;
        }
    }
}
