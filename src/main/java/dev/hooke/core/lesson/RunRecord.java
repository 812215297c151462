package dev.hooke.core.lesson;

import dev.hooke.core.integrate.ImplicitOptions;
import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.integrate.SolverStats;
import dev.hooke.core.observe.Observables;
import dev.hooke.core.sim.ExplosionReport;
import dev.hooke.core.sim.Simulation;
import dev.hooke.core.solve.SolveOutcome;
import dev.hooke.core.solve.SolverKind;
import java.util.Arrays;

/**
 * What one run measured, step by step, from the simulation: the statistics the checks read, and
 * a thinned energy series for charts. Filled by the runner while it steps; read-only afterwards.
 *
 * <pre>
 *   E(t)          = K + U_el + U_g                         total mechanical energy, J
 *   step ratio    = E(n+1) / E(n)                          (steps with E(n) = 0 are skipped)
 *   energy ratio  = E(t) / E(start)
 *   drift         = max |E(t) + W_d(t) − E(start) − W_d(start)| / |E(start)|
 * </pre>
 *
 * <p>For an implicit integrator it also sums the {@link SolverStats} the integrator reports after
 * every step: CG iterations (mean, largest, total), Newton iterations, and the steps whose solve
 * did not converge or met a matrix that is not positive definite, with the first of each.
 */
public final class RunRecord {

    /** The most points kept in the energy series (longer runs are thinned evenly). */
    public static final int MAX_SAMPLES = 4000;

    /**
     * |E(start)| at or below this fraction of the simulation's energy scale E_ref counts as zero:
     * ratios to it are undefined. A cloth lying flat at rest at y = 0 has E = 0 J up to the
     * rounding of its springs' lengths (about 10⁻²⁶ J), which would make any ratio meaningless.
     */
    public static final double NEGLIGIBLE_ENERGY = 1e-12;

    private final IntegratorKind integrator;
    private final String label;
    private final ImplicitOptions options;
    private final double dt;
    private final double startTime;
    private final boolean startedExploded;
    private final double e0;
    private final boolean e0Negligible;
    private final double b0;
    private final SpringOracle oracle;
    private final Text oracleMissing;
    private final int stride;

    private double endTime;
    private long steps;
    private ExplosionReport explosion;
    private double prevE;
    private double minStepRatio = Double.POSITIVE_INFINITY;
    private double maxStepRatio = Double.NEGATIVE_INFINITY;
    private long stepRatios;
    private double minRatio = 1;
    private double maxRatio = 1;
    private double maxDrift;
    private double maxStrain;
    private final int torn0;
    private int tornEnd;
    private double maxError;
    private double prevU;
    private int crossings;
    private long solves;
    private long iterationSum;
    private int iterationMax;
    private long newtonSum;
    private long unconverged;
    private long firstUnconvergedStep;
    private double firstUnconvergedTime = Double.NaN;
    private SolveOutcome firstFailure;
    private long indefinite;
    private long firstIndefiniteStep;
    private double firstIndefiniteTime = Double.NaN;
    private double maxFinalResidual;
    private double endEnergy;

    private double[] sampleT = new double[64];
    private double[] sampleE = new double[64];
    private int samples;

    /**
     * @param label   the run's name in the lesson, or null
     * @param options the solver settings of an implicit integrator, or null for another method
     */
    RunRecord(Simulation sim, long plannedSteps, String label, ImplicitOptions options) {
        this.integrator = sim.integratorKind();
        this.label = label;
        this.options = integrator.isImplicit() ? options : null;
        this.dt = sim.dt();
        this.startTime = sim.time();
        this.startedExploded = sim.exploded();
        Observables o = sim.observables();
        this.e0 = o.total();
        this.e0Negligible = Math.abs(e0) <= NEGLIGIBLE_ENERGY * sim.energyScale();
        this.b0 = o.balance();
        this.prevE = e0;
        this.endEnergy = e0;
        this.endTime = startTime;
        this.maxStrain = o.maxStrain;
        this.torn0 = o.torn;
        this.tornEnd = o.torn;
        this.stride = (int) Math.max(1, (plannedSteps + MAX_SAMPLES - 1) / MAX_SAMPLES);
        Text missing = SpringOracle.unavailable(sim.system());
        this.oracleMissing = missing;
        this.oracle = missing == null ? SpringOracle.of(sim.system(), startTime) : null;
        this.prevU = oracle == null ? 0 : oracle.displacement(sim.system());
        sample(startTime, e0);
    }

