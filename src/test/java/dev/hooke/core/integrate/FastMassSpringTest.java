package dev.hooke.core.integrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.Tolerances;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.scene.Perturbation;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.scene.Scenes;
import dev.hooke.core.solve.FillReducingOrdering;
import dev.hooke.core.solve.SolverKind;
import java.util.Locale;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.data.DMatrixRMaj;
import org.junit.jupiter.api.Test;

/**
 * Liu et al.'s local/global method: it is backward Euler (exactly on a spring that stays on its
 * axis, in the limit of many iterations on a cloth), and it factorises its matrix only when the
 * matrix changes.
 */
class FastMassSpringTest {

    /** The motion's speed scale, ω·(the 0.1 m pull) + the 0.5 m/s push, rounded; in m/s. */
    private static final double SPEED = 1.5;
    private static final double H = 1.0 / 60;

    private static BackwardEuler converged() {
        return new BackwardEuler(ImplicitOptions.defaults().withSolver(SolverKind.CHOLESKY).withTolerance(1e-14)
                .withNewtonIterations(ImplicitOptions.NEWTON_ITERATIONS_LIMIT));
    }

    /**
     * On a spring that stays on its axis the local step's direction is exact, so one local/global
     * iteration is backward Euler's step, with gravity and air damping (which is in the constant
     * matrix): compared with {@link BackwardEuler} over 300 steps.
     */
    @Test
    void oneIterationOnASpringIsBackwardEuler() {
        SceneSpec spec = SceneSpec.of(SceneType.SPRING).airDamping(0.7).perturbation(Perturbation.END)
                .displacement(0.1).velocity(0.5);
        MassSpringSystem s = Scenes.build(spec);
        MassSpringSystem ref = Scenes.build(spec);
        FastMassSpring liu = new FastMassSpring();
        liu.setIterations(1);
        BackwardEuler be = new BackwardEuler(ImplicitOptions.defaults().withSolver(SolverKind.CHOLESKY));
        for (int n = 0; n < 300; n++) {
            liu.step(s, 0.01);
            be.step(ref, 0.01);
            assertEquals(ref.x[4], s.x[4], Tolerances.SAME_METHOD * Math.abs(ref.x[4]), "x at step " + n);
            assertEquals(ref.v[4], s.v[4], Tolerances.SAME_METHOD * SPEED, "v at step " + n);
        }
        assertEquals(1, liu.factorizations());
    }

    /**
     * The "Liu's step approaches backward Euler's step as the local/global iterations
     * increase". One step of a moving 12×12 cloth (k_s = 200 N/m, 10 g per particle, Δt = 1/60 s,
     * corners pinned) against backward Euler's step solved by Newton's method to ‖G‖ ≈ 10⁻¹⁴; the
     * error ‖x_Liu − x_BE‖ / ‖x_BE − xⁿ‖ falls at every doubling of the iterations, measured:
     * <pre>
     *   1: 7.3e-2   4: 4.7e-2   16: 2.2e-2   64: 4.9e-3   256: 1.7e-4   1024: 2.3e-9   2048: 1e-13
     * </pre>
     * (linear convergence, slow at first for the cloth's soft bending, whose true stiffness is far
     * below the constant matrix's), and at 2048 iterations the two agree to round-off.
     */
    @Test
    void theStepApproachesBackwardEulersAsIterationsGrow() {
        MassSpringSystem s = Scenes.build(SceneSpec.of(SceneType.CLOTH).size(12).stiffness(200).mass(0.01)
                .airDamping(0.001).perturbation(Perturbation.RANDOM).displacement(0.01).velocity(0.2).seed(3));
        BackwardEuler warm = new BackwardEuler(ImplicitOptions.defaults().withSolver(SolverKind.CHOLESKY));
        for (int n = 0; n < 10; n++) {
            warm.step(s, H);
        }
        MassSpringSystem ref = s.copy();
        converged().step(ref, H);
        double move = distance(ref.x, s.x);
        double previous = Double.POSITIVE_INFINITY;
        for (int n = 1; n <= 2048; n *= 2) {
            MassSpringSystem c = s.copy();
            FastMassSpring liu = new FastMassSpring();
            liu.setIterations(n);
            liu.step(c, H);
            double error = distance(c.x, ref.x) / move;
            if (n <= 1024) {
                double before = previous;
                int iterations = n;
                assertTrue(error < before, () -> String.format(Locale.ROOT,
                        "%d iterations: error %.3e, with half as many %.3e", iterations, error, before));
            } else {
                assertTrue(error < Tolerances.LIU_VS_NEWTON, "2048 iterations: error " + error);
            }
            previous = error;
        }
    }

