package dev.hooke.core.integrate;

import dev.hooke.core.force.Forces;
import dev.hooke.core.force.SpringGeometry;
import dev.hooke.core.force.WindForce;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.solve.FillReducingOrdering;
import dev.hooke.core.solve.PrefactoredCholesky;
import java.util.Arrays;
import org.ejml.data.DMatrixSparseCSC;
import org.ejml.data.DMatrixSparseTriplet;
import org.ejml.data.IGrowArray;
import org.ejml.ops.DConvertMatrixStruct;
import org.ejml.sparse.csc.CommonOps_DSCC;

/**
 * Backward Euler solved by Liu et al.'s local/global iteration (T. Liu, A. W. Bargteil,
 * J. F. O'Brien, L. Kavan, "Fast Simulation of Mass-Spring Systems", ACM TOG 32(6), 2013, §4).
 *
 * <h2>The step as a minimisation</h2>
 * Backward Euler's step, M (x − xⁿ − h vⁿ) = h² (F_springs(x) + M g) − h c (x − xⁿ) with
 * v = (x − xⁿ)/h, is the minimiser of
 * <pre>
 *   ½ (x − y)ᵀ M (x − y) + ½ h c |x − xⁿ|² + h² Σ_s ½ k_s (|x_b − x_a| − L_s)² − h² Σ_i m_i g · x_i
 * </pre>
 * with y = xⁿ + h vⁿ. Liu et al.'s observation: ½ k (|x_b − x_a| − L)² = min over |d| = L of
 * ½ k |x_b − x_a − d|², so with the spring vectors d_s as extra unknowns the objective is
 * quadratic in x. Block coordinate descent alternates:
 * <pre>
 *   local:  d_s = L_s (x_b − x_a) / |x_b − x_a|                 (each spring projected to its rest length)
 *   global: (M + h c I + h² Lₖ) x = M y + h c xⁿ + h² J d + h² M g
 * </pre>
 * where (Lₖ x)_a = Σ_{s at a} k_s (x_a − x_other) is the stiffness-weighted graph Laplacian and
 * (J d)_a = Σ_s k_s (±d_s), + at the spring's end b and − at its end a. Each half-step lowers the
 * objective, so the iteration converges (linearly) to backward Euler's step, the same step
 * {@link BackwardEuler} takes with Newton's method; the first guess is x = y. A spring shorter than
 * {@link Forces#MIN_LENGTH} has no direction: d_s = x_b − x_a, no force, as in {@link Forces}.
 *
 * <h2>The constant matrix</h2>
 * A = M + h c I + h² Lₖ depends on h, c, the masses, k_s, the pins and the mesh, but not on the
 * state: it is factorised once by sparse Cholesky ({@link PrefactoredCholesky}, EJML's up-looking
 * Cholesky) and each iteration costs two triangular solves. A acts on each coordinate
 * separately (it is A₁ ⊗ I₃), so the scalar n_free × n_free matrix A₁ is factorised and the x, y
 * and z columns solved with it, all three in one pass over its factor
 * ({@link PrefactoredCholesky#solveInterleaved}): a third of the size and a ninth of the entries
 * of the 3n_free system. The rows are ordered to reduce fill, by nested dissection
 * ({@link FillReducingOrdering#NESTED_DISSECTION}, the default) or reverse Cuthill–McKee. Measured
 * on the default cloths (corners pinned; structural, shear and bend springs): entries of L for the
 * natural order (particles row by row), for reverse Cuthill–McKee and for nested dissection.
 * <table>
 *   <caption>nnz(L) of the scalar matrix A₁, diagonal included</caption>
 *   <tr><th>cloth</th><th>free particles</th><th>nnz of A₁'s upper triangle</th><th>natural</th>
 *       <th>RCM</th><th>nested dissection</th></tr>
 *   <tr><td>32×32</td><td>1 022</td><td>6 838</td><td>63 447</td><td>45 452</td><td>38 503</td></tr>
 *   <tr><td>64×64</td><td>4 094</td><td>28 022</td><td></td><td>357 148</td><td>214 536</td></tr>
 *   <tr><td>100×100</td><td>9 998</td><td>68 990</td><td>1 979 891</td><td>1 352 446</td><td>628 315</td></tr>
 *   <tr><td>128×128</td><td>16 382</td><td>113 398</td><td></td><td>2 827 836</td><td>1 119 229</td></tr>
 * </table>
 * Row-by-row numbering is already banded (a band of two rows, from the bend springs), and RCM's
 * breadth-first levels only shorten the band near the corners: the fill of a band grows as
 * n^{3/2}, that of nested dissection as n log n (George 1973). A back-substitution reads each
 * entry of L twice (forward and backward), so its time follows nnz(L).
 *
 * <h2>Refactorisation</h2>
 * The system's {@link MassSpringSystem#revision()} changes at every step, so it cannot tell when A
 * changed. The integrator keeps its own fingerprint, copies of everything A is made of: h, c, the
 * system (and so its mesh), the masses, k_s of every spring and the pins. Before each step it
 * compares them (O(n + m), no allocation) and refactorises only when one differs; rest lengths,
 * gravity and k_d do not enter A. {@link #factorizations()} counts the factorisations. The
 * ordering is computed anew only when A's sparsity changes (another system, a pin, including a
 * contact holding a particle, or a spring's k_s going to or from 0, as when it tears;
 * {@link #orderings()}); a slider's k_s, m, c or Δt refactorises with the ordering it has.
 *
 * <h2>Pins, damping</h2>
 * Pinned particles are not unknowns: their rows are removed and a spring to a pinned particle p
 * adds h² k_s to its free end's diagonal and h² k_s x_p to its right-hand side. Air damping c is
 * exactly backward Euler's (it is in A). The axial spring damping k_d is not modelled: its matrix
 * k_d n nᵀ turns with every spring, so A would have to be refactorised at every step, the very
 * cost the method avoids, and an explicit treatment would bring back a step limit; the method's
 * own damping (backward Euler's, energy ×1/(1 + h²ω²) per step on a linear spring) remains.
 *
 * <p>No step limit: each local and global half-step lowers the objective, so however few the
 * iterations, the step lands lower in it than the inertial guess y does (Liu et al. §4). On the
 * default chain it settles calmly even at Δt = 20 s, where backward Euler's single linearised
 * Newton step is far off. Nothing allocates after the first step with a given fingerprint.
 */
