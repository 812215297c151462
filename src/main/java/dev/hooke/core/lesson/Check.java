package dev.hooke.core.lesson;

import dev.hooke.core.integrate.IntegratorKind;
import java.util.List;

/**
 * A statement a lesson step makes that the runner verifies against the engine. Expected values
 * come from the lesson; measured values always come from running the engine (a
 * {@code Simulation}, {@code StabilityAnalysis} or {@code ExplosionBisection}). See
 * {@code lessons/README.md} for each check's meaning.
 *
 * <p>Checks about a run ({@link RunCheck}) look at the most recent run of the lesson, or, when
 * {@code integrator} is given, at the most recent run with that integrator (for example one side
 * of a {@code compare}), or, when {@code run} is given, at the most recent run with that label.
 * {@link CompareRuns} divides a quantity of one labelled run by one of another. Checks about
 * limits analyse the scene as it is now set, built afresh without its perturbation, with
 * {@code integrator} or the current one.
 */
public sealed interface Check {

    /** The check's name as written in lesson files. */
    String name();

    /** The line of the check in the lesson file. */
    int line();

    /** The integrator named by the check, or null for the current one / the latest run. */
    IntegratorKind integrator();

    /** What is expected, in words and numbers, for the report, in English and Chinese. */
    Text describeExpected();

    /**
     * What is expected, naming the run or the method the check reads when it names one: the
     * three "bounded for 2 s" of a comparison read "bounded for 2 s (pbd)", "… (xpbd)", ….
     */
    default Text describeWithScope() {
        Text expected = describeExpected();
        String run = this instanceof RunCheck r ? r.run() : null;
        if (run != null) {
            return expected.plus(Text.format(" (run '%s')", "（运行 '%s'）", run));
        }
        if (integrator() != null) {
            return expected.plus(Text.format(" (%s)", "（%s）", integrator().id()));
        }
        return expected;
    }

    /** A check about a run's record. */
    sealed interface RunCheck extends Check {
        /** The label of the run the check reads, or null for the latest run (with {@link #integrator()}). */
        String run();
    }

    /** The run exploded at t ≤ {@code within} (run time counted from the run's start); in s. */
    record Explodes(double within, IntegratorKind integrator, String run, int line) implements RunCheck {
        @Override
        public String name() {
            return "explodes";
        }

        @Override
        public Text describeExpected() {
            return Text.format("explodes within %s s", "在 %s s 内爆炸", Fmt.num(within));
        }
    }

    /** The run lasted at least {@code time} s without exploding. */
    record Bounded(double time, IntegratorKind integrator, String run, int line) implements RunCheck {
        @Override
        public String name() {
            return "bounded";
        }

        @Override
        public Text describeExpected() {
            return Text.format("bounded for %s s", "%s s 内保持有界", Fmt.num(time));
        }
    }

    /** Every step's energy ratio E(n+1)/E(n) equals {@code expected} within the relative {@code within}. */
    record EnergyRatioPerStep(double expected, double within, IntegratorKind integrator, String run, int line)
            implements RunCheck {
        @Override
        public String name() {
            return "energy_ratio_per_step";
        }

        @Override
        public Text describeExpected() {
            return Text.format("E(n+1)/E(n) = %s %s", "每步能量比 E(n+1)/E(n) = %s %s", Fmt.num(expected, 10),
                    Fmt.tol(within));
        }
    }

    /**
     * E(end)/E(start) of the run equals {@code expected} within the relative {@code within}, or
     * (when {@code expected} is NaN) lies within [min, max].
     */
    record EnergyRatio(double expected, double within, double min, double max, IntegratorKind integrator, String run,
                       int line) implements RunCheck {
        @Override
        public String name() {
            return "energy_ratio";
        }

        @Override
        public Text describeExpected() {
            if (Double.isNaN(expected)) {
                return Text.format("E(end)/E(start) within [%s, %s]", "能量比 E(end)/E(start) 在 [%s, %s] 内",
                        Fmt.num(min), Double.isInfinite(max) ? "∞" : Fmt.num(max));
            }
            return Text.format("E(end)/E(start) = %s %s", "能量比 E(end)/E(start) = %s %s", Fmt.num(expected),
                    Fmt.tol(within));
        }
    }

