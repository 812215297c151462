package dev.hooke.core.integrate;

/**
 * Statistics of the linear solve made inside one implicit step. Mutable and reused by the solver
 * that owns it; read it right after the step (or copy it).
 */
public final class SolverStats {
    /** Iterations taken (0 for a direct solve). */
    public int iterations;
    /** ‖r₀‖ / ‖b‖ at the start. */
    public double initialResidual;
    /** ‖r‖ / ‖b‖ at the end. */
    public double finalResidual;
    /** Whether the requested tolerance was reached. */
    public boolean converged;
    /** Whether pᵀAp ≤ 0 was met: the matrix is not positive definite. */
    public boolean indefinite;
    /** Relative residual after each iteration, for plotting; the first {@link #historyLength} entries are valid. */
    public double[] residualHistory = new double[0];
    /** How many entries of {@link #residualHistory} are valid. */
    public int historyLength;

    /** Copies another instance into this one (grows the history array if needed). */
    public void copyFrom(SolverStats o) {
        iterations = o.iterations;
        initialResidual = o.initialResidual;
        finalResidual = o.finalResidual;
        converged = o.converged;
        indefinite = o.indefinite;
        if (residualHistory.length < o.historyLength) {
            residualHistory = new double[o.residualHistory.length];
        }
        System.arraycopy(o.residualHistory, 0, residualHistory, 0, o.historyLength);
        historyLength = o.historyLength;
    }
}
