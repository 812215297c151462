package dev.hooke.core.force;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.Tolerances;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.model.SpringKind;
import dev.hooke.core.scene.ClothPins;
import dev.hooke.core.scene.Perturbation;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.scene.Scenes;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The force model against its formulas, written out independently:
 * <pre>
 *   d = x_b − x_a, l = |d|, n = d/l
 *   f_a = + k_s (l − L) n + k_d ((v_b − v_a)·n) n,   f_b = −f_a
 * </pre>
 */
class ForcesTest {

    private static final SplittableRandom RANDOM = new SplittableRandom(2024);

    /** One spring between two free particles, no gravity, no air damping. */
    private static MassSpringSystem pair(double[] a, double[] b, double rest, double ks, double kd) {
        MassSpringSystem.Builder builder = MassSpringSystem.builder().gravity(0, 0, 0);
        int i = builder.particle(a[0], a[1], a[2], 0.7);
        int j = builder.particle(b[0], b[1], b[2], 1.3);
        builder.spring(i, j, rest, ks, kd, SpringKind.STRUCTURAL);
        return builder.build();
    }

    private static double[] randomPoint() {
        return new double[] {RANDOM.nextDouble(-1, 1), RANDOM.nextDouble(-1, 1), RANDOM.nextDouble(-1, 1)};
    }

    /**
     * A stretched spring pulls a toward b: f_a = k(l − L)(x_b − x_a)/l, checked component by
     * component in random directions. A classic bug (magnitude
     * −k·extension along (x_b − x_a)/l added to a) gives the opposite vector and fails both the
     * value and the sign check.
     */
    @Test
    void aStretchedSpringPullsAToB() {
        for (int trial = 0; trial < 100; trial++) {
            double[] a = randomPoint();
            double[] b = randomPoint();
            double l = Math.sqrt(sq(b[0] - a[0]) + sq(b[1] - a[1]) + sq(b[2] - a[2]));
            double rest = 0.5 * l;
            double k = 40;
            MassSpringSystem s = pair(a, b, rest, k, 0);
            double[] f = new double[6];
            Forces.compute(s, s.x, s.v, f);
            double dot = 0;
            for (int c = 0; c < 3; c++) {
                double expected = k * (l - rest) * (b[c] - a[c]) / l;
                assertEquals(expected, f[c], Tolerances.FORMULA * k * l, "f_a component " + c);
                dot += f[c] * (b[c] - a[c]);
            }
            assertTrue(dot > 0, "a stretched spring must pull a toward b");
            // compressed: pushes a away from b
            MassSpringSystem compressed = pair(a, b, 2 * l, k, 0);
            Forces.compute(compressed, compressed.x, compressed.v, f);
            double away = 0;
            for (int c = 0; c < 3; c++) {
                away += f[c] * (b[c] - a[c]);
            }
            assertTrue(away < 0, "a compressed spring must push a away from b");
        }
    }

    /** Newton's third law: f_b = −f_a to the bit for one spring; Σ f = 0 on a whole mesh. */
    @Test
    void forcesComeInEqualAndOppositePairs() {
        for (int trial = 0; trial < 100; trial++) {
            MassSpringSystem s = pair(randomPoint(), randomPoint(), RANDOM.nextDouble(0, 2), 50, 3);
            for (int q = 0; q < 6; q++) {
                s.v[q] = RANDOM.nextDouble(-1, 1);
            }
            double[] f = new double[6];
            Forces.compute(s, s.x, s.v, f);
            for (int c = 0; c < 3; c++) {
                assertEquals(-f[c], f[3 + c]);
            }
        }
        MassSpringSystem cloth = Scenes.build(SceneSpec.of(SceneType.CLOTH).size(7).gravity(0).pins(ClothPins.NONE)
                .springDamping(0.2).perturbation(Perturbation.RANDOM).displacement(0.03).velocity(0.5).seed(5));
        double[] f = new double[cloth.x.length];
        Forces.compute(cloth, cloth.x, cloth.v, f);
        double largest = 0;
        double[] sum = new double[3];
        for (int i = 0; i < cloth.particleCount(); i++) {
            for (int c = 0; c < 3; c++) {
                sum[c] += f[3 * i + c];
                largest = Math.max(largest, Math.abs(f[3 * i + c]));
            }
        }
        assertTrue(largest > 0);
        for (int c = 0; c < 3; c++) {
            assertEquals(0.0, sum[c], Tolerances.FORMULA * largest * cloth.particleCount());
        }
    }

