package dev.hooke.core.solve;

/**
 * What one linear solve A x = b did. Mutable and reused by its owner; nothing allocates once the
 * history has the capacity the solver needs.
 *
 * <p>Residuals are relative: ‖b − A x‖₂ / ‖b‖₂ (dimensionless; 0 when b = 0).
 */
public final class LinearSolveStats {
    /** Iterations taken; 0 for a direct solve. */
    public int iterations;
    /** ‖b − A x₀‖ / ‖b‖ for the first guess x₀. */
    public double initialResidual;
    /** ‖b − A x‖ / ‖b‖ for the returned x, computed from x (not from the CG recurrence). */
    public double finalResidual;
    /** How the solve ended. */
    public SolveOutcome outcome = SolveOutcome.CONVERGED;
    /** Relative residual before the first and after each iteration; the first {@link #historyLength} entries are valid. */
    public double[] residualHistory = new double[0];
    /** How many entries of {@link #residualHistory} are valid (iterations + 1 for CG, 0 for a direct solve). */
    public int historyLength;

    /** Whether the solve reached its tolerance. */
    public boolean converged() {
        return outcome == SolveOutcome.CONVERGED;
    }

    /** Whether the matrix was found not positive definite. */
    public boolean indefinite() {
        return outcome == SolveOutcome.INDEFINITE;
    }

    /** Clears the counters and makes room for {@code capacity} history entries. */
    public void reset(int capacity) {
        if (residualHistory.length < capacity) {
            residualHistory = new double[capacity];
        }
        iterations = 0;
        initialResidual = 0;
        finalResidual = 0;
        outcome = SolveOutcome.CONVERGED;
        historyLength = 0;
    }

    void record(double residual) {
        if (historyLength < residualHistory.length) {
            residualHistory[historyLength++] = residual;
        }
    }
}
