package dev.hooke.core.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.scene.ClothPins;
import dev.hooke.core.scene.SceneFile;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import org.junit.jupiter.api.Test;

/** The box a scene's motion sweeps, against closed forms and against the run itself. */
class MotionBoundsTest {

    /** Sampling at 1 ms and RK4's error at ω h = 0.01 leave the turning point this close, relative to the amplitude. */
    private static final double TURNING_POINT_TOLERANCE = 1e-4;
    /** Velocity Verlet at ω h = 0.5, sampled once a step: the swing's extremes this close, relative. */
    private static final double UNSTABLE_SWING_TOLERANCE = 0.05;

    @Test
    void aHangingSpringReleasedAtItsRestLengthSweepsTwiceItsStaticSag() {
        // m = 1 kg, k = 100 N/m, g = 9.81 m/s², from rest at y = −L: y(t) = −L − (mg/k)(1 − cos ωt),
        // so the bob swings down to −L − 2mg/k and back, and never leaves x = z = 0.
        SceneSpec spec = SceneSpec.of(SceneType.SPRING);
        SceneFile scene = new SceneFile(spec, IntegratorKind.RK4, 1e-3, 0);
        double l = spec.length();
        double swing = 2 * spec.mass() * spec.gravity() / spec.stiffness();
        MotionBounds b = MotionBounds.of(scene, 2.0, Long.MAX_VALUE);
        assertEquals(-l - swing, b.minY(), TURNING_POINT_TOLERANCE * swing);
        assertEquals(0, b.maxY(), 0);
        assertEquals(0, b.minX(), 0);
        assertEquals(0, b.maxX(), 0);
        assertEquals(0, b.minZ(), 0);
        assertEquals(0, b.maxZ(), 0);
        assertEquals(2.0, b.seconds(), 1e-9);
    }

    @Test
    void theBoxHoldsEveryPositionOfTheSameRunAndTheGround() {
        SceneFile scene = SceneFile.defaults(SceneType.CUBE);
        MotionBounds b = MotionBounds.of(scene, 1.0, Long.MAX_VALUE);
        MassSpringSystem s = scene.build();
        Simulation sim = new Simulation(s, scene.createIntegrator(), scene.dt());
        while (sim.time() < b.seconds() - 1e-12 && sim.step()) {
            for (int i = 0; i < s.particleCount(); i++) {
                assertTrue(b.contains(s.x[3 * i], s.x[3 * i + 1], s.x[3 * i + 2], 0), "particle " + i + " at t = " + sim.time());
            }
        }
        assertTrue(b.minY() <= s.ground().height());
    }

    @Test
    void aClothFallingIntoEmptySpaceIsFollowedOnlyWithinReachOfItsStart() {
        // a flat 1 m cloth without pins, ground or sphere falls freely: its springs never stretch
        // (every particle has the same acceleration g), so it leaves the region within reach, REACH
        // times its largest extent (1 m) below its plane, after t = √(2·REACH·1 m/g); the box
        // covers the steps before that and reaches down to within one step's fall of the edge.
        SceneSpec spec = SceneSpec.of(SceneType.CLOTH).size(8).pins(ClothPins.NONE);
        SceneFile scene = new SceneFile(spec, IntegratorKind.SYMPLECTIC_EULER, 1e-3, 0);
        MassSpringSystem s = scene.build();
        MotionBounds start = MotionBounds.atStart(s);
        double extent = Math.max(start.maxX() - start.minX(), Math.max(start.maxY() - start.minY(), start.maxZ() - start.minZ()));
        assertEquals(spec.length(), extent, 1e-12, "the flat cloth's extent is its side");
        double drop = MotionBounds.REACH * extent;
        double g = spec.gravity();
        double leaves = Math.sqrt(2 * drop / g);
        MotionBounds b = MotionBounds.of(scene, MotionBounds.HORIZON, Long.MAX_VALUE);
        double h = scene.dt();
        assertEquals(leaves, b.seconds(), 2 * h, "followed until it leaves reach");
        double stepFall = g * leaves * h;
        assertEquals(start.minY() - drop, b.minY(), 2 * stepFall, "the box reaches down to the edge of reach");
        assertEquals(start.maxY(), b.maxY(), 0, "and no higher than it started");
        assertTrue(b.leftReach(), "the box says the motion left reach");
        assertFalse(MotionBounds.of(SceneFile.defaults(SceneType.CHAIN), 2.0, Long.MAX_VALUE).leftReach(),
                "a rope swinging from its pin stays within reach");
    }

    @Test
    void aLargeMeshIsRunOnlyAsFarAsTheBudgetAllows() {
        SceneSpec spec = SceneSpec.of(SceneType.CLOTH).size(60);
        SceneFile scene = SceneFile.of(spec);
        long budget = 20L * spec.type().recipe().particleCount(spec);
        MotionBounds b = MotionBounds.of(scene, MotionBounds.HORIZON, budget);
        assertEquals(20 * scene.dt(), b.seconds(), 1e-12);
    }

    @Test
    void aMethodUnstableAtItsStepIsFollowedUntilItsEnergyHasGrownFourfold() {
        // explicit Euler grows at every Δt (by √(1 + ω²h²) a step: at ω h = 0.5, 7·10³ times in 80 steps).
        // The stable motion (velocity Verlet at min(Δt, half its limit 2/ω) = 0.05 s) swings down to
        // −L − 2mg/k, its elastic energy up to ½ k (2mg/k)² = 2 (mg)²/k; explicit Euler is then followed
        // while its energy of motion stays below four times that: a stretch of up to twice the swing,
        // plus one step's growth √(1 + ω²h²).
        SceneSpec spec = SceneSpec.of(SceneType.SPRING);
        SceneFile scene = new SceneFile(spec, IntegratorKind.EXPLICIT_EULER, 0.05, 0);
        MotionBounds b = MotionBounds.of(scene, MotionBounds.HORIZON, Long.MAX_VALUE);
        double l = spec.length();
        double swing = 2 * spec.mass() * spec.gravity() / spec.stiffness();
        double stableEnergy = 0.5 * spec.stiffness() * swing * swing;
        assertEquals(MotionBounds.UNSTABLE_GROWTH * stableEnergy, b.energyCap(),
                UNSTABLE_SWING_TOLERANCE * 2 * b.energyCap());
        double oneStep = Math.sqrt(1 + 0.25);
        // the growth is seen: further than the stable swing (the steps sample the orbit 0.46 rad apart,
        // so the largest stretch recorded may fall short of the amplitude)
        assertTrue(b.minY() < -l - 1.2 * swing, "reached y = " + b.minY());
        assertTrue(b.minY() >= -l - 2 * swing * oneStep, "reached y = " + b.minY());
        assertEquals(0, b.maxY(), 0);
    }
}
