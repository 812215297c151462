package dev.hooke.core.solve;

import dev.hooke.core.parallel.Team;
import java.util.Arrays;

/**
 * The splitting that symmetric successive over-relaxation (SSOR) works with, in 3×3 blocks per
 * free particle, numbered as {@link SystemMatrix} numbers them:
 * <pre>
 *   A = L + D + Lᵀ,    D̃ = D / ω,    A = (D̃ + L) + (D̃ + Lᵀ) + (D − 2 D̃)
 * </pre>
 * D the diagonal blocks A_jj, L the blocks below them, in a numbering of the free particles of
 * its own (below). Block j's row of L holds, for each spring s between j and a free particle
 * i &lt; j, A_ji = −S_s (S_s = m mᵀ + β I); the springs are kept grouped by their lower end, so that
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
 * <h2>Numbering: two groups, then their separator</h2>
 * A sweep is sequential: each particle waits for its neighbours on one side. So that two threads
 * can sweep at once, the particles are split into {@value #GROUPS} groups (runs of the parts of
 * {@link SystemMatrix}'s partition: contiguous ranges of particles, rows on a cloth) and numbered
 * group by group, each group's <em>interior</em> first (in the matrix's order: row by row on a
 * cloth, which suits Gauss–Seidel), and the <em>separator</em> last: both ends of every spring
 * between the groups. No spring joins the two interiors, so
 * <ul>
 *   <li>the forward sweep runs the interiors independently (each adds only to its own nodes and to
 *       separator nodes that no node of the other interior reaches), then the separator;</li>
 *   <li>the backward sweep runs the separator, then the interiors independently;</li>
 * </ul>
 * and each particle's sums are taken in the same order whatever thread runs its group: the
 * results are the same bit for bit on any number of threads. It is SSOR for this numbering, with
 * no coupling dropped. On the benchmark's hanging 100 × 100 cloth the separator holds the 400 particles
 * within two rows of the middle cut (bend springs reach two rows), and CG needs a median of 7
 * iterations, as with the matrix's own numbering (mean 7.3 against 6.9). Four groups (the
 * partition's four parts) gave a median of 8, with 1,200 particles in the separator; dropping the
 * springs between parts instead (block-Jacobi between parts) gave 9.
 *
 * <p>Numbering the particles by wavefront instead (levels of particles that no spring joins, the
 * same Gauss–Seidel), so that consecutive particles are independent, was measured no faster on
 * one thread (180 and 193 µs per forward and backward sweep either way): the sweeps are bound by
 * their instructions, not by the chain of dependences.
 *
 * <p>The spring blocks are copied on each {@link #update} into the order of the lists, so that the
 * sweeps read them front to back. Nothing allocates while the pattern stays the same.
 */
final class SsorSplitting {

    /**
     * The number of groups swept at once: 2, the cores of the machines Hooke is measured on. Fixed
     * (not the team's size) so that the results do not depend on the number of threads.
     */
    static final int GROUPS = 2;

    private static final int PARTS = SystemMatrix.parts();

    private final double omega;
    private SystemMatrix seen;
    private long pattern = -1;
    private int dim = -1;
    private int nodes;
    /** perm[i]: the matrix's node numbered i here; rank: its inverse. */
    private int[] perm = new int[0];
    private int[] rank = new int[0];
    /** first[g]: the first node of group g's interior; first[GROUPS]: the first separator node. */
    private final int[] first = new int[GROUPS + 1];
    /** Per node i, its springs to higher nodes are the entries [start[i], start[i + 1]). */
    private int[] start = new int[1];
    /** Per entry, the spring's slot in the matrix. */
    private int[] slot = new int[0];
    /** Per entry, the first DOF (here) of the higher end. */
    private int[] upper = new int[0];
    /** Per entry e, (m_x, m_y, m_z, β) at [4e, 4e + 4). */
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

    /** Adopts the matrix's pattern (renumbering when it changed); then {@link #update(SystemMatrix, int)} per group. */
    void prepare(SystemMatrix a) {
        if (a != seen || a.pattern() != pattern || a.dimension() != dim) {
            rebuild(a);
        }
    }

