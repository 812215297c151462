package dev.hooke.core.solve;

import dev.hooke.core.force.Forces;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.parallel.SpringPartition;
import dev.hooke.core.parallel.Team;
import java.util.Arrays;
import org.ejml.data.DMatrixSparseTriplet;

/**
 * The matrix of an implicit step, assembled as 3×3 blocks on the free degrees of freedom:
 * <pre>
 *   A = M − τ ∂F/∂v − τ² ∂F/∂x = M + τ c I + Σ_springs Gᵀ S_s G,     S_s = τ D_s + τ² K_s
 * </pre>
 * with K_s and D_s from {@link SpringJacobian} (K_s clamped or not), c the air damping and G the
 * spring's difference operator (u_a − u_b); with wind, plus τ D_j on each free node's diagonal
 * block ({@link WindBlocks}). τ is the step of the backward-Euler equation being
 * solved: h for backward Euler, h/2 for implicit midpoint. The non-symmetric damping term E_s is
 * left out, as in Baraff &amp; Witkin 1998, so A is symmetric (the form with M⁻¹ on the left
 * is not). With the clamp every S_s is positive semidefinite, so A is
 * positive definite; without it A can be indefinite under compression.
 *
 * <h2>Pinned particles</h2>
 * Pinned particles are <em>removed</em>: the unknowns are the 3·(n − pinned) free DOFs, numbered
 * in particle order ({@link #dof(int)}). Their Δv is 0, so their columns drop out, and a spring
 * with one pinned end contributes only its S_s to the free end's diagonal block. Removing rather
 * than filtering (Baraff &amp; Witkin's S-projection inside CG) keeps A symmetric positive
 * definite with no special cases in the solvers, gives the direct solver a nonsingular matrix,
 * and makes the system smaller; filtering pays off for partial constraints (a particle held in
 * one or two directions), which Hooke does not have: a pin holds all three.
 *
 * <h2>Layout</h2>
 * Every S_s is a multiple of n nᵀ plus a multiple of I (K_s = k_s (1 − g) n nᵀ + k_s g I with
 * g = 1 − L/l, clamped or not, and D_s = k_d n nᵀ), so a block is kept as four numbers:
 * <pre>
 *   S_s = α n nᵀ + β I = m mᵀ + β I,   α = τ² k_s (1 − g) + τ k_d,   β = τ² k_s g,   m = √α n
 * </pre>
 * (α ≥ 0 since k_s, k_d ≥ 0 and 1 − g = L/l, or min(1, L/l) with the clamp). Flat arrays,
 * created when the pattern (sizes, pins) changes and reused:
 * <ul>
 *   <li>{@code diag[j]} = m_j + τ c for free node j (a multiple of I);</li>
 *   <li>{@code geo[4 p .. 4 p + 3]} = (m_x, m_y, m_z, β) of the spring at position p;</li>
 *   <li>{@code dofA[p]}, {@code dofB[p]}: the first DOF of each end, −1 when pinned;</li>
 *   <li>{@code nodeBlocks[6 j .. 6 j + 5]}: the diagonal block A_jj (upper triangle, row by row),
 *       summed during the assembly for the preconditioners.</li>
 * </ul>
 * Springs are stored in the order of a {@link SpringPartition} (each part's springs, then those
 * between parts), so that assembly and product can run part by part on a {@link Team}
 * ({@link #setTeam}) and give the same result, bit for bit, on any number of threads. The product
 * y = A u is
 * <pre>
 *   y_j = diag_j u_j;   for each spring: u_s = u_a − u_b,  w = m (m·u_s) + β u_s,  y_a += w,  y_b −= w
 * </pre>
 *
 * <h2>Why assembled per-spring blocks</h2>
 * Three layouts of the product y = A u were timed by {@code dev.hooke.bench.SystemLayoutBenchmark}
 * (test sources) on hanging cloths with structural, shear and bend springs, clamp on:
 * matrix-free (each spring's direction and length recomputed from x in every product), these
 * per-spring blocks, and block rows per node pair (BSR: per free node its diagonal block and one
 * block per neighbour, row by row).
 * <table>
 *   <caption>µs per product, one run (Java 17, 2 cores shared with other builds)</caption>
 *   <tr><th>layout</th><th>32×32: 5 826 springs, 3 066 unknowns</th><th>64×64: 23 938 springs, 12 282 unknowns</th></tr>
 *   <tr><td>matrix-free</td><td>74</td><td>717</td></tr>
 *   <tr><td>per-spring 3×3 blocks (this class)</td><td>28</td><td>298</td></tr>
 *   <tr><td>BSR, per node pair</td><td>29</td><td>264</td></tr>
 * </table>
 * Absolute figures varied by up to ±50 % between runs on the shared machine; the ratios held in
 * all seven runs: matrix-free 2.1–2.7 times slower than per-spring blocks (a square root and a
 * division per spring in every product, and CG makes 50–300 products per assembly, while an
 * assembly costs about 10–20 products), BSR within ±15 % of per-spring blocks, either one ahead.
 * Per-spring blocks were chosen over BSR because they store each block once (BSR twice, plus
 * column indices), are filled in one pass over the springs with no block-row structure to build,
 * and are the very blocks the Jacobian checks compare. Each block is now kept as (m, β), 32 bytes
 * instead of 72, so that the product loads 4 numbers per spring instead of 9: 287 → 266 µs on a
 * 100×100 cloth (docs/performance.md).
 * The blocks are needed anyway: the block-Jacobi preconditioner sums them into the diagonal
 * blocks, and the direct solver turns them into triplets ({@link #addUpperTriangleTo}).
 *
 * <h2>Classes</h2>
 * The numbering of the free DOFs and the spring slots is {@link SystemPattern}'s; one pass of the
 * assembly, with the per-spring formulas of {@code dev.hooke.core.force.SpringGeometry}, is
 * {@link SystemAssembly}'s; this class keeps the values, forms the products and hands the blocks to
 * the preconditioners and the direct solvers.
 *
 * <p>Nothing allocates after the first assembly of a given pattern.
 */
