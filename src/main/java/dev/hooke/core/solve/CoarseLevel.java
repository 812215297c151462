package dev.hooke.core.solve;

import java.util.Arrays;

/**
 * One coarse level of {@link MultilevelPreconditioner}: the aggregates of the next finer level's
 * nodes, the smoothed prolongator from that level to this one, and this level's Galerkin matrix
 * (smoothed aggregation: Vaněk, Mandel &amp; Brezina, "Algebraic multigrid by smoothed aggregation
 * for second and fourth order elliptic problems", Computing 56, 1996, §3–4; for cloth, Tamstorf,
 * Jones &amp; McCormick, "Smoothed aggregation multigrid for cloth simulation", ACM TOG 34(6),
 * SIGGRAPH Asia 2015).
 *
 * <h2>Aggregates</h2>
 * Vaněk et al.'s greedy passes over the graph of the finer matrix's strong couplings,
 * |a_ik| ≥ θ √(a_ii a_kk) with a_ik = tr(A_ik) / 3: (1) a node whose strong neighbours are all
 * free of aggregates starts one with all of them; (2) a node left over joins the aggregate of its
 * first strong neighbour that pass 1 placed; (3) what is still left forms aggregates of itself and
 * its remaining strong neighbours. The strong couplings are found when the pattern changes, from
 * the values at that time. On the benchmark's cloth with θ = 0.08 the structural springs are strong
 * (τ²k = 1000 against a diagonal of about 6 400 in units of τ²) and the shear (500) and bend (100)
 * springs weak, so pass-1 aggregates are a particle and its four structural neighbours;
 * measured over steps 10–60 from rest, θ = 0.05 (shear springs strong too) and θ = 0 (every
 * spring) gave 6.1 and 8.4 CG iterations per step against 5.9, at about the same cost per cycle.
 *
 * <h2>Prolongator</h2>
 * The tentative prolongator takes one translation per aggregate: (P̂)_iJ = I₃ when fine node i is
 * in aggregate J (the near-kernel of a mass–spring matrix with small masses: rigid translations;
 * rotations are left out, so each coarse node has 3 unknowns). It is smoothed by one damped Jacobi
 * step on a scalar image of the finer matrix, a_ik = tr(A_ik) / 3, filtered: weak couplings are
 * dropped and lumped into the diagonal (a^F_ii = a_ii + Σ_weak a_ik, so that A^F keeps A's row
 * sums, as Vaněk et al.'s filtered matrix does):
 * <pre>
 *   P = (I − ω D_F⁻¹ A^F) P̂,    p_iJ = δ(agg(i) = J) − (ω / a^F_ii) Σ_{k : agg(k) = J} a^F_ik,    ω = 4 / (3 ρ)
 * </pre>
 * with ρ Gershgorin's bound on the spectral radius of D_F⁻¹A^F (Vaněk et al. take ω = 4/3 over an
 * estimate of ρ). Each entry of P is a multiple of I₃, so P and Pᵀ cost one pass over its scalars
 * per vector, and every block of the Galerkin matrix stays symmetric.
 *
 * <h2>Galerkin matrix</h2>
 * A_c = Pᵀ A P, formed as A P (per fine row, the union of its neighbours' rows of P), then
 * Σ_i P_iᵀ (A P)_i on the blocks with I ≤ J, mirrored to the lower triangle so that A_c is
 * symmetric to the bit. The patterns, and where each product lands, are found once per pattern of
 * the finer matrix; a refresh only multiplies and adds, and allocates nothing.
 *
 * <p>The coarsest level factorises A_c instead (reverse Cuthill–McKee order, {@link BandCholesky}).
 */
final class CoarseLevel {

    /** The number of finer nodes. */
    final int fineNodes;
    /** The number of aggregates, this level's nodes. */
    final int nodes;
    final int[] aggregateOf;
    /** P in compressed rows over the finer nodes: scalar p_iJ at t ∈ [pStart[i], pStart[i + 1]). */
    final int[] pStart;
    final int[] pCol;
    final double[] pVal;
    /** Per finer entry e = (i, k), the index t in row i of P where agg(k) sits. */
    private final int[] pPos;
    private final int[] apStart;
    private final double[] apVal;
    /** Per finer entry (i, k) and per t in P's row k, in that order: the entry of (A P)_{i, col t}. */
    private final int[] apSlot;
    /** Per finer row i, t in P's row i, u in (A P)'s row i, in that order: the entry of A_c, or −1 below the diagonal. */
    private final int[] acSlot;
    /** Per entry of A_c below the diagonal, the entry of its transpose; −1 elsewhere. */
    private final int[] mirror;
    /** A_c. */
    final BlockRows matrix;

