package dev.hooke.fx.sim;

import static dev.hooke.Tolerances.UI_TIMEOUT_SECONDS;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.scene.SceneFile;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.sim.Simulation;
import dev.hooke.core.solve.PreconditionerKind;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * The runner's timeline, driven without a window: scrubbing shows a recorded state, resuming from
 * it runs the recorded trajectory again bit for bit, forking starts lane B at its t, x and v, and
 * the frames stay within their memory bound while spanning the window.
 */
class HistoryTest {

    /** Exact: the resumed run is the recorded one. */
    private static final double BIT_FOR_BIT = 0.0;

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

    private <T> T askLane(int lane, Function<Simulation, T> question) throws Exception {
        return runner.query(lane, question).get(UI_TIMEOUT_SECONDS, TimeUnit.SECONDS);
    }

    private void steps(int n) {
        for (int i = 0; i < n; i++) {
            runner.stepOnce();
        }
    }

    /**
     * A chain stepped 100 times is recorded every k steps; scrubbing to a frame shows its state,
     * and resuming from an earlier one reaches the next frame's state and the last one exactly.
     */
    @ParameterizedTest
    @ValueSource(strings = {"symplectic-euler", "verlet", "implicit-euler", "xpbd"})
    void resumingFromAFrameRunsTheRecordedTrajectoryAgain(String id) throws Exception {
        runner = new SimulationRunner(SceneFile.defaults(SceneType.CHAIN).withIntegrator(IntegratorKind.fromId(id)));
        steps(100);
        double[] end = ask(sim -> sim.system().x.clone());
        long endSteps = ask(Simulation::steps);
        History.View v = ask(sim -> runner.history.view());
        int stride = v.stride();
        assertEquals(Math.ceil(History.WINDOW_SECONDS / ((v.capacity() - 1) * 0.005) - 1e-9), stride,
                "frames every ⌈window / ((F − 1) Δt)⌉ steps");
        assertEquals(1 + (endSteps - 1) / stride, v.frames(), "a frame every " + stride + " steps from step 0");

        runner.history.scrub(3);
        double[] third = ask(sim -> sim.system().x.clone());
        assertEquals(3L * stride, ask(Simulation::steps), "frame 3 is step 3k");
        runner.history.scrub(2);
        assertEquals(2L * stride, ask(Simulation::steps), "frame 2 is step 2k");
        int generation = runner.latest().generation();
        assertEquals(2, runner.latest().timeline().shown());
        assertEquals(ask(Simulation::time), runner.latest().time(), BIT_FOR_BIT, "the snapshot shows the frame's time");

        steps(stride);
        assertArrayEquals(third, ask(sim -> sim.system().x.clone()), BIT_FOR_BIT, "frame 3 again");
        assertTrue(runner.latest().generation() > generation, "leaving a frame is a transition");
        assertFalse(runner.latest().timeline().scrubbed());
        steps((int) (endSteps - 3L * stride));
        assertEquals(endSteps, ask(Simulation::steps));
        assertArrayEquals(end, ask(sim -> sim.system().x.clone()), BIT_FOR_BIT, "the last state again");
    }

    /** A fork starts compare mode with lane B at the frame's t, x and v, stepped by the chosen method. */
    @Test
    void aForkStartsLaneBAtTheFramesState() throws Exception {
        runner = new SimulationRunner(SceneFile.defaults(SceneType.CHAIN));
        steps(60);
        runner.history.scrub(1);
        double time = ask(Simulation::time);
        double[] x = ask(sim -> sim.system().x.clone());
        double[] vel = ask(sim -> sim.system().v.clone());
        runner.history.fork(IntegratorKind.RK4, ask(Simulation::dt));
        assertEquals(IntegratorKind.RK4, askLane(1, Simulation::integratorKind));
        assertEquals(time, askLane(1, Simulation::time), BIT_FOR_BIT);
        assertArrayEquals(x, askLane(1, sim -> sim.system().x.clone()), BIT_FOR_BIT);
        assertArrayEquals(vel, askLane(1, sim -> sim.system().v.clone()), BIT_FOR_BIT);
        assertArrayEquals(x, askLane(0, sim -> sim.system().x.clone()), BIT_FOR_BIT);
        Snapshot s = runner.latest();
        assertNotNull(s.compare());
        assertEquals(IntegratorKind.RK4, s.compareMode());
        steps(5);
        assertEquals(askLane(0, Simulation::time), askLane(1, Simulation::time), BIT_FOR_BIT, "the lanes keep one clock");
    }

    /**
     * A fork with half the Δt: lane B takes two steps for each of lane A's, and the two clocks meet
     * at every step of A (to the round-off of summing t in steps of Δt and Δt/2).
     */
    @Test
    void aForkWithAnotherStepKeepsOneClock() throws Exception {
        runner = new SimulationRunner(SceneFile.defaults(SceneType.CHAIN));
        steps(30);
        runner.history.scrub(1);
        double dt = ask(Simulation::dt);
        long aSteps = ask(Simulation::steps);
        runner.history.fork(IntegratorKind.SYMPLECTIC_EULER, dt / 2);
        assertEquals(dt / 2, askLane(1, Simulation::dt), BIT_FOR_BIT);
        assertEquals(ask(Simulation::time), askLane(1, Simulation::time), BIT_FOR_BIT);
        steps(10);
        assertEquals(aSteps + 10, (long) askLane(0, Simulation::steps));
        assertEquals(aSteps + 20, (long) askLane(1, Simulation::steps), "two steps of Δt/2 per step of Δt");
        assertEquals(askLane(0, Simulation::time), askLane(1, Simulation::time), 1e-12);
    }