public final class SystemMatrix {

    private static final int PARTS = SystemPattern.PARTS;

    /**
     * ρ: a term of the true ∂F/∂x whose size τ² k / m (k its stiffness in N/m, m the lighter free
     * end's mass) is above ρ is not resolved by the step, and the right-hand side with the true
     * derivative leaves it as Baraff &amp; Witkin's form has it (see
     * {@link #assembleStep(MassSpringSystem, double[], double[], double, boolean, boolean, double[])}).
     */
    public static final double RESOLVED = 0.1;

    private final SystemPattern layout = new SystemPattern();
    private double[] geo = new double[0];
    private double[] diag = new double[0];
    private double[] nodeBlocks = new double[0];
    private double[] fullBlocks = new double[0];
    private double tau = Double.NaN;
    private boolean clamp = true;
    private Team team;
    private final SystemAssembly assembly = new SystemAssembly();
    private final ProductJob product = new ProductJob();
    private final WindBlocks wind = new WindBlocks();

    /** The number of unknowns, 3 × (number of free particles). */
    public int dimension() {
        return layout.dimension();
    }

    /** The first free DOF of particle i, or −1 when it is pinned. */
    public int dof(int particle) {
        return layout.dof(particle);
    }

    /** The particle of free node j (the DOFs 3j .. 3j+2). */
    public int particleOfNode(int node) {
        return layout.particleOfNode()[node];
    }

    /**
     * A counter that changes whenever the sparsity pattern changes (sizes or pins); a direct
     * solver keeps its symbolic analysis while it stays the same.
     */
    public long pattern() {
        return layout.version();
    }

    /** τ of the last assembly, in s. */
    public double tau() {
        return tau;
    }

    /** Whether the last assembly used the Choi &amp; Ko clamp. */
    public boolean clamped() {
        return clamp;
    }

    /**
     * The team that assembly, products and CG run on, or null for the calling thread alone. The
     * team is used only for systems of at least {@link Team#PARALLEL_MIN_SPRINGS} springs; the
     * results do not depend on it.
     */
    public void setTeam(Team t) {
        team = t;
    }

    /** The team set by {@link #setTeam}, or null. */
    public Team team() {
        return team;
    }

    /** The team to run on for the present system, or null (no team, or too small to gain). */
    Team activeTeam() {
        return team != null && team.size() > 1 && layout.springCount() >= Team.PARALLEL_MIN_SPRINGS ? team : null;
    }

