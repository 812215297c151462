package dev.hooke.core.solve;

import dev.hooke.core.model.StateRecord;
import dev.hooke.core.parallel.Team;

/**
 * Preconditioned conjugate gradients (Hestenes &amp; Stiefel 1952; Shewchuk, "An Introduction to
 * the Conjugate Gradient Method Without the Agonizing Pain", 1994, §12), as Baraff &amp; Witkin
 * 1998 (§5.3) solve the implicit step:
 * <pre>
 *   r₀ = b − A x₀,   z₀ = P⁻¹ r₀,   p₀ = z₀
 *   repeat:  α = rᵀz / pᵀAp
 *            x ← x + α p,   r ← r − α A p
 *            stop when ‖r‖ / ‖b‖ ≤ tol
 *            z = P⁻¹ r,   β = r_newᵀ z_new / r_oldᵀ z_old,   p ← z + β p
 * </pre>
 * <ul>
 *   <li>Tolerance: on the relative residual ‖b − A x‖₂ / ‖b‖₂. When the recurrence says it is
 *       met, the true residual is computed from x; if the recurrence has drifted and the true one
 *       is still above tol, r is replaced by it and the iteration continues from p = P⁻¹ r
 *       (residual replacement), within the same iteration cap.</li>
 *   <li>Indefinite matrix: pᵀAp ≤ 0 (or rᵀP⁻¹r ≤ 0) cannot happen for a positive definite A and
 *       P; the solve stops there with {@link SolveOutcome#INDEFINITE} and returns the last iterate
 *       (Choi &amp; Ko 2002).</li>
 *   <li>Warm start: the first guess is the best multiple of whatever x holds on entry (the
 *       caller passes the previous step's answer w, or zeros; a non-finite w is replaced by 0):
 *       <pre>
 *   x₀ = γ w,   γ = wᵀb / wᵀAw
 *       </pre>
 *       the γ that minimises the error's A-norm ‖x* − γ w‖_A along w (a one-dimensional Galerkin
 *       projection), so the start is never worse, in that norm, than x₀ = 0 or x₀ = w. It costs
 *       nothing extra: r₀ = b − γ A w needs the product A w that r₀ needs anyway. It matters on a
 *       cloth hanging at rest, where the step's Δv is mostly the previous solve's error: there
 *       the unscaled w starts at ‖r₀‖ ≈ 1.7 ‖b‖, worse than 0, and the scaled one at about 0.9 ‖b‖;
 *       the iterations per step fall from 75 to 37 on the benchmark's 100 × 100 cloth
 *       (docs/performance.md). wᵀAw ≤ 0 leaves γ = 1.</li>
 * </ul>
 *
 * <h2>Work per iteration</h2>
 * One product A p and three passes over the vectors, fused: the product also forms
 * pᵀAp (from the springs, {@link SystemMatrix}) and first updates p ← z + β p on each part; one
 * pass then updates x and r, applies P⁻¹ and forms rᵀr and rᵀz, a tile of
 * {@value #TILE} unknowns at a time so that r stays in the cache between the three. Both run part
 * by part on the matrix's {@link Team} for large systems; every sum is taken part by part in a
 * fixed order, so the iterates are the same bit for bit with any number of threads. A
 * preconditioner with a global part ({@link Preconditioner#hasCorrection()}, the two-level one)
 * adds it to z on the calling thread after that pass, and its share of rᵀz with it.
 *
 * <p>Workspaces (r, z, p, A p) are created for a dimension once and reused: no allocation per solve.
 */
public final class ConjugateGradient implements LinearSolver {

    /** Unknowns per tile of the fused vector pass (a multiple of 3). */
    static final int TILE = 768;

    private static final int PARTS = SystemMatrix.parts();

    private final Preconditioner preconditioner;
    private final double tolerance;
    private final int maxIterations;
    private double[] r = new double[0];
    private double[] z = new double[0];
    private double[] p = new double[0];
    private double[] ap = new double[0];
    private final double[] partQuad = new double[PARTS];
    private final double[] partRr = new double[PARTS];
    private final double[] partRz = new double[PARTS];
    private final Job job = new Job();

    /**
     * @param preconditioner P
     * @param tolerance      the relative residual to reach, in (0, 1)
     * @param maxIterations  the iteration cap, at least 1
     */
    public ConjugateGradient(Preconditioner preconditioner, double tolerance, int maxIterations) {
        if (!(tolerance > 0 && tolerance < 1)) {
            throw new IllegalArgumentException("tol: must be in (0, 1), got " + tolerance);
        }
        if (maxIterations < 1) {
            throw new IllegalArgumentException("max-iter: must be at least 1, got " + maxIterations);
        }
        this.preconditioner = preconditioner;
        this.tolerance = tolerance;
        this.maxIterations = maxIterations;
    }

