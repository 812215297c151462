package dev.hooke.core.lesson;

import java.util.List;

/**
 * What playing one step produced.
 *
 * @param step    the step
 * @param checks  the rows of its checks (and of any action that could not be played)
 * @param runs    the runs it made, in order (a compare makes one per integrator)
 * @param sweep   its last Δt sweep, or null
 * @param charts  the charts it asked for
 * @param paused  whether it asked the workbench to pause
 */
public record StepResult(Step step, List<CheckResult> checks, List<RunRecord> runs, SweepResult sweep,
                         List<String> charts, boolean paused) {

    public StepResult {
        checks = List.copyOf(checks);
        runs = List.copyOf(runs);
        charts = List.copyOf(charts);
    }

    /** Whether every check passed. */
    public boolean passed() {
        return checks.stream().allMatch(CheckResult::pass);
    }
}