    /**
     * Assembles A = M + τ c I + Σ Gᵀ (τ D_s + τ² K_s) G at positions x.
     *
     * @param s      the system (topology, masses, parameters, pins)
     * @param x      positions at which to linearise, {@code 3*i+k}, in m
     * @param tauS   τ, in s (h for backward Euler, h/2 for implicit midpoint)
     * @param clampK whether to clamp the transverse stiffness (Choi &amp; Ko 2002)
     * @param v      velocities, {@code 3*i+k} in m/s, for {@code kvOut}; may be null when kvOut is
     * @param kvOut  if not null, receives K v on the free DOFs (N), K = −∂F/∂x as assembled
     *               (pinned particles' velocities are taken as 0)
     */
    public void assemble(MassSpringSystem s, double[] x, double tauS, boolean clampK, double[] v, double[] kvOut) {
        run(s, x, tauS, clampK, kvOut == null ? null : v, kvOut, false, false);
    }

    /**
     * Assembles A as {@link #assemble} does and, in the same pass over the springs, the right-hand
     * side of Baraff &amp; Witkin's step on the free DOFs:
     * <pre>
     *   b = τ F(x, v) − τ² K v          (N·s)
     * </pre>
     * with F the whole force of {@link Forces#compute} (springs, axial damping, gravity, air
     * damping), K as assembled (clamped or not) and pinned particles' velocities taken as 0.
     *
     * @param v   velocities, {@code 3*i+k}, in m/s
     * @param rhs receives b, length ≥ {@link #dimension()}
     */
    public void assembleStep(MassSpringSystem s, double[] x, double[] v, double tauS, boolean clampK, double[] rhs) {
        assembleStep(s, x, v, tauS, clampK, false, rhs);
    }

    /**
     * As {@link #assembleStep(MassSpringSystem, double[], double[], double, boolean, double[])},
     * and with {@code trueDerivative} the right-hand side takes the true derivative of the forces,
     * whatever A uses:
     * <pre>
     *   b = τ F(x, v) + τ² (∂F/∂x) v          (N·s)
     * </pre>
     * ∂F/∂x with the transverse factor 1 − L/l unclamped and with the damping term E_s
     * ({@link SpringJacobian}). Then b = τ F(x + τ v, v) + O(τ³), and the clamp and the left-out
     * E_s change only the matrix the step is solved with, not the equations it solves: they change
     * A by O(τ²), so with Δv = O(τ) they move the solution of A Δv = b by O(τ³), one order beyond
     * what a second-order step needs (the velocity part τ D_s + τ c I of A is exact). One solve per
     * step thus keeps the implicit midpoint rule second order. With the clamp in b as well, b would
     * be off by O(τ²) where springs are compressed, and the midpoint rule would drop to first
     * order there.
     *
     * <p>Where the step does not resolve a term, b keeps Baraff &amp; Witkin's form for it, so that
     * large steps stay as stable as they were: the transverse stiffness of a compressed spring with
     * τ² k_s |1 − L/l| &gt; ρ m, and E_s of a spring with τ² k_d |v_b − v_a| / l &gt; ρ m (m the
     * lighter free end's mass, ρ = {@value #RESOLVED}; the sideways instability of a
     * compressed spring grows at μ = √(k_s |1 − L/l| / m), so the first is τ μ &gt; √ρ). Taking
     * such a term explicitly on the right while the clamped, symmetric matrix leaves it out
     * multiplies the motion it drives by about 1 + (τ μ)² each step: a cube crushed by its landing
     * (Δt = 1/60 … 1/20 s) exploded that way with every term taken. As τ → 0 every term is
     * resolved, so the order is kept. Measured on the default cube landing with implicit midpoint,
     * 400 steps (a case where contact itself feeds energy in): the largest total energy was 28.2,
     * 73.8 and 3.0·10⁴ J at Δt = 1/60, 1/30 and 1/20 s with the clamped b, and is 28.3, 145 and
     * 1.2·10⁴ J with this b.
     */
    public void assembleStep(MassSpringSystem s, double[] x, double[] v, double tauS, boolean clampK,
                             boolean trueDerivative, double[] rhs) {
        run(s, x, tauS, clampK, v, rhs, true, trueDerivative);
    }

    private void run(MassSpringSystem s, double[] x, double tauS, boolean clampK, double[] v, double[] acc,
                     boolean rhsMode, boolean trueDerivative) {
        prepare(s);
        this.tau = tauS;
        this.clamp = clampK;
        assembly.set(layout, geo, diag, nodeBlocks, tauS, clampK, s, x, v, acc, rhsMode, trueDerivative);
        Team t = activeTeam();
        if (t == null) {
            assembly.run(0, 1);
        } else {
            t.run(assembly);
        }
        assembly.boundary();
        assembly.clear();
        wind.add(layout, s, x, v, tauS, nodeBlocks, rhsMode ? acc : null);
    }

