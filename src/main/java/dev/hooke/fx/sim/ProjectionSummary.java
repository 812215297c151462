package dev.hooke.fx.sim;

import dev.hooke.core.integrate.Integrator;
import dev.hooke.core.integrate.ProjectionIntegrator;
import dev.hooke.core.integrate.ProjectionStats;

/**
 * What the last step of a projection method (PBD, XPBD, the fast mass-spring method) did, copied
 * out of the integrator's {@link ProjectionStats} for the window. Immutable.
 *
 * @param iterations     iterations made in the step: Gauss–Seidel sweeps, or local/global
 *                       iterations
 * @param rmsStrain      √(mean over the springs of ((l − L)/L)²) at the end of the step;
 *                       dimensionless
 * @param maxStrain      max over the springs of |l − L|/L at the end of the step; dimensionless
 * @param lastCorrection the root mean square distance the step's last iteration moved the free
 *                       particles; in m
 */
public record ProjectionSummary(int iterations, double rmsStrain, double maxStrain, double lastCorrection) {

    /**
     * A copy of the integrator's statistics, or null when it is no projection method or has not
     * taken a step yet. Call on the thread that steps it.
     */
    static ProjectionSummary of(Integrator integrator) {
        if (!(integrator instanceof ProjectionIntegrator p)) {
            return null;
        }
        ProjectionStats s = p.projectionStats();
        if (s == null || s.iterations == 0) {
            return null;
        }
        return new ProjectionSummary(s.iterations, s.rmsStrain, s.maxStrain, s.lastCorrection);
    }
}
