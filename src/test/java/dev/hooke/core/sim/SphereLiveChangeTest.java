package dev.hooke.core.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.model.Sphere;
import dev.hooke.core.scene.ClothPins;
import dev.hooke.core.scene.ObstacleSpec;
import dev.hooke.core.scene.SceneFile;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The sphere's centre is a live value: a running cloth resting on the sphere keeps its state when
 * the centre moves, the engine's sphere is the new one, and the next step sets the particles the
 * sphere moved into back on its surface.
 */
class SphereLiveChangeTest {

    /** How far inside the sphere's contact surface a particle may be after the step, relative to the thickness. */
    private static final double THICKNESS_SHARE = 0.01;

    @Test
    void movingTheCentreKeepsTheStateAndTheNextStepLeavesNoParticleInside() {
        SceneFile before = SceneFile.of(SceneSpec.of(SceneType.CLOTH).size(12).pins(ClothPins.NONE)
                .obstacle(ObstacleSpec.SPHERE)).withDt(0.001);
        Simulation sim = new Simulation(before.build(), before.createIntegrator(), before.dt());
        sim.step(700);
        MassSpringSystem s = sim.system();
        assertTrue(sim.observables().contacts > 0, "the cloth rests on the sphere");
        double[] x = s.x.clone();
        double[] v = s.v.clone();
        double time = sim.time();

        ObstacleSpec o = before.spec().obstacle();
        SceneSpec moved = before.spec();
        moved.obstacle(o.withCenter(o.x() + 0.05, o.y() + 0.05, o.z()));
        SceneFile after = before.withSpec(moved);
        Set<SceneFile.Key> changed = before.changedKeys(after);
        assertEquals(Set.of(SceneFile.Key.SPHERE_CENTER), changed);
        assertTrue(LiveChange.isLive(changed));
        LiveChange.apply(before, after, changed, sim);

        Sphere sphere = s.sphere();
        assertEquals(o.x() + 0.05, sphere.cx());
        assertEquals(o.y() + 0.05, sphere.cy());
        assertEquals(o.z(), sphere.cz());
        assertEquals(o.radius(), sphere.radius());
        assertArrayEquals(x, s.x, "positions kept");
        assertArrayEquals(v, s.v, "velocities kept");
        assertEquals(time, sim.time());
        double deepest = 0;
        for (int i = 0; i < s.particleCount(); i++) {
            deepest = Math.min(deepest, sphere.gap(s.x[3 * i], s.x[3 * i + 1], s.x[3 * i + 2], sim.time()));
        }
        assertTrue(deepest < -0.01, "the move puts particles inside: " + deepest);

        assertTrue(sim.step(), "no explosion: " + sim.explosion());
        for (int i = 0; i < s.particleCount(); i++) {
            double gap = sphere.gap(s.x[3 * i], s.x[3 * i + 1], s.x[3 * i + 2], sim.time());
            assertTrue(gap >= -THICKNESS_SHARE * sphere.thickness(), "particle " + i + " is " + (-gap) + " m inside");
        }
    }
}
