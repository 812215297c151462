package dev.hooke.core.solve;

import java.util.Arrays;

/**
 * The Gauss–Seidel sweeps of {@link MultilevelPreconditioner} on the system's own level, in 3×3
 * blocks, on the lists of {@link SsorSplitting} with ω = 1 and in its numbering. With D̃ the
 * splitting's diagonal (D itself, unless a block of D is not positive definite, possible only
 * without the clamp, when D̃ takes the absolute values of its diagonal):
 * <ul>
 *   <li>{@link #forward}: x = (D̃ + L)⁻¹ b, SSOR's forward sweep;</li>
 *   <li>{@link #residualAfterForward}: b − A x for that x without a product: since
 *       (D̃ + L) x = b, b − A x = −Lᵀ x − (D − D̃) x, gathered along each node's springs to higher
 *       nodes (A_ih = −S_s there): (b − A x)_i = Σ_s S_s x_h − (D − D̃)_i x_i;</li>
 *   <li>{@link #backward}: x ← x + (D̃ + Lᵀ)⁻¹ (b − A x), in place from the last node down,
 *       x_i ← D̃_i⁻¹ (b_i + Σ_{springs at i} S_s x_other − (D − D̃)_i x_i), the transpose of the
 *       forward sweep, with no residual formed first.</li>
 * </ul>
 * So the smoothing before and after the coarse correction visits each spring four times in all,
 * where the splitting's two sweeps with a product for the residual before each would visit it six
 * times. The springs to lower nodes are listed per node once per pattern (the splitting lists them
 * by their lower end); their blocks are read from the splitting's.
 *
 * <p>Saad, "Iterative Methods for Sparse Linear Systems", 2nd ed., SIAM 2003, §4.1 (Gauss–Seidel
 * sweeps); Eisenstat, SIAM J. Sci. Stat. Comput. 2 (1981) for forming −Lᵀx from the splitting.
 */
final class SplittingSweeps {

    private final SsorSplitting splitting = new SsorSplitting(1.0);
    private int nodes;
    private int[] lowerStart = new int[1];
    /** Per lower entry, the first DOF (in the splitting's numbering) of the lower end. */
    private int[] lowerNode = new int[0];
    /** Per lower entry, the splitting's entry of the spring (its block at 4 × that). */
    private int[] lowerEntry = new int[0];
    private double[] acc = new double[0];
    private long seenPattern = -1;
    private SystemMatrix seen;

    /** The splitting (ω = 1). */
    SsorSplitting splitting() {
        return splitting;
    }

    /** Adopts A's pattern (the lists to lower nodes when it changed), without its values. */
    void prepare(SystemMatrix a) {
        splitting.prepare(a);
        if (a != seen || a.pattern() != seenPattern || nodes != splitting.nodes()) {
            seen = a;
            seenPattern = a.pattern();
            nodes = splitting.nodes();
            final int[] st = splitting.start();
            final int[] up = splitting.upper();
            int entries = st[nodes];
            lowerStart = new int[nodes + 1];
            for (int e = 0; e < entries; e++) {
                lowerStart[up[e] / 3 + 1]++;
            }
            for (int i = 0; i < nodes; i++) {
                lowerStart[i + 1] += lowerStart[i];
            }
            lowerNode = new int[entries];
            lowerEntry = new int[entries];
            int[] fill = Arrays.copyOf(lowerStart, nodes);
            for (int i = 0; i < nodes; i++) {
                for (int e = st[i]; e < st[i + 1]; e++) {
                    int slot = fill[up[e] / 3]++;
                    lowerNode[slot] = 3 * i;
                    lowerEntry[slot] = e;
                }
            }
            acc = new double[3 * nodes];
        }
    }

    /** Takes A's values (the splitting's blocks and inverted diagonal). */
    void update(SystemMatrix a) {
        prepare(a);
        splitting.update(a);
    }

    /** x = (D̃ + L)⁻¹ b (splitting numbering). */
    void forward(double[] b, double[] x) {
        Arrays.fill(acc, 0);
        splitting.forward(b, x, acc, 0, nodes);
    }

