package dev.hooke.core.integrate;

import static dev.hooke.Tolerances.CG_TIGHT_TOLERANCE;
import static dev.hooke.Tolerances.ENERGY_RATIO_REL;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.model.SpringKind;
import dev.hooke.core.solve.SolverKind;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The implicit methods on one linear spring moving along its axis, gravity off: with z = ω u + i v (u the extension), backward Euler gives z₁ (1 + i hω) = z₀, so
 * the energy ½ m v² + ½ k u² is multiplied by exactly 1/(1 + h²ω²) every step; the implicit
 * midpoint rule maps z by a Cayley transform of modulus 1 and keeps it. Along the axis the force is
 * linear in x, so the linearised step is the exact step. Once backward Euler has damped the
 * energy below 10⁻⁶ of its start the state is excited afresh (seeded), so that the ratio is not
 * measured on an extension lost in the rounding of the position.
 */
class ImplicitEnergyTest {

    private static final double MASS = 0.5;
    private static final double K = 200;
    private static final double REST = 1.0;
    private static final int STEPS = 40;

    static Stream<Arguments> cases() {
        return Stream.of(0.5, 2.0, 10.0).flatMap(hw -> Stream.of(SolverKind.values()).map(sk -> Arguments.of(hw, sk)));
    }

    /** Anchor pinned at the origin, the bob below it stretched by 0.1 L and moving along the axis. */
    private static MassSpringSystem spring() {
        MassSpringSystem.Builder b = MassSpringSystem.builder();
        int anchor = b.particle(0, 0, 0, MASS);
        b.pin(anchor);
        int bob = b.particle(0, -1.1 * REST, 0, MASS);
        b.spring(anchor, bob, REST, K, 0, SpringKind.STRUCTURAL);
        MassSpringSystem s = b.build();
        s.v[3 * bob + 1] = 0.05 * REST * Math.sqrt(K / MASS);
        return s;
    }

    /** A new extension in [−0.1 L, 0.1 L] and velocity along the axis, at random. */
    private static void excite(MassSpringSystem s, SplittableRandom rnd) {
        double u = 0.1 * REST * (2 * rnd.nextDouble() - 1);
        double v = 0.05 * REST * Math.sqrt(K / MASS) * (2 * rnd.nextDouble() - 1);
        s.setParticleState(1, 0, -(REST + u), 0, 0, v, 0);
    }

    private static double energy(MassSpringSystem s) {
        double ext = Math.sqrt(s.x[3] * s.x[3] + s.x[4] * s.x[4] + s.x[5] * s.x[5]) - REST;
        return 0.5 * MASS * (s.v[3] * s.v[3] + s.v[4] * s.v[4] + s.v[5] * s.v[5]) + 0.5 * K * ext * ext;
    }

    private static ImplicitOptions options(SolverKind solver) {
        return ImplicitOptions.defaults().withSolver(solver).withTolerance(CG_TIGHT_TOLERANCE);
    }

    @ParameterizedTest(name = "hω = {0}, {1}")
    @MethodSource("cases")
    void backwardEulerMultipliesEnergyByOneOverOnePlusHSquaredOmegaSquared(double hOmega, SolverKind solver) {
        MassSpringSystem s = spring();
        double h = hOmega / Math.sqrt(K / MASS);
        double factor = 1 / (1 + hOmega * hOmega);
        BackwardEuler be = new BackwardEuler(options(solver));
        double e0 = energy(s);
        SplittableRandom rnd = new SplittableRandom(9);
        double e = e0;
        for (int i = 0; i < STEPS; i++) {
            if (e < 1e-6 * e0) {
                // the extension is now too small against the position's rounding: start again
                excite(s, rnd);
                e = energy(s);
            }
            be.step(s, h);
            double next = energy(s);
            assertEquals(factor, next / e, ENERGY_RATIO_REL * factor, "step " + i);
            assertTrue(be.solverStats().converged);
            e = next;
        }
        assertEquals(0.0, s.x[0], 0.0, "stays on the axis");
        assertEquals(0.0, s.x[2], 0.0, "stays on the axis");
    }

    @ParameterizedTest(name = "hω = {0}, {1}")
    @MethodSource("cases")
    void implicitMidpointKeepsEnergy(double hOmega, SolverKind solver) {
        MassSpringSystem s = spring();
        double h = hOmega / Math.sqrt(K / MASS);
        ImplicitMidpoint mid = new ImplicitMidpoint(options(solver));
        double e0 = energy(s);
        for (int i = 0; i < STEPS; i++) {
            double before = energy(s);
            mid.step(s, h);
            assertEquals(1.0, energy(s) / before, ENERGY_RATIO_REL, "step " + i);
            assertTrue(mid.solverStats().converged);
        }
        assertEquals(e0, energy(s), STEPS * ENERGY_RATIO_REL * e0);
    }
}