    /** y = A u on the free DOFs (both of length {@link #dimension()} at least). */
    public void multiply(double[] u, double[] y) {
        product.set(u, y, null, 0);
        Team t = activeTeam();
        if (t == null) {
            product.run(0, 1);
        } else {
            t.run(product);
        }
        productBoundary(u, y);
        product.clear();
    }

    /** The parts' products, for {@link #multiply}. */
    private final class ProductJob implements Team.Job {
        private double[] u;
        private double[] y;
        private double[] z;
        private double beta;

        void set(double[] uu, double[] yy, double[] zz, double b) {
            u = uu;
            y = yy;
            z = zz;
            beta = b;
        }

        void clear() {
            u = null;
            y = null;
            z = null;
        }

        @Override
        public void run(int member, int members) {
            for (int c = Team.firstPart(member, members); c < Team.endPart(member, members); c++) {
                productPart(c, u, y, z, beta);
            }
        }
    }

    /** The number of parts of the partition ({@link SpringPartition#PARTS}). */
    static int parts() {
        return PARTS;
    }

    /** The first free DOF of part c (c = 0 … PARTS; dofFrom(PARTS) is the dimension). */
    int dofFrom(int c) {
        return 3 * layout.nodeFrom(c);
    }

    /**
     * Part c of y = A u: its nodes' diagonal terms and its springs (not the boundary springs).
     * When {@code z} is not null, first sets u ← z + βu on part c's DOFs (CG's direction update).
     *
     * @return Σ u_j·y_j over part c's nodes, y as it stands before the boundary springs; with
     *         {@link #productBoundary} it adds up to uᵀAu
     */
    double productPart(int c, double[] u, double[] y, double[] z, double beta) {
        int from = layout.nodeFrom(c);
        int to = layout.nodeFrom(c + 1);
        for (int j = from, q = 3 * from; j < to; j++, q += 3) {
            double u0;
            double u1;
            double u2;
            if (z != null) {
                u0 = z[q] + beta * u[q];
                u1 = z[q + 1] + beta * u[q + 1];
                u2 = z[q + 2] + beta * u[q + 2];
                u[q] = u0;
                u[q + 1] = u1;
                u[q + 2] = u2;
            } else {
                u0 = u[q];
                u1 = u[q + 1];
                u2 = u[q + 2];
            }
            double d = diag[j];
            y[q] = d * u0;
            y[q + 1] = d * u1;
            y[q + 2] = d * u2;
        }
        if (wind.active()) {
            wind.multiplyAdd(from, to, u, y);
        }
        springProducts(layout.partition().springStart(c), layout.partition().springStart(c + 1), u, y);
        double quad = 0;
        for (int q = 3 * from; q < 3 * to; q++) {
            quad += u[q] * y[q];
        }
        return quad;
    }

    /**
     * The boundary springs' part of y = A u, after every {@link #productPart}.
     *
     * @return their share of uᵀAu: Σ u_sᵀ S_s u_s, u_s = u_a − u_b
     */
    double productBoundary(double[] u, double[] y) {
        final double[] g4 = geo;
        final int[] ia = layout.dofA();
        final int[] ib = layout.dofB();
        double quad = 0;
        for (int k = layout.partition().springStart(PARTS); k < layout.springCount(); k++) {
            int da = ia[k];
            int db = ib[k];
            double ux = 0;
            double uy = 0;
            double uz = 0;
            if (da >= 0) {
                ux = u[da];
                uy = u[da + 1];
                uz = u[da + 2];
            }
            if (db >= 0) {
                ux -= u[db];
                uy -= u[db + 1];
                uz -= u[db + 2];
            }
            int o = 4 * k;
            double mx = g4[o];
            double my = g4[o + 1];
            double mz = g4[o + 2];
            double beta = g4[o + 3];
            double sn = mx * ux + my * uy + mz * uz;
            double wx = mx * sn + beta * ux;
            double wy = my * sn + beta * uy;
            double wz = mz * sn + beta * uz;
            quad += wx * ux + wy * uy + wz * uz;
            if (da >= 0) {
                y[da] += wx;
                y[da + 1] += wy;
                y[da + 2] += wz;
            }
            if (db >= 0) {
                y[db] -= wx;
                y[db + 1] -= wy;
                y[db + 2] -= wz;
            }
        }
        return quad;
    }

