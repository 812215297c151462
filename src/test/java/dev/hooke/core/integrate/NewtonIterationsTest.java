package dev.hooke.core.integrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.scene.Perturbation;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.scene.Scenes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * More Newton iterations bring the step closer to the solution of the nonlinear equations
 * G(v) = M (v − v₀) − τ F(x₀ + τ v, v) = 0 (backward Euler: τ = h; implicit midpoint: τ = h/2): on
 * an 8×8 cloth displaced and set moving at random (seeded), ‖G‖ falls at every iteration and four
 * iterations leave less than a tenth of the residual of Baraff &amp; Witkin's single step. The
 * linear solves are tight (10⁻¹²), so that what is measured is the linearisation error.
 */
class NewtonIterationsTest {

    private static final int ITERATIONS = 4;

    private static MassSpringSystem cloth() {
        return Scenes.build(SceneSpec.of(SceneType.CLOTH).size(8).perturbation(Perturbation.RANDOM)
                .displacement(0.02).velocity(0.5).seed(3));
    }

    @ParameterizedTest
    @ValueSource(strings = {"implicit-euler", "implicit-midpoint"})
    void newtonIterationsReduceTheNonlinearResidual(IntegratorKind kind) {
        ImplicitOptions options = ImplicitOptions.defaults().withTolerance(1e-12).withMaxIterations(10_000);
        Integrator one = Integrators.create(kind, options);
        one.step(cloth(), 1.0 / 60);
        double single = one.solverStats().nonlinearResidual[0];

        Integrator several = Integrators.create(kind, options.withNewtonIterations(ITERATIONS));
        several.step(cloth(), 1.0 / 60);
        SolverStats st = several.solverStats();
        assertEquals(ITERATIONS, st.newtonIterations);
        assertEquals(single, st.nonlinearResidual[0], 1e-12 * single, "the first iteration is the single step");
        for (int k = 1; k < ITERATIONS; k++) {
            assertTrue(st.nonlinearResidual[k] < st.nonlinearResidual[k - 1],
                    "iteration " + (k + 1) + ": " + st.nonlinearResidual[k] + " after " + st.nonlinearResidual[k - 1]);
        }
        assertTrue(st.nonlinearResidual[ITERATIONS - 1] < 0.1 * single);
        assertTrue(st.converged);
    }

    /**
     * With the default single iteration, a step whose set of pinned particles differs from the
     * last step's (as when a contact catches particles) iterates once more, and only that step:
     * the same cloth, a particle pinned after three steps and freed after five.
     */
    @Test
    void aStepWhosePinnedSetChangedIteratesOnceMore() {
        MassSpringSystem s = cloth();
        Integrator integrator = Integrators.create(IntegratorKind.IMPLICIT_EULER, ImplicitOptions.defaults());
        int[] expected = {1, 1, 1, 2, 1, 2, 1};
        for (int n = 0; n < expected.length; n++) {
            if (n == 3) {
                s.setPinned(20, true);
            } else if (n == 5) {
                s.setPinned(20, false);
            }
            integrator.step(s, 1.0 / 60);
            SolverStats st = integrator.solverStats();
            assertEquals(expected[n], st.newtonIterations, "step " + n);
            if (st.newtonIterations == 2) {
                assertTrue(st.nonlinearResidual[1] < st.nonlinearResidual[0], "the second iteration is closer");
            }
        }
    }
}