public final class FastMassSpring extends ProjectionBase {

    private final PrefactoredCholesky cholesky = new PrefactoredCholesky();
    private final FillReducingOrdering fillReducing;
    private int factorizations;
    private int orderings;
    private long substitutionNanos;
    private long factorNanos;

    // the fingerprint
    private MassSpringSystem seen;
    private double seenH = Double.NaN;
    private double seenC = Double.NaN;
    private double[] seenMass = new double[0];
    private double[] seenK = new double[0];
    private boolean[] seenPinned = new boolean[0];

    // the free nodes
    private int[] node = new int[0];
    private int[] particleOfNode = new int[0];
    private int[] ordering = new int[0];
    private DMatrixSparseCSC matrix;

    // workspaces
    private double[] start = new double[0];
    private double[] base = new double[0];
    private double[] rhs = new double[0];
    /** 3 × the free node of each spring's end a (b), −1 for a pinned end. */
    private int[] freeA = new int[0];
    private int[] freeB = new int[0];
    /** h² k_s of each spring. */
    private double[] weight = new double[0];

    /** The integrator with {@link FillReducingOrdering#NESTED_DISSECTION}. */
    public FastMassSpring() {
        this(FillReducingOrdering.NESTED_DISSECTION);
    }

    /** The integrator with the given fill-reducing ordering of its factorisation. */
    public FastMassSpring(FillReducingOrdering fillReducing) {
        this.fillReducing = java.util.Objects.requireNonNull(fillReducing, "fillReducing");
    }

