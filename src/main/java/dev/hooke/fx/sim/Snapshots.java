package dev.hooke.fx.sim;

import dev.hooke.core.force.SpringGeometry;
import dev.hooke.core.integrate.SolverStats;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.model.SpringKind;
import dev.hooke.core.observe.Observables;
import dev.hooke.core.sim.Simulation;
import dev.hooke.core.stability.StabilityLimit;

/**
 * The parts of a {@link Snapshot} and of a chart sample taken from a simulation: copies of its
 * positions, speeds and strains, its energies. Call from the thread that owns the simulation.
 */
public final class Snapshots {

    private Snapshots() {
    }

    /** What {@code r} shows now, as its snapshot number {@code sequence}. Simulation thread. */
    static Snapshot of(SimulationRunner r, long sequence) {
        Lanes lanes = r.lanes;
        Simulation main = lanes.sim(0);
        Simulation lead = lanes.lead();
        MassSpringSystem s = main.system();
        Observables o = main.observables();
        boolean playing = r.running;
        return new Snapshot(sequence, r.generation, r.topology, lanes.positions(0), lead.time(), lead.steps(),
                lead.dt(), main.integratorKind(), playing, r.driver != null ? r.driver.shownSpeed() : r.speed,
                r.sampleOf(0), o.maxSpeed, o.maxStrain, parameters(s), lanes.limit(0), lanes.naiveBound(0),
                lanes.limitCurrent(0), main.explosion(), playing ? r.stepsPerSecond : 0, r.notice,
                SolverSummary.of(main.integrator()), ProjectionSummary.of(main.integrator()),
                r.substeps, lanes.size() > 1 ? second(r) : null, speeds(s), strains(s), r.pins.revision(),
                r.pins.flags(), r.scene, r.compareKind, r.driver != null, r.edits, main.solverTally().totals(),
                r.history.view(), r.commandSteps, r.commandsTaken(), main.energyScale());
    }

    /** Lane 1 of {@code r}: compare mode's second system, or a comparison's second run. */
    private static Snapshot.Compare second(SimulationRunner r) {
        Lanes lanes = r.lanes;
        Simulation b = lanes.sim(1);
        Observables o = b.observables();
        return new Snapshot.Compare(b.integratorKind(), lanes.positions(1), b.steps(), r.sampleOf(1),
                lanes.limitCurrent(1) ? lanes.limit(1) : null, b.explosion(),
                SolverSummary.of(b.integrator()), ProjectionSummary.of(b.integrator()),
                speeds(b.system()), strains(b.system()), o.maxSpeed, o.maxStrain);
    }

    /** Whether each particle of {@code s} is pinned. A new array. */
    public static boolean[] pins(MassSpringSystem s) {
        boolean[] out = new boolean[s.particleCount()];
        for (int i = 0; i < out.length; i++) {
            out[i] = s.isPinned(i);
        }
        return out;
    }

    /** The energies now, as a chart sample (lane 0). */
    public static EnergySample sample(int generation, Simulation sim) {
        return sample(generation, sim, null, Double.NaN);
    }

    /** The chart quantities now (lane 0): energies, Δt, the bounds and the last solve. */
    public static EnergySample sample(int generation, Simulation sim, StabilityLimit limit, double naiveBound) {
        return sample(generation, 0, sim, limit, naiveBound);
    }

