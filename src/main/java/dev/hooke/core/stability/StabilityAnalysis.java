package dev.hooke.core.stability;

import dev.hooke.core.integrate.Integrator;
import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.integrate.Integrators;
import dev.hooke.core.integrate.LimitFormula;
import dev.hooke.core.integrate.PositionVerlet;
import dev.hooke.core.model.MassSpringSystem;
import java.util.SplittableRandom;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;

/**
 * Linear stability analysis: how large Δt may be before an explicit integrator explodes.
 *
 * <h2>Bounds</h2>
 * <ul>
 *   <li>The naive bound 2·√(m/k), the single-spring limit of symplectic Euler: the smallest over
 *       all springs, with the lighter free end's mass.</li>
 *   <li>The true bound comes from ω_max = √λ_max(M⁻¹K) at the present state with pinned DOFs
 *       removed. A chain pinned at one end approaches ω_max = 2√(k/m), half the single-spring
 *       Δt (2/ω with the single spring's ω overestimates the limit: the mesh's ω_max is what
 *       counts).</li>
 * </ul>
 * λ_max is found with EJML's dense symmetric eigen solver when the system has at most
 * {@value #DENSE_MAX_DOFS} free DOFs, otherwise matrix-free by Lanczos with full
 * reorthogonalisation, stopped when the Ritz residual ‖A y − θ y‖ = β_j |s_j| falls below
 * {@value #LANCZOS_TOLERANCE}·θ (for a symmetric matrix this bounds |λ_max − θ|).
 *
 * <h2>Each integrator's limit on a mode with angular frequency ω and damping ratio ζ</h2>
 * With the mode's eigenvalues s = ω(−ζ ± i√(1 − ζ²)) of y' = A y (Hairer &amp; Wanner 1996, §IV.2):
 * <pre>
 *   explicit Euler     |1 + h s| ≤ 1        ⇒  h ≤ 2ζ/ω  (ζ &lt; 1);   h ≤ 2 / (ω (ζ + √(ζ² − 1)))  (ζ ≥ 1)
 *                                            undamped: unstable at every Δt
 *   symplectic Euler   amplification matrix [[1 − y², y(1 − 2ζy)/ω], [−yω, 1 − 2ζy]], y = hω,
 *                      det = 1 − 2ζy, trace = 2 − y² − 2ζy; Jury's conditions give
 *                      y ≤ min(2(√(1 + ζ²) − ζ), 1/ζ)         (2/ω when undamped)
 *   Verlet (δ)         λ² − (2 − δ − y²) λ + (1 − δ) = 0 has λ = −1 at y = 2√(1 − δ/2)
 *   velocity Verlet    y ≤ 2
 *   either, damped     spectral radius of the implementation's 3×3 amplification matrix ≤ 1,
 *                      by bisection
 *   RK4                |R(h s)| ≤ 1, R(z) = 1 + z + z²/2 + z³/6 + z⁴/24; undamped y ≤ 2√2;
 *                      damped: the root of |R(h s)| = 1 found by bisection
 *   implicit methods   no limit
 *   PBD, XPBD, fast mass-spring   no limit (projections; see their classes)
 * </pre>
 * Each rule is its method's {@link dev.hooke.core.integrate.StabilityRule}, kept in the method's
 * {@link Integrators} entry (the built-in ones beside each integrator class); this analysis finds
 * ω and ζ of the modes and asks the rule.
 * Without damping the modes decouple and every rule decreases with ω, so the fastest mode sets the
 * limit exactly. With damping (axial k_d, air c) the limit is that of the whole damped
 * linearisation y'' = −A y − B y', A = M^−½KM^−½, B = M^−½CM^−½: C is in general not proportional
 * to K (structural, shear and bend springs share one k_d), so a mode's damping cannot be read off
 * its undamped shape exactly, and a slower, less damped mode can leave the stability region first.
 * {@link DampedLimit} finds it in a basis of undamped modes (all of them from the dense solver up to
 * {@value #DENSE_MAX_DOFS} free DOFs, converged Lanczos Ritz vectors above) and takes the exact
 * spectral radius of each method's amplification matrix on the candidate modes and the modes
 * coupled to them ({@link AmplificationLimit}); its javadoc states the error.
 */
public final class StabilityAnalysis {