    /** y += Σ Gᵀ S_s G u over the springs at positions [from, to). */
    private void springProducts(int from, int to, double[] u, double[] y) {
        final double[] g4 = geo;
        final int[] ia = layout.dofA();
        final int[] ib = layout.dofB();
        for (int k = from; k < to; k++) {
            int da = ia[k];
            int db = ib[k];
            double ux;
            double uy;
            double uz;
            if (da >= 0) {
                if (db >= 0) {
                    ux = u[da] - u[db];
                    uy = u[da + 1] - u[db + 1];
                    uz = u[da + 2] - u[db + 2];
                } else {
                    ux = u[da];
                    uy = u[da + 1];
                    uz = u[da + 2];
                }
            } else if (db >= 0) {
                ux = -u[db];
                uy = -u[db + 1];
                uz = -u[db + 2];
            } else {
                continue;
            }
            int o = 4 * k;
            double mx = g4[o];
            double my = g4[o + 1];
            double mz = g4[o + 2];
            double beta = g4[o + 3];
            // w = m (m·u) + β u; with u a unit vector e_j, w_i = m_i m_j: symmetric to the bit
            double sn = mx * ux + my * uy + mz * uz;
            double wx = mx * sn + beta * ux;
            double wy = my * sn + beta * uy;
            double wz = mz * sn + beta * uz;
            if (da >= 0) {
                y[da] += wx;
                y[da + 1] += wy;
                y[da + 2] += wz;
            }
            if (db >= 0) {
                y[db] -= wx;
                y[db + 1] -= wy;
                y[db + 2] -= wz;
            }
        }
    }

    /** The number of spring slots (every spring, in the partition's order). */
    int springSlots() {
        return layout.springCount();
    }

    /** Per spring slot k, (m_x, m_y, m_z, β) at {@code [4k, 4k + 4)}: S = m mᵀ + β I. Shared. */
    double[] springBlocks() {
        return geo;
    }

    /** Per spring slot, the first DOF of end a, −1 when pinned. Shared. */
    int[] springDofA() {
        return layout.dofA();
    }

    /** Per spring slot, the first DOF of end b, −1 when pinned. Shared. */
    int[] springDofB() {
        return layout.dofB();
    }

    /** Per free node j, m_j + τc (kg), the multiple of I on A's diagonal besides the springs. Shared. */
    double[] massDiagonal() {
        return diag;
    }

    /** The wind's blocks τ D_j (6 per free node, see {@link WindBlocks}), or null without wind. Shared. */
    double[] windBlocks() {
        return wind.active() ? wind.blocks() : null;
    }

    /**
     * The diagonal blocks summed in the last assembly: A_jj's upper triangle (xx, xy, xz, yy, yz,
     * zz) at {@code [6j, 6j + 6)}. Shared; for the preconditioners.
     */
    double[] nodeBlocks() {
        return nodeBlocks;
    }

    /**
     * Writes the 3×3 diagonal blocks A_jj = (m_j + τc) I + Σ_{springs at j} S_s, row-major, 9 per
     * free node: {@code out[9j .. 9j+8]} (length at least 3·{@link #dimension()}).
     */
    public void diagonalBlocks(double[] out) {
        int nodes = diag.length;
        for (int j = 0; j < nodes; j++) {
            int o = 9 * j;
            int m = 6 * j;
            out[o] = nodeBlocks[m];
            out[o + 1] = nodeBlocks[m + 1];
            out[o + 2] = nodeBlocks[m + 2];
            out[o + 3] = nodeBlocks[m + 1];
            out[o + 4] = nodeBlocks[m + 3];
            out[o + 5] = nodeBlocks[m + 4];
            out[o + 6] = nodeBlocks[m + 2];
            out[o + 7] = nodeBlocks[m + 4];
            out[o + 8] = nodeBlocks[m + 5];
        }
    }

    /** Copies S_s = τ D_s + τ² K_s of spring sp (row-major, 9 values) into out at off. */
    public void springBlock(int sp, double[] out, int off) {
        int o = 4 * layout.position()[sp];
        double mx = geo[o];
        double my = geo[o + 1];
        double mz = geo[o + 2];
        double beta = geo[o + 3];
        out[off] = mx * mx + beta;
        out[off + 1] = mx * my;
        out[off + 2] = mx * mz;
        out[off + 3] = out[off + 1];
        out[off + 4] = my * my + beta;
        out[off + 5] = my * mz;
        out[off + 6] = out[off + 2];
        out[off + 7] = out[off + 5];
        out[off + 8] = mz * mz + beta;
    }

