package dev.hooke.core.integrate;

/**
 * Semi-implicit (symplectic) Euler, v then x: v⁺ = v − hω²x, x⁺ = x + hv⁺, that is
 * <pre>
 *   (x⁺, v⁺) = S (x, v),   S = [[1 − h²ω², h], [−hω², 1]]
 * </pre>
 * A quadratic form Q = [[a, c], [c, 1]] with SᵀQS = Q must have a = ω², c = −hω²/2, so
 * <pre>
 *   H = ½v² + ½ω²x² − ½hω² x v
 * </pre>
 * is conserved exactly (a formula which holds for this update order with x the
 * displacement from rest and v = x' measured along the same axis; reversing both signs leaves it
 * unchanged). Positions are first-order accurate: the orbit is the tilted ellipse H = const.
 */
class SymplecticEulerTest extends ExplicitIntegratorContract {

    @Override
    Integrator newIntegrator() {
        return new SymplecticEuler();
    }

    @Override
    int order() {
        return 1;
    }

    @Override
    int coarsestLevel() {
        return 8;
    }

    @Override
    double lawQuantity(double x, double v, double h, double omega) {
        return 0.5 * v * v + 0.5 * omega * omega * x * x - 0.5 * h * omega * omega * x * v;
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
