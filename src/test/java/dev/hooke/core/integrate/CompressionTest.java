package dev.hooke.core.integrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.scene.ClothPins;
import dev.hooke.core.scene.Perturbation;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.scene.Scenes;
import dev.hooke.core.solve.SolveOutcome;
import dev.hooke.core.solve.SolverKind;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Compression (Choi &amp; Ko 2002): a 16×16 cloth squeezed to 60 % of its
 * rest size has springs with l = 0.6 L, whose transverse stiffness k_s (1 − L/l) = −⅔ k_s is
 * negative. At Δt = 1/60 s, τ² · ⅔ k_s / m ≈ 37 ≫ 1 with the scene's k_s = 200 N/m, m = 1 g, so
 * without the clamp the matrix M − h ∂F/∂v − h² ∂F/∂x is indefinite, and the step says so; with
 * the clamp max(0, 1 − L/l) it is positive definite and the solve converges.
 */
class CompressionTest {

    private static MassSpringSystem compressedCloth() {
        MassSpringSystem s = Scenes.build(SceneSpec.of(SceneType.CLOTH).pins(ClothPins.NONE).gravity(0)
                .perturbation(Perturbation.RANDOM).displacement(0.005).seed(17));
        double[] c = new double[3];
        for (int i = 0; i < s.particleCount(); i++) {
            for (int k = 0; k < 3; k++) {
                c[k] += s.x[3 * i + k] / s.particleCount();
            }
        }
        for (int q = 0; q < s.x.length; q++) {
            s.x[q] = c[q % 3] + 0.6 * (s.x[q] - c[q % 3]);
        }
        s.touch();
        return s;
    }

    @ParameterizedTest
    @EnumSource(SolverKind.class)
    void withoutClampTheMatrixIsIndefinite(SolverKind solver) {
        MassSpringSystem s = compressedCloth();
        BackwardEuler be = new BackwardEuler(ImplicitOptions.defaults().withSolver(solver).withClamp(false));
        be.step(s, 1.0 / 60);
        assertTrue(be.solverStats().indefinite);
        assertEquals(SolveOutcome.INDEFINITE, be.solverStats().outcome);
        assertFalse(be.solverStats().converged);
    }

    @ParameterizedTest
    @EnumSource(SolverKind.class)
    void withClampTheSolveConverges(SolverKind solver) {
        MassSpringSystem s = compressedCloth();
        BackwardEuler be = new BackwardEuler(ImplicitOptions.defaults().withSolver(solver));
        be.step(s, 1.0 / 60);
        assertFalse(be.solverStats().indefinite);
        assertTrue(be.solverStats().converged);
        assertTrue(be.solverStats().finalResidual <= ImplicitOptions.DEFAULT_TOLERANCE);
    }
}
