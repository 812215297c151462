package dev.hooke.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.integrate.Integrator;
import dev.hooke.core.integrate.Integrators;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.scene.Scenes;
import dev.hooke.core.sim.Simulation;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The benchmark's timing wrapper is the integrator it wraps as far as a simulation can tell: the
 * same dissipated work and threads, so a simulation run through it keeps the same energy balance
 * and stops only where the bare integrator's would.
 */
class TimedIntegratorTest {

    private static final double DT = 1.0 / 60;

    @ParameterizedTest
    @ValueSource(strings = {"pbd", "xpbd", "fast-mass-spring", "implicit-euler"})
    void aWrappedStepIsTheSameStepToTheSimulation(String id) {
        SceneSpec spec = SceneSpec.of(SceneType.CLOTH).size(10).verticalCloth(true);
        Integrator bare = Integrators.create(id);
        TimedIntegrator timed = new TimedIntegrator(Integrators.create(id));
        Simulation plain = new Simulation(Scenes.build(spec), bare, DT);
        Simulation wrapped = new Simulation(Scenes.build(spec), timed, DT);
        for (int n = 0; n < 60; n++) {
            assertEquals(plain.step(), wrapped.step(), id + ", step " + n);
            assertEquals(bare.dissipatedWork(), timed.dissipatedWork(), id + ", step " + n);
            assertEquals(plain.observables().dissipated, wrapped.observables().dissipated, id + ", step " + n);
        }
        assertTrue(timed.lastNanos > 0);
        assertEquals(bare.threads(), timed.threads());
    }
}
