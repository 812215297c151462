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
 * of a {@code compare}). Checks about limits analyse the scene as it is now set, built afresh
 * without its perturbation, with {@code integrator} or the current one.
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
    }

    /** The run exploded at t ≤ {@code within} (run time counted from the run's start); in s. */
    record Explodes(double within, IntegratorKind integrator, int line) implements RunCheck {
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
    record Bounded(double time, IntegratorKind integrator, int line) implements RunCheck {
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
    record EnergyRatioPerStep(double expected, double within, IntegratorKind integrator, int line) implements RunCheck {
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
    record EnergyRatio(double expected, double within, double min, double max, IntegratorKind integrator, int line)
            implements RunCheck {
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
    record EnergyRange(double min, double max, IntegratorKind integrator, int line) implements RunCheck {
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
    record EnergyDrift(double max, IntegratorKind integrator, int line) implements RunCheck {
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
    record ErrorVsExact(double min, double max, IntegratorKind integrator, int line) implements RunCheck {
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
    record Crossings(int min, int max, IntegratorKind integrator, int line) implements RunCheck {
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
    record MaxStrain(double min, double max, IntegratorKind integrator, int line) implements RunCheck {
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
     * The mean or largest number of CG iterations per step of the run is below {@code below}
     * (implicit integrators only).
     *
     * @param statistic "mean" or "max"
     */
    record CgIterations(int below, String statistic, IntegratorKind integrator, int line) implements RunCheck {
        @Override
        public String name() {
            return "cg_iterations";
        }

        @Override
        public String describeExpected() {
            return statistic + " CG iterations per step < " + below;
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
