package dev.hooke.core.solve;

import dev.hooke.core.model.StateRecord;

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
     * 3): the part of P⁻¹ that is block diagonal per particle, so that ranges can be applied
     * independently (and in parallel). A preconditioner with a global part adds it afterwards in
     * {@link #correct}.
     */
    void apply(double[] r, double[] z, int from, int to);

    /** Whether {@link #correct} must be called after {@link #apply} has covered every range. */
    default boolean hasCorrection() {
        return false;
    }

    /**
     * Adds P⁻¹'s global part to z on the first {@code n} entries, once {@link #apply} has covered
     * them all; on the calling thread.
     *
     * @return what rᵀz gained by it
     */
    default double correct(double[] r, double[] z, int n) {
        return 0;
    }

    /** z = P⁻¹ r on the first {@code n} entries. */
    default void apply(double[] r, double[] z, int n) {
        apply(r, z, 0, n);
        correct(r, z, n);
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
