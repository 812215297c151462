package dev.hooke.cli;

import dev.hooke.core.integrate.Integrator;
import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.integrate.Integrators;
import dev.hooke.core.integrate.PositionVerlet;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/** The integrator options, shared as a picocli mixin: {@code --integrator} and {@code --verlet-damping}. */
public final class IntegratorOptions {

    @Option(names = "--integrator", paramLabel = "NAME", defaultValue = "symplectic-euler",
            converter = Converters.Integrator.class, completionCandidates = Converters.IntegratorIds.class,
            description = "The integrator: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    IntegratorKind kind;

    @Option(names = "--verlet-damping", paramLabel = "DELTA", converter = Converters.UnitInterval.class,
            description = "Verlet only: δ in x+ = x + (1-δ)(x - x-) + a·Δt², in [0, 1) (default: "
                    + PositionVerlet.DEFAULT_DAMPING + ").")
    Double verletDamping;

    /**
     * Checks that the options fit together.
     *
     * @throws UsageException naming the option at fault
     */
    void check(CommandSpec command) {
        if (verletDamping != null && kind != IntegratorKind.VERLET) {
            throw new UsageException(command.commandLine(),
                    "--verlet-damping: applies to --integrator verlet only, not to " + kind.id());
        }
    }

    /** The chosen method. */
    IntegratorKind kind() {
        return kind;
    }

    /** A new integrator as the options describe it. */
    Integrator create() {
        Integrator integrator = Integrators.create(kind);
        if (verletDamping != null && integrator instanceof PositionVerlet verlet) {
            verlet.setDamping(verletDamping);
        }
        return integrator;
    }
}