    /**
     * The chart quantities now: energies, Δt, the bounds and the last solve.
     *
     * @param lane 0 for the main system, 1 for the second one of a comparison
     */
    public static EnergySample sample(int generation, int lane, Simulation sim, StabilityLimit limit,
                                      double naiveBound) {
        Observables o = sim.observables();
        SolverStats stats = sim.integrator().solverStats();
        boolean solved = stats != null && stats.newtonIterations > 0;
        return new EnergySample(generation, lane, sim.time(), o.kinetic, o.elastic, o.gravitational, o.dissipated,
                o.windWork, sim.dt(), naiveBound, limit == null ? Double.NaN : limit.dtMax(),
                solved ? stats.iterations : Double.NaN, solved ? stats.finalResidual : Double.NaN, o.maxStrain,
                Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
    }

    /** {@code sample} with the spring's displacement u and the closed form's u_exact; in m. */
    public static EnergySample withDisplacement(EnergySample e, double displacement, double exact) {
        return withMotion(e, displacement, exact, Double.NaN, Double.NaN, Double.NaN);
    }

    /**
     * {@code sample} with the spring's state and the closed form's: u and u_exact in m, v and
     * v_exact in m/s, ω in rad/s (what a phase portrait plots).
     */
    public static EnergySample withMotion(EnergySample e, double displacement, double exact, double velocity,
                                          double exactVelocity, double omega) {
        return new EnergySample(e.generation(), e.lane(), e.time(), e.kinetic(), e.elastic(), e.gravitational(),
                e.dissipated(), e.windWork(), e.dt(), e.naiveBound(), e.limit(), e.cgIterations(), e.cgResidual(), e.maxStrain(),
                displacement, exact, velocity, exactVelocity, omega);
    }

    /** A copy of the positions, or {@code lastFinite} when they are no longer finite. */
    public static float[] positions(MassSpringSystem s, float[] lastFinite) {
        float[] positions = new float[s.x.length];
        for (int q = 0; q < positions.length; q++) {
            positions[q] = (float) s.x[q];
            if (!Float.isFinite(positions[q])) {
                return lastFinite != null && lastFinite.length == positions.length ? lastFinite
                        : new float[positions.length];
            }
        }
        return positions;
    }

    /** Each particle's speed |v_i| = √(v_x² + v_y² + v_z²); in m/s. A new array. */
    public static float[] speeds(MassSpringSystem s) {
        float[] out = new float[s.particleCount()];
        double[] v = s.v;
        for (int i = 0; i < out.length; i++) {
            int q = 3 * i;
            out[i] = (float) Math.sqrt(v[q] * v[q] + v[q + 1] * v[q + 1] + v[q + 2] * v[q + 2]);
        }
        return out;
    }

    /**
     * Each spring's signed strain ε_s = (l_s − L_s)/L_s with l_s = |x_b − x_a| (Hooke's law's
     * extension over the rest length; &gt; 0 in tension, &lt; 0 in compression); dimensionless.
     * A spring of rest length 0 gets 0, a broken (torn) spring NaN. A new array.
     */
    public static float[] strains(MassSpringSystem s) {
        int n = s.springCount();
        float[] out = new float[n];
        int[] a = s.springAArray();
        int[] b = s.springBArray();
        double[] x = s.x;
        for (int sp = 0; sp < n; sp++) {
            double rest = s.restLength(sp);
            double l = SpringGeometry.length(x, 3 * a[sp], 3 * b[sp]);
            out[sp] = s.isBroken(sp) ? Float.NaN : rest > 0 ? (float) SpringGeometry.strain(l, rest) : 0f;
        }
        return out;
    }

    /** The parameters as the engine holds them (the first structural spring's k_s, the first free particle's m). */
    static EngineParameters parameters(MassSpringSystem s) {
        double k = Double.NaN;
        double kd = s.springCount() > 0 ? s.springDamping(0) : Double.NaN;
        for (int sp = 0; sp < s.springCount(); sp++) {
            if (s.springKind(sp) == SpringKind.STRUCTURAL) {
                k = s.stiffness(sp);
                break;
            }
        }
        double m = Double.NaN;
        for (int i = 0; i < s.particleCount(); i++) {
            if (!s.isPinned(i)) {
                m = s.mass(i);
                break;
            }
        }
        double g = Math.sqrt(s.gravity(0) * s.gravity(0) + s.gravity(1) * s.gravity(1) + s.gravity(2) * s.gravity(2));
        return new EngineParameters(k, kd, m, g, s.airDamping());
    }
}
