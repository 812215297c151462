package dev.hooke.core.solve;

import dev.hooke.core.force.Forces;
import dev.hooke.core.model.MassSpringSystem;
import java.util.Arrays;
import org.ejml.data.DMatrixSparseTriplet;

/**
 * The matrix of an implicit step, assembled as 3×3 blocks on the free degrees of freedom:
 * <pre>
 *   A = M − τ ∂F/∂v − τ² ∂F/∂x = M + τ c I + Σ_springs Gᵀ S_s G,     S_s = τ D_s + τ² K_s
 * </pre>
 * with K_s and D_s from {@link SpringJacobian} (K_s clamped or not), c the air damping and G the
 * spring's difference operator (u_a − u_b). τ is the step of the backward-Euler equation being
 * solved: h for backward Euler, h/2 for implicit midpoint. The non-symmetric damping term E_s is
 * left out, as in Baraff &amp; Witkin 1998, so A is symmetric (erratum 6 of the seeds: the seed's
 * M⁻¹-on-the-left form is not). With the clamp every S_s is positive semidefinite, so A is
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
 * Flat arrays, created when the pattern (sizes, pins) changes and reused:
 * <ul>
 *   <li>{@code diag[j]} = m_j + τ c for free node j (a multiple of I);</li>
 *   <li>{@code blocks[9 s .. 9 s + 8]} = S_s, row-major, one block per spring;</li>
 *   <li>{@code dofA[s]}, {@code dofB[s]}: the first DOF of each end, −1 when pinned.</li>
 * </ul>
 * The product y = A u is
 * <pre>
 *   y_j = diag_j u_j;   for each spring: w = S_s (u_a − u_b),  y_a += w,  y_b −= w
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
 * and are the very blocks the Jacobian checks compare.
 * The blocks are needed anyway: the block-Jacobi preconditioner sums them into the diagonal
 * blocks, and the direct solver turns them into triplets ({@link #addUpperTriangleTo}).
 *
 * <p>Nothing allocates after the first assembly of a given pattern.
 */
public final class SystemMatrix {

    private MassSpringSystem seen;
    private int particleCount = -1;
    private int springCount = -1;
    private int[] dof = new int[0];
    private int[] particleOfNode = new int[0];
    private int dim;
    private int[] dofA = new int[0];
    private int[] dofB = new int[0];
    private double[] diag = new double[0];
    private double[] blocks = new double[0];
    private double[] nodeBlocks = new double[0];
    private final double[] k = new double[9];
    private long pattern;
    private double tau = Double.NaN;
    private boolean clamp = true;

    /** The number of unknowns, 3 × (number of free particles). */
    public int dimension() {
        return dim;
    }

    /** The first free DOF of particle i, or −1 when it is pinned. */
    public int dof(int particle) {
        return dof[particle];
    }

    /** The particle of free node j (the DOFs 3j .. 3j+2). */
    public int particleOfNode(int node) {
        return particleOfNode[node];
    }

