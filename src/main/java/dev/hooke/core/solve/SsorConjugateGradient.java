package dev.hooke.core.solve;

import dev.hooke.core.parallel.Team;
import java.util.Arrays;

/**
 * Conjugate gradients preconditioned by SSOR, with no product by A in the iteration (Eisenstat
 * 1981; Saad 2003, §10.2.2). With the splitting of {@link SsorSplitting},
 * A = (D̃ + L) + (D̃ + Lᵀ) + R with R = D − 2D̃, CG with P = (D̃ + L) D̃⁻¹ (D̃ + Lᵀ) is CG on the
 * symmetric positive definite
 * <pre>
 *   Â = (D̃ + L)⁻¹ A (D̃ + Lᵀ)⁻¹,     Â ŷ = b̂ = (D̃ + L)⁻¹ b,     x = (D̃ + Lᵀ)⁻¹ ŷ
 * </pre>
 * preconditioned by D̃ (Â ≈ D̃⁻¹). Its product needs no product with A:
 * <pre>
 *   t = (D̃ + Lᵀ)⁻¹ p                     backward sweep
 *   s = (D̃ + L)⁻¹ (p + R t)              forward sweep
 *   Â p = t + s
 * </pre>
 * and x follows its search directions directly, x ← x + α t, since t is the direction in x of
 * ŷ's direction p. So an iteration is one backward sweep (each spring: gather one neighbour) and
 * one forward sweep (each spring: scatter to one neighbour), where {@link ConjugateGradient} with
 * {@link SsorPreconditioner} needs the same two sweeps and a product with A.
 *
 * <h2>Which residual is measured</h2>
 * The tolerance is on the true relative residual ‖b − A x‖ / ‖b‖, as for {@link ConjugateGradient};
 * the recurrence gives r̂ = (D̃ + L)⁻¹ r instead, and r = D̃ r̂ + L r̂. The iteration keeps
 * ℓ = L r̂ by its own recurrence, ℓ ← ℓ − α L Â p, with
 * <pre>
 *   L Â p = L s + L t,    L s = −Σ_s S_s s_lower,    L t = −Σ_s S_s t_lower
 * </pre>
 (the sums over each particle's springs to lower particles): the forward sweep adds up L s anyway
 * to form s, and L t costs one more spring block product per spring in the same sweep. So
 * r = z + ℓ with z = D̃ r̂, the vector the iteration forms anyway, and the residual history is the
 * same quantity as {@link ConjugateGradient}'s. When it says converged, r = b − A x is computed
 * from x with one product, and replaces the recurrence if it disagrees, as in
 * {@link ConjugateGradient}.
 *
 * <h2>Cost</h2>
 * On the benchmark's 100 × 100 cloth (59,002 springs), one thread, timed inside the solve: the two
 * sweeps about 0.55 ms per iteration (the forward one with L t about a fifth dearer than the
 * backward one), the vector pass 0.06–0.09 ms, against 0.28 ms for one product by A and 0.34 ms
 * for a whole block-Jacobi iteration: an SSOR iteration costs about 1.9 block-Jacobi ones. It pays
 * where SSOR saves more than that in iterations: on that cloth hanging at rest, a median of 7–8
 * iterations per step against block-Jacobi's 20–22 (the solve 5.7 against 7.8 ms on one thread,
 * 3.5 against 4.7 ms on two). While the cloth still swings it needs about 64 against the two-level
 * preconditioner's 39, and is slower than that one (docs/performance.md).
 *
 * <h2>Warm start</h2>
 * As {@link ConjugateGradient}: x₀ = γ w with γ = wᵀb / wᵀAw, one product with A; then
 * r̂₀ = (D̃ + L)⁻¹ (b − A x₀) by a forward sweep and ℓ₀ = r₀ − D̃ r̂₀.
 *
 * <h2>Threads</h2>
 * The vectors are kept in {@link SsorSplitting}'s numbering (each group's interior, then the
 * separator). An iteration is: the backward sweep over the separator (calling thread); then, group
 * by group on the matrix's {@link Team}, the backward sweep over the group's interior followed at
 * once by the forward sweep over it (a group needs nothing from the other in between); the forward
 * sweep over the separator (calling thread); the vector pass, group by group. The start, the
 * check's residual and a restart run group by group too. Every sum is taken per group in a fixed
 * order, so the iterates are the same bit for bit on any number of threads. The products with A
 * for the start and the check run on the team as {@link SystemMatrix#multiply} does. Nothing
 * allocates once the solver has seen a matrix of that size and pattern.
 */
