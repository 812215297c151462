package dev.hooke.fx.sim;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.scene.SceneFile;
import dev.hooke.core.sim.ExplosionReport;
import dev.hooke.core.sim.SolverTally;
import dev.hooke.core.stability.StabilityLimit;

/**
 * The state of the simulation at one instant, as the simulation thread publishes it for the
 * FX thread. Immutable: the positions are a copy no one writes after publication.
 *
 * @param sequence       increases with every snapshot published
 * @param generation     increases with every reset (a view clears its history when it changes)
 * @param topology       the scene's springs, pins and grid (a new instance at every reset)
 * @param positions      particle positions, {@code 3*i+k}; in m. When the state stops being
 *                       finite, the last finite positions
 * @param time           t, simulated time; in s (of the first system that has not exploded)
 * @param steps          the number of steps taken since the reset
 * @param dt             Δt; in s
 * @param integrator     the method in use
 * @param running        whether the simulation is playing
 * @param speed          simulated seconds per wall-clock second
 * @param energy         the energies now
 * @param maxSpeed       the largest particle speed; in m/s
 * @param maxStrain      the largest spring strain |l − L|/L; dimensionless
 * @param parameters     the parameters as the engine holds them
 * @param limit          the integrator's predicted stability limit, or null before the first
 *                       analysis has finished
 * @param naiveBound     the naive bound 2·√(m/k_s); in s (NaN before the first analysis)
 * @param limitCurrent   whether {@code limit} and {@code naiveBound} describe the present
 *                       parameters and integrator (false while a new analysis runs)
 * @param explosion      the explosion report, or null while the system is sound
 * @param stepsPerSecond steps taken per wall-clock second, lately
 * @param notice         the latest message to the person at the window ({@link Notice#NONE} before any)
 * @param solver         the last step's linear solve, or null for a method that solves nothing
 * @param projection     the last step's projection (iterations, strain), or null for a method
 *                       that projects nothing
 * @param substeps       substeps per frame (0: the simulation follows the clock)
 * @param compare        compare mode's second system, or null when compare mode is off
 * @param speeds         each particle's speed |v_i|; in m/s (NaN where not finite)
 * @param strains        each spring's signed strain ε_s = (l_s − L_s)/L_s, l_s = |x_b − x_a|
 *                       its length, L_s its rest length; dimensionless, &gt; 0 in tension; NaN
 *                       for a spring that broke (tearing)
 * @param pinRevision    changes whenever the pins change (pinning or freeing a particle, a
 *                       reset): a view redraws its pin markers only when it differs from the
 *                       one it drew
 * @param pinned         whether each particle is pinned (a particle held by the mouse counts as
 *                       it was before it was grabbed); the same array until the pins change, never
 *                       written after publication. Null: the topology's pins
 * @param scene          the scene's values as the runner holds them now (the panels show these)
 * @param compareMode    compare mode's second method, or null when compare mode is off (a
 *                       lesson's comparison is not compare mode)
 * @param driven         whether a lesson's work holds the runner (it plays its own steps)
 * @param edits          how many edits of the scene value the runner has taken (see
 *                       {@link SimulationRunner#edit}), whether they applied or were refused
 * @param solverTotals   what the main system's linear solves did since the reset: steps solved,
 *                       steps that did not converge or met an indefinite matrix, the largest
 *                       residual (all 0 for a method that solves nothing)
 * @param timeline       the states recorded to scrub back through ({@link History})
 * @param commandSteps   how many steps ran between the queueing of the newest command taken and
 *                       its taking: at most 1 (the step under way) for a command that acts at
 *                       once, more only for one that waited for a lesson's work to end
 * @param commandsTaken  the number of the newest command taken before this snapshot was made
 *                       ({@link SimulationRunner#commandsTaken()}): it shows what every command
 *                       up to that one did (or set aside until a lesson's work ends)
 * @param energyScale    the main system's energy scale E_ref, the one its explosion detector
 *                       compares with ({@link dev.hooke.core.sim.Simulation#energyScale()}); in J.
 *                       An energy is shown rounded at this scale
 */
public record Snapshot(long sequence, int generation, SceneTopology topology, float[] positions,
                       double time, long steps, double dt, IntegratorKind integrator, boolean running,
                       double speed, EnergySample energy, double maxSpeed, double maxStrain,
                       EngineParameters parameters, StabilityLimit limit, double naiveBound,
                       boolean limitCurrent, ExplosionReport explosion, double stepsPerSecond,
                       Notice notice, SolverSummary solver,
                       ProjectionSummary projection, int substeps, Compare compare,
                       float[] speeds, float[] strains, long pinRevision, boolean[] pinned,
                       SceneFile scene, IntegratorKind compareMode, boolean driven, long edits,
                       SolverTally.Totals solverTotals, History.View timeline, long commandSteps,
                       long commandsTaken, double energyScale) {

    /** Whether particle i is pinned now (the topology's pin when the snapshot carries none). */
    public boolean isPinned(int i) {
        return pinned != null && i >= 0 && i < pinned.length ? pinned[i] : topology.isPinned(i);
    }

    /**
     * Compare mode's second system: the same scene and parameters, another method.
     *
     * @param integrator the second method
     * @param positions  its particle positions, {@code 3*i+k}; in m (the last finite ones after
     *                   its explosion)
     * @param steps      its steps since the reset
     * @param energy     its chart quantities now
     * @param limit      its method's predicted limit, or null while unknown
     * @param explosion  its explosion report, or null while it is sound
     * @param solver     its last linear solve, or null
     * @param projection its last projection, or null
     * @param speeds     each particle's speed |v_i|; in m/s (NaN where not finite)
     * @param strains    each spring's signed strain (l_s − L_s)/L_s; dimensionless
     * @param maxSpeed   its largest particle speed; in m/s
     * @param maxStrain  its largest spring strain |l − L|/L; dimensionless
     */
    public record Compare(IntegratorKind integrator, float[] positions, long steps, EnergySample energy,
                          StabilityLimit limit, ExplosionReport explosion, SolverSummary solver,
                          ProjectionSummary projection, float[] speeds, float[] strains, double maxSpeed,
                          double maxStrain) {
    }

    /**
     * This snapshot with other positions (a view's overlay, such as a mode's shape drawn over the
     * live state; the engine's own snapshots are never rewritten), and no compare mode's second system.
     */
    public Snapshot withPositions(float[] shown) {
        return new Snapshot(sequence, generation, topology, shown, time, steps, dt, integrator, running, speed,
                energy, maxSpeed, maxStrain, parameters, limit, naiveBound, limitCurrent, explosion, stepsPerSecond,
                notice, solver, projection, substeps, null, speeds, strains, pinRevision, pinned, scene, compareMode,
                driven, edits, solverTotals, timeline, commandSteps, commandsTaken, energyScale);
    }

    /** The springs torn so far: those whose strain is NaN (a broken spring has none); 0 without strains. */
    public int tornSprings() {
        if (strains == null) {
            return 0;
        }
        int torn = 0;
        for (float e : strains) {
            torn += Float.isNaN(e) ? 1 : 0;
        }
        return torn;
    }

    /** Whether the engine marked the system exploded. */
    public boolean exploded() {
        return explosion != null;
    }

    /** Whether Δt is at or above the predicted limit (false while the limit is unknown). */
    public boolean dtAboveLimit() {
        return limit != null && !limit.isStable(dt);
    }
}