    /**
     * One local/global iteration is one solve of Liu et al.'s global system, built here from its
     * definition, not from the integrator's matrix: for free particles a, with y = xⁿ + h vⁿ and
     * d_s = L_s (y_b − y_a)/|y_b − y_a| (the local step from x = y),
     * <pre>
     *   (m_a + h c) x_a + h² Σ_{s at a} k_s (x_a − x_other) = m_a y_a + h c xⁿ_a + h² m_a g ∓ h² k_s d_s
     * </pre>
     * (− at a spring's end a, + at its end b; a pinned x_other is known and moves to the right).
     * Solved densely by EJML's LU, each coordinate; the prefactored sparse Cholesky with
     * nested-dissection ordering must agree to {@link Tolerances#DIRECT_SOLVES_AGREE} relative.
     * A moving 7×7 cloth with air damping and springs of different stiffness.
     */
    @Test
    void aGlobalStepIsTheDenseSolveOfItsSystem() {
        MassSpringSystem s = Scenes.build(SceneSpec.of(SceneType.CLOTH).size(7).airDamping(0.3).mass(0.02)
                .perturbation(Perturbation.RANDOM).displacement(0.02).velocity(0.3).seed(5));
        for (int sp = 0; sp < s.springCount(); sp += 3) {
            s.setStiffness(sp, 40 + 7 * sp);
        }
        final int n = s.particleCount();
        final double c = s.airDamping();
        final double h2 = H * H;
        int[] node = new int[n];
        int nf = 0;
        for (int i = 0; i < n; i++) {
            node[i] = s.isPinned(i) ? -1 : nf++;
        }
        double[] y = new double[3 * n];
        for (int q = 0; q < 3 * n; q++) {
            y[q] = s.x[q] + H * s.v[q];
        }
        DMatrixRMaj a = new DMatrixRMaj(nf, nf);
        DMatrixRMaj b = new DMatrixRMaj(nf, 3);
        for (int i = 0; i < n; i++) {
            if (node[i] >= 0) {
                a.add(node[i], node[i], s.mass(i) + H * c);
                for (int k = 0; k < 3; k++) {
                    b.add(node[i], k, s.mass(i) * y[3 * i + k] + H * c * s.x[3 * i + k] + h2 * s.mass(i) * s.gravity(k));
                }
            }
        }
        for (int sp = 0; sp < s.springCount(); sp++) {
            int ia = s.springA(sp);
            int ib = s.springB(sp);
            double k = s.stiffness(sp);
            double[] e = new double[3];
            double len = 0;
            for (int q = 0; q < 3; q++) {
                e[q] = y[3 * ib + q] - y[3 * ia + q];
                len += e[q] * e[q];
            }
            len = Math.sqrt(len);
            int[] ends = {ia, ib};
            for (int end = 0; end < 2; end++) {
                int me = ends[end];
                int other = ends[1 - end];
                if (node[me] < 0) {
                    continue;
                }
                a.add(node[me], node[me], h2 * k);
                if (node[other] >= 0) {
                    a.add(node[me], node[other], -h2 * k);
                }
                for (int q = 0; q < 3; q++) {
                    double d = s.restLength(sp) * e[q] / len;
                    b.add(node[me], q, (end == 0 ? -1 : 1) * h2 * k * d + (node[other] < 0 ? h2 * k * s.x[3 * other + q] : 0));
                }
            }
        }
        DMatrixRMaj expected = new DMatrixRMaj(nf, 3);
        assertTrue(CommonOps_DDRM.solve(a, b, expected));

        FastMassSpring liu = new FastMassSpring();
        liu.setIterations(1);
        liu.step(s, H);
        double diff = 0;
        double norm = 0;
        for (int i = 0; i < n; i++) {
            if (node[i] >= 0) {
                for (int k = 0; k < 3; k++) {
                    double want = expected.get(node[i], k);
                    diff += (s.x[3 * i + k] - want) * (s.x[3 * i + k] - want);
                    norm += want * want;
                }
            }
        }
        double relative = Math.sqrt(diff / norm);
        assertTrue(relative <= Tolerances.DIRECT_SOLVES_AGREE, "prefactored against dense: " + relative);
    }