    /** An edit of a value starts the timeline afresh: the frames ran under the old value. */
    @Test
    void anEditStartsTheTimelineAfresh() throws Exception {
        runner = new SimulationRunner(SceneFile.defaults(SceneType.CHAIN));
        steps(40);
        runner.history.scrub(1);
        assertTrue(ask(sim -> runner.history.view()).scrubbed());
        runner.edit(scene -> scene.withStiffness(2 * scene.stiffness()));
        assertEquals(History.View.EMPTY, ask(sim -> runner.history.view()), "no frames of the new value yet");
        long at = ask(Simulation::steps);
        steps(1);
        History.View v = ask(sim -> runner.history.view());
        assertEquals(1, v.frames(), "the first frame of the new value");
        assertEquals(at * ask(Simulation::dt), v.firstTime(), 1e-12, "recorded where the edit was made");
    }

    /**
     * Once the ring has gone round, recording allocates nothing: every window of k steps (one
     * frame written over the oldest, with Verlet's history) allocates 0 bytes.
     */
    @Test
    void recordingAllocatesNothingOnceTheRingHasGoneRound() throws Exception {
        runner = new SimulationRunner(SceneFile.defaults(SceneType.CHAIN).withIntegrator(IntegratorKind.VERLET));
        long bytes = ask(sim -> {
            Runnable step = () -> {
                runner.history.beforeStep();
                runner.lanes.step();
            };
            step.run();
            History.View v = runner.history.view();
            for (long i = 0; i < (v.capacity() + 2L) * v.stride(); i++) {
                step.run();
            }
            assertEquals(v.capacity(), runner.history.view().frames(), "the ring is full");
            return dev.hooke.core.Allocations.quietestWindow(step, v.stride(), 20);
        });
        assertEquals(0, bytes, "bytes allocated by the quietest window of k steps");
    }

    /**
     * The 100×100 cloth: the frames fit {@value History#MAX_MEGABYTES} MiB, and still span the
     * window (capacity − 1 strides of Δt ≥ 30 s).
     */
    @Test
    void theLargestClothStaysWithinTheBoundAndSpansTheWindow() throws Exception {
        SceneFile cloth = SceneFile.defaults(SceneType.CLOTH);
        cloth = cloth.withSpec(cloth.spec().size(100));
        runner = new SimulationRunner(cloth);
        steps(1);
        History.View v = ask(sim -> runner.history.view());
        long perFrame = v.bytes() / v.frames();
        long xv = 2L * 8 * 3 * 100 * 100;
        assertTrue(perFrame >= xv, "a frame holds x and v at least: " + perFrame + " bytes");
        assertTrue(v.capacity() * perFrame <= ((long) History.MAX_MEGABYTES << 20),
                v.capacity() + " frames of " + perFrame + " bytes");
        assertTrue((v.capacity() - 1) * v.stride() * cloth.dt() >= History.WINDOW_SECONDS - 1e-9,
                "the frames span " + (v.capacity() - 1) * v.stride() * cloth.dt() + " s");
    }

    /**
     * The bound holds for what the frames really keep, not for the first frame's size: the first
     * frame of an implicit run (step 0) has no warm start nor preconditioner yet, the later ones
     * carry both, several times its bytes. A 30 × 30 cloth with implicit Euler and the two-level
     * preconditioner at Δt = {@value #LARGE_DT} s, under a bound of {@value #SMALL_BOUND_BYTES}
     * bytes, run for two and a half windows:
     * the bytes held by every array of every slot stay within the bound, the view says so, and
     * the frames still span as much of the window as fits.
     */
    @Test
    void theBytesTheFramesReallyHoldStayWithinTheBound() throws Exception {
        SceneFile cloth = SceneFile.defaults(SceneType.CLOTH);
        cloth = cloth.withSpec(cloth.spec().size(30)).withIntegrator(IntegratorKind.IMPLICIT_EULER).withDt(LARGE_DT)
                .withImplicitOptions(cloth.implicitOptions().withPreconditioner(PreconditionerKind.TWO_LEVEL));
        long steps = Math.round(2.5 * History.WINDOW_SECONDS / LARGE_DT);
        runner = new SimulationRunner(cloth);
        long[] out = ask(sim -> {
            runner.history.bound(SMALL_BOUND_BYTES);
            long first = 0;
            long worst = 0;
            for (int i = 0; i < steps; i++) {
                runner.history.beforeStep();
                runner.lanes.step();
                if (i == 0) {
                    first = runner.history.retainedBytes();
                }
                worst = Math.max(worst, runner.history.retainedBytes());
            }
            History.View v = runner.history.view();
            return new long[] {first, worst, runner.history.retainedBytes(), v.bytes(), v.frames(), v.capacity()};
        });
        long first = out[0];
        long worst = out[1];
        assertTrue(worst <= SMALL_BOUND_BYTES, "held at most " + worst + " bytes, bound " + SMALL_BOUND_BYTES
                + " (the first frame: " + first + ")");
        assertEquals(out[2], out[3], "the view gives the bytes held");
        assertEquals(out[5], out[4], "the ring is full");
        assertTrue(out[4] >= 2, out[4] + " frames");
    }

    /** A time step implicit Euler takes in its stride, so that few steps span the window; in s. */
    private static final double LARGE_DT = 0.05;

    /** A bound small enough for a 30 × 30 cloth's frames to fill it; in bytes. */
    private static final long SMALL_BOUND_BYTES = 2L << 20;
}