    /** Takes in the state after one step. */
    void observe(Simulation sim) {
        steps++;
        endTime = sim.time();
        Observables o = sim.observables();
        double e = o.total();
        if (prevE != 0) {
            double r = e / prevE;
            minStepRatio = Math.min(minStepRatio, r);
            maxStepRatio = Math.max(maxStepRatio, r);
            stepRatios++;
        }
        prevE = e;
        endEnergy = e;
        if (!e0Negligible) {
            double r = e / e0;
            minRatio = Math.min(minRatio, r);
            maxRatio = Math.max(maxRatio, r);
            maxDrift = Math.max(maxDrift, Math.abs(o.balance() - b0) / Math.abs(e0));
        }
        maxStrain = Math.max(maxStrain, o.maxStrain);
        tornEnd = o.torn;
        if (oracle != null) {
            double u = oracle.displacement(sim.system());
            maxError = Math.max(maxError, Math.abs(u - oracle.exact(endTime)));
            if (u != 0) {
                if (prevU * u < 0) {
                    crossings++;
                }
                prevU = u;
            }
        }
        SolverStats st = sim.integrator().solverStats();
        if (st != null) {
            solves++;
            iterationSum += st.iterations;
            iterationMax = Math.max(iterationMax, st.iterations);
            newtonSum += st.newtonIterations;
            if (!Double.isNaN(maxFinalResidual) && !(st.finalResidual <= maxFinalResidual)) {
                maxFinalResidual = st.finalResidual;
            }
            if (!st.converged) {
                if (unconverged++ == 0) {
                    firstUnconvergedStep = steps;
                    firstUnconvergedTime = endTime;
                    firstFailure = st.outcome;
                }
            }
            if (st.indefinite) {
                if (indefinite++ == 0) {
                    firstIndefiniteStep = steps;
                    firstIndefiniteTime = endTime;
                }
            }
        }
        if (steps % stride == 0) {
            sample(endTime, e);
        }
    }

    /** Closes the record after the last step. */
    void finish(Simulation sim) {
        explosion = sim.explosion();
        if (steps % stride != 0 && steps > 0) {
            sample(endTime, endEnergy);
        }
    }

    private void sample(double t, double e) {
        if (samples == sampleT.length) {
            sampleT = Arrays.copyOf(sampleT, samples * 2);
            sampleE = Arrays.copyOf(sampleE, samples * 2);
        }
        sampleT[samples] = t;
        sampleE[samples] = e;
        samples++;
    }

    // ------------------------------------------------------------------ read

    /** The method. */
    public IntegratorKind integrator() {
        return integrator;
    }

    /**
     * The run's name: the {@code label} of its run action, the integrator's id for a run of a
     * compare action, or null.
     */
    public String label() {
        return label;
    }

    /** The solver settings of an implicit integrator's run, or null for another method. */
    public ImplicitOptions solverOptions() {
        return options;
    }

    /** Whether the run's linear solves were conjugate gradients (an implicit integrator with solver cg). */
    public boolean usesCg() {
        return options != null && options.solver() == SolverKind.CG;
    }

    /** Δt; in s. */
    public double dt() {
        return dt;
    }

    /** t at the start of the run; in s. */
    public double startTime() {
        return startTime;
    }

    /** t at the end of the run; in s. */
    public double endTime() {
        return endTime;
    }

    /** How long the run lasted; in s. */
    public double duration() {
        return endTime - startTime;
    }

    /** The number of steps taken. */
    public long steps() {
        return steps;
    }

    /** Whether the simulation had exploded before the run began (then nothing ran). */
    public boolean startedExploded() {
        return startedExploded;
    }

    /** Whether the run exploded. */
    public boolean exploded() {
        return explosion != null;
    }

    /** The explosion report, or null. */
    public ExplosionReport explosion() {
        return explosion;
    }

    /** E at the start of the run; in J. */
    public double startEnergy() {
        return e0;
    }

