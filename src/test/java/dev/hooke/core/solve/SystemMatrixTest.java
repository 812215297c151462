package dev.hooke.core.solve;

import static dev.hooke.Tolerances.FD_STEP_REL;
import static dev.hooke.Tolerances.JACOBIAN_FD_REL;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.force.Forces;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.scene.Scenes;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The assembled implicit matrix against the definition A = M − τ ∂F/∂v − τ² ∂F/∂x, with both
 * derivatives of the whole force (springs, axial damping, gravity, air damping) taken by central
 * differences, restricted to the free DOFs. At v = 0 the left-out damping term E_s vanishes, so
 * the unclamped matrix is the exact one.
 */
class SystemMatrixTest {

    private static final double TAU = 0.01;

    private static MassSpringSystem perturbedCloth(long seed) {
        MassSpringSystem s = Scenes.build(SceneSpec.of(SceneType.CLOTH).size(4).springDamping(0.05).airDamping(0.002));
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int i = 0; i < s.particleCount(); i++) {
            if (!s.isPinned(i)) {
                for (int k = 0; k < 3; k++) {
                    s.x[3 * i + k] += 0.08 * (2 * rnd.nextDouble() - 1);
                }
            }
        }
        return s;
    }

    /** Dense A from products with unit vectors. */
    static double[][] dense(SystemMatrix a) {
        int n = a.dimension();
        double[][] m = new double[n][n];
        double[] e = new double[n];
        double[] col = new double[n];
        for (int j = 0; j < n; j++) {
            e[j] = 1;
            a.multiply(e, col);
            e[j] = 0;
            for (int i = 0; i < n; i++) {
                m[i][j] = col[i];
            }
        }
        return m;
    }

    /** −∂F/∂(x or v) restricted to the free DOFs of a, by central differences. */
    private static double[][] negativeDerivative(MassSpringSystem s, SystemMatrix a, boolean position) {
        int n = a.dimension();
        double[][] m = new double[n][n];
        double[] plus = new double[s.x.length];
        double[] minus = new double[s.x.length];
        for (int j = 0; j < n; j++) {
            int pj = 3 * a.particleOfNode(j / 3) + j % 3;
            double[] x = s.x.clone();
            double[] v = s.v.clone();
            double[] w = position ? x : v;
            double keep = w[pj];
            w[pj] = keep + FD_STEP_REL;
            Forces.compute(s, x, v, plus);
            w[pj] = keep - FD_STEP_REL;
            Forces.compute(s, x, v, minus);
            for (int i = 0; i < n; i++) {
                int pi = 3 * a.particleOfNode(i / 3) + i % 3;
                m[i][j] = -(plus[pi] - minus[pi]) / (2 * FD_STEP_REL);
            }
        }
        return m;
    }

    @Test
    void unclampedMatrixIsMassMinusTauDvMinusTauSquaredDx() {
        MassSpringSystem s = perturbedCloth(3);
        SystemMatrix a = new SystemMatrix();
        a.assemble(s, s.x, TAU, false, null, null);
        assertEquals(3 * (s.particleCount() - s.pinnedCount()), a.dimension());
        double[][] actual = dense(a);
        double[][] c = negativeDerivative(s, a, false);
        double[][] k = negativeDerivative(s, a, true);
        int n = a.dimension();
        double scale = 0;
        double err = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double mass = i == j ? s.mass(a.particleOfNode(i / 3)) : 0;
                double expected = mass + TAU * c[i][j] + TAU * TAU * k[i][j];
                scale = Math.max(scale, Math.abs(expected));
                err = Math.max(err, Math.abs(expected - actual[i][j]));
                assertEquals(actual[i][j], actual[j][i], 0.0, "A symmetric");
            }
        }
        assertTrue(err <= JACOBIAN_FD_REL * scale, "relative error " + err / scale);
    }

    @Test
    void stiffnessProductIsMinusDxTimesV() {
        MassSpringSystem s = perturbedCloth(4);
        SplittableRandom rnd = new SplittableRandom(5);
        for (int i = 0; i < s.particleCount(); i++) {
            if (!s.isPinned(i)) {
                for (int k = 0; k < 3; k++) {
                    s.v[3 * i + k] = 2 * rnd.nextDouble() - 1;
                }
            }
        }
        SystemMatrix a = new SystemMatrix();
        a.prepare(s);
        double[] kv = new double[a.dimension()];
        a.assemble(s, s.x, TAU, false, s.v, kv);
        // the spring-damping part of ∂F/∂x (E_s) is left out of K: compare with a copy without k_d
        MassSpringSystem undamped = s.copy();
        undamped.setAllSpringDamping(0);
        double[][] k = negativeDerivative(undamped, a, true);
        double[] vFree = new double[a.dimension()];
        a.gather(s.v, vFree);
        double scale = 0;
        double err = 0;
        for (int i = 0; i < vFree.length; i++) {
            double expected = 0;
            for (int j = 0; j < vFree.length; j++) {
                expected += k[i][j] * vFree[j];
            }
            scale = Math.max(scale, Math.abs(expected));
            err = Math.max(err, Math.abs(expected - kv[i]));
        }
        assertTrue(err <= JACOBIAN_FD_REL * scale, "relative error " + err / scale);
    }

    @Test
    void patternChangesWithPinsOnly() {
        MassSpringSystem s = perturbedCloth(6);
        SystemMatrix a = new SystemMatrix();
        a.assemble(s, s.x, TAU, true, null, null);
        long first = a.pattern();
        s.setAllStiffness(500);
        s.x[3 * 5] += 0.01;
        a.assemble(s, s.x, TAU, true, null, null);
        assertEquals(first, a.pattern());
        s.setPinned(5, true);
        a.assemble(s, s.x, TAU, true, null, null);
        assertNotEquals(first, a.pattern());
        assertEquals(-1, a.dof(5));
        assertEquals(3 * (s.particleCount() - s.pinnedCount()), a.dimension());
    }
}
