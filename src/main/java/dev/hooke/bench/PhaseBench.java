package dev.hooke.bench;

import dev.hooke.core.integrate.BackwardEuler;
import dev.hooke.core.integrate.FastMassSpring;
import dev.hooke.core.integrate.Integrator;
import dev.hooke.core.integrate.SolverStats;
import dev.hooke.core.io.Progress;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.scene.Scenes;
import dev.hooke.core.sim.Simulation;
import dev.hooke.core.solve.FillReducingOrdering;
import dev.hooke.core.solve.PreconditionerKind;
import dev.hooke.core.solve.SolverKind;
import java.util.Locale;

/**
 * The cloths while they move and once they hang, from rest: backward Euler with CG for each
 * preconditioner, and Liu et al.'s fast mass-spring method for each fill-reducing ordering, each
 * from the cloth let go at t = 0, at Δt = 1/60 s.
 *
 * <p>Two windows of N steps are measured, N the steps of {@link BenchConfig#implicitSeconds()}
 * (120 by default): <b>moving</b>, steps {@value #MOVING_START} … {@value #MOVING_START} + N
 * after the release (the cloth swings and sags, the warm start helps least), and <b>hanging</b>,
 * steps {@value #HANGING_START} … {@value #HANGING_START} + N (10 s later, the cloth nearly
 * still). The steps of a run alternate between the thread counts as in the other rows. "step" is
 * the integrator's step alone. For backward Euler, "per iteration" is the median over the steps of
 * the solve's time over its CG iterations. For the fast mass-spring method, "per iteration" is the
 * median of the step's time over its local/global iterations (everything in the step counted),
 * and "back-substitution" the median of the time its solves with the prefactored Cholesky took,
 * per iteration; "factorisation" is the first step's ordering and factorisation. The fast
 * mass-spring runs (one per ordering, one thread) take their steps in turn, so that the orderings
 * are compared under the same load.
 */
final class PhaseBench {

    /** The first step of the moving window, counted from the release. */
    static final int MOVING_START = 10;
    /** The first step of the hanging window. */
    static final int HANGING_START = 600;

    private PhaseBench() {
    }

    /** What one window measured for one thread count. */
    private static final class Window {
        final Samples step;
        final Samples iterations;
        final Samples perIteration;
        final Samples substitution;

        Window(int steps) {
            step = new Samples(steps);
            iterations = new Samples(steps);
            perIteration = new Samples(steps);
            substitution = new Samples(steps);
        }
    }

    /** Measures every cloth of the configuration and returns the report's section (markdown, ending with a blank line). */
    static String section(BenchConfig config, double dt, Progress progress) {
        int steps = Math.max(1, (int) Math.round(config.implicitSeconds() / dt));
        int[] threads = config.threadCounts();
        StringBuilder sb = new StringBuilder();
        sb.append("## Moving and hanging\n\n");
        sb.append(String.format(Locale.ROOT, "Each cloth let go at t = 0, Δt = %.4g s; steps %d–%d (moving) and %d–%d "
                + "(hanging) after the release; threads %s alternating step by step (fast mass-springs: one thread).%n%n",
                dt, MOVING_START, MOVING_START + steps, HANGING_START, HANGING_START + steps,
                java.util.Arrays.toString(threads)));
        sb.append("| scene | integrator | threads | phase | step p50 (ms) | p10–p90 (ms) | it. mean | it. p50 "
                + "| per iteration p50 (ms) | back-substitution per it. p50 (ms) | nnz(L) | factorisation (ms) |\n");
        sb.append("|---|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (int n : config.clothSizes()) {
            String scene = n + "×" + n + " cloth";
            for (PreconditionerKind pc : config.preconditionerList()) {
                progress.at("moving and hanging, backward Euler, " + pc.id() + ", " + scene, -1, -1);
                BackwardEuler be = new BackwardEuler(Benchmark.implicitOptions(SolverKind.CG, pc));
                Window[][] w = run(Scenes.build(Benchmark.cloth(n)), be, dt, steps, threads);
                for (int p = 0; p < 2; p++) {
                    for (int t = 0; t < threads.length; t++) {
                        row(sb, scene, "implicit-euler, CG, " + pc.id(), threads[t], p, w[p][t], false, "–", "–");
                    }
                }
            }
            if (config.implicitOnly()) {
                continue;
            }
            progress.at("moving and hanging, fast mass-springs, " + scene, -1, -1);
            FillReducingOrdering[] orderings = FillReducingOrdering.values();
            FastMassSpring[] liu = new FastMassSpring[orderings.length];
            for (int o = 0; o < orderings.length; o++) {
                liu[o] = new FastMassSpring(orderings[o]);
            }
            double[] factorMs = new double[orderings.length];
            Window[][] w = runInterleaved(n, liu, dt, steps, factorMs);
            for (int o = 0; o < orderings.length; o++) {
                String name = "fast-mass-spring, " + liu[o].iterations() + " it., "
                        + (orderings[o] == FillReducingOrdering.NESTED_DISSECTION ? "nested dissection" : "RCM");
                for (int p = 0; p < 2; p++) {
                    row(sb, scene, name, 1, p, w[p][o], true, Integer.toString(liu[o].factorNonZeros()),
                            Numbers.ms(factorMs[o]));
                }
            }
        }
        sb.append('\n');
        return sb.toString();
    }

