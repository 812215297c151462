package dev.hooke.core.integrate;

import dev.hooke.core.force.ForceEvaluator;
import dev.hooke.core.force.Forces;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.model.StateRecord;
import dev.hooke.core.solve.LinearSolveStats;
import dev.hooke.core.solve.LinearSolver;
import dev.hooke.core.solve.SolveOutcome;
import dev.hooke.core.solve.SystemMatrix;
import java.util.Arrays;
import java.util.Objects;

/**
 * Solves the backward-Euler equations of one (sub)step of length τ for the end velocity v,
 * shared by {@link BackwardEuler} (τ = h) and {@link ImplicitMidpoint} (τ = h/2):
 * <pre>
 *   G(v) = M (v − v₀) − τ F(x₀ + τ v, v) = 0          (kg·m/s, on the free DOFs)
 * </pre>
 *
 * <h2>First iteration: Baraff &amp; Witkin's step</h2>
 * Linearising F about the start state, F(x₀ + Δx, v₀ + Δv) ≈ F₀ + ∂F/∂x Δx + ∂F/∂v Δv with
 * Δx = τ (v₀ + Δv), gives the symmetric system of Baraff &amp; Witkin 1998 (eq. 16; multiplied
 * through by M, so that it is symmetric, which the form with M⁻¹ on the left is not):
 * <pre>
 *   (M − τ ∂F/∂v − τ² ∂F/∂x) Δv = τ (F₀ + τ ∂F/∂x v₀),      v₁ = v₀ + Δv
 * </pre>
 * with ∂F/∂x = −K and ∂F/∂v = −C − c I assembled by {@link SystemMatrix} (clamped or not, the
 * non-symmetric damping term left out). Because F is linear in v at fixed x, this is exactly one
 * Newton step for G = 0 from the guess v = 0 (x = x₀): there G(0) = −M v₀ − τ F(x₀, 0) and
 * F(x₀, 0) = F₀ + C v₀ + c v₀. For {@link ImplicitMidpoint} the right-hand side takes the true
 * ∂F/∂x instead (unclamped, with the damping term) wherever the step resolves it, so that
 * τ (F₀ + τ ∂F/∂x v₀) = τ F(x₀ + τ v₀, v₀) + O(τ³): the clamp then changes the matrix the step is
 * solved with, not the equations, and since the matrix is M + O(τ) its approximations move Δv by
 * O(τ³) only, which keeps the midpoint rule second order with one solve per step (see
 * {@link SystemMatrix#assembleStep(dev.hooke.core.model.MassSpringSystem, double[], double[],
 * double, boolean, boolean, double[])}). Backward Euler, first order either way, keeps Baraff
 * &amp; Witkin's form. The first guess for Δv is the previous step's Δv when warm start is on,
 * else 0.
 *
 * <h2>Further Newton iterations</h2>
 * With {@link ImplicitOptions#newtonIterations()} = N &gt; 1 the equations are re-linearised at
 * the iterate x_k = x₀ + τ v_k:
 * <pre>
 *   (M − τ ∂F/∂v(x_k) − τ² ∂F/∂x(x_k)) δ = −G(v_k) = M (v₀ − v_k) + τ F(x_k, v_k)
 *   v_{k+1} = v_k + δ                                                (first guess δ = 0)
 * </pre>
 * The Jacobian lacks the non-symmetric damping term (and, with the clamp, the negative transverse
 * stiffness), so the convergence is linear where those matter, quadratic otherwise. The iteration
 * stops after N solves, or earlier once ‖G(v_k)‖ ≤ tol · ‖b₁‖ (b₁ the first right-hand side):
 * a linear solve to relative tolerance tol cannot make G smaller than that. No line search.
 *
 * <h2>A changed set of pinned particles</h2>
 * On a step whose set of pinned particles differs from the last step's, the iteration goes on to
 * at least {@value #CHANGED_PINS_ITERATIONS} solves (still stopping once ‖G‖ is small). A contact
 * holds the particles it catches as pinned for the step ({@code dev.hooke.core.sim.Contact}): a
 * cloth landing at 3 m/s on a sphere sees its neighbours of the newly held particles jump from
 * free flight to springs compressed against a fixed point within one step, where the start-state
 * linearisation is far off. One linearised step there gains energy (a 32 × 32 cloth dropped 0.5 m
 * onto a sphere at Δt = 1/60 s ends 4.9 J above its start on E + W_d, 29.7 J at worst, against
 * M g H = 5.0 J); one more iteration on those steps removes the gain (its E + W_d never rises).
 * A stiffer cloth needs more: with k_s = 2000 N/m the two-solve landing step still gained 1.36 J,
 * 83 % of the drop's energy, the residual falling only from 5.7 to 0.8 (the clamped Jacobian
 * converges linearly). So on such a step the iteration goes on, up to
 * {@value #CHANGED_PINS_MAX_ITERATIONS} solves, while the iterate (x₀ + τ v_k, v_k) holds more
 * energy K + U_el + U_g than the start (the pinned particles' velocity taken as 0): backward
 * Euler's exact step gives none, and the contact's own accounting then closes the balance.
 * During that drop the held set changes on 72 of the 90 steps of 1.5 s, so the drop costs what two
 * iterations on every step cost (2.6 times the CG iterations); a scene whose pins do not change,
 * such as a hanging cloth, keeps the single step and its cost.
 *
 * <p>‖G(v_k)‖₂ is recorded after every iteration in {@link SolverStats#nonlinearResidual} (one
 * force evaluation each, including one after the last solve): it measures how far the step is
 * from the exact backward-Euler step, the error of the linearisation alone.
 *
 * <p>Pinned particles are not unknowns ({@link SystemMatrix}): their velocity is taken as 0 and
 * their position stays. Nothing here allocates once the sizes and options are known.
 *
 * <h2>Work per step</h2>
 * The first right-hand side is formed in the same pass over the springs as the matrix
 * ({@link SystemMatrix#assembleStep}); each ‖G(v_k)‖ costs one force evaluation
 * ({@link ForceEvaluator}). Assembly, products, CG's vector passes and the force evaluations run
 * part by part on one small team of threads owned by this object, with results that do not
 * depend on the number of threads ({@link dev.hooke.core.parallel.SpringPartition}).
 */
