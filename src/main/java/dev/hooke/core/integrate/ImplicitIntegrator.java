package dev.hooke.core.integrate;

import dev.hooke.core.solve.LinearSolver;
import dev.hooke.core.solve.SystemMatrix;

/**
 * What the implicit integrators share: each step solves the Baraff–Witkin system with
 * {@code ImplicitNewton} (a backward-Euler step of length τ, τ = h for {@link BackwardEuler},
 * h/2 for {@link ImplicitMidpoint}), under {@link ImplicitOptions}, and reports the solve in
 * {@link #solverStats()}. The subclasses differ only in τ and in how they finish the step.
 */
public abstract sealed class ImplicitIntegrator implements Integrator permits BackwardEuler, ImplicitMidpoint {

    /** The Newton solver of the step, with its workspace. */
    final ImplicitNewton newton;

    ImplicitIntegrator(ImplicitOptions options) {
        newton = new ImplicitNewton(options);
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

    @Override
    public void reset() {
        newton.reset();
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