    /**
     * A counter that changes whenever the sparsity pattern changes (sizes or pins); a direct
     * solver keeps its symbolic analysis while it stays the same.
     */
    public long pattern() {
        return pattern;
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
        prepare(s);
        this.tau = tauS;
        this.clamp = clampK;
        final double[] mass = s.massArray();
        final double c = s.airDamping();
        for (int j = 0; j < diag.length; j++) {
            diag[j] = mass[particleOfNode[j]] + tauS * c;
        }
        if (kvOut != null) {
            Arrays.fill(kvOut, 0, dim, 0);
        }
        final int[] sa = s.springAArray();
        final int[] sb = s.springBArray();
        final double[] rest = s.restLengthArray();
        final double[] ks = s.stiffnessArray();
        final double[] kd = s.springDampingArray();
        final double tau2 = tauS * tauS;
        for (int sp = 0; sp < springCount; sp++) {
            int o = 9 * sp;
            int da = dofA[sp];
            int db = dofB[sp];
            if (da < 0 && db < 0) {
                continue;
            }
            int a = 3 * sa[sp];
            int b = 3 * sb[sp];
            double dx = x[b] - x[a];
            double dy = x[b + 1] - x[a + 1];
            double dz = x[b + 2] - x[a + 2];
            double l = Math.sqrt(dx * dx + dy * dy + dz * dz);
            SpringJacobian.stiffnessBlock(ks[sp], rest[sp], dx, dy, dz, clampK, k, 0);
            if (kvOut != null) {
                double ux = 0;
                double uy = 0;
                double uz = 0;
                if (da >= 0) {
                    ux += v[a];
                    uy += v[a + 1];
                    uz += v[a + 2];
                }
                if (db >= 0) {
                    ux -= v[b];
                    uy -= v[b + 1];
                    uz -= v[b + 2];
                }
                double wx = k[0] * ux + k[1] * uy + k[2] * uz;
                double wy = k[3] * ux + k[4] * uy + k[5] * uz;
                double wz = k[6] * ux + k[7] * uy + k[8] * uz;
                if (da >= 0) {
                    kvOut[da] += wx;
                    kvOut[da + 1] += wy;
                    kvOut[da + 2] += wz;
                }
                if (db >= 0) {
                    kvOut[db] -= wx;
                    kvOut[db + 1] -= wy;
                    kvOut[db + 2] -= wz;
                }
            }
            double damp = l < Forces.MIN_LENGTH ? 0 : tauS * kd[sp] / (l * l);
            for (int r = 0; r < 3; r++) {
                double dr = r == 0 ? dx : r == 1 ? dy : dz;
                for (int q = r; q < 3; q++) {
                    double dq = q == 0 ? dx : q == 1 ? dy : dz;
                    double value = tau2 * k[3 * r + q] + damp * dr * dq;
                    blocks[o + 3 * r + q] = value;
                    blocks[o + 3 * q + r] = value;
                }
            }
        }
    }