    /** res = b − A x for x = (D̃ + L)⁻¹ b from {@link #forward}: Σ over springs to higher nodes S_s x_h − (D − D̃) x. */
    void residualAfterForward(double[] x, double[] res) {
        final int[] st = splitting.start();
        final int[] up = splitting.upper();
        final double[] g = splitting.blocks();
        for (int i = 0, p = 0; i < nodes; i++, p += 3) {
            double fx = 0;
            double fy = 0;
            double fz = 0;
            for (int e = st[i]; e < st[i + 1]; e++) {
                int h = up[e];
                int q = 4 * e;
                double mx = g[q];
                double my = g[q + 1];
                double mz = g[q + 2];
                double beta = g[q + 3];
                double ux = x[h];
                double uy = x[h + 1];
                double uz = x[h + 2];
                double sn = mx * ux + my * uy + mz * uz;
                fx += mx * sn + beta * ux;
                fy += my * sn + beta * uy;
                fz += mz * sn + beta * uz;
            }
            int o = 6 * i;
            res[p] = fx - offDiagonal(o, 0, x, p);
            res[p + 1] = fy - offDiagonal(o, 1, x, p);
            res[p + 2] = fz - offDiagonal(o, 2, x, p);
        }
    }

    /**
     * Row r of (D − D̃) x at node p: zero unless a diagonal block was not positive definite and D̃
     * took the absolute values of its diagonal instead (D − D̃ = (D − 2D̃) + D̃, both kept by the
     * splitting).
     */
    private double offDiagonal(int o, int r, double[] x, int p) {
        final double[] rem = splitting.remainder();
        final double[] sc = splitting.scaled();
        int[] row = ROWS[r];
        return (rem[o + row[0]] + sc[o + row[0]]) * x[p] + (rem[o + row[1]] + sc[o + row[1]]) * x[p + 1]
                + (rem[o + row[2]] + sc[o + row[2]]) * x[p + 2];
    }

    /** Per row of a symmetric 3×3 block, the indices of its entries among the 6 numbers kept. */
    private static final int[][] ROWS = {{0, 1, 2}, {1, 3, 4}, {2, 4, 5}};

    /** x ← x + (D̃ + Lᵀ)⁻¹ (b − A x), in place, from the last node down. */
    void backward(double[] b, double[] x) {
        final int[] st = splitting.start();
        final int[] up = splitting.upper();
        final double[] g = splitting.blocks();
        final double[] inv = splitting.inverse();
        final int[] ls = lowerStart;
        final int[] ln = lowerNode;
        final int[] le = lowerEntry;
        for (int i = nodes - 1; i >= 0; i--) {
            int p = 3 * i;
            double fx = b[p];
            double fy = b[p + 1];
            double fz = b[p + 2];
            for (int e = st[i]; e < st[i + 1]; e++) {
                int h = up[e];
                int q = 4 * e;
                double mx = g[q];
                double my = g[q + 1];
                double mz = g[q + 2];
                double beta = g[q + 3];
                double ux = x[h];
                double uy = x[h + 1];
                double uz = x[h + 2];
                double sn = mx * ux + my * uy + mz * uz;
                fx += mx * sn + beta * ux;
                fy += my * sn + beta * uy;
                fz += mz * sn + beta * uz;
            }
            for (int t = ls[i]; t < ls[i + 1]; t++) {
                int h = ln[t];
                int q = 4 * le[t];
                double mx = g[q];
                double my = g[q + 1];
                double mz = g[q + 2];
                double beta = g[q + 3];
                double ux = x[h];
                double uy = x[h + 1];
                double uz = x[h + 2];
                double sn = mx * ux + my * uy + mz * uz;
                fx += mx * sn + beta * ux;
                fy += my * sn + beta * uy;
                fz += mz * sn + beta * uz;
            }
            int o = 6 * i;
            fx -= offDiagonal(o, 0, x, p);
            fy -= offDiagonal(o, 1, x, p);
            fz -= offDiagonal(o, 2, x, p);
            x[p] = inv[o] * fx + inv[o + 1] * fy + inv[o + 2] * fz;
            x[p + 1] = inv[o + 1] * fx + inv[o + 3] * fy + inv[o + 4] * fz;
            x[p + 2] = inv[o + 2] * fx + inv[o + 4] * fy + inv[o + 5] * fz;
        }
    }
}
