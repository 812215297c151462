package dev.hooke.core.force;

import static dev.hooke.Tolerances.FD_STEP_REL;
import static dev.hooke.Tolerances.JACOBIAN_FD_REL;
import static dev.hooke.Tolerances.TERMINAL_SPEED_REL;
import static dev.hooke.Tolerances.WIND_FORCE_REL;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.integrate.Integrators;
import dev.hooke.core.model.ClothSurface;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.model.SpringKind;
import dev.hooke.core.model.Wind;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.scene.Scenes;
import dev.hooke.core.sim.Simulation;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The wind's force against the flat-plate law's closed forms, its velocity Jacobian against central
 * finite differences, and a falling triangle's terminal speed against √(2 M g / (ρ C A)).
 */
class WindTest {

    /** ρ C: air density times the coefficient the scenes use; kg/m³. */
    private static final double RHO_C = Wind.AIR_DENSITY * Wind.DEFAULT_COEFFICIENT;

    /** Sums the force components over all particles. */
    private static double[] total(double[] f) {
        double[] sum = new double[3];
        for (int q = 0; q < f.length; q++) {
            sum[q % 3] += f[q];
        }
        return sum;
    }

    private static MassSpringSystem flatCloth(int size, double width, double wx, double wy, double wz) {
        SceneSpec spec = SceneSpec.of(SceneType.CLOTH).size(size).length(width).gravity(0).wind(wx, wy, wz);
        return Scenes.build(spec);
    }

    @Test
    void aFlatClothFacingTheWindAtRestFeelsHalfRhoCAwSquared() {
        double width = 0.8;
        double speed = 7.0;
        MassSpringSystem s = flatCloth(12, width, 0, speed, 0);
        double[] f = new double[3 * s.particleCount()];
        Forces.compute(s, s.x, s.v, f);
        double[] sum = total(f);
        double expected = 0.5 * RHO_C * width * width * speed * speed;
        assertEquals(expected, sum[1], WIND_FORCE_REL * expected, "drag along the normal");
        assertEquals(0, sum[0], WIND_FORCE_REL * expected, "no force across the normal");
        assertEquals(0, sum[2], WIND_FORCE_REL * expected, "no force across the normal");
    }

    @ParameterizedTest
    @CsvSource({"30", "45", "70"})
    void anObliqueWindGivesTheFlatPlateDragAndLift(double attackDegrees) {
        double width = 0.5;
        double speed = 4.0;
        double alpha = Math.toRadians(attackDegrees);
        // the cloth lies in x–z (normal y); the wind comes at angle α to the plane, in the x–y plane
        double wx = speed * Math.cos(alpha);
        double wy = speed * Math.sin(alpha);
        MassSpringSystem s = flatCloth(9, width, wx, wy, 0);
        double[] f = new double[3 * s.particleCount()];
        Forces.compute(s, s.x, s.v, f);
        double[] sum = total(f);
        double q = 0.5 * RHO_C * width * width * speed * speed;
        double drag = sum[0] * Math.cos(alpha) + sum[1] * Math.sin(alpha);
        double lift = -sum[0] * Math.sin(alpha) + sum[1] * Math.cos(alpha);
        assertEquals(q * Math.sin(alpha) * Math.sin(alpha), drag, WIND_FORCE_REL * q, "drag ½ρCA|w|² sin²α");
        assertEquals(q * Math.sin(alpha) * Math.cos(alpha), lift, WIND_FORCE_REL * q, "lift ½ρCA|w|² sin α cos α");
    }

    @Test
    void theVelocityJacobianMatchesCentralDifferences() {
        MassSpringSystem s = flatCloth(4, 1.0, 3, 1.5, -2);
        SplittableRandom rnd = new SplittableRandom(7);
        for (int q = 0; q < s.x.length; q++) {
            s.x[q] += 0.05 * (2 * rnd.nextDouble() - 1);
            s.v[q] = 2 * rnd.nextDouble() - 1;
        }
        int n3 = s.x.length;
        double[] exact = new double[n3 * n3];
        WindForce.addVelocityJacobian(s.wind(), s, s.x, s.v, exact);
        double[] plus = new double[n3];
        double[] minus = new double[n3];
        double largest = 0;
        for (double e : exact) {
            largest = Math.max(largest, Math.abs(e));
        }
        for (int j = 0; j < n3; j++) {
            double[] v = s.v.clone();
            v[j] += FD_STEP_REL;
            Arrays.fill(plus, 0);
            WindForce.addForces(s.wind(), s, s.x, v, plus);
            v[j] -= 2 * FD_STEP_REL;
            Arrays.fill(minus, 0);
            WindForce.addForces(s.wind(), s, s.x, v, minus);
            for (int i = 0; i < n3; i++) {
                double fd = (plus[i] - minus[i]) / (2 * FD_STEP_REL);
                assertEquals(fd, exact[i * n3 + j], JACOBIAN_FD_REL * largest, "∂F_" + i + "/∂v_" + j);
            }
        }
    }

    /** One triangle of three equal particles, its legs along x and z, held by stiff springs. */
    private static MassSpringSystem triangle(double leg, double mass) {
        MassSpringSystem.Builder b = MassSpringSystem.builder().gravity(0, -9.81, 0);
        b.particle(0, 0, 0, mass);
        b.particle(leg, 0, 0, mass);
        b.particle(0, 0, leg, mass);
        int s01 = b.spring(0, 1, 1e3, 0, SpringKind.STRUCTURAL);
        b.spring(1, 2, 1e3, 0, SpringKind.SHEAR);
        int s20 = b.spring(2, 0, 1e3, 0, SpringKind.STRUCTURAL);
        b.surface(new ClothSurface(new int[] {0, 1, 2}, new int[] {s01, -1, s20}));
        MassSpringSystem s = b.build();
        s.setWind(new Wind(0, 0, 0, Wind.AIR_DENSITY, Wind.DEFAULT_COEFFICIENT, 0, 1));
        return s;
    }

    @ParameterizedTest
    @CsvSource({"symplectic-euler, 0.001", "rk4, 0.001", "velocity-verlet, 0.001", "implicit-euler, 0.01",
        "implicit-midpoint, 0.01", "xpbd, 0.0166666667", "pbd, 0.0166666667", "fast-mass-spring, 0.0166666667"})
    void aFallingTriangleReachesTheTerminalSpeed(String method, double dt) {
        double leg = 1.0;
        double mass = 0.01;
        MassSpringSystem s = triangle(leg, mass);
        double area = 0.5 * leg * leg;
        double terminal = Math.sqrt(2 * 3 * mass * 9.81 / (RHO_C * area));
        double timeConstant = terminal / (2 * 9.81);
        Simulation sim = new Simulation(s, Integrators.create(IntegratorKind.fromId(method)), dt);
        sim.step((int) Math.ceil(40 * timeConstant / dt));
        assertFalse(sim.exploded());
        for (int i = 0; i < 3; i++) {
            assertEquals(-terminal, s.v[3 * i + 1], TERMINAL_SPEED_REL * terminal, "v_y of corner " + i);
        }
    }
}
