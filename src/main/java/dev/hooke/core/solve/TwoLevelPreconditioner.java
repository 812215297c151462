package dev.hooke.core.solve;

import dev.hooke.core.model.StateRecord;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Two-level additive preconditioning: block-Jacobi on each particle plus a coarse-grid correction
 * on aggregates of particles (additive Schwarz with a coarse space: Saad, "Iterative Methods for
 * Sparse Linear Systems", 2nd ed., SIAM 2003, ch. 14; the piecewise-constant coarse space of
 * aggregation: Nicolaides, SIAM J. Numer. Anal. 24, 1987, and Vaněk, Mandel &amp; Brezina,
 * Computing 56, 1996):
 * <pre>
 *   P⁻¹ r = B⁻¹ r + W E⁻¹ Wᵀ r,      E = Wᵀ A W
 * </pre>
 * B is the 3×3 block diagonal of A ({@link BlockJacobiPreconditioner}). W (3N × 3N_c) maps a
 * translation per aggregate to every particle of the aggregate: W_(j,I) = I₃ when free node j
 * belongs to aggregate I, so Wᵀ r sums r over each aggregate and W μ copies μ_I to its nodes.
 * The coarse matrix is formed from the springs that cross between aggregates (a spring inside an
 * aggregate moves both its ends alike under W and adds nothing):
 * <pre>
 *   E_II = Σ_{j ∈ I} (m_j + τc) I₃ + Σ_{springs s from I to another aggregate or a pin} S_s
 *   E_IJ = − Σ_{springs s between I and J} S_s                        (I ≠ J)
 * </pre>
 * with S_s = m mᵀ + β I the spring blocks of {@link SystemMatrix}. The aggregates are numbered in
 * reverse Cuthill–McKee order, so E is a band matrix, factorised by {@link BandCholesky}.
 *
 * <p>Why: block-Jacobi leaves the smooth error, spread over many particles, to CG, which needs
 * iterations in proportion to √κ to remove it; the coarse correction removes the error's mean
 * over each aggregate at once. On the benchmark's hanging 100 × 100 cloth (tolerance 10⁻³, warm start)
 * CG needs 19 iterations per step, every step, where block-Jacobi needs a median of 21 but a mean of
 * 37–39 (a step in ten or more about 90); a two-level iteration costs a block-Jacobi one plus the
 * coarse step (63–69 µs measured inside CG), so the median step is 7–28 % slower than block-Jacobi's
 * there, with a far narrower spread. While the cloth still swings (its first two seconds) it needs
 * about 44 iterations instead of 144 and the step is 1.8–2.8 times faster (docs/performance.md),
 * which is why it is the default.
 *
 * <p>P is symmetric positive definite whenever the E it holds is, so E may be kept for several
 * solves while A changes: it is refactorised every {@link #refreshInterval()} updates (within one
 * solve it is fixed, which is what CG needs; measured, refreshing every 4 steps gives the same
 * iterations as every step). If E is not positive definite (possible only when A is not, with the clamp off)
 * the coarse term is left out until the next refresh, and P is block-Jacobi.
 *
 * <p>Tried and not kept: the deflated form (A-DEF2 of Tang, Nabben, Vuik &amp; Erlangga, J. Sci.
 * Comput. 39, 2009), P⁻¹ r = y + W E⁻¹ Wᵀ (r − A y) with y = B⁻¹ r, took 18.0 iterations instead of
 * 19.6 on that cloth for an extra pass over the crossing springs per iteration; aggregates of 16 to
 * 150 particles gave 16 to 21 iterations, the smaller ones at a much larger E.
 *
 * <h2>Aggregates</h2>
 * Made when the sparsity pattern changes, greedily from the spring graph (springs with both ends
 * free): the first particle not yet in an aggregate seeds one, which takes whole breadth-first
 * layers of free neighbours until it holds at least {@link #aggregateSize()} particles; aggregates
 * left with fewer than a quarter of that join the aggregate of a neighbour. The target grows with
 * the system so that there are at most {@link #MAX_AGGREGATES}, keeping E small.
 *
 * <p>Cost per CG iteration, besides block-Jacobi: one pass over r (Wᵀ r), the two band triangular
 * solves of order 3N_c, one pass over z (W μ): about 50 µs on the 100 × 100 cloth (126
 * aggregates, half bandwidth 47) in isolation, 63–69 µs inside CG, against 300–380 µs for CG's
 * product with its direction update. The product rᵀz grows by
 * (Wᵀr)ᵀμ, so it needs no pass of its own. This part runs on the calling thread. Nothing
 * allocates after the first update for a pattern.
 */
final class TwoLevelPreconditioner implements Preconditioner {

    /** The default particles per aggregate. */
    static final int DEFAULT_AGGREGATE_SIZE = 64;
    /** The default number of updates a factorised coarse matrix is kept for. */
    static final int DEFAULT_REFRESH_INTERVAL = 4;
    /** The most aggregates (the coarse matrix is dense, of order 3 × this at most). */
    static final int MAX_AGGREGATES = 160;

    private final BlockJacobiPreconditioner local = new BlockJacobiPreconditioner();
    private final int aggregateSize;
    private final int refreshInterval;

    private SystemMatrix seen;
    private long pattern = -1;
    private int nodes;
    private int aggregates;
    private int[] aggregateOf = new int[0];
    /** Spring slots that touch two aggregates or an aggregate and a pin. */
    private int[] crossing = new int[0];
    /** Per crossing spring, the index of its aggregate pair's off-diagonal block, −1 for a pin. */
    private int[] pairOf = new int[0];
    /** Per aggregate pair I &lt; J, I and J. */
    private int[] pairI = new int[0];
    private int[] pairJ = new int[0];
    /** E's diagonal blocks, 6 per aggregate (upper triangle), and its off-diagonal blocks, 9 per pair. */
    private double[] diagBlocks = new double[0];
    private double[] pairBlocks = new double[0];
    /** E's half bandwidth b (E_rc = 0 for |r − c| &gt; b) and E, then L, in band storage. */
    private int band;
    private double[] banded = new double[0];
    private double[] restricted = new double[0];
    private double[] mu = new double[0];
    private final double[] block = new double[9];
    private boolean factored;
    private int sinceRefresh;

    TwoLevelPreconditioner() {
        this(DEFAULT_AGGREGATE_SIZE, DEFAULT_REFRESH_INTERVAL);
    }

    /**
     * @param aggregateSize   the least particles per aggregate (before the cap on their number), ≥ 1
     * @param refreshInterval the updates a factorised coarse matrix is used for, ≥ 1
     */
    TwoLevelPreconditioner(int aggregateSize, int refreshInterval) {
        if (aggregateSize < 1 || refreshInterval < 1) {
            throw new IllegalArgumentException("aggregate size and refresh interval must be at least 1");
        }
        this.aggregateSize = aggregateSize;
        this.refreshInterval = refreshInterval;
    }

    @Override
    public PreconditionerKind kind() {
        return PreconditionerKind.TWO_LEVEL;
    }

    /** The least particles per aggregate asked for. */
    int aggregateSize() {
        return aggregateSize;
    }

    /** The updates a factorised coarse matrix is used for. */
    int refreshInterval() {
        return refreshInterval;
    }

    /** The number of aggregates of the present pattern. */
    int aggregates() {
        return aggregates;
    }

    /** The aggregate of each free node (shared). */
    int[] aggregateOf() {
        return aggregateOf;
    }

    /** Whether the coarse term is in use. */
    boolean coarseActive() {
        return factored;
    }

    @Override
    public void update(SystemMatrix a) {
        local.update(a);
        if (a != seen || a.pattern() != pattern) {
            seen = a;
            pattern = a.pattern();
            aggregate(a);
            sinceRefresh = refreshInterval;
        }
        if (++sinceRefresh >= refreshInterval) {
            sinceRefresh = 0;
            factored = aggregates > 0 && assembleCoarse(a) && factor();
        }
    }

    /**
     * Saves the lag: the updates since the coarse matrix was factorised, and its factor, when the
     * aggregates belong to {@code a}'s present pattern.
     */
    @Override
    public void saveState(StateRecord out, SystemMatrix a) {
        boolean current = a == seen && a.pattern() == pattern;
        out.putBoolean(current);
        if (current) {
            out.putLong(sinceRefresh);
            out.putBoolean(factored);
            out.putLong(band);
            out.putArray(banded);
        }
    }

    /** Aggregates {@code a}'s restored pattern (as they were at the save) and takes the lag back. */
    @Override
    public void restoreState(StateRecord in, SystemMatrix a) {
        if (!in.nextBoolean()) {
            seen = null;
            return;
        }
        if (a != seen || a.pattern() != pattern) {
            seen = a;
            pattern = a.pattern();
            aggregate(a);
        }
        sinceRefresh = (int) in.nextLong();
        factored = in.nextBoolean();
        band = (int) in.nextLong();
        if (banded.length != in.nextArrayLength()) {
            banded = new double[in.nextArrayLength()];
        }
        in.nextArray(banded);
    }

    @Override
    public void apply(double[] r, double[] z, int from, int to) {
        local.apply(r, z, from, to);
    }

    /**
     * z += W E⁻¹ Wᵀ r on the first 3N entries, after {@link #apply} on every range.
     *
     * @return (Wᵀ r)ᵀ E⁻¹ (Wᵀ r), what rᵀz gained
     */
    @Override
    public double correct(double[] r, double[] z, int n) {
        if (!factored) {
            return 0;
        }
        final int nc = 3 * aggregates;
        final double[] g = restricted;
        final double[] m = mu;
        final int[] agg = aggregateOf;
        Arrays.fill(g, 0, nc, 0);
        for (int j = 0, q = 0; q < n; j++, q += 3) {
            int o = 3 * agg[j];
            g[o] += r[q];
            g[o + 1] += r[q + 1];
            g[o + 2] += r[q + 2];
        }
        System.arraycopy(g, 0, m, 0, nc);
        BandCholesky.solve(banded, nc, band, m);
        double gain = 0;
        for (int c = 0; c < nc; c++) {
            gain += g[c] * m[c];
        }
        for (int j = 0, q = 0; q < n; j++, q += 3) {
            int o = 3 * agg[j];
            z[q] += m[o];
            z[q + 1] += m[o + 1];
            z[q + 2] += m[o + 2];
        }
        return gain;
    }

    @Override
    public boolean hasCorrection() {
        return true;
    }

    /** Fills E = Wᵀ A W (its upper triangle, as triplets); false if it is not finite. */
    private boolean assembleCoarse(SystemMatrix a) {
        final double[] dg = diagBlocks;
        final double[] pb = pairBlocks;
        Arrays.fill(dg, 0);
        Arrays.fill(pb, 0);
        final double[] d = a.massDiagonal();
        final double[] wind = a.windBlocks();
        for (int j = 0; j < nodes; j++) {
            int o = 6 * aggregateOf[j];
            dg[o] += d[j];
            dg[o + 3] += d[j];
            dg[o + 5] += d[j];
            if (wind != null) {
                for (int e = 0; e < 6; e++) {
                    dg[o + e] += wind[6 * j + e];
                }
            }
        }
        final double[] geo = a.springBlocks();
        final int[] da = a.springDofA();
        final int[] db = a.springDofB();
        for (int c = 0; c < crossing.length; c++) {
            int k = crossing[c];
            int g = 4 * k;
            double mx = geo[g];
            double my = geo[g + 1];
            double mz = geo[g + 2];
            double beta = geo[g + 3];
            double sxx = mx * mx + beta;
            double sxy = mx * my;
            double sxz = mx * mz;
            double syy = my * my + beta;
            double syz = my * mz;
            double szz = mz * mz + beta;
            if (da[k] >= 0) {
                addUpper(dg, 6 * aggregateOf[da[k] / 3], sxx, sxy, sxz, syy, syz, szz);
            }
            if (db[k] >= 0) {
                addUpper(dg, 6 * aggregateOf[db[k] / 3], sxx, sxy, sxz, syy, syz, szz);
            }
            int p = pairOf[c];
            if (p >= 0) {
                int o = 9 * p;
                pb[o] -= sxx;
                pb[o + 1] -= sxy;
                pb[o + 2] -= sxz;
                pb[o + 3] -= sxy;
                pb[o + 4] -= syy;
                pb[o + 5] -= syz;
                pb[o + 6] -= sxz;
                pb[o + 7] -= syz;
                pb[o + 8] -= szz;
            }
        }
        for (double v : dg) {
            if (!Double.isFinite(v)) {
                return false;
            }
        }
        for (double v : pb) {
            if (!Double.isFinite(v)) {
                return false;
            }
        }
        // lower band: row r, column c ≤ r at banded[r (b + 1) + c − r + b]
        final int w = band + 1;
        final double[] e = banded;
        Arrays.fill(e, 0);
        for (int agg = 0; agg < aggregates; agg++) {
            int r0 = 3 * agg;
            int o = 6 * agg;
            e[r0 * w + band] = dg[o];
            e[(r0 + 1) * w + band - 1] = dg[o + 1];
            e[(r0 + 1) * w + band] = dg[o + 3];
            e[(r0 + 2) * w + band - 2] = dg[o + 2];
            e[(r0 + 2) * w + band - 1] = dg[o + 4];
            e[(r0 + 2) * w + band] = dg[o + 5];
        }
        for (int p = 0; p < pairI.length; p++) {
            // the block E_JI (J > I) lies below the diagonal: rows 3J.., columns 3I..
            int row = 3 * pairJ[p];
            int col = 3 * pairI[p];
            for (int r = 0; r < 3; r++) {
                for (int c = 0; c < 3; c++) {
                    e[(row + r) * w + (col + c) - (row + r) + band] += pb[9 * p + 3 * c + r];
                }
            }
        }
        return true;
    }

    private static void addUpper(double[] dg, int o, double sxx, double sxy, double sxz, double syy, double syz, double szz) {
        dg[o] += sxx;
        dg[o + 1] += sxy;
        dg[o + 2] += sxz;
        dg[o + 3] += syy;
        dg[o + 4] += syz;
        dg[o + 5] += szz;
    }

    /** Factorises E in place. */
    private boolean factor() {
        return BandCholesky.factor(banded, 3 * aggregates, band);
    }

    /** Builds the aggregates and the list of crossing springs for a new pattern. */
    private void aggregate(SystemMatrix a) {
        nodes = a.dimension() / 3;
        final int slots = a.springSlots();
        final int[] da = a.springDofA();
        final int[] db = a.springDofB();
        // node adjacency (CSR) over springs with both ends free
        int[] degree = new int[nodes + 1];
        for (int k = 0; k < slots; k++) {
            if (da[k] >= 0 && db[k] >= 0) {
                degree[da[k] / 3]++;
                degree[db[k] / 3]++;
            }
        }
        int[] start = new int[nodes + 1];
        for (int j = 0; j < nodes; j++) {
            start[j + 1] = start[j] + degree[j];
        }
        int[] adj = new int[start[nodes]];
        int[] fill = Arrays.copyOf(start, nodes);
        for (int k = 0; k < slots; k++) {
            if (da[k] >= 0 && db[k] >= 0) {
                int ja = da[k] / 3;
                int jb = db[k] / 3;
                adj[fill[ja]++] = jb;
                adj[fill[jb]++] = ja;
            }
        }
        int target = Math.max(aggregateSize, (nodes + MAX_AGGREGATES - 1) / MAX_AGGREGATES);
        int[] agg = new int[nodes];
        Arrays.fill(agg, -1);
        int[] queue = new int[nodes];
        int[] sizes = new int[nodes];
        int count = 0;
        for (int seed = 0; seed < nodes; seed++) {
            if (agg[seed] >= 0) {
                continue;
            }
            int id = count++;
            agg[seed] = id;
            queue[0] = seed;
            int head = 0;
            int tail = 1;
            while (tail < target && head < tail) {
                int layerEnd = tail;
                for (; head < layerEnd; head++) {
                    int j = queue[head];
                    for (int e = start[j]; e < start[j + 1]; e++) {
                        int nb = adj[e];
                        if (agg[nb] < 0) {
                            agg[nb] = id;
                            queue[tail++] = nb;
                        }
                    }
                }
            }
            sizes[id] = tail;
        }
        // small aggregates join a neighbour's
        int[] merged = new int[count];
        for (int id = 0; id < count; id++) {
            merged[id] = id;
        }
        for (int j = 0; j < nodes; j++) {
            int id = agg[j];
            if (sizes[id] * 4 >= target || merged[id] != id) {
                continue;
            }
            for (int e = start[j]; e < start[j + 1]; e++) {
                int other = find(merged, agg[adj[e]]);
                if (other != id && sizes[other] * 4 >= target) {
                    merged[id] = other;
                    sizes[other] += sizes[id];
                    break;
                }
            }
        }
        int[] number = new int[count];
        Arrays.fill(number, -1);
        aggregates = 0;
        for (int id = 0; id < count; id++) {
            int root = find(merged, id);
            if (number[root] < 0) {
                number[root] = aggregates++;
            }
        }
        aggregateOf = new int[nodes];
        for (int j = 0; j < nodes; j++) {
            aggregateOf[j] = number[find(merged, agg[j])];
        }
        renumber(start, adj);
        int crossings = 0;
        int[] list = new int[slots];
        for (int k = 0; k < slots; k++) {
            if (da[k] < 0 && db[k] < 0) {
                continue;
            }
            if (da[k] < 0 || db[k] < 0 || aggregateOf[da[k] / 3] != aggregateOf[db[k] / 3]) {
                list[crossings++] = k;
            }
        }
        crossing = Arrays.copyOf(list, crossings);
        pairOf = new int[crossings];
        Map<Long, Integer> pairs = new HashMap<>();
        for (int c = 0; c < crossings; c++) {
            int k = crossing[c];
            if (da[k] < 0 || db[k] < 0) {
                pairOf[c] = -1;
                continue;
            }
            int i = aggregateOf[da[k] / 3];
            int j = aggregateOf[db[k] / 3];
            long key = (long) Math.min(i, j) * aggregates + Math.max(i, j);
            pairOf[c] = pairs.computeIfAbsent(key, x -> pairs.size());
        }
        pairI = new int[pairs.size()];
        pairJ = new int[pairs.size()];
        for (Map.Entry<Long, Integer> e : pairs.entrySet()) {
            pairI[e.getValue()] = (int) (e.getKey() / aggregates);
            pairJ[e.getValue()] = (int) (e.getKey() % aggregates);
        }
        int nc = 3 * aggregates;
        diagBlocks = new double[6 * aggregates];
        pairBlocks = new double[9 * pairs.size()];
        int spread = 0;
        for (int p = 0; p < pairI.length; p++) {
            spread = Math.max(spread, pairJ[p] - pairI[p]);
        }
        band = 3 * spread + 2;
        banded = new double[nc * (band + 1)];
        restricted = new double[nc];
        mu = new double[nc];
        factored = false;
    }

    /**
     * Renumbers the aggregates in reverse Cuthill–McKee order of their adjacency, so that E is
     * banded and its Cholesky factor fills in little (the natural order of greedy aggregates fills
     * E's factor almost completely).
     */
    private void renumber(int[] start, int[] adj) {
        int na = aggregates;
        List<Set<Integer>> links = new ArrayList<>(na);
        for (int i = 0; i < na; i++) {
            links.add(new TreeSet<>());
        }
        for (int j = 0; j < nodes; j++) {
            for (int e = start[j]; e < start[j + 1]; e++) {
                int ai = aggregateOf[j];
                int aj = aggregateOf[adj[e]];
                if (ai != aj) {
                    links.get(ai).add(aj);
                }
            }
        }
        int[] offsets = new int[na + 1];
        for (int i = 0; i < na; i++) {
            offsets[i + 1] = offsets[i] + links.get(i).size();
        }
        int[] neighbours = new int[offsets[na]];
        for (int i = 0, q = 0; i < na; i++) {
            for (int nb : links.get(i)) {
                neighbours[q++] = nb;
            }
        }
        int[] inverse = ReverseCuthillMcKee.inverse(ReverseCuthillMcKee.order(na, offsets, neighbours));
        for (int j = 0; j < nodes; j++) {
            aggregateOf[j] = inverse[aggregateOf[j]];
        }
    }

    private static int find(int[] parent, int id) {
        while (parent[id] != id) {
            id = parent[id];
        }
        return id;
    }
}
