package dev.hooke.core.integrate;

import dev.hooke.core.solve.SolveOutcome;

/**
 * Statistics of the linear solves made inside one implicit step. Mutable and reused by the
 * integrator that owns it; read it right after the step (or copy it).
 *
 * <p>A step makes one linear solve per Newton iteration ({@link #newtonIterations}, 1 by
 * default). The linear-solve fields sum or combine them: {@link #iterations} is the total, the
 * initial residual is the first solve's, the final residual the last solve's, the history is the
 * solves' histories one after another, {@link #converged} holds when every solve converged and
 * {@link #indefinite} when any met a matrix that is not positive definite. Relative residuals are
 * ‖b − A x‖₂ / ‖b‖₂ (dimensionless).
 */
public final class SolverStats {
    /** CG iterations taken, over all Newton iterations of the step (0 for a direct solve). */
    public int iterations;
    /** ‖r₀‖ / ‖b‖ at the start of the first solve. */
    public double initialResidual;
    /** ‖r‖ / ‖b‖ at the end of the last solve. */
    public double finalResidual;
    /** Whether every solve reached its tolerance. */
    public boolean converged;
    /** Whether pᵀAp ≤ 0 (or a Cholesky pivot ≤ 0) was met: the matrix is not positive definite. */
    public boolean indefinite;
    /** The first outcome other than converged, or {@link SolveOutcome#CONVERGED}. */
    public SolveOutcome outcome = SolveOutcome.CONVERGED;
    /** Relative residual after each iteration, for plotting; the first {@link #historyLength} entries are valid. */
    public double[] residualHistory = new double[0];
    /** How many entries of {@link #residualHistory} are valid. */
    public int historyLength;
    /** Newton iterations made (linear solves), at least 1 for an implicit step. */
    public int newtonIterations;
    /**
     * ‖G(v_k)‖₂ after each Newton iteration k = 1 … {@link #newtonIterations}: the residual of the
     * nonlinear equations of the step, in kg·m/s (see {@code ImplicitNewton}); the first
     * {@link #newtonIterations} entries are valid.
     */
    public double[] nonlinearResidual = new double[0];
    /**
     * Wall-clock time the step spent evaluating forces outside the assembly (F(x_k, v_k) for each
     * ‖G(v_k)‖); in s.
     */
    public double forceSeconds;
    /**
     * Wall-clock time the step spent assembling the matrix A, with the first right-hand side
     * τ F₀ + τ² (∂F/∂x) v₀ formed in the same pass; in s.
     */
    public double assemblySeconds;
    /** Wall-clock time the step spent in the linear solves, the preconditioner's set-up included; in s. */
    public double solveSeconds;

    /** Copies another instance into this one (grows the arrays if needed). */
    public void copyFrom(SolverStats o) {
        iterations = o.iterations;
        initialResidual = o.initialResidual;
        finalResidual = o.finalResidual;
        converged = o.converged;
        indefinite = o.indefinite;
        outcome = o.outcome;
        if (residualHistory.length < o.historyLength) {
            residualHistory = new double[o.residualHistory.length];
        }
        System.arraycopy(o.residualHistory, 0, residualHistory, 0, o.historyLength);
        historyLength = o.historyLength;
        if (nonlinearResidual.length < o.newtonIterations) {
            nonlinearResidual = new double[o.nonlinearResidual.length];
        }
        System.arraycopy(o.nonlinearResidual, 0, nonlinearResidual, 0, o.newtonIterations);
        newtonIterations = o.newtonIterations;
        forceSeconds = o.forceSeconds;
        assemblySeconds = o.assemblySeconds;
        solveSeconds = o.solveSeconds;
    }
}
