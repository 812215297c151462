package dev.hooke.core.stability;

import dev.hooke.core.integrate.Integrator;
import dev.hooke.core.io.Progress;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.observe.Observables;
import java.util.SplittableRandom;
import java.util.function.Supplier;

/**
 * Measures the explosion Δt by bisection: the largest Δt whose run, started from a small
 * perturbation, stays bounded for a stated number of periods of the fastest mode.
 *
 * <p>Each trial builds a fresh system, adds a seeded random displacement of
 * {@link Options#perturbation()} times the shortest rest length to every free particle, and runs
 * ⌈periods · 2π/ω_max / Δt⌉ steps. It is unbounded when a value turns non-finite or the energy of
 * motion U_el + K_int exceeds {@link Options#growth()} times its initial scale (the initial energy
 * of motion plus M|g|D, the energy gravity can feed in over the bounding-box diagonal D).
 */
public final class ExplosionBisection {

    /**
     * @param periods       how many periods 2π/ω_max of the fastest mode a bounded run lasts
     * @param growth        the energy growth that counts as unbounded
     * @param relTolerance  bisection stops when (hi − lo)/hi is below this
     * @param perturbation  the random displacement, relative to the shortest rest length
     * @param maxSteps      the most steps one trial may take
     */
    public record Options(double periods, double growth, double relTolerance, double perturbation, int maxSteps) {
        /**
         * 200 periods, growth 10⁶, tolerance 10⁻⁴, perturbation 10⁻⁶, at most 10⁶ steps.
         *
         * <p>The run must still be linear when it is judged: an energy growth of 10⁶ is an
         * amplitude growth of 10³, so a perturbation of 10⁻⁶ reaches a strain of about 10⁻³.
         * Starting from 10⁻⁴ it would reach 10⁻¹, where the springs' geometric nonlinearity passes
         * the energy of a weakly unstable fastest mode to slower, damped ones: RK4, whose
         * instability just above 2√2/ω_max is slow (|R|² ≈ 1 + 14 (Δt/Δt_max − 1) per step),
         * then saturates below the threshold and its measured limit lands 1 % or more above the
         * linear one on a chain or a cloth.
         */
        public static Options defaults() {
            return new Options(200, 1e6, 1e-4, 1e-6, 1_000_000);
        }
    }

    /**
     * The result.
     *
     * @param dtMax       the largest Δt found bounded; in s
     * @param dtExploded  the smallest Δt found unbounded; in s
     * @param omegaMax    ω_max of the fresh system; in rad/s
     * @param trials      the number of runs made
     */
    public record Result(double dtMax, double dtExploded, double omegaMax, int trials) {
    }

    private ExplosionBisection() {
    }

    /**
     * Bisects for the explosion Δt.
     *
     * @param fresh      builds the system anew for every trial
     * @param integrator builds the integrator anew for every trial
     * @param guess      a first guess of the limit in s (the prediction), or 0 / NaN for none
     */
    public static Result measure(Supplier<MassSpringSystem> fresh, Supplier<Integrator> integrator,
                                 double guess, Options options) {
        return measure(fresh, integrator, guess, options, Progress.NONE);
    }