    /**
     * The ordering changes the factor's entries and so the order of the round-off, nothing else:
     * one step from the same state of a moving 16×16 cloth with nested dissection and with reverse
     * Cuthill–McKee (the ordering used before) agree to {@link Tolerances#DIRECT_SOLVES_AGREE} of
     * the positions' scale, and 120 steps, whose round-off the swinging cloth amplifies (measured
     * 6·10⁻¹³ m by step 81), to {@link Tolerances#SAME_METHOD}, step by step.
     */
    @Test
    void theOrderingDoesNotChangeTheTrajectory() {
        SceneSpec spec = SceneSpec.of(SceneType.CLOTH).size(16).perturbation(Perturbation.RANDOM).displacement(0.01)
                .velocity(0.2).seed(11);
        MassSpringSystem dissected = Scenes.build(spec);
        MassSpringSystem banded = Scenes.build(spec);
        FastMassSpring nd = new FastMassSpring(FillReducingOrdering.NESTED_DISSECTION);
        FastMassSpring rcm = new FastMassSpring(FillReducingOrdering.REVERSE_CUTHILL_MCKEE);
        for (int step = 0; step < 120; step++) {
            MassSpringSystem same = dissected.copy();
            nd.step(dissected, H);
            rcm.step(banded, H);
            new FastMassSpring(FillReducingOrdering.REVERSE_CUTHILL_MCKEE).step(same, H);
            double scale = Math.sqrt(dot(banded.x, banded.x) / banded.particleCount());
            double gap = distance(dissected.x, banded.x) / Math.sqrt(banded.particleCount());
            double oneStep = distance(dissected.x, same.x) / Math.sqrt(banded.particleCount());
            assertTrue(oneStep <= Tolerances.DIRECT_SOLVES_AGREE * scale, "step " + step + ", from one state: " + oneStep + " m apart");
            assertTrue(gap <= Tolerances.SAME_METHOD * scale, "step " + step + ": " + gap + " m apart");
        }
        assertTrue(nd.factorNonZeros() != rcm.factorNonZeros(), "two different factors were compared");
    }

    private static double dot(double[] a, double[] b) {
        double sum = 0;
        for (int q = 0; q < a.length; q++) {
            sum += a[q] * b[q];
        }
        return sum;
    }

    private static double distance(double[] a, double[] b) {
        double sum = 0;
        for (int q = 0; q < a.length; q++) {
            sum += (a[q] - b[q]) * (a[q] - b[q]);
        }
        return Math.sqrt(sum);
    }

    /**
     * The matrix M + h c I + h² Lₖ is factorised on the first step and again only when h, c, a
     * mass, a k_s, a pin or the system changes; not for gravity, k_d, rest lengths, dragging a
     * particle or the steps themselves, although every one of those changes the system's revision.
     * A refactorised step equals a fresh integrator's step on the same state to the bit. The
     * particles are ordered anew only when the matrix's sparsity changes (a pin, a spring torn
     * to k_s = 0, as tearing does), not when its values do.
     */
    @Test
    void refactorsOnlyWhenTheMatrixChanges() {
        MassSpringSystem s = Scenes.build(SceneSpec.of(SceneType.CLOTH).size(6));
        FastMassSpring liu = new FastMassSpring();
        int expected = 0;
        liu.step(s, H);
        assertEquals(++expected, liu.factorizations(), "first step");
        for (int n = 0; n < 5; n++) {
            liu.step(s, H);
        }
        assertEquals(expected, liu.factorizations(), "plain steps");
        s.setGravity(0.3, -5, 0);
        s.setAllSpringDamping(0.2);
        s.setRestLength(3, 0.3);
        s.setParticleState(8, 0.1, 0.2, 0.3, 0, 0, 0);
        liu.step(s, H);
        assertEquals(expected, liu.factorizations(), "gravity, k_d, rest length, a drag");

        Runnable[] changes = {
            () -> { },                              // only the step: H → H/2 below
            () -> s.setAllStiffness(150),
            () -> s.setStiffness(4, 90),
            () -> s.setMass(7, 0.004),
            () -> s.setAirDamping(0.05),
            () -> s.setPinned(10, true),
            () -> s.setPinned(10, false),
            () -> s.breakSpring(12),
        };
        boolean[] sparsity = {false, false, false, false, false, true, true, true};
        int orderings = liu.orderings();
        assertEquals(1, orderings, "first step");
        for (int c = 0; c < changes.length; c++) {
            changes[c].run();
            MassSpringSystem fresh = s.copy();
            liu.step(s, H / 2);
            assertEquals(++expected, liu.factorizations(), "change " + c);
            orderings += sparsity[c] ? 1 : 0;
            assertEquals(orderings, liu.orderings(), "orderings after change " + c);
            new FastMassSpring().step(fresh, H / 2);
            for (int q = 0; q < s.x.length; q++) {
                assertEquals(fresh.x[q], s.x[q], "change " + c + ", x[" + q + "]");
            }
            liu.step(s, H / 2);
            assertEquals(expected, liu.factorizations(), "no change after change " + c);
        }
        liu.step(Scenes.build(SceneSpec.of(SceneType.CLOTH).size(6)), H / 2);
        assertEquals(++expected, liu.factorizations(), "another system");
    }
}
