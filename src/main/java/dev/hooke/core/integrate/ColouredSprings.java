package dev.hooke.core.integrate;

import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.model.SpringColouring;

/**
 * The springs a position-based step projects, laid out in the order of a {@link SpringColouring}
 * (colour by colour, each colour in index order) so that a sweep reads its data front to back:
 * the spring at position p of the order joins particles {@code ends[2p]} and {@code ends[2p+1]};
 * spring sp sits at position {@code position[sp]}; colour c takes the positions
 * {@code colourStart[c] .. colourStart[c+1]}. The integrators keep their per-step constants in the
 * same order.
 *
 * <p>Made on the first step for a system's topology and kept (the topology never changes after a
 * system is built); nothing allocates after that.
 */
final class ColouredSprings {

    private SpringColouring colouring;
    /** Particle indices of the ends of the spring at each position of the order: a at 2p, b at 2p + 1. */
    int[] ends = new int[0];
    /** The position in the order of each spring. */
    int[] position = new int[0];
    /** The first position of each colour, and the spring count last. */
    int[] colourStart = {0};

    /**
     * Makes the layout for s when s's topology is new.
     *
     * @return whether it was made anew (the per-position arrays of the caller must follow)
     */
    boolean update(MassSpringSystem s) {
        if (colouring != null && colouring.madeFor(s)) {
            return false;
        }
        colouring = new SpringColouring(s);
        final int m = s.springCount();
        final int[] order = colouring.orderArray();
        final int[] sa = s.springAArray();
        final int[] sb = s.springBArray();
        ends = new int[2 * m];
        position = new int[m];
        for (int p = 0; p < m; p++) {
            int sp = order[p];
            ends[2 * p] = sa[sp];
            ends[2 * p + 1] = sb[sp];
            position[sp] = p;
        }
        colourStart = new int[colouring.colours() + 1];
        for (int c = 0; c <= colouring.colours(); c++) {
            colourStart[c] = colouring.colourStart(c);
        }
        return true;
    }

    /** The number of colours. */
    int colours() {
        return colourStart.length - 1;
    }
}