    private boolean direct;
    private int[] rank = new int[0];
    private int band;
    private double[] banded = new double[0];
    private double[] work = new double[0];
    private boolean factored;

    /** Per finer entry, whether its coupling is strong (bit e of word e / 64; the diagonal always is). */
    final long[] strong;

    /**
     * The aggregates, the patterns of P, A P and A_c for the finer matrix's pattern.
     *
     * @param fine  the finer matrix, with values (for the strength of its couplings)
     * @param theta θ: a coupling is strong when |a_ik| ≥ θ √(a_ii a_kk), a = tr / 3
     * @param mask  the strong couplings as an earlier construction found them, or null to find them
     */
    CoarseLevel(BlockRows fine, double theta, long[] mask) {
        fineNodes = fine.n;
        strong = mask != null ? mask.clone() : strength(fine, theta);
        int[][] g = strongGraph(fine, strong);
        aggregateOf = new int[fineNodes];
        nodes = aggregate(g[0], g[1], aggregateOf);
        // P's pattern: per row, the aggregates of the node and its neighbours, ascending
        pStart = new int[fineNodes + 1];
        int[] buffer = new int[64];
        int[] cols = new int[16 * fineNodes + 16];
        for (int i = 0; i < fineNodes; i++) {
            int m = 0;
            for (int e = fine.start[i]; e < fine.start[i + 1]; e++) {
                if (!isStrong(strong, e)) {
                    continue;
                }
                if (m == buffer.length) {
                    buffer = Arrays.copyOf(buffer, 2 * m);
                }
                buffer[m++] = aggregateOf[fine.col[e]];
            }
            m = sortUnique(buffer, m);
            if (pStart[i] + m > cols.length) {
                cols = Arrays.copyOf(cols, 2 * (pStart[i] + m));
            }
            System.arraycopy(buffer, 0, cols, pStart[i], m);
            pStart[i + 1] = pStart[i] + m;
        }
        pCol = Arrays.copyOf(cols, pStart[fineNodes]);
        pVal = new double[pCol.length];
        pPos = new int[fine.col.length];
        for (int i = 0; i < fineNodes; i++) {
            for (int e = fine.start[i]; e < fine.start[i + 1]; e++) {
                pPos[e] = isStrong(strong, e) ? Arrays.binarySearch(pCol, pStart[i], pStart[i + 1], aggregateOf[fine.col[e]]) : -1;
            }
        }
        // A P's pattern: per fine row i, the union of P's rows k over the entries (i, k)
        apStart = new int[fineNodes + 1];
        int[] apCols = new int[4 * pCol.length + 16];
        int slots = 0;
        for (int i = 0; i < fineNodes; i++) {
            int m = 0;
            for (int e = fine.start[i]; e < fine.start[i + 1]; e++) {
                int k = fine.col[e];
                for (int t = pStart[k]; t < pStart[k + 1]; t++) {
                    if (m == buffer.length) {
                        buffer = Arrays.copyOf(buffer, 2 * m);
                    }
                    buffer[m++] = pCol[t];
                }
                slots += pStart[k + 1] - pStart[k];
            }
            m = sortUnique(buffer, m);
            if (apStart[i] + m > apCols.length) {
                apCols = Arrays.copyOf(apCols, 2 * (apStart[i] + m));
            }
            System.arraycopy(buffer, 0, apCols, apStart[i], m);
            apStart[i + 1] = apStart[i] + m;
        }
        int[] apCol = Arrays.copyOf(apCols, apStart[fineNodes]);
        apVal = new double[6 * apCol.length];
        apSlot = new int[slots];
        for (int i = 0, c = 0; i < fineNodes; i++) {
            for (int e = fine.start[i]; e < fine.start[i + 1]; e++) {
                int k = fine.col[e];
                for (int t = pStart[k]; t < pStart[k + 1]; t++) {
                    apSlot[c++] = Arrays.binarySearch(apCol, apStart[i], apStart[i + 1], pCol[t]);
                }
            }
        }
        // A_c's pattern: the pairs (I, J), I from P's row i and J from (A P)'s row i, both triangles
        long pairs = 0;
        for (int i = 0; i < fineNodes; i++) {
            pairs += (long) (pStart[i + 1] - pStart[i]) * (apStart[i + 1] - apStart[i]);
        }
        long[] keys = new long[Math.toIntExact(2 * pairs)];
        int q = 0;
        for (int i = 0; i < fineNodes; i++) {
            for (int t = pStart[i]; t < pStart[i + 1]; t++) {
                for (int u = apStart[i]; u < apStart[i + 1]; u++) {
                    keys[q++] = (long) pCol[t] * nodes + apCol[u];
                    keys[q++] = (long) apCol[u] * nodes + pCol[t];
                }
            }
        }
        Arrays.sort(keys);
        int unique = 0;
        for (int s = 0; s < keys.length; s++) {
            if (s == 0 || keys[s] != keys[s - 1]) {
                keys[unique++] = keys[s];
            }
        }
        int[] cStart = new int[nodes + 1];
        int[] cCol = new int[unique];
        for (int s = 0; s < unique; s++) {
            cStart[(int) (keys[s] / nodes) + 1]++;
            cCol[s] = (int) (keys[s] % nodes);
        }
        for (int r = 0; r < nodes; r++) {
            cStart[r + 1] += cStart[r];
        }
        matrix = new BlockRows(cStart, cCol);
        acSlot = new int[Math.toIntExact(pairs)];
        for (int i = 0, c = 0; i < fineNodes; i++) {
            for (int t = pStart[i]; t < pStart[i + 1]; t++) {
                for (int u = apStart[i]; u < apStart[i + 1]; u++) {
                    acSlot[c++] = pCol[t] <= apCol[u] ? matrix.entry(pCol[t], apCol[u]) : -1;
                }
            }
        }
        mirror = new int[unique];
        for (int r = 0; r < nodes; r++) {
            for (int e = cStart[r]; e < cStart[r + 1]; e++) {
                mirror[e] = cCol[e] < r ? matrix.entry(cCol[e], r) : -1;
            }
        }
    }

