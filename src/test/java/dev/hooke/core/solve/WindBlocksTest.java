package dev.hooke.core.solve;

import static dev.hooke.Tolerances.FD_STEP_REL;
import static dev.hooke.Tolerances.JACOBIAN_FD_REL;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.hooke.core.force.WindForce;
import dev.hooke.core.model.Wind;
import dev.hooke.core.model.ClothSurface;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.model.SpringKind;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The wind's part of the implicit matrix against an oracle built from central finite differences
 * of the wind's force: for a single triangle with normal n, each free corner's block must be
 * τ (nᵀ R n) n nᵀ with R = −Σ_b ∂F_a/∂v_b (the row sum of the finite-difference Jacobian), and
 * the product A u with wind minus A u without it must be that block times u at every corner.
 */
class WindBlocksTest {

    /** A tilted triangle, moving, in a wind; corner 2 pinned when asked. */
    private static MassSpringSystem triangle(boolean pinCorner, double wx, double wy, double wz, boolean windy) {
        MassSpringSystem.Builder b = MassSpringSystem.builder().gravity(0, -9.81, 0);
        b.particle(0, 0, 0, 0.02);
        b.particle(0.9, 0.2, 0.1, 0.03);
        b.particle(0.1, 0.3, 0.8, 0.025);
        if (pinCorner) {
            b.pin(2);
        }
        int s01 = b.spring(0, 1, 50, 0.1, SpringKind.STRUCTURAL);
        b.spring(1, 2, 40, 0.1, SpringKind.SHEAR);
        int s20 = b.spring(2, 0, 50, 0.1, SpringKind.STRUCTURAL);
        b.surface(new ClothSurface(new int[] {0, 1, 2}, new int[] {s01, -1, s20}));
        MassSpringSystem s = b.build();
        SplittableRandom rnd = new SplittableRandom(3);
        for (int q = 0; q < 9; q++) {
            s.v[q] = s.isPinned(q / 3) ? 0 : 2 * rnd.nextDouble() - 1;
        }
        if (windy) {
            s.setWind(new Wind(wx, wy, wz, Wind.AIR_DENSITY, Wind.DEFAULT_COEFFICIENT, 0, 1));
        }
        return s;
    }

    /** −Σ_b ∂F_a/∂v_b for corner a, by central differences of the wind's force (row-major 3×3). */
    private static double[] rowSum(MassSpringSystem s, int a) {
        double[] r = new double[9];
        double[] plus = new double[9];
        double[] minus = new double[9];
        for (int b = 0; b < 3; b++) {
            for (int k = 0; k < 3; k++) {
                double[] v = s.v.clone();
                v[3 * b + k] += FD_STEP_REL;
                Arrays.fill(plus, 0);
                WindForce.addForces(s.wind(), s, s.x, v, plus);
                v[3 * b + k] -= 2 * FD_STEP_REL;
                Arrays.fill(minus, 0);
                WindForce.addForces(s.wind(), s, s.x, v, minus);
                for (int i = 0; i < 3; i++) {
                    r[3 * i + k] -= (plus[3 * a + i] - minus[3 * a + i]) / (2 * FD_STEP_REL);
                }
            }
        }
        return r;
    }

    private static double[] normal(double[] x) {
        double[] d1 = {x[3] - x[0], x[4] - x[1], x[5] - x[2]};
        double[] d2 = {x[6] - x[0], x[7] - x[1], x[8] - x[2]};
        double[] n = {d1[1] * d2[2] - d1[2] * d2[1], d1[2] * d2[0] - d1[0] * d2[2], d1[0] * d2[1] - d1[1] * d2[0]};
        double len = Math.sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
        return new double[] {n[0] / len, n[1] / len, n[2] / len};
    }

    @ParameterizedTest
    @CsvSource({"false, 2, 5, -1", "true, 2, 5, -1", "false, 6, 0.5, 0.2", "true, -3, 1, 4"})
    void theWindBlocksAreTheLumpedNormalPartOfTheJacobian(boolean pinned, double wx, double wy, double wz) {
        double tau = 0.01;
        MassSpringSystem windy = triangle(pinned, wx, wy, wz, true);
        MassSpringSystem still = triangle(pinned, wx, wy, wz, false);
        SystemMatrix with = new SystemMatrix();
        SystemMatrix without = new SystemMatrix();
        with.assemble(windy, windy.x, tau, true, windy.v, new double[9]);
        without.assemble(still, still.x, tau, true, still.v, new double[9]);
        int dim = with.dimension();
        double[] u = new double[dim];
        SplittableRandom rnd = new SplittableRandom(11);
        for (int q = 0; q < dim; q++) {
            u[q] = 2 * rnd.nextDouble() - 1;
        }
        double[] yWith = new double[dim];
        double[] yWithout = new double[dim];
        with.multiply(u, yWith);
        without.multiply(u, yWithout);
        double[] blocksWith = new double[9 * dim / 3];
        double[] blocksWithout = new double[9 * dim / 3];
        with.diagonalBlocks(blocksWith);
        without.diagonalBlocks(blocksWithout);
        double[] n = normal(windy.x);
        for (int a = 0; a < 3; a++) {
            int first = with.dof(a);
            if (first < 0) {
                continue;
            }
            double[] r = rowSum(windy, a);
            double nrn = 0;
            double scale = 0;
            for (int i = 0; i < 3; i++) {
                for (int j = 0; j < 3; j++) {
                    nrn += n[i] * r[3 * i + j] * n[j];
                    scale = Math.max(scale, Math.abs(r[3 * i + j]));
                }
            }
            int node = first / 3;
            for (int i = 0; i < 3; i++) {
                double expectedRow = 0;
                for (int j = 0; j < 3; j++) {
                    double expected = tau * nrn * n[i] * n[j];
                    expectedRow += expected * u[first + j];
                    double got = blocksWith[9 * node + 3 * i + j] - blocksWithout[9 * node + 3 * i + j];
                    assertEquals(expected, got, JACOBIAN_FD_REL * tau * scale, "block of corner " + a + " (" + i + ", " + j + ")");
                }
                double gotRow = yWith[first + i] - yWithout[first + i];
                assertEquals(expectedRow, gotRow, JACOBIAN_FD_REL * tau * scale * 3, "(A u) of corner " + a + ", " + i);
            }
        }
    }
}
