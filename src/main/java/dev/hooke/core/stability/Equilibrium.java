package dev.hooke.core.stability;

import dev.hooke.core.force.Forces;
import dev.hooke.core.integrate.BackwardEuler;
import dev.hooke.core.integrate.ImplicitOptions;
import dev.hooke.core.model.MassSpringSystem;

/**
 * The static equilibrium of a system under its springs and gravity, F(x) = 0 on every free
 * particle, found by pseudo-transient continuation (Kelley &amp; Keyes, "Convergence analysis of
 * pseudo-transient continuation", SIAM J. Numer. Anal. 35, 1998): from rest, one backward-Euler
 * step of size τ moves the particles by
 * <pre>
 *   Δx = τ² (M + τ C + τ² K)⁻¹ F(x)       (Baraff &amp; Witkin 1998's linear solve with v = 0)
 * </pre>
 * and the velocities are set back to zero. A small τ is a damped, gradient-like step that follows
 * the system down from far away (a chain falling from the horizontal); a large τ is Newton's step
 * on F(x) = 0. τ grows by {@value #GROWTH} after a successful step and shrinks by {@value #SHRINK} (the step undone) after one that does not ("switched evolution
 * relaxation"); a step counts as successful when it lowers the potential energy
 * U_el + U_grav or the residual. The solve stops when the residual is below {@value #TOLERANCE} times the largest
 * spring force scale k_s·L (or the largest weight, when that is larger).
 *
 * <p>Ground contact is not part of the problem: the equilibrium is that of the springs and gravity.
 */
public final class Equilibrium {

    /** Residual, relative to the force scale, at which the solve stops. */
    public static final double TOLERANCE = 1e-10;
    /** The most pseudo-time steps. */
    public static final int MAX_STEPS = 400;
    /** τ's growth after a successful step. */
    public static final double GROWTH = 2;
    /** τ's reduction after a failed one. */
    public static final double SHRINK = 0.25;

    /**
     * @param converged whether the residual reached the tolerance
     * @param residual  max over free particles of |F_i| at the end; in N
     * @param scale     the force scale the tolerance is relative to; in N
     * @param steps     pseudo-time steps taken
     */
    public record Result(boolean converged, double residual, double scale, int steps) {
    }

    private Equilibrium() {
    }

    /** Moves {@code s} to its equilibrium (velocities zero) and says how well that went. */
    public static Result solve(MassSpringSystem s) {
        int n = s.particleCount();
        double scale = forceScale(s);
        double[] force = new double[3 * n];
        double[] zero = new double[3 * n];
        double[] saved = new double[3 * n];
        java.util.Arrays.fill(s.v, 0);
        s.touch();
        double residual = residual(s, force, zero);
        if (!(scale > 0)) {
            return new Result(true, residual, scale, 0);
        }
        double omega = StabilityAnalysis.omegaMax(s);
        double tau = omega > 0 ? 0.5 / omega : 1e-3;
        BackwardEuler solver = new BackwardEuler(ImplicitOptions.defaults().withTolerance(1e-12)
                .withMaxIterations(ImplicitOptions.MAX_ITERATIONS_LIMIT));
        int steps = 0;
        double energy = potential(s);
        while (residual > TOLERANCE * scale && steps < MAX_STEPS) {
            System.arraycopy(s.x, 0, saved, 0, saved.length);
            solver.step(s, tau);
            java.util.Arrays.fill(s.v, 0);
            s.touch();
            steps++;
            double next = residual(s, force, zero);
            double nextEnergy = potential(s);
            // accepted if it lowers the potential energy (far away) or the residual (near the end,
            // where the energy is flat to round-off)
            if (Double.isFinite(next) && Double.isFinite(nextEnergy)
                    && (nextEnergy < energy || next < residual)) {
                residual = next;
                energy = nextEnergy;
                tau *= GROWTH;
            } else {
                System.arraycopy(saved, 0, s.x, 0, saved.length);
                s.touch();
                tau *= SHRINK;
                solver = new BackwardEuler(ImplicitOptions.defaults().withTolerance(1e-12)
                        .withMaxIterations(ImplicitOptions.MAX_ITERATIONS_LIMIT));
            }
        }
        return new Result(residual <= TOLERANCE * scale, residual, scale, steps);
    }

    /** U_el + U_grav = Σ ½k(l − L)² − Σ m g·x; in J. */
    private static double potential(MassSpringSystem s) {
        double u = Forces.elasticEnergy(s, s.x);
        for (int i = 0; i < s.particleCount(); i++) {
            for (int k = 0; k < 3; k++) {
                u -= s.mass(i) * s.gravity(k) * s.x[3 * i + k];
            }
        }
        return u;
    }

    private static double residual(MassSpringSystem s, double[] force, double[] zero) {
        Forces.compute(s, s.x, zero, force);
        double worst = 0;
        for (int i = 0; i < s.particleCount(); i++) {
            if (s.isPinned(i)) {
                continue;
            }
            double f = Math.sqrt(force[3 * i] * force[3 * i] + force[3 * i + 1] * force[3 * i + 1]
                    + force[3 * i + 2] * force[3 * i + 2]);
            worst = Math.max(worst, f);
        }
        return worst;
    }

    /** max(max_s k_s L_s, max_i m_i |g|); in N. */
    private static double forceScale(MassSpringSystem s) {
        double scale = 0;
        for (int sp = 0; sp < s.springCount(); sp++) {
            scale = Math.max(scale, s.stiffness(sp) * s.restLength(sp));
        }
        double g = Math.sqrt(s.gravity(0) * s.gravity(0) + s.gravity(1) * s.gravity(1) + s.gravity(2) * s.gravity(2));
        for (int i = 0; i < s.particleCount(); i++) {
            scale = Math.max(scale, s.mass(i) * g);
        }
        return scale;
    }
}