    /** Makes this the coarsest level: A_c is factorised at each refresh, in reverse Cuthill–McKee order. */
    void makeDirect() {
        direct = true;
        int[][] g = matrix.graph();
        rank = ReverseCuthillMcKee.inverse(ReverseCuthillMcKee.order(nodes, g[0], g[1]));
        int spread = 0;
        for (int r = 0; r < nodes; r++) {
            for (int e = matrix.start[r]; e < matrix.start[r + 1]; e++) {
                spread = Math.max(spread, Math.abs(rank[r] - rank[matrix.col[e]]));
            }
        }
        band = 3 * spread + 2;
        banded = new double[3 * nodes * (band + 1)];
        work = new double[3 * nodes];
    }

    /** Whether this is the coarsest level, solved directly. */
    boolean direct() {
        return direct;
    }

    /** The band Cholesky factor of the coarsest level (shared; for saving the state). */
    double[] factor() {
        return banded;
    }

    /** Whether the coarsest matrix was factorised (false: not positive definite, its correction is left out). */
    boolean factored() {
        return factored;
    }

    /** Sets whether the factor (restored into {@link #factor()}) is valid. */
    void setFactored(boolean f) {
        factored = f;
    }

    /**
     * Recomputes P, A P and A_c from the finer matrix's present values; inverts A_c's diagonal
     * blocks (or factorises A_c on the coarsest level).
     */
    void refresh(BlockRows fine) {
        smoothProlongator(fine);
        final double[] fv = fine.values;
        final double[] ap = apVal;
        Arrays.fill(ap, 0);
        for (int i = 0, c = 0; i < fineNodes; i++) {
            for (int e = fine.start[i]; e < fine.start[i + 1]; e++) {
                int k = fine.col[e];
                int o = 6 * e;
                double b0 = fv[o];
                double b1 = fv[o + 1];
                double b2 = fv[o + 2];
                double b3 = fv[o + 3];
                double b4 = fv[o + 4];
                double b5 = fv[o + 5];
                for (int t = pStart[k]; t < pStart[k + 1]; t++) {
                    double p = pVal[t];
                    int s = 6 * apSlot[c++];
                    ap[s] += p * b0;
                    ap[s + 1] += p * b1;
                    ap[s + 2] += p * b2;
                    ap[s + 3] += p * b3;
                    ap[s + 4] += p * b4;
                    ap[s + 5] += p * b5;
                }
            }
        }
        final double[] cv = matrix.values;
        Arrays.fill(cv, 0);
        for (int i = 0, c = 0; i < fineNodes; i++) {
            for (int t = pStart[i]; t < pStart[i + 1]; t++) {
                double p = pVal[t];
                for (int u = apStart[i]; u < apStart[i + 1]; u++) {
                    int s = acSlot[c++];
                    if (s < 0) {
                        continue;
                    }
                    int o = 6 * s;
                    int w = 6 * u;
                    cv[o] += p * ap[w];
                    cv[o + 1] += p * ap[w + 1];
                    cv[o + 2] += p * ap[w + 2];
                    cv[o + 3] += p * ap[w + 3];
                    cv[o + 4] += p * ap[w + 4];
                    cv[o + 5] += p * ap[w + 5];
                }
            }
        }
        for (int e = 0; e < mirror.length; e++) {
            if (mirror[e] >= 0) {
                System.arraycopy(cv, 6 * mirror[e], cv, 6 * e, 6);
            }
        }
        if (direct) {
            factored = factorise();
        } else {
            matrix.invertDiagonal();
        }
    }

