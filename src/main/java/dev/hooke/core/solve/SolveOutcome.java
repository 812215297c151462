package dev.hooke.core.solve;

/** How a linear solve ended. */
public enum SolveOutcome {
    /** The relative residual reached the tolerance (or the direct factorisation succeeded). */
    CONVERGED("converged"),
    /** The iteration cap was reached first; the last iterate is returned. */
    ITERATION_CAP("iteration cap reached"),
    /**
     * The matrix is not positive definite: CG met pᵀAp ≤ 0, or the Cholesky factorisation met a
     * pivot ≤ 0. The last iterate (CG) or the first guess (Cholesky) is returned.
     */
    INDEFINITE("matrix not positive definite"),
    /** A value became infinite or NaN (the right-hand side or the state was not finite). */
    BREAKDOWN("non-finite value");

    private final String description;

    SolveOutcome(String description) {
        this.description = description;
    }

    /** A few words for reports. */
    public String description() {
        return description;
    }
}
