package dev.hooke.core.integrate;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.scene.Scenes;
import dev.hooke.core.sim.Simulation;
import dev.hooke.core.stability.StabilityAnalysis;
import dev.hooke.core.stability.StabilityLimit;
import org.junit.jupiter.api.Test;

/**
 * The point of the implicit step: a 32×32 cloth with k_s = 10⁵ N/m on every spring (1 g per
 * particle, 1 m wide, hanging from its two top corners, released flat) runs 10 simulated seconds
 * at Δt = 1/60 s with backward Euler, far above the explicit limit, while symplectic Euler at the
 * same Δt explodes.
 *
 * <p>The explicit limit is StabilityAnalysis's 2/ω_max for symplectic Euler at the start state:
 * 6.3·10⁻⁵ s (ω_max² = 10.07 k_s/m, as expected for a grid with shear and bend springs),
 * 264 times below 1/60 s; the test asserts it is more than 100 times below.
 *
 * <p>Energy bound: the scene has no damping, so the exact motion keeps E = K + U_el + U_g
 * constant; backward Euler removes energy from a linear system, but linearising the springs'
 * rotation adds some elastic energy while the cloth falls. The test requires, at every step,
 * <pre>
 *   E(t) ≤ E(0) + 0.1 M g W          (M the cloth's mass, W its width: 0.1 M g W ≈ 1.0 J)
 * </pre>
 * and that after 10 s the cloth has come to rest, K &lt; 10⁻³ M g W, the numerical damping of
 * backward Euler at work.
 */
class StiffClothTest {

    private static final int SIZE = 32;
    private static final double KS = 1e5;
    private static final double DT = 1.0 / 60;
    private static final int STEPS = 600;

    private static MassSpringSystem cloth() {
        return Scenes.build(SceneSpec.of(SceneType.CLOTH).size(SIZE).stiffness(KS));
    }

    @Test
    void explicitLimitIsFarBelowTheStep() {
        StabilityLimit limit = StabilityAnalysis.predictedLimit(cloth(), IntegratorKind.SYMPLECTIC_EULER, 0);
        assertTrue(limit.dtMax() > 0 && limit.dtMax() < DT / 100, "explicit limit " + limit.dtMax() + " s");
    }

    @Test
    void backwardEulerRunsTenSecondsWithBoundedEnergy() {
        MassSpringSystem s = cloth();
        double width = SceneSpec.of(SceneType.CLOTH).length();
        double bound = 0.1 * s.totalMass() * 9.81 * width;
        BackwardEuler be = new BackwardEuler();
        Simulation sim = new Simulation(s, be, DT);
        double e0 = sim.observables().total();
        for (int i = 0; i < STEPS; i++) {
            assertTrue(sim.step(), () -> "step failed: " + sim.explosion().message());
            assertTrue(sim.observables().isFinite());
            double e = sim.observables().total();
            int step = i;
            assertTrue(e <= e0 + bound, () -> "step " + step + ": E = " + e + " J, E(0) = " + e0 + " J");
            assertTrue(be.solverStats().converged, () -> "step " + step + ": " + be.solverStats().outcome);
        }
        assertFalse(sim.exploded());
        assertTrue(sim.observables().kinetic < 1e-2 * bound, "K = " + sim.observables().kinetic + " J after 10 s");
    }

    @Test
    void symplecticEulerExplodesAtTheSameStep() {
        Simulation sim = new Simulation(cloth(), new SymplecticEuler(), DT);
        sim.step(STEPS);
        assertTrue(sim.exploded());
    }
}
