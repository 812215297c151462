package dev.hooke.core.solve;

import static dev.hooke.Tolerances.FD_STEP_REL;
import static dev.hooke.Tolerances.JACOBIAN_FD_REL;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.force.Forces;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.model.SpringKind;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The spring Jacobian blocks against central finite differences of {@link Forces#compute}:
 * <pre>
 *   ∂F/∂x_j ≈ (F(x + ε e_j) − F(x − ε e_j)) / 2ε
 * </pre>
 * (truncation error O(ε²), rounding O(ε_mach |F| / ε): both far below the tolerance).
 */
class SpringJacobianTest {

    private static final double REST = 1.0;
    private static final double KS = 250.0;

    /** A spring of rest length 1 from a at a random point to b, stretched to {@code length}; both ends free. */
    private static MassSpringSystem spring(double length, double kd, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double[] dir = new double[3];
        double norm = 0;
        for (int k = 0; k < 3; k++) {
            dir[k] = 2 * rnd.nextDouble() - 1;
            norm += dir[k] * dir[k];
        }
        norm = Math.sqrt(norm);
        MassSpringSystem.Builder b = MassSpringSystem.builder();
        double ax = rnd.nextDouble();
        double ay = rnd.nextDouble();
        double az = rnd.nextDouble();
        b.particle(ax, ay, az, 0.5);
        b.particle(ax + length * dir[0] / norm, ay + length * dir[1] / norm, az + length * dir[2] / norm, 0.7);
        b.spring(0, 1, REST, KS, kd, SpringKind.STRUCTURAL);
        MassSpringSystem s = b.build();
        for (int q = 0; q < 6; q++) {
            s.v[q] = 2 * rnd.nextDouble() - 1;
        }
        return s;
    }

    /** Column j of ∂F/∂(x or v), 6 × 6 row-major, by central differences. */
    private static double[] finiteDifference(MassSpringSystem s, boolean position) {
        double[] jac = new double[36];
        double[] plus = new double[6];
        double[] minus = new double[6];
        double eps = FD_STEP_REL;
        for (int j = 0; j < 6; j++) {
            double[] x = s.x.clone();
            double[] v = s.v.clone();
            double[] w = position ? x : v;
            double keep = w[j];
            w[j] = keep + eps;
            Forces.compute(s, x, v, plus);
            w[j] = keep - eps;
            Forces.compute(s, x, v, minus);
            for (int i = 0; i < 6; i++) {
                jac[6 * i + j] = (plus[i] - minus[i]) / (2 * eps);
            }
        }
        return jac;
    }

    /** The 3×3 block (row block r, column block c) of a 6×6 matrix, times sign. */
    private static double[] block(double[] jac, int r, int c, double sign) {
        double[] out = new double[9];
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                out[3 * i + j] = sign * jac[6 * (3 * r + i) + 3 * c + j];
            }
        }
        return out;
    }

    private static double[] add(double[] a, double[] b) {
        double[] out = new double[a.length];
        for (int q = 0; q < a.length; q++) {
            out[q] = a[q] + b[q];
        }
        return out;
    }

    private static void assertBlock(double[] expected, double[] actual, String what) {
        double scale = 0;
        double err = 0;
        for (int q = 0; q < expected.length; q++) {
            scale = Math.max(scale, Math.abs(expected[q]));
            err = Math.max(err, Math.abs(expected[q] - actual[q]));
        }
        assertTrue(scale > 0, what + ": empty block");
        assertTrue(err <= JACOBIAN_FD_REL * scale, what + ": relative error " + err / scale);
    }

    @ParameterizedTest(name = "length {0}, k_d {1}")
    @CsvSource({"1.3, 0", "0.7, 0", "1.3, 0.8", "0.7, 0.8", "1.0, 0.8"})
    void stiffnessAndDampingBlocksMatchFiniteDifferencesUnclamped(double length, double kd) {
        MassSpringSystem s = spring(length, kd, 11);
        double[] k = new double[9];
        SpringJacobian.stiffnessBlock(s, 0, s.x, false, k, 0);
        double[] e = new double[9];
        SpringJacobian.dampingPositionBlock(s, 0, s.x, s.v, e, 0);
        double[] ke = add(k, e);
        double[] fx = finiteDifference(s, true);
        // ∂f_a/∂x_b = K + E, ∂f_a/∂x_a = −(K + E), ∂f_b/∂x_a = K + E, ∂f_b/∂x_b = −(K + E)
        assertBlock(ke, block(fx, 0, 1, 1), "df_a/dx_b");
        assertBlock(ke, block(fx, 0, 0, -1), "df_a/dx_a");
        assertBlock(ke, block(fx, 1, 0, 1), "df_b/dx_a");
        assertBlock(ke, block(fx, 1, 1, -1), "df_b/dx_b");
        if (kd > 0) {
            double[] d = new double[9];
            SpringJacobian.dampingBlock(s, 0, s.x, d, 0);
            double[] fv = finiteDifference(s, false);
            assertBlock(d, block(fv, 0, 1, 1), "df_a/dv_b");
            assertBlock(d, block(fv, 0, 0, -1), "df_a/dv_a");
            assertBlock(d, block(fv, 1, 0, 1), "df_b/dv_a");
            assertBlock(d, block(fv, 1, 1, -1), "df_b/dv_b");
        }
    }

    @Test
    void withoutDampingThePositionTermVanishes() {
        MassSpringSystem s = spring(1.3, 0, 12);
        double[] e = new double[9];
        SpringJacobian.dampingPositionBlock(s, 0, s.x, s.v, e, 0);
        assertArrayEquals(new double[9], e, 0.0);
    }

    @Test
    void clampChangesNothingUnderTension() {
        MassSpringSystem s = spring(1.3, 0, 13);
        double[] clamped = new double[9];
        double[] exact = new double[9];
        SpringJacobian.stiffnessBlock(s, 0, s.x, true, clamped, 0);
        SpringJacobian.stiffnessBlock(s, 0, s.x, false, exact, 0);
        assertArrayEquals(exact, clamped, 0.0);
    }

    /**
     * Under compression the clamped block is the true derivative plus k_s (L/l − 1)(I − n nᵀ), the
     * documented deviation of Choi &amp; Ko's clamp, and it has no negative eigenvalue.
     */
    @Test
    void clampDeviatesUnderCompressionByTheDroppedTransverseTerm() {
        double length = 0.7;
        MassSpringSystem s = spring(length, 0, 14);
        double[] clamped = new double[9];
        double g = SpringJacobian.stiffnessBlock(s, 0, s.x, true, clamped, 0);
        assertEquals(0.0, g, 0.0);
        double[] trueK = block(finiteDifference(s, true), 0, 1, 1);
        double[] n = new double[3];
        double l = 0;
        for (int k = 0; k < 3; k++) {
            n[k] = s.x[3 + k] - s.x[k];
            l += n[k] * n[k];
        }
        l = Math.sqrt(l);
        for (int k = 0; k < 3; k++) {
            n[k] /= l;
        }
        double[] expected = new double[9];
        for (int r = 0; r < 3; r++) {
            for (int c = 0; c < 3; c++) {
                double proj = (r == c ? 1 : 0) - n[r] * n[c];
                expected[3 * r + c] = trueK[3 * r + c] + KS * (REST / l - 1) * proj;
            }
        }
        assertBlock(expected, clamped, "clamped block");
        // K_clamped = k_s n nᵀ: eigenvalue k_s along n, 0 across
        double along = 0;
        for (int r = 0; r < 3; r++) {
            for (int c = 0; c < 3; c++) {
                along += n[r] * clamped[3 * r + c] * n[c];
            }
        }
        assertEquals(KS, along, JACOBIAN_FD_REL * KS);
    }

    @Test
    void zeroLengthSpringHasZeroBlocks() {
        MassSpringSystem.Builder b = MassSpringSystem.builder();
        b.particle(0, 0, 0, 1);
        b.particle(0, 0, 0, 1);
        b.spring(0, 1, 1.0, KS, 0.5, SpringKind.STRUCTURAL);
        MassSpringSystem s = b.build();
        double[] k = new double[9];
        double[] d = new double[9];
        SpringJacobian.stiffnessBlock(s, 0, s.x, false, k, 0);
        SpringJacobian.dampingBlock(s, 0, s.x, d, 0);
        assertArrayEquals(new double[9], k, 0.0);
        assertArrayEquals(new double[9], d, 0.0);
    }
}