final class ImplicitNewton {

    /** The fewest Newton solves on a step whose set of pinned particles changed. */
    static final int CHANGED_PINS_ITERATIONS = 2;
    /**
     * The most Newton solves on a step whose set of pinned particles changed, while the iterate
     * still holds more energy than the step's start.
     */
    static final int CHANGED_PINS_MAX_ITERATIONS = 16;

    private ImplicitOptions options;
    private LinearSolver solver;
    private final SystemMatrix matrix = new SystemMatrix();
    private final LinearSolveStats linear = new LinearSolveStats();
    private final SolverStats stats = new SolverStats();
    private final ForceEvaluator forces = new ForceEvaluator();

    /**
     * Start positions, start velocities (pinned: 0), iterate velocities and positions; 3n each.
     * After {@link #solve}, x_k = x₀ + τ v_k for the final v_k: the point where the step's force
     * is evaluated.
     */
    double[] x0 = new double[0];
    double[] v0 = new double[0];
    double[] vk = new double[0];
    double[] xk = new double[0];
    private double[] force = new double[0];

    private double[] rhs = new double[0];
    private double[] delta = new double[0];
    private double[] warm = new double[0];
    private boolean warmValid;
    /** The pinned flags of the last step (length n once a step was taken). */
    private boolean[] lastPinned = new boolean[0];
    /** Which particles the matrix's pattern pins, one bit each: a saved state's. */
    private long[] mask = new long[0];

    /** Whether the first right-hand side takes the true ∂F/∂x (see {@link SystemMatrix#assembleStep}). */
    private final boolean trueDerivative;

    /**
     * @param trueDerivative whether the first right-hand side takes the true ∂F/∂x whatever the
     *                       matrix uses (implicit midpoint), or ∂F/∂x as assembled (backward Euler,
     *                       Baraff &amp; Witkin's form)
     */
    ImplicitNewton(ImplicitOptions options, boolean trueDerivative) {
        this.trueDerivative = trueDerivative;
        setOptions(options);
    }

    ImplicitOptions options() {
        return options;
    }

    /** Changes the options; a new linear solver is made when its settings change. */
    void setOptions(ImplicitOptions next) {
        Objects.requireNonNull(next, "options");
        ImplicitOptions before = options;
        options = next;
        if (before == null || before.solver() != next.solver() || before.preconditioner() != next.preconditioner()
                || before.tolerance() != next.tolerance() || before.maxIterations() != next.maxIterations()) {
            solver = next.createSolver();
        }
        if (!next.warmStart()) {
            warmValid = false;
        }
        int most = Math.max(next.newtonIterations(), CHANGED_PINS_MAX_ITERATIONS);
        int capacity = most * (next.maxIterations() + 1);
        if (stats.residualHistory.length < capacity) {
            stats.residualHistory = new double[capacity];
        }
        if (stats.nonlinearResidual.length < most) {
            stats.nonlinearResidual = new double[most];
        }
    }

    /** The number of threads to use, 1 … {@link dev.hooke.core.parallel.Team#MAX_SIZE}. */
    void setThreads(int count) {
        forces.setThreads(count);
    }

    int threads() {
        return forces.threads();
    }

