package dev.hooke.core.integrate;

import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.model.StateRecord;

/**
 * One time-integration method. An integrator advances a system by one step of length h; it may
 * be swapped for another between two steps without resetting the state.
 *
 * <p>Contract: {@link #step} allocates nothing once the integrator has seen a system of that size
 * (workspaces are created on first use and reused); pinned particles (inverse mass 0) never
 * move; after the step the integrator calls {@link MassSpringSystem#touch()}, so that any other
 * integrator caching data about the state knows it is stale.
 */
public interface Integrator {

    /** Which method this is. */
    IntegratorKind kind();

    /**
     * Advances the system by one step.
     *
     * @param s the system, updated in place: {@code s.x}, {@code s.v} (and {@code s.f} as scratch)
     * @param h Δt, the step; in s, finite and &gt; 0
     */
    void step(MassSpringSystem s, double h);

    /** Forgets any history (previous positions, cached forces, warm starts). */
    default void reset() {
    }

    /**
     * Writes what this method keeps from one step to the next (previous positions, a cached
     * force, a warm start, a lagged preconditioner) into {@code out}, after the simulation's own
     * state, so that {@link #restoreState} on the same system later continues the run bit for
     * bit. A method that keeps nothing across steps writes nothing (the default). Called between
     * steps; allocates nothing once {@code out} has held a state of this system.
     *
     * @param s the system the method steps
     */
    default void saveState(StateRecord out, MassSpringSystem s) {
    }

    /**
     * Reads back what {@link #saveState} wrote, after the system's state has been restored (its
     * {@link MassSpringSystem#revision() revision} is the present one): the next step continues
     * exactly as the step after the save did.
     */
    default void restoreState(StateRecord in, MassSpringSystem s) {
    }

    /**
     * Sets how many threads a step may use, 1 … {@link dev.hooke.core.parallel.Team#MAX_SIZE}
     * (the built-in integrators start with {@link dev.hooke.core.parallel.Team#defaultSize()}).
     * The results are the same bit for bit with any number; small systems use one thread anyway.
     *
     * @throws IllegalArgumentException naming {@code threads} when out of range
     */
    default void setThreads(int count) {
        if (count != 1) {
            throw new IllegalArgumentException("threads: " + kind().id() + " runs on one thread only");
        }
    }

    /** How many threads a step may use. */
    default int threads() {
        return 1;
    }

    /**
     * ΔW_d, the work the last step dissipated, in J: the damping power P_d integrated over the
     * step by the method's own quadrature, so that E + W_d − E₀ measures the method's error alone
     * (see each method's class comment), or for a method without one the energy its step removed.
     * NaN when the method does not say; the caller then integrates P_d itself. Contacts resolved
     * after the step are not included.
     */
    default double dissipatedWork() {
        return Double.NaN;
    }

    /**
     * ΔW_w, the work the wind did on the free particles in the last step, in J (of either sign):
     * its power P_w = Σ F_wind,i·v_i integrated by the same quadrature as {@link #dissipatedWork()},
     * so that E + W_d − W_w − E₀ measures the method's error alone with a wind blowing. 0 without
     * a wind; NaN when the method does not say (the caller then integrates P_w itself).
     */
    default double windWork() {
        return Double.NaN;
    }

    /** The statistics of the last step's linear solve, or null for a method that solves nothing. */
    default SolverStats solverStats() {
        return null;
    }
}
