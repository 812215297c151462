package dev.hooke.core.solve;

import org.ejml.data.DMatrixSparseCSC;
import org.ejml.data.IGrowArray;
import org.ejml.sparse.csc.CommonOps_DSCC;
import org.ejml.sparse.csc.decomposition.chol.CholeskyUpLooking_DSCC;
import org.ejml.sparse.csc.misc.TriangularSolver_DSCC;

/**
 * A sparse symmetric positive definite matrix factorised once, P A Pᵀ = L Lᵀ, and then solved
 * against many right-hand sides: the constant matrix of a method such as
 * {@code dev.hooke.core.integrate.FastMassSpring}.
 *
 * <p>The ordering P is supplied by the caller (EJML 0.46's sparse Cholesky has no fill-reducing
 * ordering of its own beyond none, random and identity; {@link NestedDissection} and
 * {@link ReverseCuthillMcKee} are two, see {@link FillReducingOrdering}):
 * {@code order[k]} is the row of A placed at position k. The permuted upper triangle is made by
 * EJML's {@link CommonOps_DSCC#permuteSymmetric} and factorised by EJML's up-looking Cholesky
 * ({@link CholeskyUpLooking_DSCC}; T. Davis, "Direct Methods for Sparse Linear Systems", SIAM
 * 2006, §4.4). A solve is
 * <pre>
 *   c = P b,   L z = c,   Lᵀ w = z,   x = Pᵀ w
 * </pre>
 * with EJML's sparse triangular solves on a dense vector; it allocates nothing.
 * {@link #solveInterleaved} solves three right-hand sides at once, stored as the x, y, z components
 * of a particle array ({@code b[3i + k]}): one pass over L serves all three.
 *
 * <p>{@link #factorNonZeros()} counts the entries of L (diagonal included): with the entries of
 * A's lower triangle it measures the fill the ordering leaves.
 */
public final class PrefactoredCholesky {

    private final CholeskyUpLooking_DSCC cholesky = new CholeskyUpLooking_DSCC();
    private final DMatrixSparseCSC permuted = new DMatrixSparseCSC(1, 1, 0);
    /** Lᵀ, L's rows as columns, for the forward substitution of {@link #solveInterleaved}. */
    private final DMatrixSparseCSC rowsOfL = new DMatrixSparseCSC(1, 1, 0);
    private final IGrowArray work = new IGrowArray();
    private int[] inverse = new int[0];
    private double[] scratch = new double[0];
    private double[] scratch3 = new double[0];
    private int n = -1;
    private boolean factored;

    /**
     * Factorises A.
     *
     * @param upper the upper triangle of A (entries with row ≤ column), n × n, no duplicates
     * @param order the ordering, a permutation of 0 … n−1; null for the natural order
     * @return whether A was found positive definite (if not, {@link #solve} must not be called)
     */
    public boolean factor(DMatrixSparseCSC upper, int[] order) {
        if (upper.numRows != upper.numCols) {
            throw new IllegalArgumentException("the matrix must be square, is " + upper.numRows + " × " + upper.numCols);
        }
        n = upper.numRows;
        if (order == null) {
            inverse = new int[n];
            for (int i = 0; i < n; i++) {
                inverse[i] = i;
            }
        } else {
            if (order.length != n) {
                throw new IllegalArgumentException("the ordering has " + order.length + " entries, the matrix " + n + " rows");
            }
            inverse = ReverseCuthillMcKee.inverse(order);
        }
        scratch = new double[n];
        scratch3 = new double[3 * n];
        permuted.reshape(n, n, upper.nz_length);
        CommonOps_DSCC.permuteSymmetric(upper, inverse, permuted, work);
        factored = cholesky.decompose(permuted);
        if (factored) {
            rowsOfL.reshape(n, n, cholesky.getL().nz_length);
            CommonOps_DSCC.transpose(cholesky.getL(), rowsOfL, work);
            for (int i = 0; i < n; i++) {
                int last = rowsOfL.col_idx[i + 1] - 1;
                boolean sorted = last >= rowsOfL.col_idx[i] && rowsOfL.nz_rows[last] == i;
                for (int p = rowsOfL.col_idx[i] + 1; sorted && p <= last; p++) {
                    sorted = rowsOfL.nz_rows[p - 1] < rowsOfL.nz_rows[p];
                }
                if (!sorted) {
                    // the forward substitution relies on it (EJML's transpose makes it so)
                    throw new IllegalStateException("row " + i + " of L is not sorted with its diagonal last");
                }
            }
        }
        return factored;
    }

    /** Whether the last {@link #factor} succeeded. */
    public boolean isFactored() {
        return factored;
    }