    @Override
    public SolverKind kind() {
        return SolverKind.CG;
    }

    /** The preconditioner. */
    public Preconditioner preconditioner() {
        return preconditioner;
    }

    @Override
    public void saveState(StateRecord out, SystemMatrix a) {
        preconditioner.saveState(out, a);
    }

    @Override
    public void restoreState(StateRecord in, SystemMatrix a) {
        preconditioner.restoreState(in, a);
    }

    /** The relative-residual tolerance. */
    public double tolerance() {
        return tolerance;
    }

    /** The iteration cap. */
    public int maxIterations() {
        return maxIterations;
    }

    @Override
    public void solve(SystemMatrix a, double[] b, double[] x, LinearSolveStats st) {
        final int n = a.dimension();
        if (r.length != n) {
            r = new double[n];
            z = new double[n];
            p = new double[n];
            ap = new double[n];
        }
        st.reset(maxIterations + 1);
        double bNorm = rightHandSideNorm(b, x, n, st);
        if (!(bNorm > 0)) {
            return;
        }
        boolean zero = clearFirstGuess(x, n);
        preconditioner.update(a);
        job.begin(a, b, x);
        try {
            iterate(a, b, x, st, n, bNorm, zero);
        } finally {
            job.end();
        }
    }

    private void iterate(SystemMatrix a, double[] b, double[] x, LinearSolveStats st, int n, double bNorm, boolean zero) {
        if (zero) {
            run(a, Job.START_FROM_ZERO, 0);
        } else {
            // γ = wᵀb / wᵀAw, then x = γ w, r = b − γ A w
            double waw = product(a, x, null, 0);
            double wb = dot(x, b, n);
            run(a, Job.START_SCALED, warmStartScale(waw, wb));
        }
        double res = Math.sqrt(sum(partRr)) / bNorm;
        st.initialResidual = res;
        st.record(res);
        if (!Double.isFinite(res)) {
            st.outcome = SolveOutcome.BREAKDOWN;
            st.finalResidual = res;
            return;
        }
        if (res <= tolerance) {
            st.finalResidual = res;
            return;
        }
        double rz = rz(n);
        boolean restart = true;
        double beta = 0;
        SolveOutcome outcome = SolveOutcome.ITERATION_CAP;
        int k = 0;
        while (k < maxIterations) {
            if (!(rz > 0)) {
                outcome = Double.isNaN(rz) ? SolveOutcome.BREAKDOWN : SolveOutcome.INDEFINITE;
                break;
            }
            if (restart) {
                System.arraycopy(z, 0, p, 0, n);
                restart = false;
                beta = 0;
            }
            double pap = product(a, p, z, beta);
            if (!(pap > 0)) {
                outcome = Double.isNaN(pap) ? SolveOutcome.BREAKDOWN : SolveOutcome.INDEFINITE;
                break;
            }
            double alpha = rz / pap;
            run(a, Job.UPDATE, alpha);
            k++;
            res = Math.sqrt(sum(partRr)) / bNorm;
            if (!Double.isFinite(res)) {
                outcome = SolveOutcome.BREAKDOWN;
                break;
            }
            double rzNew = rz(n);
            if (res <= tolerance) {
                product(a, x, null, 0);
                run(a, Job.TRUE_RESIDUAL, 0);
                res = Math.sqrt(sum(partRr)) / bNorm;
                if (res <= tolerance) {
                    st.record(res);
                    outcome = SolveOutcome.CONVERGED;
                    break;
                }
                restart = true;
                rzNew = rz(n);
            }
            st.record(res);
            beta = rzNew / rz;
            rz = rzNew;
        }
        st.iterations = k;
        st.outcome = outcome;
        if (outcome != SolveOutcome.CONVERGED) {
            product(a, x, null, 0);
            double sq = 0;
            for (int q = 0; q < n; q++) {
                double d = b[q] - ap[q];
                sq += d * d;
            }
            res = Math.sqrt(sq) / bNorm;
        }
        st.finalResidual = res;
    }

    /**
     * ‖b‖, or a value that is not &gt; 0 when the solve is over before it starts: b not finite
     * ({@link SolveOutcome#BREAKDOWN}, residuals NaN) or zero (x = 0, converged). Shared by the CG
     * solvers.
     */
    static double rightHandSideNorm(double[] b, double[] x, int n, LinearSolveStats st) {
        double bNorm = Math.sqrt(dot(b, b, n));
        if (!Double.isFinite(bNorm)) {
            st.outcome = SolveOutcome.BREAKDOWN;
            st.initialResidual = Double.NaN;
            st.finalResidual = Double.NaN;
            return Double.NaN;
        }
        if (bNorm == 0) {
            for (int q = 0; q < n; q++) {
                x[q] = 0;
            }
            st.record(0);
        }
        return bNorm;
    }