public final class SsorConjugateGradient implements LinearSolver {

    /**
     * The relaxation factor. On the benchmark's 100 × 100 cloth hanging at rest (tol 10⁻³, warm start),
     * median CG iterations per step over 120 steps: 20 with block-Jacobi; with SSOR 8 at ω = 1
     * (symmetric Gauss–Seidel), 7 at 1.2 and 1.4, 8 at 1.6 (docs/performance.md).
     */
    public static final double OMEGA = 1.2;

    private static final int GROUPS = SsorSplitting.GROUPS;

    private final SsorSplitting splitting;
    private final double tolerance;
    private final int maxIterations;
    private double[] rh = new double[0];
    private double[] ell = new double[0];
    private double[] z = new double[0];
    private double[] p = new double[0];
    private double[] t = new double[0];
    private double[] v = new double[0];
    private double[] sAcc = new double[0];
    private double[] tAcc = new double[0];
    private double[] ap = new double[0];
    private double[] lap = new double[0];
    private double[] ax = new double[0];
    /** Per group (and the separator last), its share of pᵀÂp, of a squared norm, of a product. */
    private final double[] partPap = new double[GROUPS + 1];
    private final double[] partRr = new double[GROUPS + 1];
    private final double[] partRz = new double[GROUPS + 1];
    private final Job job = new Job();

    /**
     * @param omega         the relaxation factor, in (0, 2)
     * @param tolerance     the relative residual to reach, in (0, 1)
     * @param maxIterations the iteration cap, at least 1
     */
    public SsorConjugateGradient(double omega, double tolerance, int maxIterations) {
        if (!(tolerance > 0 && tolerance < 1)) {
            throw new IllegalArgumentException("tol: must be in (0, 1), got " + tolerance);
        }
        if (maxIterations < 1) {
            throw new IllegalArgumentException("max-iter: must be at least 1, got " + maxIterations);
        }
        this.splitting = new SsorSplitting(omega);
        this.tolerance = tolerance;
        this.maxIterations = maxIterations;
    }

    @Override
    public SolverKind kind() {
        return SolverKind.CG;
    }

    /** ω. */
    public double omega() {
        return splitting.omega();
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
        if (rh.length != n) {
            rh = new double[n];
            ell = new double[n];
            z = new double[n];
            p = new double[n];
            t = new double[n];
            v = new double[n];
            sAcc = new double[n];
            tAcc = new double[n];
            ap = new double[n];
            lap = new double[n];
            ax = new double[n];
        }
        st.reset(maxIterations + 1);
        double bNorm = ConjugateGradient.rightHandSideNorm(b, x, n, st);
        if (!(bNorm > 0)) {
            return;
        }
        boolean zero = ConjugateGradient.clearFirstGuess(x, n);
        splitting.prepare(a);
        job.begin(a, x, b);
        try {
            run(a, Job.UPDATE);
            splitting.update(a, GROUPS);
            iterate(a, b, x, st, n, bNorm, zero);
        } finally {
            job.end();
        }
    }

