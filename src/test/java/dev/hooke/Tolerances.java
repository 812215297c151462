package dev.hooke;

/** The named tolerances of the tests, each with the reason for its size. */
public final class Tolerances {

    private Tolerances() {
    }

    /**
     * Relative gap allowed between the explosion Δt measured by bisection and the predicted
     * limit: 1 % (issue 2, "Must show"). The bisection itself stops at a relative bracket of
     * 10⁻⁴; the rest is the slow growth just above the limit within the run's horizon.
     */
    public static final double MEASURED_DT_REL = 1e-2;

    /**
     * Relative error allowed for ω_max or a Δt limit from EJML's dense symmetric eigen solver
     * against a closed form: its eigenvalue error is about n·ε·λ_max (n the free DOFs, ε ≈ 2.2·10⁻¹⁶),
     * at most ~2·10⁻¹³ for the sizes it is used at; 10⁻¹⁰ leaves room without hiding a wrong formula.
     */
    public static final double DENSE_EIGEN_REL = 1e-10;
}
