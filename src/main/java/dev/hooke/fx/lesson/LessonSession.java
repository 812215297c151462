package dev.hooke.fx.lesson;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.lesson.Action;
import dev.hooke.core.lesson.Lesson;
import dev.hooke.core.lesson.LessonRunner;
import dev.hooke.core.lesson.SpringOracle;
import dev.hooke.core.lesson.Step;
import dev.hooke.core.lesson.StepResult;
import dev.hooke.core.scene.SceneFile;
import dev.hooke.core.sim.Simulation;
import dev.hooke.fx.sim.Driver;
import dev.hooke.fx.sim.EnergySample;
import dev.hooke.fx.sim.SimulationRunner;
import dev.hooke.fx.sim.Snapshot;
import dev.hooke.fx.sim.Snapshots;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * A lesson being played. It owns no thread: it drives the workbench's one
 * {@link SimulationRunner}, whose thread plays the lesson's steps ({@link LessonRunner}) as jobs
 * ({@link SimulationRunner#drive}); every step of the lesson's simulation, and every round of a
 * comparison, goes through the runner's {@link Driver}, which samples, paces and
 * publishes it like the workbench's own, so that the window shows a lesson exactly as it shows
 * anything else. Between steps the runner keeps the lesson's simulation: Play runs it on, and the
 * next step goes on from where it is.
 *
 * <p>Runs are paced so that the class can watch them: simulated time goes by at the chosen speed,
 * faster when a step's runs are long, so that no step's runs take more than
 * {@value #MAX_WALL_SECONDS} s of wall-clock time. {@link #finishQuickly()} drops the pacing for
 * the rest of the step. Of a comparison, the first two runs are drawn and every run is sampled,
 * the k-th on lane k ({@link #compared()} names them). A Δt sweep plays each trial run in turn,
 * paced like a run, while its chart fills in ({@link #sweepSoFar()}); checks run unpaced (they
 * are not drawn). Reset after a comparison starts all its runs again.
 *
 * <p>Going back replays the lesson from its start without pacing: every run is deterministic. A
 * step cut short by a command (a reset, another scene) is replayed the same way before the next
 * one plays.
 *
 * <p>Values a person chose in place of the lesson's ({@link #runNext(Map)}, {@link #override})
 * hold from then on; going back or replaying forgets them.
 */
public final class LessonSession implements AutoCloseable {

    /**
     * The simulated time the view plays each trial of an explosion bisection for: the scene from
     * its start at the trial's Δt; in s.
     */
    public static final double BISECTION_SHOWN_SECONDS = 1;
    /**
     * The trials a bisection takes, about, for its pacing: the two ends of its first bracket, ±2 %
     * about the prediction, then halvings down to 10⁻⁴ of the limit (log₂ 400 ≈ 9).
     */
    static final int BISECTION_TRIALS = 11;

    /** The longest wall-clock time a step's paced runs take; in s. */
    public static final double MAX_WALL_SECONDS = 8;

    private final Lesson lesson;
    private final SimulationRunner runner;
    private volatile boolean closed;
    private volatile boolean running;
    private volatile SceneFile scene;
    /** The integrators of the comparison being shown, by lane, or empty. */
    private volatile List<IntegratorKind> compared = List.of();
    /** The rows of the Δt sweep under way, as far as it has gone (null: none under way). */
    private volatile dev.hooke.core.lesson.SweepResult sweepSoFar;
    /** The generation of the runner's snapshots that show this lesson's simulations last (−1: none yet). */
    private volatile int shownGeneration = -1;

    // ---- confined to the simulation thread (set up before the first job)
    private final LessonRunner steps;
    private Driver driver;
    /** The steps to replay before the next one: a step was cut short (−1: none). */
    private int replayTo = -1;
    /** The spring's closed form for the main simulation's samples (u_exact), or null (another scene). */
    private SpringOracle oracle;
    /** The simulation {@link #oracle} belongs to, and the scene it was set up for. */
    private Simulation oracleSim;
    private SceneFile oracleScene;
    /** The comparison shown, and the closed form its runs start from (or null). */
    private List<Simulation> compareSides;
    private SpringOracle compareOracle;
    /** The trial run of a Δt sweep shown now, or null. */
    private Simulation sweepTrial;

    /** Opens the lesson at its first step: the runner shows its scene, paused. */
    public LessonSession(Lesson lesson, SimulationRunner runner) {
        this.lesson = Objects.requireNonNull(lesson, "lesson");
        this.runner = Objects.requireNonNull(runner, "runner");
        this.steps = new LessonRunner(lesson);
        this.scene = steps.scene();
        steps.setStepListener(this::onStep);
        steps.setCompareListener(this::onCompare);
        steps.setSweepListener(new LessonRunner.SweepListener() {
            @Override
            public void trialStepped(Simulation trial, SceneFile at) {
                onTrial(trial, at);
            }

            @Override
            public void rowDone(dev.hooke.core.lesson.SweepResult soFar) {
                sweepSoFar = soFar;
            }

            @Override
            public void bisectionTrial(SceneFile at, double h, boolean bounded) {
                showBisectionTrial(at, h);
            }
        });
        runner.pause();
        drive(d -> {
            showMain();
            return null;
        });
    }

    public Lesson lesson() {
        return lesson;
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

    /**
     * Whether {@code s} shows this lesson's simulations (not a scene chosen since, nor compare
     * mode): only then are the panels' values the lesson's.
     */
    public boolean isShownIn(Snapshot s) {
        return s != null && s.generation() == shownGeneration;
    }

    /**
     * Whether {@code s} is of a simulation the person started after this lesson's last one: a
     * scene chosen or a file opened, compare mode, a fork in time. Generations only grow, so a
     * snapshot of an older generation (the lesson's first simulation not yet shown) is not one.
     */
    public boolean isLeftFor(Snapshot s) {
        int shown = shownGeneration;
        return s != null && shown >= 0 && s.generation() > shown;
    }

    /** The rows of the Δt sweep being played, as far as it has gone, or null when none is under way. */
    public dev.hooke.core.lesson.SweepResult sweepSoFar() {
        return running ? sweepSoFar : null;
    }

    /** Whether a step is being played. */
    public boolean isRunning() {
        return running;
    }

    /** Plays the rest of the running step without pacing. */
    public void finishQuickly() {
        runner.finishQuickly();
    }

    /** Plays the next step, paced; completes with what it produced. */
    public CompletableFuture<StepResult> runNext() {
        return runNext(Map.of());
    }

    /**
     * Plays the next step, paced, with {@code overrides} in place of the lesson's values (the
     * workbench's sliders; see {@link LessonRunner#setOverrides}); completes with what it produced,
     * or exceptionally with a {@link CancellationException} when a command cut it short.
     * An empty map plays the step as the lesson has it (values overridden before stay).
     */
    public CompletableFuture<StepResult> runNext(Map<SceneFile.Key, Object> overrides) {
        Map<SceneFile.Key, Object> values = Map.copyOf(overrides);
        return drive(d -> {
            catchUp(d);
            if (!steps.hasNext()) {
                throw new IllegalStateException("no step left to play");
            }
            if (!values.isEmpty()) {
                steps.setOverrides(values);
            }
            dropCompare();
            int at = steps.nextStep();
            Step step = lesson.steps().get(at);
            d.pace(Math.max(d.speed(), pacedSeconds(step, steps.scene()) / MAX_WALL_SECONDS));
            running = true;
            sweepSoFar = null;
            boolean done = false;
            try {
                showMain();
                StepResult r = steps.runNext();
                done = true;
                if (sweepTrial != null || compareSides == null) {
                    // after a sweep's trials (or a step that only set values) the view shows the
                    // lesson's own simulation as the step left it
                    sweepTrial = null;
                    showMain();
                }
                return r;
            } finally {
                running = false;
                sweepTrial = null;
                scene = steps.scene();
                if (!done) {
                    replayTo = at;
                }
            }
        });
    }

    /**
     * Starts the lesson again and replays, unpaced, the steps before {@code index} (0-based);
     * completes with their results. Overridden values are forgotten.
     */
    public CompletableFuture<List<StepResult>> goTo(int index) {
        return drive(d -> {
            replayTo = -1;
            return replay(d, index);
        });
    }

    /**
     * Puts {@code overrides} in place of the lesson's values now, between steps (the step shown
     * has not run): the lesson's simulation takes them at once, keeping its state.
     */
    public CompletableFuture<SceneFile> override(Map<SceneFile.Key, Object> overrides) {
        Map<SceneFile.Key, Object> values = Map.copyOf(overrides);
        return drive(d -> {
            catchUp(d);
            steps.setOverrides(values);
            scene = steps.scene();
            showMain();
            return scene;
        });
    }

    /** Builds the lesson's simulation afresh from the scene as the lesson has set it: t = 0, a new generation. */
    public CompletableFuture<Void> reset() {
        if (running) {
            runner.cancelJob();
        }
        return drive(d -> {
            catchUp(d);
            d.resumeAfter();
            List<IntegratorKind> kinds = compared;
            if (compareSides != null && !kinds.isEmpty()) {
                // a comparison was shown: its runs start again, all of them, from the scene as built
                SceneFile now = steps.scene();
                List<Simulation> sides = new ArrayList<>();
                for (IntegratorKind k : kinds) {
                    sides.add(new Simulation(now.build(), now.createIntegrator(k), now.dt()));
                }
                compareSides = sides;
                compareOracle = freshOracle(now);
                driver.showAll(now, sides, this::decorate);
                shownGeneration = driver.generation();
                return null;
            }
            dropCompare();
            steps.resetSimulation();
            showMain();
            return null;
        });
    }

    /** Ends the lesson: a step under way stops at its next step; the runner keeps what it shows. */
    @Override
    public void close() {
        closed = true;
        if (running) {
            runner.cancelJob();
        }
    }

    /** Runs {@code job} on the runner's thread with this session's driver; nothing once closed. */
    private <T> CompletableFuture<T> drive(Driver.Job<T> job) {
        if (closed) {
            return CompletableFuture.failedFuture(new CancellationException("the lesson was closed"));
        }
        return runner.drive(d -> {
            if (closed) {
                throw new CancellationException("the lesson was closed");
            }
            driver = d;
            try {
                return job.run(d);
            } finally {
                driver = null;
            }
        });
    }

    /** The simulated time a step's runs and comparisons take; in s. */
    static double pacedSeconds(Step step, SceneFile scene) {
        double total = 0;
        for (Action a : step.actions()) {
            total += runTime(a, scene) + (a instanceof Action.SweepDt w ? w.time() * w.dts().size() : 0);
        }
        for (dev.hooke.core.lesson.Check c : step.checks()) {
            if (c instanceof dev.hooke.core.lesson.Check.ExplosionDt) {
                total += BISECTION_TRIALS * BISECTION_SHOWN_SECONDS;
            }
        }
        return total;
    }

    /**
     * The simulated time a step's runs cover, which its charts' time window fits: its runs and
     * comparisons one after the other, or a sweep's trial time when that is longer (each trial
     * starts at t = 0); in s. NaN for a step that runs nothing.
     */
    public static double runSeconds(Step step, SceneFile scene) {
        double runs = 0;
        double trial = 0;
        for (Action a : step.actions()) {
            runs += runTime(a, scene);
            if (a instanceof Action.SweepDt w) {
                trial = Math.max(trial, w.time());
            }
        }
        double total = Math.max(runs, trial);
        return total > 0 ? total : Double.NaN;
    }

    /** The simulated time a run or a comparison goes on for (0 for any other action); in s. */
    private static double runTime(Action a, SceneFile scene) {
        if (a instanceof Action.Run r) {
            return r.steps() > 0 ? r.steps() * scene.dt() : r.time();
        }
        return a instanceof Action.Compare c ? c.time() : 0;
    }

    // ------------------------------------------------------------------ the simulation thread

    /** Replays, unpaced, the steps a cut-short step left undone. */
    private void catchUp(Driver d) {
        if (replayTo >= 0) {
            int to = replayTo;
            replayTo = -1;
            replay(d, to);
        }
    }

    private List<StepResult> replay(Driver d, int index) {
        steps.restart();
        dropCompare();
        d.unpaced();
        List<StepResult> out = new ArrayList<>();
        running = true;
        try {
            while (steps.hasNext() && steps.nextStep() < index) {
                out.add(steps.runNext());
            }
        } finally {
            running = false;
            scene = steps.scene();
        }
        showMain();
        return out;
    }

    /** Shows the lesson's main simulation (a new generation when it is another one). */
    private void showMain() {
        Simulation s = steps.simulation();
        SceneFile now = steps.scene();
        scene = now;
        if (s != oracleSim) {
            // a new simulation starts at t = 0 from the scene as built
            oracleSim = s;
            oracle = s.steps() <= 1 ? freshOracle(now) : null;
        } else if (!now.equals(oracleScene)) {
            // the scene changed under a running simulation: the closed form starts again from now
            oracle = SpringOracle.unavailable(s.system()) == null ? SpringOracle.of(s.system(), s.time()) : null;
        }
        oracleScene = now;
        driver.show(now, s, this::decorate);
        shownGeneration = driver.generation();
    }

    /** After every step of the lesson's main simulation. */
    private void onStep(Simulation s) {
        if (closed) {
            throw new Driver.Cancelled();
        }
        if (compareSides != null) {
            dropCompare();
        }
        if (s != oracleSim || steps.scene() != scene) {
            showMain();
        }
        driver.stepped();
    }

    /** After every round of a comparison: the first two runs drawn, every run sampled (the k-th on lane k). */
    private void onCompare(List<Simulation> sides) {
        if (closed) {
            throw new Driver.Cancelled();
        }
        if (sides.isEmpty()) {
            return;
        }
        if (sides != compareSides) {
            compareSides = sides;
            List<IntegratorKind> kinds = new ArrayList<>();
            for (Simulation side : sides) {
                kinds.add(side.integratorKind());
            }
            compared = List.copyOf(kinds);
            compareOracle = freshOracle(steps.scene());
            driver.showAll(steps.scene(), sides, this::decorate);
            shownGeneration = driver.generation();
        }
        driver.stepped();
    }

    /**
     * After each trial of an explosion bisection: the view plays the scene from its start at the
     * trial's Δt for {@value #BISECTION_SHOWN_SECONDS} s (or until it explodes), so that the
     * class sees the Δt the bisection tries, one after the other.
     */
    private void showBisectionTrial(SceneFile at, double h) {
        SceneFile scene = at.withDt(h);
        Simulation trial = new Simulation(scene.build(), scene.createIntegrator(), h);
        long n = Math.max(1, Math.round(BISECTION_SHOWN_SECONDS / h));
        for (long i = 0; i < n && trial.step(); i++) {
            onTrial(trial, scene);
        }
        sweepTrial = trial;
    }

    /** After every step of a Δt sweep's trial run: the view shows each trial as it runs. */
    private void onTrial(Simulation trial, SceneFile at) {
        if (closed) {
            throw new Driver.Cancelled();
        }
        if (trial != sweepTrial) {
            sweepTrial = trial;
            dropCompare();
            driver.show(at, trial, this::decorate);
            shownGeneration = driver.generation();
        }
        driver.stepped();
    }

    private void dropCompare() {
        compareSides = null;
        compared = List.of();
    }

    /** A chart sample with u and u_exact for the spring scene. */
    private EnergySample decorate(int lane, Simulation s, EnergySample e) {
        SpringOracle o = compareSides != null && compareSides.contains(s) ? compareOracle
                : (s == oracleSim ? oracle : null);
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

    /** The cause of a failed future, unwrapped. */
    static Throwable cause(Throwable e) {
        return e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
    }
}
