package dev.hooke.core.solve;

import java.util.Arrays;
import org.ejml.data.DMatrixSparseCSC;

/**
 * The graph of a symmetric sparse matrix, as the fill-reducing orderings read it: an edge i–j for
 * every stored off-diagonal entry (i, j), in adjacency lists ({@code adjacency[start[i] …
 * start[i+1])} are i's neighbours).
 *
 * @param n         the number of vertices (the matrix's order)
 * @param start     where each vertex's list begins; n + 1 entries
 * @param adjacency the neighbours, list after list
 */
record SymmetricGraph(int n, int[] start, int[] adjacency) {

    /** The graph of a square matrix given by its upper (or lower, or full) triangle in compressed columns. */
    static SymmetricGraph of(DMatrixSparseCSC symmetric) {
        int n = symmetric.numCols;
        if (symmetric.numRows != n) {
            throw new IllegalArgumentException("the matrix must be square, is " + symmetric.numRows + " × " + n);
        }
        int[] start = new int[n + 1];
        for (int col = 0; col < n; col++) {
            for (int p = symmetric.col_idx[col]; p < symmetric.col_idx[col + 1]; p++) {
                int row = symmetric.nz_rows[p];
                if (row != col) {
                    start[row + 1]++;
                    start[col + 1]++;
                }
            }
        }
        for (int i = 0; i < n; i++) {
            start[i + 1] += start[i];
        }
        int[] fill = Arrays.copyOf(start, n);
        int[] adjacency = new int[start[n]];
        for (int col = 0; col < n; col++) {
            for (int p = symmetric.col_idx[col]; p < symmetric.col_idx[col + 1]; p++) {
                int row = symmetric.nz_rows[p];
                if (row != col) {
                    adjacency[fill[row]++] = col;
                    adjacency[fill[col]++] = row;
                }
            }
        }
        return new SymmetricGraph(n, start, adjacency);
    }
}
