package dev.hooke.core.stability;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.hooke.Tolerances;
import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.integrate.PositionVerlet;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.scene.Scenes;
import org.junit.jupiter.api.Test;

/**
 * A free body's rigid modes (ω = 0 up to the eigen solver's rounding) must not enter a limit.
 *
 * <p>Oracle: with every spring alike, the damping at rest is proportional, C = (k_d/k_s) K, so
 * each mode has 2ζω = (k_d/k_s) ω², and explicit Euler's modal limit 2ζ/ω is k_d/k_s for every
 * oscillating mode (valid while every ζ &lt; 1, that is (k_d/k_s) ω_max / 2 &lt; 1).
 */
class ZeroModeLimitTest {

    @Test
    void explicitEulerOnAFreeDampedCubeIsLimitedByKdOverKs() {
        double ks = 200;
        double kd = 0.5;
        MassSpringSystem cube = Scenes.build(SceneSpec.of(SceneType.CUBE).stiffness(ks).springDamping(kd));
        StabilityLimit limit = StabilityAnalysis.predictedLimit(cube, IntegratorKind.EXPLICIT_EULER,
                PositionVerlet.DEFAULT_DAMPING);
        double ratio = kd / ks;
        assertEquals(true, ratio * limit.omegaMax() / 2 < 1, "every mode underdamped");
        assertEquals(ratio, limit.dtMax(), Tolerances.EIGENVALUE * ratio);
    }
}
