package dev.hooke.fx.sim;

import dev.hooke.core.integrate.ImplicitIntegrator;
import dev.hooke.core.integrate.Integrator;
import dev.hooke.core.integrate.SolverStats;
import dev.hooke.core.solve.SolverKind;

/**
 * The linear solve of the last implicit step, copied out of the integrator's {@link SolverStats}
 * for the window. Immutable.
 *
 * @param solver           the linear solver chosen (conjugate gradients may need no iteration at all, when
 *                         the right-hand side is already solved: it is still the solver)
 * @param iterations       CG iterations over the step's Newton iterations (0 for a direct solve)
 * @param newtonIterations Newton iterations (linear solves) made
 * @param initialResidual  ‖r₀‖/‖b‖ of the first solve; dimensionless
 * @param finalResidual    ‖r‖/‖b‖ of the last solve; dimensionless
 * @param converged        whether every solve reached its tolerance
 * @param indefinite       whether a matrix that is not positive definite was met
 * @param outcome          the first outcome other than "converged", in words
 */
public record SolverSummary(SolverKind solver, int iterations, int newtonIterations, double initialResidual, double finalResidual,
                            boolean converged, boolean indefinite, String outcome) {

    /**
     * The last solve of {@code integrator}, or null when it solves no linear system or has solved
     * none yet.
     */
    static SolverSummary of(Integrator integrator) {
        SolverStats s = integrator.solverStats();
        if (!(integrator instanceof ImplicitIntegrator implicit) || s == null || s.newtonIterations == 0) {
            return null;
        }
        return new SolverSummary(implicit.options().solver(), s.iterations, s.newtonIterations, s.initialResidual,
                s.finalResidual, s.converged, s.indefinite, s.outcome.description());
    }
}