    /** Runs the cloth from rest to the end of the hanging window; returns the windows' samples, [phase][thread count]. */
    private static Window[][] run(MassSpringSystem s, Integrator integrator, double dt, int steps, int[] threads) {
        TimedIntegrator timed = new TimedIntegrator(integrator);
        Simulation sim = new Simulation(s, timed, dt);
        Window[][] w = windows(steps, threads.length);
        for (int i = 0; i < HANGING_START + steps; i++) {
            int t = i % threads.length;
            integrator.setThreads(threads[t]);
            if (!sim.step()) {
                break;
            }
            int phase = phase(i, steps);
            if (phase >= 0) {
                SolverStats st = integrator.solverStats();
                Window win = w[phase][t];
                win.step.add(timed.lastNanos * 1e-6);
                win.iterations.add(st.iterations);
                win.perIteration.add(st.solveSeconds * 1e3 / Math.max(1, st.iterations));
            }
        }
        return w;
    }

    /**
     * Runs one cloth per fast mass-spring integrator from rest to the end of the hanging window,
     * a step of each in turn, so that they meet the same machine load; returns the windows'
     * samples, [phase][integrator], and each integrator's first factorisation time in
     * {@code factorMs}, in ms.
     */
    private static Window[][] runInterleaved(int size, FastMassSpring[] liu, double dt, int steps, double[] factorMs) {
        TimedIntegrator[] timed = new TimedIntegrator[liu.length];
        Simulation[] sims = new Simulation[liu.length];
        for (int o = 0; o < liu.length; o++) {
            timed[o] = new TimedIntegrator(liu[o]);
            sims[o] = new Simulation(Scenes.build(Benchmark.cloth(size)), timed[o], dt);
        }
        Window[][] w = windows(steps, liu.length);
        for (int i = 0; i < HANGING_START + steps; i++) {
            int phase = phase(i, steps);
            for (int o = 0; o < liu.length; o++) {
                if (!sims[o].step()) {
                    continue;
                }
                if (i == 0) {
                    factorMs[o] = liu[o].lastFactorSeconds() * 1e3;
                }
                if (phase >= 0) {
                    Window win = w[phase][o];
                    double ms = timed[o].lastNanos * 1e-6;
                    int it = liu[o].iterations();
                    win.step.add(ms);
                    win.iterations.add(it);
                    win.perIteration.add(ms / it);
                    win.substitution.add(liu[o].lastSubstitutionSeconds() * 1e3 / it);
                }
            }
        }
        return w;
    }

    private static Window[][] windows(int steps, int columns) {
        Window[][] w = new Window[2][columns];
        for (int p = 0; p < 2; p++) {
            for (int c = 0; c < columns; c++) {
                w[p][c] = new Window(steps);
            }
        }
        return w;
    }

    /** 0 in the moving window, 1 in the hanging one, −1 outside both. */
    private static int phase(int step, int steps) {
        if (step >= MOVING_START && step < MOVING_START + steps) {
            return 0;
        }
        return step >= HANGING_START && step < HANGING_START + steps ? 1 : -1;
    }

    private static void row(StringBuilder sb, String scene, String method, int threads, int phase, Window w,
                            boolean substitution, String nnz, String factor) {
        sb.append(String.format(Locale.ROOT, "| %s | %s | %d | %s | %s | %s–%s | %s | %s | %s | %s | %s | %s |%n",
                scene, method, threads, phase == 0 ? "moving" : "hanging",
                Numbers.ms(w.step.median()), Numbers.ms(w.step.quantile(0.1)), Numbers.ms(w.step.quantile(0.9)),
                Numbers.fixed(w.iterations.mean(), 1), Numbers.fixed(w.iterations.median(), 0),
                Numbers.ms(w.perIteration.median()),
                substitution ? Numbers.ms(w.substitution.median()) : "–", nnz, factor));
    }
}
