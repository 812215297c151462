package dev.hooke.core.solve;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.integrate.FastMassSpring;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.scene.ClothPins;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.scene.Scenes;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.ejml.data.DMatrixSparseCSC;
import org.junit.jupiter.api.Test;

/**
 * The nested-dissection ordering: a permutation of any graph, deterministic, and on the fast
 * mass-spring method's cloth matrices a factor with fewer entries than reverse Cuthill–McKee's
 * (the entries counted by EJML's factorisation, not by the ordering). That the factor still solves
 * A x = b is in {@link PrefactoredCholeskyTest}.
 */
class NestedDissectionTest {

    /** Random graphs, from a few nodes to many parts: disconnected pieces, lone nodes, repeated edges. */
    @Test
    void isAPermutationOfAnyGraph() {
        for (long seed = 1; seed <= 30; seed++) {
            SplittableRandom rnd = new SplittableRandom(seed);
            int n = 1 + rnd.nextInt(seed <= 10 ? 60 : 800);
            int edges = rnd.nextInt(3 * n + 1);
            int[] ends = new int[2 * edges];
            int[] start = new int[n + 1];
            int kept = 0;
            for (int e = 0; e < edges; e++) {
                int i = rnd.nextInt(n);
                // mostly near neighbours, so that the graph has long paths to dissect
                int j = rnd.nextInt(4) == 0 ? rnd.nextInt(n) : Math.min(n - 1, i + 1 + rnd.nextInt(3));
                if (i == j) {
                    continue;
                }
                ends[2 * kept] = i;
                ends[2 * kept + 1] = j;
                kept++;
                start[i + 1]++;
                start[j + 1]++;
            }
            for (int i = 0; i < n; i++) {
                start[i + 1] += start[i];
            }
            int[] fill = Arrays.copyOf(start, n);
            int[] adjacency = new int[start[n]];
            for (int e = 0; e < kept; e++) {
                adjacency[fill[ends[2 * e]]++] = ends[2 * e + 1];
                adjacency[fill[ends[2 * e + 1]]++] = ends[2 * e];
            }
            int[] order = NestedDissection.order(n, start, adjacency);
            int[] sorted = order.clone();
            Arrays.sort(sorted);
            for (int i = 0; i < n; i++) {
                assertEquals(i, sorted[i], "seed " + seed + ": not a permutation of 0 … " + (n - 1));
            }
            assertArrayEquals(order, NestedDissection.order(n, start, adjacency), "seed " + seed + ": deterministic");
        }
    }

    /**
     * A cloth torn to pieces: 20 000 nodes in 10 000 separate pairs, then with no edge at all.
     * Every component is numbered, each pair's two nodes next to each other.
     */
    @Test
    void numbersManySeparatePieces() {
        int n = 20_000;
        int[] start = new int[n + 1];
        int[] adjacency = new int[n];
        for (int i = 0; i < n; i++) {
            start[i + 1] = i + 1;
            adjacency[i] = i ^ 1;
        }
        int[] order = NestedDissection.order(n, start, adjacency);
        int[] position = ReverseCuthillMcKee.inverse(order);
        for (int i = 0; i < n; i += 2) {
            assertEquals(1, Math.abs(position[i] - position[i + 1]), "pair " + i);
        }
        int[] none = new int[n + 1];
        assertEquals(n, ReverseCuthillMcKee.inverse(NestedDissection.order(n, none, new int[0])).length);
    }

    /**
     * The fill on the fast mass-spring method's matrix of hanging cloths (corners pinned;
     * structural, shear and bend springs). Nested dissection keeps the factor smaller than reverse
     * Cuthill–McKee's banded one, the more so the larger the cloth: measured 38 503 against
     * 45 452 entries on the 32×32 cloth, 628 315 against 1 352 446 on the 100×100 one. Asserted:
     * fewer on the 32×32 cloth, and at most 3/4 as many on the 64×64 one (measured 0.60).
     */
    @Test
    void leavesLessFillThanReverseCuthillMcKeeOnACloth() {
        int[] sizes = {32, 64};
        double[] bound = {1.0, 0.75};
        for (int c = 0; c < sizes.length; c++) {
            int size = sizes[c];
            MassSpringSystem s = Scenes.build(SceneSpec.of(SceneType.CLOTH).size(size).pins(ClothPins.CORNERS));
            FastMassSpring liu = new FastMassSpring(FillReducingOrdering.NESTED_DISSECTION);
            liu.step(s, 1.0 / 60);
            DMatrixSparseCSC a = liu.systemMatrix();
            int[] nd = NestedDissection.order(a);
            assertArrayEquals(nd, liu.ordering(), "the integrator's ordering");
            PrefactoredCholesky chol = new PrefactoredCholesky();
            assertTrue(chol.factor(a, nd));
            int dissected = chol.factorNonZeros();
            assertEquals(dissected, liu.factorNonZeros());
            assertTrue(chol.factor(a, ReverseCuthillMcKee.order(a)));
            int banded = chol.factorNonZeros();
            assertTrue(dissected < bound[c] * banded, size + "×" + size + ": nested dissection " + dissected
                    + " entries, RCM " + banded);
        }
    }
}
