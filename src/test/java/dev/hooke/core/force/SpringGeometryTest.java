package dev.hooke.core.force;

import static dev.hooke.Tolerances.FD_STEP_REL;
import static dev.hooke.Tolerances.FORMULA;
import static dev.hooke.Tolerances.JACOBIAN_FD_REL;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The spring kernel against independent oracles: a 3-4-5 spring whose force and stiffness block
 * are worked out by hand, and the blocks against central finite differences of
 * {@link SpringGeometry#addForce} itself,
 * <pre>
 *   ∂f_a/∂x_b,j ≈ (f_a(x_b + ε e_j) − f_a(x_b − ε e_j)) / 2ε
 * </pre>
 * (truncation O(ε²), rounding O(ε_mach |f| / ε): both far below {@code JACOBIAN_FD_REL}).
 */
class SpringGeometryTest {

    private static final double KS = 10.0;
    private static final double REST = 4.0;

    /** a = (1, 2, 3), b = a + d with d = (3, 4, 0) scaled to length l: offsets 0 and 3. */
    private static double[] positions(double l) {
        double s = l / 5;
        return new double[] {1, 2, 3, 1 + 3 * s, 2 + 4 * s, 3};
    }

    private static final double[] VELOCITIES = {0.5, 0, 0, 1.5, 2.5, 1};

    @Test
    void threeFourFiveSpringByHand() {
        double[] x = positions(5);
        assertEquals(5.0, SpringGeometry.length(x, 0, 3), FORMULA * 5);
        assertEquals(0.25, SpringGeometry.strain(5, REST), FORMULA);
        assertEquals(5.0, SpringGeometry.energy(KS, REST, 5), FORMULA * 5);

        double[] n = new double[3];
        assertEquals(5.0, SpringGeometry.direction(x, 0, 3, n, 0), FORMULA * 5);
        assertArrayEquals(new double[] {0.6, 0.8, 0}, n, FORMULA);
        double[] d = new double[4];
        assertEquals(5.0, SpringGeometry.difference(x, 0, 3, d, 1), FORMULA * 5);
        assertArrayEquals(new double[] {0, 3, 4, 0}, d, FORMULA * 5);

        // u = v_b − v_a = (1, 2.5, 1), (u·n) = 0.6 + 2 = 2.6 m/s
        assertEquals(2.6, SpringGeometry.extensionRate(x, VELOCITIES, 0, 3, 5), FORMULA * 2.6);
        // f_a = (k_s (l − L) + k_d (u·n)) n = (10 · 1 + 2 · 2.6)(0.6, 0.8, 0) = (9.12, 12.16, 0)
        assertEquals(15.2, SpringGeometry.axialForce(KS, 2, REST, 5, 2.6), FORMULA * 15.2);
        double[] f = {1, 1, 1, -1, -1, -1};
        SpringGeometry.addForce(x, VELOCITIES, 0, 3, KS, 2, REST, f);
        assertArrayEquals(new double[] {1 + 9.12, 1 + 12.16, 1, -1 - 9.12, -1 - 12.16, -1}, f, FORMULA * 15.2);

        // g = 1 − 4/5 = 0.2: K = 10 (0.8 n nᵀ + 0.2 I)
        double[] k = new double[10];
        assertEquals(0.2, SpringGeometry.stiffnessBlock(KS, REST, 3, 4, 0, false, k, 1), FORMULA);
        assertArrayEquals(new double[] {0, 4.88, 3.84, 0, 3.84, 7.12, 0, 0, 0, 2}, k, FORMULA * 10);
        double[] fromDirection = new double[9];
        SpringGeometry.stiffnessBlockAlong(KS, 0.2, 0.6, 0.8, 0, fromDirection, 0);
        assertArrayEquals(new double[] {4.88, 3.84, 0, 3.84, 7.12, 0, 0, 0, 2}, fromDirection, FORMULA * 10);
    }

    @Test
    void compressedSpringByHandWithAndWithoutTheClamp() {
        // l = 2.5, L = 4: g = 1 − 1.6 = −0.6; the clamp makes it 0, leaving K = k_s n nᵀ
        double[] k = new double[9];
        assertEquals(-0.6, SpringGeometry.stiffnessBlock(KS, REST, 1.5, 2, 0, false, k, 0), FORMULA);
        assertArrayEquals(new double[] {3.6 - 0.6 * 6.4, 4.8 * 1.6, 0, 4.8 * 1.6, 6.4 - 0.6 * 3.6, 0, 0, 0, -6},
                k, FORMULA * 10);
        assertEquals(0.0, SpringGeometry.stiffnessBlock(KS, REST, 1.5, 2, 0, true, k, 0), 0.0);
        assertArrayEquals(new double[] {3.6, 4.8, 0, 4.8, 6.4, 0, 0, 0, 0}, k, FORMULA * 10);
        assertEquals(0.0, SpringGeometry.transverseFactor(REST, 2.5, true), 0.0);
        assertEquals(-0.6, SpringGeometry.transverseFactor(REST, 2.5, false), FORMULA);
    }

    @Test
    void aSpringWithoutLengthExertsNothing() {
        double[] x = {1, 2, 3, 1, 2, 3};
        double[] f = {1, 2, 3, 4, 5, 6};
        SpringGeometry.addForce(x, VELOCITIES, 0, 3, KS, 2, REST, f);
        assertArrayEquals(new double[] {1, 2, 3, 4, 5, 6}, f, 0.0);
        double[] n = {7, 7, 7};
        assertEquals(0.0, SpringGeometry.direction(x, 0, 3, n, 0), 0.0);
        assertArrayEquals(new double[3], n, 0.0);
        double[] k = {7, 7, 7, 7, 7, 7, 7, 7, 7};
        assertEquals(0.0, SpringGeometry.stiffnessBlock(KS, REST, 0, 0, 0, true, k, 0), 0.0);
        assertArrayEquals(new double[9], k, 0.0);
    }

    /** ∂f_a/∂(x_b or v_b) by central differences of addForce, row-major 3×3. */
    private static double[] finiteDifference(double[] x, double[] v, double kd, boolean position) {
        double[] jac = new double[9];
        double eps = FD_STEP_REL * (position ? SpringGeometry.length(x, 0, 3) : 1);
        for (int j = 0; j < 3; j++) {
            double[] w = position ? x : v;
            double keep = w[3 + j];
            double[] plus = new double[6];
            double[] minus = new double[6];
            w[3 + j] = keep + eps;
            SpringGeometry.addForce(x, v, 0, 3, KS, kd, REST, plus);
            w[3 + j] = keep - eps;
            SpringGeometry.addForce(x, v, 0, 3, KS, kd, REST, minus);
            w[3 + j] = keep;
            for (int i = 0; i < 3; i++) {
                jac[3 * i + j] = (plus[i] - minus[i]) / (2 * eps);
            }
        }
        return jac;
    }

    private static void assertBlock(double[] expected, double[] actual, String what) {
        double scale = 0;
        double err = 0;
        for (int q = 0; q < 9; q++) {
            scale = Math.max(scale, Math.abs(expected[q]));
            err = Math.max(err, Math.abs(expected[q] - actual[q]));
        }
        assertTrue(scale > 0, what + ": empty block");
        assertTrue(err <= JACOBIAN_FD_REL * scale, what + ": relative error " + err / scale);
    }

    /** Without the clamp K_s (+ E_s when damped) is the exact ∂f_a/∂x_b, stretched or compressed. */
    @ParameterizedTest(name = "length {0}, k_d {1}")
    @CsvSource({"5, 0", "2.5, 0", "5, 2", "2.5, 2", "4, 2"})
    void blocksMatchFiniteDifferencesWithoutTheClamp(double l, double kd) {
        double[] x = positions(l);
        double[] v = VELOCITIES.clone();
        double[] dx = {x[3] - x[0], x[4] - x[1], x[5] - x[2]};
        double[] u = {v[3] - v[0], v[4] - v[1], v[5] - v[2]};
        double[] k = new double[9];
        double[] e = new double[9];
        SpringGeometry.stiffnessBlock(KS, REST, dx[0], dx[1], dx[2], false, k, 0);
        SpringGeometry.dampingPositionBlock(kd, dx[0], dx[1], dx[2], u[0], u[1], u[2], e, 0);
        double[] ke = new double[9];
        for (int q = 0; q < 9; q++) {
            ke[q] = k[q] + e[q];
        }
        assertBlock(ke, finiteDifference(x, v, kd, true), "df_a/dx_b");
        if (kd > 0) {
            double[] d = new double[9];
            SpringGeometry.dampingBlock(kd, dx[0], dx[1], dx[2], d, 0);
            assertBlock(d, finiteDifference(x, v, kd, false), "df_a/dv_b");
        }
    }

    /**
     * With the clamp: under tension the block is still the derivative; under compression it is the
     * derivative plus k_s (L/l − 1)(I − n nᵀ) (Choi &amp; Ko 2002).
     */
    @ParameterizedTest(name = "length {0}")
    @CsvSource({"5", "2.5"})
    void clampedBlockIsTheDerivativePlusTheDroppedTransverseTerm(double l) {
        double[] x = positions(l);
        double[] v = VELOCITIES.clone();
        double[] k = new double[9];
        SpringGeometry.stiffnessBlock(KS, REST, x[3] - x[0], x[4] - x[1], x[5] - x[2], true, k, 0);
        double[] fd = finiteDifference(x, v, 0, true);
        double[] n = {0.6, 0.8, 0};
        double dropped = Math.max(0, REST / l - 1);
        double[] expected = new double[9];
        for (int r = 0; r < 3; r++) {
            for (int c = 0; c < 3; c++) {
                expected[3 * r + c] = fd[3 * r + c] + KS * dropped * ((r == c ? 1 : 0) - n[r] * n[c]);
            }
        }
        assertBlock(expected, k, "clamped block");
    }
}
