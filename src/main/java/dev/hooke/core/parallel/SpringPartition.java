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
 * parts carry about equal work. Within each group springs keep their index order.
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
    private final byte[] group;
    private final int[] firstSpring = new int[PARTS];
    private final int[] endSpring = new int[PARTS];

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
        order = new int[springCount];
        group = new byte[springCount];
        java.util.Arrays.fill(firstSpring, springCount);
        for (int sp = 0; sp < springCount; sp++) {
            int pa = partOf[sa[sp]];
            int g = pa == partOf[sb[sp]] ? pa : PARTS;
            order[next[g]++] = sp;
            group[sp] = (byte) g;
            if (g < PARTS) {
                firstSpring[g] = Math.min(firstSpring[g], sp);
                endSpring[g] = sp + 1;
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

    /**
     * The group of each spring by index: its part c, or {@link #PARTS} for a boundary spring
     * (shared; do not modify). A loop may take part c's springs as the indices from
     * {@link #firstSpring(int)} to {@link #endSpring(int)} whose group is c: the same springs in
     * the same order as {@link #order(int)} gives them, read straight from the system's arrays.
     */
    public byte[] groupArray() {
        return group;
    }

    /** The smallest index of a spring of part c (the spring count when it has none). */
    public int firstSpring(int c) {
        return firstSpring[c];
    }

    /** One past the largest index of a spring of part c (0 when it has none). */
    public int endSpring(int c) {
        return endSpring[c];
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
