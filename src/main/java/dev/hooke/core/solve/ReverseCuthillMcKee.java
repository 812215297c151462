package dev.hooke.core.solve;

import java.util.Arrays;
import org.ejml.data.DMatrixSparseCSC;

/**
 * The reverse Cuthill–McKee ordering of a sparse symmetric matrix's graph: a fill-reducing
 * ordering for sparse Cholesky, which EJML 0.46 does not offer (its orderings are none, random and
 * identity; no AMD).
 *
 * <p>Cuthill–McKee (E. Cuthill, J. McKee, "Reducing the bandwidth of sparse symmetric matrices",
 * 1969) numbers the nodes breadth first from a start node, each node's unnumbered neighbours in
 * order of increasing degree, so that every node's neighbours get numbers close to its own: the
 * matrix becomes banded with a small envelope. Reversing the order (A. George, 1971) keeps the
 * envelope and makes it fill less, since Cholesky's fill stays inside the envelope (A. George,
 * J. W. H. Liu, "Computer Solution of Large Sparse Positive Definite Systems", 1981, chapter 4).
 * The start node of each connected component is a pseudo-peripheral node, found by George and
 * Liu's repeated breadth-first search: from a node of least degree, go to a node of least degree
 * in the last level while that makes the level structure deeper (George, Liu, "An implementation
 * of a pseudoperipheral node finder", ACM TOMS 5, 1979).
 *
 * <p>The graph is given in compressed rows: node i's neighbours are
 * {@code adjacency[start[i]] … adjacency[start[i+1] − 1]}, each edge in both directions, no
 * self-loops. Ties in degree are broken by node index, so the order is deterministic.
 */
public final class ReverseCuthillMcKee {

    private ReverseCuthillMcKee() {
    }

    /**
     * The ordering: {@code order[k]} is the node placed at position k (so P A Pᵀ has row k equal
     * to A's row {@code order[k]}). A permutation of 0 … n−1.
     *
     * @param n         the number of nodes
     * @param start     n + 1 offsets into {@code adjacency}
     * @param adjacency the neighbours, both directions of every edge
     */
    public static int[] order(int n, int[] start, int[] adjacency) {
        if (start.length < n + 1) {
            throw new IllegalArgumentException("start must have n + 1 = " + (n + 1) + " entries, has " + start.length);
        }
        int[] degree = new int[n];
        for (int i = 0; i < n; i++) {
            degree[i] = start[i + 1] - start[i];
        }
        int[] order = new int[n];
        boolean[] numbered = new boolean[n];
        Levels bfs = new Levels(n, start, adjacency);
        int count = 0;
        while (count < n) {
            int seed = -1;
            for (int i = 0; i < n; i++) {
                if (!numbered[i] && (seed < 0 || degree[i] < degree[seed])) {
                    seed = i;
                }
            }
            int root = pseudoPeripheral(seed, bfs, degree);
            order[count] = root;
            numbered[root] = true;
            int head = count;
            count++;
            while (head < count) {
                int v = order[head++];
                int first = count;
                for (int p = start[v]; p < start[v + 1]; p++) {
                    int u = adjacency[p];
                    if (!numbered[u]) {
                        numbered[u] = true;
                        order[count++] = u;
                    }
                }
                sortByDegree(order, first, count, degree);
            }
        }
        for (int i = 0, j = n - 1; i < j; i++, j--) {
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        return order;
    }

    /**
     * The ordering of a symmetric matrix given by its upper (or lower, or full) triangle in
     * compressed columns: its graph has an edge i–j for every stored entry (i, j) with i ≠ j.
     */
    public static int[] order(DMatrixSparseCSC symmetric) {
        SymmetricGraph g = SymmetricGraph.of(symmetric);
        return order(g.n(), g.start(), g.adjacency());
    }

    /** The inverse of an ordering: {@code inverse[order[k]] = k}. */
    public static int[] inverse(int[] order) {
        int[] inv = new int[order.length];
        Arrays.fill(inv, -1);
        for (int k = 0; k < order.length; k++) {
            int i = order[k];
            if (i < 0 || i >= order.length || inv[i] >= 0) {
                throw new IllegalArgumentException("not a permutation: " + i + " at position " + k);
            }
            inv[i] = k;
        }
        return inv;
    }

    /** Breadth-first level structures, over scratch arrays cleared after each use. */
    private static final class Levels {
        final int[] start;
        final int[] adjacency;
        final int[] level;
        final int[] queue;
        /** Nodes reached by the last search: queue[0 … reached − 1]. */
        int reached;

        Levels(int n, int[] start, int[] adjacency) {
            this.start = start;
            this.adjacency = adjacency;
            this.level = new int[n];
            this.queue = new int[n];
            Arrays.fill(level, -1);
        }

        /** Searches from root; returns the deepest level (the eccentricity of root). */
        int search(int root) {
            int head = 0;
            int tail = 0;
            queue[tail++] = root;
            level[root] = 0;
            int depth = 0;
            while (head < tail) {
                int v = queue[head++];
                depth = level[v];
                for (int p = start[v]; p < start[v + 1]; p++) {
                    int u = adjacency[p];
                    if (level[u] < 0) {
                        level[u] = level[v] + 1;
                        queue[tail++] = u;
                    }
                }
            }
            reached = tail;
            return depth;
        }

        /** Forgets the last search. */
        void clear() {
            for (int k = 0; k < reached; k++) {
                level[queue[k]] = -1;
            }
            reached = 0;
        }
    }

    /**
     * George and Liu's pseudo-peripheral node of {@code seed}'s component: repeat a breadth-first
     * search from the current node and move to a least-degree node of its last level while the
     * search gets deeper.
     */
    private static int pseudoPeripheral(int seed, Levels bfs, int[] degree) {
        int root = seed;
        int depth = bfs.search(root);
        while (true) {
            int candidate = -1;
            for (int k = 0; k < bfs.reached; k++) {
                int u = bfs.queue[k];
                if (bfs.level[u] == depth && (candidate < 0 || degree[u] < degree[candidate]
                        || (degree[u] == degree[candidate] && u < candidate))) {
                    candidate = u;
                }
            }
            bfs.clear();
            int d = bfs.search(candidate);
            if (d <= depth) {
                bfs.clear();
                return root;
            }
            root = candidate;
            depth = d;
        }
    }

    /** Insertion sort of a[from … to−1] by degree, then index. */
    private static void sortByDegree(int[] a, int from, int to, int[] degree) {
        for (int i = from + 1; i < to; i++) {
            int v = a[i];
            int j = i - 1;
            while (j >= from && (degree[a[j]] > degree[v] || (degree[a[j]] == degree[v] && a[j] > v))) {
                a[j + 1] = a[j];
                j--;
            }
            a[j + 1] = v;
        }
    }
}