    /** The fill-reducing ordering of the factorisation. */
    public FillReducingOrdering fillReducing() {
        return fillReducing;
    }

    /**
     * How many times the free particles were numbered and ordered: on the first step, and when
     * the system, a pin or the set of springs with k_s = 0 changes (a change of values alone
     * refactorises with the same ordering).
     */
    public int orderings() {
        return orderings;
    }

    /** The time the last step spent in back-substitutions, all iterations together; in s (wall clock). */
    public double lastSubstitutionSeconds() {
        return substitutionNanos * 1e-9;
    }

    /** The time the last factorisation took, with the ordering when it was made anew; in s (wall clock). */
    public double lastFactorSeconds() {
        return factorNanos * 1e-9;
    }

    @Override
    public IntegratorKind kind() {
        return IntegratorKind.FAST_MASS_SPRING;
    }

    /** How many times A has been factorised. */
    public int factorizations() {
        return factorizations;
    }

    /** The entries of the Cholesky factor L of A₁ (diagonal included), 0 before the first step. */
    public int factorNonZeros() {
        return cholesky.factorNonZeros();
    }

    /**
     * The upper triangle of the scalar matrix A₁ = M + h c I + h² Lₖ on the free particles, as
     * last factorised (rows in free-particle order, not permuted); null before the first step.
     */
    public DMatrixSparseCSC systemMatrix() {
        return matrix;
    }

    /** The fill-reducing ordering of the last factorisation ({@code order[k]}: the free node at position k). */
    public int[] ordering() {
        return ordering.clone();
    }

    /** The particle of free node j. */
    public int particleOfNode(int j) {
        return particleOfNode[j];
    }

