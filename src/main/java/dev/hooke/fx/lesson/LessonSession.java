package dev.hooke.fx.lesson;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.lesson.Action;
import dev.hooke.core.lesson.Lesson;
import dev.hooke.core.lesson.LessonRunner;
import dev.hooke.core.lesson.SpringOracle;
import dev.hooke.core.lesson.Step;
import dev.hooke.core.lesson.StepResult;
import dev.hooke.core.scene.Perturbation;
import dev.hooke.core.scene.SceneFile;
import dev.hooke.core.scene.Scenes;
import dev.hooke.core.sim.Simulation;
import dev.hooke.core.stability.StabilityAnalysis;
import dev.hooke.core.stability.StabilityLimit;
import dev.hooke.fx.io.SceneFiles;
import dev.hooke.fx.sim.EnergySample;
import dev.hooke.fx.sim.SceneTopology;
import dev.hooke.fx.sim.SimulationRunner;
import dev.hooke.fx.sim.Snapshot;
import dev.hooke.fx.sim.Snapshots;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A lesson being played: a {@link LessonRunner} on a thread of its own ({@code hooke-lesson}),
 * which publishes {@link Snapshot}s and energy samples of the lesson's simulation for the window
 * as it steps, exactly as {@link SimulationRunner} does for the workbench's own simulation.
 *
 * <p>Runs are paced so that the class can watch them: simulated time goes by at the chosen speed,
 * faster when a step's runs are long, so that no step's runs take more than
 * {@value #MAX_WALL_SECONDS} s of wall-clock time. {@link #finishQuickly()} drops the pacing for
 * the rest of the step. A comparison is drawn and paced too: its first two integrators' runs are
 * published as one snapshot, the second as compare mode's second system ({@link Snapshot#compare()}),
 * and the view keeps showing them after the step until the lesson's own simulation moves again.
 * Every run of the comparison is sampled for the charts, the k-th on lane k
 * ({@link #compared()} names them). Sweeps and checks run unpaced (they are not drawn).
 *
 * <p>Going back replays the lesson from its start without pacing: every run is deterministic.
 *
 * <p>Values a person chose in place of the lesson's ({@link #runNext(Map)}, {@link #override})
 * hold from then on; going back or replaying forgets them.
 */
public final class LessonSession implements AutoCloseable {

    /** The longest wall-clock time a step's paced runs take; in s. */
    public static final double MAX_WALL_SECONDS = 8;
    /** The shortest wall-clock interval between two snapshots; in ns. */
    private static final long PUBLISH_NANOS = 15_000_000L;
    /** Sleeps shorter than this are not worth their wake-up; in s. */
    private static final double MIN_SLEEP_SECONDS = 0.004;
    /**
     * Generations of lesson snapshots start here, far above any reset count of the workbench's
     * own simulation, so that the two never share one.
     */
    private static final int GENERATION_BASE = 1 << 24;

    /** Thrown from the step listener to stop a run when the session closes. */
    private static final class Cancelled extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Cancelled() {
            super("the lesson was closed", null, false, false);
        }
    }

    private final Lesson lesson;
    private final ExecutorService executor;
    private final AtomicReference<Snapshot> latest = new AtomicReference<>();
    private final BlockingQueue<EnergySample> samples = new ArrayBlockingQueue<>(SimulationRunner.SAMPLE_QUEUE_CAPACITY);
    private volatile boolean paced = true;
    private volatile boolean cancelled;
    private volatile boolean running;
    private volatile double speed = 1;
    private volatile SceneFile scene;
    /** The integrators of the comparison being shown, by lane, or empty. */
    private volatile List<IntegratorKind> compared = List.of();

    // ---- confined to the lesson thread (set up before it starts)
    private final LessonRunner runner;
    private long sequence;
    private int generation = GENERATION_BASE;
    private Simulation shownSim;
    private SceneTopology topology;
    private SceneFile analysed;
    private StabilityLimit limit;
    private double naiveBound = Double.NaN;
    private float[] lastFinite;
    private long lastPublish;
    private double lastSampleTime = Double.NaN;
    private boolean anchored;
    private long anchorNanos;
    private double anchorTime;
    private double pace = 1;
    /** The comparison being shown (also after its step, until the main simulation moves), or null. */
    private List<Simulation> compareSides;
    private SceneTopology compareTopology;
    private StabilityLimit[] compareLimits = new StabilityLimit[0];
    private float[] lastFiniteSecond;
    /** The spring's closed form for the main simulation's samples (u_exact), or null (another scene). */
    private SpringOracle oracle;
    /** The simulation {@link #oracle} belongs to. */
    private Simulation oracleSim;
    /** The closed form for a comparison's runs, all started from the scene as built, or null. */
    private SpringOracle compareOracle;

    /** Starts the lesson at its first step; its first snapshot follows shortly. */
    public LessonSession(Lesson lesson) {
        this.lesson = Objects.requireNonNull(lesson, "lesson");
        this.runner = new LessonRunner(lesson);
        this.scene = runner.scene();
        runner.setStepListener(this::onStep);
        runner.setCompareListener(this::onCompare);
        shownSim = runner.simulation();
        topology = Snapshots.topology(SceneFiles.setup(scene), shownSim.system());
        publish(shownSim, false);
        executor = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "hooke-lesson");
            t.setDaemon(true);
            return t;
        });
        submit(() -> {
            refresh();
            return null;
        });
    }

    public Lesson lesson() {
        return lesson;
    }

    /** The newest snapshot, or null before the first. */
    public Snapshot latest() {
        return latest.get();
    }

    /** Moves the energy samples recorded since the last call into {@code out}, oldest first. */
    public void drainSamples(Collection<? super EnergySample> out) {
        samples.drainTo(out);
    }

    /** The scene, integrator and Δt as the lesson has now set them. */
    public SceneFile scene() {
        return scene;
    }

    /**
     * The integrators of the comparison being shown, the k-th run's samples on lane k; empty when
     * the lesson's own simulation is shown.
     */
    public List<IntegratorKind> compared() {
        return compared;
    }

    /** Whether a step is being played. */
    public boolean isRunning() {
        return running;
    }

    /** Sets how many simulated seconds a paced run shows per wall-clock second (&gt; 0). */
    public void setSpeed(double factor) {
        if (factor > 0 && Double.isFinite(factor)) {
            speed = factor;
        }
    }

    /** Plays the rest of the running step without pacing. */
    public void finishQuickly() {
        paced = false;
    }

    /** Plays the next step, paced; completes with what it produced. */
    public CompletableFuture<StepResult> runNext() {
        return runNext(Map.of());
    }

    /**
     * Plays the next step, paced, with {@code overrides} in place of the lesson's values (the
     * workbench's sliders; see {@link LessonRunner#setOverrides}); completes with what it produced.
     * An empty map plays the step as the lesson has it (values overridden before stay).
     */
    public CompletableFuture<StepResult> runNext(Map<SceneFile.Key, Object> overrides) {
        Map<SceneFile.Key, Object> values = Map.copyOf(overrides);
        return submit(() -> {
            if (!runner.hasNext()) {
                throw new IllegalStateException("no step left to play");
            }
            if (!values.isEmpty()) {
                runner.setOverrides(values);
            }
            dropCompare();
            Step step = lesson.steps().get(runner.nextStep());
            paced = true;
            pace = Math.max(speed, pacedSeconds(step, runner.scene()) / MAX_WALL_SECONDS);
            anchored = false;
            running = true;
            try {
                return runner.runNext();
            } finally {
                running = false;
                refresh();
            }
        });
    }

    /**
     * Starts the lesson again and replays, unpaced, the steps before {@code index} (0-based);
     * completes with their results. Overridden values are forgotten.
     */
    public CompletableFuture<List<StepResult>> goTo(int index) {
        return submit(() -> {
            runner.restart();
            paced = false;
            running = true;
            List<StepResult> out = new ArrayList<>();
            try {
                while (runner.hasNext() && runner.nextStep() < index) {
                    out.add(runner.runNext());
                }
            } finally {
                running = false;
                dropCompare();
                refresh();
            }
            return out;
        });
    }

    /**
     * Puts {@code overrides} in place of the lesson's values now, between steps (the step shown
     * has not run): the lesson's simulation takes them at once, keeping its state.
     */
    public CompletableFuture<SceneFile> override(Map<SceneFile.Key, Object> overrides) {
        Map<SceneFile.Key, Object> values = Map.copyOf(overrides);
        return submit(() -> {
            runner.setOverrides(values);
            refresh();
            return runner.scene();
        });
    }

    /** Stops the lesson thread; a run under way ends at its next step. */
    @Override
    public void close() {
        cancelled = true;
        executor.shutdownNow();
        try {
            executor.awaitTermination(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private <T> CompletableFuture<T> submit(java.util.concurrent.Callable<T> task) {
        CompletableFuture<T> out = new CompletableFuture<>();
        try {
            executor.execute(() -> {
                try {
                    out.complete(task.call());
                } catch (Exception | Error e) {
                    out.completeExceptionally(e);
                }
            });
        } catch (RejectedExecutionException e) {
            out.completeExceptionally(e);
        }
        return out;
    }

    /** The simulated time a step's runs and comparisons take; in s. */
    static double pacedSeconds(Step step, SceneFile scene) {
        double total = 0;
        for (Action a : step.actions()) {
            if (a instanceof Action.Run r) {
                total += r.steps() > 0 ? r.steps() * scene.dt() : r.time();
            } else if (a instanceof Action.Compare c) {
                total += c.time();
            }
        }
        return total;
    }

    // ------------------------------------------------------------------ the lesson thread

    /** After every step of the lesson's main simulation. */
    private void onStep(Simulation s) {
        if (cancelled || Thread.currentThread().isInterrupted()) {
            throw new Cancelled();
        }
        if (compareSides != null) {
            dropCompare();
        }
        if (s != shownSim || runner.scene() != analysed) {
            refresh();
        }
        if (!(s.time() - lastSampleTime < SimulationRunner.SAMPLE_INTERVAL)) {
            lastSampleTime = s.time();
            samples.offer(sample(0, s, limit, naiveBound));
        }
        paceAndPublish(s, () -> publish(s, true));
    }

    /**
     * After every round of a comparison: the first two runs drawn, every run sampled (the k-th on
     * lane k).
     */
    private void onCompare(List<Simulation> sides) {
        if (cancelled || Thread.currentThread().isInterrupted()) {
            throw new Cancelled();
        }
        if (sides.size() < 2) {
            return;
        }
        Simulation a = sides.get(0);
        if (sides != compareSides) {
            compareSides = sides;
            generation++;
            lastFinite = null;
            lastFiniteSecond = null;
            lastSampleTime = Double.NaN;
            compareTopology = Snapshots.topology(SceneFiles.setup(runner.scene()), a.system());
            compareLimits = new StabilityLimit[sides.size()];
            List<IntegratorKind> kinds = new ArrayList<>();
            for (int k = 0; k < sides.size(); k++) {
                compareLimits[k] = limitOf(sides.get(k));
                kinds.add(sides.get(k).integratorKind());
            }
            compared = List.copyOf(kinds);
            compareOracle = freshOracle(runner.scene());
        }
        // all share Δt: the first that has not exploded leads the clock
        Simulation lead = a;
        for (Simulation side : sides) {
            if (!side.exploded()) {
                lead = side;
                break;
            }
        }
        if (!(lead.time() - lastSampleTime < SimulationRunner.SAMPLE_INTERVAL)) {
            lastSampleTime = lead.time();
            for (int k = 0; k < sides.size(); k++) {
                Simulation side = sides.get(k);
                if (!side.exploded() || side == lead) {
                    samples.offer(sample(k, side, compareLimits[k], naiveBound));
                }
            }
        }
        paceAndPublish(lead, () -> publishCompare(true));
    }

    /** A chart sample of {@code s} (with u and u_exact for the spring scene). */
    private EnergySample sample(int lane, Simulation s, StabilityLimit lim, double naive) {
        EnergySample e = Snapshots.sample(generation, lane, s, lim, naive);
        SpringOracle o = compareSides != null && compareSides.contains(s) ? compareOracle : oracle;
        if (o == null) {
            return e;
        }
        // the closed form is known at every t; the measured u and v only while the bob moves as it assumes
        double t = s.time();
        boolean onAxis = SpringOracle.unavailable(s.system()) == null;
        return Snapshots.withMotion(e, onAxis ? o.displacement(s.system()) : Double.NaN, o.exact(t),
                onAxis ? o.velocity(s.system()) : Double.NaN, o.exactVelocity(t), o.omega());
    }

    /** The spring's closed form from the scene's start at t = 0, or null when it does not apply. */
    private static SpringOracle freshOracle(SceneFile f) {
        try {
            var start = f.build();
            return SpringOracle.unavailable(start) == null ? SpringOracle.of(start, 0) : null;
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** The predicted limit of {@code s}'s integrator on the scene as now set, or null. */
    private StabilityLimit limitOf(Simulation s) {
        try {
            var rest = Scenes.build(runner.scene().spec().perturbation(Perturbation.NONE));
            return StabilityAnalysis.predictedLimit(rest, s.integratorKind(), runner.scene().verletDelta());
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** Stops showing the comparison: the next refresh shows the lesson's simulation afresh. */
    private void dropCompare() {
        if (compareSides != null) {
            compareSides = null;
            compared = List.of();
            shownSim = null;
        }
    }

    /**
     * Sleeps until {@code s}'s simulated time is due at the pace chosen (publishing first), or
     * publishes when the last snapshot is old enough.
     */
    private void paceAndPublish(Simulation s, Runnable publish) {
        long now = System.nanoTime();
        if (paced) {
            if (!anchored || s.time() < anchorTime) {
                anchored = true;
                anchorNanos = now;
                anchorTime = s.time() - s.dt();
            }
            double due = (s.time() - anchorTime) / pace - (now - anchorNanos) * 1e-9;
            if (due > MIN_SLEEP_SECONDS) {
                publish.run();
                try {
                    Thread.sleep((long) (due * 1000));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new Cancelled();
                }
                return;
            }
        }
        if (now - lastPublish > PUBLISH_NANOS) {
            publish.run();
        }
    }

    /** Takes in a new simulation or scene: topology, limits, then a snapshot. */
    private void refresh() {
        Simulation s = runner.simulation();
        scene = runner.scene();
        if (compareSides != null) {
            publishCompare(running);
            return;
        }
        if (s != shownSim) {
            shownSim = s;
            generation++;
            lastFinite = null;
            lastSampleTime = Double.NaN;
            topology = Snapshots.topology(SceneFiles.setup(scene), s.system());
        }
        if (s != oracleSim) {
            // a new simulation starts at t = 0 from the scene as built
            oracleSim = s;
            oracle = s.steps() <= 1 ? freshOracle(scene) : null;
        } else if (analysed != scene) {
            // the scene changed under a running simulation: the closed form starts again from now
            oracle = SpringOracle.unavailable(s.system()) == null ? SpringOracle.of(s.system(), s.time()) : null;
        }
        if (analysed == null || !scene.equals(analysed)) {
            analysed = scene;
            publish(s, running);        // the view need not wait for the analysis
            try {
                var rest = Scenes.build(scene.spec().perturbation(Perturbation.NONE));
                limit = StabilityAnalysis.predictedLimit(rest, scene.integrator(), scene.verletDelta());
                naiveBound = StabilityAnalysis.naiveBound(rest);
            } catch (RuntimeException e) {
                limit = null;
                naiveBound = Double.NaN;
            }
        }
        analysed = scene;
        if (!(s.time() - lastSampleTime < SimulationRunner.SAMPLE_INTERVAL)) {
            lastSampleTime = s.time();
            samples.offer(sample(0, s, limit, naiveBound));
        }
        publish(s, running);
    }

    /** A snapshot of the comparison: its first run as the main system, its second as compare mode's. */
    private void publishCompare(boolean playing) {
        Simulation a = compareSides.get(0);
        Simulation b = compareSides.get(1);
        float[] second = Snapshots.positions(b.system(), lastFiniteSecond);
        if (!b.exploded()) {
            lastFiniteSecond = second;
        }
        Snapshot.Compare c = Snapshots.second(generation, b, second, compareLimits[1], naiveBound);
        Snapshot snap = Snapshots.of(++sequence, generation, compareTopology, a, lastFinite, playing, pace,
                compareLimits[0], naiveBound, c);
        if (!a.exploded()) {
            lastFinite = snap.positions();
        }
        latest.set(snap);
        lastPublish = System.nanoTime();
    }

    private void publish(Simulation s, boolean playing) {
        Snapshot snap = Snapshots.of(++sequence, generation, topology, s, lastFinite, playing, pace, limit, naiveBound);
        if (!s.exploded()) {
            lastFinite = snap.positions();
        }
        latest.set(snap);
        lastPublish = System.nanoTime();
    }
}
