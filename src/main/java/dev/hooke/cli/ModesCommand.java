package dev.hooke.cli;

import dev.hooke.core.integrate.Integrator;
import dev.hooke.core.integrate.PositionVerlet;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.stability.Equilibrium;
import dev.hooke.core.stability.Modes;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code hooke modes}: the modes of a scene linearised at its initial state (or at equilibrium)
 * and what one step of an integrator at Δt does to each ({@link Modes}): ω, ζ, z = Δt·λ, the
 * amplification |R|, the relative period error and whether the mode is inside the method's
 * stability region. CSV (one row a mode, fastest first) or, with {@code --json}, one object.
 * Every mode of a system up to {@link Modes#DENSE_MAX_DOFS} free degrees of freedom; with
 * {@code --count N}, the N fastest at any size ({@link Modes#fastest}).
 */
@Command(name = "modes", mixinStandardHelpOptions = true, sortOptions = false, versionProvider = HookeCli.Version.class,
        description = {"The modes of a scene and what one step of an integrator at Δt does to each.",
            "For every mode of the system linearised at its initial state (or --at equilibrium): omega = |λ| "
                + "(rad/s), zeta, z = Δt·λ (z_re, z_im), the amplification |R| of one step, the relative period "
                + "error and whether it is inside the method's stability region; fastest first."},
        footer = {"CSV columns: omega,zeta,z_re,z_im,amplification,period_error,stable.",
            "--json prints {\"scene\", \"integrator\", \"dt\", \"at\", \"unstable\", \"modes\": [{\"omega\", \"zeta\", "
                + "\"z_re\", \"z_im\", \"amplification\", \"period_error\", \"stable\"}, …]}; zeta, amplification "
                + "and period_error are null (in CSV: empty) where they have no value (a zero-stiffness mode, "
                + "a position-based method, a mode that does not oscillate).",
            "On a terminal, a progress bar on standard error follows a large system's Lanczos solve."})
final class ModesCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    SceneOptions scene;

    @Mixin
    IntegratorOptions integrator;

    @Mixin
    TimeStepOption timeStep;

    @Option(names = "--at", paramLabel = "STATE", defaultValue = "initial", converter = StabilityCommand.AtConverter.class,
            description = "The state the system is linearised at: initial (the scene as built) or equilibrium "
                    + "(where springs and gravity balance) (default: ${DEFAULT-VALUE}).")
    StabilityCommand.At at;

    @Option(names = "--count", paramLabel = "N", converter = Converters.NonNegativeInt.class,
            description = "Only the N fastest modes (default: all). Systems of more than 1000 free degrees of "
                    + "freedom need it: their fastest modes are found by a block Lanczos solve "
                    + "(damped: air damping on equal masses only).")
    Integer count;

    @Option(names = "--json", description = "Print one JSON object instead of CSV.")
    boolean json;

    @Override
    public Integer call() {
        SceneSpec sceneSpec = scene.toSpec(spec);
        integrator.check(spec);
        MassSpringSystem system = SceneOptions.build(spec, sceneSpec);
        int dofs = Modes.degreesOfFreedom(system);
        if (dofs > Modes.DENSE_MAX_DOFS && count == null) {
            throw new UsageException(spec.commandLine(), "the scene has " + dofs + " free degrees of freedom; "
                    + "modes finds all the modes of at most " + Modes.DENSE_MAX_DOFS
                    + " (a smaller --size or --nodes), or the fastest with --count N");
        }
        if (at == StabilityCommand.At.EQUILIBRIUM) {
            Equilibrium.solve(system);
        }
        Integrator method = integrator.create();
        double delta = method instanceof PositionVerlet v ? v.damping() : PositionVerlet.DEFAULT_DAMPING;
        Modes.Result result;
        try (ProgressLine progress = ProgressLine.onTerminal("modes")) {
            progress.at("the eigen solve", 0, -1);
            result = count == null ? Modes.of(system, integrator.kind(), timeStep.dt, delta)
                    : Modes.fastest(system, integrator.kind(), timeStep.dt, delta, count, progress);
        } catch (IllegalStateException e) {
            spec.commandLine().getErr().println(HookeCli.PREFIX + e.getMessage());
            return 1;
        }
        List<Modes.Mode> modes = result.modes();
        if (count != null && count < modes.size()) {
            modes = modes.subList(0, count);
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            List<JsonObject> rows = new ArrayList<>(modes.size());
            for (Modes.Mode m : modes) {
                rows.add(new JsonObject().put("omega", m.omega()).put("zeta", m.zeta()).put("z_re", m.zRe())
                        .put("z_im", m.zIm()).put("amplification", m.amplification())
                        .put("period_error", m.periodError()).put("stable", m.stable()));
            }
            out.print(new JsonObject().put("scene", sceneSpec.type().id()).put("integrator", integrator.kind().id())
                    .put("dt", timeStep.dt).put("at", at.id()).put("has_region", result.hasRegion())
                    .put("unstable", result.unstableCount()).putObjects("modes", rows).toJson());
        } else {
            out.println("omega,zeta,z_re,z_im,amplification,period_error,stable");
            for (Modes.Mode m : modes) {
                out.println(String.join(",", cell(m.omega()), cell(m.zeta()), cell(m.zRe()), cell(m.zIm()),
                        cell(m.amplification()), cell(m.periodError()), Boolean.toString(m.stable())));
            }
        }
        out.flush();
        return 0;
    }

    /** A number in full precision, or an empty cell where it has no value. */
    private static String cell(double v) {
        return Double.isFinite(v) ? Double.toString(v) : "";
    }
}
