package dev.hooke.core.lesson;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.scene.SceneFile;
import dev.hooke.core.sim.LiveChange;
import dev.hooke.core.sim.Simulation;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Plays a lesson's steps, in order, on a {@link Simulation} and verifies each check against the
 * engine. Every measured value comes from running the engine (Simulation, StabilityAnalysis,
 * ExplosionBisection), never from the lesson file.
 *
 * <p>The runner never throws for a lesson that was read: an action that cannot be played (a run
 * over the work limit, an error inside the engine) becomes a failing row and ends the lesson,
 * since the state the later steps expect is then unknown.
 *
 * <p>The workbench can drive it step by step ({@link #runNext()}), follow every simulation step
 * ({@link #setStepListener}), and go back by {@link #restart()} and replaying (every run is
 * deterministic).
 *
 * <p>Limits are analysed on the scene as it is now set, built afresh without its perturbation
 * (ExplosionBisection adds its own small one): linear stability is about small motions.
 *
 * <p>The runner plays the actions; {@code CheckEvaluator} verifies the checks on the runs it
 * recorded ({@code RecordedRuns}), and {@code ActionWork} holds each action to
 * {@link #MAX_STEPS_PER_ACTION} and {@link #MAX_WORK_PER_ACTION}.
 */
public final class LessonRunner {

    /** The most steps one action may take. */
    public static final long MAX_STEPS_PER_ACTION = 5_000_000L;
    /** The most work one action may do: steps × (particles + springs), summed over its runs. */
    public static final double MAX_WORK_PER_ACTION = 2e9;

    private final Lesson lesson;
    private SceneFile file;
    private Simulation sim;
    private final RecordedRuns recorded = new RecordedRuns();
    private int next;
    private boolean aborted;
    private Consumer<Simulation> listener = s -> { };
    private Map<SceneFile.Key, Object> overrides = Map.of();
    private Consumer<List<Simulation>> compareListener = s -> { };
    private SweepListener sweepListener = SweepListener.NONE;

    /**
     * What a Δt sweep reports as it runs (on the caller's thread), so that a window can show each
     * trial run and the sweep's rows as they come.
     */
    public interface SweepListener {
        /** Tells nothing. */
        SweepListener NONE = new SweepListener() {
            @Override
            public void trialStepped(Simulation trial, SceneFile scene) {
            }

            @Override
            public void rowDone(SweepResult soFar) {
            }
        };

        /**
         * After every step of a trial run.
         *
         * @param trial the trial's simulation (a new one for each Δt)
         * @param scene the scene it runs: the lesson's with the trial's Δt and method
         */
        void trialStepped(Simulation trial, SceneFile scene);

        /** After each trial: the rows so far (the sweep's time and predicted limit as in the end). */
        void rowDone(SweepResult soFar);

        /**
         * After each trial of an explosion bisection ({@code explosion_dt}): the scene it bisects
         * on (with the method measured), the trial's Δt and whether the trial stayed bounded.
         */
        default void bisectionTrial(SceneFile scene, double h, boolean bounded) {
        }
    }

    /** A runner at the start of the lesson. */
    public LessonRunner(Lesson lesson) {
        this.lesson = Objects.requireNonNull(lesson, "lesson");
        restart();
    }

    /**
     * Goes back to the start of the lesson: the scene as the file sets it, at t = 0. Values set
     * by {@link #setOverrides} are forgotten.
     */
    public void restart() {
        overrides = Map.of();
        file = lesson.scene();
        sim = new Simulation(file.build(), file.createIntegrator(), file.dt());
        recorded.clear();
        next = 0;
        aborted = false;
    }

    /** Called after every step of the main simulation during a run (on the caller's thread). */
    public void setStepListener(Consumer<Simulation> l) {
        listener = l == null ? s -> { } : l;
    }

    /**
     * Called after every round of a comparison (on the caller's thread) with its simulations, one
     * per integrator in the order the action names them; the same list throughout one comparison.
     */
    public void setCompareListener(Consumer<List<Simulation>> l) {
        compareListener = l == null ? s -> { } : l;
    }

    /** Told about every step of a Δt sweep's trial runs and about each row as it is done. */
    public void setSweepListener(SweepListener l) {
        sweepListener = l == null ? SweepListener.NONE : l;
    }

    /**
     * Puts values in place of the lesson's (a person moved a slider in the workbench): they are
     * applied to the main simulation now, keeping its state, and again after every change a
     * later action makes, so that they hold until {@link #restart()}. Only keys a running
     * simulation can take ({@link SceneFile.Key#isLive()}) are accepted.
     *
     * @param change the keys and their values, as in a {@code set} action
     * @throws IllegalArgumentException naming the key at fault; nothing changes then
     */
    public void setOverrides(Map<SceneFile.Key, Object> change) {
        for (SceneFile.Key k : change.keySet()) {
            if (!k.isLive()) {
                throw new IllegalArgumentException(k.id() + ": cannot be changed while the lesson runs");
            }
        }
        SceneFile before = file;
        SceneFile next = file.apply(change, LessonReader.MAX_PARTICLES);
        overrides = Collections.unmodifiableMap(new LinkedHashMap<>(change));
        file = next;
        applyLive(before, overrides.keySet());
    }

    /** The values put in place of the lesson's ({@link #setOverrides}); empty when none. */
    public Map<SceneFile.Key, Object> overrides() {
        return overrides;
    }

    /** {@code f} with the overrides applied on top. */
    private SceneFile withOverrides(SceneFile f) {
        return overrides.isEmpty() ? f : f.apply(overrides, LessonReader.MAX_PARTICLES);
    }

    /** The lesson. */
    public Lesson lesson() {
        return lesson;
    }

    /** The main simulation (replaced by a reset or by a change of the scene's shape). */
    public Simulation simulation() {
        return sim;
    }

    /** The scene, integrator and Δt as now set. */
    public SceneFile scene() {
        return file;
    }

    /** The 0-based index of the next step to play. */
    public int nextStep() {
        return next;
    }

    /** Whether a step is left to play (false after an action failed). */
    public boolean hasNext() {
        return !aborted && next < lesson.steps().size();
    }

    /** Plays every remaining step. */
    public List<StepResult> runAll() {
        List<StepResult> out = new ArrayList<>();
        while (hasNext()) {
            out.add(runNext());
        }
        return out;
    }

    /** Plays the next step: its actions, then its checks. */
    public StepResult runNext() {
        if (!hasNext()) {
            throw new IllegalStateException("no step left to play");
        }
        Step step = lesson.steps().get(next++);
        List<CheckResult> rows = new ArrayList<>();
        List<RunRecord> runs = new ArrayList<>();
        List<String> charts = new ArrayList<>();
        boolean paused = false;
        SweepResult sweep = null;
        for (Action a : step.actions()) {
            try {
                if (a instanceof Action.Chart c) {
                    charts.add(c.chart());
                } else if (a instanceof Action.Pause) {
                    paused = true;
                } else if (a instanceof Action.SweepDt s) {
                    sweep = sweep(s);
                    recorded.remember(sweep);
                } else {
                    play(a, runs);
                }
            } catch (ActionFailed | RuntimeException e) {
                rows.add(new CheckResult(lesson.id(), step.number(), a.name(),
                        new Text("the action can be played", "这个动作能够执行"),
                        e instanceof ActionFailed f ? f.text() : error(a.line(), a.name(), e), false, a.line()));
                aborted = true;
                return new StepResult(step, rows, runs, sweep, charts, paused);
            }
        }
        CheckEvaluator checks = new CheckEvaluator(file, recorded);
        checks.setBisectionTrials((scene, h, bounded) -> sweepListener.bisectionTrial(scene, h, bounded));
        for (Check c : step.checks()) {
            Text measured;
            boolean pass;
            try {
                CheckEvaluator.Outcome o = checks.evaluate(c);
                measured = o.measured();
                pass = o.pass();
            } catch (RuntimeException e) {
                measured = error(c.line(), c.name(), e);
                pass = false;
            }
            rows.add(new CheckResult(lesson.id(), step.number(), c.name(), c.describeWithScope(), measured, pass, c.line()));
        }
        return new StepResult(step, rows, runs, sweep, charts, paused);
    }

    /**
     * An error inside the engine, for a report row: where it happened in the lesson file, as
     * {@code file:line: item: reason}, with the exception's own message (English), never its class.
     */
    private Text error(int line, String item, Exception e) {
        String message = e.getMessage() == null || e.getMessage().isBlank() ? null
                : e.getMessage().lines().findFirst().orElse("").strip();
        String where = lesson.file() + ":" + line + ": " + item + ": ";
        return message == null ? new Text(where + "the engine failed", where + "引擎出错")
                : Text.same(where + message);
    }

    // ------------------------------------------------------------------ actions

    private void play(Action a, List<RunRecord> runs) throws ActionFailed {
        if (a instanceof Action.Set s) {
            SceneFile before = file;
            file = withOverrides(file.apply(s.change(), LessonReader.MAX_PARTICLES));
            if (s.isLive() && file.type() == before.type()) {
                Set<SceneFile.Key> keys = EnumSet.noneOf(SceneFile.Key.class);
                keys.addAll(s.change().keySet());
                keys.addAll(overrides.keySet());
                applyLive(before, keys);
            } else {
                rebuild();
            }
        } else if (a instanceof Action.UseIntegrator u) {
            file = withOverrides(file.withIntegrator(u.kind()));
            sim.setIntegrator(file.createIntegrator());
        } else if (a instanceof Action.Reset) {
            rebuild();
        } else if (a instanceof Action.Run r) {
            long n = r.steps() > 0 ? r.steps() : ActionWork.stepsFor(r.time(), sim.dt());
            ActionWork work = new ActionWork(new Text("the run", "这次运行"));
            work.plan(n, sim.system(), file, file.integrator());
            RunRecord rec = run(sim, n, true, r.label(), work);
            recorded.remember(rec);
            runs.add(rec);
        } else if (a instanceof Action.Compare c) {
            long n = ActionWork.stepsFor(c.time(), file.dt());
            ActionWork work = new ActionWork(new Text("the comparison", "这次比较"));
            for (IntegratorKind k : c.integrators()) {
                work.plan(n, sim.system(), file, k);
            }
            List<Simulation> sides = new ArrayList<>();
            List<RunRecord> records = new ArrayList<>();
            for (IntegratorKind k : c.integrators()) {
                Simulation side = new Simulation(file.build(), file.createIntegrator(k), file.dt());
                sides.add(side);
                records.add(new RunRecord(side, n, k.id(), file.implicitOptions()));
            }
            runSideBySide(sides, records, n, work);
            for (RunRecord rec : records) {
                recorded.remember(rec);
                runs.add(rec);
            }
        } else {
            throw new IllegalStateException(a.name());
        }
    }

    private void rebuild() {
        sim = new Simulation(file.build(), file.createIntegrator(), file.dt());
    }

    /**
     * Builds the main simulation afresh from the scene as now set (t = 0), as a {@code reset}
     * action does; the step to play next and the runs recorded stay.
     */
    public void resetSimulation() {
        rebuild();
    }

    /**
     * Applies live keys to the running system; the state is kept. A change of integrator, of δ,
     * or of the solver settings of an implicit integrator puts a new integrator in (an implicit one
     * starts without a warm start); solver settings changed under another method wait for it.
     */
    private void applyLive(SceneFile before, Set<SceneFile.Key> keys) {
        LiveChange.apply(before, file, keys, sim);
    }

    private RunRecord run(Simulation s, long steps, boolean main, String label, ActionWork work) throws ActionFailed {
        RunRecord rec = new RunRecord(s, steps, label, file.implicitOptions());
        double perSolve = ActionWork.perSolve(file, s.integratorKind(), s.system());
        for (long i = 0; i < steps && s.step(); i++) {
            rec.observe(s);
            work.afterStep(s, perSolve);
            if (main) {
                listener.accept(s);
            }
        }
        rec.finish(s);
        return rec;
    }

    /**
     * The runs of a comparison, in lock-step: each round steps every side that has not exploded
     * once, then tells the comparison listener. Each side is its own simulation, so its record is
     * the same as if it ran alone.
     */
    private void runSideBySide(List<Simulation> sides, List<RunRecord> records, long steps, ActionWork work)
            throws ActionFailed {
        int n = sides.size();
        boolean[] over = new boolean[n];
        double[] perSolve = new double[n];
        for (int j = 0; j < n; j++) {
            perSolve[j] = ActionWork.perSolve(file, sides.get(j).integratorKind(), sides.get(j).system());
        }
        List<Simulation> shown = List.copyOf(sides);
        int live = n;
        for (long i = 0; i < steps && live > 0; i++) {
            for (int j = 0; j < n; j++) {
                if (over[j]) {
                    continue;
                }
                Simulation s = sides.get(j);
                if (!s.step()) {
                    over[j] = true;
                    live--;
                    continue;
                }
                records.get(j).observe(s);
                work.afterStep(s, perSolve[j]);
            }
            compareListener.accept(shown);
        }
        for (int j = 0; j < n; j++) {
            records.get(j).finish(sides.get(j));
        }
    }

    private SweepResult sweep(Action.SweepDt s) throws ActionFailed {
        IntegratorKind kind = s.integrator() != null ? s.integrator() : file.integrator();
        double limit = CheckEvaluator.predictedLimit(file, kind).dtMax();
        MassSpringSystem probe = file.build();
        ActionWork work = new ActionWork(new Text("the sweep", "这次扫描"));
        for (double h : s.dts()) {
            work.plan(ActionWork.stepsFor(s.time(), h), probe, file, kind);
        }
        List<SweepResult.Row> rows = new ArrayList<>();
        for (double h : s.dts()) {
            Simulation trial = new Simulation(file.build(), file.createIntegrator(kind), h);
            SceneFile trialScene = file.withDt(h).withIntegrator(kind);
            long n = ActionWork.stepsFor(s.time(), h);
            double perSolve = ActionWork.perSolve(file, kind, trial.system());
            for (long i = 0; i < n && trial.step(); i++) {
                work.afterStep(trial, perSolve);
                sweepListener.trialStepped(trial, trialScene);
            }
            boolean exploded = trial.exploded();
            rows.add(new SweepResult.Row(h, !(h < limit), exploded, exploded ? trial.explosion().time() : Double.NaN));
            sweepListener.rowDone(new SweepResult(kind, limit, s.time(), rows));
        }
        return new SweepResult(kind, limit, s.time(), rows);
    }
}
