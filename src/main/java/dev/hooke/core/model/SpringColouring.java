package dev.hooke.core.model;

/**
 * A greedy edge colouring of a system's springs: every spring gets a colour, and no two springs of
 * one colour share a particle. {@link #orderArray()} lists the springs colour by colour, each
 * colour in index order:
 * <pre>
 *   colour c:  order[colourStart[c] .. colourStart[c+1])      c = 0 … colours − 1
 * </pre>
 *
 * <h2>The colouring</h2>
 * The springs are taken in index order; each gets the smallest colour that no spring already
 * coloured at either of its two ends has. A particle with d springs sees at most d − 1 other
 * springs, so at most 2 Δ − 1 colours are used (Δ: the largest number of springs at one particle;
 * Vizing's theorem says Δ + 1 would do, greedy comes close on meshes). The result depends only on
 * the topology and is the same on every run.
 *
 * <p>Why: a Gauss–Seidel sweep that projects the springs one after the other in index order walks
 * along rows of a cloth, (p, p+1), (p+1, p+2), …, so each projection reads the positions the
 * previous one has just written, and the processor waits for that chain of square root, division
 * and stores. Projected colour by colour, consecutive springs never share a particle and their
 * work overlaps. This is the graph-colouring Gauss–Seidel order of M. Fratarcangeli,
 * V. Tibaldo, F. Pellacini, "Vivace: a Practical Gauss-Seidel Method for Stable Soft Body
 * Dynamics", ACM Trans. Graph. 35(6) (SIGGRAPH Asia 2016); the springs of one colour are
 * independent of each other, so their projections give the same result in any order or split.
 *
 * <p>The topology (the spring ends) never changes after a system is built (a torn spring keeps its
 * place with k_s = 0), so a colouring made once serves every step; {@link #madeFor} tells whether
 * it was made for a given system's spring arrays.
 */
public final class SpringColouring {

    private final int[] springA;
    private final int[] springB;
    private final int[] order;
    private final int[] colourStart;
    private final int[] colourOf;

    /** The colouring of s's springs. */
    public SpringColouring(MassSpringSystem s) {
        this(s.particleCount(), s.springAArray(), s.springBArray(), s.springCount());
    }

    /**
     * The colouring of springs 0 … springCount − 1 joining particles {@code a[s]} and {@code b[s]}.
     *
     * @param particleCount the number of particles; every end must be below it
     * @throws IllegalArgumentException when an end is outside 0 … particleCount − 1
     */
    public SpringColouring(int particleCount, int[] a, int[] b, int springCount) {
        springA = a;
        springB = b;
        // springs at each particle, compressed rows: at[atStart[i] .. atStart[i+1])
        int[] atStart = new int[particleCount + 1];
        for (int sp = 0; sp < springCount; sp++) {
            checkEnd(a[sp], particleCount, sp);
            checkEnd(b[sp], particleCount, sp);
            atStart[a[sp] + 1]++;
            if (b[sp] != a[sp]) {
                atStart[b[sp] + 1]++;
            }
        }
        int maxDegree = 0;
        for (int i = 0; i < particleCount; i++) {
            maxDegree = Math.max(maxDegree, atStart[i + 1]);
            atStart[i + 1] += atStart[i];
        }
        int[] at = new int[atStart[particleCount]];
        int[] fill = atStart.clone();
        for (int sp = 0; sp < springCount; sp++) {
            at[fill[a[sp]]++] = sp;
            if (b[sp] != a[sp]) {
                at[fill[b[sp]]++] = sp;
            }
        }
        colourOf = new int[springCount];
        java.util.Arrays.fill(colourOf, -1);
        // taken[c] == sp + 1: colour c is used next to spring sp (a stamp, never cleared)
        int[] taken = new int[2 * maxDegree + 1];
        int colours = 0;
        for (int sp = 0; sp < springCount; sp++) {
            stamp(at, atStart[a[sp]], atStart[a[sp] + 1], taken, sp);
            stamp(at, atStart[b[sp]], atStart[b[sp] + 1], taken, sp);
            int c = 0;
            while (taken[c] == sp + 1) {
                c++;
            }
            colourOf[sp] = c;
            colours = Math.max(colours, c + 1);
        }
        colourStart = new int[colours + 1];
        for (int sp = 0; sp < springCount; sp++) {
            colourStart[colourOf[sp] + 1]++;
        }
        for (int c = 0; c < colours; c++) {
            colourStart[c + 1] += colourStart[c];
        }
        order = new int[springCount];
        int[] next = java.util.Arrays.copyOf(colourStart, colours);
        for (int sp = 0; sp < springCount; sp++) {
            order[next[colourOf[sp]]++] = sp;
        }
    }

    private static void checkEnd(int end, int particleCount, int sp) {
        if (end < 0 || end >= particleCount) {
            throw new IllegalArgumentException("spring " + sp + ": end " + end + " is not a particle (0 to "
                    + (particleCount - 1) + ")");
        }
    }

    /** Marks the colours of the springs already coloured among at[from .. to). */
    private void stamp(int[] at, int from, int to, int[] taken, int sp) {
        for (int k = from; k < to; k++) {
            int c = colourOf[at[k]];
            if (c >= 0) {
                taken[c] = sp + 1;
            }
        }
    }

    /** Whether this colouring was made for s's springs (the same spring-end arrays). */
    public boolean madeFor(MassSpringSystem s) {
        return s.springAArray() == springA && s.springBArray() == springB && s.springCount() == order.length;
    }

    /** The number of colours. */
    public int colours() {
        return colourStart.length - 1;
    }

    /** The first position in {@link #orderArray()} of colour c; colourStart(colours()) is the spring count. */
    public int colourStart(int c) {
        return colourStart[c];
    }

    /** The colour of spring sp. */
    public int colour(int sp) {
        return colourOf[sp];
    }

    /** The number of springs. */
    public int springCount() {
        return order.length;
    }

    /** The springs colour by colour, each colour in index order (shared; do not modify). */
    public int[] orderArray() {
        return order;
    }
}