    /** E(t)/E(start) stays within [min, max] over the whole run. */
    record EnergyRange(double min, double max, IntegratorKind integrator, String run, int line) implements RunCheck {
        @Override
        public String name() {
            return "energy_range";
        }

        @Override
        public Text describeExpected() {
            return Text.format("E(t)/E(0) within [%s, %s]", "E(t)/E(0) 始终在 [%s, %s] 内", Fmt.num(min), Fmt.num(max));
        }
    }

    /** max |E(t) + W_d(t) − E(0)| / |E(0)| over the run is at most {@code max}. */
    record EnergyDrift(double max, IntegratorKind integrator, String run, int line) implements RunCheck {
        @Override
        public String name() {
            return "energy_drift";
        }

        @Override
        public Text describeExpected() {
            return Text.format("|E + W_d − E(0)|/|E(0)| ≤ %s", "相对能量漂移 |E + W_d − E(0)|/|E(0)| ≤ %s",
                    Fmt.num(max));
        }
    }

    /**
     * The spring's largest deviation from the closed-form solution over the run lies within
     * [min, max]; in m.
     */
    record ErrorVsExact(double min, double max, IntegratorKind integrator, String run, int line) implements RunCheck {
        @Override
        public String name() {
            return "error_vs_exact";
        }

        @Override
        public Text describeExpected() {
            return min > 0 ? Text.format("max |u − u_exact| within [%s, %s] m",
                    "与精确解的最大偏差 max |u − u_exact| 在 [%s, %s] m 内", Fmt.num(min), Fmt.num(max))
                    : Text.format("max |u − u_exact| ≤ %s m", "与精确解的最大偏差 max |u − u_exact| ≤ %s m",
                    Fmt.num(max));
        }
    }

    /** The spring's bob passes its equilibrium between {@code min} and {@code max} times during the run. */
    record Crossings(int min, int max, IntegratorKind integrator, String run, int line) implements RunCheck {
        @Override
        public String name() {
            return "crossings";
        }

        @Override
        public Text describeExpected() {
            return min == max ? Text.format("%s equilibrium crossings", "经过平衡位置 %s 次", min)
                    : Text.format("between %s and %s equilibrium crossings", "经过平衡位置 %s 到 %s 次", min, max);
        }
    }

    /** The largest spring strain |l − L|/L over the run lies within [min, max]. */
    record MaxStrain(double min, double max, IntegratorKind integrator, String run, int line) implements RunCheck {
        @Override
        public String name() {
            return "max_strain";
        }

        @Override
        public Text describeExpected() {
            return Text.format("largest strain within [%s, %s]", "最大应变在 [%s, %s] 内", Fmt.num(min), Fmt.num(max));
        }
    }

    /** The number of springs that tore during the run lies within [min, max]. */
    record Torn(int min, int max, IntegratorKind integrator, String run, int line) implements RunCheck {
        @Override
        public String name() {
            return "torn";
        }

        @Override
        public Text describeExpected() {
            return max == Integer.MAX_VALUE ? Text.format("at least %s springs torn", "至少 %s 根弹簧断裂", min)
                    : Text.format("between %s and %s springs torn", "%s 到 %s 根弹簧断裂", min, max);
        }
    }