    private void iterate(SystemMatrix a, double[] b, double[] x, LinearSolveStats st, int n, double bNorm, boolean zero) {
        // r₀ = b − A x₀ with x₀ = γ w, in this numbering
        double gamma = 0;
        if (!zero) {
            a.multiply(x, ax);
            run(a, Job.START_DOTS);
            startDots(GROUPS);
            double waw = sum(partRr);
            double wb = sum(partRz);
            gamma = ConjugateGradient.warmStartScale(waw, wb);
        }
        job.alpha = gamma;
        job.zero = zero;
        run(a, Job.RESIDUAL);
        residual(GROUPS, zero, gamma);
        double rr = sum(partRr);
        double rNorm = Math.sqrt(rr) / bNorm;
        st.initialResidual = rNorm;
        st.record(rNorm);
        if (!Double.isFinite(rNorm)) {
            st.outcome = SolveOutcome.BREAKDOWN;
            st.finalResidual = rNorm;
            return;
        }
        if (rNorm <= tolerance) {
            st.finalResidual = rNorm;
            return;
        }
        double rz = restart(a);
        boolean fresh = true;
        double beta = 0;
        SolveOutcome outcome = SolveOutcome.ITERATION_CAP;
        int k = 0;
        final int sepFrom = splitting.firstNode(GROUPS);
        final int sepTo = splitting.endNode(GROUPS);
        while (k < maxIterations) {
            if (!(rz > 0)) {
                outcome = Double.isNaN(rz) ? SolveOutcome.BREAKDOWN : SolveOutcome.INDEFINITE;
                break;
            }
            // the separator's backward sweep, then each group's two sweeps, then the separator's forward one
            backwardSweep(sepFrom, sepTo, fresh, beta);
            job.fresh = fresh;
            job.beta = beta;
            run(a, Job.SWEEPS);
            partPap[GROUPS] = forwardSweep(sepFrom, sepTo);
            fresh = false;
            double pap = sum(partPap);
            if (!(pap > 0)) {
                outcome = Double.isNaN(pap) ? SolveOutcome.BREAKDOWN : SolveOutcome.INDEFINITE;
                break;
            }
            job.alpha = rz / pap;
            run(a, Job.VECTORS);
            vectors(GROUPS, job.alpha);
            k++;
            rNorm = Math.sqrt(sum(partRr)) / bNorm;
            if (!Double.isFinite(rNorm)) {
                outcome = SolveOutcome.BREAKDOWN;
                break;
            }
            double rzNew = sum(partRz);
            if (rNorm <= tolerance) {
                rNorm = trueResidual(a) / bNorm;
                if (rNorm <= tolerance) {
                    st.record(rNorm);
                    outcome = SolveOutcome.CONVERGED;
                    break;
                }
                // the recurrence drifted: continue from the true residual
                rzNew = restart(a);
                fresh = true;
            }
            st.record(rNorm);
            beta = rzNew / rz;
            rz = rzNew;
        }
        st.iterations = k;
        st.outcome = outcome;
        if (outcome != SolveOutcome.CONVERGED) {
            rNorm = trueResidual(a) / bNorm;
        }
        st.finalResidual = rNorm;
    }

    private void run(SystemMatrix a, int phase) {
        job.phase = phase;
        Team team = a.activeTeam();
        if (team == null) {
            job.run(0, 1);
        } else {
            team.run(job);
        }
    }

    /** ell = b − A x, in this numbering; returns ‖b − A x‖. */
    private double trueResidual(SystemMatrix a) {
        a.multiply(job.x, ax);
        job.alpha = 1;
        job.zero = false;
        run(a, Job.RESIDUAL);
        residual(GROUPS, false, 1);
        return Math.sqrt(sum(partRr));
    }

    /**
     * From r in ell: r̂ = (D̃ + L)⁻¹ r, z = D̃ r̂, ell = r − z (= L r̂); returns r̂ᵀz. The groups'
     * interiors on the team, then the separator.
     */
    private double restart(SystemMatrix a) {
        int sepFrom = splitting.firstNode(GROUPS);
        int sepTo = splitting.endNode(GROUPS);
        Arrays.fill(sAcc, 3 * sepFrom, 3 * sepTo, 0);
        run(a, Job.RESTART_FORWARD);
        splitting.forward(ell, rh, sAcc, sepFrom, sepTo);
        run(a, Job.RESTART_VECTORS);
        restartVectors(GROUPS);
        return sum(partRz);
    }

