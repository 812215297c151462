package dev.hooke.core.solve;

import dev.hooke.core.model.StateRecord;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A multilevel preconditioner: one symmetric V-cycle of smoothed-aggregation multigrid per
 * application (Vaněk, Mandel &amp; Brezina, Computing 56, 1996; Tamstorf, Jones &amp; McCormick,
 * "Smoothed aggregation multigrid for cloth simulation", ACM TOG 34(6), 2015; the V-cycle as a
 * preconditioner for CG: Trottenberg, Oosterlee &amp; Schüller, "Multigrid", 2001, §7.8). With
 * levels 0 (the system's matrix A), 1, …, L (the coarsest), prolongators P_ℓ from level ℓ−1 to ℓ
 * and Galerkin matrices A_ℓ = P_ℓᵀ A_{ℓ−1} P_ℓ ({@link CoarseLevel}), z = P⁻¹ r = V(0, r) with
 * <pre>
 *   V(ℓ, b):  ℓ = L:  x = A_L⁻¹ b                                  (band Cholesky)
 *             else:   x = (D_ℓ + L_ℓ)⁻¹ b                          (pre-smoothing from 0)
 *                     x ← x + P_{ℓ+1} V(ℓ+1, P_{ℓ+1}ᵀ (b − A_ℓ x))   (coarse correction)
 *                     x ← x + (D_ℓ + L_ℓᵀ)⁻¹ (b − A_ℓ x)             (post-smoothing)
 * </pre>
 * D_ℓ + L_ℓ is a forward block Gauss–Seidel sweep in 3×3 blocks, D_ℓ + L_ℓᵀ the backward one, its
 * transpose: on level 0 those of SSOR's splitting with ω = 1, in its numbering
 * ({@link SplittingSweeps}), on coarser levels those of {@link BlockRows}. The cycle is
 * symmetric, and positive definite whenever each M + Mᵀ − A_ℓ = D_ℓ is and each coarse matrix is:
 * the coarse term is then positive semidefinite whatever matrix it was formed from (Vassilevski,
 * "Multilevel Block Factorization Preconditioners", 2008, §5.1). So the hierarchy (prolongators,
 * coarse matrices) may lag A while the smoother on level 0 follows it, and CG stays valid.
 *
 * <h2>What is rebuilt when</h2>
 * <ul>
 *   <li>the aggregates and every pattern, when the sparsity pattern of A changes (from the strong
 *       couplings of A at that update, θ = {@value #DEFAULT_THETA} on level 0, halved per level);</li>
 *   <li>the prolongators' values and the coarse matrices, every {@link #refreshInterval()} updates
 *       (from A at that update); with the strong couplings they are part of {@link #saveState};</li>
 *   <li>the level-0 sweeps, at every update (SSOR's copy of the spring blocks).</li>
 * </ul>
 * Measured on the benchmark's 100 × 100 cloth (steps 10–130 from rest, then 600–720): CG needs
 * 5.18, 5.18, 5.22 and 5.26 iterations per step moving, 4.00, 4.00, 3.99 and 3.98 hanging, with the
 * hierarchy refreshed every 1, 4, 8 and 16 updates; a refresh costs about 4.7 ms (about 16 products
 * with A), so it is refreshed every {@value #DEFAULT_REFRESH_INTERVAL}.
 *
 * <h2>Cost</h2>
 * On level 0 the cycle visits every spring four times (the forward sweep, the residual after it,
 * the backward sweep twice over), about the work of four products with A; plus the restriction and
 * prolongation (a pass over P's scalars each), the coarse levels (levels 1–3 of the 100 × 100 cloth
 * hold about 1 650, 190 and 22 aggregates) and two renumberings. On that cloth about 1.5 ms against
 * 0.28 ms for a product (docs/performance.md).
 *
 * <p>{@link #apply} clears z (the cycle has no block-diagonal part that ranges could take); the
 * whole cycle runs in {@link #correct}, on the calling thread. Nothing allocates while the pattern
 * stays the same.
 */
final class MultilevelPreconditioner implements Preconditioner {

    /** The default number of updates a hierarchy is kept for. */
    static final int DEFAULT_REFRESH_INTERVAL = 8;
    /** θ on the system's level: a coupling is strong when |a_ik| ≥ θ √(a_ii a_kk); halved per level (Vaněk et al.). */
    static final double DEFAULT_THETA = 0.08;
    /** Levels with at most this many nodes are solved directly. */
    static final int COARSEST_NODES = 100;
    /** The most coarse levels. */
    static final int MAX_LEVELS = 8;

    private final SplittingSweeps sweeps = new SplittingSweeps();
    private final int refreshInterval;
    private final double theta;
    private SystemMatrix seen;
    private long pattern = -1;
    private int sinceRefresh;
    private int nodes;

    /** Level 0 in block rows, in the splitting's numbering (values refreshed with the hierarchy, for the Galerkin products). */
    private BlockRows fine;
    private int[] rank = new int[0];
    private int[] springEntryAb = new int[0];
    private int[] springEntryBa = new int[0];
    private final List<CoarseLevel> levels = new ArrayList<>();

    // level-0 work, length 3N, in the splitting's numbering
    private double[] in = new double[0];
    private double[] x = new double[0];
    private double[] res = new double[0];
    // per coarse level: right-hand side, solution, residual
    private double[][] rhs = new double[0][];
    private double[][] sol = new double[0][];
    private double[][] work = new double[0][];

    MultilevelPreconditioner() {
        this(DEFAULT_THETA, DEFAULT_REFRESH_INTERVAL);
    }

    /**
     * @param theta           θ on the system's level, ≥ 0 (0: every coupling is strong)
     * @param refreshInterval the updates a hierarchy is used for, ≥ 1
     */
    MultilevelPreconditioner(double theta, int refreshInterval) {
        if (refreshInterval < 1 || !(theta >= 0)) {
            throw new IllegalArgumentException("refresh interval must be at least 1 and θ at least 0");
        }
        this.theta = theta;
        this.refreshInterval = refreshInterval;
    }

    @Override
    public PreconditionerKind kind() {
        return PreconditionerKind.MULTILEVEL;
    }

    /** The updates a hierarchy is used for. */
    int refreshInterval() {
        return refreshInterval;
    }

    /** The number of levels, the system's own included (1 before the first update). */
    int levels() {
        return levels.size() + 1;
    }

    /** The number of nodes of level ℓ (0: the free particles). */
    int nodes(int level) {
        return level == 0 ? nodes : levels.get(level - 1).nodes;
    }

    @Override
    public void update(SystemMatrix a) {
        sweeps.update(a);
        if (a != seen || a.pattern() != pattern) {
            build(a, null);
            sinceRefresh = 0;
            return;
        }
        if (++sinceRefresh >= refreshInterval) {
            sinceRefresh = 0;
            refresh(a);
        }
    }

    /**
     * The level-0 pattern in block rows, the levels' aggregates and patterns (from A's present
     * values, or from the strong couplings {@code masks} found before), their values, the work arrays.
     */
    private void build(SystemMatrix a, long[][] masks) {
        seen = a;
        pattern = a.pattern();
        int n = a.dimension();
        nodes = n / 3;
        levels.clear();
        sweeps.prepare(a);
        int[] perm = sweeps.splitting().permutation();
        rank = new int[nodes];
        for (int i = 0; i < nodes; i++) {
            rank[perm[i]] = i;
        }
        fine = fineRows(a);
        fillFine(a);
        BlockRows finer = fine;
        double th = theta;
        while (levels.size() < MAX_LEVELS && finer.n > 0) {
            CoarseLevel level = new CoarseLevel(finer, th, masks == null ? null : masks[levels.size()]);
            levels.add(level);
            boolean last = level.nodes <= COARSEST_NODES || levels.size() == MAX_LEVELS
                    || 5 * level.nodes > 4 * finer.n || (masks != null && levels.size() == masks.length);
            if (last) {
                level.makeDirect();
            }
            level.refresh(finer);
            if (last) {
                break;
            }
            finer = level.matrix;
            th /= 2;
        }
        in = new double[n];
        x = new double[n];
        res = new double[n];
        rhs = new double[levels.size()][];
        sol = new double[levels.size()][];
        work = new double[levels.size()][];
        for (int l = 0; l < levels.size(); l++) {
            int m = 3 * levels.get(l).nodes;
            rhs[l] = new double[m];
            sol[l] = new double[m];
            work[l] = new double[m];
        }
    }

    /** A's pattern in block rows (splitting numbering): per free node its diagonal and one entry per free neighbour. */
    private BlockRows fineRows(SystemMatrix a) {
        final int slots = a.springSlots();
        final int[] da = a.springDofA();
        final int[] db = a.springDofB();
        int[] count = new int[nodes + 1];
        for (int k = 0; k < slots; k++) {
            if (da[k] >= 0 && db[k] >= 0 && da[k] != db[k]) {
                count[rank[da[k] / 3]]++;
                count[rank[db[k] / 3]]++;
            }
        }
        int[] first = new int[nodes + 1];
        for (int j = 0; j < nodes; j++) {
            first[j + 1] = first[j] + count[j] + 1;
        }
        int[] raw = new int[first[nodes]];
        int[] fill = Arrays.copyOf(first, nodes);
        for (int j = 0; j < nodes; j++) {
            raw[fill[j]++] = j;
        }
        for (int k = 0; k < slots; k++) {
            if (da[k] >= 0 && db[k] >= 0 && da[k] != db[k]) {
                int ra = rank[da[k] / 3];
                int rb = rank[db[k] / 3];
                raw[fill[ra]++] = rb;
                raw[fill[rb]++] = ra;
            }
        }
        int[] start = new int[nodes + 1];
        int[] col = new int[raw.length];
        for (int j = 0; j < nodes; j++) {
            Arrays.sort(raw, first[j], first[j + 1]);
            int q = start[j];
            for (int e = first[j]; e < first[j + 1]; e++) {
                if (e == first[j] || raw[e] != raw[e - 1]) {
                    col[q++] = raw[e];
                }
            }
            start[j + 1] = q;
        }
        BlockRows rows = new BlockRows(start, Arrays.copyOf(col, start[nodes]));
        springEntryAb = new int[slots];
        springEntryBa = new int[slots];
        for (int k = 0; k < slots; k++) {
            boolean both = da[k] >= 0 && db[k] >= 0 && da[k] != db[k];
            springEntryAb[k] = both ? rows.entry(rank[da[k] / 3], rank[db[k] / 3]) : -1;
            springEntryBa[k] = both ? rows.entry(rank[db[k] / 3], rank[da[k] / 3]) : -1;
        }
        return rows;
    }

    /** Takes A's values into the level-0 block rows and recomputes every coarse level from them. */
    private void refresh(SystemMatrix a) {
        fillFine(a);
        BlockRows finer = fine;
        for (CoarseLevel level : levels) {
            level.refresh(finer);
            finer = level.matrix;
        }
    }

    /** A's values into the level-0 block rows. */
    private void fillFine(SystemMatrix a) {
        final double[] v = fine.values;
        Arrays.fill(v, 0);
        final double[] nb = a.nodeBlocks();
        for (int j = 0; j < nodes; j++) {
            System.arraycopy(nb, 6 * j, v, 6 * fine.diagonal[rank[j]], 6);
        }
        final double[] geo = a.springBlocks();
        for (int k = 0; k < springEntryAb.length; k++) {
            if (springEntryAb[k] < 0) {
                continue;
            }
            int g = 4 * k;
            double mx = geo[g];
            double my = geo[g + 1];
            double mz = geo[g + 2];
            double beta = geo[g + 3];
            subtract(v, 6 * springEntryAb[k], mx, my, mz, beta);
            subtract(v, 6 * springEntryBa[k], mx, my, mz, beta);
        }
    }

    /** v[o .. o + 5] −= m mᵀ + β I (upper triangle). */
    private static void subtract(double[] v, int o, double mx, double my, double mz, double beta) {
        v[o] -= mx * mx + beta;
        v[o + 1] -= mx * my;
        v[o + 2] -= mx * mz;
        v[o + 3] -= my * my + beta;
        v[o + 4] -= my * mz;
        v[o + 5] -= mz * mz + beta;
    }

    @Override
    public void apply(double[] r, double[] z, int from, int to) {
        for (int q = from; q < to; q++) {
            z[q] = 0;
        }
    }

    @Override
    public boolean hasCorrection() {
        return true;
    }

    /**
     * z = V(0, r) on the first n = 3N entries, after {@link #apply} cleared them.
     *
     * @return rᵀz
     */
    @Override
    public double correct(double[] r, double[] z, int n) {
        if (n == 0) {
            return 0;
        }
        final SsorSplitting splitting = sweeps.splitting();
        // pre-smoothing from 0, x = (D + L)⁻¹ r, and the coarse correction with r − A x
        splitting.toSplitting(r, in);
        sweeps.forward(in, x);
        if (!levels.isEmpty()) {
            sweeps.residualAfterForward(x, res);
            CoarseLevel first = levels.get(0);
            first.restrict(res, rhs[0]);
            cycle(0);
            first.prolongAdd(sol[0], x);
        }
        // post-smoothing: x ← x + (D + Lᵀ)⁻¹ (r − A x)
        sweeps.backward(in, x);
        splitting.toMatrix(x, z);
        double rz = 0;
        for (int q = 0; q < n; q++) {
            rz += r[q] * z[q];
        }
        return rz;
    }

    /** sol[l] = V(l + 1, rhs[l]) for coarse level l (0: the first below the system's). */
    private void cycle(int l) {
        CoarseLevel level = levels.get(l);
        double[] b = rhs[l];
        double[] u = sol[l];
        if (level.direct()) {
            level.solve(b, u);
            return;
        }
        BlockRows m = level.matrix;
        m.forwardFromZero(b, u);
        double[] w = work[l];
        m.residualAfterForward(u, w);
        CoarseLevel next = levels.get(l + 1);
        next.restrict(w, rhs[l + 1]);
        cycle(l + 1);
        next.prolongAdd(sol[l + 1], u);
        m.backward(b, u);
    }

    /**
     * Saves the lag: the updates since the hierarchy was refreshed, and the hierarchy (its strong
     * couplings, from which the patterns follow, and its values: prolongators, coarse matrices and
     * their inverted diagonals, the coarsest factor), when it belongs to {@code a}'s present pattern.
     */
    @Override
    public void saveState(StateRecord out, SystemMatrix a) {
        boolean current = a == seen && a.pattern() == pattern;
        out.putBoolean(current);
        if (current) {
            out.putLong(sinceRefresh);
            out.putLong(levels.size());
            for (CoarseLevel level : levels) {
                out.putArray(level.strong);
            }
            for (CoarseLevel level : levels) {
                out.putArray(level.pVal);
                out.putArray(level.matrix.values);
                out.putArray(level.matrix.inverse);
                if (level.direct()) {
                    out.putBoolean(level.factored());
                    out.putArray(level.factor());
                }
            }
        }
    }

    /** Rebuilds the hierarchy's patterns for {@code a}'s restored pattern and takes its values back. */
    @Override
    public void restoreState(StateRecord in, SystemMatrix a) {
        if (!in.nextBoolean()) {
            seen = null;
            return;
        }
        int since = (int) in.nextLong();
        long[][] masks = new long[(int) in.nextLong()][];
        for (int l = 0; l < masks.length; l++) {
            masks[l] = new long[in.nextArrayLength()];
            in.nextArray(masks[l]);
        }
        build(a, masks);
        sinceRefresh = since;
        for (CoarseLevel level : levels) {
            in.nextArray(level.pVal);
            in.nextArray(level.matrix.values);
            in.nextArray(level.matrix.inverse);
            if (level.direct()) {
                level.setFactored(in.nextBoolean());
                in.nextArray(level.factor());
            }
        }
    }
}