    /**
     * p_iJ = δ(agg(i) = J) − (ω / a^F_ii) Σ_{k : agg(k) = J} a^F_ik, a_ik = tr(A_ik) / 3, with the
     * weak couplings of row i lumped into its diagonal (a^F_ii = a_ii + Σ_weak a_ik, so that
     * A^F keeps A's row sums).
     */
    private void smoothProlongator(BlockRows fine) {
        final double[] fv = fine.values;
        final double[] lumped = diagonalWork(fineNodes);
        double rho = 0;
        for (int i = 0; i < fineNodes; i++) {
            double d = 0;
            double off = 0;
            for (int e = fine.start[i]; e < fine.start[i + 1]; e++) {
                if (e == fine.diagonal[i] || !isStrong(strong, e)) {
                    d += trace(fv, e);
                } else {
                    off += Math.abs(trace(fv, e));
                }
            }
            lumped[i] = d;
            if (d > 0) {
                rho = Math.max(rho, (d + off) / d);
            }
        }
        double omega = rho > 0 && Double.isFinite(rho) ? 4 / (3 * rho) : 0;
        Arrays.fill(pVal, 0);
        for (int i = 0; i < fineNodes; i++) {
            double d = lumped[i];
            double scale = d > 0 && Double.isFinite(d) ? omega / d : 0;
            int own = Arrays.binarySearch(pCol, pStart[i], pStart[i + 1], aggregateOf[i]);
            for (int e = fine.start[i]; e < fine.start[i + 1]; e++) {
                if (e != fine.diagonal[i] && isStrong(strong, e)) {
                    pVal[pPos[e]] -= scale * trace(fv, e);
                }
            }
            pVal[own] += 1 - scale * d;
        }
    }

    private double[] lumpedWork = new double[0];

    private double[] diagonalWork(int n) {
        if (lumpedWork.length != n) {
            lumpedWork = new double[n];
        }
        return lumpedWork;
    }

    /** Bit e set: |a_ik| ≥ θ √(a_ii a_kk) (or the diagonal). */
    private static long[] strength(BlockRows fine, double theta) {
        long[] mask = new long[(fine.col.length + 63) / 64];
        for (int i = 0; i < fine.n; i++) {
            double di = trace(fine.values, fine.diagonal[i]);
            for (int e = fine.start[i]; e < fine.start[i + 1]; e++) {
                int k = fine.col[e];
                double dk = trace(fine.values, fine.diagonal[k]);
                double a = Math.abs(trace(fine.values, e));
                if (k == i || !(a < theta * Math.sqrt(Math.abs(di * dk)))) {
                    mask[e >>> 6] |= 1L << e;
                }
            }
        }
        return mask;
    }

    private static boolean isStrong(long[] mask, int e) {
        return (mask[e >>> 6] & (1L << e)) != 0;
    }

    /** The graph of the strong couplings (without the diagonal), as compressed rows {start, adjacency}. */
    private static int[][] strongGraph(BlockRows fine, long[] mask) {
        int[] gs = new int[fine.n + 1];
        int[] adj = new int[fine.col.length];
        int q = 0;
        for (int i = 0; i < fine.n; i++) {
            for (int e = fine.start[i]; e < fine.start[i + 1]; e++) {
                if (fine.col[e] != i && isStrong(mask, e)) {
                    adj[q++] = fine.col[e];
                }
            }
            gs[i + 1] = q;
        }
        return new int[][] {gs, Arrays.copyOf(adj, q)};
    }

    private static double trace(double[] v, int e) {
        int o = 6 * e;
        return (v[o] + v[o + 3] + v[o + 5]) / 3;
    }