    /** Group c's share of wᵀAw (into partRr) and wᵀb (into partRz), w = x on entry. */
    private void startDots(int c) {
        final int[] pm = splitting.permutation();
        final double[] x = job.x;
        final double[] b = job.b;
        double waw = 0;
        double wb = 0;
        for (int i = splitting.firstNode(c), end = splitting.endNode(c); i < end; i++) {
            int o = 3 * pm[i];
            for (int k = o; k < o + 3; k++) {
                waw += x[k] * ax[k];
                wb += x[k] * b[k];
            }
        }
        partRr[c] = waw;
        partRz[c] = wb;
    }

    /**
     * Group c's share of ell = b − γ A x (A x in ax), in this numbering, and of its squared norm
     * (into partRr); x is scaled by γ first when γ ≠ 1 (the warm start x₀ = γ w; the check passes
     * γ = 1). From a zero x, ell = b.
     */
    private void residual(int c, boolean fromZero, double gamma) {
        final int[] pm = splitting.permutation();
        final double[] x = job.x;
        final double[] b = job.b;
        final boolean scale = !fromZero && gamma != 1;
        double rr = 0;
        for (int i = splitting.firstNode(c), end = splitting.endNode(c); i < end; i++) {
            int o = 3 * pm[i];
            for (int k = 0; k < 3; k++) {
                if (scale) {
                    x[o + k] *= gamma;
                }
                double d = fromZero ? b[o + k] : b[o + k] - gamma * ax[o + k];
                ell[3 * i + k] = d;
                rr += d * d;
            }
        }
        partRr[c] = rr;
    }

    /** Group c's interior: clears its accumulators and runs the forward sweep r̂ = (D̃ + L)⁻¹ r over it. */
    private void restartForward(int c) {
        int from = splitting.firstNode(c);
        int to = splitting.endNode(c);
        Arrays.fill(sAcc, 3 * from, 3 * to, 0);
        splitting.forward(ell, rh, sAcc, from, to);
    }

    /** Group c's share of z = D̃ r̂, ell −= z; r̂ᵀz into partRz. */
    private void restartVectors(int c) {
        int from = splitting.firstNode(c);
        int to = splitting.endNode(c);
        SsorSplitting.multiplyBlocks(splitting.scaled(), rh, z, from, to);
        double rz = 0;
        for (int q = 3 * from; q < 3 * to; q++) {
            ell[q] -= z[q];
            rz += rh[q] * z[q];
        }
        partRz[c] = rz;
    }

    /**
     * Nodes [from, to) from the last: p ← z + β p (p ← z when {@code fresh}); t = (D̃ + Lᵀ)⁻¹ p,
     * the nodes above {@code to} that they reach being done; v = p + R t; clears the forward sweep's
     * accumulators.
     */
    private void backwardSweep(int from, int to, boolean fresh, double beta) {
        final int[] st = splitting.start();
        final int[] up = splitting.upper();
        final double[] g = splitting.blocks();
        final double[] inv = splitting.inverse();
        final double[] rem = splitting.remainder();
        final double[] pp = p;
        final double[] zz = z;
        final double[] tt = t;
        final double[] vv = v;
        final double[] sa = sAcc;
        final double[] ta = tAcc;
        for (int i = to - 1; i >= from; i--) {
            int q = 3 * i;
            int o = 6 * i;
            double p0;
            double p1;
            double p2;
            if (fresh) {
                p0 = zz[q];
                p1 = zz[q + 1];
                p2 = zz[q + 2];
            } else {
                p0 = zz[q] + beta * pp[q];
                p1 = zz[q + 1] + beta * pp[q + 1];
                p2 = zz[q + 2] + beta * pp[q + 2];
            }
            pp[q] = p0;
            pp[q + 1] = p1;
            pp[q + 2] = p2;
            double fx = p0;
            double fy = p1;
            double fz = p2;
            for (int e = st[i]; e < st[i + 1]; e++) {
                int h = up[e];
                int c = 4 * e;
                double mx = g[c];
                double my = g[c + 1];
                double mz = g[c + 2];
                double bt = g[c + 3];
                double ux = tt[h];
                double uy = tt[h + 1];
                double uz = tt[h + 2];
                double sn = mx * ux + my * uy + mz * uz;
                fx += mx * sn + bt * ux;
                fy += my * sn + bt * uy;
                fz += mz * sn + bt * uz;
            }
            double t0 = inv[o] * fx + inv[o + 1] * fy + inv[o + 2] * fz;
            double t1 = inv[o + 1] * fx + inv[o + 3] * fy + inv[o + 4] * fz;
            double t2 = inv[o + 2] * fx + inv[o + 4] * fy + inv[o + 5] * fz;
            tt[q] = t0;
            tt[q + 1] = t1;
            tt[q + 2] = t2;
            vv[q] = p0 + rem[o] * t0 + rem[o + 1] * t1 + rem[o + 2] * t2;
            vv[q + 1] = p1 + rem[o + 1] * t0 + rem[o + 3] * t1 + rem[o + 4] * t2;
            vv[q + 2] = p2 + rem[o + 2] * t0 + rem[o + 4] * t1 + rem[o + 5] * t2;
            sa[q] = 0;
            sa[q + 1] = 0;
            sa[q + 2] = 0;
            ta[q] = 0;
            ta[q + 1] = 0;
            ta[q + 2] = 0;
        }
    }

