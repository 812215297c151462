package dev.hooke.core.integrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.Tolerances;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.model.SpringKind;
import dev.hooke.core.solve.SolverKind;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * Position-based dynamics: the prediction keeps the velocity, the stiffness
 * convention, and the effective stiffness that depends on the iteration count and on Δt, against
 * XPBD's, which does not once converged.
 */
class PositionBasedDynamicsTest {

    /** A lone particle under gravity and air damping, and an unattached spring. */
    private static MassSpringSystem freeParticles(double airDamping) {
        MassSpringSystem.Builder b = MassSpringSystem.builder().gravity(0.5, -9.81, 0.2).airDamping(airDamping);
        b.particle(0.1, 2.0, -0.3, 0.25);
        int a = b.particle(1, 1, 1, 0.5);
        int c = b.particle(1.2, 1, 1, 0.5);
        b.spring(a, c, 300, 0, SpringKind.STRUCTURAL);
        MassSpringSystem s = b.build();
        s.setParticleState(0, 0.1, 2.0, -0.3, 0.7, 1.5, -0.4);
        s.setParticleState(1, 1, 1, 1, 0.3, 0.8, -0.2);
        s.setParticleState(2, 1.2, 1, 1, 0.3, 0.8, -0.2);
        return s;
    }

    /**
     * The previous positions are saved before predicting, so the velocity survives
     * the step. Without air damping a free particle then follows semi-implicit Euler exactly
     * (v⁺ = v + h g, x⁺ = x + h v⁺), and a spring at its rest length flies along with it; with air
     * damping PBD's prediction is backward Euler's step for a free particle. Compared with those
     * integrators over 300 steps (the same method in exact arithmetic: {@link Tolerances#SAME_METHOD}).
     */
    @Test
    void theVelocitySurvivesTheStep() {
        for (double c : new double[] {0, 0.8}) {
            for (Integrator pbd : new Integrator[] {new PositionBasedDynamics(), new ExtendedPositionBasedDynamics()}) {
                MassSpringSystem s = freeParticles(c);
                MassSpringSystem ref = freeParticles(c);
                Integrator oracle = c == 0 ? new SymplecticEuler()
                        : new BackwardEuler(ImplicitOptions.defaults().withSolver(SolverKind.CHOLESKY));
                for (int n = 0; n < 300; n++) {
                    pbd.step(s, 0.01);
                    oracle.step(ref, 0.01);
                }
                for (int q = 0; q < s.x.length; q++) {
                    String what = pbd.kind() + " with c = " + c + ", index " + q;
                    assertEquals(ref.x[q], s.x[q], Tolerances.SAME_METHOD * Math.abs(ref.x[q]), what);
                    assertEquals(ref.v[q], s.v[q], Tolerances.SAME_METHOD * Math.abs(ref.v[q]), what);
                }
                assertTrue(Math.abs(s.v[1]) > 1, "the particle keeps moving: v_y = " + s.v[1]);
            }
        }
    }

    /**
     * Müller's convention k' = 1 − (1 − k)^(1/N): a lone spring (one end pinned, at rest, no
     * gravity) stretched by e keeps (1 − k) e of its stretch after one step, whatever N.
     */
    @Test
    void aLoneConstraintKeepsOneMinusKOfItsErrorWhateverTheIterations() {
        double rest = 0.5;
        double e = 0.05;
        for (double k : new double[] {0.2, 0.7, 1.0}) {
            for (int n : new int[] {1, 3, 25}) {
                MassSpringSystem.Builder b = MassSpringSystem.builder();
                int anchor = b.particle(0, 0, 0, 1);
                b.pin(anchor);
                int bob = b.particle(0, -(rest + e), 0, 0.3);
                b.spring(anchor, bob, rest, 50, 0, SpringKind.STRUCTURAL);
                MassSpringSystem s = b.build();
                PositionBasedDynamics pbd = new PositionBasedDynamics();
                pbd.setStiffness(k);
                pbd.setIterations(n);
                pbd.step(s, 0.01);
                double stretch = -s.x[4] - rest;
                String what = String.format(Locale.ROOT, "k = %s, N = %d", k, n);
                assertEquals((1 - k) * e, stretch, Tolerances.FORMULA * e, what);
                assertEquals(1 - Math.pow(1 - k, 1.0 / n), pbd.sweepStiffness(), Tolerances.FORMULA, what);
                assertEquals(0.0, s.x[3]);
                assertEquals(0.0, s.x[5]);
            }
        }
        PositionBasedDynamics pbd = new PositionBasedDynamics();
        for (double bad : new double[] {0, -0.1, 1.5, Double.NaN}) {
            IllegalArgumentException ex = assertThrows(IllegalArgumentException.class, () -> pbd.setStiffness(bad));
            assertTrue(ex.getMessage().startsWith("stiffness: "), ex.getMessage());
        }
    }

    // ------------------------------------------------------------------ the hanging chain

    private static final int NODES = 11;
    private static final double MASS = 0.1;
    private static final double KS = 100;
    private static final double SPACING = 0.1;
    /** c, chosen so that the slowest mode decays at 2.5 s⁻¹ (ζω = c/2m). */
    private static final double AIR = 0.5;
    private static final double SETTLE = 20;

