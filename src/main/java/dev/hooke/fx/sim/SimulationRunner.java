package dev.hooke.fx.sim;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.scene.SceneFile;
import dev.hooke.core.sim.LiveChange;
import dev.hooke.core.sim.Simulation;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingDeque;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * The one owner of the simulation thread: it runs the scene a {@link SceneFile} describes and
 * publishes what it does as immutable {@link Snapshot}s, each with a generation number; the window
 * derives every view from the newest one and never waits for a step.
 *
 * <h2>Threading</h2>
 * One daemon thread, {@code hooke-simulation}, owns the simulations: it alone touches their
 * arrays. Every public method only queues a command. The thread takes commands between two steps,
 * never behind a frame's worth of them: while playing it takes fixed steps of Δt for the
 * wall-clock time since the last frame (times the speed), checks its queue before every step,
 * and drops the rest of a frame's steps when they would take longer than
 * {@value #STEP_BUDGET_SECONDS} s, so that a machine too slow for real time runs in slow motion
 * instead of falling behind for ever. Pause, Reset, a new value or a new scene therefore act within
 * one step, whatever a frame would cost.
 *
 * <h2>Generations</h2>
 * Every transition starts a new generation: a reset, a new scene, compare mode on or off, a
 * lesson showing another simulation. Snapshots and chart samples carry it, so that a view clears
 * what belongs to an older one. Explosions are part of the snapshot, not events.
 *
 * <h2>Lessons</h2>
 * A lesson drives this runner instead of owning a thread: {@link #drive(Job)} runs its work on
 * the simulation thread, and the work shows its simulations and reports each step through a
 * {@link Driver}, which samples, paces and publishes them like the runner's own and takes the
 * commands that arrive meanwhile: play, pause and the speed at once; a reset, a new scene or
 * compare mode end the work ({@link Cancelled}); other changes wait until the work ends.
 *
 * <p>Stability analyses run on threads of their own ({@link StabilityWorker}), one per system
 * shown, so that an eigen solve never stalls the stepping. Nothing a command or a step throws
 * leaves the thread: it becomes a plain {@link Snapshot#notice() notice}.
 */
public final class SimulationRunner implements AutoCloseable {

    /** The period of the simulation thread's frames while playing; in ms. */
    public static final int TICK_MILLIS = 4;
    /** How long the thread waits for a command while paused; in ms. */
    private static final int IDLE_MILLIS = 50;
    /** The wall-clock time one frame may spend stepping; in s. */
    public static final double STEP_BUDGET_SECONDS = 0.012;
    /** The most wall-clock time one frame turns into simulated time; in s (no leap after a stall). */
    public static final double MAX_TICK_SECONDS = 0.05;
    /** The interval between two energy samples; in s of simulated time. */
    public static final double SAMPLE_INTERVAL = 0.02;
    /** How many energy samples wait for the window at most (newer ones are then dropped). */
    public static final int SAMPLE_QUEUE_CAPACITY = 8192;
    /** The frame rate that substeps per frame refer to; in frames per wall-clock second. */
    public static final double FRAMES_PER_SECOND = 60;
    /** The most substeps per frame accepted. */
    public static final int MAX_SUBSTEPS = 1000;
    /** The wall-clock interval over which steps per second are counted; in s. */
    private static final double RATE_WINDOW_SECONDS = 0.5;

    /** How a command is taken while a {@link Job} holds the thread. */
    enum Urgency {
        /** At once, between two of the job's steps (play, pause, speed). */
        NOW,
        /** When the job has ended (new values, a step, the pins). */
        AFTER_JOB,
        /** It ends the job first (a reset, a new scene, compare mode). */
        ENDS_JOB
    }

    private record Command(Runnable action, Urgency urgency) {
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

    private final LinkedBlockingDeque<Command> commands = new LinkedBlockingDeque<>();
    private final AtomicReference<Snapshot> latest = new AtomicReference<>();
    private final BlockingQueue<EnergySample> samples = new ArrayBlockingQueue<>(SAMPLE_QUEUE_CAPACITY);
    private final Thread thread;
    private volatile boolean closed;

    // ---- confined to the simulation thread (set up in the constructor before it starts)
    final Lanes lanes = new Lanes();
    private SceneFile scene;
    private IntegratorKind compareKind;
    private SceneTopology topology;
    private int generation;
    private long sequence;
    boolean running;
    private double speed = 1;
    private int substeps;
    private double accumulator;
    private long lastTickNanos = System.nanoTime();
    private double secondsPerStep = 1e-6;
    private double lastSampleTime = Double.NaN;
    boolean dirty;
    private String notice;
    private long noticeSerial;
    private long rateWindowStart = System.nanoTime();
    long rateWindowSteps;
    private double stepsPerSecond;
    private SampleDecorator decorator;
    /** The edits taken ({@link #edit}, {@link #halveDtAndReset}). */
    private long edits;
    private final Pins pins = new Pins();
    /** The job holding the thread, or null. */
    private Driver driver;
    /** Commands that came during a job and wait for its end, oldest first. */
    private final List<Command> deferred = new ArrayList<>();

    /**
     * Builds the scene and starts the simulation thread, paused.
     *
     * @throws IllegalArgumentException naming the field at fault when the scene is invalid
     */
    public SimulationRunner(SceneFile scene) {
        rebuild(Objects.requireNonNull(scene, "scene"));
        publish();
        thread = new Thread(this::loop, "hooke-simulation");
        thread.setDaemon(true);
        thread.start();
    }

    // ------------------------------------------------------------------ reading

    /** The newest snapshot (never null). */
    public Snapshot latest() {
        return latest.get();
    }

    /** Moves the energy samples recorded since the last call into {@code out}, oldest first. */
    public void drainSamples(Collection<? super EnergySample> out) {
        samples.drainTo(out);
    }

    /**
     * Runs {@code question} on the simulation thread, after every command queued before it, and
     * completes with its answer. For checks that need the engine itself, not a snapshot.
     */
    public <T> CompletableFuture<T> query(Function<Simulation, T> question) {
        return query(0, question);
    }

    /**
     * Like {@link #query(Function)}, for the system on lane {@code lane} (1: compare mode's second
     * one); completes exceptionally when there is no such lane.
     */
    public <T> CompletableFuture<T> query(int lane, Function<Simulation, T> question) {
        CompletableFuture<T> answer = new CompletableFuture<>();
        submit(Urgency.AFTER_JOB, () -> {
            if (dirty) {
                publish();      // the newest snapshot shows every command queued before the question
            }
            if (lane >= lanes.size()) {
                answer.completeExceptionally(new IllegalStateException("compare mode is off"));
                return;
            }
            try {
                answer.complete(question.apply(lanes.sim(lane)));
            } catch (RuntimeException e) {
                answer.completeExceptionally(e);
            }
        });
        if (closed) {
            answer.completeExceptionally(new IllegalStateException("closed"));
        }
        return answer;
    }

    // ------------------------------------------------------------------ commands

    /** Starts stepping (not after an explosion: reset first). */
    public void play() {
        submit(Urgency.NOW, () -> setRunning(!lanes.allExploded()));
    }

    /** Stops stepping. */
    public void pause() {
        submit(Urgency.NOW, () -> setRunning(false));
    }

    /** Plays when paused, pauses when playing. */
    public void togglePlay() {
        submit(Urgency.NOW, () -> setRunning(!running && !lanes.allExploded()));
    }

    private void setRunning(boolean run) {
        running = run;
        accumulator = 0;
        lastTickNanos = System.nanoTime();
        if (!run) {
            sample(true);       // the chart ends where the simulation stopped
        }
    }

    /** Takes one step, when paused. */
    public void stepOnce() {
        submit(Urgency.AFTER_JOB, () -> {
            if (running || lanes.allExploded()) {
                return;
            }
            lanes.step();
            rateWindowSteps++;
            sample(true);
        });
    }

    /** Builds {@code next} afresh and shows it (a new generation); playing or paused as before. */
    public void load(SceneFile next) {
        Objects.requireNonNull(next, "scene");
        submit(Urgency.ENDS_JOB, () -> rebuild(next));
    }

    /** Builds {@code next} afresh and plays. */
    public void loadAndPlay(SceneFile next) {
        Objects.requireNonNull(next, "scene");
        submit(Urgency.ENDS_JOB, () -> {
            rebuild(next);
            setRunning(true);
        });
    }

    /** Builds the present scene afresh (a new generation); playing or paused as before. */
    public void reset() {
        submit(Urgency.ENDS_JOB, () -> rebuild(scene));
    }

    /** Builds the present scene afresh and plays (the recovery after an explosion). */
    public void resetAndPlay() {
        submit(Urgency.ENDS_JOB, () -> {
            rebuild(scene);
            setRunning(true);
        });
    }

    /** Halves Δt, builds the scene afresh and plays. */
    public void halveDtAndReset() {
        submit(Urgency.ENDS_JOB, () -> {
            edits++;
            rebuild(scene.withDt(scene.dt() / 2));
            setRunning(true);
        });
    }

    /**
     * Changes the scene's values: {@code change} maps the present scene to the next. Values a
     * running simulation can take ({@link SceneFile.Key#isLive()}) apply at once, keeping its
     * state; any other change builds the scene afresh. A change that fails (a value out of range)
     * changes nothing and becomes the snapshot's notice.
     */
    public void edit(UnaryOperator<SceneFile> change) {
        Objects.requireNonNull(change, "change");
        submit(Urgency.AFTER_JOB, () -> {
            edits++;
            apply(change.apply(scene));
        });
    }

    /** Sets k_s of the structural springs; the other kinds keep their ratio to it ({@link SceneFile#withStiffness}); in N/m. */
    public void setStiffness(double k) {
        edit(s -> s.withStiffness(k));
    }

    /** Sets k_d of every spring; in N·s/m. */
    public void setSpringDamping(double kd) {
        edit(s -> s.withSpringDamping(kd));
    }

    /** Sets the mass of every particle; in kg. */
    public void setMass(double m) {
        edit(s -> s.withMass(m));
    }

    /** Sets |g|, gravity along −y; in m/s². */
    public void setGravity(double g) {
        edit(s -> s.withGravity(g));
    }

    /** Sets c, the global viscous damping; in N·s/m. */
    public void setAirDamping(double c) {
        edit(s -> s.withAirDamping(c));
    }

    /** Sets Δt; in s. */
    public void setDt(double dt) {
        edit(s -> s.withDt(dt));
    }

    /** Switches the integrator; the state is kept. */
    public void setIntegrator(IntegratorKind kind) {
        Objects.requireNonNull(kind, "integrator");
        edit(s -> s.withIntegrator(kind));
    }

    /**
     * Sets the substeps per frame n: with n &gt; 0 every frame ({@code 1/}{@value #FRAMES_PER_SECOND}
     * s of wall-clock time) advances n steps of Δt at speed 1×, so that Δt no longer sets how fast
     * the scene moves (the GAMES101 rope's {@code steps_per_frame}); with 0 the simulation follows
     * the clock. Speed multiplies either.
     */
    public void setSubsteps(int n) {
        submit(Urgency.NOW, () -> {
            if (n < 0 || n > MAX_SUBSTEPS) {
                throw new IllegalArgumentException("substeps per frame must be a whole number from 0 to "
                        + MAX_SUBSTEPS + ", got " + n);
            }
            substeps = n;
        });
    }

    /** Sets the simulation speed: simulated seconds per wall-clock second (&gt; 0). */
    public void setSpeed(double factor) {
        submit(Urgency.NOW, () -> {
            if (!(factor > 0) || !Double.isFinite(factor)) {
                throw new IllegalArgumentException("speed must be a finite number > 0, got " + factor);
            }
            speed = factor;
        });
    }

    /**
     * Compare mode: with {@code kind} a second system of the same scene runs with that method beside
     * the first; null turns it off. Either way the scene is built afresh, so that both start
     * together (a new generation).
     */
    public void setCompare(IntegratorKind kind) {
        submit(Urgency.ENDS_JOB, () -> {
            compareKind = kind;
            rebuild(scene);
        });
    }

    /** Switches compare mode's second method without a reset (ignored while compare mode is off). */
    public void setCompareIntegrator(IntegratorKind kind) {
        Objects.requireNonNull(kind, "integrator");
        submit(Urgency.AFTER_JOB, () -> {
            if (compareKind != null && lanes.size() > 1) {
                compareKind = kind;
                lanes.sim(1).setIntegrator(scene.createIntegrator(kind));
                lanes.requestStability(scene);
            }
        });
    }

    /**
     * Holds particle {@code i} at (x, y, z) in m with zero velocity, in every system shown: a
     * temporary pin, so that every integrator leaves it where the mouse put it at each step.
     * Grabbing another particle first releases the one held.
     */
    public void grab(int i, double x, double y, double z) {
        submit(Urgency.AFTER_JOB, () -> pins.grab(lanes, i, x, y, z));
    }

    /** Lets the held particle go (pinned again if it was pinned before); nothing when none is held. */
    public void release() {
        submit(Urgency.AFTER_JOB, () -> {
            if (pins.release(lanes)) {
                physicsChanged();
            }
        });
    }

    /**
     * Pins particle {@code i} when free, frees it when pinned, in every system shown; a held
     * particle stays held and takes the new state when released.
     */
    public void togglePin(int i) {
        submit(Urgency.AFTER_JOB, () -> {
            if (pins.toggle(lanes, i)) {
                physicsChanged();
            }
        });
    }

    /**
     * Runs {@code job} on the simulation thread once the commands queued before it are done, and
     * completes with its answer; exceptionally with a {@link CancellationException} when a command
     * ended it. While it runs, the runner plays what it shows.
     */
    public <T> CompletableFuture<T> drive(Job<T> job) {
        Objects.requireNonNull(job, "job");
        CompletableFuture<T> out = new CompletableFuture<>();
        submit(Urgency.AFTER_JOB, () -> runJob(job, out));
        if (closed) {
            out.completeExceptionally(new CancellationException("closed"));
        }
        return out;
    }

    /** Ends the job under way, if any, at its next step. */
    public void cancelJob() {
        submit(Urgency.NOW, () -> {
            if (driver != null) {
                driver.cancelled = true;
            }
        });
    }

    /** Plays the rest of the job under way without pacing. */
    public void finishQuickly() {
        submit(Urgency.NOW, () -> {
            if (driver != null) {
                driver.paced = false;
            }
        });
    }

    /** Stops the thread and the stability workers. */
    @Override
    public void close() {
        closed = true;
        thread.interrupt();
        try {
            thread.join(2000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        lanes.close();
    }

    private void submit(Urgency urgency, Runnable action) {
        if (!closed) {
            commands.add(new Command(action, urgency));
        }
    }

    // ------------------------------------------------------------------ the simulation thread

    private void loop() {
        lastTickNanos = System.nanoTime();
        while (!closed) {
            try {
                long wait = running ? Math.max(0, TICK_MILLIS - (System.nanoTime() - lastTickNanos) / 1_000_000)
                        : IDLE_MILLIS;
                Command c = commands.poll(wait, TimeUnit.MILLISECONDS);
                if (c != null) {
                    execute(c);
                    Command more;
                    while (!closed && (more = commands.poll()) != null) {
                        execute(more);
                    }
                }
                tick();
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException | Error e) {
                // the thread must survive whatever a step throws
                running = false;
                notice("The simulation stopped: " + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()));
                publishQuietly();
            }
        }
    }

    /** Runs a command; what it throws becomes the notice. Simulation thread. */
    private void execute(Command c) {
        try {
            c.action().run();
        } catch (Cancelled e) {
            throw e;
        } catch (RuntimeException e) {
            notice(e.getMessage());
        }
        dirty = true;
    }

    private void tick() {
        long now = System.nanoTime();
        double wall = Math.min((now - lastTickNanos) * 1e-9, MAX_TICK_SECONDS);
        lastTickNanos = now;
        if (running) {
            advance(wall);
        }
        countRate(now);
        if (lanes.pollStability(this::notice)) {
            dirty = true;
        }
        if (dirty) {
            publish();
        }
    }

    /**
     * Steps every system shown for {@code wallSeconds} of wall-clock time (times the speed), one
     * step at a time: a queued command stops the frame, and so does the budget, which also drops
     * the rest of the frame's time.
     */
    private void advance(double wallSeconds) {
        if (lanes.allExploded()) {
            running = false;
            dirty = true;
            return;
        }
        double dt = lanes.lead().dt();
        double seconds = wallSeconds * speed * (substeps > 0 ? FRAMES_PER_SECOND * substeps * dt : 1);
        accumulator = Math.min(accumulator + seconds, seconds + dt);
        long start = System.nanoTime();
        long budget = start + (long) (STEP_BUDGET_SECONDS * 1e9);
        int exploded = lanes.explodedCount();
        int taken = 0;
        while (accumulator >= dt && commands.isEmpty()) {
            if (taken > 0 && System.nanoTime() > budget) {
                accumulator = 0;        // behind: drop the rest of this frame rather than queue it
                break;
            }
            lanes.step();
            accumulator -= dt;
            taken++;
            if (lanes.explodedCount() != exploded) {
                break;
            }
        }
        if (taken > 0) {
            double perStep = (System.nanoTime() - start) * 1e-9 / taken;
            secondsPerStep = 0.8 * secondsPerStep + 0.2 * perStep;
            rateWindowSteps += taken;
            sample(lanes.explodedCount() != exploded);
        }
        if (lanes.allExploded()) {
            running = false;
            accumulator = 0;
        }
        dirty = true;
    }

    private void countRate(long now) {
        double elapsed = (now - rateWindowStart) * 1e-9;
        if (elapsed >= RATE_WINDOW_SECONDS) {
            double rate = rateWindowSteps / elapsed;
            if (rate != stepsPerSecond) {
                stepsPerSecond = rate;
                dirty = true;
            }
            rateWindowSteps = 0;
            rateWindowStart = now;
        }
    }

    /** Builds {@code next} afresh: its system, and compare mode's second one when on. */
    private void rebuild(SceneFile next) {
        List<Simulation> sims = new ArrayList<>();
        sims.add(new Simulation(next.build(), next.createIntegrator(), next.dt()));
        if (compareKind != null) {
            sims.add(new Simulation(next.build(), next.createIntegrator(compareKind), next.dt()));
        }
        show(next, sims, null);
    }

    /** Shows {@code sims} running {@code next}: a new generation. */
    void show(SceneFile next, List<Simulation> sims, SampleDecorator withSamples) {
        scene = next;
        decorator = withSamples;
        lanes.setAll(sims);
        topology = new SceneTopology(next, sims.get(0).system());
        generation++;
        pins.reset(lanes);
        lastSampleTime = Double.NaN;
        accumulator = 0;
        lanes.requestStability(scene);
        sample(true);
        dirty = true;
    }

    /** Takes a new scene value: live values at once, anything else by a rebuild. */
    private void apply(SceneFile next) {
        SceneFile before = scene;
        Set<SceneFile.Key> changed = before.changedKeys(next);
        if (changed.isEmpty()) {
            scene = next;
            return;
        }
        if (!LiveChange.isLive(changed)) {
            rebuild(next);
            return;
        }
        for (int k = 0; k < lanes.size(); k++) {
            Simulation sim = lanes.sim(k);
            SceneFile laneScene = k == 0 ? next : next.withIntegrator(sim.integratorKind());
            SceneFile laneBefore = k == 0 ? before : before.withIntegrator(sim.integratorKind());
            LiveChange.apply(laneBefore, laneScene, changed, sim);
        }
        scene = next;
        lanes.requestStability(scene);
    }

    /** The physics changed under the running systems (pins): the analyses start again. */
    private void physicsChanged() {
        lanes.forEach(Simulation::parametersChanged);
        lanes.requestStability(scene);
    }

    void sample(boolean always) {
        Simulation lead = lanes.lead();
        double t = lead.time();
        if (t == lastSampleTime || (!always && t - lastSampleTime < SAMPLE_INTERVAL)) {
            return;
        }
        lastSampleTime = t;
        for (int k = 0; k < lanes.size(); k++) {
            if (lanes.takesSample(k, lead)) {
                samples.offer(sampleOf(k));
            }
        }
    }

    private EnergySample sampleOf(int lane) {
        Simulation sim = lanes.sim(lane);
        EnergySample e = Snapshots.sample(generation, lane, sim, lanes.limit(lane), lanes.naiveBound(lane));
        return decorator == null ? e : decorator.decorate(lane, sim, e);
    }

    void notice(String message) {
        notice = message == null || message.isBlank() ? "The change was refused." : message;
        noticeSerial++;
        dirty = true;
    }

    private void publishQuietly() {
        try {
            publish();
        } catch (RuntimeException | Error ignored) {
            // the notice goes out with the next snapshot
        }
    }

    void publish() {
        dirty = false;
        Simulation main = lanes.sim(0);
        Simulation lead = lanes.lead();
        MassSpringSystem s = main.system();
        float[] positions = lanes.positions(0);
        var o = main.observables();
        Snapshot.Compare second = lanes.size() > 1 ? compareState() : null;
        boolean playing = running;
        latest.set(new Snapshot(++sequence, generation, topology, positions, lead.time(), lead.steps(), lead.dt(),
                main.integratorKind(), playing, driver != null ? driver.pace : speed, sampleOf(0),
                o.maxSpeed, o.maxStrain, Snapshots.parameters(s), lanes.limit(0), lanes.naiveBound(0),
                lanes.limitCurrent(0), main.explosion(), playing ? stepsPerSecond : 0, notice, noticeSerial,
                SolverSummary.of(main.integrator().solverStats()), ProjectionSummary.of(main.integrator()), substeps,
                second, Snapshots.speeds(s), Snapshots.strains(s), pins.revision(), pins.flags(), scene,
                compareKind, driver != null, edits));
    }

    private Snapshot.Compare compareState() {
        Simulation b = lanes.sim(1);
        var o = b.observables();
        return new Snapshot.Compare(b.integratorKind(), lanes.positions(1), b.steps(), sampleOf(1),
                lanes.limitCurrent(1) ? lanes.limit(1) : null, b.explosion(),
                SolverSummary.of(b.integrator().solverStats()), ProjectionSummary.of(b.integrator()),
                Snapshots.speeds(b.system()), Snapshots.strains(b.system()), o.maxSpeed, o.maxStrain);
    }

    // ------------------------------------------------------------------ jobs

    private <T> void runJob(Job<T> job, CompletableFuture<T> out) {
        Driver d = new Driver();
        driver = d;
        running = true;
        lastTickNanos = System.nanoTime();
        try {
            out.complete(job.run(d));
        } catch (Cancelled e) {
            out.completeExceptionally(new CancellationException("ended by a command"));
        } catch (Exception | Error e) {
            out.completeExceptionally(e);
        } finally {
            driver = null;
            running = d.resume && d.wasRunning && !lanes.allExploded();
            accumulator = 0;
            // the commands that waited for the job go first, in the order they came
            for (int i = deferred.size() - 1; i >= 0; i--) {
                commands.addFirst(deferred.get(i));
            }
            deferred.clear();
            sample(true);
            publishQuietly();
        }
    }

    /**
     * What a {@link Job} sees of the runner: it shows simulations, reports their steps and is
     * paced. Simulation thread only.
     */
    public final class Driver {
        /** Sleeps shorter than this are not worth their wake-up; in s. */
        private static final double MIN_SLEEP_SECONDS = 0.004;
        /** The shortest wall-clock interval between two snapshots while a job runs; in ns. */
        private static final long PUBLISH_NANOS = 15_000_000L;

        private volatile boolean cancelled;
        private volatile boolean paced = true;
        private boolean resume;
        private final boolean wasRunning = running;
        private double pace = 1;
        private boolean anchored;
        private long anchorNanos;
        private double anchorTime;
        private long lastPublish;

        private Driver() {
        }

        /** Shows {@code sim} running {@code scene} (a new generation, unless it is shown already). */
        public void show(SceneFile scene, Simulation sim, SampleDecorator withSamples) {
            if (lanes.size() == 1 && lanes.sim(0) == sim) {
                changed(scene);
                return;
            }
            compareKind = null;
            SimulationRunner.this.show(scene, List.of(sim), withSamples);
            anchored = false;
            publish();
            lastPublish = System.nanoTime();
        }

        /**
         * Shows a comparison: every simulation is sampled (the k-th on lane k), the first two drawn
         * (a new generation, unless they are shown already).
         */
        public void showAll(SceneFile scene, List<Simulation> sims, SampleDecorator withSamples) {
            if (lanes.isShowing(sims)) {
                return;
            }
            compareKind = null;
            SimulationRunner.this.show(scene, sims, withSamples);
            anchored = false;
            publish();
            lastPublish = System.nanoTime();
        }

        /** The scene's values changed under the simulation shown (it keeps its state and generation). */
        public void changed(SceneFile next) {
            if (!next.equals(scene)) {
                scene = next;
                lanes.requestStability(scene);
                dirty = true;
            }
        }

        /** Paced runs show {@code factor} simulated seconds per wall-clock second from now on (&gt; 0). */
        public void pace(double factor) {
            pace = factor;
            paced = true;
            anchored = false;
        }

        /** Runs from now on as fast as they can (a replay). */
        public void unpaced() {
            paced = false;
        }

        /** When the job ends, the runner plays or stays paused as it did before the job (not paused as after a step). */
        public void resumeAfter() {
            resume = true;
        }

        /** The speed the window asked for (simulated seconds per wall-clock second). */
        public double speed() {
            return speed;
        }

        /** Whether the job has been ended by a command. */
        public boolean cancelled() {
            return cancelled;
        }

        /**
         * After a step of what is shown: takes the commands that came, samples, waits while paused
         * or ahead of the pace, and publishes now and then.
         *
         * @throws Cancelled when a command ends the job
         */
        public void stepped() {
            take();
            rateWindowSteps++;
            sample(false);
            while (!running) {
                publishIfDirty();
                waitForCommand(IDLE_MILLIS * 1e-3);
                anchored = false;
            }
            Simulation lead = lanes.lead();
            long now = System.nanoTime();
            countRate(now);
            if (paced) {
                if (!anchored || lead.time() < anchorTime) {
                    anchored = true;
                    anchorNanos = now;
                    anchorTime = lead.time() - lead.dt();
                }
                double due = (lead.time() - anchorTime) / pace - (now - anchorNanos) * 1e-9;
                if (due > MIN_SLEEP_SECONDS) {
                    publish();
                    lastPublish = System.nanoTime();
                    long until = now + (long) (due * 1e9);
                    long left;
                    while ((left = until - System.nanoTime()) > 0 && running && paced) {
                        waitForCommand(left * 1e-9);
                    }
                    return;
                }
            }
            if (now - lastPublish > PUBLISH_NANOS) {
                publish();
                lastPublish = now;
            }
        }

        private void publishIfDirty() {
            lanes.pollStability(SimulationRunner.this::notice);
            publish();
            lastPublish = System.nanoTime();
        }

        /** Waits up to {@code seconds} for a command and takes it. */
        private void waitForCommand(double seconds) {
            try {
                Command c = commands.poll((long) Math.max(1, seconds * 1e3), TimeUnit.MILLISECONDS);
                if (c != null) {
                    commands.addFirst(c);
                    take();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new Cancelled();
            }
        }

        /** Takes the queued commands: some at once, some later, some end the job. */
        private void take() {
            if (closed || Thread.currentThread().isInterrupted()) {
                throw new Cancelled();
            }
            Command c;
            while ((c = commands.poll()) != null) {
                switch (c.urgency()) {
                    case NOW -> execute(c);
                    case AFTER_JOB -> deferred.add(c);
                    case ENDS_JOB -> {
                        commands.addFirst(c);
                        cancelled = true;
                    }
                }
                if (cancelled) {
                    break;
                }
            }
            if (cancelled) {
                throw new Cancelled();
            }
            if (lanes.pollStability(SimulationRunner.this::notice)) {
                dirty = true;
            }
        }
    }
}
