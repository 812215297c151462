package dev.hooke.cli;

import dev.hooke.core.integrate.ImplicitOptions;
import dev.hooke.core.integrate.Integrator;
import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.integrate.IntegratorSetting;
import dev.hooke.core.integrate.IntegratorSettings;
import dev.hooke.core.integrate.Integrators;
import dev.hooke.core.integrate.PositionVerlet;
import dev.hooke.core.integrate.ProjectionIntegrator;
import dev.hooke.core.solve.SolverKind;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * The integrator options, shared as a picocli mixin: {@code --integrator}, {@code --verlet-damping}
 * and the implicit integrators' solver options ({@link ImplicitOptions}: {@code --solver},
 * {@code --precond}, {@code --tol}, {@code --max-iter}, {@code --warm-start},
 * {@code --newton-iters}, {@code --clamp}) and the projection methods' {@code --iterations}.
 */
public final class IntegratorOptions {

    @Option(names = "--integrator", paramLabel = "NAME", defaultValue = "symplectic-euler",
            converter = Converters.Integrator.class, completionCandidates = Converters.IntegratorIds.class,
            description = "The integrator: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    IntegratorKind kind;

    @Option(names = "--verlet-damping", paramLabel = "DELTA", converter = Converters.UnitInterval.class,
            description = "Verlet only: δ in x+ = x + (1-δ)(x - x-) + a·Δt², in [0, 1) (default: "
                    + PositionVerlet.DEFAULT_DAMPING + ").")
    Double verletDamping;

    @Option(names = "--solver", paramLabel = "cg|cholesky",
            description = "Implicit only: the linear solver, conjugate gradients or EJML's sparse Cholesky (default: cg).")
    String solver;

    @Option(names = "--precond", paramLabel = "none|jacobi|block-jacobi|two-level|ssor|multilevel",
            description = "Implicit with cg: the preconditioner (default: two-level).")
    String precond;

    @Option(names = "--tol", paramLabel = "TOL",
            description = "Implicit only: the relative residual at which CG, and Newton, stop (default: "
                    + ImplicitOptions.DEFAULT_TOLERANCE + ").")
    String tol;

    @Option(names = "--max-iter", paramLabel = "N",
            description = "Implicit with cg: the most CG iterations per solve (default: "
                    + ImplicitOptions.DEFAULT_MAX_ITERATIONS + ").")
    String maxIter;

    @Option(names = "--warm-start", paramLabel = "true|false",
            description = "Implicit with cg: start CG from the previous step's solution (default: true).")
    String warmStart;

    @Option(names = "--newton-iters", paramLabel = "N",
            description = "Implicit only: the most Newton iterations per step; 1 is the linearised step (default: 1). "
                    + "A step whose pinned or contact-held particles changed takes at least 2.")
    String newtonIters;

    @Option(names = "--clamp", paramLabel = "true|false",
            description = "Implicit only: Choi & Ko's clamp max(0, 1 - L/l) on the compressed springs' transverse "
                    + "stiffness in the matrix, which keeps it positive definite; the right-hand side keeps the true "
                    + "stiffness (default: true).")
    String clamp;

    @Option(names = "--iterations", paramLabel = "N",
            description = "pbd, xpbd and fast-mass-spring only: constraint-projection sweeps (pbd, xpbd) or "
                    + "local/global iterations (fast-mass-spring) per step (default: "
                    + ProjectionIntegrator.DEFAULT_ITERATIONS + ").")
    String iterations;

    private ImplicitOptions implicit = ImplicitOptions.defaults();
    private Integer projectionIterations;

    /**
     * Checks that the options fit together.
     *
     * @throws UsageException naming the option at fault
     */
    void check(CommandSpec command) {
        if (verletDamping != null && !kind.takes(IntegratorSetting.VERLET_DELTA)) {
            throw new UsageException(command.commandLine(),
                    "--verlet-damping: applies to --integrator verlet only, not to " + kind.id());
        }
        Map<String, String> given = new LinkedHashMap<>();
        put(given, ImplicitOptions.SOLVER, solver);
        put(given, ImplicitOptions.PRECOND, precond);
        put(given, ImplicitOptions.TOL, tol);
        put(given, ImplicitOptions.MAX_ITER, maxIter);
        put(given, ImplicitOptions.WARM_START, warmStart);
        put(given, ImplicitOptions.NEWTON_ITERS, newtonIters);
        put(given, ImplicitOptions.CLAMP, clamp);
        ImplicitOptions o = ImplicitOptions.defaults();
        for (Map.Entry<String, String> e : given.entrySet()) {
            if (!kind.takes(IntegratorSetting.IMPLICIT_SOLVER)) {
                throw new UsageException(command.commandLine(), "--" + e.getKey()
                        + ": applies to the implicit integrators (implicit-euler, implicit-midpoint) only, not to "
                        + kind.id());
            }
            try {
                o = o.with(e.getKey(), e.getValue());
            } catch (IllegalArgumentException bad) {
                throw new UsageException(command.commandLine(), "--" + bad.getMessage());
            }
        }
        if (o.solver() == SolverKind.CHOLESKY) {
            for (String cgOnly : new String[] {ImplicitOptions.PRECOND, ImplicitOptions.MAX_ITER, ImplicitOptions.WARM_START}) {
                if (given.containsKey(cgOnly)) {
                    throw new UsageException(command.commandLine(),
                            "--" + cgOnly + ": applies to --solver cg only, not to cholesky");
                }
            }
        }
        implicit = o;
        projectionIterations = null;
        if (iterations != null) {
            if (!kind.takes(IntegratorSetting.ITERATIONS)) {
                throw new UsageException(command.commandLine(), "--" + ProjectionIntegrator.ITERATIONS
                        + ": applies to the projection integrators (pbd, xpbd, fast-mass-spring) only, not to "
                        + kind.id());
            }
            try {
                projectionIterations = ProjectionIntegrator.parseIterations(iterations);
            } catch (IllegalArgumentException bad) {
                throw new UsageException(command.commandLine(), "--" + bad.getMessage());
            }
        }
    }

    private static void put(Map<String, String> given, String name, String value) {
        if (value != null) {
            given.put(name, value);
        }
    }

    /** The implicit integrators' options (the defaults unless given). */
    ImplicitOptions implicitOptions() {
        return implicit;
    }

    /** The chosen method. */
    IntegratorKind kind() {
        return kind;
    }

    /** A new integrator as the options describe it. */
    Integrator create() {
        IntegratorSettings settings = IntegratorSettings.defaults().withImplicit(implicit);
        if (verletDamping != null) {
            settings = settings.withVerletDelta(verletDamping);
        }
        if (projectionIterations != null) {
            settings = settings.withIterations(projectionIterations);
        }
        return Integrators.create(kind, settings);
    }
}
