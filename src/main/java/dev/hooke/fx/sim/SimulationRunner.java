package dev.hooke.fx.sim;

import dev.hooke.core.integrate.ImplicitOptions;
import dev.hooke.core.integrate.Integrator;
import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.integrate.IntegratorSetting;
import dev.hooke.core.integrate.IntegratorSettings;
import dev.hooke.core.integrate.Integrators;
import dev.hooke.core.integrate.PositionBasedDynamics;
import dev.hooke.core.integrate.PositionVerlet;
import dev.hooke.core.integrate.ProjectionIntegrator;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.model.SpringKind;
import dev.hooke.core.observe.Observables;
import dev.hooke.core.scene.Scenes;
import dev.hooke.core.sim.Simulation;
import java.util.Collection;
import java.util.Objects;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

/**
 * Runs a {@link Simulation} on a thread of its own and publishes what it does as immutable
 * {@link Snapshot}s; the window renders the newest one and never waits for a step.
 *
 * <h2>Threading</h2>
 * One daemon thread, {@code hooke-simulation}, owns the simulation: it alone touches the system's
 * arrays. Every public method only queues a command on that thread; commands run between two
 * ticks, so parameter changes always fall between two steps. After a command that changed a
 * parameter the thread tells the simulation ({@link Simulation#parametersChanged()}) and asks for a
 * new stability analysis, which runs on a second thread ({@link StabilityWorker}) so that an eigen
 * solve never stalls the stepping; then it publishes a snapshot. Each tick (every
 * {@value #TICK_MILLIS} ms) the thread
 * <ol>
 *   <li>while playing, hands the wall-clock time since the last tick, times the simulation speed,
 *       to {@link Simulation#advance(double, int)}, which takes fixed steps of Δt. The number of
 *       steps per tick is capped so that one tick spends at most
 *       {@value #STEP_BUDGET_SECONDS} s stepping: a machine too slow for real time runs in slow
 *       motion instead of falling behind for ever;</li>
 *   <li>records an energy sample every {@value #SAMPLE_INTERVAL} s of simulated time and publishes
 *       a snapshot through an {@link AtomicReference}.</li>
 * </ol>
 * When the simulation explodes the runner pauses. Nothing a command or a step throws leaves the
 * thread: it becomes a plain {@link Snapshot#notice() notice}.
 */
public final class SimulationRunner implements AutoCloseable {

    /** The period of the simulation thread's tick; in ms. */
    public static final int TICK_MILLIS = 4;
    /** The wall-clock time one tick may spend stepping; in s. */
    public static final double STEP_BUDGET_SECONDS = 0.012;
    /** The most wall-clock time one tick turns into simulated time; in s (no leap after a stall). */
    public static final double MAX_TICK_SECONDS = 0.05;
    /** The interval between two energy samples; in s of simulated time. */
    public static final double SAMPLE_INTERVAL = 0.02;
    /** How many energy samples wait for the window at most (older ones are then dropped). */
    public static final int SAMPLE_QUEUE_CAPACITY = 8192;
    /** The frame rate that substeps per frame refer to; in frames per wall-clock second. */
    public static final double FRAMES_PER_SECOND = 60;
    /** The most substeps per frame accepted. */
    public static final int MAX_SUBSTEPS = 1000;
    /** PBD's stiffness k until it is set: 1, hard constraints (as a new {@link PositionBasedDynamics} starts); dimensionless. */
    public static final double DEFAULT_PBD_STIFFNESS = 1;
    /** The wall-clock interval over which steps per second are counted; in s. */
    private static final double RATE_WINDOW_SECONDS = 0.5;

    private final ScheduledExecutorService executor;
    private final StabilityWorker stability = new StabilityWorker();
    private final StabilityWorker compareStability = new StabilityWorker();
    private final AtomicReference<Snapshot> latest = new AtomicReference<>();
    private final BlockingQueue<EnergySample> samples = new ArrayBlockingQueue<>(SAMPLE_QUEUE_CAPACITY);

