package dev.hooke.core.integrate;

import dev.hooke.core.force.Forces;
import dev.hooke.core.force.WindForce;
import dev.hooke.core.model.MassSpringSystem;

/**
 * The state the projection integrators share: the iteration count and the statistics of the last
 * step ({@link ProjectionIntegrator}), and the dissipated work.
 *
 * <p>Dissipated work: these methods have no damping power to integrate; their projections (and
 * PBD's stiffness, XPBD's damping, the fast method's implicit step) remove energy as a side effect.
 * {@link #dissipatedWork()} is exactly the energy the step removed, ΔW_d = E(before) − E(after) + ΔW_w,
 * E = K + U_el + U_g ({@link Forces#mechanicalEnergy}), less what the wind put in,
 * ΔW_w = h P_w(xⁿ, vⁿ) (the wind taken at the start, as the prediction takes it; {@link #windWork()}),
 * so E + W_d − W_w − E₀ is 0 to round-off by construction: W_d says how much energy the method has taken out, not how far it is from the
 * exact solution. E(before) is the E(after) of the previous step when nothing has changed the
 * system since ({@link MassSpringSystem#revision()} is the one the step left), and U_el after the
 * step comes from the lengths the step's strain measure ({@link ProjectionStats}) computes anyway,
 * so a step measures the springs' lengths once for both.
 */
abstract sealed class ProjectionBase implements ProjectionIntegrator
        permits PositionBasedDynamics, ExtendedPositionBasedDynamics, FastMassSpring {

    /** Iterations per step: projection sweeps, or local/global iterations. */
    int iterations = DEFAULT_ITERATIONS;
    /** What the last step did. */
    final ProjectionStats stats = new ProjectionStats();
    private double dissipated = Double.NaN;
    private double wind = Double.NaN;
    /** The system, revision and E of the last step's end, so the next step need not measure E again. */
    private MassSpringSystem measured;
    private long measuredRevision;
    private double measuredEnergy;

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

    @Override
    public final void step(MassSpringSystem s, double h) {
        double before = s == measured && s.revision() == measuredRevision ? measuredEnergy
                : Forces.mechanicalEnergy(s, s.x, s.v);
        stats.forgetElasticEnergy();
        wind = s.wind() != null ? h * WindForce.power(s.wind(), s, s.x, s.v) : 0;
        advance(s, h);
        // the step's strain measure has summed U_el at the final positions; NaN only if it did not
        double elastic = Double.isNaN(stats.elasticEnergy) ? Forces.elasticEnergy(s, s.x) : stats.elasticEnergy;
        double after = Forces.particleEnergy(s, s.x, s.v) + elastic;
        dissipated = before - after + wind;
        measured = s;
        measuredRevision = s.revision();
        measuredEnergy = after;
    }

    /** The method's step ({@link #step}, which also measures the energy it removes). */
    abstract void advance(MassSpringSystem s, double h);

    @Override
    public final double dissipatedWork() {
        return dissipated;
    }

    /** h P_w(xⁿ, vⁿ): the wind is evaluated at the start of the step, as the prediction takes it. */
    @Override
    public final double windWork() {
        return wind;
    }
}
