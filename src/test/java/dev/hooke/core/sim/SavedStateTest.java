package dev.hooke.core.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.Allocations;
import dev.hooke.core.integrate.ImplicitOptions;
import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.integrate.Integrators;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.model.StateRecord;
import dev.hooke.core.scene.ClothPins;
import dev.hooke.core.scene.ObstacleSpec;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.scene.Scenes;
import dev.hooke.core.solve.PreconditionerKind;
import dev.hooke.core.solve.SolverKind;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * A saved state continues bit for bit: run N steps saving at step k, restore k, run again, and
 * every later step's positions, velocities, time and dissipated work are the first run's exactly
 * (tolerance 0), for every registered method, on a damped chain, on a cube landing on the ground
 * and a cloth falling onto a sphere (contact), and on a cloth that tears. A fresh simulation of the
 * same scene and method restored from the record continues identically too (a fork with the same
 * method); another method starts from the same t, x and v.
 */
class SavedStateTest {

    /** Exact: a restored run is the recorded one, not an approximation of it. */
    private static final double BIT_FOR_BIT = 0.0;
    /** The step at which the state is saved (odd, so that lagged caches are mid-period). */
    private static final int SAVE_AT = 37;

    private record Run(List<double[]> x, List<double[]> v, List<Double> time, List<Double> dissipated,
                       List<Integer> broken, int contacts) {
    }

