package dev.hooke.core.scene;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.Tolerances;
import dev.hooke.core.force.Forces;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.model.SpringKind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The built-in scenes: counts, pins, geometry at rest and perturbations. */
class ScenesTest {

    private static Map<SpringKind, Integer> countKinds(MassSpringSystem s) {
        Map<SpringKind, Integer> counts = new EnumMap<>(SpringKind.class);
        for (SpringKind k : SpringKind.values()) {
            counts.put(k, 0);
        }
        for (int sp = 0; sp < s.springCount(); sp++) {
            counts.merge(s.springKind(sp), 1, Integer::sum);
        }
        return counts;
    }

    private static List<Integer> pinned(MassSpringSystem s) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < s.particleCount(); i++) {
            if (s.isPinned(i)) {
                out.add(i);
                assertEquals(0.0, s.inverseMass(i));
            } else {
                assertEquals(1 / s.mass(i), s.inverseMass(i));
            }
        }
        return out;
    }

    /** Every spring starts at its rest length, so a scene built without perturbation stores no elastic energy. */
    private static void assertAtRest(MassSpringSystem s) {
        double scale = 0;
        for (int sp = 0; sp < s.springCount(); sp++) {
            scale += 0.5 * s.stiffness(sp) * s.restLength(sp) * s.restLength(sp);
        }
        assertEquals(0.0, Forces.elasticEnergy(s, s.x), Tolerances.FORMULA * scale);
    }

    /**
     * An n×n cloth: n² particles; structural springs along rows and columns, n(n−1) each, so
     * 2n(n−1); shear springs, two per cell, 2(n−1)²; bend springs two apart, n(n−2) per direction,
     * so 2n(n−2). Each kind can be switched off and has its own stiffness.
     */
    @ParameterizedTest
    @ValueSource(ints = {2, 3, 5, 16})
    void clothHasTheRightSpringsOfEachKind(int n) {
        MassSpringSystem s = Scenes.build(SceneSpec.of(SceneType.CLOTH).size(n));
        assertEquals(n * n, s.particleCount());
        Map<SpringKind, Integer> counts = countKinds(s);
        assertEquals(2 * n * (n - 1), counts.get(SpringKind.STRUCTURAL));
        assertEquals(2 * (n - 1) * (n - 1), counts.get(SpringKind.SHEAR));
        assertEquals(2 * n * (n - 2), counts.get(SpringKind.BEND));
        assertAtRest(s);
        for (int sp = 0; sp < s.springCount(); sp++) {
            double expected = switch (s.springKind(sp)) {
                case STRUCTURAL -> 200;
                case SHEAR -> 100;
                case BEND -> 20;
            };
            assertEquals(expected, s.stiffness(sp), "the documented default k per kind");
        }
        MassSpringSystem noShear = Scenes.build(SceneSpec.of(SceneType.CLOTH).size(n).shear(false).bend(false)
                .structuralStiffness(55));
        Map<SpringKind, Integer> only = countKinds(noShear);
        assertEquals(2 * n * (n - 1), only.get(SpringKind.STRUCTURAL));
        assertEquals(0, only.get(SpringKind.SHEAR));
        assertEquals(0, only.get(SpringKind.BEND));
        for (int sp = 0; sp < noShear.springCount(); sp++) {
            assertEquals(55.0, noShear.stiffness(sp));
        }
    }

    /**
     * An n×n×n cube: n³ particles, structural springs along the three axes, 3n²(n−1); shear
     * springs across each face diagonal, 2 per square, (n−1)² squares in each of n layers for
     * each of 3 orientations, 6n(n−1)²; and the 4 body diagonals of each of the (n−1)³ cells.
     */
    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4})
    void cubeHasTheRightSprings(int n) {
        MassSpringSystem s = Scenes.build(SceneSpec.of(SceneType.CUBE).size(n));
        assertEquals(n * n * n, s.particleCount());
        Map<SpringKind, Integer> counts = countKinds(s);
        assertEquals(3 * n * n * (n - 1), counts.get(SpringKind.STRUCTURAL));
        assertEquals(6 * n * (n - 1) * (n - 1) + 4 * (n - 1) * (n - 1) * (n - 1), counts.get(SpringKind.SHEAR));
        assertEquals(0, counts.get(SpringKind.BEND));
        assertAtRest(s);
        assertTrue(pinned(s).isEmpty(), "the cube falls freely");
        assertNotNull(s.ground());
        assertEquals(0.0, s.ground().height());
        double lowest = Double.POSITIVE_INFINITY;
        for (int i = 0; i < s.particleCount(); i++) {
            lowest = Math.min(lowest, s.x[3 * i + 1]);
        }
        assertEquals(1.0, lowest, 1e-15, "dropped from 1 m by default");
    }

    @Test
    void clothPinsAreTheCornersTheTopEdgeOrNone() {
        int n = 6;
        assertEquals(List.of(0, n - 1), pinned(Scenes.build(SceneSpec.of(SceneType.CLOTH).size(n))));
        assertEquals(List.of(0, 1, 2, 3, 4, 5), pinned(Scenes.build(SceneSpec.of(SceneType.CLOTH).size(n).pins(ClothPins.TOP))));
        assertEquals(List.of(), pinned(Scenes.build(SceneSpec.of(SceneType.CLOTH).size(n).pins(ClothPins.NONE))));
    }

    /** The spring: an anchor pinned at the origin and a bob at (0, −L, 0), one spring of rest length L. */
    @Test
    void springIsAnAnchorAndABob() {
        MassSpringSystem s = Scenes.build(SceneSpec.of(SceneType.SPRING));
        assertEquals(2, s.particleCount());
        assertEquals(1, s.springCount());
        assertEquals(List.of(0), pinned(s));
        assertEquals(1.0, s.restLength(0));
        assertArrayEquals(new double[] {0, 0, 0, 0, -1, 0}, s.x);
        assertArrayEquals(new double[] {0, -9.81, 0}, s.gravity(new double[3]));
    }

    /** The chain: N nodes evenly along x over the rope's length, node 0 pinned, N−1 springs. */
    @Test
    void chainIsAStraightRopePinnedAtNodeZero() {
        MassSpringSystem s = Scenes.build(SceneSpec.of(SceneType.CHAIN).nodes(11).length(5));
        assertEquals(11, s.particleCount());
        assertEquals(10, s.springCount());
        assertEquals(List.of(0), pinned(s));
        for (int i = 0; i < 11; i++) {
            assertEquals(0.5 * i, s.x[3 * i], 1e-15);
        }
        for (int sp = 0; sp < 10; sp++) {
            assertEquals(sp, s.springA(sp));
            assertEquals(sp + 1, s.springB(sp));
            assertEquals(0.5, s.restLength(sp), 1e-15);
        }
        assertAtRest(s);
    }

    /** END moves the particle farthest from the first pin by d along −y and gives it speed u along −y. */
    @Test
    void endPerturbationMovesTheFarthestParticle() {
        SceneSpec spec = SceneSpec.of(SceneType.CHAIN).nodes(5).length(4);
        MassSpringSystem plain = Scenes.build(spec);
        MassSpringSystem moved = Scenes.build(spec.copy().perturbation(Perturbation.END).displacement(0.2).velocity(0.7));
        for (int q = 0; q < 3 * 4; q++) {
            assertEquals(plain.x[q], moved.x[q]);
            assertEquals(0.0, moved.v[q]);
        }
        assertEquals(plain.x[12], moved.x[12]);
        assertEquals(plain.x[13] - 0.2, moved.x[13]);
        assertEquals(-0.7, moved.v[13]);
    }

    /** RANDOM is reproducible from its seed, moves only free particles, and stays within its bounds. */
    @Test
    void randomPerturbationIsSeeded() {
        SceneSpec spec = SceneSpec.of(SceneType.CLOTH).size(5).perturbation(Perturbation.RANDOM).displacement(0.01).velocity(0.3);
        MassSpringSystem a = Scenes.build(spec.copy().seed(7));
        MassSpringSystem b = Scenes.build(spec.copy().seed(7));
        MassSpringSystem c = Scenes.build(spec.copy().seed(8));
        MassSpringSystem plain = Scenes.build(SceneSpec.of(SceneType.CLOTH).size(5));
        assertArrayEquals(a.x, b.x);
        assertArrayEquals(a.v, b.v);
        assertFalse(Arrays.equals(a.x, c.x));
        for (int i = 0; i < a.particleCount(); i++) {
            for (int k = 0; k < 3; k++) {
                int q = 3 * i + k;
                if (a.isPinned(i)) {
                    assertEquals(plain.x[q], a.x[q]);
                    assertEquals(0.0, a.v[q]);
                } else {
                    assertTrue(Math.abs(a.x[q] - plain.x[q]) <= 0.01);
                    assertTrue(Math.abs(a.v[q]) <= 0.3);
                }
            }
        }
    }
}
