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

    /** What is expected, in words and numbers, for the report. */
    String describeExpected();

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
        public String describeExpected() {
            return "explodes within " + Fmt.num(within) + " s";
        }
    }

    /** The run lasted at least {@code time} s without exploding. */
    record Bounded(double time, IntegratorKind integrator, String run, int line) implements RunCheck {
        @Override
        public String name() {
            return "bounded";
        }

        @Override
        public String describeExpected() {
            return "bounded for " + Fmt.num(time) + " s";
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
        public String describeExpected() {
            return "E(n+1)/E(n) = " + Fmt.num(expected, 10) + " " + Fmt.tol(within);
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
        public String describeExpected() {
            if (Double.isNaN(expected)) {
                return "E(end)/E(start) within [" + Fmt.num(min) + ", " + (Double.isInfinite(max) ? "∞" : Fmt.num(max))
                        + "]";
            }
            return "E(end)/E(start) = " + Fmt.num(expected) + " " + Fmt.tol(within);
        }
    }

    /** E(t)/E(start) stays within [min, max] over the whole run. */
    record EnergyRange(double min, double max, IntegratorKind integrator, String run, int line) implements RunCheck {
        @Override
        public String name() {
            return "energy_range";
        }

        @Override
        public String describeExpected() {
            return "E(t)/E(0) within [" + Fmt.num(min) + ", " + Fmt.num(max) + "]";
        }
    }

    /** max |E(t) + W_d(t) − E(0)| / |E(0)| over the run is at most {@code max}. */
    record EnergyDrift(double max, IntegratorKind integrator, String run, int line) implements RunCheck {
        @Override
        public String name() {
            return "energy_drift";
        }

        @Override
        public String describeExpected() {
            return "|E + W_d − E(0)|/|E(0)| ≤ " + Fmt.num(max);
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
        public String describeExpected() {
            return min > 0 ? "max |u − u_exact| within [" + Fmt.num(min) + ", " + Fmt.num(max) + "] m"
                    : "max |u − u_exact| ≤ " + Fmt.num(max) + " m";
        }
    }

    /** The spring's bob passes its equilibrium between {@code min} and {@code max} times during the run. */
    record Crossings(int min, int max, IntegratorKind integrator, String run, int line) implements RunCheck {
        @Override
        public String name() {
            return "crossings";
        }

        @Override
        public String describeExpected() {
            return min == max ? min + " equilibrium crossings" : "between " + min + " and " + max + " equilibrium crossings";
        }
    }

    /** The largest spring strain |l − L|/L over the run lies within [min, max]. */
    record MaxStrain(double min, double max, IntegratorKind integrator, String run, int line) implements RunCheck {
        @Override
        public String name() {
            return "max_strain";
        }

        @Override
        public String describeExpected() {
            return "largest strain within [" + Fmt.num(min) + ", " + Fmt.num(max) + "]";
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
        public String describeExpected() {
            String what = switch (statistic) {
                case "mean" -> "mean CG iterations per step";
                case "max" -> "most CG iterations in a step";
                default -> "total CG iterations";
            };
            if (above < 0) {
                return what + " < " + below;
            }
            if (below == Long.MAX_VALUE) {
                return what + " > " + above;
            }
            return above + " < " + what + " < " + below;
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
        public String describeExpected() {
            return expected ? "every linear solve converged" : "some linear solve did not converge";
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
        public String describeExpected() {
            return expected ? "an indefinite matrix was met" : "no indefinite matrix was met";
        }
    }

    /** A number measured on a run, for {@link CompareRuns}. */
    enum Quantity {
        /** The mean CG iterations per step. */
        MEAN_CG_ITERATIONS("mean_cg_iterations", "mean CG iterations per step"),
        /** The most CG iterations in one step. */
        MAX_CG_ITERATIONS("max_cg_iterations", "most CG iterations in a step"),
        /** The CG iterations of the whole run. */
        TOTAL_CG_ITERATIONS("total_cg_iterations", "total CG iterations"),
        /** The steps the run took. */
        STEPS("steps", "steps"),
        /** The largest spring strain |l − L|/L over the run. */
        MAX_STRAIN("max_strain", "largest strain"),
        /** E(end)/E(start). */
        ENERGY_RATIO("energy_ratio", "E(end)/E(start)");

        private final String id;
        private final String description;

        Quantity(String id, String description) {
            this.id = id;
            this.description = description;
        }

        /** The name in lesson files. */
        public String id() {
            return id;
        }

        /** A few words for reports. */
        public String description() {
            return description;
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
        public String describeRatio() {
            return quantity.description() + " of '" + run + "' / "
                    + (baselineQuantity == quantity ? "of" : baselineQuantity.description() + " of") + " '" + baseline + "'";
        }

        @Override
        public String describeExpected() {
            if (Double.isInfinite(ratioAbove)) {
                return describeRatio() + " < " + Fmt.num(ratioBelow);
            }
            if (Double.isInfinite(ratioBelow)) {
                return describeRatio() + " > " + Fmt.num(ratioAbove);
            }
            return Fmt.num(ratioAbove) + " < " + describeRatio() + " < " + Fmt.num(ratioBelow);
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
        public String describeExpected() {
            return switch (kind) {
                case UNSTABLE -> "unstable at every Δt";
                case NONE -> "no limit";
                case SECONDS -> "Δt_max = " + Fmt.num(expected) + " s " + Fmt.tol(within);
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
        public String describeExpected() {
            return "2√(m/k) = " + Fmt.num(expected) + " s " + Fmt.tol(within);
        }
    }

    /** ω_max equals {@code expected} within {@code within}; in rad/s. */
    record OmegaMax(double expected, double within, IntegratorKind integrator, int line) implements Check {
        @Override
        public String name() {
            return "omega_max";
        }

        @Override
        public String describeExpected() {
            return "ω_max = " + Fmt.num(expected) + " rad/s " + Fmt.tol(within);
        }
    }

    /** The predicted limit divided by the naive bound equals {@code expected} within {@code within}. */
    record LimitOverNaive(double expected, double within, IntegratorKind integrator, int line) implements Check {
        @Override
        public String name() {
            return "limit_over_naive";
        }

        @Override
        public String describeExpected() {
            return "Δt_max / 2√(m/k) = " + Fmt.num(expected) + " " + Fmt.tol(within);
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
        public String describeExpected() {
            return "measured explosion Δt = predicted limit " + Fmt.tol(within);
        }
    }

    /** Every Δt of the step's last sweep exploded exactly when it was at or above the predicted limit. */
    record SweepMatchesPrediction(IntegratorKind integrator, int line) implements Check {
        @Override
        public String name() {
            return "sweep_matches_prediction";
        }

        @Override
        public String describeExpected() {
            return "explodes ⇔ Δt ≥ predicted limit, for every Δt of the sweep";
        }
    }

    /**
     * The global error at {@code time} against the closed-form solution falls as Δt^p with
     * p = {@code expected} ± {@code within} (least-squares slope over {@code dts}).
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
        public String describeExpected() {
            return "order " + Fmt.num(expected) + " ± " + Fmt.num(within);
        }
    }
}
