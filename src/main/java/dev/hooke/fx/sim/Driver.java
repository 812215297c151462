package dev.hooke.fx.sim;

import dev.hooke.core.scene.SceneFile;
import dev.hooke.core.sim.Simulation;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * What a {@link Job} (a lesson's work) sees of the runner while it holds the
 * simulation thread: it shows simulations, reports each step, and is paced so that a class can
 * watch it. After every step it takes the commands that came: play, pause and the speed at once,
 * a reset, a new scene or compare mode end the job ({@link Cancelled}), other
 * changes wait for its end. Simulation thread only.
 */
public final class Driver {
    /** Sleeps shorter than this are not worth their wake-up; in s. */
    private static final double MIN_SLEEP_SECONDS = 0.004;
    /** The shortest wall-clock interval between two snapshots while a job runs; in ns. */
    private static final long PUBLISH_NANOS = 15_000_000L;

    /** How a command is taken while a {@link Job} holds the thread. */
    enum Urgency {
        /** At once, between two of the job's steps (play, pause, speed). */
        NOW,
        /** When the job has ended (new values, a step, the pins). */
        AFTER_JOB,
        /** It ends the job first (a reset, a new scene, compare mode). */
        ENDS_JOB
    }

    /** A queued command. */
    static final class Command {
        private final Runnable action;
        private final Urgency urgency;
        /**
         * The runner's step count read just after the command was queued (-1 until then):
         * {@link SimulationRunner#stepsTaken()} counts a step as it starts, after the thread has
         * looked for commands, so at most one step (the one under way) starts between this and
         * the command's taking when the runner takes commands between two steps.
         */
        private volatile long queuedAtStep = -1;
        /** The command's number: the runner numbers them 1, 2, … as they are queued. */
        private final long number;

        Command(Runnable action, Urgency urgency, long number) {
            this.action = action;
            this.urgency = urgency;
            this.number = number;
        }

        long number() {
            return number;
        }

        Runnable action() {
            return action;
        }

        Urgency urgency() {
            return urgency;
        }

        void queuedAt(long step) {
            queuedAtStep = step;
        }

        /** The steps started since the command was queued, at step count {@code now}. */
        long stepsWaited(long now) {
            long at = queuedAtStep;
            return at < 0 ? 0 : Math.max(0, now - at);
        }
    }

    /**
     * Thrown through a {@link Job} when a command ends it; an {@link Error} so that engine code
     * which turns exceptions into report rows lets it pass.
     */
    public static final class Cancelled extends Error {
        private static final long serialVersionUID = 1L;

        public Cancelled() {
            super("ended by a command", null, false, false);
        }
    }

    /** Work a lesson does on the simulation thread; it shows and reports through the driver. */
    @FunctionalInterface
    public interface Job<T> {
        T run(Driver driver) throws Exception;
    }

    /** Adds what a scene knows beyond the engine (a closed form) to a chart sample. */
    @FunctionalInterface
    public interface SampleDecorator {
        EnergySample decorate(int lane, Simulation sim, EnergySample sample);
    }

    private final SimulationRunner r;
    private final boolean wasRunning;
    volatile boolean cancelled;
    volatile boolean paced = true;
    private boolean resume;
    private double pace = 1;
    private boolean anchored;
    private long anchorNanos;
    private double anchorTime;
    private long lastPublish;

    Driver(SimulationRunner runner) {
        this.r = runner;
        this.wasRunning = runner.running;
    }

    /**
     * Runs {@code job} with this driver and completes {@code out} with its answer, or with a
     * {@link CancellationException} when a command ended it. Simulation thread.
     */
    <T> void run(Job<T> job, CompletableFuture<T> out) {
        r.jobStarted(this);
        try {
            out.complete(job.run(this));
        } catch (Cancelled e) {
            out.completeExceptionally(new CancellationException("ended by a command"));
        } catch (Exception | Error e) {
            out.completeExceptionally(e);
        } finally {
            r.jobEnded(this);
        }
    }

    /** Shows {@code sim} running {@code scene} (a new generation, unless it is shown already). */
    public void show(SceneFile scene, Simulation sim, SampleDecorator withSamples) {
        if (r.lanes.size() == 1 && r.lanes.sim(0) == sim) {
            changed(scene);
            return;
        }
        showAll(scene, List.of(sim), withSamples);
    }

    /**
     * Shows several simulations: every one is sampled (the k-th on lane k), the first two drawn
     * (a new generation, unless they are shown already). Compare mode goes off.
     */
    public void showAll(SceneFile scene, List<Simulation> sims, SampleDecorator withSamples) {
        if (r.lanes.isShowing(sims)) {
            return;
        }
        r.compareKind = null;
        r.show(scene, sims, withSamples);
        anchored = false;
        publishNow();
    }

    /** The scene's values changed under the simulation shown (it keeps its state and generation). */
    public void changed(SceneFile next) {
        if (!next.equals(r.scene)) {
            r.scene = next;
            r.lanes.requestStability(next);
            r.dirty = true;
        }
    }

    /** Paced runs show {@code factor} simulated seconds per wall-clock second from now on (&gt; 0). */
    public void pace(double factor) {
        pace = factor;
        paced = true;
        anchored = false;
    }

    /** The generation the runner shows now. */
    public int generation() {
        return r.generation;
    }

    /** Runs from now on as fast as they can (a replay). */
    public void unpaced() {
        paced = false;
    }

    /** The simulated seconds per wall-clock second shown now. */
    double shownSpeed() {
        return pace;
    }

    /** When the job ends, the runner plays or stays paused as before it (not paused, as after a step). */
    public void resumeAfter() {
        resume = true;
    }

    boolean resumesPlaying() {
        return resume && wasRunning;
    }

    /** The speed the window asked for (simulated seconds per wall-clock second). */
    public double speed() {
        return r.speed;
    }

    /** Whether a command has ended the job. */
    public boolean cancelled() {
        return cancelled;
    }

    /**
     * After a step of what is shown: takes the commands that came, samples, waits while paused or
     * ahead of the pace, and publishes now and then.
     *
     * @throws Cancelled when a command ends the job
     */
    public void stepped() {
        r.countStep();
        take();
        r.rateWindowSteps++;
        r.sample(false);
        while (!r.running) {
            publishNow();
            waitForCommand(SimulationRunner.IDLE_MILLIS * 1e-3);
            anchored = false;
        }
        Simulation lead = r.lanes.lead();
        long now = System.nanoTime();
        r.countRate(now);
        if (paced) {
            if (!anchored || lead.time() < anchorTime) {
                anchored = true;
                anchorNanos = now;
                anchorTime = lead.time() - lead.dt();
            }
            double due = (lead.time() - anchorTime) / pace - (now - anchorNanos) * 1e-9;
            if (due > MIN_SLEEP_SECONDS) {
                publishNow();
                long until = now + (long) (due * 1e9);
                long left;
                while ((left = until - System.nanoTime()) > 0 && r.running && paced) {
                    waitForCommand(left * 1e-9);
                }
                return;
            }
        }
        if (now - lastPublish > PUBLISH_NANOS) {
            publishNow();
        }
    }

    private void publishNow() {
        r.lanes.pollStability(d -> r.notice(Notice.Kind.ANALYSIS_FAILED, d));
        r.publish();
        lastPublish = System.nanoTime();
    }

    /** Waits up to {@code seconds} for a command and takes it. */
    private void waitForCommand(double seconds) {
        try {
            Command c = r.commands.poll((long) Math.max(1, seconds * 1e3), TimeUnit.MILLISECONDS);
            if (c != null) {
                r.commands.addFirst(c);
                take();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Cancelled();
        }
    }

    /** Takes the queued commands: some at once, some after the job, some end it. */
    private void take() {
        if (r.closed || Thread.currentThread().isInterrupted()) {
            throw new Cancelled();
        }
        Command c;
        while (!cancelled && (c = r.commands.poll()) != null) {
            switch (c.urgency()) {
                case NOW -> r.execute(c);
                case AFTER_JOB -> {
                    r.deferred.add(c);
                    r.taken(c);
                }
                case ENDS_JOB -> {
                    r.commands.addFirst(c);
                    cancelled = true;
                }
            }
        }
        if (cancelled) {
            throw new Cancelled();
        }
        if (r.lanes.pollStability(d -> r.notice(Notice.Kind.ANALYSIS_FAILED, d))) {
            r.dirty = true;
        }
    }
}
