package dev.hooke.core.sim;

import dev.hooke.core.integrate.Integrator;
import dev.hooke.core.integrate.PositionVerlet;
import dev.hooke.core.io.Progress;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.parallel.Team;
import dev.hooke.core.stability.StabilityAnalysis;
import java.util.SplittableRandom;
import java.util.function.Supplier;

/**
 * Measures the explosion Δt by bisection: the largest Δt whose run stays bounded, judged by the
 * rule a {@link Simulation} applies to every run (a value turning non-finite, the energy of motion
 * growing far past its scale, energy created that no force can supply, a cloth shattering above
 * the limit), together with, from rest, the growth of a small perturbation. Each trial is a
 * {@link Simulation} of the scene as it is, with its ground, sphere, wind, tearing and
 * self-collision, so a Δt measured here is one at which a run of the scene explodes.
 *
 * <h2>One trial at Δt, from rest</h2>
 * When the system starts at rest (no velocity, forces below {@value #REST_FORCE} of the weight
 * they must balance, {@link Simulation#restResidual}:
 * a scene without gravity, or an {@link dev.hooke.core.stability.Equilibrium}), two copies of the
 * system are built fresh and run side by side: the reference, as it is, and its twin, displaced by
 * a seeded random {@link Options#perturbation()} times the shortest rest length on every free
 * particle. The trial is unbounded when either run explodes, or when the twin's distance from the
 * reference grows: the energy norm D = ½ Σ m_i (|Δv_i|² + ω_max² |Δx_i|²) of the difference
 * exceeds {@link Options#growth()} times its start. That is the linear growth a stability analysis
 * predicts, seen long before the run itself blows up: just above an RK4 limit a hanging chain's
 * fastest mode saturates at a visible jitter instead of blowing up.
 *
 * <p>Trials near the limit start with the perturbation that grew in the last unbounded trial
 * ({@link Warm}, {@value #WARM_SHARE} of the distance, the seeded random one the rest): that is
 * mostly the mode that leaves the stability region first, so each trial continues a power
 * iteration on the step map and sees the mode's growth from its first step, instead of waiting
 * for it to rise out of a perturbation spread over every degree of freedom.
 *
 * <h2>One trial at Δt, from a moving start</h2>
 * A system that starts away from rest (a chain released under gravity) moves by itself, and a
 * chaotic motion separates from its twin at any Δt; the trial is then the run alone, from a
 * perturbed copy, unbounded when it explodes. The figure tells where runs of the scene explode, not
 * a linear limit at one state: the state changes along the way (a swinging chain bends, and a bent
 * chain's ω_max is lower than a straight one's), so it may lie above the limit predicted at the
 * start.
 *
 * <h2>How long</h2>
 * At least {@link Options#periods()} periods 2π/ω_max. Near the limit a mode may grow by very
 * little per step (explicit Euler with light damping: ρ − 1 ≈ 10⁻⁸ at 0.05 % above it), so when
 * a prediction is given the horizon is also long enough for the predicted growth per step ρ at
 * (1 + {@value #RESOLUTION})·prediction ({@link StabilityAnalysis#growthPerStep}) to reach the
 * threshold:
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
     * @param trials      the number of trials made (from rest, each runs the reference and its twin)
     * @param steps       the steps of one trial at the prediction (the horizon); 0 for none
     * @param cut         whether the horizon was cut at {@link Options#maxSteps()}
     */
    public record Result(double dtMax, double dtExploded, double omegaMax, int trials, long steps, boolean cut) {
    }

    /** A system whose forces are below this fraction of its weight (of k_s·L without gravity) is at rest. */
    public static final double REST_FORCE = 1e-8;
    /** The relative distance above the limit whose growth the horizon is sized to see. */
    public static final double RESOLUTION = 0.005;
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
    /** The steps a trial from rest takes between two looks at the twin's distance. */
    static final int BLOCK = 8;
    /**
     * From this many springs on, a trial from rest steps its reference and its twin on two threads
     * when two processors are there (a block of {@value #BLOCK} steps then takes far longer than a
     * fork and join of {@link Team}).
     */
    static final int PAIR_PARALLEL_MIN_SPRINGS = 100;
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
        int[] trials = {0};
        Warm warm = new Warm();
        // a prediction is bracketed closely: the bounded trials, which run the whole horizon, are
        // the cost, and a bracket that misses widens (halving, doubling) until it holds the limit
        boolean predicted = guess > 0 && Double.isFinite(guess);
        double lo = predicted ? start * (1 - BRACKET) : start / 2;
        double hi = predicted ? start * (1 + BRACKET) : start * 2;
        int guard = 0;
        while (!bounded(fresh, integrator, lo, period, minSteps, rest, warm, options, trials, progress, told)) {
            hi = lo;
            lo /= 2;
            if (++guard > MAX_HALVINGS) {
                return new Result(0, hi, omega, trials[0], minSteps, minSteps >= options.maxSteps());
            }
        }
        guard = 0;
        while (bounded(fresh, integrator, hi, period, minSteps, rest, warm, options, trials, progress, told)) {
            lo = hi;
            hi *= 2;
            if (++guard > 20) {
                return new Result(Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, omega, trials[0], minSteps,
                        minSteps >= options.maxSteps());
            }
        }
        while ((hi - lo) > options.relTolerance() * hi) {
            double mid = 0.5 * (lo + hi);
            if (bounded(fresh, integrator, mid, period, minSteps, rest, warm, options, trials, progress, told)) {
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

    /** Whether s is at rest where it is: no velocity, and no force left above {@value #REST_FORCE} of its weight. */
    private static boolean atRest(MassSpringSystem s) {
        return Simulation.restResidual(s) <= REST_FORCE;
    }

    private static boolean bounded(Supplier<MassSpringSystem> fresh, Supplier<Integrator> make, double h,
                                   double period, long minSteps, boolean rest, Warm warm, Options o,
                                   int[] trials, Progress progress, Trials told) {
        boolean bounded = trial(fresh, make, h, period, minSteps, rest, warm, o, trials, progress);
        told.trial(h, bounded);
        return bounded;
    }

    private static boolean trial(Supplier<MassSpringSystem> fresh, Supplier<Integrator> make, double h,
                                 double period, long minSteps, boolean rest, Warm warm, Options o,
                                 int[] trials, Progress progress) {
        progress.at(String.format(java.util.Locale.ROOT, "run %d, Δt = %.4g s", trials[0] + 1, h), trials[0], -1);
        trials[0]++;
        long steps = Math.min(Math.max((long) Math.ceil(o.periods() * period / h), minSteps), o.maxSteps());
        if (!rest) {
            // a moving start: the run itself, judged by the simulation's own explosion rule
            MassSpringSystem s = fresh.get();
            perturb(s, o.perturbation());
            Simulation run = new Simulation(s, make.get(), h);
            for (long k = 0; k < steps; k++) {
                if (!run.step()) {
                    return false;
                }
            }
            return true;
        }
        MassSpringSystem refSystem = fresh.get();
        MassSpringSystem twinSystem = fresh.get();
        perturb(twinSystem, o.perturbation());
        double omega2 = Math.pow(2 * Math.PI / period, 2);
        warm.add(refSystem, twinSystem, omega2);
        double d0 = distance(refSystem, twinSystem, omega2);
        if (!(d0 > 0)) {
            d0 = Double.MIN_NORMAL;
        }
        Pair pair = new Pair(new Simulation(refSystem, make.get(), h), new Simulation(twinSystem, make.get(), h));
        Team team = new Team(refSystem.springCount() >= PAIR_PARALLEL_MIN_SPRINGS && Team.availableSize() >= 2 ? 2 : 1);
        for (long k = 0; k < steps; k += pair.block) {
            pair.block = (int) Math.min(BLOCK, steps - k);
            team.run(pair);
            // either run exploding by the simulation's own rule, or the twin drawing away
            if (!pair.alive[0] || !pair.alive[1]) {
                return false;
            }
            double d = distance(refSystem, twinSystem, omega2);
            if (!(d <= o.growth() * d0)) {
                warm.keep(refSystem, twinSystem);
                return false;
            }
        }
        return true;
    }

    /**
     * The reference and its twin, stepped {@link #block} steps at a time: both on the calling
     * thread, or each on a member of a team of two (the runs are independent, so the outcome is
     * the same).
     */
    private static final class Pair implements Team.Job {
        private final Simulation[] runs;
        /** Whether each run is still sound after the last block. */
        final boolean[] alive = {true, true};
        /** The steps of the next block. */
        int block = BLOCK;

        Pair(Simulation ref, Simulation twin) {
            runs = new Simulation[] {ref, twin};
        }

        @Override
        public void run(int member, int members) {
            for (int r = member; r < runs.length; r += members) {
                for (int j = 0; j < block && alive[r]; j++) {
                    alive[r] = runs[r].step();
                }
            }
        }
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
            double[] zero = new double[dx.length];
            double kept = energyOf(ref, dx, zero, dv, zero, omega2);
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

    /** ½ Σ m_i (|v_i − v'_i|² + ω² |x_i − x'_i|²) over the free particles; in J. */
    private static double distance(MassSpringSystem a, MassSpringSystem b, double omega2) {
        return energyOf(a, a.x, b.x, a.v, b.v, omega2);
    }

    /**
     * ½ Σ m_i (|v_i − v0_i|² + ω² |x_i − x0_i|²) over the free particles of {@code s}: the energy
     * norm of the difference of two states; in J.
     */
    private static double energyOf(MassSpringSystem s, double[] x, double[] x0, double[] v, double[] v0,
                                   double omega2) {
        double d = 0;
        for (int i = 0; i < s.particleCount(); i++) {
            if (s.isPinned(i)) {
                continue;
            }
            double sum = 0;
            for (int k = 0; k < 3; k++) {
                int q = 3 * i + k;
                double dv = v[q] - v0[q];
                double dx = x[q] - x0[q];
                sum += dv * dv + omega2 * dx * dx;
            }
            d += 0.5 * s.mass(i) * sum;
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
}