    // ---- confined to the simulation thread (set up in the constructor before it starts)
    private Simulation simulation;
    private SceneTopology topology;
    private int generation;
    private long sequence;
    private boolean running;
    private double speed = 1;
    private long lastTickNanos = System.nanoTime();
    private double secondsPerStep = 1e-6;
    private double lastSampleTime;
    private boolean dirty;
    /** Set by a command that changed k_s, k_d, m, g or c; handled right after it. */
    private boolean parametersChanged;
    private long stabilityRequest;
    private StabilityWorker.Result shownStability;
    private float[] lastFinitePositions;
    private String notice;
    private long noticeSerial;
    private long rateWindowStart = System.nanoTime();
    private long rateWindowSteps;
    private double stepsPerSecond;
    private ImplicitOptions implicitOptions = ImplicitOptions.defaults();
    private double verletDelta = PositionVerlet.DEFAULT_DAMPING;
    private int substeps;
    private int projectionIterations = ProjectionIntegrator.DEFAULT_ITERATIONS;
    private double pbdStiffness = DEFAULT_PBD_STIFFNESS;
    /** Compare mode's second system (null when off), built from the same setup as the first. */
    private Simulation compare;
    private IntegratorKind compareKind;
    private long compareRequest;
    private StabilityWorker.Result shownCompareStability;
    private float[] lastFiniteCompare;
    /** The particle the mouse holds (−1: none), and whether it was pinned before it was grabbed. */
    private int grabbed = -1;
    private boolean grabbedWasPinned;
    /**
     * The pins as snapshots report them, and their revision: a new array (never written after
     * publication) only when the pins change, so a publish allocates nothing for them.
     */
    private boolean[] pinFlags = new boolean[0];
    private long pinRevision;

