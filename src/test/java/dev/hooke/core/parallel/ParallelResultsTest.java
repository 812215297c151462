package dev.hooke.core.parallel;

import static dev.hooke.Tolerances.SUMMATION_ORDER;
import static dev.hooke.core.solve.SystemMatrix.RESOLVED;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.force.ForceEvaluator;
import dev.hooke.core.force.Forces;
import dev.hooke.core.integrate.ImplicitOptions;
import dev.hooke.core.solve.PreconditionerKind;
import dev.hooke.core.integrate.Integrator;
import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.integrate.Integrators;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.scene.Perturbation;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.scene.Scenes;
import dev.hooke.core.solve.SpringJacobian;
import dev.hooke.core.solve.SystemMatrix;
import dev.hooke.core.stability.StabilityAnalysis;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Parallel results equal single-thread results: bit for bit between one and two threads (the
 * partition fixes the order of every sum), and to {@link dev.hooke.Tolerances#SUMMATION_ORDER}
 * against the plain loops in spring order.
 */
class ParallelResultsTest {

    /** 13 346 springs: above {@link Team#PARALLEL_MIN_SPRINGS}, so two threads really split the work. */
    private static final int SIZE = 48;

    private static MassSpringSystem cloth() {
        MassSpringSystem s = Scenes.build(SceneSpec.of(SceneType.CLOTH).size(SIZE).springDamping(0.02).airDamping(0.001)
                .perturbation(Perturbation.RANDOM).displacement(0.005).velocity(0.2).seed(11));
        assertTrue(s.springCount() >= Team.PARALLEL_MIN_SPRINGS);
        return s;
    }

    private static double maxAbs(double[] a, int n) {
        double m = 0;
        for (int q = 0; q < n; q++) {
            m = Math.max(m, Math.abs(a[q]));
        }
        return m;
    }

    private static void assertClose(double[] expected, double[] actual, int n, String what) {
        double scale = maxAbs(expected, n);
        assertTrue(scale > 0, what + ": nothing to compare");
        for (int q = 0; q < n; q++) {
            assertEquals(expected[q], actual[q], SUMMATION_ORDER * scale, what + " entry " + q);
        }
    }

    @Test
    void partitionCoversEverySpringOnce() {
        MassSpringSystem s = cloth();
        SpringPartition p = new SpringPartition(s);
        boolean[] seen = new boolean[s.springCount()];
        for (int k = 0; k < s.springCount(); k++) {
            assertFalse(seen[p.order(k)]);
            seen[p.order(k)] = true;
        }
        for (int c = 0; c < SpringPartition.PARTS; c++) {
            for (int k = p.springStart(c); k < p.springStart(c + 1); k++) {
                int sp = p.order(k);
                for (int end : new int[] {s.springA(sp), s.springB(sp)}) {
                    assertTrue(end >= p.nodeStart(c) && end < p.nodeStart(c + 1), "spring " + sp + " in part " + c);
                }
            }
        }
        int boundary = s.springCount() - p.springStart(SpringPartition.PARTS);
        assertTrue(boundary < s.springCount() / 10, "boundary springs " + boundary);
    }

    /** Forces and, from the same pass, the damping power P_d. */
    @Test
    void forcesAreTheSameOnAnyNumberOfThreadsAndMatchThePlainLoop() {
        MassSpringSystem s = cloth();
        double[] plain = new double[s.x.length];
        Forces.compute(s, s.x, s.v, plain);
        double[] one = new double[s.x.length];
        double[] two = new double[s.x.length];
        ForceEvaluator f = new ForceEvaluator();
        f.setThreads(1);
        f.compute(s, s.x, s.v, one);
        double powerOne = f.dampingPower();
        f.setThreads(2);
        f.compute(s, s.x, s.v, two);
        assertArrayEquals(one, two);
        assertClose(plain, one, plain.length, "force");
        double power = Forces.dampingPower(s, s.x, s.v);
        assertTrue(power > 0, "the cloth is damped and moving");
        assertEquals(powerOne, f.dampingPower(), "the damping power summed in the same order");
        assertEquals(power, powerOne, SUMMATION_ORDER * power, "the damping power of the same pass");
    }

    @Test
    void assemblyAndProductAreTheSameOnAnyNumberOfThreads() {
        MassSpringSystem s = cloth();
        double tau = 1.0 / 60;
        SystemMatrix serial = new SystemMatrix();
        SystemMatrix parallel = new SystemMatrix();
        parallel.setTeam(new Team(2));
        int n = serial.prepare(s);
        parallel.prepare(s);
        double[] b1 = new double[n];
        double[] b2 = new double[n];
        serial.assembleStep(s, s.x, s.v, tau, true, b1);
        parallel.assembleStep(s, s.x, s.v, tau, true, b2);
        assertArrayEquals(b1, b2);
        double[] u = new double[n];
        for (int q = 0; q < n; q++) {
            u[q] = Math.sin(0.37 * q);
        }
        double[] y1 = new double[n];
        double[] y2 = new double[n];
        serial.multiply(u, y1);
        parallel.multiply(u, y2);
        assertArrayEquals(y1, y2);
        double[] d1 = new double[3 * n];
        double[] d2 = new double[3 * n];
        serial.diagonalBlocks(d1);
        parallel.diagonalBlocks(d2);
        assertArrayEquals(d1, d2);
    }

    /** The cloth's velocities with the pinned particles' taken as 0, as the step takes them. */
    private static double[] freeVelocities(MassSpringSystem s) {
        double[] v = s.v.clone();
        for (int i = 0; i < s.particleCount(); i++) {
            if (s.isPinned(i)) {
                v[3 * i] = 0;
                v[3 * i + 1] = 0;
                v[3 * i + 2] = 0;
            }
        }
        return v;
    }

    /** The fused right-hand side equals τ F − τ² K v formed the plain way (Forces and the K v product). */
    @Test
    void fusedRightHandSideMatchesThePlainOne() {
        MassSpringSystem s = cloth();
        double tau = 1.0 / 60;
        SystemMatrix a = new SystemMatrix();
        int n = a.prepare(s);
        double[] v = freeVelocities(s);
        double[] kv = new double[n];
        a.assemble(s, s.x, tau, true, v, kv);
        double[] f = new double[s.x.length];
        Forces.compute(s, s.x, v, f);
        double[] expected = new double[n];
        for (int j = 0, q = 0; q < n; j++, q += 3) {
            int p = 3 * a.particleOfNode(j);
            for (int k = 0; k < 3; k++) {
                expected[q + k] = tau * f[p + k] - tau * tau * kv[q + k];
            }
        }
        double[] fused = new double[n];
        a.assembleStep(s, s.x, v, tau, true, fused);
        assertClose(expected, fused, n, "right-hand side");
    }

    /**
     * With the true derivative the fused right-hand side equals τ F + τ² (∂F/∂x) v formed the
     * plain way: Forces, and per spring the true derivative blocks of {@link SpringJacobian}
     * (K_s unclamped and E_s), whatever clamp the matrix uses; except for the terms the step does
     * not resolve (τ² k_s |1 − L/l| or τ² k_d |v_b − v_a| / l above ρ m, m the lighter free end's
     * mass), which keep Baraff &amp; Witkin's form. The cloth is perturbed, so some springs are
     * compressed; at τ = 10⁻⁴ s every term is resolved, at τ = 1/60 s some are not.
     */
    @ParameterizedTest
    @ValueSource(doubles = {1e-4, 1.0 / 60})
    void fusedRightHandSideWithTheTrueDerivative(double tau) {
        MassSpringSystem s = cloth();
        SystemMatrix a = new SystemMatrix();
        int n = a.prepare(s);
        double[] v = freeVelocities(s);
        double[] f = new double[s.x.length];
        Forces.compute(s, s.x, v, f);
        double[] blocks = new double[18];
        int compressed = 0;
        int unresolved = 0;
        for (int sp = 0; sp < s.springCount(); sp++) {
            int ia = 3 * s.springA(sp);
            int ib = 3 * s.springB(sp);
            double g = SpringJacobian.stiffnessBlock(s, sp, s.x, false, blocks, 0);
            double lighter = Math.min(s.isPinned(s.springA(sp)) ? Double.MAX_VALUE : s.mass(s.springA(sp)),
                    s.isPinned(s.springB(sp)) ? Double.MAX_VALUE : s.mass(s.springB(sp)));
            double room = RESOLVED * lighter / (tau * tau);
            compressed += g < 0 ? 1 : 0;
            if (g < 0 && -s.stiffness(sp) * g > room) {
                unresolved++;
                SpringJacobian.stiffnessBlock(s, sp, s.x, true, blocks, 0);
            }
            double[] d = new double[3];
            for (int k = 0; k < 3; k++) {
                d[k] = s.x[ib + k] - s.x[ia + k];
            }
            double l = Math.sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
            double u = Math.sqrt(sq(v[ib] - v[ia]) + sq(v[ib + 1] - v[ia + 1]) + sq(v[ib + 2] - v[ia + 2]));
            if (s.springDamping(sp) * u <= room * l) {
                SpringJacobian.dampingPositionBlock(s, sp, s.x, v, blocks, 9);
            } else {
                unresolved++;
                java.util.Arrays.fill(blocks, 9, 18, 0);
            }
            for (int r = 0; r < 3; r++) {
                double df = 0;
                for (int c = 0; c < 3; c++) {
                    df += (blocks[3 * r + c] + blocks[9 + 3 * r + c]) * (v[ib + c] - v[ia + c]);
                }
                f[ia + r] += tau * df;
                f[ib + r] -= tau * df;
            }
        }
        assertTrue(compressed > 0, "some spring is compressed");
        assertEquals(tau < 0.01, unresolved == 0, unresolved + " unresolved terms at τ = " + tau);
        double[] expected = new double[n];
        for (int j = 0, q = 0; q < n; j++, q += 3) {
            int p = 3 * a.particleOfNode(j);
            for (int k = 0; k < 3; k++) {
                expected[q + k] = tau * f[p + k];
            }
        }
        double[] fused = new double[n];
        a.assembleStep(s, s.x, v, tau, true, true, fused);
        assertClose(expected, fused, n, "right-hand side");
    }

    /** Whole runs: every integrator ends in the same state, bit for bit, on one or two threads. */
    @ParameterizedTest
    @ValueSource(strings = {"explicit-euler", "symplectic-euler", "verlet", "velocity-verlet", "rk4", "implicit-euler",
            "implicit-midpoint"})
    void runsAreTheSameOnAnyNumberOfThreads(IntegratorKind kind) {
        MassSpringSystem one = cloth();
        MassSpringSystem two = one.copy();
        ImplicitOptions options = ImplicitOptions.defaults().withTolerance(1e-3).withNewtonIterations(2);
        Integrator a = Integrators.create(kind, options);
        Integrator b = Integrators.create(kind, options);
        a.setThreads(1);
        b.setThreads(2);
        double h = kind.isImplicit() ? 1.0 / 60 : 0.2 / StabilityAnalysis.omegaMax(one);
        int steps = kind.isImplicit() ? 4 : 40;
        for (int i = 0; i < steps; i++) {
            a.step(one, h);
            b.step(two, h);
            if (kind.isImplicit()) {
                assertEquals(a.solverStats().iterations, b.solverStats().iterations, "CG iterations at step " + i);
            }
        }
        assertArrayEquals(one.x, two.x);
        assertArrayEquals(one.v, two.v);
    }

    /** The same for backward Euler with each preconditioner (the two-level one's coarse part runs on the caller). */
    @ParameterizedTest
    @EnumSource(PreconditionerKind.class)
    void implicitRunsAreTheSameOnAnyNumberOfThreadsWithEachPreconditioner(PreconditionerKind preconditioner) {
        MassSpringSystem one = cloth();
        MassSpringSystem two = one.copy();
        ImplicitOptions options = ImplicitOptions.defaults().withTolerance(1e-3).withPreconditioner(preconditioner);
        Integrator a = Integrators.create(IntegratorKind.IMPLICIT_EULER, options);
        Integrator b = Integrators.create(IntegratorKind.IMPLICIT_EULER, options);
        a.setThreads(1);
        b.setThreads(2);
        for (int i = 0; i < 6; i++) {
            a.step(one, 1.0 / 60);
            b.step(two, 1.0 / 60);
            assertEquals(a.solverStats().iterations, b.solverStats().iterations, "CG iterations at step " + i);
        }
        assertArrayEquals(one.x, two.x);
        assertArrayEquals(one.v, two.v);
    }

    @Test
    void teamRunsEveryMemberAndReportsFailures() {
        Team team = new Team(2);
        AtomicInteger mask = new AtomicInteger();
        for (int round = 0; round < 50; round++) {
            mask.set(0);
            team.run((member, members) -> mask.getAndAdd(1 << member));
            assertEquals(3, mask.get());
        }
        assertThrows(IllegalStateException.class, () -> team.run((member, members) -> {
            if (member == 1) {
                throw new IllegalStateException("member 1");
            }
        }));
        team.run((member, members) -> mask.set(7));
        assertEquals(7, mask.get());
        assertThrows(IllegalArgumentException.class, () -> new Team(Team.MAX_SIZE + 1));
    }

    private static double sq(double a) {
        return a * a;
    }
}