    /**
     * The bytes a product {@link #multiply} reads or writes at least once: per spring with a free
     * end its (m, β) (32 B) and two DOF indices (8 B); per free particle its diagonal entry
     * (8 B), u (24 B) and y (24 B). A measure of the product's memory traffic, for the benchmark.
     */
    public long productBytes() {
        final int[] ia = layout.dofA();
        final int[] ib = layout.dofB();
        long springs = 0;
        for (int k = 0; k < layout.springCount(); k++) {
            if (ia[k] >= 0 || ib[k] >= 0) {
                springs++;
            }
        }
        return springs * 40 + (long) diag.length * 56;
    }

    /**
     * Appends the entries A(r, c) with r ≤ c (the upper triangle, which a Cholesky factorisation
     * reads) to a triplet matrix, always in the same order and including explicit zeros, so that
     * the sparsity pattern depends only on {@link #pattern()}. Off-diagonal blocks of different
     * springs joining the same two particles appear as duplicates, to be summed after conversion
     * ({@code CommonOps_DSCC.duplicatesAdd}).
     */
    public void addUpperTriangleTo(DMatrixSparseTriplet t) {
        int nodes = diag.length;
        for (int j = 0; j < nodes; j++) {
            int base = 3 * j;
            int m = 6 * j;
            t.addItem(base, base, nodeBlocks[m]);
            t.addItem(base, base + 1, nodeBlocks[m + 1]);
            t.addItem(base, base + 2, nodeBlocks[m + 2]);
            t.addItem(base + 1, base + 1, nodeBlocks[m + 3]);
            t.addItem(base + 1, base + 2, nodeBlocks[m + 4]);
            t.addItem(base + 2, base + 2, nodeBlocks[m + 5]);
        }
        final double[] block = fullBlocks;
        final int[] position = layout.position();
        final int[] ia = layout.dofA();
        final int[] ib = layout.dofB();
        for (int sp = 0; sp < layout.springCount(); sp++) {
            int k = position[sp];
            int da = ia[k];
            int db = ib[k];
            if (da < 0 || db < 0) {
                continue;
            }
            int row = Math.min(da, db);
            int col = Math.max(da, db);
            springBlock(sp, block, 0);
            for (int r = 0; r < 3; r++) {
                for (int c = 0; c < 3; c++) {
                    t.addItem(row + r, col + c, -block[3 * r + c]);
                }
            }
        }
    }

    /** The number of triplets {@link #addUpperTriangleTo} appends. */
    public int upperTriangleEntries() {
        final int[] ia = layout.dofA();
        final int[] ib = layout.dofB();
        int both = 0;
        for (int k = 0; k < layout.springCount(); k++) {
            if (ia[k] >= 0 && ib[k] >= 0) {
                both++;
            }
        }
        return 6 * diag.length + 9 * both;
    }

    /** Copies the free DOFs of a full {@code 3n} array into a free-DOF array. */
    public void gather(double[] full, double[] free) {
        layout.gather(full, free);
    }

    /**
     * Adopts the system's sizes and pins (done by {@link #assemble} too), so that
     * {@link #dimension()} is known before assembling; a change of pattern bumps
     * {@link #pattern()}.
     *
     * @return the dimension, 3 × (number of free particles)
     */
    public int prepare(MassSpringSystem s) {
        return prepare(s, null);
    }

    /** Writes which particles the pattern has pinned (a contact's held ones too) into bit i of {@code mask[i/64]}. */
    public void pinnedMask(long[] mask) {
        layout.pinnedMask(mask);
    }

    /**
     * Lays the pattern out for the pins of a saved {@link #pinnedMask} ({@code mask}; null: the
     * system's), as when the state was saved.
     *
     * @return the dimension
     */
    public int prepare(MassSpringSystem s, long[] mask) {
        if (layout.refresh(s, mask)) {
            int free = layout.nodes();
            diag = new double[free];
            nodeBlocks = new double[6 * free];
            fullBlocks = new double[9];
            if (geo.length != 4 * layout.springCount()) {
                geo = new double[4 * layout.springCount()];
            }
            Arrays.fill(geo, 0);
        }
        return layout.dimension();
    }
}
