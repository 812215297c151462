package dev.hooke.core.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.Tolerances;
import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.integrate.Integrators;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.scene.Scenes;
import dev.hooke.core.stability.StabilityAnalysis;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The explosion Δt measured by bisection (default options) lands within
 * {@link Tolerances#EXPLOSION_DT} of the predicted limit, on one spring, a 16-node chain and a
 * 16×16 cloth without gravity, for every explicit method with a limit. (The predicted limits
 * themselves are checked against closed forms in {@link dev.hooke.core.stability.StabilityLimitsTest}.)
 */
class ExplosionBisectionTest {

    static List<Arguments> cases() {
        List<SceneSpec> scenes = List.of(
                SceneSpec.of(SceneType.SPRING).gravity(0),
                SceneSpec.of(SceneType.CHAIN).nodes(16).gravity(0),
                SceneSpec.of(SceneType.CLOTH).size(16).gravity(0));
        List<Arguments> out = new ArrayList<>();
        for (SceneSpec spec : scenes) {
            for (IntegratorKind kind : List.of(IntegratorKind.SYMPLECTIC_EULER, IntegratorKind.VERLET,
                    IntegratorKind.VELOCITY_VERLET, IntegratorKind.RK4)) {
                out.add(Arguments.of(spec.type().id(), spec, kind));
            }
        }
        return out;
    }

    @ParameterizedTest(name = "{0} with {2}")
    @MethodSource("cases")
    void measuredExplosionStepMatchesThePrediction(String scene, SceneSpec spec, IntegratorKind kind) {
        MassSpringSystem probe = Scenes.build(spec);
        double predicted = StabilityAnalysis.predictedLimit(probe, Integrators.create(kind)).dtMax();
        assertTrue(predicted > 0 && Double.isFinite(predicted));
        ExplosionBisection.Result result = ExplosionBisection.measure(() -> Scenes.build(spec),
                () -> Integrators.create(kind), predicted, ExplosionBisection.Options.defaults());
        assertTrue(result.dtMax() < result.dtExploded());
        assertEquals(predicted, result.dtMax(), Tolerances.EXPLOSION_DT * predicted,
                String.format("%s with %s: measured %.6g s, predicted %.6g s", scene, kind.id(), result.dtMax(), predicted));
    }
}
