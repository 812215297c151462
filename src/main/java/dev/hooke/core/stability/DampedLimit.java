package dev.hooke.core.stability;

import dev.hooke.core.integrate.IntegratorKind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ejml.data.DMatrixRMaj;

/**
 * The stability limit of an explicit method on the whole damped linearisation
 * y'' = −A y − B y', found in a basis of undamped modes ({@link ModalBasis}).
 *
 * <h2>Method</h2>
 * <ol>
 *   <li>First-order estimate per mode: the method's one-mode rule at ω_i and ζ_i = b̃_ii/(2ω_i)
 *       (exact when B̃ is diagonal, i.e. C shares K's modes, as with air damping alone).</li>
 *   <li>Candidates: every mode whose estimate is within a factor 1 + {@value #CANDIDATE_MARGIN}
 *       of the smallest (at most {@value #MAX_CANDIDATES}; {@value #MAX_PARTITIONED_CANDIDATES} for
 *       the partitioned methods, whose limits sit at the fast end). A slower, less damped mode is a
 *       candidate as much as the fastest one.</li>
 *   <li>For each candidate i, the modes coupled to it: by second-order perturbation of the
 *       quadratic eigenproblem (s² + s B̃ + Ω²) q = 0 at s ≈ iω_i (Tisseur &amp; Meerbergen,
 *       "The quadratic eigenvalue problem", SIAM Review 43, 2001), mode j mixes into mode i with
 *       amplitude c_ij = |b̃_ij| ω_i / |ω_j² − ω_i²|, and moves Re s_i by a relative
 *       O(c_ij²). Modes with c_ij ≥ {@value #COUPLING_CUTOFF}, strongest first, join i's
 *       cluster (at most {@value #CLUSTER_MAX} modes; a basis that small is taken whole).</li>
 *   <li>The exact limit of each cluster's projected system q_S'' = −Ω_S² q_S − B̃_SS q_S'
 *       ({@link AmplificationLimit}: the spectral radius of the method's amplification matrix);
 *       the limit is the smallest.</li>
 * </ol>
 *
 * <h2>Error</h2>
 * When the basis is complete and small enough to be one cluster the result is the exact limit of
 * the linearisation (to the bisection's 10⁻¹⁰). Otherwise the couplings left out of a cluster
 * change the critical eigenvalue's damping by a relative Σ c_ij² over the left-out modes, which
 * {@link Result#neglected()} reports (below 10⁻⁴ on the meshes the tests try). With a Lanczos
 * basis only converged Ritz modes take part: a critical mode slower than those the Krylov space
 * resolves would be missed (Lanczos resolves the fast end first, where the limits of every
 * method but explicit Euler sit).
 */
final class DampedLimit {

    /** Modes whose first-order limit is within this relative margin of the smallest are refined. */
    static final double CANDIDATE_MARGIN = 0.25;
    /** The most candidate modes refined. */
    static final int MAX_CANDIDATES = 12;
    /** The most candidate modes refined for the partitioned methods (symplectic Euler, Verlet). */
    static final int MAX_PARTITIONED_CANDIDATES = 3;
    /** Coupling amplitude c_ij from which mode j joins candidate i's cluster. */
    static final double COUPLING_CUTOFF = 1e-3;
    /** The most modes in one cluster. */
    static final int CLUSTER_MAX = 64;

    /**
     * @param dtMax     the limit; in s (0: unstable at every Δt)
     * @param critical  the index in the basis of the candidate whose cluster sets the limit
     * @param neglected Σ c_ij² of the couplings left out of that cluster (0 when none was)
     */
    record Result(double dtMax, int critical, double neglected) {
    }

    private DampedLimit() {
    }

    /** A candidate mode, its first-order limit, its cluster and the couplings left out of it. */
    private record Cluster(int candidate, double firstOrder, int[] modes, double neglected) {
    }

    static Result compute(ModalBasis basis, IntegratorKind kind, double delta) {
        if (basis.size() == 0) {
            return new Result(Double.POSITIVE_INFINITY, -1, 0);
        }
        AmplificationLimit.Scheme scheme = AmplificationLimit.Scheme.of(kind);
        List<Cluster> clusters = clusters(basis, kind, delta);
        if (scheme == null) {
            Cluster c = clusters.get(0);
            return new Result(c.firstOrder(), c.candidate(), 0);
        }
        Result best = null;
        for (Cluster c : clusters) {
            double limit = AmplificationLimit.limit(kind, delta, subDiagonal(basis.omega2, c.modes()),
                    subMatrix(basis.damping, c.modes()), c.firstOrder());
            if (best == null || limit < best.dtMax()) {
                best = new Result(limit, c.candidate(), c.neglected());
            }
        }
        return best;
    }

