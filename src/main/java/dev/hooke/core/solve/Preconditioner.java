package dev.hooke.core.solve;

/**
 * A preconditioner P ≈ A for {@link ConjugateGradient}: z = P⁻¹ r must be cheap, and P symmetric
 * positive definite (so that preconditioned CG minimises the A-norm of the error).
 */
public interface Preconditioner {

    /** Which one this is. */
    PreconditionerKind kind();

    /** Rebuilds P from a freshly assembled matrix. */
    void update(SystemMatrix a);

    /** z = P⁻¹ r on the first {@code n} entries. */
    void apply(double[] r, double[] z, int n);
}