    @Override
    void advance(MassSpringSystem s, double h) {
        if (changed(s, h)) {
            refactor(s, h);
        }
        final int n = s.particleCount();
        final int nf = particleOfNode.length;
        final double[] x = s.x;
        final double[] v = s.v;
        final double[] mass = s.massArray();
        final int[] sa = s.springAArray();
        final int[] sb = s.springBArray();
        final double[] rest = s.restLengthArray();
        final double[] ks = s.stiffnessArray();
        final int m = s.springCount();
        final double c = s.airDamping();
        final double h2 = h * h;
        System.arraycopy(x, 0, start, 0, 3 * n);

        // the wind at the start, F_w(xⁿ, vⁿ), an external force like gravity (s.f is scratch)
        final boolean windy = s.wind() != null;
        if (windy) {
            Arrays.fill(s.f, 0);
            WindForce.addForces(s.wind(), s, x, v, s.f);
        }
        // constant right-hand side: M y + h c xⁿ + h² (M g + F_w) + h² k_s x_p for springs to pinned particles
        for (int j = 0; j < nf; j++) {
            int p = 3 * particleOfNode[j];
            double mj = mass[particleOfNode[j]];
            for (int k = 0; k < 3; k++) {
                double y = start[p + k] + h * v[p + k];
                double pull = mj * s.gravity(k) + (windy ? s.f[p + k] : 0);
                base[3 * j + k] = mj * y + h * c * start[p + k] + h2 * pull;
                x[p + k] = y;
            }
        }
        for (int sp = 0; sp < m; sp++) {
            double k = ks[sp];
            if (k == 0) {
                continue;
            }
            int ja = node[sa[sp]];
            int jb = node[sb[sp]];
            if (ja >= 0 && jb < 0) {
                int p = 3 * sb[sp];
                base[3 * ja] += h2 * k * x[p];
                base[3 * ja + 1] += h2 * k * x[p + 1];
                base[3 * ja + 2] += h2 * k * x[p + 2];
            } else if (jb >= 0 && ja < 0) {
                int p = 3 * sa[sp];
                base[3 * jb] += h2 * k * x[p];
                base[3 * jb + 1] += h2 * k * x[p + 1];
                base[3 * jb + 2] += h2 * k * x[p + 2];
            }
        }

        double lastSq = 0;
        long substitution = 0;
        final int[] fa = freeA;
        final int[] fb = freeB;
        final double[] w = weight;
        for (int it = 0; it < iterations; it++) {
            // local and global in one pass over the springs (x does not change until the solve):
            // d_s = L_s (x_b − x_a)/|x_b − x_a|, then A x = base + h² J d
            System.arraycopy(base, 0, rhs, 0, 3 * nf);
            for (int sp = 0; sp < m; sp++) {
                if (ks[sp] == 0) {
                    continue;
                }
                int a = 3 * sa[sp];
                int b = 3 * sb[sp];
                double dx = x[b] - x[a];
                double dy = x[b + 1] - x[a + 1];
                double dz = x[b + 2] - x[a + 2];
                double l = Math.sqrt(dx * dx + dy * dy + dz * dz);
                if (l >= SpringGeometry.MIN_LENGTH) {
                    double f = rest[sp] / l;
                    dx *= f;
                    dy *= f;
                    dz *= f;
                }
                double wk = w[sp];
                int ja = fa[sp];
                int jb = fb[sp];
                if (ja >= 0) {
                    rhs[ja] -= wk * dx;
                    rhs[ja + 1] -= wk * dy;
                    rhs[ja + 2] -= wk * dz;
                }
                if (jb >= 0) {
                    rhs[jb] += wk * dx;
                    rhs[jb + 1] += wk * dy;
                    rhs[jb + 2] += wk * dz;
                }
            }
            long t0 = System.nanoTime();
            cholesky.solveInterleaved(rhs);
            substitution += System.nanoTime() - t0;
            boolean last = it == iterations - 1;
            for (int j = 0; j < nf; j++) {
                int p = 3 * particleOfNode[j];
                for (int k = 0; k < 3; k++) {
                    if (last) {
                        double dxk = rhs[3 * j + k] - x[p + k];
                        lastSq += dxk * dxk;
                    }
                    x[p + k] = rhs[3 * j + k];
                }
            }
        }
        final double inv = 1.0 / h;
        for (int j = 0; j < nf; j++) {
            int p = 3 * particleOfNode[j];
            for (int k = 0; k < 3; k++) {
                v[p + k] = (x[p + k] - start[p + k]) * inv;
            }
        }
        substitutionNanos = substitution;
        stats.iterations = iterations;
        stats.measureStrain(s);
        stats.lastCorrection = nf == 0 ? 0 : Math.sqrt(lastSq / nf);
        s.touch();
    }

    /** Whether A must be rebuilt: compares the fingerprint with the system and h. */
    private boolean changed(MassSpringSystem s, double h) {
        if (s != seen || h != seenH || s.airDamping() != seenC) {
            return true;
        }
        if (!Arrays.equals(s.massArray(), seenMass) || !Arrays.equals(s.stiffnessArray(), seenK)) {
            return true;
        }
        for (int i = 0; i < seenPinned.length; i++) {
            if (s.isPinned(i) != seenPinned[i]) {
                return true;
            }
        }
        return false;
    }

