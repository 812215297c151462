package dev.hooke.core.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.Allocations;
import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.integrate.Integrators;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.model.SpringKind;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.scene.Scenes;
import dev.hooke.core.stability.StabilityAnalysis;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Tearing: a corner pulled away tears the cloth, for every integrator, and the run is not an
 * explosion; a blow-up with tearing on is still one; a broken spring's energy is counted as
 * dissipated; a step allocates nothing while springs break.
 */
class TearingTest {

    /** The tear strain of the tests: 30 %. */
    private static final double TEAR = 0.3;
    /** The speed at which the pinned corner is pulled away; in m/s. */
    private static final double PULL = 1.0;

    private static MassSpringSystem hangingCloth(double tear) {
        return Scenes.build(SceneSpec.of(SceneType.CLOTH).size(10).verticalCloth(true).tearStrain(tear));
    }

    /** Moves pinned particle 0 along −x by PULL·dt, then takes a step; false once exploded. */
    private static boolean pullAndStep(Simulation sim) {
        MassSpringSystem s = sim.system();
        s.x[0] -= PULL * sim.dt();
        s.touch();
        return sim.step();
    }

    /** The largest strain over the intact springs. */
    private static double largestStrain(MassSpringSystem s) {
        double most = 0;
        for (int sp = 0; sp < s.springCount(); sp++) {
            if (s.isBroken(sp)) {
                continue;
            }
            double l = Math.sqrt(sq(s.x[3 * s.springB(sp)] - s.x[3 * s.springA(sp)])
                    + sq(s.x[3 * s.springB(sp) + 1] - s.x[3 * s.springA(sp) + 1])
                    + sq(s.x[3 * s.springB(sp) + 2] - s.x[3 * s.springA(sp) + 2]));
            most = Math.max(most, (l - s.restLength(sp)) / s.restLength(sp));
        }
        return most;
    }

    private static double sq(double a) {
        return a * a;
    }

    @ParameterizedTest
    @CsvSource({"symplectic-euler, 0.0005", "rk4, 0.0005", "velocity-verlet, 0.0005", "verlet, 0.0005",
        "implicit-euler, 0.0166666667", "implicit-midpoint, 0.005", "pbd, 0.0166666667", "xpbd, 0.0166666667",
        "fast-mass-spring, 0.0166666667"})
    void aCornerPulledAwayTearsTheClothWithoutAnExplosion(String method, double dt) {
        MassSpringSystem s = hangingCloth(TEAR);
        Simulation sim = new Simulation(s, Integrators.create(IntegratorKind.fromId(method)), dt);
        int steps = (int) Math.ceil(1.5 / dt);
        for (int i = 0; i < steps; i++) {
            assertTrue(pullAndStep(sim), () -> method + " reported an explosion: " + sim.explosion().message());
        }
        assertTrue(s.brokenCount() > 0, method + ": no spring broke");
        assertEquals(s.brokenCount(), sim.observables().torn, "the observables count the torn springs");
        for (int sp = 0; sp < s.springCount(); sp++) {
            if (s.isBroken(sp)) {
                assertEquals(0, s.stiffness(sp), "a broken spring has no stiffness");
            }
        }
        // an intact spring is at most one step's stretch past the threshold
        assertTrue(largestStrain(s) <= TEAR, method + ": an intact spring past the tear strain");
    }

    @Test
    void withoutTearingTheSamePullStretchesSpringsPastTheThreshold() {
        MassSpringSystem s = hangingCloth(0);
        Simulation sim = new Simulation(s, Integrators.create(IntegratorKind.IMPLICIT_EULER), 1.0 / 60);
        double most = 0;
        for (int i = 0; i < 90; i++) {
            pullAndStep(sim);
            most = Math.max(most, sim.observables().maxStrain);
        }
        assertTrue(most > TEAR, "the pull reaches a strain of " + most);
        assertEquals(0, s.brokenCount());
    }

    @Test
    void aBlowUpWithTearingOnIsStillAnExplosion() {
        MassSpringSystem s = hangingCloth(TEAR);
        double limit = StabilityAnalysis.predictedLimit(s.copy(), Integrators.create(IntegratorKind.SYMPLECTIC_EULER)).dtMax();
        Simulation sim = new Simulation(s, Integrators.create(IntegratorKind.SYMPLECTIC_EULER), 2 * limit);
        sim.step(20_000);
        assertTrue(sim.exploded(), "twice the limit must be reported as an explosion");
    }

    @Test
    void aBrokenSpringsEnergyIsCountedAsDissipated() {
        // two particles, one pinned, the free one thrown away fast enough to break the spring
        MassSpringSystem.Builder b = MassSpringSystem.builder();
        b.particle(0, 0, 0, 1.0);
        b.particle(1, 0, 0, 0.5);
        b.pin(0);
        b.spring(0, 1, 1.0, 100, 0, SpringKind.STRUCTURAL);
        MassSpringSystem s = b.build();
        s.setTearStrain(TEAR);
        s.setParticleState(1, 1, 0, 0, 10, 0, 0);
        Simulation sim = new Simulation(s, Integrators.create(IntegratorKind.VELOCITY_VERLET), 1e-4);
        double start = sim.observables().balance();
        sim.step(2000);
        assertEquals(1, s.brokenCount(), "the spring broke");
        assertFalse(sim.exploded());
        // velocity Verlet's energy error at h ω = 0.0014 is of order (h ω)² relative, far below 10⁻⁴
        assertEquals(start, sim.observables().balance(), 1e-4 * start, "E + W_d across the break");
        assertTrue(sim.observables().dissipated > 0, "the fracture took the spring's energy");
    }

    @ParameterizedTest
    @CsvSource({"symplectic-euler, 0.0005", "implicit-euler, 0.0166666667", "xpbd, 0.0166666667"})
    void aStepWithWindAndTearingAllocatesNothing(String method, double dt) {
        SceneSpec spec = SceneSpec.of(SceneType.CLOTH).size(10).verticalCloth(true).tearStrain(TEAR).wind(3, 0, 4).gust(0.5);
        MassSpringSystem s = Scenes.build(spec);
        Simulation sim = new Simulation(s, Integrators.create(IntegratorKind.fromId(method)), dt);
        for (int i = 0; i < 50; i++) {
            pullAndStep(sim);
        }
        long bytes = Allocations.quietestWindow(() -> pullAndStep(sim), 5, 20);
        assertEquals(0, bytes, method + " allocated " + bytes + " bytes in its quietest window");
        assertFalse(sim.exploded());
    }
}