    /**
     * Systems with at most this many free DOFs are analysed with the dense eigen solver (every
     * mode; the cost grows as n³: a second or more at 800 DOFs), larger ones by Lanczos (the
     * fastest mode, a few ms to tens of ms). A spring, a chain of up to 100 nodes and a 10×10
     * cloth stay dense.
     */
    public static final int DENSE_MAX_DOFS = 300;
    /** Relative Ritz residual at which Lanczos stops. */
    public static final double LANCZOS_TOLERANCE = 1e-10;
    /**
     * Modes slower than this fraction of ω_max are left out of a mesh's limit: near-rigid modes
     * of a linearisation away from equilibrium, whose growth over any practical run is negligible
     * (explicit Euler's factor 1 + h²ω² per step is 1 + 10⁻⁶ h²ω_max² for them).
     */
    public static final double SLOW_MODE_FRACTION = 1e-3;
    /**
     * Relative Ritz residual ‖A y − θ y‖/θ_max below which a Lanczos Ritz pair joins the modal
     * basis of a damped limit.
     */
    public static final double RITZ_TOLERANCE = 1e-8;
    /** A damped limit within this relative distance of the fastest mode's formula is reported as that formula. */
    static final double SAME_AS_FORMULA = 1e-9;
    /** The most Lanczos iterations (each keeps one vector of the basis). */
    public static final int LANCZOS_MAX_ITERATIONS = 300;

    private StabilityAnalysis() {
    }

    // ------------------------------------------------------------------ naive bound

    /**
     * The naive bound min over springs of 2·√(m/k_s), m the lighter free end's mass; in s.
     * Springs with k_s = 0 or with both ends pinned are skipped; +∞ if none is left.
     */
    public static double naiveBound(MassSpringSystem s) {
        double best = Double.POSITIVE_INFINITY;
        for (int sp = 0; sp < s.springCount(); sp++) {
            double k = s.stiffness(sp);
            if (k <= 0) {
                continue;
            }
            int a = s.springA(sp);
            int b = s.springB(sp);
            double m;
            if (s.isPinned(a) && s.isPinned(b)) {
                continue;
            } else if (s.isPinned(a)) {
                m = s.mass(b);
            } else if (s.isPinned(b)) {
                m = s.mass(a);
            } else {
                m = Math.min(s.mass(a), s.mass(b));
            }
            best = Math.min(best, 2 * Math.sqrt(m / k));
        }
        return best;
    }

    // ------------------------------------------------------------------ ω_max

    /** ω_max and the fastest mode's ζ, by the dense solver or Lanczos depending on the size. */
    public static ModalEstimate fastestMode(MassSpringSystem s) {
        LinearizedSystem lin = new LinearizedSystem(s);
        return lin.dim <= DENSE_MAX_DOFS ? dense(lin).fastest : lanczos(lin);
    }

    /** ω_max = √λ_max(M⁻¹K); in rad/s. */
    public static double omegaMax(MassSpringSystem s) {
        return fastestMode(s).omegaMax();
    }

    /** ω_max from EJML's dense symmetric eigen solver, at any size (slow for large systems). */
    public static ModalEstimate fastestModeDense(MassSpringSystem s) {
        return dense(new LinearizedSystem(s)).fastest;
    }

    /** ω_max from matrix-free Lanczos, at any size. */
    public static ModalEstimate fastestModeLanczos(MassSpringSystem s) {
        return lanczos(new LinearizedSystem(s));
    }

    private record DenseResult(ModalEstimate fastest, double[] omegas, double[] zetas) {
    }

    private static DenseResult dense(LinearizedSystem lin) {
        if (lin.dim == 0) {
            return new DenseResult(new ModalEstimate(0, 0, "dense", 0, 0), new double[0], new double[0]);
        }
        DMatrixRMaj a = lin.denseA();
        DMatrixRMaj b = lin.denseB();
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(lin.dim, true, true);
        if (!eig.decompose(a)) {
            throw new IllegalStateException("the dense eigen solver did not converge");
        }
        int count = eig.getNumberOfEigenvalues();
        double[] omegas = new double[count];
        double[] zetas = new double[count];
        double lambdaMax = Double.NEGATIVE_INFINITY;
        int best = -1;
        DMatrixRMaj bw = new DMatrixRMaj(lin.dim, 1);
        for (int i = 0; i < count; i++) {
            double lambda = eig.getEigenvalue(i).getReal();
            omegas[i] = lambda > 0 ? Math.sqrt(lambda) : 0;
            DMatrixRMaj w = eig.getEigenVector(i);
            if (w != null && omegas[i] > 0) {
                CommonOps_DDRM.mult(b, w, bw);
                double num = CommonOps_DDRM.dot(w, bw);
                double den = CommonOps_DDRM.dot(w, w);
                zetas[i] = num / (den * 2 * omegas[i]);
            }
            if (lambda > lambdaMax) {
                lambdaMax = lambda;
                best = i;
            }
        }
        ModalEstimate fastest = new ModalEstimate(omegas[best], zetas[best], "dense", 0, lin.dim);
        return new DenseResult(fastest, omegas, zetas);
    }