    /**
     * Nodes [from, to) from the first: s = (D̃ + L)⁻¹ v, the nodes below that reach them being
     * done; Âp = t + s; L Âp = −(Σ S_s s_lower + Σ S_s t_lower). Returns their share of pᵀÂp.
     */
    private double forwardSweep(int from, int to) {
        final int[] st = splitting.start();
        final int[] up = splitting.upper();
        final double[] g = splitting.blocks();
        final double[] inv = splitting.inverse();
        final double[] pp = p;
        final double[] tt = t;
        final double[] vv = v;
        final double[] sa = sAcc;
        final double[] ta = tAcc;
        final double[] out = ap;
        final double[] lout = lap;
        double pap = 0;
        for (int i = from, q = 3 * from, o = 6 * from; i < to; i++, q += 3, o += 6) {
            double a0 = sa[q];
            double a1 = sa[q + 1];
            double a2 = sa[q + 2];
            double fx = vv[q] + a0;
            double fy = vv[q + 1] + a1;
            double fz = vv[q + 2] + a2;
            double s0 = inv[o] * fx + inv[o + 1] * fy + inv[o + 2] * fz;
            double s1 = inv[o + 1] * fx + inv[o + 3] * fy + inv[o + 4] * fz;
            double s2 = inv[o + 2] * fx + inv[o + 4] * fy + inv[o + 5] * fz;
            double t0 = tt[q];
            double t1 = tt[q + 1];
            double t2 = tt[q + 2];
            double w0 = t0 + s0;
            double w1 = t1 + s1;
            double w2 = t2 + s2;
            out[q] = w0;
            out[q + 1] = w1;
            out[q + 2] = w2;
            lout[q] = -(a0 + ta[q]);
            lout[q + 1] = -(a1 + ta[q + 1]);
            lout[q + 2] = -(a2 + ta[q + 2]);
            pap += pp[q] * w0 + pp[q + 1] * w1 + pp[q + 2] * w2;
            for (int e = st[i]; e < st[i + 1]; e++) {
                int h = up[e];
                int c = 4 * e;
                double mx = g[c];
                double my = g[c + 1];
                double mz = g[c + 2];
                double bt = g[c + 3];
                double sn = mx * s0 + my * s1 + mz * s2;
                double tn = mx * t0 + my * t1 + mz * t2;
                sa[h] += mx * sn + bt * s0;
                sa[h + 1] += my * sn + bt * s1;
                sa[h + 2] += mz * sn + bt * s2;
                ta[h] += mx * tn + bt * t0;
                ta[h + 1] += my * tn + bt * t1;
                ta[h + 2] += mz * tn + bt * t2;
            }
        }
        return pap;
    }

