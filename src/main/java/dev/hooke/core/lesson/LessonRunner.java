package dev.hooke.core.lesson;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.integrate.SolverStats;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.model.SpringKind;
import dev.hooke.core.scene.Perturbation;
import dev.hooke.core.scene.SceneFile;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.Scenes;
import dev.hooke.core.sim.Simulation;
import dev.hooke.core.solve.SolverKind;
import dev.hooke.core.stability.ExplosionBisection;
import dev.hooke.core.stability.StabilityAnalysis;
import dev.hooke.core.stability.StabilityLimit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
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
 */
public final class LessonRunner {

    /** The most steps one action may take. */
    public static final long MAX_STEPS_PER_ACTION = 5_000_000L;
    /** The most work one action may do: steps × (particles + springs), summed over its runs. */
    public static final double MAX_WORK_PER_ACTION = 2e9;

    private final Lesson lesson;
    private SceneFile file;
    private Simulation sim;
    private RunRecord latest;
    private final Map<IntegratorKind, RunRecord> latestByKind = new EnumMap<>(IntegratorKind.class);
    private final Map<String, RunRecord> latestByLabel = new HashMap<>();
    private SweepResult lastSweep;
    private int next;
    private boolean aborted;
    private Consumer<Simulation> listener = s -> { };
    private Map<SceneFile.Key, Object> overrides = Map.of();
    private Consumer<List<Simulation>> compareListener = s -> { };

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
        latest = null;
        latestByKind.clear();
        latestByLabel.clear();
        lastSweep = null;
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
                    lastSweep = sweep;
                } else {
                    play(a, runs);
                }
            } catch (ActionFailed | RuntimeException e) {
                rows.add(new CheckResult(lesson.id(), step.number(), a.name(), "the action can be played",
                        e instanceof ActionFailed ? e.getMessage() : "error: " + e, false, a.line()));
                aborted = true;
                return new StepResult(step, rows, runs, sweep, charts, paused);
            }
        }
        for (Check c : step.checks()) {
            String measured;
            boolean pass;
            try {
                Outcome o = evaluate(c);
                measured = o.measured;
                pass = o.pass;
            } catch (RuntimeException e) {
                measured = "error: " + e;
                pass = false;
            }
            rows.add(new CheckResult(lesson.id(), step.number(), c.name(), c.describeExpected(), measured, pass, c.line()));
        }
        return new StepResult(step, rows, runs, sweep, charts, paused);
    }

    /** An action that cannot be played. */
    private static final class ActionFailed extends Exception {
        private static final long serialVersionUID = 1L;

        ActionFailed(String message) {
            super(message);
        }
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
            long n = r.steps() > 0 ? r.steps() : stepsFor(r.time(), sim.dt());
            Work work = new Work("the run");
            work.plan(n, sim.system(), file, file.integrator());
            RunRecord rec = run(sim, n, true, r.label(), work);
            remember(rec);
            runs.add(rec);
        } else if (a instanceof Action.Compare c) {
            long n = stepsFor(c.time(), file.dt());
            Work work = new Work("the comparison");
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
                remember(rec);
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
     * Applies live keys to the running system; the state is kept. A change of integrator, of δ,
     * or of the solver settings of an implicit integrator puts a new integrator in (an implicit one
     * starts without a warm start); solver settings changed under another method wait for it.
     */
    private void applyLive(SceneFile before, Set<SceneFile.Key> keys) {
        MassSpringSystem sys = sim.system();
        SceneSpec spec = file.spec();
        boolean physics = false;
        boolean integrator = false;
        for (SceneFile.Key k : keys) {
            switch (k) {
                case MASS -> {
                    sys.setAllMasses(spec.mass());
                    physics = true;
                }
                case K, K_STRUCT, K_SHEAR, K_BEND -> {
                    sys.setStiffness(SpringKind.STRUCTURAL, spec.structuralStiffness());
                    sys.setStiffness(SpringKind.SHEAR, spec.shearStiffness());
                    sys.setStiffness(SpringKind.BEND, spec.bendStiffness());
                    physics = true;
                }
                case KD -> {
                    sys.setAllSpringDamping(spec.springDamping());
                    physics = true;
                }
                case GRAVITY -> {
                    sys.setGravity(0, -spec.gravity(), 0);
                    physics = true;
                }
                case AIR_DAMPING -> {
                    sys.setAirDamping(spec.airDamping());
                    physics = true;
                }
                case DT -> sim.setDt(file.dt());
                case INTEGRATOR, VERLET_DELTA, SOLVER, PRECOND, TOL, MAX_ITER, WARM_START, NEWTON_ITERS, CLAMP,
                     ITERATIONS, PBD_STIFFNESS -> {
                    integrator = true;
                }
                default -> throw new IllegalStateException(k.id());
            }
        }
        boolean solverChanged = file.integrator().isImplicit()
                && !file.implicitOptions().equals(before.implicitOptions());
        boolean projectionChanged = file.integrator().isProjection()
                && (file.iterations() != before.iterations() || file.pbdStiffness() != before.pbdStiffness());
        if (integrator && (file.integrator() != before.integrator() || file.verletDelta() != before.verletDelta()
                || solverChanged || projectionChanged)) {
            sim.setIntegrator(file.createIntegrator());
        }
        if (physics) {
            sim.parametersChanged();
        }
    }

    /** The steps a run of {@code time} s takes: T/Δt when it is whole (to 1e-9), else ⌈T/Δt⌉. */
    private static long stepsFor(double time, double dt) {
        double n = time / dt;
        long r = Math.round(n);
        return Math.abs(n - r) <= 1e-9 * Math.max(1, n) ? Math.max(1, r) : (long) Math.ceil(n);
    }

    private static double size(MassSpringSystem s) {
        return s.particleCount() + s.springCount();
    }

    /**
     * The extra passes over the particles and springs one direct (Cholesky) solve costs: the
     * floating-point operations of a banded factorisation, u·b², over n + s, with u = 3n the
     * unknowns and b = 3·(max |a − b| + 1) the bandwidth of the natural ordering (a, b the
     * particle indices of a spring). An upper bound: EJML's factorisation fills only inside the
     * band, and a pass costs more than one operation per particle or spring.
     */
    private static double directPasses(MassSpringSystem s) {
        int spread = 0;
        for (int sp = 0; sp < s.springCount(); sp++) {
            spread = Math.max(spread, Math.abs(s.springA(sp) - s.springB(sp)));
        }
        double u = 3.0 * s.particleCount();
        double b = 3.0 * (spread + 1);
        return u * b * b / size(s);
    }

    /**
     * The work of one action, in passes over the particles and springs (a pass costs n + s),
     * held to {@link #MAX_WORK_PER_ACTION}. A step is one pass. An implicit step adds one pass
     * per CG iteration (a product with the matrix touches every spring and particle once), one
     * per further Newton iteration (forces and assembly), and for the direct solver
     * {@link #directPasses} per solve. A projection step (PBD, XPBD, fast mass-spring) adds one
     * pass per iteration (a sweep over the springs, or a local/global iteration). What is known
     * before the run is checked before it starts;
     * the CG and Newton iterations are counted as they happen, and the run stops when they pass
     * the limit.
     */
    private static final class Work {
        private final String what;
        private double planned;
        private double done;

        Work(String what) {
            this.what = what;
        }

        /** The extra passes of one linear solve of {@code kind} on {@code s}: {@link #directPasses} or 0. */
        static double perSolve(SceneFile f, IntegratorKind kind, MassSpringSystem s) {
            return kind.isImplicit() && f.implicitOptions().solver() == SolverKind.CHOLESKY ? directPasses(s) : 0;
        }

        /** The extra passes of one step of {@code kind} known before it runs: a solve, or the projection iterations. */
        static double perStep(SceneFile f, IntegratorKind kind, MassSpringSystem s) {
            return kind.isProjection() ? f.iterations() : perSolve(f, kind, s);
        }

        /** Books a run of {@code steps} steps of {@code kind} on the scene {@code s}. */
        void plan(long steps, MassSpringSystem s, SceneFile f, IntegratorKind kind) throws ActionFailed {
            budget(steps, s);
            planned += steps * size(s) * (1 + perStep(f, kind, s));
            if (planned > MAX_WORK_PER_ACTION) {
                throw new ActionFailed(String.format(Locale.ROOT,
                        "%s would do %.3g particle-and-spring steps, more than the limit of %.3g per action",
                        what, planned, MAX_WORK_PER_ACTION));
            }
        }

        /**
         * Counts the iterations of the step just taken.
         *
         * @param perSolve the extra passes of one linear solve ({@link #perSolve})
         */
        void afterStep(Simulation s, double perSolve) throws ActionFailed {
            SolverStats st = s.integrator().solverStats();
            if (st == null) {
                return;
            }
            done += size(s.system()) * (st.iterations + Math.max(0, st.newtonIterations - 1) * (1 + perSolve));
            if (planned + done > MAX_WORK_PER_ACTION) {
                throw new ActionFailed(String.format(Locale.ROOT,
                        "%s stopped at t = %s s: with its solver iterations it did %.3g particle-and-spring steps,"
                                + " more than the limit of %.3g per action", what, Fmt.num(s.time()), planned + done,
                        MAX_WORK_PER_ACTION));
            }
        }
    }

    private static void budget(long steps, MassSpringSystem s) throws ActionFailed {
        if (steps > MAX_STEPS_PER_ACTION) {
            throw new ActionFailed("would take " + steps + " steps, more than the limit of " + MAX_STEPS_PER_ACTION
                    + " per action");
        }
        double work = steps * size(s);
        if (work > MAX_WORK_PER_ACTION) {
            throw new ActionFailed(String.format(Locale.ROOT,
                    "would do %.3g particle-and-spring steps, more than the limit of %.3g per action",
                    work, MAX_WORK_PER_ACTION));
        }
    }

    private RunRecord run(Simulation s, long steps, boolean main, String label, Work work) throws ActionFailed {
        RunRecord rec = new RunRecord(s, steps, label, file.implicitOptions());
        double perSolve = Work.perSolve(file, s.integratorKind(), s.system());
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
    private void runSideBySide(List<Simulation> sides, List<RunRecord> records, long steps, Work work)
            throws ActionFailed {
        int n = sides.size();
        boolean[] over = new boolean[n];
        double[] perSolve = new double[n];
        for (int j = 0; j < n; j++) {
            perSolve[j] = Work.perSolve(file, sides.get(j).integratorKind(), sides.get(j).system());
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

    private void remember(RunRecord rec) {
        latest = rec;
        latestByKind.put(rec.integrator(), rec);
        if (rec.label() != null) {
            latestByLabel.put(rec.label(), rec);
        }
    }

    private SweepResult sweep(Action.SweepDt s) throws ActionFailed {
        IntegratorKind kind = s.integrator() != null ? s.integrator() : file.integrator();
        double limit = limit(kind).dtMax();
        MassSpringSystem probe = file.build();
        Work work = new Work("the sweep");
        for (double h : s.dts()) {
            work.plan(stepsFor(s.time(), h), probe, file, kind);
        }
        List<SweepResult.Row> rows = new ArrayList<>();
        for (double h : s.dts()) {
            Simulation trial = new Simulation(file.build(), file.createIntegrator(kind), h);
            long n = stepsFor(s.time(), h);
            double perSolve = Work.perSolve(file, kind, trial.system());
            for (long i = 0; i < n && trial.step(); i++) {
                work.afterStep(trial, perSolve);
            }
            boolean exploded = trial.exploded();
            rows.add(new SweepResult.Row(h, !(h < limit), exploded, exploded ? trial.explosion().time() : Double.NaN));
        }
        return new SweepResult(kind, limit, s.time(), rows);
    }

    // ------------------------------------------------------------------ checks

    private record Outcome(String measured, boolean pass) {
    }

    private Outcome evaluate(Check c) {
        if (c instanceof Check.RunCheck rc) {
            RunRecord r = rc.run() != null ? latestByLabel.get(rc.run())
                    : c.integrator() == null ? latest : latestByKind.get(c.integrator());
            if (r == null) {
                return new Outcome(rc.run() != null ? "no run labelled '" + rc.run() + "' yet"
                        : c.integrator() == null ? "no run yet" : "no run with " + c.integrator().id() + " yet", false);
            }
            if (r.startedExploded()) {
                return new Outcome("the simulation had already exploded before this run (add a reset)", false);
            }
            return evaluateRun(rc, r);
        }
        if (c instanceof Check.PredictedLimit p) {
            StabilityLimit lim = limit(kindOf(c));
            return switch (p.kind()) {
                case UNSTABLE -> new Outcome(lim.describe(), lim.unstableAtEveryDt());
                case NONE -> new Outcome(lim.describe(), lim.unlimited());
                case SECONDS -> relative(lim.dtMax(), p.expected(), p.within(), " s (" + lim.rule() + ")");
            };
        }
        if (c instanceof Check.NaiveBound n) {
            return relative(StabilityAnalysis.naiveBound(fresh()), n.expected(), n.within(), " s");
        }
        if (c instanceof Check.OmegaMax w) {
            return relative(StabilityAnalysis.omegaMax(fresh()), w.expected(), w.within(), " rad/s");
        }
        if (c instanceof Check.LimitOverNaive l) {
            StabilityLimit lim = limit(kindOf(c));
            double naive = StabilityAnalysis.naiveBound(fresh());
            return relative(lim.dtMax() / naive, l.expected(), l.within(),
                    " (" + Fmt.num(lim.dtMax()) + " s / " + Fmt.num(naive) + " s)");
        }
        if (c instanceof Check.ExplosionDt e) {
            return explosionDt(e);
        }
        if (c instanceof Check.SweepMatchesPrediction) {
            return sweepMatches();
        }
        if (c instanceof Check.ConvergenceOrder o) {
            return convergence(o);
        }
        if (c instanceof Check.CompareRuns cr) {
            return compareRuns(cr);
        }
        throw new IllegalStateException(c.name());
    }

    private Outcome evaluateRun(Check.RunCheck c, RunRecord r) {
        if (c instanceof Check.Explodes e) {
            if (!r.exploded()) {
                return new Outcome("still bounded after " + Fmt.num(r.duration()) + " s", false);
            }
            double at = r.explosion().time() - r.startTime();
            return new Outcome("exploded after " + Fmt.num(at) + " s (step " + r.explosion().step() + ")",
                    at <= e.within() * (1 + 1e-12));
        }
        if (c instanceof Check.Bounded b) {
            if (r.exploded()) {
                return new Outcome("exploded after " + Fmt.num(r.explosion().time() - r.startTime()) + " s", false);
            }
            return new Outcome("bounded for " + Fmt.num(r.duration()) + " s",
                    r.duration() >= b.time() - 0.5 * r.dt());
        }
        if (c instanceof Check.EnergyRatioPerStep e) {
            double lo = r.minStepRatio();
            double hi = r.maxStepRatio();
            if (Double.isNaN(lo)) {
                return new Outcome("no step with E ≠ 0", false);
            }
            double dev = Math.max(Math.abs(lo / e.expected() - 1), Math.abs(hi / e.expected() - 1));
            return new Outcome("from " + Fmt.num(lo, 12) + " to " + Fmt.num(hi, 12) + " over " + r.steps()
                    + " steps (largest deviation " + Fmt.num(dev, 2) + ")", dev <= e.within());
        }
        if (c instanceof Check.EnergyRatio e) {
            if (r.startEnergyNegligible()) {
                return new Outcome(zeroStart(r) + ": the ratio is undefined", false);
            }
            double ratio = r.endEnergy() / r.startEnergy();
            if (Double.isNaN(e.expected())) {
                return new Outcome(Fmt.num(ratio) + " after " + Fmt.num(r.duration()) + " s",
                        ratio >= e.min() && ratio <= e.max());
            }
            return relative(ratio, e.expected(), e.within(), " after " + Fmt.num(r.duration()) + " s");
        }
        if (c instanceof Check.EnergyRange e) {
            if (r.startEnergyNegligible()) {
                return new Outcome(zeroStart(r) + ": the ratio is undefined", false);
            }
            double lo = r.minEnergyRatio();
            double hi = r.maxEnergyRatio();
            return new Outcome("[" + Fmt.num(lo) + ", " + Fmt.num(hi) + "] over " + Fmt.num(r.duration()) + " s",
                    lo >= e.min() && hi <= e.max());
        }
        if (c instanceof Check.EnergyDrift e) {
            if (r.startEnergyNegligible()) {
                return new Outcome(zeroStart(r) + ": the relative drift is undefined", false);
            }
            return new Outcome(Fmt.num(r.maxDrift(), 3) + " over " + Fmt.num(r.duration()) + " s",
                    r.maxDrift() <= e.max());
        }
        if (c instanceof Check.ErrorVsExact e) {
            if (r.exactUnavailable() != null) {
                return new Outcome("unavailable: " + r.exactUnavailable(), false);
            }
            return new Outcome(Fmt.num(r.maxError(), 3) + " m over " + Fmt.num(r.duration()) + " s",
                    r.maxError() >= e.min() && r.maxError() <= e.max());
        }
        if (c instanceof Check.Crossings e) {
            if (r.exactUnavailable() != null) {
                return new Outcome("unavailable: " + r.exactUnavailable(), false);
            }
            return new Outcome(r.crossings() + " in " + Fmt.num(r.duration()) + " s",
                    r.crossings() >= e.min() && r.crossings() <= e.max());
        }
        if (c instanceof Check.MaxStrain e) {
            return new Outcome(Fmt.num(r.maxStrain(), 4), r.maxStrain() >= e.min() && r.maxStrain() <= e.max());
        }
        if (c instanceof Check.CgIterations e) {
            String missing = cgUnavailable(r);
            if (missing != null) {
                return new Outcome("unavailable: " + missing, false);
            }
            double v = switch (e.statistic()) {
                case "mean" -> r.meanIterations();
                case "max" -> r.maxIterations();
                default -> r.totalIterations();
            };
            return new Outcome(e.statistic() + " " + Fmt.num(v, 4) + " over " + r.solves() + " steps",
                    v < e.below() && v > e.above());
        }
        if (c instanceof Check.SolverConverged e) {
            if (r.solves() == 0) {
                return new Outcome("unavailable: " + noSolves(r), false);
            }
            if (r.unconvergedSteps() == 0) {
                return new Outcome("every solve of " + r.solves() + " steps converged (largest final residual "
                        + Fmt.num(r.maxFinalResidual(), 2) + ")", e.expected());
            }
            return new Outcome(r.unconvergedSteps() + " of " + r.solves() + " steps did not converge; first at step "
                    + r.firstUnconvergedStep() + " (t = " + Fmt.num(r.firstUnconvergedTime(), 4) + " s): "
                    + r.firstFailure().description(), !e.expected());
        }
        if (c instanceof Check.SolverIndefinite e) {
            if (r.solves() == 0) {
                return new Outcome("unavailable: " + noSolves(r), false);
            }
            if (r.indefiniteSteps() == 0) {
                return new Outcome("no indefinite matrix in " + r.solves() + " steps", !e.expected());
            }
            return new Outcome("indefinite in " + r.indefiniteSteps() + " of " + r.solves() + " steps; first at step "
                    + r.firstIndefiniteStep() + " (t = " + Fmt.num(r.firstIndefiniteTime(), 4) + " s)", e.expected());
        }
        throw new IllegalStateException(c.name());
    }

    /** "E(start) = 0 J", or "E(start) = 8e-27 J, zero but for rounding" when it is negligible but not 0. */
    private static String zeroStart(RunRecord r) {
        return r.startEnergy() == 0 ? "E(start) = 0 J"
                : "E(start) = " + Fmt.num(r.startEnergy(), 2) + " J, zero but for rounding";
    }

    private static String noSolves(RunRecord r) {
        return r.integrator().isImplicit() ? "the run took no step"
                : "the run's integrator (" + r.integrator().id() + ") solves no linear system; solver statistics "
                + "exist only for implicit integrators";
    }

    /** Why a run has no CG iterations to count, or null when it has. */
    private static String cgUnavailable(RunRecord r) {
        if (r.solves() == 0) {
            return noSolves(r);
        }
        if (!r.usesCg()) {
            return "the run solved with " + r.solverOptions().solver().id() + ", a direct solver that takes no CG "
                    + "iterations";
        }
        return null;
    }

    /** A quantity of a run for {@link Check.CompareRuns}; NaN with a reason when it is not available. */
    private static double quantity(RunRecord r, Check.Quantity q) {
        return switch (q) {
            case MEAN_CG_ITERATIONS -> r.meanIterations();
            case MAX_CG_ITERATIONS -> r.maxIterations();
            case TOTAL_CG_ITERATIONS -> r.totalIterations();
            case STEPS -> r.steps();
            case MAX_STRAIN -> r.maxStrain();
            case ENERGY_RATIO -> r.startEnergyNegligible() ? Double.NaN : r.endEnergy() / r.startEnergy();
        };
    }

    private static String quantityUnavailable(RunRecord r, Check.Quantity q) {
        if (q.needsCg()) {
            return cgUnavailable(r);
        }
        if (q == Check.Quantity.ENERGY_RATIO && r.startEnergyNegligible()) {
            return zeroStart(r) + ": the energy ratio is undefined";
        }
        return null;
    }

    private Outcome compareRuns(Check.CompareRuns c) {
        RunRecord a = latestByLabel.get(c.run());
        RunRecord b = latestByLabel.get(c.baseline());
        if (a == null || b == null) {
            return new Outcome("no run labelled '" + (a == null ? c.run() : c.baseline()) + "' yet", false);
        }
        for (RunRecord r : List.of(a, b)) {
            if (r.startedExploded()) {
                return new Outcome("the run '" + r.label() + "' started after an explosion (add a reset)", false);
            }
        }
        String missing = quantityUnavailable(a, c.quantity());
        if (missing != null) {
            return new Outcome("'" + c.run() + "': unavailable: " + missing, false);
        }
        missing = quantityUnavailable(b, c.baselineQuantity());
        if (missing != null) {
            return new Outcome("'" + c.baseline() + "': unavailable: " + missing, false);
        }
        double qa = quantity(a, c.quantity());
        double qb = quantity(b, c.baselineQuantity());
        double ratio = qa / qb;
        String measured = Fmt.num(qa, 6) + " / " + Fmt.num(qb, 6) + " = " + Fmt.num(ratio, 4);
        return new Outcome(measured, ratio > c.ratioAbove() && ratio < c.ratioBelow());
    }

    private static Outcome relative(double measured, double expected, double within, String suffix) {
        double dev = measured / expected - 1;
        return new Outcome(Fmt.num(measured) + suffix + " (" + Fmt.dev(dev) + ")", Math.abs(dev) <= within);
    }

    private IntegratorKind kindOf(Check c) {
        return c.integrator() != null ? c.integrator() : file.integrator();
    }

    /** The current scene without its perturbation. */
    private SceneSpec restSpec() {
        return file.spec().perturbation(Perturbation.NONE);
    }

    private MassSpringSystem fresh() {
        return Scenes.build(restSpec());
    }

    private StabilityLimit limit(IntegratorKind kind) {
        return StabilityAnalysis.predictedLimit(fresh(), kind, file.verletDelta());
    }

    private Outcome explosionDt(Check.ExplosionDt e) {
        IntegratorKind kind = kindOf(e);
        StabilityLimit lim = limit(kind);
        if (lim.unlimited() || lim.unstableAtEveryDt()) {
            return new Outcome("no finite limit to measure: predicted " + lim.describe(), false);
        }
        SceneSpec spec = restSpec();
        MassSpringSystem probe = Scenes.build(spec);
        double trialSteps = e.periods() * 2 * Math.PI / lim.omegaMax() / lim.dtMax();
        double work = 24 * trialSteps * size(probe);
        if (work > MAX_WORK_PER_ACTION) {
            return new Outcome(String.format(Locale.ROOT,
                    "the bisection would do about %.3g particle-and-spring steps, more than the limit of %.3g",
                    work, MAX_WORK_PER_ACTION), false);
        }
        SceneFile f = file;
        ExplosionBisection.Result r = ExplosionBisection.measure(() -> Scenes.build(spec),
                () -> f.createIntegrator(kind), lim.dtMax(),
                new ExplosionBisection.Options(e.periods(), e.growth(), 1e-4, 1e-4, (int) MAX_STEPS_PER_ACTION));
        double dev = r.dtMax() / lim.dtMax() - 1;
        return new Outcome(Fmt.num(r.dtMax()) + " s measured, " + Fmt.num(lim.dtMax()) + " s predicted ("
                + Fmt.dev(dev) + ", " + r.trials() + " trials)", Math.abs(dev) <= e.within());
    }

    private Outcome sweepMatches() {
        if (lastSweep == null) {
            return new Outcome("no sweep yet", false);
        }
        List<String> wrong = new ArrayList<>();
        for (SweepResult.Row row : lastSweep.rows()) {
            if (!row.agrees()) {
                wrong.add("Δt = " + Fmt.num(row.dt()) + " s " + (row.exploded() ? "exploded" : "stayed bounded"));
            }
        }
        String lim = Fmt.num(lastSweep.predictedLimit()) + " s";
        if (wrong.isEmpty()) {
            return new Outcome("all " + lastSweep.rows().size() + " agree with the limit " + lim, true);
        }
        return new Outcome(String.join("; ", wrong) + " (limit " + lim + ")", false);
    }

    /**
     * The convergence order: each Δt runs the scene afresh to t = T, the error is
     * e = |u(T) − u_exact(T)| (see {@link SpringOracle}), and the order is the least-squares slope
     * <pre>
     *   p = Σ (xᵢ − x̄)(yᵢ − ȳ) / Σ (xᵢ − x̄)²,   xᵢ = ln Δtᵢ,  yᵢ = ln eᵢ
     * </pre>
     * since e ≈ C·Δt^p for a method of order p.
     */
    private Outcome convergence(Check.ConvergenceOrder o) {
        IntegratorKind kind = kindOf(o);
        MassSpringSystem probe = file.build();
        String missing = SpringOracle.unavailable(probe);
        if (missing != null) {
            return new Outcome("unavailable: " + missing, false);
        }
        double work = 0;
        for (double h : o.dts()) {
            work += stepsFor(o.time(), h) * size(probe);
        }
        if (work > MAX_WORK_PER_ACTION) {
            return new Outcome("the runs would exceed the work limit", false);
        }
        int n = o.dts().size();
        double[] lx = new double[n];
        double[] ly = new double[n];
        StringBuilder errs = new StringBuilder();
        for (int i = 0; i < n; i++) {
            double h = o.dts().get(i);
            Simulation s = new Simulation(file.build(), file.createIntegrator(kind), h);
            SpringOracle exact = SpringOracle.of(s.system(), 0);
            s.step((int) stepsFor(o.time(), h));
            if (s.exploded()) {
                return new Outcome("exploded at Δt = " + Fmt.num(h) + " s", false);
            }
            double err = Math.abs(exact.displacement(s.system()) - exact.exact(s.time()));
            if (!(err > 0) || !Double.isFinite(err)) {
                return new Outcome("error " + err + " m at Δt = " + Fmt.num(h) + " s: no order can be fitted", false);
            }
            lx[i] = Math.log(h);
            ly[i] = Math.log(err);
            errs.append(i == 0 ? "" : ", ").append(Fmt.num(err, 3));
        }
        double mx = 0;
        double my = 0;
        for (int i = 0; i < n; i++) {
            mx += lx[i] / n;
            my += ly[i] / n;
        }
        double sxy = 0;
        double sxx = 0;
        for (int i = 0; i < n; i++) {
            sxy += (lx[i] - mx) * (ly[i] - my);
            sxx += (lx[i] - mx) * (lx[i] - mx);
        }
        double p = sxy / sxx;
        return new Outcome("order " + Fmt.num(p, 4) + " (errors " + errs + " m at t = " + Fmt.num(o.time()) + " s)",
                Math.abs(p - o.expected()) <= o.within());
    }
}
