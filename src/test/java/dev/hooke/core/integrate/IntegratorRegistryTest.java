package dev.hooke.core.integrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.scene.Perturbation;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.scene.Scenes;
import dev.hooke.core.sim.Simulation;
import dev.hooke.core.stability.StabilityAnalysis;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The table of methods: the built-in ones in order, and one more added through it alone. */
class IntegratorRegistryTest {

    private static final List<String> BUILT_IN = List.of("explicit-euler", "symplectic-euler", "verlet",
            "velocity-verlet", "rk4", "implicit-euler", "implicit-midpoint", "pbd", "xpbd", "fast-mass-spring");

    @AfterEach
    void removeTheToy() {
        Integrators.unregister(ToyIntegrator.KIND);
    }

    private static List<String> ids() {
        return Arrays.stream(IntegratorKind.values()).map(IntegratorKind::id).toList();
    }

    @Test
    void theBuiltInMethodsAreListedInOrderAndStay() {
        assertEquals(BUILT_IN, ids());
        for (int i = 0; i < BUILT_IN.size(); i++) {
            IntegratorKind k = IntegratorKind.values()[i];
            assertEquals(i, k.index());
            assertEquals("integrator." + k.id(), k.nameKey());
            assertEquals(k, Integrators.create(k).kind());
        }
        assertThrows(IllegalArgumentException.class, () -> Integrators.unregister(IntegratorKind.RK4));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Integrators.register(new IntegratorEntry(IntegratorKind.RK4, Set.of(), s -> new RungeKutta4(),
                        StabilityRule.NONE)));
        assertTrue(e.getMessage().contains("rk4"), e.getMessage());
        assertEquals(BUILT_IN, ids());
    }

    @Test
    void aRegisteredMethodIsListedFoundBuiltAndSteps() {
        Integrators.register(ToyIntegrator.ENTRY);
        assertEquals(BUILT_IN.size() + 1, IntegratorKind.values().length);
        assertSame(ToyIntegrator.KIND, IntegratorKind.values()[BUILT_IN.size()]);
        assertEquals(BUILT_IN.size(), ToyIntegrator.KIND.index());
        assertSame(ToyIntegrator.KIND, IntegratorKind.fromId(" Toy-Euler "));
        assertTrue(IntegratorKind.ids().endsWith(", fast-mass-spring, toy-euler"), IntegratorKind.ids());
        assertFalse(ToyIntegrator.KIND.takes(IntegratorSetting.VERLET_DELTA));

        Integrator toy = Integrators.create("toy-euler");
        assertInstanceOf(ToyIntegrator.class, toy);
        assertInstanceOf(ToyIntegrator.class, Integrators.create(ToyIntegrator.KIND,
                IntegratorSettings.defaults().withVerletDelta(0.5)));

        // One undamped spring, m = 0.1 kg, k = 1000 N/m, stretched by 0.1 m: ω = 100 rad/s, the
        // toy's limit 2/ω = 0.02 s.
        MassSpringSystem s = Scenes.build(SceneSpec.of(SceneType.SPRING).gravity(0).mass(0.1).stiffness(1000)
                .perturbation(Perturbation.END).displacement(0.1));
        double omega = 100;
        assertEquals(2 / omega, StabilityAnalysis.predictedLimit(s, toy).dtMax(), 1e-9);
        double[] start = s.x.clone();
        Simulation sim = new Simulation(s, toy, 0.1 * 2 / omega);
        double energy = sim.observables().total();
        sim.step(1000);
        assertFalse(sim.exploded(), () -> String.valueOf(sim.explosion()));
        assertFalse(Arrays.equals(start, sim.system().x));
        assertEquals(energy, sim.observables().total(), 0.5 * Math.abs(energy) + 1e-12);
    }

    @Test
    void anUnregisteredMethodIsGoneAgain() {
        Integrators.register(ToyIntegrator.ENTRY);
        assertTrue(Integrators.unregister(ToyIntegrator.KIND));
        assertFalse(Integrators.unregister(ToyIntegrator.KIND));
        assertEquals(BUILT_IN, ids());
        assertEquals(-1, ToyIntegrator.KIND.index());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> IntegratorKind.fromId("toy-euler"));
        assertEquals("unknown integrator 'toy-euler'; choose one of " + String.join(", ", BUILT_IN), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Integrators.create(ToyIntegrator.KIND));
    }

    @Test
    void anEntryWhoseFactoryMakesAnotherKindIsCaught() {
        IntegratorKind other = new IntegratorKind("toy-other", "Other toy", false, false);
        IntegratorEntry wrong = new IntegratorEntry(other, Set.of(), s -> new ToyIntegrator(), StabilityRule.NONE);
        assertThrows(IllegalStateException.class, () -> wrong.create(IntegratorSettings.defaults()));
        assertThrows(IllegalArgumentException.class, () -> new IntegratorKind("Toy Euler", "Toy", false, false));
    }

    @Test
    void settingsAreCheckedAndReachTheMethodsThatTakeThem() {
        IntegratorSettings d = IntegratorSettings.defaults();
        assertEquals(PositionVerlet.DEFAULT_DAMPING, d.verletDelta());
        assertEquals(ProjectionIntegrator.DEFAULT_ITERATIONS, d.iterations());
        assertEquals(PositionBasedDynamics.DEFAULT_STIFFNESS, d.pbdStiffness());
        assertEquals(ImplicitOptions.defaults(), d.implicit());
        assertThrows(IllegalArgumentException.class, () -> d.withVerletDelta(1));
        assertThrows(IllegalArgumentException.class, () -> d.withVerletDelta(-0.1));
        assertThrows(IllegalArgumentException.class, () -> d.withIterations(0));
        assertThrows(IllegalArgumentException.class, () -> d.withIterations(ProjectionIntegrator.MAX_ITERATIONS + 1));
        assertThrows(IllegalArgumentException.class, () -> d.withPbdStiffness(0));
        assertThrows(IllegalArgumentException.class, () -> d.withPbdStiffness(1.5));
        assertThrows(NullPointerException.class, () -> d.withImplicit(null));

        ImplicitOptions cholesky = ImplicitOptions.defaults().with(ImplicitOptions.SOLVER, "cholesky");
        IntegratorSettings s = d.withVerletDelta(0.25).withIterations(3).withPbdStiffness(0.5).withImplicit(cholesky);
        assertEquals(0.25, ((PositionVerlet) Integrators.create(IntegratorKind.VERLET, s)).damping());
        PositionBasedDynamics pbd = (PositionBasedDynamics) Integrators.create(IntegratorKind.PBD, s);
        assertEquals(3, pbd.iterations());
        assertEquals(0.5, pbd.stiffness());
        assertEquals(3, ((ProjectionIntegrator) Integrators.create(IntegratorKind.XPBD, s)).iterations());
        assertEquals(cholesky, ((ImplicitIntegrator) Integrators.create(IntegratorKind.IMPLICIT_MIDPOINT, s)).options());
        assertTrue(IntegratorKind.PBD.takes(IntegratorSetting.PBD_STIFFNESS));
        assertFalse(IntegratorKind.XPBD.takes(IntegratorSetting.PBD_STIFFNESS));
        assertTrue(IntegratorKind.IMPLICIT_EULER.takes(IntegratorSetting.IMPLICIT_SOLVER));
    }
}
