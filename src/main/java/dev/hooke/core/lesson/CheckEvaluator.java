package dev.hooke.core.lesson;

import static dev.hooke.core.lesson.LessonRunner.MAX_STEPS_PER_ACTION;
import static dev.hooke.core.lesson.LessonRunner.MAX_WORK_PER_ACTION;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.integrate.RungeKutta4;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.scene.Perturbation;
import dev.hooke.core.scene.SceneFile;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.Scenes;
import dev.hooke.core.sim.Simulation;
import dev.hooke.core.sim.ExplosionBisection;
import dev.hooke.core.stability.StabilityAnalysis;
import dev.hooke.core.stability.StabilityLimit;
import java.util.List;
import java.util.Objects;

/**
 * Verifies a lesson's checks against the engine, on the scene as now set and the runs recorded
 * so far ({@link RecordedRuns}): each check becomes what it measured, in words, and whether it
 * passed. The checks of runs read the run records; the stability checks analyse the scene
 * built afresh without its perturbation (ExplosionBisection adds its own small one); the
 * convergence order and the explosion Δt run the engine themselves, within the work limit of
 * an action. Nothing here changes the lesson's simulation.
 */
final class CheckEvaluator {

    /** How much smaller than the smallest measured Δt the reference run's step is. */
    static final int REFERENCE_RATIO = 16;

    private final SceneFile file;
    private final RecordedRuns runs;

    /** Told each trial of an explosion bisection: the scene and method, the trial's Δt and whether it stayed bounded. */
    interface BisectionTrials {
        BisectionTrials NONE = (scene, h, bounded) -> { };

        void trial(SceneFile scene, double h, boolean bounded);
    }

    private BisectionTrials trials = BisectionTrials.NONE;

    /** Tells {@code l} each trial of the explosion bisections this evaluator runs. */
    void setBisectionTrials(BisectionTrials l) {
        trials = l == null ? BisectionTrials.NONE : l;
    }

    /**
     * @param file the scene, integrator and Δt as now set
     * @param runs the runs and sweep recorded so far
     */
    CheckEvaluator(SceneFile file, RecordedRuns runs) {
        this.file = Objects.requireNonNull(file, "file");
        this.runs = Objects.requireNonNull(runs, "runs");
    }

    /** What a check measured, in words, and whether it passed. */
    record Outcome(Text measured, boolean pass) {
    }

    private static Outcome outcome(String en, String zh, boolean pass, Object... args) {
        return new Outcome(Text.format(en, zh, args), pass);
    }

    private static Text unavailable(Text why) {
        return Text.format("unavailable: %s", "无法给出：%s", why);
    }

