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

    /**
     * z = P⁻¹ r on the entries {@code [from, to)}, which start and end on a particle (multiples of
     * 3); P is block diagonal per particle, so ranges can be applied independently (and in
     * parallel).
     */
    void apply(double[] r, double[] z, int from, int to);

    /** z = P⁻¹ r on the first {@code n} entries. */
    default void apply(double[] r, double[] z, int n) {
        apply(r, z, 0, n);
    }
}
