package dev.hooke.core.parallel;

import dev.hooke.core.model.MassSpringSystem;

/**
 * A fixed split of a system's particles into {@value #PARTS} contiguous index ranges, and of its
 * springs into the springs inside each range and the rest:
 * <pre>
 *   particles:  [nodeStart[c], nodeStart[c+1])                 c = 0 … PARTS − 1
 *   springs:    order[springStart[c] .. springStart[c+1])       both ends in part c
 *               order[springStart[PARTS] .. springCount)        ends in different parts ("boundary")
 * </pre>
 * The ranges are cut where the running count of spring ends reaches c/PARTS of the total, so the
 * parts carry about equal work. Within each group springs are sorted by their first particle a
 * (then by index): a loop then meets each particle's springs one after another and can sum their
 * contributions to particle a in registers, writing f_a (or y_a) once per particle instead of
 * once per spring. Consecutive read-modify-writes of one array entry wait for each other (a
 * store must reach the next load); on a cloth, where five of the six springs made at a particle
 * start there, that chain was the cost of the loops (docs/performance.md).
 *
 * <p>Why: a loop over springs adds each spring's contribution to both of its particles. The
 * springs of part c touch only part c's particles, so the parts can run on different threads with
 * no two writing the same entry; the boundary springs run afterwards on one thread. Every sum over
 * a particle's springs is then taken in the order "its part's springs, then the boundary springs",
 * the same whether the parts ran on one thread or on several: results are identical bit for bit.
 * The number of parts is fixed (not the number of threads) for exactly that reason.
 *
 * <p>On a cloth indexed row by row the cuts fall between rows, and the boundary springs are those
 * crossing a cut (about 1 % of the springs per cut on a 100 × 100 cloth); a chain has one per cut.
 * The partition depends only on the topology (the spring ends), which never changes after a
 * system is built.
 */
public final class SpringPartition {

    /** The number of parts. */
    public static final int PARTS = 4;

    private final int particleCount;
    private final int springCount;
    private final int[] nodeStart = new int[PARTS + 1];
    private final int[] springStart = new int[PARTS + 1];
    private final int[] order;

    /** The partition of the given system's particles and springs. */
    public SpringPartition(MassSpringSystem s) {
        particleCount = s.particleCount();
        springCount = s.springCount();
        final int[] sa = s.springAArray();
        final int[] sb = s.springBArray();
        int[] ends = new int[particleCount + 1];
        for (int sp = 0; sp < springCount; sp++) {
            ends[sa[sp]]++;
            ends[sb[sp]]++;
        }
        long total = 2L * springCount + particleCount;
        int c = 1;
        long running = 0;
        for (int i = 0; i < particleCount && c < PARTS; i++) {
            running += ends[i] + 1;
            while (c < PARTS && running * PARTS >= c * total) {
                nodeStart[c++] = i + 1;
            }
        }
        while (c < PARTS) {
            nodeStart[c++] = particleCount;
        }
        nodeStart[PARTS] = particleCount;
        int[] partOf = new int[particleCount];
        for (int p = 0; p < PARTS; p++) {
            for (int i = nodeStart[p]; i < nodeStart[p + 1]; i++) {
                partOf[i] = p;
            }
        }
        int[] count = new int[PARTS + 1];
        for (int sp = 0; sp < springCount; sp++) {
            int pa = partOf[sa[sp]];
            count[pa == partOf[sb[sp]] ? pa : PARTS]++;
        }
        int[] next = new int[PARTS + 1];
        for (int p = 0; p < PARTS; p++) {
            springStart[p + 1] = springStart[p] + count[p];
            next[p + 1] = springStart[p + 1];
        }
        long[] keys = new long[springCount];
        for (int sp = 0; sp < springCount; sp++) {
            int pa = partOf[sa[sp]];
            int g = pa == partOf[sb[sp]] ? pa : PARTS;
            keys[next[g]++] = (long) sa[sp] << 32 | sp;
        }
        order = new int[springCount];
        for (int g = 0; g <= PARTS; g++) {
            int from = springStart[g];
            int to = g < PARTS ? springStart[g + 1] : springCount;
            java.util.Arrays.sort(keys, from, to);
            for (int k = from; k < to; k++) {
                order[k] = (int) keys[k];
            }
        }
    }

    /** Whether this partition was made for a system of that topology's sizes. */
    public boolean fits(MassSpringSystem s) {
        return s.particleCount() == particleCount && s.springCount() == springCount;
    }

    /** The first particle of part c (c = 0 … PARTS; nodeStart(PARTS) is the particle count). */
    public int nodeStart(int c) {
        return nodeStart[c];
    }

    /** The first position in {@link #order(int)} of part c's springs; springStart(PARTS) is the first boundary spring. */
    public int springStart(int c) {
        return springStart[c];
    }

    /** The spring at position p of the order (parts' springs, then the boundary springs). */
    public int order(int p) {
        return order[p];
    }

    /** The order as an array (shared; do not modify). */
    public int[] orderArray() {
        return order;
    }

    /** The number of springs. */
    public int springCount() {
        return springCount;
    }

    /** The number of particles. */
    public int particleCount() {
        return particleCount;
    }
}
