package dev.hooke.core.sim;

import dev.hooke.core.integrate.SolverStats;

/**
 * What the linear solves of a run did, step after step: how many steps solved a system, how many
 * of them had a solve that did not reach its tolerance ({@link SolverStats#converged} false), how
 * many met a matrix that is not positive definite ({@link SolverStats#indefinite}), and the
 * largest relative residual ‖b − A x‖/‖b‖ left at the end of a step. A step whose solve fails
 * goes on with the solver's best answer, so without this tally a failure is visible only in the
 * step it happened in. Mutable; {@link #record} allocates nothing.
 */
public final class SolverTally {

    private long solvedSteps;
    private long unconvergedSteps;
    private long indefiniteSteps;
    private long failedSteps;
    private double largestResidual;
    private long firstFailure = -1;

    /**
     * The totals at one moment. Immutable.
     *
     * @param solvedSteps      steps that solved a linear system
     * @param unconvergedSteps steps with a solve that did not reach its tolerance
     * @param indefiniteSteps  steps that met a matrix that is not positive definite
     * @param failedSteps      steps that did either
     * @param largestResidual  the largest ‖b − A x‖/‖b‖ at the end of a step; dimensionless (0
     *                         before the first solve)
     * @param firstFailure     the number (from 1) of the first step that did not converge or met
     *                         an indefinite matrix, or −1
     */
    public record Totals(long solvedSteps, long unconvergedSteps, long indefiniteSteps, long failedSteps,
                         double largestResidual, long firstFailure) {

        /** Whether some step did not converge or met an indefinite matrix. */
        public boolean failed() {
            return failedSteps > 0;
        }
    }

    /**
     * Counts the step numbered {@code step} (from 1) whose solve {@code stats} describes; null (a
     * method that solves nothing) counts nothing.
     */
    public void record(SolverStats stats, long step) {
        if (stats == null || stats.newtonIterations == 0) {
            return;
        }
        solvedSteps++;
        boolean failed = false;
        if (!stats.converged) {
            unconvergedSteps++;
            failed = true;
        }
        if (stats.indefinite) {
            indefiniteSteps++;
            failed = true;
        }
        if (failed) {
            failedSteps++;
            if (firstFailure < 0) {
                firstFailure = step;
            }
        }
        if (!(stats.finalResidual <= largestResidual)) {
            largestResidual = stats.finalResidual;
        }
    }

    /** The totals now. */
    public Totals totals() {
        return new Totals(solvedSteps, unconvergedSteps, indefiniteSteps, failedSteps, largestResidual, firstFailure);
    }

    /** Whether some step did not converge or met an indefinite matrix. */
    public boolean failed() {
        return failedSteps > 0;
    }

    /** Steps that solved a linear system. */
    public long solvedSteps() {
        return solvedSteps;
    }

    /** Steps with a solve that did not reach its tolerance. */
    public long unconvergedSteps() {
        return unconvergedSteps;
    }

    /** Steps that met a matrix that is not positive definite. */
    public long indefiniteSteps() {
        return indefiniteSteps;
    }

    /** The largest ‖b − A x‖/‖b‖ at the end of a step; dimensionless. */
    public double largestResidual() {
        return largestResidual;
    }
}
