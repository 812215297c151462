package dev.hooke.bench;

import dev.hooke.core.integrate.BackwardEuler;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.Scenes;
import dev.hooke.core.sim.Simulation;
import dev.hooke.core.solve.SolverKind;
import java.util.Locale;

/**
 * The cost of self-collision on the benchmark's 64 × 64 cloth: two runs of the same hanging cloth
 * with backward Euler (CG) at Δt = 1/60 s, one with self-collision at the default thickness and one
 * without, stepped alternately so that they share the machine's load; the difference of the
 * median step times is what the spatial hash and the pair search cost (the hanging cloth has no
 * pairs within its thickness, so nothing is resolved: this is the price of looking).
 */
final class SelfCollisionBench {

    /** Particles along the cloth's edge. */
    static final int SIZE = 64;

    private SelfCollisionBench() {
    }

    /** Measures and returns the report's section (markdown, ending with a blank line). */
    static String section(BenchConfig config, double dt) {
        SceneSpec spec = Benchmark.cloth(SIZE);
        MassSpringSystem on = Scenes.build(spec.copy().selfCollision(true).thickness(SceneSpec.DEFAULT_THICKNESS));
        MassSpringSystem off = Scenes.build(spec.copy());
        Simulation with = new Simulation(on, new BackwardEuler(Benchmark.implicitOptions(SolverKind.CG)), dt);
        Simulation without = new Simulation(off, new BackwardEuler(Benchmark.implicitOptions(SolverKind.CG)), dt);
        with.integrator().setThreads(1);
        without.integrator().setThreads(1);
        int warm = (int) Math.round(config.warmupSeconds() / dt);
        int steps = Math.max(1, (int) Math.round(config.implicitSeconds() / dt));
        for (int i = 0; i < warm; i++) {
            with.step();
            without.step();
        }
        Samples a = new Samples(steps);
        Samples b = new Samples(steps);
        for (int i = 0; i < steps; i++) {
            long t0 = System.nanoTime();
            with.step();
            long t1 = System.nanoTime();
            without.step();
            long t2 = System.nanoTime();
            a.add((t1 - t0) * 1e-6);
            b.add((t2 - t1) * 1e-6);
        }
        StringBuilder sb = new StringBuilder();
        sb.append("## Self-collision\n\n");
        sb.append(String.format(Locale.ROOT, "The %d×%d cloth hanging, backward Euler (CG) at Δt = %.4g s on one thread, "
                + "%d steps after %d to warm up, with and without self-collision (thickness %s m), alternating step by step.%n%n",
                SIZE, SIZE, dt, steps, warm, SceneSpec.DEFAULT_THICKNESS));
        sb.append("| scene | particles | step p50 without (ms) | step p50 with (ms) | self-collision (ms per step) | exploded |\n");
        sb.append("|---|---:|---:|---:|---:|---|\n");
        sb.append(String.format(Locale.ROOT, "| %d×%d cloth | %d | %.3f | %.3f | %.3f | %s |%n%n", SIZE, SIZE,
                on.particleCount(), b.median(), a.median(), a.median() - b.median(),
                with.exploded() || without.exploded() ? "yes" : "no"));
        return sb.toString();
    }
}