    /** n, the dimension. */
    public int dimension() {
        return n;
    }

    /** The number of entries of L, the diagonal included; 0 before a successful factorisation. */
    public int factorNonZeros() {
        return factored ? cholesky.getL().nz_length : 0;
    }

    /**
     * Solves A x = b in place: on return {@code b[0 … n−1]} holds x. Allocates nothing.
     *
     * @throws IllegalStateException when no factorisation succeeded
     */
    public void solve(double[] b) {
        if (!factored) {
            throw new IllegalStateException("no factorisation to solve with");
        }
        final int[] inv = inverse;
        final double[] c = scratch;
        for (int i = 0; i < n; i++) {
            c[inv[i]] = b[i];
        }
        DMatrixSparseCSC l = cholesky.getL();
        TriangularSolver_DSCC.solveL(l, c);
        TriangularSolver_DSCC.solveTranL(l, c);
        for (int i = 0; i < n; i++) {
            b[i] = c[inv[i]];
        }
    }

    /**
     * Solves A X = B for three right-hand sides stored interleaved, column k of B at
     * {@code b[3i + k]} (i = 0 … n−1), in place. The same substitutions as {@link #solve}, the
     * same operations in the same order for each column (so the same result to the bit), but one
     * pass over L's entries updates all three columns and no column is copied out and back: on the
     * 100×100 cloth's factor (1.35·10⁶ entries) it took 1.3 to 2.3 times less time than three
     * {@link #solve} calls (timed on a shared machine). The backward loop is that of EJML's
     * {@code TriangularSolver_DSCC.solveTranL} (column-oriented, a sum per column of L), widened
     * to three columns. The forward one reads L by rows, from a copy of Lᵀ made at the
     * factorisation, and subtracts z_j L_ij in increasing j as EJML's {@code solveL} does by
     * columns, but into three sums held in registers instead of stores into the vector at every
     * entry: 15–20 % less time for that half, measured in turn with the column form (load 7).
     * Allocates nothing.
     *
     * @throws IllegalStateException when no factorisation succeeded
     */
    public void solveInterleaved(double[] b) {
        if (!factored) {
            throw new IllegalStateException("no factorisation to solve with");
        }
        final int[] inv = inverse;
        final double[] c = scratch3;
        for (int i = 0; i < n; i++) {
            int q = 3 * inv[i];
            c[q] = b[3 * i];
            c[q + 1] = b[3 * i + 1];
            c[q + 2] = b[3 * i + 2];
        }
        // L Z = C, forward, row by row: z_i = (c_i − Σ_{j<i} L_ij z_j) / L_ii, the sum in increasing j
        // (the order in which the column-oriented substitution subtracts), read from Lᵀ's columns,
        // whose entries are sorted by row with the diagonal last
        final int[] rowStart = rowsOfL.col_idx;
        final int[] rowCols = rowsOfL.nz_rows;
        final double[] rowVal = rowsOfL.nz_values;
        for (int i = 0; i < n; i++) {
            int diagonal = rowStart[i + 1] - 1;
            int q = 3 * i;
            double s0 = c[q];
            double s1 = c[q + 1];
            double s2 = c[q + 2];
            for (int p = rowStart[i]; p < diagonal; p++) {
                int r = 3 * rowCols[p];
                double v = rowVal[p];
                s0 -= v * c[r];
                s1 -= v * c[r + 1];
                s2 -= v * c[r + 2];
            }
            double d = rowVal[diagonal];
            c[q] = s0 / d;
            c[q + 1] = s1 / d;
            c[q + 2] = s2 / d;
        }
        DMatrixSparseCSC l = cholesky.getL();
        final int[] col = l.col_idx;
        final int[] rows = l.nz_rows;
        final double[] val = l.nz_values;
        // Lᵀ W = Z, backward
        for (int j = n - 1; j >= 0; j--) {
            int first = col[j];
            int end = col[j + 1];
            int q = 3 * j;
            double s0 = c[q];
            double s1 = c[q + 1];
            double s2 = c[q + 2];
            for (int p = first + 1; p < end; p++) {
                int r = 3 * rows[p];
                double v = val[p];
                s0 -= v * c[r];
                s1 -= v * c[r + 1];
                s2 -= v * c[r + 2];
            }
            double d = val[first];
            c[q] = s0 / d;
            c[q + 1] = s1 / d;
            c[q + 2] = s2 / d;
        }
        for (int i = 0; i < n; i++) {
            int q = 3 * inv[i];
            b[3 * i] = c[q];
            b[3 * i + 1] = c[q + 1];
            b[3 * i + 2] = c[q + 2];
        }
    }
}
