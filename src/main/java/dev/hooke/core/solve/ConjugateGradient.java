package dev.hooke.core.solve;

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
 *       (guide, "Implicit Euler"; Choi &amp; Ko 2002).</li>
 *   <li>Warm start: x₀ is whatever x holds on entry (the caller passes the previous step's answer,
 *       or zeros); a non-finite x₀ is replaced by 0.</li>
 * </ul>
 * Workspaces (r, z, p, A p) are created for a dimension once and reused: no allocation per solve.
 */
public final class ConjugateGradient implements LinearSolver {

    private final Preconditioner preconditioner;
    private final double tolerance;
    private final int maxIterations;
    private double[] r = new double[0];
    private double[] z = new double[0];
    private double[] p = new double[0];
    private double[] ap = new double[0];

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
        double bNorm = Math.sqrt(dot(b, b, n));
        if (!Double.isFinite(bNorm)) {
            st.outcome = SolveOutcome.BREAKDOWN;
            st.initialResidual = Double.NaN;
            st.finalResidual = Double.NaN;
            return;
        }
        if (bNorm == 0) {
            for (int q = 0; q < n; q++) {
                x[q] = 0;
            }
            st.record(0);
            return;
        }
        for (int q = 0; q < n; q++) {
            if (!Double.isFinite(x[q])) {
                for (int w = 0; w < n; w++) {
                    x[w] = 0;
                }
                break;
            }
        }
        preconditioner.update(a);
        double res = trueResidual(a, b, x, n) / bNorm;
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
        preconditioner.apply(r, z, n);
        System.arraycopy(z, 0, p, 0, n);
        double rz = dot(r, z, n);
        SolveOutcome outcome = SolveOutcome.ITERATION_CAP;
        int k = 0;
        while (k < maxIterations) {
            if (!(rz > 0)) {
                outcome = Double.isNaN(rz) ? SolveOutcome.BREAKDOWN : SolveOutcome.INDEFINITE;
                break;
            }
            a.multiply(p, ap);
            double pap = dot(p, ap, n);
            if (!(pap > 0)) {
                outcome = Double.isNaN(pap) ? SolveOutcome.BREAKDOWN : SolveOutcome.INDEFINITE;
                break;
            }
            double alpha = rz / pap;
            for (int q = 0; q < n; q++) {
                x[q] += alpha * p[q];
                r[q] -= alpha * ap[q];
            }
            k++;
            res = Math.sqrt(dot(r, r, n)) / bNorm;
            if (!Double.isFinite(res)) {
                outcome = SolveOutcome.BREAKDOWN;
                break;
            }
            boolean restart = false;
            if (res <= tolerance) {
                res = trueResidual(a, b, x, n) / bNorm;
                if (res <= tolerance) {
                    st.record(res);
                    outcome = SolveOutcome.CONVERGED;
                    break;
                }
                restart = true;
            }
            st.record(res);
            preconditioner.apply(r, z, n);
            double rzNew = dot(r, z, n);
            if (restart) {
                System.arraycopy(z, 0, p, 0, n);
            } else {
                double beta = rzNew / rz;
                for (int q = 0; q < n; q++) {
                    p[q] = z[q] + beta * p[q];
                }
            }
            rz = rzNew;
        }
        st.iterations = k;
        st.outcome = outcome;
        st.finalResidual = outcome == SolveOutcome.CONVERGED ? res : trueResidual(a, b, x, n) / bNorm;
    }

    /** r = b − A x; returns ‖r‖. */
    private double trueResidual(SystemMatrix a, double[] b, double[] x, int n) {
        a.multiply(x, r);
        double sum = 0;
        for (int q = 0; q < n; q++) {
            double d = b[q] - r[q];
            r[q] = d;
            sum += d * d;
        }
        return Math.sqrt(sum);
    }

    private static double dot(double[] u, double[] w, int n) {
        double s = 0;
        for (int q = 0; q < n; q++) {
            s += u[q] * w[q];
        }
        return s;
    }
}