    /**
     * Verifies one check.
     *
     * @throws RuntimeException from inside the engine
     */
    Outcome evaluate(Check c) {
        if (c instanceof Check.RunCheck rc) {
            RunRecord r = rc.run() != null ? runs.labelled(rc.run())
                    : c.integrator() == null ? runs.latest() : runs.latest(c.integrator());
            if (r == null) {
                return new Outcome(rc.run() != null ? noLabel(rc.run())
                        : c.integrator() == null ? new Text("no run yet", "还没有运行")
                        : Text.format("no run with %s yet", "还没有用 %s 的运行", c.integrator().id()), false);
            }
            if (r.startedExploded()) {
                return new Outcome(new Text("the simulation had already exploded before this run (add a reset)",
                        "这次运行之前模拟已经爆炸（需要先 reset）"), false);
            }
            return evaluateRun(rc, r);
        }
        if (c instanceof Check.PredictedLimit p) {
            StabilityLimit lim = limit(kindOf(c));
            return switch (p.kind()) {
                case UNSTABLE -> new Outcome(ReportTexts.limit(lim), lim.unstableAtEveryDt());
                case NONE -> new Outcome(ReportTexts.limit(lim), lim.unlimited());
                case SECONDS -> relative(lim.dtMax(), p.expected(), p.within(),
                        Text.format("%s s (%s)", "%s s（%s）", Fmt.num(lim.dtMax()), ReportTexts.rule(lim.rule())));
            };
        }
        if (c instanceof Check.NaiveBound n) {
            double b = StabilityAnalysis.naiveBound(fresh());
            return relative(b, n.expected(), n.within(), Text.same(Fmt.num(b) + " s"));
        }
        if (c instanceof Check.OmegaMax w) {
            double om = StabilityAnalysis.omegaMax(fresh());
            return relative(om, w.expected(), w.within(), Text.same(Fmt.num(om) + " rad/s"));
        }
        if (c instanceof Check.LimitOverNaive l) {
            StabilityLimit lim = limit(kindOf(c));
            double naive = StabilityAnalysis.naiveBound(fresh());
            return relative(lim.dtMax() / naive, l.expected(), l.within(), Text.format("%s (%s s / %s s)",
                    "%s（%s s / %s s）", Fmt.num(lim.dtMax() / naive), Fmt.num(lim.dtMax()), Fmt.num(naive)));
        }
        if (c instanceof Check.ModesOutside || c instanceof Check.ModeAmplification || c instanceof Check.ModesLimit) {
            return ModeChecks.evaluate(c, kindOf(c), file, fresh(), limit(kindOf(c)));
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
                return outcome("still bounded after %s s", "%s s 后仍然有界", false, Fmt.num(r.duration()));
            }
            double at = r.explosion().time() - r.startTime();
            return outcome("exploded after %s s (step %s)", "%s s 后爆炸（第 %s 步）", at <= e.within() * (1 + 1e-12),
                    Fmt.num(at), r.explosion().step());
        }
        if (c instanceof Check.Bounded b) {
            if (r.exploded()) {
                return outcome("exploded after %s s", "%s s 后爆炸", false,
                        Fmt.num(r.explosion().time() - r.startTime()));
            }
            return outcome("bounded for %s s", "%s s 内保持有界", r.duration() >= b.time() - 0.5 * r.dt(),
                    Fmt.num(r.duration()));
        }
        if (c instanceof Check.EnergyRatioPerStep e) {
            double lo = r.minStepRatio();
            double hi = r.maxStepRatio();
            if (Double.isNaN(lo)) {
                return outcome("no step with E ≠ 0", "没有 E ≠ 0 的步", false);
            }
            double dev = Math.max(Math.abs(lo / e.expected() - 1), Math.abs(hi / e.expected() - 1));
            return outcome("from %s to %s over %s steps (largest deviation %s)", "%3$s 步中从 %1$s 到 %2$s（最大偏差 %4$s）",
                    dev <= e.within(), Fmt.num(lo, 12), Fmt.num(hi, 12), r.steps(), Fmt.num(dev, 2));
        }
        if (c instanceof Check.EnergyRatio e) {
            if (r.startEnergyNegligible()) {
                return new Outcome(ratioUndefined(r), false);
            }
            double ratio = r.endEnergy() / r.startEnergy();
            Text value = Text.format("%s after %s s", "%2$s s 后为 %1$s", Fmt.num(ratio), Fmt.num(r.duration()));
            if (Double.isNaN(e.expected())) {
                return new Outcome(value, ratio >= e.min() && ratio <= e.max());
            }
            return relative(ratio, e.expected(), e.within(), value);
        }
        if (c instanceof Check.EnergyRange e) {
            if (r.startEnergyNegligible()) {
                return new Outcome(ratioUndefined(r), false);
            }
            double lo = r.minEnergyRatio();
            double hi = r.maxEnergyRatio();
            return outcome("[%s, %s] over %s s", "%3$s s 内为 [%1$s, %2$s]", lo >= e.min() && hi <= e.max(),
                    Fmt.num(lo), Fmt.num(hi), Fmt.num(r.duration()));
        }
        if (c instanceof Check.EnergyDrift e) {
            if (r.startEnergyNegligible()) {
                return new Outcome(Text.format("%s: the relative drift is undefined", "%s：相对漂移没有定义",
                        zeroStart(r)), false);
            }
            return outcome("%s over %s s", "%2$s s 内为 %1$s", r.maxDrift() <= e.max(), Fmt.num(r.maxDrift(), 3),
                    Fmt.num(r.duration()));
        }
        if (c instanceof Check.ErrorVsExact e) {
            if (r.exactUnavailable() != null) {
                return new Outcome(unavailable(r.exactUnavailable()), false);
            }
            return outcome("%s m over %s s", "%2$s s 内为 %1$s m", r.maxError() >= e.min() && r.maxError() <= e.max(),
                    Fmt.num(r.maxError(), 3), Fmt.num(r.duration()));
        }
        if (c instanceof Check.Crossings e) {
            if (r.exactUnavailable() != null) {
                return new Outcome(unavailable(r.exactUnavailable()), false);
            }
            return outcome("%s in %s s", "%2$s s 内 %1$s 次", r.crossings() >= e.min() && r.crossings() <= e.max(),
                    r.crossings(), Fmt.num(r.duration()));
        }
        if (c instanceof Check.Torn e) {
            return outcome("%s springs in %s s", "%2$s s 内 %1$s 根", r.torn() >= e.min() && r.torn() <= e.max(),
                    r.torn(), Fmt.num(r.duration()));
        }
        if (c instanceof Check.MaxStrain e) {
            return new Outcome(Text.same(Fmt.num(r.maxStrain(), 4)), r.maxStrain() >= e.min() && r.maxStrain() <= e.max());
        }
        if (c instanceof Check.CgIterations e) {
            Text missing = cgUnavailable(r);
            if (missing != null) {
                return new Outcome(unavailable(missing), false);
            }
            double v = switch (e.statistic()) {
                case "mean" -> r.meanIterations();
                case "max" -> r.maxIterations();
                default -> r.totalIterations();
            };
            Text stat = switch (e.statistic()) {
                case "mean" -> new Text("mean", "平均");
                case "max" -> new Text("max", "最多");
                default -> new Text("total", "总计");
            };
            return outcome("%s %s over %s steps", "%3$s 步中%1$s %2$s", v < e.below() && v > e.above(), stat,
                    Fmt.num(v, 4), r.solves());
        }
        if (c instanceof Check.SolverConverged e) {
            if (r.solves() == 0) {
                return new Outcome(unavailable(noSolves(r)), false);
            }
            if (r.unconvergedSteps() == 0) {
                return outcome("every solve of %s steps converged (largest final residual %s)",
                        "%s 步的每次求解都收敛（最大最终残差 %s）", e.expected(), r.solves(),
                        Fmt.num(r.maxFinalResidual(), 2));
            }
            return outcome("%s of %s steps did not converge; first at step %s (t = %s s): %s",
                    "%2$s 步中有 %1$s 步未收敛；首次在第 %3$s 步（t = %4$s s）：%5$s", !e.expected(),
                    r.unconvergedSteps(), r.solves(), r.firstUnconvergedStep(), Fmt.num(r.firstUnconvergedTime(), 4),
                    ReportTexts.outcome(r.firstFailure()));
        }
        if (c instanceof Check.SolverIndefinite e) {
            if (r.solves() == 0) {
                return new Outcome(unavailable(noSolves(r)), false);
            }
            if (r.indefiniteSteps() == 0) {
                return outcome("no indefinite matrix in %s steps", "%s 步中没有遇到非正定矩阵", !e.expected(), r.solves());
            }
            return outcome("indefinite in %s of %s steps; first at step %s (t = %s s)",
                    "%2$s 步中有 %1$s 步矩阵非正定；首次在第 %3$s 步（t = %4$s s）", e.expected(), r.indefiniteSteps(),
                    r.solves(), r.firstIndefiniteStep(), Fmt.num(r.firstIndefiniteTime(), 4));
        }
        throw new IllegalStateException(c.name());
    }

    /** "E(start) = 0 J", or "E(start) = 8e-27 J, zero but for rounding" when it is negligible but not 0. */
    private static Text zeroStart(RunRecord r) {
        return r.startEnergy() == 0 ? Text.same("E(start) = 0 J")
                : Text.format("E(start) = %s J, zero but for rounding", "E(start) = %s J，除舍入误差外为零",
                Fmt.num(r.startEnergy(), 2));
    }

    private static Text ratioUndefined(RunRecord r) {
        return Text.format("%s: the ratio is undefined", "%s：比值没有定义", zeroStart(r));
    }

    private static Text noLabel(String label) {
        return Text.format("no run labelled '%s' yet", "还没有标记为 '%s' 的运行", label);
    }

    private static Text noSolves(RunRecord r) {
        return r.integrator().isImplicit() ? new Text("the run took no step", "这次运行一步也没有走")
                : Text.format("the run's integrator (%s) solves no linear system; solver statistics "
                + "exist only for implicit integrators", "这次运行的积分器（%s）不求解线性方程组；只有隐式积分器才有求解器统计",
                r.integrator().id());
    }

    /** Why a run has no CG iterations to count, or null when it has. */
    private static Text cgUnavailable(RunRecord r) {
        if (r.solves() == 0) {
            return noSolves(r);
        }
        if (!r.usesCg()) {
            return Text.format("the run solved with %s, a direct solver that takes no CG iterations",
                    "这次运行用 %s 求解，这是直接法，没有共轭梯度迭代", r.solverOptions().solver().id());
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

    private static Text quantityUnavailable(RunRecord r, Check.Quantity q) {
        if (q.needsCg()) {
            return cgUnavailable(r);
        }
        if (q == Check.Quantity.ENERGY_RATIO && r.startEnergyNegligible()) {
            return Text.format("%s: the energy ratio is undefined", "%s：能量比没有定义", zeroStart(r));
        }
        return null;
    }

    private Outcome compareRuns(Check.CompareRuns c) {
        RunRecord a = runs.labelled(c.run());
        RunRecord b = runs.labelled(c.baseline());
        if (a == null || b == null) {
            return new Outcome(noLabel(a == null ? c.run() : c.baseline()), false);
        }
        for (RunRecord r : List.of(a, b)) {
            if (r.startedExploded()) {
                return outcome("the run '%s' started after an explosion (add a reset)",
                        "运行 '%s' 是在爆炸之后开始的（需要先 reset）", false, r.label());
            }
        }
        Text missing = quantityUnavailable(a, c.quantity());
        if (missing != null) {
            return outcome("'%s': %s", "'%s'：%s", false, c.run(), unavailable(missing));
        }
        missing = quantityUnavailable(b, c.baselineQuantity());
        if (missing != null) {
            return outcome("'%s': %s", "'%s'：%s", false, c.baseline(), unavailable(missing));
        }
        double qa = quantity(a, c.quantity());
        double qb = quantity(b, c.baselineQuantity());
        double ratio = qa / qb;
        Text measured = Text.same(Fmt.num(qa, 6) + " / " + Fmt.num(qb, 6) + " = " + Fmt.num(ratio, 4));
        return new Outcome(measured, ratio > c.ratioAbove() && ratio < c.ratioBelow());
    }

    /**
     * A measured value against the expected one within the relative {@code within}:
     * {@code value} (the measured number in words) followed by its deviation.
     */
    private static Outcome relative(double measured, double expected, double within, Text value) {
        double dev = measured / expected - 1;
        return outcome("%s (%s)", "%s（%s）", Math.abs(dev) <= within, value, Fmt.dev(dev));
    }

    private IntegratorKind kindOf(Check c) {
        return c.integrator() != null ? c.integrator() : file.integrator();
    }

    /** The current scene without its perturbation. */
    private SceneSpec restSpec() {
        return restSpec(file);
    }

    /** The scene of {@code f} without its perturbation. */
    private static SceneSpec restSpec(SceneFile f) {
        return f.spec().perturbation(Perturbation.NONE);
    }

    private MassSpringSystem fresh() {
        return Scenes.build(restSpec());
    }

    private StabilityLimit limit(IntegratorKind kind) {
        return predictedLimit(file, kind);
    }

    /**
     * The predicted stability limit of {@code kind} on the scene of {@code f} built afresh without
     * its perturbation (linear stability is about small motions), with {@code f}'s Verlet δ.
     */
    static StabilityLimit predictedLimit(SceneFile f, IntegratorKind kind) {
        return StabilityAnalysis.predictedLimit(Scenes.build(restSpec(f)), kind, f.verletDelta());
    }

    private Outcome explosionDt(Check.ExplosionDt e) {
        IntegratorKind kind = kindOf(e);
        StabilityLimit lim = limit(kind);
        if (lim.unlimited() || lim.unstableAtEveryDt()) {
            return outcome("no finite limit to measure: predicted %s", "没有有限的上限可测：预测为%s", false,
                    ReportTexts.limit(lim));
        }
        SceneSpec spec = restSpec();
        MassSpringSystem probe = Scenes.build(spec);
        double trialSteps = e.periods() * 2 * Math.PI / lim.omegaMax() / lim.dtMax();
        double work = 24 * trialSteps * ActionWork.size(probe);
        if (work > MAX_WORK_PER_ACTION) {
            return outcome("the bisection would do about %s particle-and-spring steps, more than the limit of %s",
                    "二分法大约需要 %s 个质点与弹簧步，超过上限 %s", false, ActionWork.g3(work), ActionWork.g3(MAX_WORK_PER_ACTION));
        }
        SceneFile f = file;
        ExplosionBisection.Result r = ExplosionBisection.measure(() -> Scenes.build(spec),
                () -> f.createIntegrator(kind), lim.dtMax(),
                new ExplosionBisection.Options(e.periods(), e.growth(), 1e-4, 1e-4, (int) MAX_STEPS_PER_ACTION),
                dev.hooke.core.io.Progress.NONE, (h, bounded) -> trials.trial(f.withIntegrator(kind), h, bounded));
        double dev = r.dtMax() / lim.dtMax() - 1;
        return outcome("%s s measured, %s s predicted (%s, %s trials)", "实测 %s s，预测 %s s（%s，%s 次试算）",
                Math.abs(dev) <= e.within(), Fmt.num(r.dtMax()), Fmt.num(lim.dtMax()), Fmt.dev(dev), r.trials());
    }

    private Outcome sweepMatches() {
        SweepResult sweep = runs.lastSweep();
        if (sweep == null) {
            return outcome("no sweep yet", "还没有扫描", false);
        }
        Text wrong = null;
        for (SweepResult.Row row : sweep.rows()) {
            if (!row.agrees()) {
                Text t = row.exploded() ? Text.format("Δt = %s s exploded", "Δt = %s s 爆炸了", Fmt.num(row.dt()))
                        : Text.format("Δt = %s s stayed bounded", "Δt = %s s 保持有界", Fmt.num(row.dt()));
                wrong = wrong == null ? t : wrong.plus(new Text("; ", "；")).plus(t);
            }
        }
        String lim = Fmt.num(sweep.predictedLimit());
        if (wrong == null) {
            return outcome("all %s agree with the limit %s s", "全部 %s 个都与上限 %s s 一致", true,
                    sweep.rows().size(), lim);
        }
        return outcome("%s (limit %s s)", "%s（上限 %s s）", false, wrong, lim);
    }

    /**
     * The convergence order: each Δt runs the scene afresh to t = T, the error is
     * e = |u(T) − u_exact(T)| on the spring scene moving along its axis (see {@link SpringOracle}),
     * and on any other scene the largest distance of a coordinate from a reference run with RK4
     * (fourth order, a method independent of the one measured) at Δt_min/{@value #REFERENCE_RATIO},
     * e = max |x(T) − x_ref(T)|. The order is the least-squares slope
     * <pre>
     *   p = Σ (xᵢ − x̄)(yᵢ − ȳ) / Σ (xᵢ − x̄)²,   xᵢ = ln Δtᵢ,  yᵢ = ln eᵢ
     * </pre>
     * since e ≈ C·Δt^p for a method of order p.
     */
    private Outcome convergence(Check.ConvergenceOrder o) {
        IntegratorKind kind = kindOf(o);
        MassSpringSystem probe = file.build();
        boolean closedForm = SpringOracle.unavailable(probe) == null;
        double work = 0;
        double finest = Double.MAX_VALUE;
        for (double h : o.dts()) {
            work += ActionWork.stepsFor(o.time(), h) * ActionWork.size(probe);
            finest = Math.min(finest, h);
        }
        double referenceDt = finest / REFERENCE_RATIO;
        if (!closedForm) {
            work += 4 * ActionWork.stepsFor(o.time(), referenceDt) * ActionWork.size(probe);
        }
        if (work > MAX_WORK_PER_ACTION) {
            return outcome("the runs would exceed the work limit", "这些运行会超出工作量上限", false);
        }
        double[] reference = null;
        if (!closedForm) {
            Simulation ref = new Simulation(file.build(), new RungeKutta4(), referenceDt);
            ref.step((int) ActionWork.stepsFor(o.time(), referenceDt));
            if (ref.exploded()) {
                return outcome("the reference run (RK4, Δt = %s s) exploded", "参考运行（RK4，Δt = %s s）爆炸了", false,
                        Fmt.num(referenceDt));
            }
            reference = ref.system().x;
        }
        int n = o.dts().size();
        double[] lx = new double[n];
        double[] ly = new double[n];
        StringBuilder errs = new StringBuilder();
        for (int i = 0; i < n; i++) {
            double h = o.dts().get(i);
            Simulation s = new Simulation(file.build(), file.createIntegrator(kind), h);
            SpringOracle exact = closedForm ? SpringOracle.of(s.system(), 0) : null;
            s.step((int) ActionWork.stepsFor(o.time(), h));
            if (s.exploded()) {
                return outcome("exploded at Δt = %s s", "Δt = %s s 时爆炸", false, Fmt.num(h));
            }
            double err = closedForm ? Math.abs(exact.displacement(s.system()) - exact.exact(s.time()))
                    : largestDistance(s.system().x, reference);
            if (!(err > 0) || !Double.isFinite(err)) {
                return outcome("error %s m at Δt = %s s: no order can be fitted", "Δt = %2$s s 时误差为 %1$s m：无法拟合收敛阶",
                        false, err, Fmt.num(h));
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
        boolean pass = Math.abs(p - o.expected()) <= o.within();
        if (!closedForm) {
            return outcome("order %s (errors %s m at t = %s s against RK4 at Δt = %s s)",
                    "收敛阶 %s（t = %3$s s 时相对 Δt = %4$s s 的 RK4 误差为 %2$s m）", pass, Fmt.num(p, 4), errs,
                    Fmt.num(o.time()), Fmt.num(referenceDt));
        }
        return outcome("order %s (errors %s m at t = %s s)", "收敛阶 %s（t = %3$s s 时误差为 %2$s m）",
                pass, Fmt.num(p, 4), errs, Fmt.num(o.time()));
    }

    /** max_q |a_q − b_q|; in m. */
    private static double largestDistance(double[] a, double[] b) {
        double d = 0;
        for (int q = 0; q < a.length; q++) {
            d = Math.max(d, Math.abs(a[q] - b[q]));
        }
        return d;
    }
}