    private static ModalEstimate lanczos(LinearizedSystem lin) {
        final int n = lin.dim;
        if (n == 0) {
            return new ModalEstimate(0, 0, "lanczos", 0, 0);
        }
        final int maxIter = Math.min(n, LANCZOS_MAX_ITERATIONS);
        double[][] q = new double[maxIter + 1][];
        double[] alpha = new double[maxIter];
        double[] beta = new double[maxIter];
        SplittableRandom rnd = new SplittableRandom(0x5eed);
        double[] start = new double[n];
        for (int i = 0; i < n; i++) {
            start[i] = rnd.nextDouble() - 0.5;
        }
        Vectors.scale(start, 1 / Vectors.norm(start));
        q[0] = start;
        double[] w = new double[n];
        double theta = 0;
        double[] ritz = null;
        int used = 0;
        for (int j = 0; j < maxIter; j++) {
            lin.applyA(q[j], w);
            alpha[j] = Vectors.dot(q[j], w);
            Vectors.axpy(-alpha[j], q[j], w);
            if (j > 0) {
                Vectors.axpy(-beta[j - 1], q[j - 1], w);
            }
            // full reorthogonalisation, twice ("twice is enough")
            for (int pass = 0; pass < 2; pass++) {
                for (int i = 0; i <= j; i++) {
                    Vectors.axpy(-Vectors.dot(q[i], w), q[i], w);
                }
            }
            beta[j] = Vectors.norm(w);
            used = j + 1;
            boolean invariant = beta[j] <= 1e-13 * Math.max(Math.abs(alpha[j]), 1e-300);
            if (used % 5 == 0 || invariant || used == maxIter) {
                double[] sol = largestRitzPair(alpha, beta, used);
                theta = sol[0];
                ritz = sol;
                double residual = Math.abs(beta[j] * sol[used]);
                if (invariant || residual <= LANCZOS_TOLERANCE * Math.abs(theta)) {
                    break;
                }
            }
            q[j + 1] = new double[n];
            System.arraycopy(w, 0, q[j + 1], 0, n);
            Vectors.scale(q[j + 1], 1 / beta[j]);
        }
        double omega = theta > 0 ? Math.sqrt(theta) : 0;
        double zeta = 0;
        if (omega > 0 && ritz != null) {
            double[] y = new double[n];
            for (int i = 0; i < used; i++) {
                Vectors.axpy(ritz[1 + i], q[i], y);
            }
            lin.applyB(y, w);
            zeta = Vectors.dot(y, w) / (Vectors.dot(y, y) * 2 * omega);
        }
        return new ModalEstimate(omega, zeta, "lanczos", used, n);
    }

    /** {θ, s_1 … s_m}: the largest eigenvalue of the m×m tridiagonal T and its unit eigenvector. */
    private static double[] largestRitzPair(double[] alpha, double[] beta, int m) {
        DMatrixRMaj t = new DMatrixRMaj(m, m);
        for (int i = 0; i < m; i++) {
            t.set(i, i, alpha[i]);
            if (i + 1 < m) {
                t.set(i, i + 1, beta[i]);
                t.set(i + 1, i, beta[i]);
            }
        }
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(m, true, true);
        if (!eig.decompose(t)) {
            throw new IllegalStateException("the tridiagonal eigen solve did not converge");
        }
        int best = 0;
        for (int i = 1; i < eig.getNumberOfEigenvalues(); i++) {
            if (eig.getEigenvalue(i).getReal() > eig.getEigenvalue(best).getReal()) {
                best = i;
            }
        }
        DMatrixRMaj s = eig.getEigenVector(best);
        double[] out = new double[m + 1];
        out[0] = eig.getEigenvalue(best).getReal();
        double norm = 0;
        for (int i = 0; i < m; i++) {
            norm += s.get(i) * s.get(i);
        }
        norm = Math.sqrt(norm);
        for (int i = 0; i < m; i++) {
            out[1 + i] = s.get(i) / norm;
        }
        return out;
    }

    // ------------------------------------------------------------------ limits

    /** The predicted limit of {@code integrator} on s (Verlet's δ is taken from the integrator). */
    public static StabilityLimit predictedLimit(MassSpringSystem s, Integrator integrator) {
        double delta = integrator instanceof PositionVerlet pv ? pv.damping() : PositionVerlet.DEFAULT_DAMPING;
        return predictedLimit(s, integrator.kind(), delta);
    }