    /**
     * Whether |E(start)| is negligible ({@value #NEGLIGIBLE_ENERGY} of the energy scale or less), so
     * that ratios to it are undefined.
     */
    public boolean startEnergyNegligible() {
        return e0Negligible;
    }

    /** E at the end of the run; in J. */
    public double endEnergy() {
        return endEnergy;
    }

    /** The smallest E(n+1)/E(n), or NaN when no step had E(n) ≠ 0. */
    public double minStepRatio() {
        return stepRatios == 0 ? Double.NaN : minStepRatio;
    }

    /** The largest E(n+1)/E(n), or NaN when no step had E(n) ≠ 0. */
    public double maxStepRatio() {
        return stepRatios == 0 ? Double.NaN : maxStepRatio;
    }

    /** The smallest E(t)/E(start) (1 at the start), or NaN when E(start) is negligible. */
    public double minEnergyRatio() {
        return e0Negligible ? Double.NaN : minRatio;
    }

    /** The largest E(t)/E(start), or NaN when E(start) is negligible. */
    public double maxEnergyRatio() {
        return e0Negligible ? Double.NaN : maxRatio;
    }

    /** The largest |E + W_d − (E + W_d)(start)| / |E(start)|, or NaN when E(start) is negligible. */
    public double maxDrift() {
        return e0Negligible ? Double.NaN : maxDrift;
    }

    /** The largest spring strain |l − L|/L seen; dimensionless. */
    public double maxStrain() {
        return maxStrain;
    }

    /** The springs that tore during the run (a cloth with a tear strain; 0 otherwise). */
    public int torn() {
        return tornEnd - torn0;
    }

    /** Why the closed-form comparison is not available, or null when it is. */
    public Text exactUnavailable() {
        return oracleMissing;
    }

    /** The largest |u − u_exact| over the run; in m (NaN when unavailable). */
    public double maxError() {
        return oracle == null ? Double.NaN : maxError;
    }

    /** How often the bob passed its equilibrium (−1 when unavailable). */
    public int crossings() {
        return oracle == null ? -1 : crossings;
    }

    /** The number of steps that reported a linear solve. */
    public long solves() {
        return solves;
    }

    /** The mean iterations per linear solve (NaN without solves). */
    public double meanIterations() {
        return solves == 0 ? Double.NaN : (double) iterationSum / solves;
    }

    /** The most iterations of one linear solve (0 without solves). */
    public int maxIterations() {
        return iterationMax;
    }

    /** The CG iterations of all the run's steps together. */
    public long totalIterations() {
        return iterationSum;
    }

    /** The Newton iterations (linear solves) of all the run's steps together. */
    public long totalNewtonIterations() {
        return newtonSum;
    }

    /** How many steps had a linear solve that did not converge. */
    public long unconvergedSteps() {
        return unconverged;
    }

    /** The 1-based step of the run where a solve first did not converge (0 when none). */
    public long firstUnconvergedStep() {
        return unconverged == 0 ? 0 : firstUnconvergedStep;
    }

    /** t after the step where a solve first did not converge; in s (NaN when none). */
    public double firstUnconvergedTime() {
        return firstUnconvergedTime;
    }

    /** How the first solve that did not converge ended, or null. */
    public SolveOutcome firstFailure() {
        return firstFailure;
    }

    /** How many steps met a matrix that is not positive definite. */
    public long indefiniteSteps() {
        return indefinite;
    }

    /** The 1-based step of the run where a matrix was first found not positive definite (0 when none). */
    public long firstIndefiniteStep() {
        return indefinite == 0 ? 0 : firstIndefiniteStep;
    }

    /** t after the step where a matrix was first found not positive definite; in s (NaN when none). */
    public double firstIndefiniteTime() {
        return firstIndefiniteTime;
    }

    /** The largest final relative residual ‖b − Ax‖/‖b‖ of a step's last solve (NaN if one was not finite). */
    public double maxFinalResidual() {
        return maxFinalResidual;
    }

    /** Times of the energy series; in s. */
    public double[] sampleTimes() {
        return Arrays.copyOf(sampleT, samples);
    }

    /** The energy series E(t); in J. */
    public double[] sampleEnergies() {
        return Arrays.copyOf(sampleE, samples);
    }
}
