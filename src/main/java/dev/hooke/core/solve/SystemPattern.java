package dev.hooke.core.solve;

import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.parallel.SpringPartition;

/**
 * The sparsity pattern of a {@link SystemMatrix}: which unknowns there are and where each spring's
 * block goes. It depends only on the system's sizes and pins, and is rebuilt when they change.
 * <ul>
 *   <li>Pinned particles are removed: the free particles are numbered in particle order as
 *       <em>nodes</em>, node j owning the DOFs 3j .. 3j+2 ({@link #dof(int)}).</li>
 *   <li>Springs are kept in the order of a {@link SpringPartition} (each part's springs, then those
 *       between parts); slot k holds spring {@code order[k]}, with the first DOF of each end in
 *       {@code dofA[k]}, {@code dofB[k]} (−1 when pinned).</li>
 *   <li>Part c's nodes are {@code nodeFrom[c] .. nodeFrom[c+1]}.</li>
 * </ul>
 * Arrays are shared, not copied; nothing allocates while the pattern stays the same.
 */
final class SystemPattern {

    static final int PARTS = SpringPartition.PARTS;

    private MassSpringSystem seen;
    private int particleCount = -1;
    private int springCount = -1;
    private int[] dof = new int[0];
    private int[] particleOfNode = new int[0];
    private int dim;
    private SpringPartition partition;
    private final int[] nodeFrom = new int[PARTS + 1];
    private int[] order = new int[0];
    private int[] position = new int[0];
    private int[] dofA = new int[0];
    private int[] dofB = new int[0];
    private long version;

    /** The number of unknowns, 3 × (number of free particles). */
    int dimension() {
        return dim;
    }

    /** The number of free particles (nodes). */
    int nodes() {
        return particleOfNode.length;
    }

    /** The number of springs (slots). */
    int springCount() {
        return springCount;
    }

    /** The first free DOF of particle i, or −1 when it is pinned. */
    int dof(int particle) {
        return dof[particle];
    }

    /** Per particle, its first free DOF or −1 when pinned. Shared. */
    int[] dofArray() {
        return dof;
    }

    /** Per node j, its particle. Shared. */
    int[] particleOfNode() {
        return particleOfNode;
    }

    /** The first node of part c (c = 0 … PARTS; nodeFrom(PARTS) is the number of nodes). */
    int nodeFrom(int c) {
        return nodeFrom[c];
    }

    /** The partition the slots follow. */
    SpringPartition partition() {
        return partition;
    }

    /** Per slot k, its spring. Shared. */
    int[] order() {
        return order;
    }

    /** Per spring, its slot. Shared. */
    int[] position() {
        return position;
    }

    /** Per slot, the first DOF of end a, −1 when pinned. Shared. */
    int[] dofA() {
        return dofA;
    }

    /** Per slot, the first DOF of end b, −1 when pinned. Shared. */
    int[] dofB() {
        return dofB;
    }

    /** A counter that changes whenever the pattern does. */
    long version() {
        return version;
    }

    /**
     * Adopts the system's sizes and pins.
     *
     * @return whether the pattern changed (then {@link #version()} has moved on)
     */
    boolean refresh(MassSpringSystem s) {
        return refresh(s, null);
    }

    /**
     * Adopts the system's sizes and, for its pins, those of {@code pinnedMask} (bit i of word i/64
     * set: particle i pinned) instead of the system's when not null: a saved pattern, laid out
     * again when a saved state is restored.
     *
     * @return whether the pattern changed (then {@link #version()} has moved on)
     */
    boolean refresh(MassSpringSystem s, long[] pinnedMask) {
        int n = s.particleCount();
        boolean same = s == seen && n == particleCount && s.springCount() == springCount;
        if (same) {
            for (int i = 0; i < n; i++) {
                if ((dof[i] < 0) != pinned(s, pinnedMask, i)) {
                    same = false;
                    break;
                }
            }
        }
        if (same) {
            return false;
        }
        if (partition == null || s != seen || !partition.fits(s)) {
            partition = new SpringPartition(s);
        }
        seen = s;
        particleCount = n;
        springCount = s.springCount();
        if (dof.length != n) {
            dof = new int[n];
        }
        int free = 0;
        for (int i = 0; i < n; i++) {
            dof[i] = pinned(s, pinnedMask, i) ? -1 : 3 * free++;
        }
        dim = 3 * free;
        particleOfNode = new int[free];
        for (int i = 0; i < n; i++) {
            if (dof[i] >= 0) {
                particleOfNode[dof[i] / 3] = i;
            }
        }
        for (int c = 0; c <= PARTS; c++) {
            int first = partition.nodeStart(c);
            int freeBefore = 0;
            for (int i = 0; i < first; i++) {
                if (dof[i] >= 0) {
                    freeBefore++;
                }
            }
            nodeFrom[c] = freeBefore;
        }
        order = partition.orderArray();
        if (dofA.length != springCount) {
            dofA = new int[springCount];
            dofB = new int[springCount];
            position = new int[springCount];
        }
        for (int k = 0; k < springCount; k++) {
            int sp = order[k];
            position[sp] = k;
            dofA[k] = dof[s.springA(sp)];
            dofB[k] = dof[s.springB(sp)];
        }
        version++;
        return true;
    }

    private static boolean pinned(MassSpringSystem s, long[] mask, int i) {
        return mask == null ? s.isPinned(i) : (mask[i >>> 6] & (1L << i)) != 0;
    }

    /** Writes which particles the pattern has pinned into {@code mask} (bit i of word i/64), of length ⌈n/64⌉. */
    void pinnedMask(long[] mask) {
        java.util.Arrays.fill(mask, 0);
        for (int i = 0; i < dof.length; i++) {
            if (dof[i] < 0) {
                mask[i >>> 6] |= 1L << i;
            }
        }
    }

    /** Copies the free DOFs of a full {@code 3n} array into a free-DOF array. */
    void gather(double[] full, double[] free) {
        for (int j = 0, q = 0; j < particleOfNode.length; j++, q += 3) {
            int p = 3 * particleOfNode[j];
            free[q] = full[p];
            free[q + 1] = full[p + 1];
            free[q + 2] = full[p + 2];
        }
    }
}
