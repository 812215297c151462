package dev.hooke.core.integrate;

/**
 * The state the projection integrators share: the iteration count and the statistics of the last
 * step ({@link ProjectionIntegrator}).
 */
abstract sealed class ProjectionBase implements ProjectionIntegrator
        permits PositionBasedDynamics, ExtendedPositionBasedDynamics, FastMassSpring {

    /** Iterations per step: projection sweeps, or local/global iterations. */
    int iterations = DEFAULT_ITERATIONS;
    /** What the last step did. */
    final ProjectionStats stats = new ProjectionStats();

    @Override
    public int iterations() {
        return iterations;
    }

    @Override
    public void setIterations(int n) {
        iterations = ProjectionIntegrator.checkIterations(n);
    }

    @Override
    public ProjectionStats projectionStats() {
        return stats;
    }
}
