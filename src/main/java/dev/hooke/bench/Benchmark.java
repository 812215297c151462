package dev.hooke.bench;

import dev.hooke.core.force.ForceEvaluator;
import dev.hooke.core.force.Forces;
import dev.hooke.core.integrate.BackwardEuler;
import dev.hooke.core.integrate.ImplicitOptions;
import dev.hooke.core.integrate.Integrator;
import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.integrate.Integrators;
import dev.hooke.core.integrate.PositionVerlet;
import dev.hooke.core.integrate.ProjectionIntegrator;
import dev.hooke.core.integrate.SolverStats;
import dev.hooke.core.io.Progress;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.parallel.Team;
import dev.hooke.core.scene.ClothPins;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.scene.Scenes;
import dev.hooke.core.sim.Simulation;
import dev.hooke.core.solve.ConjugateGradient;
import dev.hooke.core.solve.LinearSolveStats;
import dev.hooke.core.solve.PreconditionerKind;
import dev.hooke.core.solve.SolverKind;
import dev.hooke.core.solve.SparseCholesky;
import dev.hooke.core.solve.SystemMatrix;
import dev.hooke.core.stability.StabilityAnalysis;
import dev.hooke.core.stability.StabilityLimit;
import java.io.IOException;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Runs the benchmark and prints its report as Markdown tables.
 *
 * <h2>The scenes</h2>
 * Cloths of n × n particles, 1 m wide, 10⁻⁴ kg per particle, k_struct = 1000, k_shear = 500,
 * k_bend = 100 N/m, hanging in the x-y plane from their two top corners under gravity, and a
 * chain of the scene's defaults with the given number of nodes.
 *
 * <h2>What a row measures</h2>
 * One {@link Simulation} per scene and integrator, its integrator wrapped so that the step alone
 * is timed too: "step" is {@link Integrator#step} by itself, "sim step" is
 * {@link Simulation#step()} (the step plus ground contacts, observables and the explosion check).
 * Explicit integrators run at half their predicted stability limit (explicit Euler, unstable at
 * every Δt without damping, at 0.01/ω_max), as many steps to warm up as are measured. Implicit
 * ones run at Δt = 1/60 s with CG ({@link #DEFAULT_PRECONDITIONER} or the preconditioners asked for,
 * relative tolerance 10⁻³, warm start, one Newton
 * iteration), first for {@link BenchConfig#warmupSeconds()} simulated seconds, in which the cloth
 * comes to hang; the direct solver only on cloths up to {@link BenchConfig#choleskyMaxSize()}.
 * The CG iterations per step are given as their mean and their median: the step's time is a
 * median, and with block-Jacobi on the hanging cloth the iterations vary widely from step to step
 * (on the 100 × 100 cloth a median of 21 but a mean of 39, some steps taking 90), so the
 * solve's median divided by the mean iterations understates the cost of an iteration.
 * The split of an implicit step comes from {@link SolverStats}; for an explicit one "forces" is
 * the number of force evaluations per step times the median time of one. Bytes per step are the
 * bytes allocated over the measured steps by this thread and the engine's workers, divided by
 * the steps. When several thread counts are compared, the steps of one run alternate between
 * them (the results are the same bit for bit), so that they meet the same state and load.
 */
public final class Benchmark {

    /** Δt of the implicit integrators, in s. */
    public static final double IMPLICIT_DT = 1.0 / 60;
    /** CG's preconditioner in the benchmark unless others are asked for: the engine's default. */
    public static final PreconditionerKind DEFAULT_PRECONDITIONER = ImplicitOptions.defaults().preconditioner();
    /** CG's relative-residual tolerance in the benchmark. */
    public static final double CG_TOLERANCE = 1e-3;
    /** The Cholesky rows' warm-up steps. */
    private static final int CHOLESKY_WARMUP = 3;

    private final BenchConfig config;
    private final PrintWriter out;
    private final AllocationCounter allocation = new AllocationCounter();
    private final List<String> solveRows = new ArrayList<>();
    private final List<String> odeRows = new ArrayList<>();
    private SystemMatrix bandwidthMatrix;
    private String bandwidthScene;

    private final Progress progress;
    /** Measurements started so far. */
    private long measured;

    private Benchmark(BenchConfig config, PrintWriter out, Progress progress) {
        this.config = config;
        this.out = out;
        this.progress = progress;
    }

    /** Runs the benchmark, printing the report to {@code out} as it goes. */
    public static void run(BenchConfig config, PrintWriter out) {
        run(config, out, Progress.NONE);
    }

    /** As {@link #run(BenchConfig, PrintWriter)}, telling {@code progress} of each measurement it starts. */
    public static void run(BenchConfig config, PrintWriter out, Progress progress) {
        new Benchmark(config, out, progress).run();
    }

    /** The options of the implicit integrators in the benchmark. */
    public static ImplicitOptions implicitOptions(SolverKind solver) {
        return implicitOptions(solver, DEFAULT_PRECONDITIONER);
    }

    /** The options of the implicit integrators in the benchmark, with the given preconditioner. */
    public static ImplicitOptions implicitOptions(SolverKind solver, PreconditionerKind preconditioner) {
        return ImplicitOptions.defaults().withSolver(solver).withPreconditioner(preconditioner)
                .withTolerance(CG_TOLERANCE).withWarmStart(true).withNewtonIterations(1);
    }

    /** The cloth: n × n, 1 m, 10⁻⁴ kg per particle, k 1000/500/100 N/m, hanging from two corners. */
    public static SceneSpec cloth(int n) {
        return SceneSpec.of(SceneType.CLOTH).size(n).length(1).mass(1e-4).structuralStiffness(1000)
                .shearStiffness(500).bendStiffness(100).pins(ClothPins.CORNERS).verticalCloth(true);
    }

    private void run() {
        header();
        out.println();
        if (config.phasesOnly()) {
            out.print(PhaseBench.section(config, IMPLICIT_DT, progress));
            out.flush();
            return;
        }
        out.println("## Steps");
        out.println();
        out.println("| scene | particles | springs | integrator | Δt (s) | threads | step p50 (ms) | p10–p90 (ms) "
                + "| sim step p50 (ms) | CG it. mean | CG it. p50 | forces (ms) | assembly (ms) | solve (ms) | bytes/step |");
        out.println("|---|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        out.flush();
        for (int n : config.clothSizes()) {
            scene(n + "×" + n + " cloth", cloth(n), n <= config.choleskyMaxSize());
        }
        if (config.chainNodes() >= 2) {
            scene(config.chainNodes() + "-node chain", SceneSpec.of(SceneType.CHAIN).nodes(config.chainNodes()), true);
        }
        out.println();
        progress.at("self-collision, 64×64 cloth", measured++, -1);
        out.print(SelfCollisionBench.section(config, IMPLICIT_DT));
        out.print(PhaseBench.section(config, IMPLICIT_DT, progress));
        out.flush();
        out.println("## Baseline: EJML sparse Cholesky on the same linear system");
        out.println();
        out.println("The system of one backward-Euler step of the hanging scene after the measured run; CG from 0 "
                + "(" + DEFAULT_PRECONDITIONER.id() + ") at the benchmark's tolerance and at 1e-8, against EJML's factorisation and solve "
                + "(natural order; the first solve includes the symbolic analysis).");
        out.println();
        out.println("| scene | unknowns | CG tol 1e-3 (ms) | CG it. | CG tol 1e-8 (ms) | CG it. | Cholesky first (ms) "
                + "| Cholesky again (ms) | ‖x_CG − x_chol‖/‖x_chol‖ (tol 1e-8) |");
        out.println("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
        solveRows.forEach(out::println);
        out.println();
        out.println("## Baseline: Hipparchus ClassicalRungeKuttaIntegrator on the same equations");
        out.println();
        out.println("y = (x, v), y' = (v, M⁻¹F) with Hooke's forces, both at 0.9 of RK4's predicted limit; cost per "
                + "simulated second, against Hooke's RK4 at the same Δt and backward Euler (CG) at 1/60 s.");
        out.println();
        out.println("| scene | Δt (s) | steps | Hipparchus (s per sim. s) | Hooke RK4 (s per sim. s) | ratio "
                + "| Hooke backward Euler (s per sim. s) | largest difference in x (m) |");
        out.println("|---|---:|---:|---:|---:|---:|---:|---:|");
        odeRows.forEach(out::println);
        out.println();
        bandwidth();
        out.flush();
    }

    private void header() {
        Runtime rt = Runtime.getRuntime();
        OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        out.println("# Hooke benchmark");
        out.println();
        out.printf(Locale.ROOT, "- machine: %d CPUs (%s), %s %s (%s), max heap %.1f GiB, load average %.2f at the start%n",
                rt.availableProcessors(), cpuModel(), System.getProperty("java.vm.name"),
                System.getProperty("java.version"), System.getProperty("java.vm.vendor"),
                rt.maxMemory() / (double) (1L << 30), os.getSystemLoadAverage());
        out.printf(Locale.ROOT, "- cloth: n×n, 1 m wide, 1e-4 kg per particle, k_struct 1000, k_shear 500, k_bend 100 N/m, "
                + "hanging from its two top corners; chain: the chain scene's defaults%n");
        out.printf(Locale.ROOT, "- implicit: Δt = 1/60 s, CG tol %.0e, preconditioner %s, warm start, 1 Newton iteration; "
                + "%.3g s simulated to warm up, %.3g s measured (the direct solver: %d + %d steps)%n",
                CG_TOLERANCE, java.util.Arrays.toString(config.preconditionerList()), config.warmupSeconds(), config.implicitSeconds(), CHOLESKY_WARMUP, config.choleskySteps());
        out.printf(Locale.ROOT, "- explicit: Δt = half the predicted limit (explicit Euler: 0.01/ω_max), %d steps to warm up, "
                + "%d measured%n", config.explicitSteps(), config.explicitSteps());
        out.printf(Locale.ROOT, "- threads: %s, alternating step by step on one run (the results do not depend on the count)%n",
                java.util.Arrays.toString(config.threadCounts()));
        out.flush();
    }

    private static String cpuModel() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).trim();
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: fall through
        }
        return System.getProperty("os.arch");
    }

    // ------------------------------------------------------------------ one scene

    private void scene(String name, SceneSpec spec, boolean cholesky) {
        MassSpringSystem start = Scenes.build(spec);
        int[] threads = config.threadCounts();
        double omega = StabilityAnalysis.omegaMax(start);
        for (IntegratorKind kind : IntegratorKind.values()) {
            if (kind.isImplicit() || config.implicitOnly()) {
                continue;
            }
            Integrator integrator = Integrators.create(kind);
            if (kind.isUnconditionallyStable()) {
                // the position-based methods: one thread, at the implicit step's Δt, with their
                // default iterations (the iteration count is their cost)
                int warm = (int) Math.round(config.warmupSeconds() / IMPLICIT_DT);
                int steps = Math.max(1, (int) Math.round(config.implicitSeconds() / IMPLICIT_DT));
                Row row = measure(start.copy(), integrator, IMPLICIT_DT, warm, steps, new int[] {1})[0];
                String iterations = ((ProjectionIntegrator) integrator).iterations() + " iterations";
                row.note = row.note.isEmpty() ? iterations : iterations + ", " + row.note;
                print(name, start, kind.id(), IMPLICIT_DT, 1, row);
                continue;
            }
            double dt = explicitDt(start, kind, omega);
            int evaluations = kind == IntegratorKind.RK4 ? 4 : 1;
            Row[] rows = measure(start.copy(), integrator, dt, config.explicitSteps(), config.explicitSteps(), threads);
            for (int t = 0; t < rows.length; t++) {
                rows[t].forcesMs = evaluations * forceEvaluationMs(start, threads[t]);
                print(name, start, kind.id(), dt, threads[t], rows[t]);
            }
        }
        MassSpringSystem hanging = null;
        BackwardEuler cg = null;
        Row[] cgRows = null;
        int warm = (int) Math.round(config.warmupSeconds() / IMPLICIT_DT);
        int steps = Math.max(1, (int) Math.round(config.implicitSeconds() / IMPLICIT_DT));
        for (PreconditionerKind pc : config.preconditionerList()) {
            // the rows of the first (by default the only) preconditioner feed the baselines below
            MassSpringSystem run = start.copy();
            BackwardEuler be = new BackwardEuler(implicitOptions(SolverKind.CG, pc));
            Row[] rows = measure(run, be, IMPLICIT_DT, warm, steps * threads.length, threads);
            for (int t = 0; t < rows.length; t++) {
                print(name, start, "implicit-euler, CG, " + pc.id(), IMPLICIT_DT, threads[t], rows[t]);
            }
            if (cg == null) {
                hanging = run;
                cg = be;
                cgRows = rows;
            }
        }
        if (cholesky) {
            BackwardEuler direct = new BackwardEuler(implicitOptions(SolverKind.CHOLESKY));
            int[] one = {threads[threads.length - 1]};
            Row row = measure(start.copy(), direct, IMPLICIT_DT, CHOLESKY_WARMUP, config.choleskySteps(), one)[0];
            print(name, start, "implicit-euler, Cholesky", IMPLICIT_DT, one[0], row);
            solveRows.add(sameSystem(name, hanging));
        } else {
            solveRows.add(String.format(Locale.ROOT, "| %s | %d | – | – | – | – | skipped (larger than --cholesky-max %d) | – | – |",
                    name, 3 * free(start), config.choleskyMaxSize()));
        }
        odeRows.add(ode(name, start, cgRows[cgRows.length - 1]));
        if (bandwidthMatrix == null || spec.type() == SceneType.CLOTH && spec.size() <= 100) {
            bandwidthMatrix = cg.systemMatrix();
            bandwidthScene = name;
        }
    }

    private static double explicitDt(MassSpringSystem s, IntegratorKind kind, double omega) {
        double delta = kind == IntegratorKind.VERLET ? PositionVerlet.DEFAULT_DAMPING : 0;
        StabilityLimit limit = StabilityAnalysis.predictedLimit(s, kind, delta);
        double dtMax = limit.dtMax();
        if (dtMax > 0 && Double.isFinite(dtMax)) {
            return 0.5 * dtMax;
        }
        return 0.01 / omega;
    }

    private double forceEvaluationMs(MassSpringSystem s, int threads) {
        ForceEvaluator forces = new ForceEvaluator();
        forces.setThreads(threads);
        double[] f = new double[s.x.length];
        int repeats = Math.max(20, config.explicitSteps() / 5);
        Samples t = new Samples(repeats);
        for (int w = 0; w < 2; w++) {
            for (int i = 0; i < repeats; i++) {
                long t0 = System.nanoTime();
                forces.compute(s, s.x, s.v, f);
                long t1 = System.nanoTime();
                if (w == 1) {
                    t.add((t1 - t0) * 1e-6);
                }
            }
        }
        return t.median();
    }

    /** What one row measured. */
    private static final class Row {
        final Samples step;
        final Samples sim;
        final Samples iterations;
        final Samples forces;
        final Samples assembly;
        final Samples solve;
        double forcesMs = Double.NaN;
        double bytesPerStep = Double.NaN;
        String note = "";

        Row(int steps) {
            step = new Samples(steps);
            sim = new Samples(steps);
            iterations = new Samples(steps);
            forces = new Samples(steps);
            assembly = new Samples(steps);
            solve = new Samples(steps);
        }
    }

    /**
     * Warms up, then takes {@code steps} steps, step i on {@code threads[i % threads.length]}
     * threads: the results do not depend on the thread count, so the counts share one trajectory
     * and one machine load, and are compared fairly. One row per count.
     */
    private Row[] measure(MassSpringSystem s, Integrator integrator, double dt, int warmup, int steps, int[] threads) {
        TimedIntegrator timed = new TimedIntegrator(integrator);
        Simulation sim = new Simulation(s, timed, dt);
        progress.at(sim.integratorKind().id() + ", " + s.particleCount() + " particles", measured++, -1);
        Row[] rows = new Row[threads.length];
        for (int t = 0; t < rows.length; t++) {
            rows[t] = new Row(steps);
        }
        for (int i = 0; i < warmup; i++) {
            integrator.setThreads(threads[i % threads.length]);
            if (!sim.step()) {
                for (Row r : rows) {
                    r.note = "exploded in the warm-up";
                }
                return rows;
            }
        }
        allocation.start();
        int taken = 0;
        for (int i = 0; i < steps; i++) {
            Row row = rows[i % threads.length];
            integrator.setThreads(threads[i % threads.length]);
            long t0 = System.nanoTime();
            boolean ok = sim.step();
            long t1 = System.nanoTime();
            if (!ok) {
                for (Row r : rows) {
                    r.note = "exploded";
                }
                break;
            }
            taken++;
            row.sim.add((t1 - t0) * 1e-6);
            row.step.add(timed.lastNanos * 1e-6);
            SolverStats st = integrator.solverStats();
            if (st != null) {
                row.iterations.add(st.iterations);
                row.forces.add(st.forceSeconds * 1e3);
                row.assembly.add(st.assemblySeconds * 1e3);
                row.solve.add(st.solveSeconds * 1e3);
            }
        }
        long bytes = allocation.stop();
        if (bytes >= 0 && taken > 0) {
            for (Row r : rows) {
                r.bytesPerStep = bytes / (double) taken;
            }
        }
        return rows;
    }

    private void print(String scene, MassSpringSystem s, String method, double dt, int threads, Row r) {
        boolean implicit = r.iterations.count() > 0;
        double forces = implicit ? r.forces.median() : r.forcesMs;
        out.printf(Locale.ROOT, "| %s | %d | %d | %s | %s | %d | %s | %s–%s | %s | %s | %s | %s | %s | %s | %s |%s%n",
                scene, s.particleCount(), s.springCount(), method, Numbers.sig(dt, 3), threads,
                Numbers.ms(r.step.median()), Numbers.ms(r.step.quantile(0.1)), Numbers.ms(r.step.quantile(0.9)),
                Numbers.ms(r.sim.median()),
                implicit ? Numbers.fixed(r.iterations.mean(), 1) : "–",
                implicit ? Numbers.fixed(r.iterations.median(), 0) : "–",
                Numbers.ms(forces),
                implicit ? Numbers.ms(r.assembly.median()) : "–",
                implicit ? Numbers.ms(r.solve.median()) : "–",
                Double.isNaN(r.bytesPerStep) ? "n/a" : Numbers.fixed(r.bytesPerStep, 0),
                r.note.isEmpty() ? "" : " " + r.note);
        out.flush();
    }

    private static int free(MassSpringSystem s) {
        int n = 0;
        for (int i = 0; i < s.particleCount(); i++) {
            if (!s.isPinned(i)) {
                n++;
            }
        }
        return n;
    }

    // ------------------------------------------------------------------ baseline 1: the same system

    private String sameSystem(String name, MassSpringSystem s) {
        double tau = IMPLICIT_DT;
        SystemMatrix a = new SystemMatrix();
        int dim = a.prepare(s);
        double[] kv = new double[dim];
        double[] v0 = s.v.clone();
        for (int i = 0; i < s.particleCount(); i++) {
            if (s.isPinned(i)) {
                v0[3 * i] = 0;
                v0[3 * i + 1] = 0;
                v0[3 * i + 2] = 0;
            }
        }
        a.assemble(s, s.x, tau, true, v0, kv);
        double[] f = new double[s.x.length];
        Forces.compute(s, s.x, v0, f);
        double[] b = new double[dim];
        for (int j = 0, q = 0; q < dim; j++, q += 3) {
            int p = 3 * a.particleOfNode(j);
            for (int k = 0; k < 3; k++) {
                b[q + k] = tau * f[p + k] - tau * tau * kv[q + k];
            }
        }
        LinearSolveStats st = new LinearSolveStats();
        double[] xLoose = new double[dim];
        double[] xTight = new double[dim];
        double[] xChol = new double[dim];
        ConjugateGradient loose = new ConjugateGradient(DEFAULT_PRECONDITIONER.create(), CG_TOLERANCE, 100_000);
        ConjugateGradient tight = new ConjugateGradient(DEFAULT_PRECONDITIONER.create(), 1e-8, 100_000);
        Samples tLoose = new Samples(5);
        Samples tTight = new Samples(5);
        int itLoose = 0;
        int itTight = 0;
        for (int r = 0; r < 5; r++) {
            java.util.Arrays.fill(xLoose, 0);
            long t0 = System.nanoTime();
            loose.solve(a, b, xLoose, st);
            tLoose.add((System.nanoTime() - t0) * 1e-6);
            itLoose = st.iterations;
            java.util.Arrays.fill(xTight, 0);
            t0 = System.nanoTime();
            tight.solve(a, b, xTight, st);
            tTight.add((System.nanoTime() - t0) * 1e-6);
            itTight = st.iterations;
        }
        SparseCholesky chol = new SparseCholesky();
        long t0 = System.nanoTime();
        chol.solve(a, b, xChol, st);
        double first = (System.nanoTime() - t0) * 1e-6;
        Samples again = new Samples(3);
        for (int r = 0; r < 3; r++) {
            t0 = System.nanoTime();
            chol.solve(a, b, xChol, st);
            again.add((System.nanoTime() - t0) * 1e-6);
        }
        double diff = 0;
        double norm = 0;
        for (int q = 0; q < dim; q++) {
            diff += (xTight[q] - xChol[q]) * (xTight[q] - xChol[q]);
            norm += xChol[q] * xChol[q];
        }
        return String.format(Locale.ROOT, "| %s | %d | %s | %d | %s | %d | %s | %s | %s |", name, dim,
                Numbers.ms(tLoose.median()), itLoose, Numbers.ms(tTight.median()), itTight,
                Numbers.ms(first), Numbers.ms(again.median()), Numbers.sig(Math.sqrt(diff / norm), 2));
    }

    // ------------------------------------------------------------------ baseline 2: Hipparchus

    private String ode(String name, MassSpringSystem start, Row cgRow) {
        StabilityLimit limit = StabilityAnalysis.predictedLimit(start, IntegratorKind.RK4, 0);
        double dt = 0.9 * limit.dtMax();
        if (!(dt > 0 && Double.isFinite(dt))) {
            return String.format(Locale.ROOT, "| %s | – | – | – | – | – | – | no finite RK4 limit |", name);
        }
        HipparchusBaseline.Result r = HipparchusBaseline.compare(start, dt, config.hipparchusSteps());
        double be = cgRow.step.median() * 1e-3 / IMPLICIT_DT;
        return String.format(Locale.ROOT, "| %s | %s | %d | %s | %s | %s | %s | %s |", name, Numbers.sig(dt, 3), r.steps(),
                Numbers.sig(r.hipparchusPerSimulatedSecond(), 3), Numbers.sig(r.hookePerSimulatedSecond(), 3),
                Numbers.fixed(r.hipparchusPerSimulatedSecond() / r.hookePerSimulatedSecond(), 2),
                Numbers.sig(be, 3), Numbers.sig(r.maxDifference(), 2));
    }

    // ------------------------------------------------------------------ baseline 3: bandwidth

    private void bandwidth() {
        out.println("## Baseline: memory bandwidth (STREAM triad) and the matrix-vector product");
        out.println();
        int cpus = Runtime.getRuntime().availableProcessors();
        int threads = Math.max(1, Math.min(2, cpus));
        out.println("| what | data (MB) | 1 thread (GB/s) | " + threads + " threads (GB/s) |");
        out.println("|---|---:|---:|---:|");
        double dram1 = Double.NaN;
        double dramN = Double.NaN;
        try {
            StreamTriad big = new StreamTriad(config.triadLength());
            dram1 = big.bandwidth(1, 10);
            dramN = big.bandwidth(threads, 10);
            out.printf(Locale.ROOT, "| triad a = b + q·c, 3 × %d doubles | %.1f | %.2f | %.2f |%n", big.length(),
                    big.bytes() / 1e6, dram1 / 1e9, dramN / 1e9);
        } catch (OutOfMemoryError e) {
            out.println("| triad, large arrays | – | not enough heap | – |");
        }
        long productBytes = bandwidthMatrix == null ? 0 : bandwidthMatrix.productBytes();
        int small = (int) Math.max(1024, productBytes / 24);
        StreamTriad cached = new StreamTriad(small);
        double cache1 = cached.bandwidth(1, 10);
        double cacheN = cached.bandwidth(threads, 10);
        out.printf(Locale.ROOT, "| triad, 3 × %d doubles (the product's data) | %.1f | %.2f | %.2f |%n", small,
                cached.bytes() / 1e6, cache1 / 1e9, cacheN / 1e9);
        if (bandwidthMatrix != null) {
            double one = productSeconds(bandwidthMatrix, null, productBytes);
            Team team = threads > 1 ? new Team(threads) : null;
            double many = team == null ? Double.NaN : productSeconds(bandwidthMatrix, team, productBytes);
            bandwidthMatrix.setTeam(null);
            out.printf(Locale.ROOT, "| y = A u, %s (%d unknowns): %.1f µs per product, %s µs with %d threads | %.1f | %.2f | %s |%n",
                    bandwidthScene, bandwidthMatrix.dimension(), one * 1e6,
                    Double.isNaN(many) ? "–" : String.format(Locale.ROOT, "%.1f", many * 1e6), threads,
                    productBytes / 1e6, productBytes / one / 1e9,
                    Double.isNaN(many) ? "–" : String.format(Locale.ROOT, "%.2f", productBytes / many / 1e9));
            out.println();
            double gbs = productBytes / one;
            out.printf(Locale.ROOT, "The product reads or writes each of its arrays once, %d bytes; on one thread, at %.2f GB/s, "
                            + "it reaches %.0f %% of the large-array triad and %.0f %% of the triad on data of its own size.%n",
                    productBytes, gbs / 1e9, 100 * gbs / dram1, 100 * gbs / cache1);
        }
    }

    private static double productSeconds(SystemMatrix a, Team team, long bytes) {
        a.setTeam(team);
        int dim = a.dimension();
        double[] u = new double[dim];
        double[] y = new double[dim];
        for (int q = 0; q < dim; q++) {
            u[q] = Math.sin(q);
        }
        int repeats = Math.max(20, (int) Math.min(2000, 2e8 / Math.max(1, bytes)));
        Samples t = new Samples(repeats);
        for (int w = 0; w < 2; w++) {
            for (int r = 0; r < repeats; r++) {
                long t0 = System.nanoTime();
                a.multiply(u, y);
                long t1 = System.nanoTime();
                if (w == 1) {
                    t.add((t1 - t0) * 1e-9);
                }
            }
        }
        return t.median();
    }
}
