package dev.hooke.cli;

import picocli.CommandLine.Option;

/** The {@code --dt} option of the commands that step or linearise one scene at one time step. */
final class TimeStepOption {

    @Option(names = "--dt", paramLabel = "S", defaultValue = "0.001", converter = Converters.TimeStep.class,
            description = "Δt, the time step, in s: from 1e-7 to 1 (default: ${DEFAULT-VALUE}).")
    double dt;
}