    private boolean factorise() {
        final int w = band + 1;
        final double[] l = banded;
        final double[] cv = matrix.values;
        Arrays.fill(l, 0);
        for (int r = 0; r < nodes; r++) {
            int rr = 3 * rank[r];
            for (int e = matrix.start[r]; e < matrix.start[r + 1]; e++) {
                int cc = 3 * rank[matrix.col[e]];
                if (cc > rr) {
                    continue;
                }
                int o = 6 * e;
                for (int a = 0; a < 3; a++) {
                    for (int b = 0; b < 3; b++) {
                        int row = rr + a;
                        int column = cc + b;
                        if (column <= row) {
                            l[row * w + column - row + band] = cv[o + SYM[3 * a + b]];
                        }
                    }
                }
            }
        }
        for (double v : l) {
            if (!Double.isFinite(v)) {
                return false;
            }
        }
        return BandCholesky.factor(l, 3 * nodes, band);
    }

    /** Index into a symmetric block's 6 numbers of entry (a, b), at 3a + b. */
    private static final int[] SYM = {0, 1, 2, 1, 3, 4, 2, 4, 5};

    /** x = A_c⁻¹ b on the coarsest level (x = 0 when A_c could not be factorised). */
    void solve(double[] b, double[] x) {
        final int n3 = 3 * nodes;
        if (!factored) {
            Arrays.fill(x, 0, n3, 0);
            return;
        }
        for (int r = 0; r < nodes; r++) {
            int p = 3 * rank[r];
            work[p] = b[3 * r];
            work[p + 1] = b[3 * r + 1];
            work[p + 2] = b[3 * r + 2];
        }
        BandCholesky.solve(banded, n3, band, work);
        for (int r = 0; r < nodes; r++) {
            int p = 3 * rank[r];
            x[3 * r] = work[p];
            x[3 * r + 1] = work[p + 1];
            x[3 * r + 2] = work[p + 2];
        }
    }

    /** rc = Pᵀ r (r on the finer nodes, rc on the aggregates). */
    void restrict(double[] r, double[] rc) {
        Arrays.fill(rc, 0, 3 * nodes, 0);
        for (int i = 0, p = 0; i < fineNodes; i++, p += 3) {
            double x = r[p];
            double y = r[p + 1];
            double z = r[p + 2];
            for (int t = pStart[i]; t < pStart[i + 1]; t++) {
                double w = pVal[t];
                int o = 3 * pCol[t];
                rc[o] += w * x;
                rc[o + 1] += w * y;
                rc[o + 2] += w * z;
            }
        }
    }

    /** x += P e (e on the aggregates, x on the finer nodes). */
    void prolongAdd(double[] e, double[] x) {
        for (int i = 0, p = 0; i < fineNodes; i++, p += 3) {
            double sx = 0;
            double sy = 0;
            double sz = 0;
            for (int t = pStart[i]; t < pStart[i + 1]; t++) {
                double w = pVal[t];
                int o = 3 * pCol[t];
                sx += w * e[o];
                sy += w * e[o + 1];
                sz += w * e[o + 2];
            }
            x[p] += sx;
            x[p + 1] += sy;
            x[p + 2] += sz;
        }
    }

    /**
     * Vaněk et al.'s greedy aggregation of the graph {start, adjacency} (no self-loops).
     *
     * @return the number of aggregates; {@code out[i]} receives node i's
     */
    static int aggregate(int[] start, int[] adj, int[] out) {
        int n = out.length;
        Arrays.fill(out, -1);
        int count = 0;
        for (int i = 0; i < n; i++) {
            if (out[i] >= 0) {
                continue;
            }
            boolean free = true;
            for (int e = start[i]; e < start[i + 1] && free; e++) {
                free = out[adj[e]] < 0;
            }
            if (free) {
                out[i] = count;
                for (int e = start[i]; e < start[i + 1]; e++) {
                    out[adj[e]] = count;
                }
                count++;
            }
        }
        int[] first = out.clone();
        for (int i = 0; i < n; i++) {
            if (out[i] < 0) {
                for (int e = start[i]; e < start[i + 1]; e++) {
                    if (first[adj[e]] >= 0) {
                        out[i] = first[adj[e]];
                        break;
                    }
                }
            }
        }
        for (int i = 0; i < n; i++) {
            if (out[i] < 0) {
                out[i] = count;
                for (int e = start[i]; e < start[i + 1]; e++) {
                    if (out[adj[e]] < 0) {
                        out[adj[e]] = count;
                    }
                }
                count++;
            }
        }
        return count;
    }

    /** Sorts a[0, m) and drops repeats; returns the new length. */
    private static int sortUnique(int[] a, int m) {
        Arrays.sort(a, 0, m);
        int u = 0;
        for (int s = 0; s < m; s++) {
            if (u == 0 || a[s] != a[u - 1]) {
                a[u++] = a[s];
            }
        }
        return u;
    }
}