    /**
     * The mean, largest or total number of CG iterations per step of the run is below
     * {@code below} and above {@code above} (implicit integrators with solver cg only). Each
     * step's count is the engine's {@code SolverStats.iterations}, summed over its Newton
     * iterations.
     *
     * @param below     the strict upper bound, or {@link Long#MAX_VALUE} for none
     * @param above     the strict lower bound, or −1 for none
     * @param statistic "mean", "max" or "total"
     */
    record CgIterations(long below, long above, String statistic, IntegratorKind integrator, String run, int line)
            implements RunCheck {
        /** The statistics a lesson may ask for. */
        public static final List<String> STATISTICS = List.of("mean", "max", "total");

        @Override
        public String name() {
            return "cg_iterations";
        }

        @Override
        public Text describeExpected() {
            Text what = switch (statistic) {
                case "mean" -> Quantity.MEAN_CG_ITERATIONS.words();
                case "max" -> Quantity.MAX_CG_ITERATIONS.words();
                default -> Quantity.TOTAL_CG_ITERATIONS.words();
            };
            if (above < 0) {
                return Text.format("%s < %s", "%s < %s", what, below);
            }
            if (below == Long.MAX_VALUE) {
                return Text.format("%s > %s", "%s > %s", what, above);
            }
            return Text.format("%s < %s < %s", "%s < %s < %s", above, what, below);
        }
    }

    /**
     * Every step's linear solve converged ({@code expected} true), or at least one did not
     * (false): the engine's {@code SolverStats.converged}.
     */
    record SolverConverged(boolean expected, IntegratorKind integrator, String run, int line) implements RunCheck {
        @Override
        public String name() {
            return "solver_converged";
        }

        @Override
        public Text describeExpected() {
            return expected ? new Text("every linear solve converged", "每次线性求解都收敛")
                    : new Text("some linear solve did not converge", "有线性求解未收敛");
        }
    }

    /**
     * The run met a matrix that is not positive definite ({@code expected} true: CG found
     * pᵀAp ≤ 0 or Cholesky a pivot ≤ 0 in some step), or never did (false): the engine's
     * {@code SolverStats.indefinite}.
     */
    record SolverIndefinite(boolean expected, IntegratorKind integrator, String run, int line) implements RunCheck {
        @Override
        public String name() {
            return "solver_indefinite";
        }

        @Override
        public Text describeExpected() {
            return expected ? new Text("an indefinite matrix was met", "遇到了非正定矩阵")
                    : new Text("no indefinite matrix was met", "没有遇到非正定矩阵");
        }
    }

    /** A number measured on a run, for {@link CompareRuns}. */
    enum Quantity {
        /** The mean CG iterations per step. */
        MEAN_CG_ITERATIONS("mean_cg_iterations", "mean CG iterations per step", "每步平均共轭梯度迭代次数"),
        /** The most CG iterations in one step. */
        MAX_CG_ITERATIONS("max_cg_iterations", "most CG iterations in a step", "单步最多共轭梯度迭代次数"),
        /** The CG iterations of the whole run. */
        TOTAL_CG_ITERATIONS("total_cg_iterations", "total CG iterations", "共轭梯度迭代总次数"),
        /** The steps the run took. */
        STEPS("steps", "steps", "步数"),
        /** The largest spring strain |l − L|/L over the run. */
        MAX_STRAIN("max_strain", "largest strain", "最大应变"),
        /** E(end)/E(start). */
        ENERGY_RATIO("energy_ratio", "E(end)/E(start)", "能量比 E(end)/E(start)");

        private final String id;
        private final Text words;

        Quantity(String id, String en, String zh) {
            this.id = id;
            this.words = new Text(en, zh);
        }

        /** The name in lesson files. */
        public String id() {
            return id;
        }

        /** A few words for reports, in English. */
        public String description() {
            return words.en();
        }

        /** A few words for reports, in English and Chinese. */
        public Text words() {
            return words;
        }

        /** Whether the quantity counts CG iterations (and so needs a run that used CG). */
        public boolean needsCg() {
            return this == MEAN_CG_ITERATIONS || this == MAX_CG_ITERATIONS || this == TOTAL_CG_ITERATIONS;
        }

        /** The quantity named {@code id}. */
        public static Quantity fromId(String id) {
            for (Quantity q : values()) {
                if (q.id.equals(id)) {
                    return q;
                }
            }
            throw new IllegalArgumentException("unknown quantity '" + id + "'; choose one of " + ids());
        }

