package dev.hooke.fx.sim;

import dev.hooke.core.integrate.IntegratorKind;
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
 * A lesson drives this runner instead of owning a thread: {@link #drive(Driver.Job)} runs its work on
 * the simulation thread, and the work shows its simulations and reports each step through a
 * {@link Driver}, which samples, paces and publishes them like the runner's own and takes the
 * commands that arrive meanwhile: play, pause and the speed at once; a reset, a new scene or
 * compare mode end the work ({@link Driver.Cancelled}); other changes wait until the work ends.
 *
 * <p>Stability analyses run on threads of their own ({@link StabilityWorker}), one per system
 * shown, so that an eigen solve never stalls the stepping; a running system's present state is
 * analysed again now and then ({@link Lanes}). Nothing a command or a step throws leaves the
 * thread: it becomes the snapshot's {@link Notice}.
 */
public final class SimulationRunner implements AutoCloseable {

    /** The period of the simulation thread's frames while playing; in ms. */
    public static final int TICK_MILLIS = 4;
    /** How long the thread waits for a command while paused; in ms. */
    static final int IDLE_MILLIS = 50;
    /** The wall-clock time one frame may spend stepping; in s. */
    public static final double STEP_BUDGET_SECONDS = 0.012;
    /** The most wall-clock time one frame turns into simulated time; in s (no leap after a stall). */
    public static final double MAX_TICK_SECONDS = 0.05;
    /** The interval between two energy samples; in s of simulated time. */
    public static final double SAMPLE_INTERVAL = 0.02;
    /** How many energy samples wait for the window at most (the oldest are then dropped). */
    public static final int SAMPLE_QUEUE_CAPACITY = 8192;
    /** The frame rate that substeps per frame refer to; in frames per wall-clock second. */
    public static final double FRAMES_PER_SECOND = 60;
    /** The most substeps per frame accepted. */
    public static final int MAX_SUBSTEPS = 1000;
    /** The wall-clock interval over which steps per second are counted; in s. */
    private static final double RATE_WINDOW_SECONDS = 0.5;

    final LinkedBlockingDeque<Driver.Command> commands = new LinkedBlockingDeque<>();
    private final AtomicReference<Snapshot> latest = new AtomicReference<>();
    private final BlockingQueue<EnergySample> samples = new ArrayBlockingQueue<>(SAMPLE_QUEUE_CAPACITY);
    private final Thread thread;
    volatile boolean closed;

    // ---- confined to the simulation thread (set up in the constructor before it starts)
    final Lanes lanes = new Lanes();
    SceneFile scene;
    IntegratorKind compareKind;
    SceneTopology topology;
    int generation;
    private long sequence;
    boolean running;
    double speed = 1;
    int substeps;
    private double accumulator;
    private long lastTickNanos = System.nanoTime();
    private double secondsPerStep = 1e-6;
    private double lastSampleTime = Double.NaN;
    boolean dirty;
    Notice notice = Notice.NONE;
    private long rateWindowStart = System.nanoTime();
    long rateWindowSteps;
    double stepsPerSecond;
    private Driver.SampleDecorator decorator;
    /** The steps taken since the start ({@link #stepsTaken()}); written by the simulation thread only. */
    private volatile long stepsTaken;
    /** The commands queued so far; guarded by {@link #commands}. */
    private long commandsQueued;
    /** The number of the newest command taken ({@link #commandsTaken()}); written by the simulation thread only. */
    private volatile long commandsTaken;
    /** How many steps ran between the queueing and the taking of the newest command taken. */
    long commandSteps;
    /** The edits taken ({@link #edit}, {@link #halveDtAndReset}). */
    long edits;
    final Pins pins = new Pins();
    /** The job holding the thread, or null. */
    Driver driver;
    /** Commands that came during a job and wait for its end, oldest first. */
    final List<Driver.Command> deferred = new ArrayList<>();
    /** The timeline: the states of the last seconds, to scrub, resume and fork compare mode from. */
    public final History history = new History(this);

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
        submit(Driver.Urgency.AFTER_JOB, () -> {
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
        submit(Driver.Urgency.NOW, () -> setRunning(!lanes.allExploded()));
    }

    /** Stops stepping. */
    public void pause() {
        submit(Driver.Urgency.NOW, () -> setRunning(false));
    }

    /** Plays when paused, pauses when playing. */
    public void togglePlay() {
        submit(Driver.Urgency.NOW, () -> setRunning(!running && !lanes.allExploded()));
    }

    void setRunning(boolean run) {
        running = run;
        accumulator = 0;
        lastTickNanos = System.nanoTime();
        if (!run) {
            sample(true);       // the chart ends where the simulation stopped
        }
    }

    /** Takes one step, when paused. */
    public void stepOnce() {
        submit(Driver.Urgency.AFTER_JOB, () -> {
            if (running || lanes.allExploded()) {
                return;
            }
            history.beforeStep();
            countStep();
            lanes.step();
            rateWindowSteps++;
            sample(true);
        });
    }

    /** Builds {@code next} afresh and shows it (a new generation); playing or paused as before. */
    public void load(SceneFile next) {
        Objects.requireNonNull(next, "scene");
        submit(Driver.Urgency.ENDS_JOB, () -> rebuild(next));
    }

    /** Builds the present scene afresh (a new generation); playing or paused as before. */
    public void reset() {
        submit(Driver.Urgency.ENDS_JOB, () -> rebuild(scene));
    }

    /** Builds the present scene afresh and plays (the recovery after an explosion). */
    public void resetAndPlay() {
        submit(Driver.Urgency.ENDS_JOB, () -> {
            rebuild(scene);
            setRunning(true);
        });
    }

    /** Halves Δt, builds the scene afresh and plays. */
    public void halveDtAndReset() {
        submit(Driver.Urgency.ENDS_JOB, () -> {
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
        submit(Driver.Urgency.AFTER_JOB, () -> {
            edits++;
            apply(change.apply(scene));
        });
    }

    /**
     * Sets the substeps per frame n: with n &gt; 0 every frame ({@code 1/}{@value #FRAMES_PER_SECOND}
     * s of wall-clock time) advances n steps of Δt at speed 1×, so that Δt no longer sets how fast
     * the scene moves (the GAMES101 rope's {@code steps_per_frame}); with 0 the simulation follows
     * the clock. Speed multiplies either.
     */
    public void setSubsteps(int n) {
        submit(Driver.Urgency.NOW, () -> {
            if (n < 0 || n > MAX_SUBSTEPS) {
                throw new IllegalArgumentException("substeps per frame must be a whole number from 0 to "
                        + MAX_SUBSTEPS + ", got " + n);
            }
            substeps = n;
        });
    }

    /** Sets the simulation speed: simulated seconds per wall-clock second (&gt; 0). */
    public void setSpeed(double factor) {
        submit(Driver.Urgency.NOW, () -> {
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
        submit(Driver.Urgency.ENDS_JOB, () -> {
            compareKind = kind;
            rebuild(scene);
        });
    }

    /** Switches compare mode's second method without a reset (ignored while compare mode is off). */
    public void setCompareIntegrator(IntegratorKind kind) {
        Objects.requireNonNull(kind, "integrator");
        submit(Driver.Urgency.AFTER_JOB, () -> {
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
        submit(Driver.Urgency.AFTER_JOB, () -> pins.grab(lanes, i, x, y, z));
    }

    /** Lets the held particle go (pinned again if it was pinned before); nothing when none is held. */
    public void release() {
        submit(Driver.Urgency.AFTER_JOB, () -> {
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
        submit(Driver.Urgency.AFTER_JOB, () -> {
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
    public <T> CompletableFuture<T> drive(Driver.Job<T> job) {
        Objects.requireNonNull(job, "job");
        CompletableFuture<T> out = new CompletableFuture<>();
        submit(Driver.Urgency.AFTER_JOB, () -> new Driver(this).run(job, out));
        if (closed) {
            out.completeExceptionally(new CancellationException("closed"));
        }
        return out;
    }

    /** Ends the job under way, if any, at its next step. */
    public void cancelJob() {
        submit(Driver.Urgency.NOW, () -> {
            if (driver != null) {
                driver.cancelled = true;
            }
        });
    }

    /** Plays the rest of the job under way without pacing. */
    public void finishQuickly() {
        submit(Driver.Urgency.NOW, () -> {
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

    void submit(Driver.Urgency urgency, Runnable action) {
        if (!closed) {
            synchronized (commands) {       // numbered in the order queued
                Driver.Command c = new Driver.Command(action, urgency, ++commandsQueued);
                commands.add(c);
                c.queuedAt(stepsTaken);
            }
        }
    }

    /** The number of commands queued so far (any thread may read it). */
    public long commandsQueued() {
        synchronized (commands) {
            return commandsQueued;
        }
    }

    /**
     * The number of the newest command the simulation thread has taken: run, or set aside to run
     * when a lesson's work ends. Every command queued before it has been taken too, so a caller
     * that waits until this reaches {@link #commandsQueued()} knows that the thread has seen what
     * it asked for; a snapshot's {@link Snapshot#commandsTaken()} says the same of what it shows
     * (any thread may read it).
     */
    public long commandsTaken() {
        return commandsTaken;
    }

    /** Marks {@code c} taken. Simulation thread. */
    void taken(Driver.Command c) {
        if (c.number() > commandsTaken) {
            commandsTaken = c.number();
        }
    }

    /**
     * The steps taken since the runner started, every system shown and every lesson's work
     * counted as one per step of the lead, each as it starts (any thread may read it).
     */
    public long stepsTaken() {
        return stepsTaken;
    }

    /** Counts a step of what is shown. Simulation thread. */
    void countStep() {
        stepsTaken++;       // one writer, the simulation thread
    }

    // ------------------------------------------------------------------ the simulation thread

    private void loop() {
        lastTickNanos = System.nanoTime();
        while (!closed) {
            try {
                long wait = running ? Math.max(0, TICK_MILLIS - (System.nanoTime() - lastTickNanos) / 1_000_000)
                        : IDLE_MILLIS;
                Driver.Command c = commands.poll(wait, TimeUnit.MILLISECONDS);
                if (c != null) {
                    execute(c);
                    Driver.Command more;
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
                notice(Notice.Kind.STOPPED, e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
                publishQuietly();
            }
        }
    }

    /** Runs a command; what it throws becomes the notice. Simulation thread. */
    void execute(Driver.Command c) {
        commandSteps = c.stepsWaited(stepsTaken);
        try {
            c.action().run();
        } catch (Driver.Cancelled e) {
            throw e;
        } catch (RuntimeException e) {
            notice(Notice.Kind.REFUSED, e.getMessage());
        } finally {
            taken(c);       // after its action: a snapshot that counts it shows what it did
        }
        dirty = true;
    }

    private void tick() {
        long now = System.nanoTime();
        double wall = Math.min((now - lastTickNanos) * 1e-9, MAX_TICK_SECONDS);
        lastTickNanos = now;
        if (running) {
            advance(wall);
            lanes.refreshStability(scene, now);
        }
        countRate(now);
        dirty |= lanes.pollStability(d -> notice(Notice.Kind.ANALYSIS_FAILED, d));
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
            history.beforeStep();
            countStep();
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

    void countRate(long now) {
        double elapsed = (now - rateWindowStart) * 1e-9;
        if (elapsed >= RATE_WINDOW_SECONDS) {
            double rate = rateWindowSteps / elapsed;
            dirty |= rate != stepsPerSecond;
            stepsPerSecond = rate;
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
    void show(SceneFile next, List<Simulation> sims, Driver.SampleDecorator withSamples) {
        scene = next;
        decorator = withSamples;
        lanes.setAll(sims);
        topology = SceneTopology.of(next, sims.get(0).system(), topology);
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
        lanes.applyLive(before, next, changed);
        scene = next;
        if (!changed.equals(Set.of(SceneFile.Key.DT))) {
            lanes.requestStability(scene);     // the limit does not depend on Δt: dragging Δt analyses nothing
        }
    }

    /** The physics changed under the running systems (pins): the analyses start again. */
    private void physicsChanged() {
        lanes.forEach(Simulation::parametersChanged);
        lanes.requestStability(scene);
    }

    /** A job takes the thread: the runner plays what it shows. */
    void jobStarted(Driver d) {
        driver = d;
        running = true;
        lastTickNanos = System.nanoTime();
    }

    /** The job ended: the commands that waited for it go first, in the order they came. */
    void jobEnded(Driver d) {
        driver = null;
        running = d.resumesPlaying() && !lanes.allExploded();
        accumulator = 0;
        for (int i = deferred.size() - 1; i >= 0; i--) {
            commands.addFirst(deferred.get(i));
        }
        deferred.clear();
        sample(true);
        publishQuietly();
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
                EnergySample e = sampleOf(k);
                // a window that has not drained for a while sees the newest samples, not the oldest:
                // the first sample of a new run must reach the charts, which follow the run shown
                while (!samples.offer(e)) {
                    samples.poll();
                }
            }
        }
    }

    EnergySample sampleOf(int lane) {
        Simulation sim = lanes.sim(lane);
        EnergySample e = Snapshots.sample(generation, lane, sim, lanes.liveLimit(lane), lanes.naiveBound(lane));
        return decorator == null ? e : decorator.decorate(lane, sim, e);
    }

    void notice(Notice.Kind kind, String detail) {
        notice = notice.next(kind, detail);
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
        latest.set(Snapshots.of(this, ++sequence));
    }
}