    /**
     * Axial damping opposes the relative velocity along the spring: f_b = −k_d((v_b − v_a)·n) n,
     * so f_b·(v_b − v_a) ≤ 0; a purely transverse relative velocity makes no damping force.
     */
    @Test
    void dampingOpposesTheRelativeAxialVelocity() {
        for (int trial = 0; trial < 100; trial++) {
            double[] a = randomPoint();
            double[] b = randomPoint();
            double l = Math.sqrt(sq(b[0] - a[0]) + sq(b[1] - a[1]) + sq(b[2] - a[2]));
            double kd = 2.5;
            MassSpringSystem s = pair(a, b, l, 0, kd); // at rest length: damping alone
            double[] vrel = randomPoint();
            for (int c = 0; c < 3; c++) {
                s.v[3 + c] = vrel[c];
            }
            double[] n = {(b[0] - a[0]) / l, (b[1] - a[1]) / l, (b[2] - a[2]) / l};
            double axial = vrel[0] * n[0] + vrel[1] * n[1] + vrel[2] * n[2];
            double[] f = new double[6];
            Forces.compute(s, s.x, s.v, f);
            double power = 0;
            for (int c = 0; c < 3; c++) {
                assertEquals(-kd * axial * n[c], f[3 + c], Tolerances.FORMULA * kd, "f_b component " + c);
                power += f[3 + c] * vrel[c];
            }
            assertTrue(power <= 0, "damping must oppose the relative motion");
            // transverse only
            double[] t = {vrel[0] - axial * n[0], vrel[1] - axial * n[1], vrel[2] - axial * n[2]};
            for (int c = 0; c < 3; c++) {
                s.v[3 + c] = t[c];
            }
            Forces.compute(s, s.x, s.v, f);
            for (int c = 0; c < 6; c++) {
                assertEquals(0.0, f[c], Tolerances.FORMULA * kd);
            }
        }
    }

    /**
     * dampingPower = −Σ f_damping · v ≥ 0, the damping forces isolated by switching off stiffness
     * and gravity (spring damping and air damping, a cloth with pinned corners and random motion).
     */
    @Test
    void dampingPowerIsTheWorkRateOfTheDampingForces() {
        for (long seed = 1; seed <= 10; seed++) {
            MassSpringSystem s = Scenes.build(SceneSpec.of(SceneType.CLOTH).size(6).gravity(9.81).springDamping(0.3)
                    .airDamping(0.02).perturbation(Perturbation.RANDOM).displacement(0.05).velocity(1.0).seed(seed));
            double power = Forces.dampingPower(s, s.x, s.v);
            MassSpringSystem dampingOnly = s.copy();
            dampingOnly.setAllStiffness(0);
            dampingOnly.setGravity(0, 0, 0);
            double[] f = new double[s.x.length];
            Forces.compute(dampingOnly, dampingOnly.x, dampingOnly.v, f);
            double work = 0;
            double magnitude = 0;
            for (int q = 0; q < f.length; q++) {
                work -= f[q] * s.v[q];
                magnitude += Math.abs(f[q] * s.v[q]);
            }
            assertTrue(power > 0, "seed " + seed);
            assertEquals(work, power, Tolerances.FORMULA * magnitude, "seed " + seed);
        }
    }

    /** The elastic energy Σ ½ k (l − L)², written out. */
    @Test
    void elasticEnergyIsHalfKTimesExtensionSquared() {
        double[] a = {0.1, -0.2, 0.3};
        double[] b = {1.1, 0.4, -0.5};
        double l = Math.sqrt(1.0 + 0.36 + 0.64);
        MassSpringSystem s = pair(a, b, 0.75, 80, 0);
        assertEquals(0.5 * 80 * sq(l - 0.75), Forces.elasticEnergy(s, s.x), Tolerances.FORMULA * 80);
    }

    private static double sq(double a) {
        return a * a;
    }
}