    /** Steps {@code sim} {@code n} times, recording each step's state. */
    private static Run run(Simulation sim, int n) {
        Run r = new Run(new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), new ArrayList<>(),
                new ArrayList<>(), 0);
        int contacts = 0;
        for (int i = 0; i < n; i++) {
            sim.step();
            r.x.add(sim.system().x.clone());
            r.v.add(sim.system().v.clone());
            r.time.add(sim.time());
            r.dissipated.add(sim.observables().dissipated);
            r.broken.add(sim.system().brokenCount());
            contacts += sim.observables().contacts;
        }
        return new Run(r.x, r.v, r.time, r.dissipated, r.broken, contacts);
    }

    private static void assertSame(Run expected, Run actual, String what) {
        for (int i = 0; i < expected.x.size(); i++) {
            assertArrayEquals(expected.x.get(i), actual.x.get(i), BIT_FOR_BIT, what + ": x after step " + i);
            assertArrayEquals(expected.v.get(i), actual.v.get(i), BIT_FOR_BIT, what + ": v after step " + i);
            assertEquals(expected.time.get(i), actual.time.get(i), BIT_FOR_BIT, what + ": t after step " + i);
            assertEquals(expected.dissipated.get(i), actual.dissipated.get(i), BIT_FOR_BIT,
                    what + ": W_d after step " + i);
            assertEquals(expected.broken.get(i), actual.broken.get(i), what + ": broken springs after step " + i);
        }
    }

    /**
     * Saves at {@link #SAVE_AT}, runs {@code after} steps, restores, runs them again; then restores
     * into a fresh simulation and runs them once more. Returns the first run after the save.
     */
    private static Run checkRestore(Supplier<MassSpringSystem> scene, IntegratorKind kind, ImplicitOptions options,
                                    double dt, int after) {
        Simulation sim = new Simulation(scene.get(), Integrators.create(kind, options), dt);
        sim.step(SAVE_AT);
        StateRecord record = new StateRecord();
        sim.saveState(record);
        long steps = sim.steps();
        Run first = run(sim, after);
        sim.restoreState(record);
        assertEquals(steps, sim.steps(), kind.id() + ": the step count comes back");
        Run again = run(sim, after);
        assertSame(first, again, kind.id() + " restored");
        Simulation fresh = new Simulation(scene.get(), Integrators.create(kind, options), dt);
        fresh.restoreState(record);
        assertSame(first, run(fresh, after), kind.id() + " restored into a fresh simulation");
        return first;
    }

    private static MassSpringSystem dampedChain() {
        return Scenes.build(SceneSpec.of(SceneType.CHAIN).nodes(8).springDamping(0.3).airDamping(0.01));
    }

    @Test
    void everyMethodContinuesBitForBitOnADampedChain() {
        for (IntegratorKind kind : Integrators.kinds()) {
            checkRestore(SavedStateTest::dampedChain, kind, ImplicitOptions.defaults(), 1e-3, 120);
        }
    }

    /**
     * Contact: a cube landing on the ground, a free cloth falling onto a sphere. Explicit Euler,
     * unstable on undamped springs, explodes before they land; its explosion comes back too.
     */
    @Test
    void everyMethodContinuesBitForBitThroughContacts() {
        for (IntegratorKind kind : Integrators.kinds()) {
            Run cube = checkRestore(() -> Scenes.build(SceneSpec.of(SceneType.CUBE).size(3)), kind,
                    ImplicitOptions.defaults(), 2e-3, 400);
            Run cloth = checkRestore(() -> Scenes.build(SceneSpec.of(SceneType.CLOTH).size(8).pins(ClothPins.NONE)
                    .obstacle(ObstacleSpec.SPHERE)), kind, ImplicitOptions.defaults(), 2.5e-4, 1800);
            if (!kind.equals(IntegratorKind.EXPLICIT_EULER)) {
                assertTrue(cube.contacts > 0, kind.id() + ": the cube must land within the steps compared");
                assertTrue(cloth.contacts > 0, kind.id() + ": the cloth must touch the sphere within the steps compared");
            }
        }
    }

    /**
     * The implicit methods iterate once more on a step whose held set changed, so the last step's
     * held set is part of their state: a cube saved on each of the steps around its landing and
     * restored into a fresh simulation takes the same Newton iterations, bit for bit.
     */
    @Test
    void theImplicitMethodsContinueBitForBitFromAStepWhereTheHeldSetChanged() {
        for (IntegratorKind kind : List.of(IntegratorKind.IMPLICIT_EULER, IntegratorKind.IMPLICIT_MIDPOINT)) {
            Supplier<MassSpringSystem> cube = () -> Scenes.build(SceneSpec.of(SceneType.CUBE).size(3));
            Simulation probe = new Simulation(cube.get(), Integrators.create(kind, ImplicitOptions.defaults()), 2e-3);
            int landing = 0;
            while (probe.observables().contacts == 0) {
                probe.step();
                landing++;
                assertTrue(landing < 2000, kind.id() + ": the cube must land");
            }
            int changed = 0;
            for (int at = landing - 2; at <= landing + 6; at++) {
                Simulation sim = new Simulation(cube.get(), Integrators.create(kind, ImplicitOptions.defaults()), 2e-3);
                sim.step(at);
                StateRecord record = new StateRecord();
                sim.saveState(record);
                Run first = run(sim, 1);
                changed += sim.integrator().solverStats().newtonIterations
                        > ImplicitOptions.defaults().newtonIterations() ? 1 : 0;
                Run rest = run(sim, 8);
                Simulation fresh = new Simulation(cube.get(), Integrators.create(kind, ImplicitOptions.defaults()), 2e-3);
                fresh.restoreState(record);
                assertSame(first, run(fresh, 1), kind.id() + " restored at step " + at);
                assertSame(rest, run(fresh, 8), kind.id() + " restored at step " + at + ", later steps");
            }
            assertTrue(changed > 0, kind.id() + ": some step just after a save must change the held set");
        }
    }

    /**
     * Tearing: a soft hanging cloth in a gusty wind tears after the save, so the restore must mend
     * the springs that broke since. PBD projects with its own stiffness, not k_s, and does not tear.
     */
    @Test
    void everyMethodContinuesBitForBitThroughTears() {
        for (IntegratorKind kind : Integrators.kinds()) {
            Run r = checkRestore(() -> Scenes.build(SceneSpec.of(SceneType.CLOTH).size(8).verticalCloth(true)
                    .stiffness(50).tearStrain(0.1).wind(3, 0, 4).gust(0.5)), kind, ImplicitOptions.defaults(), 1e-3, 200);
            if (!kind.equals(IntegratorKind.PBD)) {
                assertNotEquals(r.broken.get(0), r.broken.get(r.broken.size() - 1),
                        kind.id() + ": springs must tear after the save, so that the restore mends them");
            }
        }
    }

    /** Every linear solver and preconditioner of the implicit methods keeps its lag in the record. */
    @Test
    void everyImplicitSolverContinuesBitForBit() {
        for (SolverKind solver : SolverKind.values()) {
            for (PreconditionerKind p : PreconditionerKind.values()) {
                ImplicitOptions options = ImplicitOptions.defaults().withSolver(solver).withPreconditioner(p);
                Run r = checkRestore(() -> Scenes.build(SceneSpec.of(SceneType.CLOTH).size(12).pins(ClothPins.NONE)
                        .obstacle(ObstacleSpec.SPHERE)), IntegratorKind.IMPLICIT_EULER, options, 4e-3, 120);
                assertTrue(r.contacts > 0, solver + "/" + p + ": the cloth must touch the sphere within the steps compared");
            }
        }
    }

    /** Another method restored from the record starts at the same t, x and v, and steps on its own. */
    @Test
    void anotherMethodStartsFromTheSameState() {
        Simulation a = new Simulation(dampedChain(), Integrators.create(IntegratorKind.VERLET), 1e-3);
        a.step(SAVE_AT);
        StateRecord record = new StateRecord();
        a.saveState(record);
        Simulation b = new Simulation(dampedChain(), Integrators.create(IntegratorKind.RK4), 1e-3);
        b.restoreState(record);
        assertEquals(a.time(), b.time(), BIT_FOR_BIT);
        assertEquals(a.steps(), b.steps());
        assertArrayEquals(a.system().x, b.system().x, BIT_FOR_BIT);
        assertArrayEquals(a.system().v, b.system().v, BIT_FOR_BIT);
        assertEquals(a.observables().dissipated, b.observables().dissipated, BIT_FOR_BIT);
        assertTrue(b.step(), "the other method steps on");
    }

    /** Saving into a record that held a state of the system before allocates nothing. */
    @Test
    void savingAgainAllocatesNothing() {
        for (IntegratorKind kind : Integrators.kinds()) {
            Simulation sim = new Simulation(Scenes.build(SceneSpec.of(SceneType.CUBE).size(3)),
                    Integrators.create(kind), 2e-3);
            StateRecord record = new StateRecord();
            sim.step(10);
            sim.saveState(record);
            long bytes = Allocations.quietestWindow(() -> sim.saveState(record), 5, 20);
            assertEquals(0, bytes, kind.id() + " allocated " + bytes + " bytes saving its state");
        }
    }
}
