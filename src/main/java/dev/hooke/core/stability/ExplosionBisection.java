package dev.hooke.core.stability;

import dev.hooke.core.force.Forces;
import dev.hooke.core.integrate.Integrator;
import dev.hooke.core.integrate.PositionVerlet;
import dev.hooke.core.io.Progress;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.observe.Observables;
import java.util.SplittableRandom;
import java.util.function.Supplier;

/**
 * Measures the explosion Δt by bisection: the largest Δt at which a small perturbation of the
 * system's own motion does not grow.
 *
 * <h2>One trial at Δt, from rest</h2>
 * When the system starts at rest (no velocity, forces below {@value #REST_FORCE} of their scale:
 * a scene without gravity, or an {@link Equilibrium}), two copies of the system are built fresh and stepped side by side: the reference, as it is,
 * and its twin, displaced by a seeded random {@link Options#perturbation()} times the shortest rest
 * length on every free particle. The run is unbounded when
 * <ul>
 *   <li>the twin's distance from the reference grows: the energy norm
 *       D = ½ Σ m_i (|Δv_i|² + ω_max² |Δx_i|²) of the difference exceeds {@link Options#growth()}
 *       times its start (the growth of a perturbation about the system's own trajectory, so a
 *       chain falling under gravity is judged by its perturbation, not by its fall);</li>
 *   <li>or the reference itself breaks down: a value turns non-finite, a spring's strain passes
 *       the start's largest by {@value #STRAIN_LIMIT} (a heavy chain hangs with its springs
 *       stretched), or its energy of motion U_el + K_int exceeds the growth times its start plus
 *       M|g|D (the energy gravity can feed in over the bounding-box diagonal D).</li>
 * </ul>
 * Trials near the limit start with the perturbation that grew in the last unbounded trial
 * ({@link Warm}, {@value #WARM_SHARE} of the distance, the seeded random one the rest): that is
 * mostly the mode that leaves the stability region first, so each trial continues a power
 * iteration on the step map and sees the mode's growth from its first step, instead of waiting
 * for it to rise out of a perturbation spread over every degree of freedom.
 *
 * <h2>One trial at Δt, from a moving start</h2>
 * A system that starts away from rest (a chain released under gravity) moves by itself, and a
 * chaotic motion separates from its twin at any Δt. Its bounded reference is then a run at a safe
 * Δt (a quarter of the prediction) over the same periods, and a trial, started from a perturbed
 * copy, is unbounded when a value turns non-finite, a strain passes
 * {@value #REFERENCE_STRAIN_FACTOR} times the reference's largest plus {@value #STRAIN_MARGIN}, or
 * its energy of motion U_el + K_int passes {@value #REFERENCE_ENERGY_FACTOR} times the reference's
 * largest. The figure then tells where the run stops looking like the reference, not a linear
 * limit: the state changes along the way.
 *
 * <h2>How long</h2>
 * At least {@link Options#periods()} periods 2π/ω_max. Near the limit a mode may grow by very
 * little per step (explicit Euler with light damping: ρ − 1 ≈ 10⁻⁸ at 0.05 % above it), so when
 * a prediction is given the horizon is also long enough for the predicted growth per step ρ at
 * (1 + {@value #RESOLUTION})·prediction ({@link StabilityAnalysis#growthPerStep}) to reach the
 * threshold from a perturbation spread over every DOF:
 * <pre>
 *   steps ≥ {@value #HORIZON_SAFETY} · (ln growth + ln s) / (2 ln ρ)
 * </pre>
 * where 1/s is the growing mode's share of the perturbation at the start, taken as
 * 1 − {@value #WARM_SHARE} from rest (the warm start's direction is mostly, not wholly, the growing
 * mode) and 1/dofs from a moving start; capped at {@link Options#maxSteps()}
 * ({@link Result#cut()} says when). The measured Δt is then within about {@value #RESOLUTION} of
 * the linear limit, above or below. The first bracket is ±{@value #BRACKET} about the prediction;
 * it widens (halving, doubling) until it holds the limit, so a wrong prediction is still found
 * out, only more slowly.
 *
 * <p>For a figure to compare with a prediction under gravity, measure from an equilibrium.
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
         * 200 periods, growth 10⁶, tolerance 10⁻³ (below the horizon's resolution of
         * {@value #RESOLUTION}, finer bisection only repeats trials that run the whole horizon),
         * perturbation 10⁻⁶, at most 10⁶ steps.
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
            return new Options(200, 1e6, 1e-3, 1e-6, 1_000_000);
        }
    }

    /**
     * The result.
     *
     * @param dtMax       the largest Δt found bounded; in s
     * @param dtExploded  the smallest Δt found unbounded; in s
     * @param omegaMax    ω_max of the fresh system; in rad/s
     * @param trials      the number of trials made (each runs the reference and its twin)
     * @param steps       the steps of one trial at the prediction (the horizon); 0 for none
     * @param cut         whether the horizon was cut at {@link Options#maxSteps()}
     */
    public record Result(double dtMax, double dtExploded, double omegaMax, int trials, long steps, boolean cut) {
    }

    /** A spring strain (l − L)/L above this means the reference run has broken down. */
    public static final double STRAIN_LIMIT = 1.0;
    /** A system whose forces are below this fraction of its force scale k_s·L (or m g) is at rest. */
    public static final double REST_FORCE = 1e-8;
    /** Moving system: a trial's strain may reach this many times the reference run's largest, plus {@link #STRAIN_MARGIN}. */
    public static final double REFERENCE_STRAIN_FACTOR = 2;
    /** Moving system: the strain a trial may add to the reference's on top of the factor. */
    public static final double STRAIN_MARGIN = 0.05;
    /** Moving system: a trial's energy of motion may reach this many times the reference run's largest. */
    public static final double REFERENCE_ENERGY_FACTOR = 100;
    /** The relative distance above the limit whose growth the horizon is sized to see. */
    public static final double RESOLUTION = 0.004;
    /**
     * How many times the search halves Δt below its start before it calls every Δt unbounded: a
     * trial's steps double with each halving, and a run that separates from its twin at 1/64 of
     * the predicted limit is not being limited by the step (a chaotic motion, or a method unstable
     * at every Δt).
     */
    public static final int MAX_HALVINGS = 6;
    /**
     * The share of the distance D a trial from rest starts with in the perturbation that grew in the
     * last unbounded trial ({@link Warm}).
     */
    public static final double WARM_SHARE = 0.9;
    /** The relative half-width of the first bracket about a prediction. */
    public static final double BRACKET = 0.02;
    /** Safety factor on the horizon (the unstable mode's share of the perturbation is a guess). */
    public static final double HORIZON_SAFETY = 2;

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
        return measure(fresh, integrator, guess, options, progress, Trials.NONE);
    }

    /** Told the outcome of each trial run as the bisection goes (a window shows the trials). */
    @FunctionalInterface
    public interface Trials {
        /** Tells nothing. */
        Trials NONE = (h, bounded) -> { };

        /**
         * @param h       the trial's Δt; in s
         * @param bounded whether its run stayed bounded
         */
        void trial(double h, boolean bounded);
    }

    /**
     * As {@link #measure(Supplier, Supplier, double, Options, Progress)}, telling {@code told} the
     * outcome of each trial run.
     */
    public static Result measure(Supplier<MassSpringSystem> fresh, Supplier<Integrator> integrator,
                                 double guess, Options options, Progress progress, Trials told) {
        MassSpringSystem probe = fresh.get();
        double omega = StabilityAnalysis.omegaMax(probe);
        if (!(omega > 0)) {
            throw new IllegalArgumentException("the system has no oscillating mode (ω_max = 0): nothing can explode");
        }
        double period = 2 * Math.PI / omega;
        boolean rest = atRest(probe);
        long minSteps = horizon(probe, integrator.get(), guess, options, rest);
        // Start from the prediction, but not from far below 2/ω_max: a tiny guess (explicit Euler
        // with weak damping) would make every trial run millions of steps.
        double start = guess > 0 && Double.isFinite(guess) ? Math.max(guess, 0.01 * 2 / omega) : 2 / omega;
        Reference ref = rest ? null : reference(fresh, integrator, start / 4, period, options);
        int[] trials = {0};
        Warm warm = new Warm();
        // a prediction is bracketed closely: the bounded trials, which run the whole horizon, are
        // the cost, and a bracket that misses widens (halving, doubling) until it holds the limit
        boolean predicted = guess > 0 && Double.isFinite(guess);
        double lo = predicted ? start * (1 - BRACKET) : start / 2;
        double hi = predicted ? start * (1 + BRACKET) : start * 2;
        int guard = 0;
        while (!bounded(fresh, integrator, lo, period, minSteps, ref, warm, options, trials, progress, told)) {
            hi = lo;
            lo /= 2;
            if (++guard > MAX_HALVINGS) {
                return new Result(0, hi, omega, trials[0], minSteps, minSteps >= options.maxSteps());
            }
        }
        guard = 0;
        while (bounded(fresh, integrator, hi, period, minSteps, ref, warm, options, trials, progress, told)) {
            lo = hi;
            hi *= 2;
            if (++guard > 20) {
                return new Result(Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, omega, trials[0], minSteps,
                        minSteps >= options.maxSteps());
            }
        }
        while ((hi - lo) > options.relTolerance() * hi) {
            double mid = 0.5 * (lo + hi);
            if (bounded(fresh, integrator, mid, period, minSteps, ref, warm, options, trials, progress, told)) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return new Result(lo, hi, omega, trials[0], minSteps, minSteps >= options.maxSteps());
    }

    /**
     * The fewest steps a trial must run for the growth per step at (1 + RESOLUTION)·guess to
     * reach the threshold (0 without a usable prediction). From rest the trials near the limit
     * start with the perturbation that grew in the last unbounded one ({@link Warm}): the growing
     * mode holds most of it, and the threshold alone sets the horizon; a random perturbation
     * spreads over every degree of freedom, and the growing mode must first rise out of it.
     */
    private static long horizon(MassSpringSystem probe, Integrator integrator, double guess, Options o,
                                boolean rest) {
        return (long) Math.min(Math.ceil(stepsNeeded(probe, integrator, guess, o, rest)), o.maxSteps());
    }

    /**
     * How many steps a trial would need to see the growth just above the predicted limit, uncapped
     * (0 without a usable prediction): when it is more than {@link Options#maxSteps()}, a
     * measurement would be cut and its figure too large, and may as well not be made.
     *
     * @param probe      the system as the trials start
     * @param integrator the method, as the trials make it
     * @param guess      the predicted limit, in s
     */
    public static double stepsNeeded(MassSpringSystem probe, Integrator integrator, double guess, Options o) {
        return stepsNeeded(probe, integrator, guess, o, atRest(probe));
    }

    private static double stepsNeeded(MassSpringSystem probe, Integrator integrator, double guess, Options o,
                                      boolean rest) {
        if (!(guess > 0) || !Double.isFinite(guess)) {
            return 0;
        }
        double delta = integrator instanceof PositionVerlet pv ? pv.damping() : PositionVerlet.DEFAULT_DAMPING;
        double rho = StabilityAnalysis.growthPerStep(probe, integrator.kind(), delta, (1 + RESOLUTION) * guess);
        if (!(rho > 1)) {
            return 0;
        }
        int dofs = 3 * (probe.particleCount() - probe.pinnedCount());
        double spread = rest ? Math.log(1 / (1 - WARM_SHARE)) : Math.log(Math.max(dofs, 1));
        return HORIZON_SAFETY * (Math.log(o.growth()) + spread) / (2 * Math.log(rho));
    }

    /** What the reference run at a safe Δt reached: its largest strain and energy of motion (J). */
    private record Reference(double maxStrain, double maxMotion) {
    }

    /** Whether s is at rest where it is: no velocity, and no force left above 10⁻⁸ of the force scale. */
    private static boolean atRest(MassSpringSystem s) {
        for (double v : s.v) {
            if (v != 0) {
                return false;
            }
        }
        double[] f = new double[s.x.length];
        Forces.compute(s, s.x, s.v, f);
        double scale = 0;
        for (int sp = 0; sp < s.springCount(); sp++) {
            scale = Math.max(scale, s.stiffness(sp) * s.restLength(sp));
        }
        for (int i = 0; i < s.particleCount(); i++) {
            scale = Math.max(scale, s.mass(i) * Math.sqrt(s.gravity(0) * s.gravity(0) + s.gravity(1) * s.gravity(1)
                    + s.gravity(2) * s.gravity(2)));
        }
        for (int i = 0; i < s.particleCount(); i++) {
            if (!s.isPinned(i) && Math.sqrt(f[3 * i] * f[3 * i] + f[3 * i + 1] * f[3 * i + 1]
                    + f[3 * i + 2] * f[3 * i + 2]) > REST_FORCE * scale) {
                return false;
            }
        }
        return true;
    }

    /** Runs the system (unperturbed) at the safe step h for the periods and records its extremes. */
    private static Reference reference(Supplier<MassSpringSystem> fresh, Supplier<Integrator> make, double h,
                                       double period, Options o) {
        MassSpringSystem s = fresh.get();
        Integrator step = make.get();
        Observables obs = new Observables();
        obs.measure(s);
        double strain = obs.maxStrain;
        double motion = obs.elastic + obs.internalKinetic;
        long steps = Math.min((long) Math.ceil(o.periods() * period / h), o.maxSteps());
        for (long k = 0; k < steps; k++) {
            step.step(s, h);
            obs.measure(s);
            if (!obs.isFinite()) {
                break;
            }
            strain = Math.max(strain, obs.maxStrain);
            motion = Math.max(motion, obs.elastic + obs.internalKinetic);
        }
        return new Reference(strain, motion);
    }

    private static boolean bounded(Supplier<MassSpringSystem> fresh, Supplier<Integrator> make, double h,
                                   double period, long minSteps, Reference reference, Warm warm, Options o,
                                   int[] trials, Progress progress, Trials told) {
        boolean bounded = trial(fresh, make, h, period, minSteps, reference, warm, o, trials, progress);
        told.trial(h, bounded);
        return bounded;
    }

    private static boolean trial(Supplier<MassSpringSystem> fresh, Supplier<Integrator> make, double h,
                                 double period, long minSteps, Reference reference, Warm warm, Options o,
                                 int[] trials, Progress progress) {
        progress.at(String.format(java.util.Locale.ROOT, "run %d, Δt = %.4g s", trials[0] + 1, h), trials[0], -1);
        trials[0]++;
        if (reference != null) {
            return boundedAgainst(reference, fresh, make, h, period, minSteps, o);
        }
        MassSpringSystem ref = fresh.get();
        MassSpringSystem twin = fresh.get();
        perturb(twin, o.perturbation());
        double omega2 = Math.pow(2 * Math.PI / period, 2);
        warm.add(ref, twin, omega2);
        Integrator refStep = make.get();
        Integrator twinStep = make.get();
        Observables obs = new Observables();
        obs.measure(ref);
        double scale = obs.elastic + obs.internalKinetic + gravityScale(ref);
        // a breakdown is a strain beyond the start's: a hanging chain's springs start stretched
        double strainCap = obs.maxStrain + STRAIN_LIMIT;
        double d0 = distance(ref, twin, omega2);
        if (!(d0 > 0)) {
            d0 = Double.MIN_NORMAL;
        }
        long steps = Math.max((long) Math.ceil(o.periods() * period / h), minSteps);
        steps = Math.min(steps, o.maxSteps());
        for (long k = 0; k < steps; k++) {
            refStep.step(ref, h);
            twinStep.step(twin, h);
            if (k % 8 == 7 || k == steps - 1) {
                obs.measure(ref);
                double d = distance(ref, twin, omega2);
                if (!obs.isFinite() || !(d <= o.growth() * d0) || obs.maxStrain > strainCap
                        || obs.elastic + obs.internalKinetic > o.growth() * Math.max(scale, d0)) {
                    warm.keep(ref, twin);
                    return false;
                }
            }
        }
        return true;
    }

    /** A trial of a moving system: the perturbed run must stay within the reference run's extremes. */
    private static boolean boundedAgainst(Reference ref, Supplier<MassSpringSystem> fresh, Supplier<Integrator> make,
                                          double h, double period, long minSteps, Options o) {
        MassSpringSystem s = fresh.get();
        perturb(s, o.perturbation());
        Integrator step = make.get();
        Observables obs = new Observables();
        obs.measure(s);
        double scale = obs.elastic + obs.internalKinetic + gravityScale(s);
        double energyCap = REFERENCE_ENERGY_FACTOR * Math.max(ref.maxMotion(), scale);
        double strainCap = REFERENCE_STRAIN_FACTOR * ref.maxStrain() + STRAIN_MARGIN;
        long steps = Math.min(Math.max((long) Math.ceil(o.periods() * period / h), minSteps), o.maxSteps());
        for (long k = 0; k < steps; k++) {
            step.step(s, h);
            if (k % 8 == 7 || k == steps - 1) {
                obs.measure(s);
                if (!obs.isFinite() || obs.maxStrain > strainCap || obs.elastic + obs.internalKinetic > energyCap) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * The perturbation that grew in the last unbounded trial from rest, the difference of the twin
     * from the reference when the trial stopped: mostly the mode that grows fastest there. Near the
     * limit that is the mode that leaves the stability region first, so a trial that starts with
     * it (a power iteration on the step map carried from one trial to the next) sees its growth at
     * once instead of waiting for it to rise out of a perturbation spread over every degree of
     * freedom. The random part stays, {@code 1 − }{@value #WARM_SHARE} of the distance, so that no
     * mode is left out.
     */
    private static final class Warm {
        private double[] dx;
        private double[] dv;

        /** Keeps the twin's difference from the reference, when it is finite. */
        void keep(MassSpringSystem ref, MassSpringSystem twin) {
            double[] x = new double[ref.x.length];
            double[] v = new double[ref.v.length];
            for (int q = 0; q < x.length; q++) {
                x[q] = twin.x[q] - ref.x[q];
                v[q] = twin.v[q] - ref.v[q];
                if (!Double.isFinite(x[q]) || !Double.isFinite(v[q])) {
                    return;
                }
            }
            dx = x;
            dv = v;
        }

        /**
         * Adds the kept difference to the twin, scaled so that it makes {@value #WARM_SHARE} of the
         * twin's distance D from the reference (the random part the rest); nothing when none is kept.
         */
        void add(MassSpringSystem ref, MassSpringSystem twin, double omega2) {
            if (dx == null || dx.length != ref.x.length) {
                return;
            }
            double random = distance(ref, twin, omega2);
            double kept = energy(ref, dx, dv, omega2);
            if (!(kept > 0) || !(random > 0)) {
                return;
            }
            double c = Math.sqrt(WARM_SHARE / (1 - WARM_SHARE) * random / kept);
            for (int i = 0; i < ref.particleCount(); i++) {
                if (ref.isPinned(i)) {
                    continue;
                }
                int q = 3 * i;
                twin.setParticleState(i, twin.x[q] + c * dx[q], twin.x[q + 1] + c * dx[q + 1],
                        twin.x[q + 2] + c * dx[q + 2], twin.v[q] + c * dv[q], twin.v[q + 1] + c * dv[q + 1],
                        twin.v[q + 2] + c * dv[q + 2]);
            }
        }
    }

    /** ½ Σ m_i (|dv_i|² + ω² |dx_i|²) over the free particles of {@code s}; in J. */
    private static double energy(MassSpringSystem s, double[] dx, double[] dv, double omega2) {
        double d = 0;
        for (int i = 0; i < s.particleCount(); i++) {
            if (s.isPinned(i)) {
                continue;
            }
            double sum = 0;
            for (int k = 0; k < 3; k++) {
                int q = 3 * i + k;
                sum += dv[q] * dv[q] + omega2 * dx[q] * dx[q];
            }
            d += 0.5 * s.mass(i) * sum;
        }
        return d;
    }

    /** ½ Σ m_i (|v_i − v'_i|² + ω² |x_i − x'_i|²) over the free particles; in J. */
    private static double distance(MassSpringSystem a, MassSpringSystem b, double omega2) {
        double d = 0;
        for (int i = 0; i < a.particleCount(); i++) {
            if (a.isPinned(i)) {
                continue;
            }
            double sum = 0;
            for (int k = 0; k < 3; k++) {
                int q = 3 * i + k;
                double dv = a.v[q] - b.v[q];
                double dx = a.x[q] - b.x[q];
                sum += dv * dv + omega2 * dx * dx;
            }
            d += 0.5 * a.mass(i) * sum;
        }
        return d;
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