    /**
     * Builds the scene and starts the simulation thread, paused.
     *
     *
     * @throws IllegalArgumentException naming the field at fault when the setup is invalid
     */
    public SimulationRunner(SceneSetup setup) {
        rebuild(Objects.requireNonNull(setup, "setup"));
        publish();
        executor = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "hooke-simulation");
            t.setDaemon(true);
            return t;
        });
        executor.scheduleAtFixedRate(this::tick, TICK_MILLIS, TICK_MILLIS, TimeUnit.MILLISECONDS);
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
        CompletableFuture<T> answer = new CompletableFuture<>();
        try {
            executor.execute(() -> {
                try {
                    answer.complete(question.apply(simulation));
                } catch (RuntimeException e) {
                    answer.completeExceptionally(e);
                }
            });
        } catch (RejectedExecutionException e) {
            answer.completeExceptionally(e);
        }
        return answer;
    }

    /**
     * Like {@link #query(Function)}, for compare mode's second system (lane 1) or the main one
     * (lane 0); completes exceptionally when lane 1 is asked for while compare mode is off.
     */
    public <T> CompletableFuture<T> query(int lane, Function<Simulation, T> question) {
        return query(main -> {
            Simulation sim = lane == 0 ? main : compare;
            if (sim == null) {
                throw new IllegalStateException("compare mode is off");
            }
            return question.apply(sim);
        });
    }

    // ------------------------------------------------------------------ commands

    /** Starts stepping (not after an explosion: reset first). */
    public void play() {
        submit(() -> running = !simulation.exploded());
    }

    /** Stops stepping. */
    public void pause() {
        submit(() -> setRunning(false));
    }

    /** Plays when paused, pauses when playing. */
    public void togglePlay() {
        submit(() -> setRunning(!running && !simulation.exploded()));
    }

    private void setRunning(boolean run) {
        running = run;
        if (!run) {
            sample(true);       // the chart ends where the simulation stopped
        }
    }

    /** Takes one step, when paused. */
    public void stepOnce() {
        submit(() -> {
            if (running || simulation.exploded()) {
                return;
            }
            simulation.step();
            if (compare != null && !compare.exploded()) {
                compare.step();
            }
            rateWindowSteps++;
            sample(true);
        });
    }

    /** Builds the scene afresh from {@code setup}; the runner keeps playing or stays paused. */
    public void reset(SceneSetup setup) {
        Objects.requireNonNull(setup, "setup");
        submit(() -> rebuild(setup));
    }

    /** Builds the scene afresh from {@code setup} and plays. */
    public void resetAndPlay(SceneSetup setup) {
        Objects.requireNonNull(setup, "setup");
        submit(() -> {
            rebuild(setup);
            running = true;
        });
    }

    /**
     * Sets k_s: structural springs get {@code k}, the other kinds keep their scene's ratio
     * ({@link SceneSetup#stiffnessRatio}); in N/m.
     */
    public void setStiffness(double k) {
        submit(() -> {
            for (Simulation sim : lanes()) {
                MassSpringSystem s = sim.system();
                for (SpringKind kind : SpringKind.values()) {
                    if (s.hasSprings(kind)) {
                        s.setStiffness(kind, k * SceneSetup.stiffnessRatio(topology.type(), kind));
                    }
                }
            }
            parametersChanged = true;
        });
    }

    /** Sets k_d of every spring; in N·s/m. */
    public void setSpringDamping(double kd) {
        submit(() -> {
            lanes().forEach(sim -> sim.system().setAllSpringDamping(kd));
            parametersChanged = true;
        });
    }

    /** Sets the mass of every particle; in kg. */
    public void setMass(double m) {
        submit(() -> {
            lanes().forEach(sim -> sim.system().setAllMasses(m));
            parametersChanged = true;
        });
    }

    /** Sets |g|, gravity along −y; in m/s². */
    public void setGravity(double g) {
        submit(() -> {
            lanes().forEach(sim -> sim.system().setGravity(0, -g, 0));
            parametersChanged = true;
        });
    }

    /** Sets c, the global viscous damping; in N·s/m. */
    public void setAirDamping(double c) {
        submit(() -> {
            lanes().forEach(sim -> sim.system().setAirDamping(c));
            parametersChanged = true;
        });
    }

    /** Sets Δt; in s. */
    public void setDt(double dt) {
        submit(() -> lanes().forEach(sim -> sim.setDt(dt)));
    }

    /** Switches the integrator; the state is kept. */
    public void setIntegrator(IntegratorKind kind) {
        Objects.requireNonNull(kind, "integrator");
        submit(() -> {
            simulation.setIntegrator(createIntegrator(kind));
            requestStability();
        });
    }

    /**
     * Sets the options of the implicit methods; they apply from the next step on (and to any
     * implicit method chosen later).
     */
    public void setImplicitOptions(ImplicitOptions options) {
        Objects.requireNonNull(options, "options");
        submit(() -> {
            implicitOptions = options;
            lanes().forEach(sim -> applyOptions(sim.integrator()));
        });
    }

    /** Sets Verlet's damping factor δ (dimensionless, 0 ≤ δ &lt; 1); the stability limit depends on it. */
    public void setVerletDelta(double delta) {
        submit(() -> {
            if (!(delta >= 0 && delta < 1)) {
                throw new IllegalArgumentException("Verlet's δ must be ≥ 0 and < 1, got " + delta);
            }
            verletDelta = delta;
            for (Simulation sim : lanes()) {
                if (sim.integrator() instanceof PositionVerlet pv) {
                    pv.setDamping(delta);
                }
            }
            requestStability();
        });
    }

    /**
     * Sets the iterations per step of the projection methods (PBD, XPBD, the fast mass-spring
     * method): from the next step on, for the running ones and any chosen later.
     *
     * @param n iterations per step, 1 … {@value ProjectionIntegrator#MAX_ITERATIONS}
     */
    public void setProjectionIterations(int n) {
        submit(() -> {
            projectionIterations = ProjectionIntegrator.checkIterations(n);
            for (Simulation sim : lanes()) {
                if (sim.integrator() instanceof ProjectionIntegrator p) {
                    p.setIterations(n);
                }
            }
        });
    }

    /**
     * Sets PBD's stiffness k (dimensionless, 0 &lt; k ≤ 1): from the next step on, for a running
     * PBD and any chosen later.
     */
    public void setPbdStiffness(double k) {
        submit(() -> {
            if (!(k > 0 && k <= 1)) {
                throw new IllegalArgumentException("PBD stiffness k must be > 0 and ≤ 1, got " + k);
            }
            pbdStiffness = k;
            for (Simulation sim : lanes()) {
                if (sim.integrator() instanceof PositionBasedDynamics pbd) {
                    pbd.setStiffness(k);
                }
            }
        });
    }

    /**
     * Sets the substeps per frame n: with n &gt; 0 every frame ({@code 1/}{@value #FRAMES_PER_SECOND}
     * s of wall-clock time) advances n steps of Δt at speed 1×, so that Δt no longer sets how fast
     * the scene moves (the GAMES101 rope's {@code steps_per_frame}); with 0 the simulation follows
     * the clock. Speed multiplies either.
     */
    public void setSubsteps(int n) {
        submit(() -> {
            if (n < 0 || n > MAX_SUBSTEPS) {
                throw new IllegalArgumentException("substeps per frame must be a whole number from 0 to "
                        + MAX_SUBSTEPS + ", got " + n);
            }
            substeps = n;
        });
    }

    /**
     * Turns compare mode on with {@code kind} as the second method, or off (null). Turning it on
     * rebuilds both systems from {@code setup} so that they start together; the setup's
     * integrator runs the first system.
     */
    public void setCompare(IntegratorKind kind, SceneSetup setup) {
        Objects.requireNonNull(setup, "setup");
        submit(() -> {
            compareKind = kind;
            if (kind == null) {
                compare = null;
                generation++;          // the charts start again with one system
                lastSampleTime = Double.NaN;
                sample(true);
            } else {
                rebuild(setup);
            }
        });
    }

    /** Switches compare mode's second method without a reset (ignored while compare mode is off). */
    public void setCompareIntegrator(IntegratorKind kind) {
        Objects.requireNonNull(kind, "integrator");
        submit(() -> {
            if (compare != null) {
                compareKind = kind;
                compare.setIntegrator(createIntegrator(kind));
                requestStability();
            }
        });
    }

    /**
     * Holds particle {@code i} at (x, y, z) in m with zero velocity, in every system (both of
     * compare mode): a temporary pin, so that every integrator leaves it where the mouse put it at
     * each step. Grabbing another particle first releases the one held.
     */
    public void grab(int i, double x, double y, double z) {
        submit(() -> {
            requireParticle(i);
            if (grabbed != i) {
                releaseGrabbed();
                grabbed = i;
                grabbedWasPinned = simulation.system().isPinned(i);
            }
            for (Simulation sim : lanes()) {
                if (!sim.system().isPinned(i)) {
                    sim.system().setPinned(i, true);
                }
                sim.system().setParticleState(i, x, y, z, 0, 0, 0);
                sim.parametersChanged();        // energies now include the held particle's new place
            }
        });
    }

    /** Lets the held particle go (pinned again if it was pinned before); nothing when none is held. */
    public void release() {
        submit(this::releaseGrabbed);
    }

    /**
     * Pins particle {@code i} when free, frees it when pinned, in every system; a held particle
     * stays held and takes the new state when released.
     */
    public void togglePin(int i) {
        submit(() -> {
            requireParticle(i);
            if (i == grabbed) {
                grabbedWasPinned = !grabbedWasPinned;
                refreshPins();
                return;
            }
            boolean pin = !simulation.system().isPinned(i);
            lanes().forEach(sim -> sim.system().setPinned(i, pin));
            parametersChanged = true;
            refreshPins();
        });
    }

    /**
     * Copies the pins for the snapshots (a held particle counts as it was before it was grabbed)
     * and moves the pin revision on; simulation thread, only when the pins change.
     */
    private void refreshPins() {
        MassSpringSystem s = simulation.system();
        boolean[] flags = new boolean[s.particleCount()];
        for (int i = 0; i < flags.length; i++) {
            flags[i] = i == grabbed ? grabbedWasPinned : s.isPinned(i);
        }
        pinFlags = flags;
        pinRevision++;
    }

    private void releaseGrabbed() {
        if (grabbed < 0) {
            return;
        }
        int i = grabbed;
        grabbed = -1;
        if (!grabbedWasPinned) {
            lanes().forEach(sim -> sim.system().setPinned(i, false));
        }
        parametersChanged = true;
    }

    private void requireParticle(int i) {
        if (i < 0 || i >= simulation.system().particleCount()) {
            throw new IllegalArgumentException("particle: no particle " + i + " in a scene of "
                    + simulation.system().particleCount());
        }
    }

    private java.util.List<Simulation> lanes() {
        return compare == null ? java.util.List.of(simulation) : java.util.List.of(simulation, compare);
    }

    private Integrator createIntegrator(IntegratorKind kind) {
        return Integrators.create(kind,
                IntegratorSettings.of(verletDelta, projectionIterations, pbdStiffness, implicitOptions));
    }

    private void applyOptions(Integrator integrator) {
        IntegratorSetting.IMPLICIT_SOLVER.apply(integrator, IntegratorSettings.defaults().withImplicit(implicitOptions));
    }

    /** Sets the simulation speed: simulated seconds per wall-clock second (&gt; 0). */
    public void setSpeed(double factor) {
        submit(() -> {
            if (!(factor > 0) || !Double.isFinite(factor)) {
                throw new IllegalArgumentException("speed must be a finite number > 0, got " + factor);
            }
            speed = factor;
        });
    }

    /** Stops both threads. */
    @Override
    public void close() {
        executor.shutdownNow();
        stability.close();
        compareStability.close();
        try {
            executor.awaitTermination(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void submit(Runnable command) {
        try {
            executor.execute(() -> {
                try {
                    command.run();
                    if (parametersChanged) {
                        parametersChanged = false;
                        lanes().forEach(Simulation::parametersChanged);
                        requestStability();
                    }
                } catch (RuntimeException e) {
                    notice(e.getMessage());
                }
                dirty = true;
                publish();
                dirty = false;
            });
        } catch (RejectedExecutionException e) {
            // closed: the window is going away
        }
    }

    // ------------------------------------------------------------------ the simulation thread

    private void tick() {
        try {
            long now = System.nanoTime();
            double wall = Math.min((now - lastTickNanos) * 1e-9, MAX_TICK_SECONDS);
            lastTickNanos = now;
            if (running) {
                advance(wall);
            }
            countRate(now);
            StabilityWorker.Result r = stability.latest();
            if (r != shownStability) {
                shownStability = r;
                if (r.failure() != null && r.id() == stabilityRequest) {
                    notice(r.failure());
                }
                dirty = true;
            }
            StabilityWorker.Result rc = compareStability.latest();
            if (rc != shownCompareStability) {
                shownCompareStability = rc;
                dirty = true;
            }
            if (dirty) {
                dirty = false;
                publish();
            }
        } catch (RuntimeException | Error e) {
            // the tick must survive: a scheduled task that throws is never run again
            running = false;
            notice("The simulation stopped: " + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()));
            try {
                publish();
            } catch (RuntimeException | Error ignored) {
                // the notice goes out with the next snapshot
            }
        }
    }

    private void advance(double wallSeconds) {
        if (allExploded()) {
            running = false;
            dirty = true;
            return;
        }
        int cap = (int) Math.max(1, Math.min(1_000_000, STEP_BUDGET_SECONDS / secondsPerStep));
        long start = System.nanoTime();
        double seconds = wallSeconds * speed * (substeps > 0 ? FRAMES_PER_SECOND * substeps * simulation.dt() : 1);
        int taken = simulation.advance(seconds, cap);
        if (compare != null) {
            taken = Math.max(taken, compare.advance(seconds, cap));
        }
        if (taken > 0) {
            double perStep = (System.nanoTime() - start) * 1e-9 / taken;
            secondsPerStep = 0.8 * secondsPerStep + 0.2 * perStep;
            rateWindowSteps += taken;
            sample(false);
        }
        if (allExploded()) {
            running = false;
            sample(true);
        }
        dirty = true;
    }

    /** Whether stepping is over: the main system exploded and so did the second one, if any. */
    private boolean allExploded() {
        return simulation.exploded() && (compare == null || compare.exploded());
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

    private void rebuild(SceneSetup setup) {
        grabbed = -1;
        MassSpringSystem system = Scenes.build(setup.toSpec());
        Simulation fresh = new Simulation(system, createIntegrator(setup.integrator()), setup.dt());
        simulation = fresh;
        compare = compareKind == null ? null
                : new Simulation(Scenes.build(setup.toSpec()), createIntegrator(compareKind), setup.dt());
        lastFiniteCompare = null;
        topology = new SceneTopology(setup, system);
        generation++;
        refreshPins();
        lastFinitePositions = null;
        lastSampleTime = Double.NaN;
        parametersChanged = false;
        sample(true);
        requestStability();
        dirty = true;
    }

    private void requestStability() {
        Integrator integrator = simulation.integrator();
        double delta = integrator instanceof PositionVerlet pv ? pv.damping() : PositionVerlet.DEFAULT_DAMPING;
        stabilityRequest++;
        if (!simulation.exploded()) {
            stability.request(new StabilityWorker.Request(stabilityRequest, simulation.system().copy(),
                    integrator.kind(), delta));
        }
        if (compare != null && !compare.exploded()) {
            compareRequest++;
            compareStability.request(new StabilityWorker.Request(compareRequest, compare.system().copy(),
                    compare.integratorKind(), verletDelta));
        }
    }

    private void sample(boolean always) {
        double t = simulation.time();
        if (t == lastSampleTime || (!always && t - lastSampleTime < SAMPLE_INTERVAL)) {
            return;
        }
        lastSampleTime = t;
        samples.offer(sampleOf(0, simulation));
        if (compare != null) {
            samples.offer(sampleOf(1, compare));
        }
    }

    private EnergySample sampleOf(int lane, Simulation sim) {
        StabilityWorker.Result r = lane == 0 ? shownStability : shownCompareStability;
        return Snapshots.sample(generation, lane, sim, r == null ? null : r.limit(),
                r == null ? Double.NaN : r.naiveBound());
    }

    private void notice(String message) {
        notice = message == null || message.isBlank() ? "The change was refused." : message;
        noticeSerial++;
        dirty = true;
    }

    private void publish() {
        MassSpringSystem s = simulation.system();
        float[] positions = new float[s.x.length];
        boolean finite = true;
        for (int q = 0; q < positions.length && finite; q++) {
            positions[q] = (float) s.x[q];
            finite = Float.isFinite(positions[q]);
        }
        if (finite) {
            lastFinitePositions = positions;
        } else if (lastFinitePositions != null) {
            positions = lastFinitePositions;
        } else {
            java.util.Arrays.fill(positions, 0f);
        }
        Observables o = simulation.observables();
        double t = simulation.time();
        StabilityWorker.Result r = shownStability;
        latest.set(new Snapshot(++sequence, generation, topology, positions, t, simulation.steps(), simulation.dt(),
                simulation.integratorKind(), running, speed,
                sampleOf(0, simulation),
                o.maxSpeed, o.maxStrain, parameters(s),
                r == null ? null : r.limit(), r == null ? Double.NaN : r.naiveBound(),
                r != null && r.id() == stabilityRequest, simulation.explosion(),
                running ? stepsPerSecond : 0, notice, noticeSerial,
                SolverSummary.of(simulation.integrator().solverStats()),
                ProjectionSummary.of(simulation.integrator()), substeps, compareState(),
                Snapshots.speeds(s), Snapshots.strains(s), pinRevision, pinFlags));
    }

    private Snapshot.Compare compareState() {
        if (compare == null) {
            return null;
        }
        float[] positions = new float[compare.system().x.length];
        boolean finite = true;
        for (int q = 0; q < positions.length && finite; q++) {
            positions[q] = (float) compare.system().x[q];
            finite = Float.isFinite(positions[q]);
        }
        if (finite) {
            lastFiniteCompare = positions;
        } else if (lastFiniteCompare != null) {
            positions = lastFiniteCompare;
        } else {
            java.util.Arrays.fill(positions, 0f);
        }
        StabilityWorker.Result r = shownCompareStability;
        Observables o = compare.observables();
        return new Snapshot.Compare(compare.integratorKind(), positions, compare.steps(), sampleOf(1, compare),
                r == null || r.id() != compareRequest ? null : r.limit(), compare.explosion(),
                SolverSummary.of(compare.integrator().solverStats()), ProjectionSummary.of(compare.integrator()),
                Snapshots.speeds(compare.system()), Snapshots.strains(compare.system()), o.maxSpeed, o.maxStrain);
    }

    private static EngineParameters parameters(MassSpringSystem s) {
        double k = Double.NaN;
        double kd = Double.NaN;
        for (int sp = 0; sp < s.springCount(); sp++) {
            if (sp == 0) {
                kd = s.springDamping(sp);
            }
            if (s.springKind(sp) == SpringKind.STRUCTURAL) {
                k = s.stiffness(sp);
                break;
            }
        }
        double m = Double.NaN;
        for (int i = 0; i < s.particleCount(); i++) {
            if (!s.isPinned(i)) {
                m = s.mass(i);
                break;
            }
        }
        double g = Math.sqrt(s.gravity(0) * s.gravity(0) + s.gravity(1) * s.gravity(1) + s.gravity(2) * s.gravity(2));
        return new EngineParameters(k, kd, m, g, s.airDamping());
    }
}
