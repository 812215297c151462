package dev.hooke.core.integrate;

/**
 * Velocity Verlet: v½ = v − ½hω²x, x⁺ = x + hv½, v⁺ = v½ − ½hω²x⁺, that is
 * <pre>
 *   (x⁺, v⁺) = V (x, v),   V = [[1 − h²ω²/2, h], [−hω²(1 − h²ω²/4), 1 − h²ω²/2]]
 * </pre>
 * VᵀQV = Q holds for Q = diag(ω²(1 − h²ω²/4), 1), so (dividing by 1 − h²ω²/4)
 * <pre>
 *   v² / (2(1 − h²ω²/4)) + ½ω²x²
 * </pre>
 * is conserved exactly (Hairer, Lubich &amp; Wanner, "Geometric Numerical Integration", 2006).
 */
class VelocityVerletTest extends ExplicitIntegratorContract {

    @Override
    Integrator newIntegrator() {
        return new VelocityVerlet();
    }

    @Override
    int order() {
        return 2;
    }

    @Override
    int coarsestLevel() {
        return 7;
    }

    @Override
    double lawQuantity(double x, double v, double h, double omega) {
        return verletInvariant(x, v, h, omega);
    }

    static double verletInvariant(double x, double v, double h, double omega) {
        return v * v / (2 * (1 - h * h * omega * omega / 4)) + 0.5 * omega * omega * x * x;
    }

    @Override
    double lawRatio(double h, double omega) {
        return 1;
    }

    @Override
    double springLimitOmega() {
        return 2;
    }
}
