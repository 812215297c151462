package dev.hooke.cli;

import dev.hooke.bench.BenchConfig;
import dev.hooke.bench.Benchmark;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.solve.PreconditionerKind;
import dev.hooke.core.parallel.Team;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code hooke bench}: what a step costs, per scene and integrator, with three baselines, printed
 * as Markdown tables (see {@link Benchmark}). Its own options: it builds its own scenes, the
 * cloths and chain of {@link dev.hooke.bench.BenchConfig#full()}, and does not take the scene or
 * integrator options of {@code run}.
 */
@Command(name = "bench", mixinStandardHelpOptions = true, sortOptions = false, versionProvider = HookeCli.Version.class,
        description = "Times the integrators on cloths and a chain, with baselines (EJML's sparse Cholesky, "
                + "Hipparchus's Runge-Kutta, a STREAM triad), and prints Markdown tables. The full run takes minutes.",
        footerHeading = "%n",
        footer = {"Times are wall-clock medians on this machine and vary with its load; --quick only checks "
                + "that everything runs.",
                "Exit codes: 0 done, 2 bad usage."})
final class BenchCommand implements Callable<Integer> {

    /** The largest cloth edge accepted by --sizes. */
    static final int MAX_SIZE = 300;

    @Spec
    CommandSpec spec;

    @Option(names = "--quick", description = "A run of a few seconds on small scenes (sets the defaults of the other options).")
    boolean quick;

    @Option(names = "--sizes", paramLabel = "N[,N...]", split = ",", converter = Converters.PositiveInt.class,
            description = "Cloth edges in particles (default: 32,64,100,128).")
    List<Integer> sizes;

    @Option(names = "--chain", paramLabel = "NODES", converter = Converters.NonNegativeInt.class,
            description = "Nodes of the chain, 0 for none, at most 100000 (default: 1000).")
    Integer chain;

    @Option(names = "--steps", paramLabel = "N", converter = Converters.PositiveInt.class,
            description = "Measured steps of each explicit integrator, after as many to warm up (default: 1000).")
    Integer steps;

    @Option(names = "--seconds", paramLabel = "S", converter = Converters.PositiveDouble.class,
            description = "Simulated seconds measured for backward Euler with CG, at Δt = 1/60 s (default: 2).")
    Double seconds;

    @Option(names = "--warmup", paramLabel = "S", converter = BenchCommand.NonNegativeSeconds.class,
            description = "Simulated seconds of backward Euler before that, while the cloth comes to hang (default: 10).")
    Double warmup;

    @Option(names = "--cholesky-max", paramLabel = "N", converter = Converters.NonNegativeInt.class,
            description = "The largest cloth edge on which the direct solver runs (default: 64; it grows as N⁴).")
    Integer choleskyMax;

    @Option(names = "--threads", paramLabel = "N[,N...]", split = ",", converter = Converters.PositiveInt.class,
            description = "Thread counts to compare, each step alternating between them (default: 1 and the "
                    + "engine's default, " + "at most " + Team.MAX_SIZE + ").")
    List<Integer> threads;

    @Option(names = "--precond", paramLabel = "ID[,ID...]", split = ",",
            description = "Preconditioners of backward Euler with CG, one set of rows each (default: the engine's "
                    + "default, two-level, and ssor); from: none, jacobi, block-jacobi, two-level, ssor, multilevel.")
    List<String> preconditioners;

    @Option(names = "--implicit-only", description = "Leave out the explicit and position-based integrators.")
    boolean implicitOnly;

    @Option(names = "--phases-only", description = "Only the cloths while they move (steps 10-130 from rest) and "
            + "once they hang (steps 600-720): backward Euler per preconditioner, fast mass-springs per ordering.")
    boolean phasesOnly;

    @Override
    public Integer call() {
        BenchConfig config = quick ? BenchConfig.quick() : BenchConfig.full();
        if (sizes != null) {
            int[] s = new int[sizes.size()];
            for (int i = 0; i < s.length; i++) {
                int n = sizes.get(i);
                if (n < 2 || n > MAX_SIZE) {
                    throw new UsageException(spec.commandLine(), "--sizes: each size must be from 2 to " + MAX_SIZE
                            + ", got " + n);
                }
                s[i] = n;
            }
            config = config.withClothSizes(s);
        }
        if (chain != null) {
            if (chain == 1 || chain > SceneSpec.MAX_PARTICLES) {
                throw new UsageException(spec.commandLine(), "--chain: must be 0 (no chain) or from 2 to "
                        + SceneSpec.MAX_PARTICLES + ", got " + chain);
            }
            config = config.withChainNodes(chain);
        }
        config = config.withLengths(steps != null ? steps : config.explicitSteps(),
                seconds != null ? seconds : config.implicitSeconds(), warmup != null ? warmup : config.warmupSeconds());
        if (choleskyMax != null) {
            config = config.withCholeskyMaxSize(choleskyMax);
        }
        if (threads != null) {
            int[] t = new int[threads.size()];
            for (int i = 0; i < t.length; i++) {
                int n = threads.get(i);
                if (n > Team.MAX_SIZE) {
                    throw new UsageException(spec.commandLine(), "--threads: each count must be from 1 to "
                            + Team.MAX_SIZE + ", got " + n);
                }
                t[i] = n;
            }
            config = config.withThreads(t);
        }
        if (preconditioners != null) {
            PreconditionerKind[] kinds = new PreconditionerKind[preconditioners.size()];
            for (int i = 0; i < kinds.length; i++) {
                try {
                    kinds[i] = PreconditionerKind.fromId(preconditioners.get(i));
                } catch (IllegalArgumentException e) {
                    throw new UsageException(spec.commandLine(), "--precond: " + e.getMessage());
                }
            }
            config = config.withPreconditioners(kinds);
        }
        config = config.withImplicitOnly(implicitOnly).withPhasesOnly(phasesOnly);
        PrintWriter out = spec.commandLine().getOut();
        try (ProgressLine progress = ProgressLine.onTerminal("bench")) {
            Benchmark.run(config, out, progress);
        }
        out.flush();
        return 0;
    }

    /** A finite number of seconds &gt;= 0. */
    static final class NonNegativeSeconds implements ITypeConverter<Double> {
        @Override
        public Double convert(String value) {
            double d;
            try {
                d = Double.parseDouble(value);
            } catch (NumberFormatException e) {
                throw new TypeConversionException("must be a finite number >= 0, got " + value);
            }
            if (!(d >= 0) || !Double.isFinite(d)) {
                throw new TypeConversionException("must be a finite number >= 0, got " + value);
            }
            return d;
        }
    }
}
