package dev.hooke.core.solve;

import org.ejml.data.DMatrixSparseCSC;

/**
 * A fill-reducing ordering of a sparse symmetric matrix for {@link PrefactoredCholesky}: the
 * permutation P of P A Pᵀ = L Lᵀ, chosen so that L has few entries.
 */
public enum FillReducingOrdering {
    /** Reverse Cuthill–McKee ({@link ReverseCuthillMcKee}): a small envelope; O(n^{3/2}) entries on a 2-D grid. */
    REVERSE_CUTHILL_MCKEE,
    /** Nested dissection ({@link NestedDissection}): O(n log n) entries on a 2-D grid. */
    NESTED_DISSECTION;

    /**
     * The ordering of the symmetric matrix given by its upper (or lower, or full) triangle:
     * {@code order[k]} is the row placed at position k.
     */
    public int[] order(DMatrixSparseCSC symmetric) {
        return this == REVERSE_CUTHILL_MCKEE ? ReverseCuthillMcKee.order(symmetric) : NestedDissection.order(symmetric);
    }
}