    /** Takes the blocks of a freshly assembled matrix, on the calling thread. */
    void update(SystemMatrix a) {
        prepare(a);
        for (int g = 0; g <= GROUPS; g++) {
            update(a, g);
        }
    }

    /**
     * Takes the blocks of group c (group c's interior for c &lt; {@link #GROUPS}, the separator for
     * c = GROUPS) after {@link #prepare}: groups may be updated in parallel.
     */
    void update(SystemMatrix a, int c) {
        final double[] geo = a.springBlocks();
        final double[] g = blocks;
        final int[] sl = slot;
        int from = firstNode(c);
        int to = endNode(c);
        for (int e = start[from]; e < start[to]; e++) {
            int o = 4 * sl[e];
            int q = 4 * e;
            g[q] = geo[o];
            g[q + 1] = geo[o + 1];
            g[q + 2] = geo[o + 2];
            g[q + 3] = geo[o + 3];
        }
        final double[] d = a.nodeBlocks();
        final double w = 1 / omega;
        for (int i = from; i < to; i++) {
            int o = 6 * i;
            int m = 6 * perm[i];
            double xx = d[m];
            double xy = d[m + 1];
            double xz = d[m + 2];
            double yy = d[m + 3];
            double yz = d[m + 4];
            double zz = d[m + 5];
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
                remainder[o + k] = d[m + k] - 2 * scaled[o + k];
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
        int slots = a.springSlots();
        // the groups: GROUPS runs of the matrix's parts; the separator: both ends of every spring
        // between two free particles of different groups
        int[] groupOf = new int[nodes];
        for (int c = 0; c < PARTS; c++) {
            for (int j = a.dofFrom(c) / 3; j < a.dofFrom(c + 1) / 3; j++) {
                groupOf[j] = c * GROUPS / PARTS;
            }
        }
        boolean[] separator = new boolean[nodes];
        for (int k = 0; k < slots; k++) {
            if (da[k] >= 0 && db[k] >= 0 && groupOf[da[k] / 3] != groupOf[db[k] / 3]) {
                separator[da[k] / 3] = true;
                separator[db[k] / 3] = true;
            }
        }
        perm = new int[nodes];
        rank = new int[nodes];
        int next = 0;
        for (int g = 0; g < GROUPS; g++) {
            first[g] = next;
            for (int j = 0; j < nodes; j++) {
                if (groupOf[j] == g && !separator[j]) {
                    rank[j] = next;
                    perm[next++] = j;
                }
            }
        }
        first[GROUPS] = next;
        for (int j = 0; j < nodes; j++) {
            if (separator[j]) {
                rank[j] = next;
                perm[next++] = j;
            }
        }
        // the springs between free particles, grouped by their lower end here
        start = new int[nodes + 1];
        int entries = 0;
        for (int k = 0; k < slots; k++) {
            if (da[k] >= 0 && db[k] >= 0 && da[k] != db[k]) {
                start[Math.min(rank[da[k] / 3], rank[db[k] / 3]) + 1]++;
                entries++;
            }
        }
        for (int i = 0; i < nodes; i++) {
            start[i + 1] += start[i];
        }
        slot = new int[entries];
        upper = new int[entries];
        blocks = new double[4 * entries];
        int[] fill = Arrays.copyOf(start, nodes);
        for (int k = 0; k < slots; k++) {
            if (da[k] >= 0 && db[k] >= 0 && da[k] != db[k]) {
                int ra = rank[da[k] / 3];
                int rb = rank[db[k] / 3];
                int e = fill[Math.min(ra, rb)]++;
                slot[e] = k;
                upper[e] = 3 * Math.max(ra, rb);
            }
        }
        scaled = new double[6 * nodes];
        inverse = new double[6 * nodes];
        remainder = new double[6 * nodes];
    }

    /** The number of free nodes. */
    int nodes() {
        return nodes;
    }

    /** The first node (here) of group c: group c's interior, or the separator for c = {@link #GROUPS}. */
    int firstNode(int c) {
        return first[c];
    }

    /** One past the last node (here) of group c. */
    int endNode(int c) {
        return c < GROUPS ? first[c + 1] : nodes;
    }

    /**
     * The group that member {@code member} of a team of {@code members} sweeps when it comes to part
     * c of the matrix's partition ({@link Team#firstPart}), or −1: each group is taken by the member
     * that holds its first part.
     */
    static int groupAtPart(int c) {
        return c * GROUPS % PARTS == 0 ? c * GROUPS / PARTS : -1;
    }

    /** Per node i here, the matrix's node. Shared. */
    int[] permutation() {
        return perm;
    }

    int[] start() {
        return start;
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

    /** out = u renumbered from the matrix's numbering to this one. */
    void toSplitting(double[] u, double[] out) {
        final int[] pm = perm;
        for (int i = 0, q = 0; i < nodes; i++, q += 3) {
            int o = 3 * pm[i];
            out[q] = u[o];
            out[q + 1] = u[o + 1];
            out[q + 2] = u[o + 2];
        }
    }

    /** out = u renumbered from this numbering to the matrix's. */
    void toMatrix(double[] u, double[] out) {
        final int[] pm = perm;
        for (int i = 0, q = 0; i < nodes; i++, q += 3) {
            int o = 3 * pm[i];
            out[o] = u[q];
            out[o + 1] = u[q + 1];
            out[o + 2] = u[q + 2];
        }
    }

    /**
     * u = (D̃ + L)⁻¹ f on nodes [from, to) (this numbering), by the forward sweep, once the nodes
     * below {@code from} that reach into the range are done; {@code acc} holds, per node, what
     * the lower nodes added to its right-hand side (cleared by the caller before the first range).
     * f and u may be the same array.
     */
    void forward(double[] f, double[] u, double[] acc, int from, int to) {
        final int[] st = start;
        final int[] up = upper;
        final double[] g = blocks;
        final double[] inv = inverse;
        for (int i = from, p = 3 * from, o = 6 * from; i < to; i++, p += 3, o += 6) {
            double fx = f[p] + acc[p];
            double fy = f[p + 1] + acc[p + 1];
            double fz = f[p + 2] + acc[p + 2];
            double ux = inv[o] * fx + inv[o + 1] * fy + inv[o + 2] * fz;
            double uy = inv[o + 1] * fx + inv[o + 3] * fy + inv[o + 4] * fz;
            double uz = inv[o + 2] * fx + inv[o + 4] * fy + inv[o + 5] * fz;
            u[p] = ux;
            u[p + 1] = uy;
            u[p + 2] = uz;
            for (int e = st[i]; e < st[i + 1]; e++) {
                int h = up[e];
                int q = 4 * e;
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

    /**
     * u = (D̃ + Lᵀ)⁻¹ f on nodes [from, to), by the backward sweep from {@code to − 1} down, once the
     * nodes above that they reach are done (f and u may be the same array).
     */
    void backward(double[] f, double[] u, int from, int to) {
        final int[] st = start;
        final int[] up = upper;
        final double[] g = blocks;
        final double[] inv = inverse;
        for (int i = to - 1; i >= from; i--) {
            int p = 3 * i;
            int o = 6 * i;
            double fx = f[p];
            double fy = f[p + 1];
            double fz = f[p + 2];
            for (int e = st[i]; e < st[i + 1]; e++) {
                int h = up[e];
                int q = 4 * e;
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
            u[p] = inv[o] * fx + inv[o + 1] * fy + inv[o + 2] * fz;
            u[p + 1] = inv[o + 1] * fx + inv[o + 3] * fy + inv[o + 4] * fz;
            u[p + 2] = inv[o + 2] * fx + inv[o + 4] * fy + inv[o + 5] * fz;
        }
    }

    /** out = B u on nodes [from, to), for per-node symmetric blocks {@code b} (6 per node). */
    static void multiplyBlocks(double[] b, double[] u, double[] out, int from, int to) {
        for (int p = 3 * from, o = 6 * from; o < 6 * to; p += 3, o += 6) {
            double x = u[p];
            double y = u[p + 1];
            double z = u[p + 2];
            out[p] = b[o] * x + b[o + 1] * y + b[o + 2] * z;
            out[p + 1] = b[o + 1] * x + b[o + 3] * y + b[o + 4] * z;
            out[p + 2] = b[o + 2] * x + b[o + 4] * y + b[o + 5] * z;
        }
    }
}