    /**
     * As {@link #measure(Supplier, Supplier, double, Options)}, telling {@code progress} of each
     * trial run and its Δt (how many trials there will be is not known in advance).
     */
    public static Result measure(Supplier<MassSpringSystem> fresh, Supplier<Integrator> integrator,
                                 double guess, Options options, Progress progress) {
        MassSpringSystem probe = fresh.get();
        double omega = StabilityAnalysis.omegaMax(probe);
        if (!(omega > 0)) {
            throw new IllegalArgumentException("the system has no oscillating mode (ω_max = 0): nothing can explode");
        }
        double period = 2 * Math.PI / omega;
        // Start from the prediction, but not from far below 2/ω_max: a tiny guess (explicit Euler
        // with weak damping) would make every trial run millions of steps.
        double start = guess > 0 && Double.isFinite(guess) ? Math.max(guess, 0.01 * 2 / omega) : 2 / omega;
        int[] trials = {0};
        double lo = start / 2;
        double hi = start * 2;
        int guard = 0;
        while (!bounded(fresh, integrator, lo, period, options, trials, progress)) {
            hi = lo;
            lo /= 2;
            if (++guard > 40) {
                return new Result(0, hi, omega, trials[0]);
            }
        }
        guard = 0;
        while (bounded(fresh, integrator, hi, period, options, trials, progress)) {
            lo = hi;
            hi *= 2;
            if (++guard > 20) {
                return new Result(Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, omega, trials[0]);
            }
        }
        while ((hi - lo) > options.relTolerance() * hi) {
            double mid = 0.5 * (lo + hi);
            if (bounded(fresh, integrator, mid, period, options, trials, progress)) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return new Result(lo, hi, omega, trials[0]);
    }

    private static boolean bounded(Supplier<MassSpringSystem> fresh, Supplier<Integrator> make, double h,
                                   double period, Options o, int[] trials, Progress progress) {
        progress.at(String.format(java.util.Locale.ROOT, "run %d, Δt = %.4g s", trials[0] + 1, h), trials[0], -1);
        trials[0]++;
        MassSpringSystem s = fresh.get();
        perturb(s, o.perturbation());
        Integrator integ = make.get();
        Observables obs = new Observables();
        obs.measure(s);
        double scale = obs.elastic + obs.internalKinetic + gravityScale(s);
        if (!(scale > 0)) {
            scale = Double.MIN_NORMAL;
        }
        long steps = (long) Math.ceil(o.periods() * period / h);
        steps = Math.min(steps, o.maxSteps());
        for (long k = 0; k < steps; k++) {
            integ.step(s, h);
            if (k % 8 == 7 || k == steps - 1) {
                obs.measure(s);
                if (!obs.isFinite() || obs.elastic + obs.internalKinetic > o.growth() * scale) {
                    return false;
                }
            }
        }
        return true;
    }

    private static void perturb(MassSpringSystem s, double relative) {
        double shortest = Double.POSITIVE_INFINITY;
        for (int sp = 0; sp < s.springCount(); sp++) {
            if (s.restLength(sp) > 0) {
                shortest = Math.min(shortest, s.restLength(sp));
            }
        }
        if (!Double.isFinite(shortest)) {
            shortest = 1;
        }
        double d = relative * shortest;
        SplittableRandom rnd = new SplittableRandom(42);
        for (int i = 0; i < s.particleCount(); i++) {
            if (s.isPinned(i)) {
                continue;
            }
            int q = 3 * i;
            s.setParticleState(i, s.x[q] + d * (2 * rnd.nextDouble() - 1), s.x[q + 1] + d * (2 * rnd.nextDouble() - 1),
                    s.x[q + 2] + d * (2 * rnd.nextDouble() - 1), s.v[q], s.v[q + 1], s.v[q + 2]);
        }
    }

    private static double gravityScale(MassSpringSystem s) {
        double g = Math.sqrt(s.gravity(0) * s.gravity(0) + s.gravity(1) * s.gravity(1) + s.gravity(2) * s.gravity(2));
        if (g == 0) {
            return 0;
        }
        double[] lo = {Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE};
        double[] hi = {-Double.MAX_VALUE, -Double.MAX_VALUE, -Double.MAX_VALUE};
        double m = 0;
        for (int i = 0; i < s.particleCount(); i++) {
            for (int k = 0; k < 3; k++) {
                lo[k] = Math.min(lo[k], s.x[3 * i + k]);
                hi[k] = Math.max(hi[k], s.x[3 * i + k]);
            }
            if (!s.isPinned(i)) {
                m += s.mass(i);
            }
        }
        double d = Math.sqrt((hi[0] - lo[0]) * (hi[0] - lo[0]) + (hi[1] - lo[1]) * (hi[1] - lo[1])
                + (hi[2] - lo[2]) * (hi[2] - lo[2]));
        return m * g * d;
    }
}
