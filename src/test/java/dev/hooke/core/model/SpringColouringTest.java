package dev.hooke.core.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.scene.Scenes;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The spring colouring is a proper edge colouring (no particle twice in one colour), lists every
 * spring exactly once, colour by colour in index order, and is the greedy one: checked against
 * the definitions on a cloth (structural, shear and bend springs), a chain and a seeded random
 * graph with particles of very different degrees.
 */
class SpringColouringTest {

    private static final long SEED = 20161205;

    /** Checks every property of c for the springs (a[s], b[s]) on n particles. */
    private static void assertColouring(SpringColouring c, int n, int[] a, int[] b) {
        int m = a.length;
        assertEquals(m, c.springCount());
        int[] order = c.orderArray();
        int[] seen = new int[m];
        for (int sp : order) {
            seen[sp]++;
        }
        for (int sp = 0; sp < m; sp++) {
            assertEquals(1, seen[sp], "spring " + sp + " listed once");
        }
        assertEquals(0, c.colourStart(0));
        assertEquals(m, c.colourStart(c.colours()));
        // within a colour: index order, one colour, and no particle twice
        int[] lastColourAt = new int[n];
        java.util.Arrays.fill(lastColourAt, -1);
        for (int col = 0; col < c.colours(); col++) {
            assertTrue(c.colourStart(col + 1) > c.colourStart(col), "colour " + col + " is not empty");
            for (int p = c.colourStart(col); p < c.colourStart(col + 1); p++) {
                int sp = order[p];
                assertEquals(col, c.colour(sp), "spring " + sp + " sits in its colour");
                if (p > c.colourStart(col)) {
                    assertTrue(order[p - 1] < sp, "colour " + col + " in index order at " + p);
                }
                for (int end : new int[] {a[sp], b[sp]}) {
                    assertTrue(lastColourAt[end] != col, "particle " + end + " twice in colour " + col);
                    lastColourAt[end] = col;
                }
            }
        }
        // greedy: below its colour, every colour is taken by an earlier spring sharing a particle
        int maxDegree = 0;
        int[] degree = new int[n];
        for (int sp = 0; sp < m; sp++) {
            maxDegree = Math.max(maxDegree, Math.max(++degree[a[sp]], ++degree[b[sp]]));
            boolean[] taken = new boolean[c.colour(sp)];
            for (int e = 0; e < sp; e++) {
                boolean adjacent = a[e] == a[sp] || a[e] == b[sp] || b[e] == a[sp] || b[e] == b[sp];
                if (adjacent && c.colour(e) < taken.length) {
                    taken[c.colour(e)] = true;
                }
            }
            for (int col = 0; col < taken.length; col++) {
                assertTrue(taken[col], "spring " + sp + " could have had colour " + col);
            }
        }
        assertTrue(c.colours() <= Math.max(1, 2 * maxDegree - 1),
                c.colours() + " colours for largest degree " + maxDegree);
    }

    @Test
    void clothSpringsAreColouredProperly() {
        MassSpringSystem s = Scenes.build(SceneSpec.of(SceneType.CLOTH).size(12));
        SpringColouring c = new SpringColouring(s);
        int[] a = java.util.Arrays.copyOf(s.springAArray(), s.springCount());
        int[] b = java.util.Arrays.copyOf(s.springBArray(), s.springCount());
        assertColouring(c, s.particleCount(), a, b);
        assertTrue(c.madeFor(s));
        assertFalse(c.madeFor(s.copy()), "a copy has arrays of its own");
        SpringColouring again = new SpringColouring(s);
        assertArrayEquals(c.orderArray(), again.orderArray(), "the same topology gives the same order");
    }

    /** A chain's springs alternate: the even ones, then the odd ones. */
    @Test
    void aChainTakesTwoColours() {
        int n = 9;
        int[] a = new int[n - 1];
        int[] b = new int[n - 1];
        for (int i = 0; i + 1 < n; i++) {
            a[i] = i;
            b[i] = i + 1;
        }
        SpringColouring c = new SpringColouring(n, a, b, n - 1);
        assertColouring(c, n, a, b);
        assertEquals(2, c.colours());
        assertArrayEquals(new int[] {0, 2, 4, 6, 1, 3, 5, 7}, c.orderArray());
    }

    @Test
    void randomGraphIsColouredProperly() {
        Random random = new Random(SEED);
        int n = 60;
        int m = 400;
        int[] a = new int[m];
        int[] b = new int[m];
        for (int sp = 0; sp < m; sp++) {
            // a few hubs: particles 0..4 take a third of the ends
            a[sp] = random.nextInt(3) == 0 ? random.nextInt(5) : random.nextInt(n);
            do {
                b[sp] = random.nextInt(n);
            } while (b[sp] == a[sp]);
        }
        SpringColouring c = new SpringColouring(n, a, b, m);
        assertColouring(c, n, a, b);
        assertArrayEquals(c.orderArray(), new SpringColouring(n, a, b, m).orderArray());
    }

    @Test
    void noSpringsNoColours() {
        SpringColouring c = new SpringColouring(3, new int[0], new int[0], 0);
        assertEquals(0, c.colours());
        assertEquals(0, c.orderArray().length);
    }

    @Test
    void endsOutsideTheParticlesAreRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new SpringColouring(2, new int[] {0}, new int[] {2}, 1));
        assertTrue(e.getMessage().startsWith("spring 0: end 2"), e.getMessage());
    }
}