    /** P_d at (x_k, v_k) of the last {@link #solve}, from its last force evaluation; in W. */
    double dampingPower() {
        return forces.dampingPower();
    }

    /** P_w, the wind's power on the free particles at (x_k, v_k) of the last {@link #solve}; in W. */
    double windPower() {
        return forces.windPower();
    }

    LinearSolver solver() {
        return solver;
    }

    SystemMatrix matrix() {
        return matrix;
    }

    SolverStats stats() {
        return stats;
    }

    /** Forgets the warm start. */
    void reset() {
        warmValid = false;
    }

    /**
     * Saves the warm start, the pattern the matrix was laid out with (with the particles a contact
     * held, which is also the last step's pinned set that decides a second Newton iteration) and the
     * linear solver's own lag (a preconditioner's factor).
     */
    void saveState(StateRecord out, MassSpringSystem s) {
        boolean laidOut = x0.length == 3 * s.particleCount();
        out.putBoolean(laidOut);
        if (!laidOut) {
            return;
        }
        out.putBoolean(warmValid);
        out.putArray(warm);
        int words = (s.particleCount() + 63) >>> 6;
        if (mask.length != words) {
            mask = new long[words];
        }
        matrix.pinnedMask(mask);
        out.putArray(mask);
        solver.saveState(out, matrix);
    }

    /** Reads back what {@link #saveState} wrote. */
    void restoreState(StateRecord in, MassSpringSystem s) {
        if (!in.nextBoolean()) {
            reset();
            lastPinned = new boolean[0];
            return;
        }
        warmValid = in.nextBoolean();
        int dim = in.nextArrayLength();
        if (warm.length != dim) {
            rhs = new double[dim];
            delta = new double[dim];
            warm = new double[dim];
        }
        in.nextArray(warm);
        if (mask.length != in.nextArrayLength()) {
            mask = new long[in.nextArrayLength()];
        }
        in.nextArray(mask);
        // The last step's pinned set is the one the matrix was laid out with.
        int n = s.particleCount();
        if (lastPinned.length != n) {
            lastPinned = new boolean[n];
        }
        for (int i = 0; i < n; i++) {
            lastPinned[i] = (mask[i >>> 6] & (1L << i)) != 0;
        }
        matrix.prepare(s, mask);
        solver.restoreState(in, matrix);
    }

    /**
     * Solves G(v) = 0 for a (sub)step of length τ from the state in {@code s}; on return
     * {@link #x0}, {@link #v0} hold the start state and {@link #vk} the end velocity (pinned
     * particles: 0). The system itself is not changed.
     */
    void solve(MassSpringSystem s, double tau) {
        final int n = s.particleCount();
        final int n3 = 3 * n;
        if (x0.length != n3) {
            x0 = new double[n3];
            v0 = new double[n3];
            vk = new double[n3];
            xk = new double[n3];
            force = new double[n3];
        }
        System.arraycopy(s.x, 0, x0, 0, n3);
        System.arraycopy(s.v, 0, v0, 0, n3);
        for (int i = 0; i < n; i++) {
            if (s.isPinned(i)) {
                v0[3 * i] = 0;
                v0[3 * i + 1] = 0;
                v0[3 * i + 2] = 0;
            }
        }
        final boolean changed = pinsChanged(s);
        final int cap = changed ? Math.max(options.newtonIterations(), CHANGED_PINS_ITERATIONS)
                : options.newtonIterations();
        final int most = changed ? Math.max(options.newtonIterations(), CHANGED_PINS_MAX_ITERATIONS) : cap;
        final double startEnergy = changed ? Forces.mechanicalEnergy(s, x0, v0) : Double.NaN;
        final boolean clamp = options.clamp();
        final int dim = matrix.prepare(s);
        if (rhs.length != dim) {
            rhs = new double[dim];
            delta = new double[dim];
            warm = new double[dim];
            warmValid = false;
        }
        startStats();
        matrix.setTeam(forces.team(s));
        long t0 = System.nanoTime();
        // Baraff–Witkin: b = τ F₀ − τ² K v₀, in the assembly's pass over the springs
        matrix.assembleStep(s, x0, v0, tau, clamp, trueDerivative, rhs);
        stats.assemblySeconds += (System.nanoTime() - t0) * 1e-9;
        double firstRhsNorm = norm(rhs, dim);
        if (options.warmStart() && warmValid) {
            System.arraycopy(warm, 0, delta, 0, dim);
        } else {
            Arrays.fill(delta, 0, dim, 0);
        }
        long t2 = System.nanoTime();
        solver.solve(matrix, rhs, delta, linear);
        stats.solveSeconds += (System.nanoTime() - t2) * 1e-9;
        accumulate(true);
        if (options.warmStart()) {
            System.arraycopy(delta, 0, warm, 0, dim);
            warmValid = true;
        }
        System.arraycopy(v0, 0, vk, 0, n3);
        addFree(delta, vk, dim);

        int solves = 1;
        while (true) {
            double g = negativeResidual(s, tau, dim);
            stats.nonlinearResidual[solves - 1] = g;
            // a changed set of pins iterates on while the iterate holds more energy than the start
            boolean gained = changed && solves >= cap
                    && Forces.mechanicalEnergy(s, xk, vk) > startEnergy + ENERGY_SLACK * Math.abs(startEnergy);
            if (!(g > options.tolerance() * firstRhsNorm) || solves >= most || solves >= cap && !gained) {
                break;
            }
            long t3 = System.nanoTime();
            matrix.assemble(s, xk, tau, clamp, null, null);
            long t4 = System.nanoTime();
            stats.assemblySeconds += (t4 - t3) * 1e-9;
            Arrays.fill(delta, 0, dim, 0);
            solver.solve(matrix, rhs, delta, linear);
            stats.solveSeconds += (System.nanoTime() - t4) * 1e-9;
            accumulate(false);
            addFree(delta, vk, dim);
            solves++;
        }
        stats.newtonIterations = solves;
    }