    /**
     * The predicted limit of an integrator on s: the smallest {@link #modalLimit} over the modes
     * (all of them for a system small enough for the dense solver, the fastest otherwise).
     *
     * @param verletDelta δ of the position Verlet integrator (ignored by the others)
     */
    public static StabilityLimit predictedLimit(MassSpringSystem s, IntegratorKind kind, double verletDelta) {
        if (kind.isUnconditionallyStable()) {
            return new StabilityLimit(kind, Double.POSITIVE_INFINITY, Double.NaN, Double.NaN,
                    kind.isImplicit() ? LimitFormula.IMPLICIT_NONE : LimitFormula.PROJECTION_NONE);
        }
        LinearizedSystem lin = new LinearizedSystem(s);
        if (lin.hasDamping()) {
            return dampedLimit(lin, kind, verletDelta);
        }
        // Undamped, the modes decouple and every rule decreases with ω: the fastest mode decides.
        ModalEstimate f = lin.dim <= DENSE_MAX_DOFS ? dense(lin).fastest : lanczos(lin);
        return new StabilityLimit(kind, f.omegaMax() > 0 ? modalLimit(kind, f.omegaMax(), 0, verletDelta)
                : Double.POSITIVE_INFINITY, f.omegaMax(), f.zeta(), rule(kind, 0, verletDelta));
    }

    /**
     * With damping: the limit of the whole damped linearisation ({@link DampedLimit}), in the
     * dense modal basis up to {@value #DENSE_MAX_DOFS} free DOFs and in a Lanczos Ritz basis of
     * {@value #LANCZOS_MAX_ITERATIONS} steps above. The rule is the fastest mode's formula when the
     * limit is that formula's value (one mode, damping along it alone), otherwise
     * {@link LimitFormula#DAMPED_SPECTRAL}.
     */
    private static StabilityLimit dampedLimit(LinearizedSystem lin, IntegratorKind kind, double verletDelta) {
        if (lin.dim == 0) {
            return new StabilityLimit(kind, Double.POSITIVE_INFINITY, 0, 0, rule(kind, 0, verletDelta));
        }
        ModalBasis basis = lin.dim <= DENSE_MAX_DOFS ? ModalBasis.dense(lin)
                : ModalBasis.lanczos(lin, LANCZOS_MAX_ITERATIONS, RITZ_TOLERANCE);
        if (basis.size() == 0) {
            return new StabilityLimit(kind, Double.POSITIVE_INFINITY, 0, 0, rule(kind, 0, verletDelta));
        }
        double omegaMax = basis.omega(0);
        double zeta = basis.zeta(0);
        DampedLimit.Result r = DampedLimit.compute(basis, kind, verletDelta);
        double formula = modalLimit(kind, omegaMax, zeta, verletDelta);
        boolean same = Math.abs(r.dtMax() - formula) <= SAME_AS_FORMULA * Math.max(formula, Double.MIN_NORMAL)
                || r.dtMax() == formula;
        return new StabilityLimit(kind, r.dtMax(), omegaMax, zeta,
                same ? rule(kind, zeta, verletDelta) : LimitFormula.DAMPED_SPECTRAL);
    }

    /**
     * The growth per step, ρ(G(h)), of the modes that leave the stability region first, for a
     * built-in explicit method at step h on the linearisation of s (computed as the limit is, see
     * {@link DampedLimit}); 1 or less below the limit. NaN for a method stable at every Δt or one
     * whose amplification matrix is not known.
     */
    public static double growthPerStep(MassSpringSystem s, IntegratorKind kind, double verletDelta, double h) {
        if (kind.isUnconditionallyStable()) {
            return Double.NaN;
        }
        LinearizedSystem lin = new LinearizedSystem(s);
        if (lin.dim == 0) {
            return Double.NaN;
        }
        ModalBasis basis = lin.dim <= DENSE_MAX_DOFS ? ModalBasis.dense(lin)
                : ModalBasis.lanczos(lin, LANCZOS_MAX_ITERATIONS, RITZ_TOLERANCE);
        return DampedLimit.spectralRadius(basis, kind, verletDelta, h);
    }

    /** The rule the limit follows, for reports: the rule of {@code kind}'s registry entry. */
    static LimitFormula rule(IntegratorKind kind, double zeta, double verletDelta) {
        return Integrators.entry(kind).stability().formula(zeta, verletDelta);
    }

    /**
     * The largest stable h for one mode of angular frequency ω (rad/s) and damping ratio ζ; in s.
     * 0 means unstable at every h; +∞ means stable at every h. See the class comment.
     */
    public static double modalLimit(IntegratorKind kind, double omega, double zeta, double verletDelta) {
        if (!(omega > 0)) {
            return Double.POSITIVE_INFINITY;
        }
        if (kind.isUnconditionallyStable()) {
            return Double.POSITIVE_INFINITY;
        }
        return Integrators.entry(kind).stability().modalLimit(omega, Math.max(0, zeta), verletDelta);
    }

    // ------------------------------------------------------------------ small vector helpers
}
