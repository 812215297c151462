package dev.hooke.core.solve;

import dev.hooke.core.model.StateRecord;

/**
 * Solves A x = b for the symmetric matrix of an implicit step.
 *
 * <p>Contract: {@link #solve} never throws on numerical trouble (a non-converged iteration, an
 * indefinite matrix, a non-finite right-hand side); the trouble is reported in the stats and x
 * holds the best answer available. It allocates nothing once it has seen a matrix of that size
 * and sparsity pattern (for the EJML path see {@link SparseCholesky}). The inputs A and b are not
 * modified.
 */
public interface LinearSolver {

    /** Which solver this is. */
    SolverKind kind();

    /**
     * Solves A x = b.
     *
     * @param a     the assembled matrix
     * @param b     the right-hand side, length ≥ {@code a.dimension()}
     * @param x     on entry the first guess (an iterative solver starts there, a direct one ignores
     *              it unless it fails), on exit the solution
     * @param stats filled with what happened
     */
    void solve(SystemMatrix a, double[] b, double[] x, LinearSolveStats stats);

    /** A new solver. */
    static LinearSolver create(SolverKind kind, PreconditionerKind preconditioner, double tolerance, int maxIterations) {
        return switch (kind) {
            case CG -> preconditioner == PreconditionerKind.SSOR
                    ? new SsorConjugateGradient(SsorConjugateGradient.OMEGA, tolerance, maxIterations)
                    : new ConjugateGradient(preconditioner.create(), tolerance, maxIterations);
            case CHOLESKY -> new SparseCholesky();
        };
    }

    /**
     * Writes what this keeps from one solve to the next and changes the next solve's result (a
     * lagged factor) into {@code out}, so that {@link #restoreState} continues a run bit for bit;
     * nothing by default. {@code a} is the matrix it was last updated with.
     */
    default void saveState(StateRecord out, SystemMatrix a) {
    }

    /** Reads back what {@link #saveState} wrote, after {@code a}'s pattern has been restored. */
    default void restoreState(StateRecord in, SystemMatrix a) {
    }
}
