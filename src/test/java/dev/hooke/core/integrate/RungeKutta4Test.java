package dev.hooke.core.integrate;

/**
 * The classical RK4 on y' = A y, A = [[0, 1], [−ω², 0]], is y⁺ = R(hA) y with
 * R(z) = 1 + z + z²/2 + z³/6 + z⁴/24. In the scaled coordinates (x, v/ω), A is ω times a
 * rotation generator, so R(hA) is a normal matrix whose eigenvalues R(±iy), y = hω, have the same
 * modulus: it multiplies the norm of every state by |R(iy)|. Hence the energy
 * E = ½v² + ½ω²x² is multiplied by exactly
 * <pre>
 *   |R(iy)|² = (1 − y²/2 + y⁴/24)² + (y − y³/6)² = 1 − y⁶/72 + y⁸/576
 * </pre>
 * per step (Hairer &amp; Wanner 1996, §IV.2), slightly below 1 for y &lt; 2√2.
 */
class RungeKutta4Test extends ExplicitIntegratorContract {

    @Override
    Integrator newIntegrator() {
        return new RungeKutta4();
    }

    @Override
    int order() {
        return 4;
    }

    @Override
    int coarsestLevel() {
        return 6;
    }

    @Override
    double lawQuantity(double x, double v, double h, double omega) {
        return 0.5 * v * v + 0.5 * omega * omega * x * x;
    }

    @Override
    double lawRatio(double h, double omega) {
        double y = h * omega;
        return 1 - Math.pow(y, 6) / 72 + Math.pow(y, 8) / 576;
    }

    @Override
    double springLimitOmega() {
        return 2 * Math.sqrt(2);
    }
}