    /**
     * The largest spectral radius of the method's step at h over the candidates' clusters: the
     * growth per step of the mode that leaves the stability region first (1 or less below the
     * limit). NaN for a method whose amplification matrix is not known here.
     */
    static double spectralRadius(ModalBasis basis, IntegratorKind kind, double delta, double h) {
        if (basis.size() == 0 || AmplificationLimit.Scheme.of(kind) == null) {
            return Double.NaN;
        }
        double rho = 0;
        for (Cluster c : clusters(basis, kind, delta)) {
            rho = Math.max(rho, AmplificationLimit.spectralRadius(kind, delta, subDiagonal(basis.omega2, c.modes()),
                    subMatrix(basis.damping, c.modes()), h));
        }
        return rho;
    }

    private static List<Cluster> clusters(ModalBasis basis, IntegratorKind kind, double delta) {
        int m = basis.size();
        double[] first = new double[m];
        Integer[] order = new Integer[m];
        for (int i = 0; i < m; i++) {
            first[i] = StabilityAnalysis.modalLimit(kind, basis.omega(i), basis.zeta(i), delta);
            order[i] = i;
        }
        Arrays.sort(order, (x, y) -> Double.compare(first[x], first[y]));
        double smallest = first[order[0]];
        // a partitioned method's limit sits at the fast end (ω h ≈ 2): few candidates
        AmplificationLimit.Scheme scheme = AmplificationLimit.Scheme.of(kind);
        int maxCandidates = scheme == null || scheme.rungeKutta() ? MAX_CANDIDATES : MAX_PARTITIONED_CANDIDATES;
        List<Cluster> out = new ArrayList<>();
        for (Integer i : order) {
            if (out.size() >= maxCandidates || first[i] > (1 + CANDIDATE_MARGIN) * smallest) {
                break;
            }
            out.add(cluster(basis, i, first[i]));
        }
        return out;
    }

    private static Cluster cluster(ModalBasis basis, int i, double firstOrder) {
        int m = basis.size();
        if (m <= CLUSTER_MAX) {
            int[] all = new int[m];
            for (int j = 0; j < m; j++) {
                all[j] = j;
            }
            all[0] = i;
            all[i] = 0;
            return new Cluster(i, firstOrder, all, 0);
        }
        double[] c = new double[m];
        Integer[] byCoupling = new Integer[m];
        for (int j = 0; j < m; j++) {
            byCoupling[j] = j;
            if (j != i) {
                double gap = Math.abs(basis.omega2[j] - basis.omega2[i]);
                double b = Math.abs(basis.damping.get(i, j));
                c[j] = b == 0 ? 0 : gap == 0 ? Double.POSITIVE_INFINITY : b * basis.omega(i) / gap;
            }
        }
        c[i] = Double.POSITIVE_INFINITY;
        Arrays.sort(byCoupling, (x, y) -> Double.compare(c[y], c[x]));
        int size = 0;
        while (size < CLUSTER_MAX && c[byCoupling[size]] >= COUPLING_CUTOFF) {
            size++;
        }
        int[] modes = new int[size];
        for (int j = 0; j < size; j++) {
            modes[j] = byCoupling[j];
        }
        double neglected = 0;
        for (int j = size; j < m; j++) {
            double cj = c[byCoupling[j]];
            neglected += Double.isFinite(cj) ? cj * cj : 1;
        }
        return new Cluster(i, firstOrder, modes, neglected);
    }

    private static double[] subDiagonal(double[] d, int[] idx) {
        double[] out = new double[idx.length];
        for (int r = 0; r < idx.length; r++) {
            out[r] = d[idx[r]];
        }
        return out;
    }

    private static DMatrixRMaj subMatrix(DMatrixRMaj a, int[] idx) {
        DMatrixRMaj out = new DMatrixRMaj(idx.length, idx.length);
        for (int r = 0; r < idx.length; r++) {
            for (int c = 0; c < idx.length; c++) {
                out.set(r, c, a.get(idx[r], idx[c]));
            }
        }
        return out;
    }
}