    /**
     * Group c's share of the vector pass: x += α t (x in the matrix's numbering), r̂ −= α Âp,
     * ℓ −= α L Âp, z = D̃ r̂, and its shares of ‖z + ℓ‖² = ‖r‖² and of r̂ᵀz.
     */
    private void vectors(int c, double alpha) {
        final double[] d = splitting.scaled();
        final int[] pm = splitting.permutation();
        final double[] x = job.x;
        double rr = 0;
        double rz = 0;
        for (int i = splitting.firstNode(c), end = splitting.endNode(c); i < end; i++) {
            int q = 3 * i;
            int o = 6 * i;
            int xq = 3 * pm[i];
            x[xq] += alpha * t[q];
            x[xq + 1] += alpha * t[q + 1];
            x[xq + 2] += alpha * t[q + 2];
            double r0 = rh[q] - alpha * ap[q];
            double r1 = rh[q + 1] - alpha * ap[q + 1];
            double r2 = rh[q + 2] - alpha * ap[q + 2];
            rh[q] = r0;
            rh[q + 1] = r1;
            rh[q + 2] = r2;
            double z0 = d[o] * r0 + d[o + 1] * r1 + d[o + 2] * r2;
            double z1 = d[o + 1] * r0 + d[o + 3] * r1 + d[o + 4] * r2;
            double z2 = d[o + 2] * r0 + d[o + 4] * r1 + d[o + 5] * r2;
            z[q] = z0;
            z[q + 1] = z1;
            z[q + 2] = z2;
            double l0 = ell[q] - alpha * lap[q];
            double l1 = ell[q + 1] - alpha * lap[q + 1];
            double l2 = ell[q + 2] - alpha * lap[q + 2];
            ell[q] = l0;
            ell[q + 1] = l1;
            ell[q + 2] = l2;
            double e0 = z0 + l0;
            double e1 = z1 + l1;
            double e2 = z2 + l2;
            rr += e0 * e0 + e1 * e1 + e2 * e2;
            rz += r0 * z0 + r1 * z1 + r2 * z2;
        }
        partRr[c] = rr;
        partRz[c] = rz;
    }

    private static double sum(double[] parts) {
        double s = 0;
        for (double v : parts) {
            s += v;
        }
        return s;
    }

    /** The phases that run group by group (each group by the member that holds its first part). */
    private final class Job implements Team.Job {
        static final int UPDATE = 0;
        static final int SWEEPS = 1;
        static final int VECTORS = 2;
        static final int START_DOTS = 3;
        static final int RESIDUAL = 4;
        static final int RESTART_FORWARD = 5;
        static final int RESTART_VECTORS = 6;

        int phase;
        boolean fresh;
        boolean zero;
        double beta;
        double alpha;
        private SystemMatrix a;
        private double[] x;
        private double[] b;

        void begin(SystemMatrix m, double[] sol, double[] rhs) {
            a = m;
            x = sol;
            b = rhs;
        }

        void end() {
            a = null;
            x = null;
            b = null;
        }

        @Override
        public void run(int member, int members) {
            for (int c = Team.firstPart(member, members); c < Team.endPart(member, members); c++) {
                int g = SsorSplitting.groupAtPart(c);
                if (g < 0) {
                    continue;
                }
                switch (phase) {
                    case UPDATE -> splitting.update(a, g);
                    case SWEEPS -> {
                        int from = splitting.firstNode(g);
                        int to = splitting.endNode(g);
                        backwardSweep(from, to, fresh, beta);
                        partPap[g] = forwardSweep(from, to);
                    }
                    case VECTORS -> vectors(g, alpha);
                    case START_DOTS -> startDots(g);
                    case RESIDUAL -> residual(g, zero, alpha);
                    case RESTART_FORWARD -> restartForward(g);
                    default -> restartVectors(g);
                }
            }
        }
    }
}