    /** A chain hanging straight down from its pinned top node, at rest and unstretched. */
    private static MassSpringSystem verticalChain() {
        MassSpringSystem.Builder b = MassSpringSystem.builder().gravity(0, -9.81, 0).airDamping(AIR);
        for (int i = 0; i < NODES; i++) {
            b.particle(0, -i * SPACING, 0, MASS);
        }
        b.pin(0);
        for (int i = 0; i + 1 < NODES; i++) {
            b.spring(i, i + 1, SPACING, KS, 0, SpringKind.STRUCTURAL);
        }
        return b.build();
    }

    /** The chain's stretch after SETTLE seconds: how far its bottom node hangs below its rest place; in m. */
    private static double settledStretch(ProjectionIntegrator in, double h) {
        MassSpringSystem s = verticalChain();
        int steps = (int) Math.round(SETTLE / h);
        for (int n = 0; n < steps; n++) {
            in.step(s, h);
        }
        return -(NODES - 1) * SPACING - s.x[3 * (NODES - 1) + 1];
    }

    /** The static stretch of the chain: spring j from the top carries (N − 1 − j) m g; Σ over j of that / k_s. */
    private static double exactStretch() {
        return MASS * 9.81 * (NODES - 1) * NODES / 2 / KS;
    }

    /**
     * The "PBD's effective stiffness changes with its iteration count", measured as the
     * settled stretch of an 11-node chain (m = 0.1 kg per node, k_s = 100 N/m, Δt = 1/60 s): PBD's
     * falls strictly with every doubling of the iterations, from 0.12 m at 1 iteration to 6 µm at
     * 256 (an effective stiffness k_s·(exact stretch)/(stretch) from 4.4 k_s to 10⁵ k_s; PBD does
     * not use k_s). XPBD's, converged, is the closed form m g N(N − 1)/(2 k_s) = 0.540 m at 16, 64 and
     * 256 iterations: iteration-independent; with 1 iteration XPBD is softer (0.66 m). PBD's stretch
     * at any iteration count is less than a quarter of it.
     */
    @Test
    void pbdStiffnessGrowsWithIterationsWhileConvergedXpbdMatchesTheSpring() {
        double h = 1.0 / 60;
        double exact = exactStretch();
        double previous = Double.POSITIVE_INFINITY;
        double first = 0;
        double last = 0;
        for (int n = 1; n <= 256; n *= 2) {
            PositionBasedDynamics pbd = new PositionBasedDynamics();
            pbd.setIterations(n);
            double stretch = settledStretch(pbd, h);
            int iterations = n;
            double before = previous;
            assertTrue(stretch > 0 && stretch < before, () -> String.format(Locale.ROOT,
                    "PBD with %d iterations: stretch %.6g m, with half as many %.6g m", iterations, stretch, before));
            assertTrue(stretch < exact / 4, "PBD at " + n + " iterations: " + stretch + " m");
            if (n == 1) {
                first = stretch;
            }
            last = stretch;
            previous = stretch;
        }
        assertTrue(last < 1e-3 * first, "PBD: 256 iterations " + last + " m against 1 iteration " + first + " m");

        for (int n : new int[] {16, 64, 256}) {
            ExtendedPositionBasedDynamics xpbd = new ExtendedPositionBasedDynamics();
            xpbd.setIterations(n);
            assertEquals(exact, settledStretch(xpbd, h), Tolerances.CHAIN_STATIC_STRETCH * exact, "XPBD, " + n + " iterations");
        }
        ExtendedPositionBasedDynamics once = new ExtendedPositionBasedDynamics();
        once.setIterations(1);
        assertTrue(settledStretch(once, h) > 1.1 * exact, "one XPBD iteration leaves the springs softer");
    }

    /**
     * PBD's stiffness depends on Δt too: gravity enters the
     * prediction as h² g. Halving Δt (same iterations, same simulated time) shrinks PBD's settled
     * stretch by more than 3 (measured 3.8 at 8 iterations), while converged XPBD stays on the
     * closed form at both steps.
     */
    @Test
    void pbdStiffnessDependsOnTheTimeStep() {
        double exact = exactStretch();
        double[] stretch = new double[2];
        double[] steps = {1.0 / 60, 1.0 / 120};
        for (int j = 0; j < 2; j++) {
            PositionBasedDynamics pbd = new PositionBasedDynamics();
            pbd.setIterations(8);
            stretch[j] = settledStretch(pbd, steps[j]);
            ExtendedPositionBasedDynamics xpbd = new ExtendedPositionBasedDynamics();
            xpbd.setIterations(64);
            assertEquals(exact, settledStretch(xpbd, steps[j]), Tolerances.CHAIN_STATIC_STRETCH * exact, "XPBD at Δt = " + steps[j]);
        }
        assertTrue(stretch[0] > 3 * stretch[1], "PBD: " + stretch[0] + " m at 1/60 s, " + stretch[1] + " m at 1/120 s");
    }
}