    /** Whether the sparsity of A changed since the last factorisation: another system, a pin, or a k_s to or from 0. */
    private boolean structureChanged(MassSpringSystem s) {
        if (s != seen || seenPinned.length != s.particleCount() || seenK.length != s.springCount()) {
            return true;
        }
        for (int i = 0; i < seenPinned.length; i++) {
            if (s.isPinned(i) != seenPinned[i]) {
                return true;
            }
        }
        final double[] ks = s.stiffnessArray();
        for (int sp = 0; sp < seenK.length; sp++) {
            if ((ks[sp] == 0) != (seenK[sp] == 0)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Takes the fingerprint, assembles A₁ and factorises it; when its sparsity changed, numbers
     * the free particles and orders them first. The ordering depends on the sparsity alone, so a
     * refactorisation with the old ordering is the factorisation a fresh integrator makes.
     */
    private void refactor(MassSpringSystem s, double h) {
        final long t0 = System.nanoTime();
        final int n = s.particleCount();
        final int m = s.springCount();
        final boolean renumber = structureChanged(s);
        seen = s;
        seenH = h;
        seenC = s.airDamping();
        seenMass = s.massArray().clone();
        seenK = s.stiffnessArray().clone();
        if (renumber) {
            seenPinned = new boolean[n];
            node = new int[n];
            int nf = 0;
            for (int i = 0; i < n; i++) {
                seenPinned[i] = s.isPinned(i);
                node[i] = seenPinned[i] ? -1 : nf++;
            }
            particleOfNode = new int[nf];
            for (int i = 0; i < n; i++) {
                if (node[i] >= 0) {
                    particleOfNode[node[i]] = i;
                }
            }
            start = new double[3 * n];
            base = new double[3 * nf];
            rhs = new double[3 * nf];
            freeA = new int[m];
            freeB = new int[m];
            weight = new double[m];
            for (int sp = 0; sp < m; sp++) {
                int ja = node[s.springA(sp)];
                int jb = node[s.springB(sp)];
                freeA[sp] = ja < 0 ? -1 : 3 * ja;
                freeB[sp] = jb < 0 ? -1 : 3 * jb;
            }
        }
        for (int sp = 0; sp < m; sp++) {
            weight[sp] = h * h * s.stiffness(sp);
        }
        matrix = assemble(s, h, node, particleOfNode.length);
        if (renumber) {
            ordering = fillReducing.order(matrix);
            orderings++;
        }
        if (!cholesky.factor(matrix, ordering)) {
            // A = M + h c I + h² Lₖ with M > 0 and Lₖ ⪰ 0 is positive definite whenever the inputs are finite
            throw new IllegalStateException("the fast mass-spring matrix is not positive definite (non-finite h, mass or k_s?)");
        }
        factorizations++;
        factorNanos = System.nanoTime() - t0;
    }

    /**
     * The upper triangle of A₁ = M + h c I + h² Lₖ over the free particles: diagonal
     * m_j + h c + h² Σ_{springs at j} k_s, off-diagonal −h² k_s for a spring between two free
     * particles (summed over springs joining the same pair).
     */
    static DMatrixSparseCSC assemble(MassSpringSystem s, double h, int[] node, int nf) {
        final double h2 = h * h;
        final double c = s.airDamping();
        double[] diag = new double[nf];
        for (int i = 0; i < s.particleCount(); i++) {
            if (node[i] >= 0) {
                diag[node[i]] = s.mass(i) + h * c;
            }
        }
        DMatrixSparseTriplet t = new DMatrixSparseTriplet(nf, nf, nf + s.springCount());
        for (int sp = 0; sp < s.springCount(); sp++) {
            double k = s.stiffness(sp);
            if (k == 0) {
                continue;
            }
            int ja = node[s.springA(sp)];
            int jb = node[s.springB(sp)];
            if (ja >= 0) {
                diag[ja] += h2 * k;
            }
            if (jb >= 0) {
                diag[jb] += h2 * k;
            }
            if (ja >= 0 && jb >= 0) {
                t.addItem(Math.min(ja, jb), Math.max(ja, jb), -h2 * k);
            }
        }
        for (int j = 0; j < nf; j++) {
            t.addItem(j, j, diag[j]);
        }
        DMatrixSparseCSC a = new DMatrixSparseCSC(nf, nf, 0);
        IGrowArray work = new IGrowArray();
        DConvertMatrixStruct.convert(t, a, work);
        CommonOps_DSCC.duplicatesAdd(a, work);
        return a;
    }
}
