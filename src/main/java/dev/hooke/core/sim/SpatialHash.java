package dev.hooke.core.sim;

import java.util.Arrays;

/**
 * A spatial hash of particle positions in cubic cells of edge h, in flat arrays: the particles of
 * each hash bucket are stored together (a counting sort by bucket), so that a query visits the 27
 * cells around a point and reads each cell's particles from one contiguous run. The hash of a cell
 * (i, j, k) is Teschner et al.'s, "Optimized Spatial Hashing for Collision Detection of Deformable
 * Objects" (VMV 2003):
 * <pre>
 *   hash(i, j, k) = ((i · 73856093) xor (j · 19349663) xor (k · 83492791)) mod T
 * </pre>
 * with T the power of two at or above 2n buckets (the mod is then a mask).
 * Different cells may share a bucket: a query returns a superset of the particles in its cells,
 * and the caller checks the distance. The arrays are made when the number of particles changes;
 * {@link #build} and the queries allocate nothing.
 */
final class SpatialHash {

    private int[] start = new int[1];
    private int[] entries = new int[0];
    private int[] bucketOf = new int[0];
    /** The cell (i, j, k) of each particle, {@code 3*p+k}, from the last build. */
    private int[] cellOf = new int[0];
    private double cell = 1;

    /** The cell edge h; in m. */
    double cell() {
        return cell;
    }

    /** Sorts the n particles at x ({@code 3*i+k}) into buckets of cells of edge h (m, &gt; 0). */
    void build(double[] x, int n, double h) {
        if (entries.length != n) {
            entries = new int[n];
            bucketOf = new int[n];
            cellOf = new int[3 * n];
            start = new int[Integer.highestOneBit(Math.max(2 * n - 1, 1)) * 2 + 1];
        }
        cell = h;
        int buckets = start.length - 1;
        Arrays.fill(start, 0);
        for (int i = 0; i < n; i++) {
            int ci = (int) Math.floor(x[3 * i] / h);
            int cj = (int) Math.floor(x[3 * i + 1] / h);
            int ck = (int) Math.floor(x[3 * i + 2] / h);
            cellOf[3 * i] = ci;
            cellOf[3 * i + 1] = cj;
            cellOf[3 * i + 2] = ck;
            int b = cellBucket(ci, cj, ck);
            bucketOf[i] = b;
            start[b]++;
        }
        // prefix sums: start[b] = the end of bucket b; then each particle steps its bucket's start back
        for (int b = 1; b <= buckets; b++) {
            start[b] += start[b - 1];
        }
        for (int i = 0; i < n; i++) {
            entries[--start[bucketOf[i]]] = i;
        }
    }

    /** Component k (0, 1, 2) of the cell of particle p at the last build. */
    int cell(int p, int k) {
        return cellOf[3 * p + k];
    }

    /** The bucket of cell (i, j, k). */
    int cellBucket(int i, int j, int k) {
        int h = (i * 73856093) ^ (j * 19349663) ^ (k * 83492791);
        return h & (start.length - 2);
    }

    /** The first entry of bucket b. */
    int first(int b) {
        return start[b];
    }

    /** One past the last entry of bucket b. */
    int end(int b) {
        return start[b + 1];
    }

    /** The particle at entry e. */
    int particle(int e) {
        return entries[e];
    }
}