        /** The ids, comma separated, for messages. */
        public static String ids() {
            StringBuilder b = new StringBuilder();
            for (Quantity q : values()) {
                b.append(b.length() == 0 ? "" : ", ").append(q.id);
            }
            return b.toString();
        }
    }

    /**
     * The ratio r = {@code quantity}({@code run}) / {@code baselineQuantity}({@code baseline}) of
     * two labelled runs satisfies {@code ratioAbove} &lt; r &lt; {@code ratioBelow}, for example
     * "block-Jacobi needs fewer CG iterations than none": mean CG iterations of the run
     * {@code block} over those of the run {@code none} below 1.
     *
     * @param ratioAbove the strict lower bound, or −∞ for none
     * @param ratioBelow the strict upper bound, or +∞ for none
     */
    record CompareRuns(Quantity quantity, String run, Quantity baselineQuantity, String baseline, double ratioAbove,
                       double ratioBelow, int line) implements Check {
        @Override
        public String name() {
            return "compare_runs";
        }

        @Override
        public IntegratorKind integrator() {
            return null;
        }

        /** The ratio in words, for example "mean CG iterations per step of 'block' / of 'none'". */
        public Text describeRatio() {
            if (baselineQuantity == quantity) {
                return Text.format("%s of '%s' / of '%s'", "'%2$s' 与 '%3$s' 的%1$s之比", quantity.words(), run, baseline);
            }
            return Text.format("%s of '%s' / %s of '%s'", "'%2$s' 的%1$s / '%4$s' 的%3$s", quantity.words(), run,
                    baselineQuantity.words(), baseline);
        }

        @Override
        public Text describeExpected() {
            if (Double.isInfinite(ratioAbove)) {
                return Text.format("%s < %s", "%s < %s", describeRatio(), Fmt.num(ratioBelow));
            }
            if (Double.isInfinite(ratioBelow)) {
                return Text.format("%s > %s", "%s > %s", describeRatio(), Fmt.num(ratioAbove));
            }
            return Text.format("%s < %s < %s", "%s < %s < %s", Fmt.num(ratioAbove), describeRatio(),
                    Fmt.num(ratioBelow));
        }
    }

    /** What a predicted limit is expected to be. */
    enum LimitKind {
        /** A number of seconds. */
        SECONDS,
        /** Unstable at every Δt (explicit Euler without damping). */
        UNSTABLE,
        /** No limit (implicit methods). */
        NONE
    }

    /** StabilityAnalysis's predicted Δt limit equals {@code expected} within {@code within}. */
    record PredictedLimit(LimitKind kind, double expected, double within, IntegratorKind integrator, int line)
            implements Check {
        @Override
        public String name() {
            return "predicted_limit";
        }

        @Override
        public Text describeExpected() {
            return switch (kind) {
                case UNSTABLE -> new Text("unstable at every Δt", "任何 Δt 都不稳定");
                case NONE -> new Text("no limit", "没有上限");
                case SECONDS -> Text.format("Δt_max = %s s %s", "稳定性上限 Δt_max = %s s %s", Fmt.num(expected),
                        Fmt.tol(within));
            };
        }
    }

    /** The naive bound min 2√(m/k) equals {@code expected} within {@code within}; in s. */
    record NaiveBound(double expected, double within, IntegratorKind integrator, int line) implements Check {
        @Override
        public String name() {
            return "naive_bound";
        }

        @Override
        public Text describeExpected() {
            return Text.format("2√(m/k) = %s s %s", "朴素上限 2√(m/k) = %s s %s", Fmt.num(expected), Fmt.tol(within));
        }
    }

    /** ω_max equals {@code expected} within {@code within}; in rad/s. */
    record OmegaMax(double expected, double within, IntegratorKind integrator, int line) implements Check {
        @Override
        public String name() {
            return "omega_max";
        }

        @Override
        public Text describeExpected() {
            return Text.format("ω_max = %s rad/s %s", "最高角频率 ω_max = %s rad/s %s", Fmt.num(expected),
                    Fmt.tol(within));
        }
    }

