package dev.hooke.core.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.Allocations;
import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.integrate.Integrators;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.scene.Scenes;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Self-collision: a cloth folded onto itself does not pass through (no pair of particles closer
 * than half the thickness, checked against every pair), while without it the halves pass; the
 * spatial hash finds exactly the pairs a brute-force search finds; a step allocates nothing.
 */
class SelfCollisionTest {

    /** The thickness of the tests; in m. */
    private static final double THICKNESS = 0.01;
    private static final int SIZE = 12;

    /**
     * A flat cloth without gravity folded along its middle: the rows of the far half lie mirrored
     * {@code gap} above the near half, particle over particle, and move down onto it at {@code speed}.
     */
    private static MassSpringSystem folded(boolean selfCollision, double gap, double speed) {
        SceneSpec spec = SceneSpec.of(SceneType.CLOTH).size(SIZE).gravity(0).pins(dev.hooke.core.scene.ClothPins.NONE)
                .selfCollision(selfCollision).thickness(THICKNESS);
        MassSpringSystem s = Scenes.build(spec);
        double dx = 1.0 / (SIZE - 1);
        for (int r = SIZE / 2; r < SIZE; r++) {
            int mirror = SIZE - 1 - r;
            for (int c = 0; c < SIZE; c++) {
                int i = r * SIZE + c;
                s.setParticleState(i, s.x[3 * i], gap, mirror * dx, 0, -speed, 0);
            }
        }
        return s;
    }

    /** The smallest distance between two particles that share no spring (brute force). */
    private static double closestUnjoined(MassSpringSystem s) {
        int n = s.particleCount();
        boolean[][] joined = new boolean[n][n];
        for (int sp = 0; sp < s.springCount(); sp++) {
            joined[s.springA(sp)][s.springB(sp)] = true;
            joined[s.springB(sp)][s.springA(sp)] = true;
        }
        double best = Double.POSITIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                if (!joined[i][j]) {
                    best = Math.min(best, distance(s, i, j));
                }
            }
        }
        return best;
    }

    private static double distance(MassSpringSystem s, int i, int j) {
        double dx = s.x[3 * j] - s.x[3 * i];
        double dy = s.x[3 * j + 1] - s.x[3 * i + 1];
        double dz = s.x[3 * j + 2] - s.x[3 * i + 2];
        return Math.sqrt(dx * dx + dy * dy + dz * dz);
    }

    @ParameterizedTest
    @CsvSource({"symplectic-euler, 0.0005, 0.5", "implicit-euler, 0.005, 0.5", "xpbd, 0.0166666667, 0.3",
        "fast-mass-spring, 0.0166666667, 0.3"})
    void aFoldedClothDoesNotPassThroughItself(String method, double dt, double speed) {
        MassSpringSystem s = folded(true, 0.05, speed);
        Simulation sim = new Simulation(s, Integrators.create(IntegratorKind.fromId(method)), dt);
        double closest = Double.POSITIVE_INFINITY;
        int steps = (int) Math.ceil(3 * 0.05 / speed / dt);
        for (int k = 0; k < steps; k++) {
            assertTrue(sim.step(), method + " exploded");
            closest = Math.min(closest, closestUnjoined(s));
        }
        assertTrue(closest >= 0.5 * THICKNESS, method + ": two particles came to " + closest + " m");
    }

    @Test
    void withoutSelfCollisionTheHalvesPassThrough() {
        MassSpringSystem s = folded(false, 0.05, 0.5);
        Simulation sim = new Simulation(s, Integrators.create(IntegratorKind.SYMPLECTIC_EULER), 0.0005);
        double closest = Double.POSITIVE_INFINITY;
        for (int k = 0; k < 600; k++) {
            sim.step();
            closest = Math.min(closest, closestUnjoined(s));
        }
        assertTrue(closest < 0.5 * THICKNESS, "the halves came to " + closest + " m only");
    }

    @Test
    void theHashFindsEveryPairABruteForceSearchFinds() {
        SplittableRandom rnd = new SplittableRandom(5);
        MassSpringSystem s = Scenes.build(SceneSpec.of(SceneType.CLOTH).size(10).gravity(0));
        SelfCollision c = new SelfCollision();
        for (int trial = 0; trial < 20; trial++) {
            // particles scattered in a small box, negative coordinates included
            for (int i = 0; i < s.particleCount(); i++) {
                s.x[3 * i] = 0.1 * (2 * rnd.nextDouble() - 1);
                s.x[3 * i + 1] = 0.1 * (2 * rnd.nextDouble() - 1);
                s.x[3 * i + 2] = 0.1 * (2 * rnd.nextDouble() - 1);
            }
            int n = s.particleCount();
            boolean[][] joined = new boolean[n][n];
            for (int sp = 0; sp < s.springCount(); sp++) {
                joined[s.springA(sp)][s.springB(sp)] = true;
                joined[s.springB(sp)][s.springA(sp)] = true;
            }
            double d = 0.005 + 0.02 * rnd.nextDouble();
            int expected = 0;
            for (int i = 0; i < n; i++) {
                for (int j = i + 1; j < n; j++) {
                    if (!joined[i][j] && distance(s, i, j) < d) {
                        expected++;
                    }
                }
            }
            c.step(s, d);
            assertEquals(expected, c.contacts(), "pairs closer than " + d);
        }
    }

    @Test
    void aStepWithSelfCollisionAllocatesNothing() {
        MassSpringSystem s = folded(true, 0.02, 0.5);
        Simulation sim = new Simulation(s, Integrators.create(IntegratorKind.SYMPLECTIC_EULER), 0.0005);
        sim.step(20);
        long bytes = Allocations.quietestWindow(sim::step, 5, 20);
        assertEquals(0, bytes, "allocated " + bytes + " bytes in the quietest window");
        assertFalse(sim.exploded());
    }
}