    /** Whether the first guess x is zero; a guess with a non-finite entry is replaced by 0. */
    static boolean clearFirstGuess(double[] x, int n) {
        boolean zero = true;
        for (int q = 0; q < n; q++) {
            double w = x[q];
            if (!Double.isFinite(w)) {
                java.util.Arrays.fill(x, 0, n, 0);
                return true;
            }
            if (w != 0) {
                zero = false;
            }
        }
        return zero;
    }

    /** The warm start's factor γ = wᵀb / wᵀAw; 1 when wᵀAw ≤ 0 or the quotient is not finite. */
    static double warmStartScale(double waw, double wb) {
        return waw > 0 && Double.isFinite(wb / waw) ? wb / waw : 1;
    }

    /**
     * ap = A u (after u ← z + βu when z is not null), part by part then the boundary springs;
     * returns uᵀAu.
     */
    private double product(SystemMatrix a, double[] u, double[] zz, double beta) {
        job.u = u;
        job.zz = zz;
        run(a, Job.PRODUCT, beta);
        double quad = sum(partQuad);
        return quad + a.productBoundary(u, ap);
    }

    private void run(SystemMatrix a, int phase, double scalar) {
        job.phase = phase;
        job.scalar = scalar;
        Team t = a.activeTeam();
        if (t == null) {
            job.run(0, 1);
        } else {
            t.run(job);
        }
    }

    /** rᵀz after a vector pass: the parts' sums, plus the preconditioner's global part, added to z here. */
    private double rz(int n) {
        double rz = sum(partRz);
        if (preconditioner.hasCorrection()) {
            rz += preconditioner.correct(r, z, n);
        }
        return rz;
    }

    private static double sum(double[] parts) {
        double s = 0;
        for (double v : parts) {
            s += v;
        }
        return s;
    }

    private static double dot(double[] u, double[] w, int n) {
        double s = 0;
        for (int q = 0; q < n; q++) {
            s += u[q] * w[q];
        }
        return s;
    }

    /** The parallel phases of an iteration, part by part. */
    private final class Job implements Team.Job {
        static final int PRODUCT = 0;
        static final int START_FROM_ZERO = 1;
        static final int START_SCALED = 2;
        static final int UPDATE = 3;
        static final int TRUE_RESIDUAL = 4;

        int phase;
        double scalar;
        double[] u;
        double[] zz;
        private SystemMatrix a;
        private double[] b;
        private double[] x;

        void begin(SystemMatrix m, double[] rhs, double[] sol) {
            a = m;
            b = rhs;
            x = sol;
        }

        void end() {
            a = null;
            b = null;
            x = null;
            u = null;
            zz = null;
        }

        @Override
        public void run(int member, int members) {
            for (int c = Team.firstPart(member, members); c < Team.endPart(member, members); c++) {
                if (phase == PRODUCT) {
                    partQuad[c] = a.productPart(c, u, ap, zz, scalar);
                } else {
                    vectors(c, a.dofFrom(c), a.dofFrom(c + 1));
                }
            }
        }

        /** The fused vector pass over part c's unknowns [from, to), a tile at a time. */
        private void vectors(int c, int from, int to) {
            final double[] rr0 = r;
            final double[] z0 = z;
            final double[] p0 = p;
            final double[] ap0 = ap;
            final double[] x0 = x;
            final double[] b0 = b;
            final double s = scalar;
            double rr = 0;
            double rz = 0;
            for (int lo = from; lo < to; lo += TILE) {
                int hi = Math.min(to, lo + TILE);
                switch (phase) {
                    case START_FROM_ZERO -> {
                        for (int q = lo; q < hi; q++) {
                            double d = b0[q];
                            rr0[q] = d;
                            rr += d * d;
                        }
                    }
                    case START_SCALED -> {
                        for (int q = lo; q < hi; q++) {
                            x0[q] *= s;
                            double d = b0[q] - s * ap0[q];
                            rr0[q] = d;
                            rr += d * d;
                        }
                    }
                    case UPDATE -> {
                        for (int q = lo; q < hi; q++) {
                            x0[q] += s * p0[q];
                            double d = rr0[q] - s * ap0[q];
                            rr0[q] = d;
                            rr += d * d;
                        }
                    }
                    default -> {
                        for (int q = lo; q < hi; q++) {
                            double d = b0[q] - ap0[q];
                            rr0[q] = d;
                            rr += d * d;
                        }
                    }
                }
                preconditioner.apply(rr0, z0, lo, hi);
                for (int q = lo; q < hi; q++) {
                    rz += rr0[q] * z0[q];
                }
            }
            partRr[c] = rr;
            partRz[c] = rz;
        }
    }
}