    /**
     * Exactly {@code expected} modes are outside the integrator's stability region at the scene's Δt
     * (the Modes window's count, {@code hooke modes}'s {@code unstable}).
     */
    record ModesOutside(int expected, IntegratorKind integrator, int line) implements Check {
        @Override
        public String name() {
            return "modes_outside";
        }

        @Override
        public Text describeExpected() {
            return Text.format("%s modes outside the stability region", "稳定区域之外有 %s 个模态", expected);
        }
    }

    /** |R| of mode {@code mode} (1: the fastest) at the scene's Δt equals {@code expected} within {@code within}. */
    record ModeAmplification(int mode, double expected, double within, IntegratorKind integrator, int line)
            implements Check {
        @Override
        public String name() {
            return "mode_amplification";
        }

        @Override
        public Text describeExpected() {
            return Text.format("|R| of mode %s, fastest first, = %s %s", "按从快到慢第 %s 个模态的 |R| = %s %s", mode,
                    Fmt.num(expected), Fmt.tol(within));
        }
    }

    /**
     * The Δt at which the first mode leaves the stability region, found by bisection on the modes,
     * is the stability analysis's predicted limit within {@code within}.
     */
    record ModesLimit(double within, IntegratorKind integrator, int line) implements Check {
        @Override
        public String name() {
            return "modes_limit";
        }

        @Override
        public Text describeExpected() {
            return Text.format("the first mode leaves the region at the predicted limit %s",
                    "第一个模态在预测的上限处离开稳定区域 %s", Fmt.tol(within));
        }
    }

    /** The predicted limit divided by the naive bound equals {@code expected} within {@code within}. */
    record LimitOverNaive(double expected, double within, IntegratorKind integrator, int line) implements Check {
        @Override
        public String name() {
            return "limit_over_naive";
        }

        @Override
        public Text describeExpected() {
            return Text.format("Δt_max / 2√(m/k) = %s %s", "稳定性上限与朴素上限之比 Δt_max / 2√(m/k) = %s %s",
                    Fmt.num(expected), Fmt.tol(within));
        }
    }

    /**
     * The explosion Δt measured by bisection is within {@code within} of the predicted limit.
     *
     * @param periods how many periods of the fastest mode a bounded trial lasts
     * @param growth  the energy growth that counts as an explosion
     */
    record ExplosionDt(double within, double periods, double growth, IntegratorKind integrator, int line)
            implements Check {
        @Override
        public String name() {
            return "explosion_dt";
        }

        @Override
        public Text describeExpected() {
            return Text.format("measured explosion Δt = predicted limit %s", "实测爆炸 Δt = 预测的稳定性上限 %s",
                    Fmt.tol(within));
        }
    }

    /** Every Δt of the step's last sweep exploded exactly when it was at or above the predicted limit. */
    record SweepMatchesPrediction(IntegratorKind integrator, int line) implements Check {
        @Override
        public String name() {
            return "sweep_matches_prediction";
        }

        @Override
        public Text describeExpected() {
            return new Text("explodes ⇔ Δt ≥ predicted limit, for every Δt of the sweep",
                    "扫描中的每个 Δt：爆炸 ⇔ Δt ≥ 预测的稳定性上限");
        }
    }

    /**
     * The global error at {@code time} falls as Δt^p with p = {@code expected} ± {@code within}
     * (least-squares slope over {@code dts}); the error is against the closed-form solution on the
     * spring scene moving along its axis, else against a run of RK4 at a much smaller Δt.
     */
    record ConvergenceOrder(double expected, double within, List<Double> dts, double time, IntegratorKind integrator,
                            int line) implements Check {
        public ConvergenceOrder {
            dts = List.copyOf(dts);
        }

        @Override
        public String name() {
            return "convergence_order";
        }

        @Override
        public Text describeExpected() {
            return Text.format("order %s ± %s", "收敛阶 %s ± %s", Fmt.num(expected), Fmt.num(within));
        }
    }
}
