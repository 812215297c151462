package dev.hooke.fx.sim;

import static dev.hooke.Tolerances.UI_TIMEOUT_SECONDS;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.scene.SceneFile;
import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.sim.Simulation;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The runner's mouse commands, without a window: grabbing holds a particle where the mouse puts
 * it while the simulation steps, releasing frees it, and toggling a pin pins and frees a particle
 * in the engine.
 */
class SimulationRunnerGrabTest {

    private SimulationRunner runner;

    @AfterEach
    void stop() {
        if (runner != null) {
            runner.close();
        }
    }

    private <T> T ask(Function<Simulation, T> question) throws Exception {
        return runner.query(question).get(UI_TIMEOUT_SECONDS, TimeUnit.SECONDS);
    }

    private double[] position(int i) throws Exception {
        return ask(sim -> Arrays.copyOfRange(sim.system().x, 3 * i, 3 * i + 3));
    }

    private double[] velocity(int i) throws Exception {
        return ask(sim -> Arrays.copyOfRange(sim.system().v, 3 * i, 3 * i + 3));
    }

    private void steps(int n) {
        for (int k = 0; k < n; k++) {
            runner.stepOnce();
        }
    }

    @ParameterizedTest
    @MethodSource("dev.hooke.core.integrate.IntegratorKind#values")
    void aGrabbedParticleStaysAtTheMouseWhileSteppingAndFallsWhenReleased(IntegratorKind kind) throws Exception {
        runner = new SimulationRunner(SceneFile.defaults(SceneType.CHAIN).withIntegrator(kind));
        int tip = ask(sim -> sim.system().particleCount()) - 1;
        int neighbour = tip - 1;
        double[] before = position(neighbour);
        double[] held = {1.0, -2.0, 0.5};
        runner.grab(tip, held[0], held[1], held[2]);
        steps(50);
        assertArrayEquals(held, position(tip));
        assertArrayEquals(new double[3], velocity(tip));
        assertFalse(Arrays.equals(before, position(neighbour)), "the rope follows the held end");

        runner.release();
        // 0.2 s: the swinging rope first lifts the released end a little (for up to 0.15 s with
        // PBD's stiff constraints), then it falls
        steps(40);
        assertFalse((boolean) ask(sim -> sim.system().isPinned(tip)));
        assertTrue(position(tip)[1] < held[1], "released, the end falls");
    }

    @Test
    void dragMovesTheHeldParticleAndAPinnedOneStaysPinnedAfterRelease() throws Exception {
        runner = new SimulationRunner(SceneFile.defaults(SceneType.CHAIN));
        runner.grab(0, 0, 0, 0);
        runner.grab(0, 0.25, 0.5, -0.25);
        steps(10);
        assertArrayEquals(new double[] {0.25, 0.5, -0.25}, position(0));
        runner.release();
        steps(10);
        assertTrue((boolean) ask(sim -> sim.system().isPinned(0)));
        assertArrayEquals(new double[] {0.25, 0.5, -0.25}, position(0));
    }

    @Test
    void togglePinPinsAndFreesAParticleInTheEngine() throws Exception {
        runner = new SimulationRunner(SceneFile.defaults(SceneType.CLOTH));
        int middle = ask(sim -> sim.system().particleCount()) / 2;
        steps(5);
        runner.togglePin(middle);
        assertTrue((boolean) ask(sim -> sim.system().isPinned(middle)));
        assertEquals(0, (double) ask(sim -> sim.system().inverseMass(middle)));
        double[] pinnedAt = position(middle);
        steps(20);
        assertArrayEquals(pinnedAt, position(middle));
        runner.togglePin(middle);
        assertFalse((boolean) ask(sim -> sim.system().isPinned(middle)));
        steps(20);
        assertNotEquals(pinnedAt[1], position(middle)[1]);
    }

    @Test
    void theNextSnapshotReportsAToggledPin() throws Exception {
        runner = new SimulationRunner(SceneFile.defaults(SceneType.CLOTH));
        int middle = ask(sim -> sim.system().particleCount()) / 2;
        Snapshot before = runner.latest();
        assertFalse(before.isPinned(middle));
        assertFalse(before.pinned()[middle]);

        runner.togglePin(middle);
        ask(sim -> null);                    // the command and its publish have run
        Snapshot pinned = runner.latest();
        assertTrue(pinned.pinned()[middle]);
        assertTrue(pinned.isPinned(middle));
        assertNotEquals(before.pinRevision(), pinned.pinRevision());
        assertFalse(before.pinned()[middle], "a published snapshot does not change");

        steps(3);
        ask(sim -> null);
        assertEquals(pinned.pinRevision(), runner.latest().pinRevision(), "steps leave the pins alone");
        assertTrue(pinned.pinned() == runner.latest().pinned(), "no new pin array without a change");

        runner.togglePin(middle);
        ask(sim -> null);
        Snapshot freed = runner.latest();
        assertFalse(freed.pinned()[middle]);
        assertFalse(freed.isPinned(middle));
        assertNotEquals(pinned.pinRevision(), freed.pinRevision());
    }

    @Test
    void aParticleThatDoesNotExistIsANoticeAndChangesNothing() throws Exception {
        runner = new SimulationRunner(SceneFile.defaults(SceneType.SPRING));
        double[] bob = position(1);
        runner.grab(7, 1, 1, 1);
        runner.togglePin(-1);
        assertArrayEquals(bob, position(1));
        String notice = runner.latest().notice().detail();
        assertTrue(notice != null && notice.startsWith("particle:"), notice);
    }
}
