package dev.hooke.core.stability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.force.Forces;
import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.integrate.Integrators;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.scene.Scenes;
import dev.hooke.core.sim.Simulation;
import org.junit.jupiter.api.Test;

/**
 * Mode shapes against the engine's own forces: K φ = ω² M φ by central differences of the force
 * (an oracle that shares no code with the eigen solve), mass-orthonormality, and a chain started in
 * one mode keeping that mode's energy while the others stay empty, under a symplectic method at a
 * small step (the linear system's modes do not exchange energy).
 */
class ModeShapesTest {

    /** K φ by central differences against ω² M φ, relative to ‖ω² M φ‖. */
    private static final double EIGEN = 1e-6;
    /** φ_jᵀ M φ_k against δ_jk. */
    private static final double ORTHONORMAL = 1e-10;
    /** The started mode's energy over the run, relative: velocity Verlet's energy error at ωΔt = 0.05 is ~(ωΔt)²/8. */
    private static final double KEPT = 1e-3;
    /** The energy put in, relative: x − x₀ at 1e-6 of the positions keeps about ten digits. */
    private static final double PUT_IN = 1e-8;
    /** Every other mode's energy, relative to the started one's: the coupling at this amplitude. */
    private static final double LEAKED = 1e-6;

    @Test
    void eachShapeSolvesTheEigenProblemOfTheEnginesForces() {
        MassSpringSystem s = Scenes.build(SceneSpec.of(SceneType.CLOTH).size(5));
        ModeShapes modes = ModeShapes.of(s);
        assertEquals(Modes.degreesOfFreedom(s), modes.count());
        double[] x0 = s.x.clone();
        double[] v = new double[x0.length];
        double[] plus = new double[x0.length];
        double[] minus = new double[x0.length];
        double h = 1e-6;
        for (int k = 0; k < 6; k++) {
            double[] phi = modes.shape(k);
            double scale = 0;
            for (double p : phi) {
                scale = Math.max(scale, Math.abs(p));
            }
            double eps = h / scale;
            double[] x = x0.clone();
            for (int c = 0; c < x.length; c++) {
                x[c] = x0[c] + eps * phi[c];
            }
            Forces.compute(s, x, v, plus);
            for (int c = 0; c < x.length; c++) {
                x[c] = x0[c] - eps * phi[c];
            }
            Forces.compute(s, x, v, minus);
            double norm = 0;
            double err = 0;
            for (int i = 0; i < s.particleCount(); i++) {
                for (int c = 3 * i; c < 3 * i + 3 && !s.isPinned(i); c++) {
                    double kphi = -(plus[c] - minus[c]) / (2 * eps);
                    double expected = modes.omega2(k) * s.mass(i) * phi[c];
                    norm += expected * expected;
                    err += (kphi - expected) * (kphi - expected);
                }
            }
            assertTrue(Math.sqrt(err) <= EIGEN * Math.sqrt(norm), "mode " + k + ": ‖Kφ − ω²Mφ‖ = " + Math.sqrt(err)
                    + " against ‖ω²Mφ‖ = " + Math.sqrt(norm));
            for (int j = 0; j <= k; j++) {
                double[] psi = modes.shape(j);
                double dot = 0;
                for (int i = 0; i < s.particleCount(); i++) {
                    for (int c = 3 * i; c < 3 * i + 3; c++) {
                        dot += psi[c] * s.mass(i) * phi[c];
                    }
                }
                assertEquals(j == k ? 1 : 0, dot, ORTHONORMAL, "φ_" + j + "ᵀ M φ_" + k);
            }
        }
    }

    @Test
    void aChainStartedInOneModeKeepsItsEnergyThere() {
        // without gravity the chain, built at its springs' rest lengths, is at equilibrium: the linearisation holds
        MassSpringSystem s = Scenes.build(SceneSpec.of(SceneType.CHAIN).nodes(8).gravity(0));
        ModeShapes modes = ModeShapes.of(s);
        int started = 2;
        double omega = Math.sqrt(modes.omega2(started));
        assertTrue(omega > 0, "an oscillating mode");
        double[] phi = modes.shape(started);
        double amplitude = 1e-6 * s.restLength(0) / Math.abs(phi[maxIndex(phi)]);
        for (int c = 0; c < phi.length; c++) {
            s.x[c] += amplitude * phi[c];
        }
        double e0 = 0.5 * modes.omega2(started) * amplitude * amplitude;
        assertEquals(e0, modes.energy(started, s.x, s.v), PUT_IN * e0, "the energy put in");
        double fastest = Math.sqrt(modes.omega2(0));
        Simulation sim = new Simulation(s, Integrators.create(IntegratorKind.VELOCITY_VERLET), 0.05 / fastest);
        int steps = (int) Math.ceil(3 * 2 * Math.PI / omega / sim.dt());
        double worstKept = 0;
        double worstLeak = 0;
        for (int n = 0; n < steps; n++) {
            sim.step();
            if (n % 10 == 0) {
                worstKept = Math.max(worstKept, Math.abs(modes.energy(started, s.x, s.v) - e0) / e0);
                for (int k = 0; k < modes.count(); k++) {
                    if (k != started && modes.omega2(k) > 1e-9 * modes.omega2(0)) {
                        worstLeak = Math.max(worstLeak, modes.energy(k, s.x, s.v) / e0);
                    }
                }
            }
        }
        assertTrue(worstKept <= KEPT, "the started mode's energy drifted by " + worstKept);
        assertTrue(worstLeak <= LEAKED, "another mode took " + worstLeak + " of it");
    }

    private static int maxIndex(double[] a) {
        int best = 0;
        for (int i = 1; i < a.length; i++) {
            if (Math.abs(a[i]) > Math.abs(a[best])) {
                best = i;
            }
        }
        return best;
    }
}
