package dev.hooke.fx.sim;

import dev.hooke.core.integrate.SolverStats;

/**
 * The linear solve of the last implicit step, copied out of the integrator's {@link SolverStats}
 * for the window. Immutable.
 *
 * @param iterations       CG iterations over the step's Newton iterations (0 for a direct solve)
 * @param newtonIterations Newton iterations (linear solves) made
 * @param initialResidual  ‖r₀‖/‖b‖ of the first solve; dimensionless
 * @param finalResidual    ‖r‖/‖b‖ of the last solve; dimensionless
 * @param converged        whether every solve reached its tolerance
 * @param indefinite       whether a matrix that is not positive definite was met
 * @param outcome          the first outcome other than "converged", in words
 */
public record SolverSummary(int iterations, int newtonIterations, double initialResidual, double finalResidual,
                            boolean converged, boolean indefinite, String outcome) {

    /** A copy of {@code s}, or null when {@code s} is null or no step has been solved yet. */
    static SolverSummary of(SolverStats s) {
        if (s == null || s.newtonIterations == 0) {
            return null;
        }
        return new SolverSummary(s.iterations, s.newtonIterations, s.initialResidual, s.finalResidual, s.converged,
                s.indefinite, s.outcome.description());
    }
}
