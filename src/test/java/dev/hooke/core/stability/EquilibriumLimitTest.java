package dev.hooke.core.stability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.scene.ClothPins;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.scene.Scenes;
import dev.hooke.core.stability.ReferenceAmplification.Method;
import org.junit.jupiter.api.Test;

/**
 * The equilibrium of a hanging chain against its closed form, and the limits at equilibria: a
 * sagging cloth's below its flat start's, a hanging chain's equal to its straight start's, each
 * that of the full amplification matrix at the equilibrium state.
 */
class EquilibriumLimitTest {

    /** Relative error allowed on the equilibrium's spring lengths. */
    private static final double LENGTH_REL = 1e-8;
    /** The limits must agree with the oracle to 0.1 %. */
    private static final double LIMIT_REL = 1e-3;
    /** A sagging cloth's limits fall by at least this fraction (about 2 % here). */
    private static final double LOWER_BY = 0.01;

    private static final int NODES = 10;
    private static final double MASS = 0.1;
    private static final double K = 100;
    private static final double G = 9.81;
    private static final double LENGTH = 4.5;

    private static MassSpringSystem chain(double kd) {
        return Scenes.build(SceneSpec.of(SceneType.CHAIN).nodes(NODES).length(LENGTH).mass(MASS).stiffness(K)
                .springDamping(kd).airDamping(0).gravity(G));
    }

    /**
     * Node 0 pinned, N nodes of mass m: the spring below node i carries the weight of the N − 1 − i
     * nodes under it, so its length is L + (N − 1 − i) m g / k, and the chain hangs straight down.
     */
    @Test
    void aHangingChainReachesItsClosedFormEquilibrium() {
        MassSpringSystem s = chain(0);
        Equilibrium.Result r = Equilibrium.solve(s);
        assertTrue(r.converged(), r.toString());
        double rest = LENGTH / (NODES - 1);
        for (int i = 0; i < NODES - 1; i++) {
            double expected = rest + (NODES - 1 - i) * MASS * G / K;
            double dx = s.x[3 * (i + 1)] - s.x[3 * i];
            double dy = s.x[3 * (i + 1) + 1] - s.x[3 * i + 1];
            double dz = s.x[3 * (i + 1) + 2] - s.x[3 * i + 2];
            assertEquals(expected, Math.sqrt(dx * dx + dy * dy + dz * dz), LENGTH_REL * expected, "spring " + i);
            assertEquals(-expected, dy, LENGTH_REL * expected, "spring " + i + " hangs straight down");
        }
    }

    /**
     * A cloth pinned at two corners sags under its weight: its springs are stretched in every
     * direction, and the transverse stiffness k_s(1 − L/l) of each stretched spring adds to the
     * stiffness of the springs across it at the same node, so ω_max rises and every limit falls.
     * At the equilibrium each limit is that of the full amplification matrix there.
     */
    @Test
    void aSaggingClothsLimitAtEquilibriumIsLowerThanAtTheStartAndThatOfTheAmplificationMatrix() {
        for (double kd : new double[] {0, 0.005}) {
            for (Object[] c : new Object[][] {{IntegratorKind.RK4, Method.RK4},
                {IntegratorKind.SYMPLECTIC_EULER, Method.SYMPLECTIC_EULER},
                {IntegratorKind.EXPLICIT_EULER, Method.EXPLICIT_EULER}}) {
                IntegratorKind kind = (IntegratorKind) c[0];
                if (kind == IntegratorKind.EXPLICIT_EULER && kd == 0) {
                    continue;
                }
                double atStart = StabilityAnalysis.predictedLimit(cloth(kd), kind, 0).dtMax();
                MassSpringSystem hanging = cloth(kd);
                assertTrue(Equilibrium.solve(hanging).converged());
                double atEquilibrium = StabilityAnalysis.predictedLimit(hanging, kind, 0).dtMax();
                assertTrue(atEquilibrium < (1 - LOWER_BY) * atStart,
                        kind.id() + " kd " + kd + ": " + atEquilibrium + " vs " + atStart);
                ReferenceAmplification oracle = new ReferenceAmplification(hanging);
                // explicit Euler's growth per step near its limit is far below the bisection's
                // round-off slack: its oracle is the spectrum of the first-order operator
                double truth = kind == IntegratorKind.EXPLICIT_EULER ? oracle.explicitEulerFromSpectrum()
                        : oracle.bisect((Method) c[1], 0, 0.5 * atEquilibrium, 2 * atEquilibrium);
                assertEquals(truth, atEquilibrium, LIMIT_REL * truth, kind.id() + " kd " + kd);
            }
        }
    }

    /**
     * A hanging chain's springs stay collinear: its longitudinal motion, which holds ω_max, has
     * the stiffness k n nᵀ of unstretched springs, and the stretch only stiffens the much slower
     * sideways swing. Its limit at equilibrium is the straight chain's, to round-off; the oracle
     * agrees at the equilibrium.
     */
    @Test
    void aHangingChainsLimitAtEquilibriumIsTheStraightChainsAndThatOfTheAmplificationMatrix() {
        for (double kd : new double[] {0, 0.3}) {
            double atStart = StabilityAnalysis.predictedLimit(chain(kd), IntegratorKind.RK4, 0).dtMax();
            MassSpringSystem hanging = chain(kd);
            assertTrue(Equilibrium.solve(hanging).converged());
            double atEquilibrium = StabilityAnalysis.predictedLimit(hanging, IntegratorKind.RK4, 0).dtMax();
            assertEquals(atStart, atEquilibrium, LIMIT_REL * atStart * 1e-6, "kd " + kd);
            double truth = new ReferenceAmplification(hanging).bisect(Method.RK4, 0, 0.5 * atEquilibrium, 2 * atEquilibrium);
            assertEquals(truth, atEquilibrium, LIMIT_REL * truth, "kd " + kd);
        }
    }

    private static MassSpringSystem cloth(double kd) {
        return Scenes.build(SceneSpec.of(SceneType.CLOTH).size(5).length(1).mass(0.05).structuralStiffness(20)
                .shearStiffness(5).bendStiffness(1).springDamping(kd).airDamping(0.001).gravity(G)
                .pins(ClothPins.CORNERS));
    }
}