    /**
     * Whether s's set of pinned particles differs from the last step's (false on the first step,
     * or when the number of particles changed), without remembering this one.
     */
    boolean pinsDiffer(MassSpringSystem s) {
        final int n = s.particleCount();
        if (lastPinned.length != n) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            if (s.isPinned(i) != lastPinned[i]) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether s's set of pinned particles differs from the last step's (false on the first step,
     * or when the number of particles changed); remembers this step's.
     */
    private boolean pinsChanged(MassSpringSystem s) {
        final int n = s.particleCount();
        boolean changed = pinsDiffer(s);
        if (lastPinned.length != n) {
            lastPinned = new boolean[n];
        }
        for (int i = 0; i < n; i++) {
            lastPinned[i] = s.isPinned(i);
        }
        return changed;
    }

    /**
     * Sets x_k = x₀ + τ v_k, evaluates F(x_k, v_k) and writes −G(v_k) = M (v₀ − v_k) + τ F into
     * {@link #rhs}; returns ‖G(v_k)‖.
     */
    private double negativeResidual(MassSpringSystem s, double tau, int dim) {
        final int n3 = x0.length;
        for (int p = 0; p < n3; p++) {
            xk[p] = x0[p] + tau * vk[p];
        }
        long t0 = System.nanoTime();
        forces.compute(s, xk, vk, force);
        stats.forceSeconds += (System.nanoTime() - t0) * 1e-9;
        final double[] mass = s.massArray();
        for (int j = 0, q = 0; q < dim; j++, q += 3) {
            int i = matrix.particleOfNode(j);
            int p = 3 * i;
            for (int k = 0; k < 3; k++) {
                rhs[q + k] = mass[i] * (v0[p + k] - vk[p + k]) + tau * force[p + k];
            }
        }
        return norm(rhs, dim);
    }

    /** Round-off allowed on the energy of an iterate against the step's start, relative. */
    private static final double ENERGY_SLACK = 1e-12;

    private void addFree(double[] d, double[] full, int dim) {
        for (int j = 0, q = 0; q < dim; j++, q += 3) {
            int p = 3 * matrix.particleOfNode(j);
            full[p] += d[q];
            full[p + 1] += d[q + 1];
            full[p + 2] += d[q + 2];
        }
    }

    private void startStats() {
        stats.iterations = 0;
        stats.initialResidual = 0;
        stats.finalResidual = 0;
        stats.converged = true;
        stats.indefinite = false;
        stats.outcome = SolveOutcome.CONVERGED;
        stats.historyLength = 0;
        stats.newtonIterations = 0;
        stats.forceSeconds = 0;
        stats.assemblySeconds = 0;
        stats.solveSeconds = 0;
    }

    private void accumulate(boolean first) {
        if (first) {
            stats.initialResidual = linear.initialResidual;
        }
        stats.iterations += linear.iterations;
        stats.finalResidual = linear.finalResidual;
        if (!linear.converged()) {
            stats.converged = false;
            if (stats.outcome == SolveOutcome.CONVERGED) {
                stats.outcome = linear.outcome;
            }
        }
        stats.indefinite |= linear.indefinite();
        int room = stats.residualHistory.length - stats.historyLength;
        int count = Math.min(room, linear.historyLength);
        System.arraycopy(linear.residualHistory, 0, stats.residualHistory, stats.historyLength, count);
        stats.historyLength += count;
    }

    private static double norm(double[] a, int n) {
        double sum = 0;
        for (int q = 0; q < n; q++) {
            sum += a[q] * a[q];
        }
        return Math.sqrt(sum);
    }
}
