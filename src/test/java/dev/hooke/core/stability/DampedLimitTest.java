package dev.hooke.core.stability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.integrate.LimitFormula;
import dev.hooke.core.integrate.PositionVerlet;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.scene.Scenes;
import dev.hooke.core.stability.ReferenceAmplification.Method;
import org.junit.jupiter.api.Test;

/**
 * Damped limits against the spectral radius of each method's full amplification matrix, built in
 * the test from independently assembled M⁻¹K and M⁻¹C ({@link ReferenceAmplification}).
 */
class DampedLimitTest {

    /** The limits must agree with the oracle to 0.1 %. */
    private static final double LIMIT_REL = 1e-3;
    /** The oracle's bracket check: ρ ≤ 1 this far below the predicted limit, ρ &gt; 1 this far above. */
    private static final double BRACKET_REL = 5e-4;
    /** ρ(G) of the eigen solve is 1 to within this at a stable step (simple eigenvalues, ‖G‖ ~ 10). */
    private static final double RHO_ROUND_OFF = 1e-12;

    /**
     * A 4×4 cloth whose structural, shear and bend springs have different k_s but the same k_d,
     * so C is not proportional to K, with air damping too: every explicit method's limit is the
     * largest h whose full amplification matrix has ρ ≤ 1.
     */
    @Test
    void aSmallClothWithDampingNotProportionalToStiffnessMatchesTheFullAmplificationMatrix() {
        MassSpringSystem s = Scenes.build(SceneSpec.of(SceneType.CLOTH).size(4).length(1).gravity(0)
                .structuralStiffness(400).shearStiffness(90).bendStiffness(20).mass(0.01)
                .springDamping(0.4).airDamping(0.002));
        ReferenceAmplification oracle = new ReferenceAmplification(s);
        double delta = PositionVerlet.DEFAULT_DAMPING;
        Object[][] cases = {
            {IntegratorKind.EXPLICIT_EULER, Method.EXPLICIT_EULER},
            {IntegratorKind.SYMPLECTIC_EULER, Method.SYMPLECTIC_EULER},
            {IntegratorKind.VELOCITY_VERLET, Method.VELOCITY_VERLET},
            {IntegratorKind.VERLET, Method.POSITION_VERLET},
            {IntegratorKind.RK4, Method.RK4},
        };
        for (Object[] c : cases) {
            IntegratorKind kind = (IntegratorKind) c[0];
            Method method = (Method) c[1];
            double predicted = StabilityAnalysis.predictedLimit(s, kind, delta).dtMax();
            double truth = oracle.bisect(method, delta, 0.5 * predicted, 2 * predicted);
            assertEquals(truth, predicted, LIMIT_REL * truth, kind.id());
        }
    }

    /**
     * The same cloth: the fastest mode's damping alone (2ζ/ω_max) is not explicit Euler's limit,
     * and the limit is below it.
     */
    @Test
    void explicitEulersLimitIsNotTheFastestModesFormula() {
        MassSpringSystem s = Scenes.build(SceneSpec.of(SceneType.CLOTH).size(4).length(1).gravity(0)
                .structuralStiffness(400).shearStiffness(90).bendStiffness(20).mass(0.01)
                .springDamping(0.4).airDamping(0.002));
        StabilityLimit limit = StabilityAnalysis.predictedLimit(s, IntegratorKind.EXPLICIT_EULER, 0);
        double fastestOnly = 2 * limit.zeta() / limit.omegaMax();
        double truth = new ReferenceAmplification(s).explicitEulerFromSpectrum();
        assertEquals(truth, limit.dtMax(), LIMIT_REL * truth);
        assertTrue(Math.abs(fastestOnly - truth) > 10 * LIMIT_REL * truth,
                "the fastest mode alone " + fastestOnly + " vs " + truth);
    }

    /**
     * A 12×12 cloth of 426 free DOFs (Lanczos basis) with light axial and air damping: explicit
     * Euler's limit is set by a slower, less damped mode, well below 2ζ/ω_max of the fastest.
     * The oracle takes the eigenvalues s of the full first-order operator, the limit
     * min −2 Re s/|s|², and checks that ρ(I + hL) is ≤ 1 just below it and &gt; 1 just above.
     */
    @Test
    void aLargeLightlyDampedClothsExplicitEulerLimitIsThatOfTheWholeSpectrum() {
        MassSpringSystem s = Scenes.build(SceneSpec.of(SceneType.CLOTH).size(12).length(1).gravity(0)
                .structuralStiffness(450).shearStiffness(120).bendStiffness(25).mass(0.002)
                .springDamping(0.005).airDamping(0.0003));
        ReferenceAmplification oracle = new ReferenceAmplification(s);
        assertTrue(oracle.n > StabilityAnalysis.DENSE_MAX_DOFS, "the large-system path: " + oracle.n + " DOFs");
        StabilityLimit limit = StabilityAnalysis.predictedLimit(s, IntegratorKind.EXPLICIT_EULER, 0);
        double truth = oracle.explicitEulerFromSpectrum();
        assertEquals(truth, limit.dtMax(), LIMIT_REL * truth);
        // growth per step just above the limit is ~1e-8 here: compare ρ with 1 to round-off only
        double below = oracle.spectralRadius(Method.EXPLICIT_EULER, (1 - BRACKET_REL) * truth, 0);
        double above = oracle.spectralRadius(Method.EXPLICIT_EULER, (1 + BRACKET_REL) * truth, 0);
        assertTrue(below <= 1 + RHO_ROUND_OFF, "ρ below the limit " + below);
        assertTrue(above > 1 + RHO_ROUND_OFF, "ρ above the limit " + above);
        double fastestOnly = 2 * limit.zeta() / limit.omegaMax();
        assertTrue(fastestOnly > 1.3 * truth, "the fastest mode alone " + fastestOnly + " vs " + truth);
        assertEquals(LimitFormula.DAMPED_SPECTRAL, limit.rule());
    }
}
