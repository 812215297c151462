package dev.hooke.core.solve;

import java.util.Arrays;
import org.ejml.data.DMatrixSparseCSC;

/**
 * A nested-dissection ordering of a sparse symmetric matrix's graph: a fill-reducing ordering for
 * sparse Cholesky, which EJML 0.46 does not offer (its orderings are none, random and identity).
 *
 * <p>Nested dissection (A. George, "Nested dissection of a regular finite element mesh", SIAM J.
 * Numer. Anal. 10, 1973) removes a small set of nodes, the separator, that splits the graph in
 * two parts no edge joins, numbers the two parts first and the separator last, and does the same
 * to each part. Eliminating a part never fills the other part's rows, so the fill stays inside
 * the parts and the separators: on a 2-D grid of n nodes the factor has O(n log n) entries, where
 * a banded ordering such as {@link ReverseCuthillMcKee} leaves O(n^{3/2}).
 *
 * <p>The separators are found from the graph alone, as in George and Liu's automatic nested
 * dissection (A. George, J. W. H. Liu, "Computer Solution of Large Sparse Positive Definite
 * Systems", 1981, chapter 8): a breadth-first level structure rooted at a pseudo-peripheral node
 * (every edge joins nodes of the same or adjacent levels, so each level separates those below it
 * from those above it); of the levels that leave at least {@value #BALANCE} of the nodes on each
 * side, the smallest is taken. It is then thinned: a separator node with no neighbour in the next
 * level joins the part below. Parts of at most {@value #LEAF} nodes are numbered in reverse
 * breadth-first order from a pseudo-peripheral node, as reverse Cuthill–McKee numbers a graph.
 * Ties are broken by node index, so the order is deterministic.
 *
 * <p>The graph is given in compressed rows as for {@link ReverseCuthillMcKee#order(int, int[], int[])}.
 */
public final class NestedDissection {

    /** Parts of at most this many nodes are not dissected further. */
    static final int LEAF = 32;
    /** The least share of a part's nodes that each side of its separator keeps. */
    static final double BALANCE = 0.3;

    private final int[] start;
    private final int[] adjacency;
    private final int[] order;
    private int emitted;
    /** The part a node belongs to during the dissection (a stamp per part). */
    private final int[] part;
    private int stamps;
    private final int[] level;
    private final int[] queue;

    private NestedDissection(int n, int[] start, int[] adjacency) {
        this.start = start;
        this.adjacency = adjacency;
        this.order = new int[n];
        this.part = new int[n];
        this.level = new int[n];
        this.queue = new int[n];
    }

    /**
     * The ordering: {@code order[k]} is the node placed at position k. A permutation of 0 … n−1.
     *
     * @param n         the number of nodes
     * @param start     n + 1 offsets into {@code adjacency}
     * @param adjacency the neighbours, both directions of every edge
     */
    public static int[] order(int n, int[] start, int[] adjacency) {
        if (start.length < n + 1) {
            throw new IllegalArgumentException("start must have n + 1 = " + (n + 1) + " entries, has " + start.length);
        }
        NestedDissection nd = new NestedDissection(n, start, adjacency);
        int[] all = new int[n];
        for (int i = 0; i < n; i++) {
            all[i] = i;
        }
        nd.dissect(all);
        return nd.order;
    }

    /**
     * The ordering of a symmetric matrix given by its upper (or lower, or full) triangle in
     * compressed columns: its graph has an edge i–j for every stored entry (i, j) with i ≠ j.
     */
    public static int[] order(DMatrixSparseCSC symmetric) {
        SymmetricGraph g = SymmetricGraph.of(symmetric);
        return order(g.n(), g.start(), g.adjacency());
    }

