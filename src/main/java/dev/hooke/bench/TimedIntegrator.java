package dev.hooke.bench;

import dev.hooke.core.integrate.Integrator;
import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.integrate.SolverStats;
import dev.hooke.core.model.MassSpringSystem;

/** Times the wrapped integrator's step on its own, inside a simulation's step. */
final class TimedIntegrator implements Integrator {
    private final Integrator inner;
    /** The last step's wall-clock time, in ns. */
    long lastNanos;

    TimedIntegrator(Integrator inner) {
        this.inner = inner;
    }

    @Override
    public IntegratorKind kind() {
        return inner.kind();
    }

    @Override
    public void step(MassSpringSystem s, double h) {
        long t0 = System.nanoTime();
        inner.step(s, h);
        lastNanos = System.nanoTime() - t0;
    }

    @Override
    public void reset() {
        inner.reset();
    }

    @Override
    public SolverStats solverStats() {
        return inner.solverStats();
    }

    @Override
    public void setThreads(int threads) {
        inner.setThreads(threads);
    }

    @Override
    public int threads() {
        return inner.threads();
    }

    /**
     * The wrapped integrator's dissipated work: without it the simulation would count the energy
     * a position-based step removes as created, and stop the run as an explosion.
     */
    @Override
    public double dissipatedWork() {
        return inner.dissipatedWork();
    }
}
