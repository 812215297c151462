package dev.hooke.core.integrate;

import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.model.StateRecord;
import dev.hooke.core.solve.LinearSolver;
import dev.hooke.core.solve.SystemMatrix;

/**
 * What the implicit integrators share: each step solves the Baraff–Witkin system with
 * {@code ImplicitNewton} (a backward-Euler step of length τ, τ = h for {@link BackwardEuler},
 * h/2 for {@link ImplicitMidpoint}), under {@link ImplicitOptions}, and reports the solve in
 * {@link #solverStats()}. The subclasses differ only in τ and in how they finish the step.
 *
 * <p>Dissipated work: each method evaluates the force, damping included, at one point,
 * (x₀ + τ v, v) with v the solved velocity: the end of the step for backward Euler, the midpoint
 * for implicit midpoint. W' = P_d is stepped the same way, ΔW_d = h P_d(x₀ + τ v, v)
 * ({@link #dissipatedWork()}): first order for backward Euler, the midpoint rule for implicit
 * midpoint, which closes the balance exactly for a linear damped spring
 * (E₁ − E₀ = −h c v_m² there). The wind's work is taken the same way, ΔW_w = h P_w(x₀ + τ v, v)
 * ({@link #windWork()}).
 */
public abstract sealed class ImplicitIntegrator implements Integrator permits BackwardEuler, ImplicitMidpoint {

    /** The Newton solver of the step, with its workspace. */
    final ImplicitNewton newton;
    private double dissipated = Double.NaN;
    private double wind = Double.NaN;

    /**
     * @param trueDerivative whether the step's right-hand side takes the true ∂F/∂x (see
     *                       {@code ImplicitNewton})
     */
    ImplicitIntegrator(ImplicitOptions options, boolean trueDerivative) {
        newton = new ImplicitNewton(options, trueDerivative);
    }

    /** The options in use. */
    public ImplicitOptions options() {
        return newton.options();
    }

    /** Changes the options; they take effect at the next step. */
    public void setOptions(ImplicitOptions options) {
        newton.setOptions(options);
    }

    /** The linear solver in use. */
    public LinearSolver linearSolver() {
        return newton.solver();
    }

    /** The matrix of the last solve (for inspection and checks). */
    public SystemMatrix systemMatrix() {
        return newton.matrix();
    }

    /** Records ΔW_d = h P_d(x_k, v_k) and ΔW_w = h P_w(x_k, v_k) after the solve of a step of length h. */
    final void recordDissipation(MassSpringSystem s, double h) {
        dissipated = h * newton.dampingPower();
        wind = h * newton.windPower();
    }

    @Override
    public double dissipatedWork() {
        return dissipated;
    }

    /** h P_w at the same point as the dissipated work: first order for backward Euler, the midpoint rule for implicit midpoint. */
    @Override
    public double windWork() {
        return wind;
    }

    @Override
    public void reset() {
        newton.reset();
    }

    /** Saves the Newton solve's warm start, its matrix's pattern and its linear solver's lag. */
    @Override
    public void saveState(StateRecord out, MassSpringSystem s) {
        newton.saveState(out, s);
    }

    @Override
    public void restoreState(StateRecord in, MassSpringSystem s) {
        newton.restoreState(in, s);
    }

    @Override
    public void setThreads(int count) {
        newton.setThreads(count);
    }

    @Override
    public int threads() {
        return newton.threads();
    }

    @Override
    public SolverStats solverStats() {
        return newton.stats();
    }
}