    /** Numbers the nodes of {@code nodes} (a part, not necessarily connected): the next positions of the order. */
    private void dissect(int[] nodes) {
        if (nodes.length <= LEAF) {
            emitLeaf(nodes);
            return;
        }
        int id = ++stamps;
        for (int v : nodes) {
            part[v] = id;
        }
        int reached = search(nodes[0], id);
        if (reached < nodes.length) {
            // not connected: each component on its own (all found here, so that the recursion
            // does not deepen by one level per component)
            java.util.List<int[]> components = new java.util.ArrayList<>();
            for (int v : nodes) {
                if (part[v] == id) {
                    int found = search(v, id);
                    components.add(Arrays.copyOf(queue, found));
                    for (int k = 0; k < found; k++) {
                        part[queue[k]] = -id;
                    }
                }
            }
            for (int[] component : components) {
                dissect(component);
            }
            return;
        }
        int root = pseudoPeripheral(nodes[0], id, reached);
        int depth = searchDepth(root, id);
        if (depth < 2) {
            emitLeaf(nodes);
            return;
        }
        int[] count = new int[depth + 1];
        for (int k = 0; k < reached; k++) {
            count[level[queue[k]]]++;
        }
        int size = nodes.length;
        int chosen = -1;
        int below = 0;
        int crossing = -1;
        for (int l = 0; l <= depth; l++) {
            int above = size - below - count[l];
            if (l > 0 && l < depth && below >= BALANCE * size && above >= BALANCE * size
                    && (chosen < 0 || count[l] < count[chosen])) {
                chosen = l;
            }
            if (crossing < 0 && below + count[l] >= size / 2) {
                crossing = Math.max(1, Math.min(depth - 1, l));
            }
            below += count[l];
        }
        if (chosen < 0) {
            chosen = crossing;
        }
        // the separator: level `chosen`, thinned; lower part: the levels below it and the thinned nodes
        int lowerSize = 0;
        int upperSize = 0;
        int sepSize = 0;
        int[] lower = new int[size];
        int[] upper = new int[size];
        int[] separator = new int[count[chosen]];
        for (int k = 0; k < reached; k++) {
            int v = queue[k];
            int l = level[v];
            if (l < chosen) {
                lower[lowerSize++] = v;
            } else if (l > chosen) {
                upper[upperSize++] = v;
            } else if (touchesLevel(v, id, chosen + 1)) {
                separator[sepSize++] = v;
            } else {
                lower[lowerSize++] = v;
            }
        }
        int[] sep = Arrays.copyOf(separator, sepSize);
        int[] lo = Arrays.copyOf(lower, lowerSize);
        int[] up = Arrays.copyOf(upper, upperSize);
        dissect(lo);
        dissect(up);
        for (int v : sep) {
            order[emitted++] = v;
        }
    }

    /** Whether v has a neighbour of part id in level l of the last search. */
    private boolean touchesLevel(int v, int id, int l) {
        for (int p = start[v]; p < start[v + 1]; p++) {
            int u = adjacency[p];
            if (part[u] == id && level[u] == l) {
                return true;
            }
        }
        return false;
    }

    /**
     * Numbers a small part: each of its connected pieces in reverse breadth-first order from a
     * pseudo-peripheral node (as reverse Cuthill–McKee, without the sort by degree).
     */
    private void emitLeaf(int[] nodes) {
        int id = ++stamps;
        for (int v : nodes) {
            part[v] = id;
        }
        for (int v : nodes) {
            if (part[v] == id) {
                int reached = search(v, id);
                int root = pseudoPeripheral(v, id, reached);
                search(root, id);
                for (int k = reached - 1; k >= 0; k--) {
                    order[emitted++] = queue[k];
                    part[queue[k]] = -id;
                }
            }
        }
    }

    /** Breadth-first search from root over the nodes of part id; fills queue and level, returns the nodes reached. */
    private int search(int root, int id) {
        int head = 0;
        int tail = 0;
        queue[tail++] = root;
        level[root] = 0;
        int mark = -id - 1_000_000_000;
        // a visited node's part is set to `mark` until the search ends, then back to id
        part[root] = mark;
        while (head < tail) {
            int v = queue[head++];
            for (int p = start[v]; p < start[v + 1]; p++) {
                int u = adjacency[p];
                if (part[u] == id) {
                    part[u] = mark;
                    level[u] = level[v] + 1;
                    queue[tail++] = u;
                }
            }
        }
        for (int k = 0; k < tail; k++) {
            part[queue[k]] = id;
        }
        return tail;
    }

    /** A search from root (connected part); returns its depth. */
    private int searchDepth(int root, int id) {
        int reached = search(root, id);
        return level[queue[reached - 1]];
    }

    /**
     * George and Liu's pseudo-peripheral node of a connected part: repeat a breadth-first search
     * from the current node and move to a least-degree node of its last level while the search
     * gets deeper.
     */
    private int pseudoPeripheral(int seed, int id, int reached) {
        int root = seed;
        int depth = searchDepth(root, id);
        while (true) {
            int candidate = -1;
            int best = Integer.MAX_VALUE;
            for (int k = 0; k < reached; k++) {
                int u = queue[k];
                int degree = start[u + 1] - start[u];
                if (level[u] == depth && (degree < best || (degree == best && u < candidate))) {
                    candidate = u;
                    best = degree;
                }
            }
            int d = searchDepth(candidate, id);
            if (d <= depth) {
                return root;
            }
            root = candidate;
            depth = d;
        }
    }
}