    /** y = A u on the free DOFs (both of length {@link #dimension()} at least). */
    public void multiply(double[] u, double[] y) {
        for (int j = 0, q = 0; j < diag.length; j++, q += 3) {
            double d = diag[j];
            y[q] = d * u[q];
            y[q + 1] = d * u[q + 1];
            y[q + 2] = d * u[q + 2];
        }
        final double[] bl = blocks;
        for (int sp = 0; sp < springCount; sp++) {
            int da = dofA[sp];
            int db = dofB[sp];
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
            int o = 9 * sp;
            double wx = bl[o] * ux + bl[o + 1] * uy + bl[o + 2] * uz;
            double wy = bl[o + 3] * ux + bl[o + 4] * uy + bl[o + 5] * uz;
            double wz = bl[o + 6] * ux + bl[o + 7] * uy + bl[o + 8] * uz;
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

    /**
     * Writes the 3×3 diagonal blocks A_jj = (m_j + τc) I + Σ_{springs at j} S_s, row-major, 9 per
     * free node: {@code out[9j .. 9j+8]} (length at least 3·{@link #dimension()}).
     */
    public void diagonalBlocks(double[] out) {
        int nodes = diag.length;
        Arrays.fill(out, 0, 9 * nodes, 0);
        for (int j = 0; j < nodes; j++) {
            out[9 * j] = diag[j];
            out[9 * j + 4] = diag[j];
            out[9 * j + 8] = diag[j];
        }
        for (int sp = 0; sp < springCount; sp++) {
            int da = dofA[sp];
            int db = dofB[sp];
            int o = 9 * sp;
            if (da >= 0) {
                int t = 3 * da;
                for (int q = 0; q < 9; q++) {
                    out[t + q] += blocks[o + q];
                }
            }
            if (db >= 0) {
                int t = 3 * db;
                for (int q = 0; q < 9; q++) {
                    out[t + q] += blocks[o + q];
                }
            }
        }
    }

    /** Copies S_s = τ D_s + τ² K_s of spring sp (row-major, 9 values) into out at off. */
    public void springBlock(int sp, double[] out, int off) {
        System.arraycopy(blocks, 9 * sp, out, off, 9);
    }

    /**
     * Appends the entries A(r, c) with r ≤ c (the upper triangle, which a Cholesky factorisation
     * reads) to a triplet matrix, always in the same order and including explicit zeros, so that
     * the sparsity pattern depends only on {@link #pattern()}. Off-diagonal blocks of different
     * springs joining the same two particles appear as duplicates, to be summed after conversion
     * ({@code CommonOps_DSCC.duplicatesAdd}).
     */
    public void addUpperTriangleTo(DMatrixSparseTriplet t) {
        diagonalBlocks(nodeBlocks);
        int nodes = diag.length;
        for (int j = 0; j < nodes; j++) {
            int base = 3 * j;
            for (int r = 0; r < 3; r++) {
                for (int c = r; c < 3; c++) {
                    t.addItem(base + r, base + c, nodeBlocks[9 * j + 3 * r + c]);
                }
            }
        }
        for (int sp = 0; sp < springCount; sp++) {
            int da = dofA[sp];
            int db = dofB[sp];
            if (da < 0 || db < 0) {
                continue;
            }
            int row = Math.min(da, db);
            int col = Math.max(da, db);
            int o = 9 * sp;
            for (int r = 0; r < 3; r++) {
                for (int c = 0; c < 3; c++) {
                    t.addItem(row + r, col + c, -blocks[o + 3 * r + c]);
                }
            }
        }
    }

    /** The number of triplets {@link #addUpperTriangleTo} appends. */
    public int upperTriangleEntries() {
        int both = 0;
        for (int sp = 0; sp < springCount; sp++) {
            if (dofA[sp] >= 0 && dofB[sp] >= 0) {
                both++;
            }
        }
        return 6 * diag.length + 9 * both;
    }

    /** Copies the free DOFs of a full {@code 3n} array into a free-DOF array. */
    public void gather(double[] full, double[] free) {
        for (int j = 0, q = 0; j < particleOfNode.length; j++, q += 3) {
            int p = 3 * particleOfNode[j];
            free[q] = full[p];
            free[q + 1] = full[p + 1];
            free[q + 2] = full[p + 2];
        }
    }

    /**
     * Adopts the system's sizes and pins (done by {@link #assemble} too), so that
     * {@link #dimension()} is known before assembling; a change of pattern bumps
     * {@link #pattern()}.
     *
     * @return the dimension, 3 × (number of free particles)
     */
    public int prepare(MassSpringSystem s) {
        refreshPattern(s);
        return dim;
    }

    private void refreshPattern(MassSpringSystem s) {
        int n = s.particleCount();
        boolean same = s == seen && n == particleCount && s.springCount() == springCount;
        if (same) {
            for (int i = 0; i < n; i++) {
                if ((dof[i] < 0) != s.isPinned(i)) {
                    same = false;
                    break;
                }
            }
        }
        if (same) {
            return;
        }
        seen = s;
        particleCount = n;
        springCount = s.springCount();
        if (dof.length != n) {
            dof = new int[n];
        }
        int free = 0;
        for (int i = 0; i < n; i++) {
            dof[i] = s.isPinned(i) ? -1 : 3 * free++;
        }
        dim = 3 * free;
        particleOfNode = new int[free];
        for (int i = 0; i < n; i++) {
            if (dof[i] >= 0) {
                particleOfNode[dof[i] / 3] = i;
            }
        }
        diag = new double[free];
        nodeBlocks = new double[9 * free];
        if (dofA.length != springCount) {
            dofA = new int[springCount];
            dofB = new int[springCount];
            blocks = new double[9 * springCount];
        }
        for (int sp = 0; sp < springCount; sp++) {
            dofA[sp] = dof[s.springA(sp)];
            dofB[sp] = dof[s.springB(sp)];
        }
        Arrays.fill(blocks, 0);
        pattern++;
    }
}
