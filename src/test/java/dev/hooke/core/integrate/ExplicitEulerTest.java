package dev.hooke.core.integrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.Tolerances;
import dev.hooke.core.SpringProbe;
import dev.hooke.core.observe.Observables;
import dev.hooke.core.sim.Simulation;
import org.junit.jupiter.api.Test;

/**
 * Explicit (forward) Euler: x⁺ = x + h v, v⁺ = v − hω²x on the oscillator. With E = ½v² + ½ω²x²
 * (per unit mass),
 * <pre>
 *   E⁺ = ½(v − hω²x)² + ½ω²(x + hv)² = ½v² − hω²xv + ½h²ω⁴x² + ½ω²x² + hω²xv + ½h²ω²v²
 *      = (1 + h²ω²) E
 * </pre>
 * exactly, for every state: the energy grows at every Δt.
 */
class ExplicitEulerTest extends ExplicitIntegratorContract {

    @Override
    Integrator newIntegrator() {
        return new ExplicitEuler();
    }

    @Override
    int order() {
        return 1;
    }

    @Override
    int coarsestLevel() {
        return 9;
    }

    @Override
    double lawQuantity(double x, double v, double h, double omega) {
        return 0.5 * v * v + 0.5 * omega * omega * x * x;
    }

    @Override
    double lawRatio(double h, double omega) {
        return 1 + h * h * omega * omega;
    }

    /** hω = 0.01: 10⁴ steps multiply the energy by e, and the spring stays far from zero length. */
    @Override
    double energyLawStep() {
        return 0.001;
    }

    /** hω_max = 0.05: 400 steps multiply the fastest mode's energy by only 1.0025⁴⁰⁰ ≈ 2.7. */
    @Override
    double freeFlightStepOmega() {
        return 0.05;
    }

    @Override
    double springLimitOmega() {
        return 0;
    }

    /**
     * The same law read from the simulation's observables: E = K + U_el (gravity 0) is multiplied
     * by exactly 1 + h²ω² at every step, and the damped counterpart's work W_d stays 0.
     */
    @Test
    void observedEnergyGrowsByOnePlusHSquaredOmegaSquaredEveryStep() {
        double h = 0.002;
        double ratio = 1 + h * h * SpringProbe.OMEGA * SpringProbe.OMEGA;
        Simulation sim = new Simulation(SpringProbe.build(0), new ExplicitEuler(), h);
        Observables obs = sim.observables();
        double e = obs.total();
        double e0 = e;
        int steps = 5000;
        for (int n = 1; n <= steps; n++) {
            assertTrue(sim.step(), "step " + n);
            assertEquals(0.0, obs.gravitational);
            assertEquals(0.0, obs.dissipated);
            assertEquals(1.0, obs.total() / (ratio * e), Tolerances.ENERGY_LAW_PER_STEP, "step " + n);
            e = obs.total();
        }
        assertEquals(1.0, e / (Math.pow(ratio, steps) * e0), Tolerances.ENERGY_LAW_GLOBAL);
        assertTrue(e > 1.2 * e0, "the energy must have grown");
    }
}
