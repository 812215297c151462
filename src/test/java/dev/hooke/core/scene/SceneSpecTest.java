package dev.hooke.core.scene;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** SceneSpec.validate() names the field at fault first in its message; the defaults pass. */
class SceneSpecTest {

    static List<Arguments> badValues() {
        return List.of(
                bad("nodes", SceneType.CHAIN, s -> s.nodes(1)),
                bad("nodes", SceneType.CHAIN, s -> s.nodes(200_000)),
                bad("size", SceneType.CLOTH, s -> s.size(1)),
                bad("size", SceneType.CLOTH, s -> s.size(5000)),
                bad("size", SceneType.CUBE, s -> s.size(0)),
                bad("size", SceneType.CUBE, s -> s.size(50)),
                bad("length", SceneType.SPRING, s -> s.length(0)),
                bad("length", SceneType.CLOTH, s -> s.length(Double.POSITIVE_INFINITY)),
                bad("mass", SceneType.CHAIN, s -> s.mass(-1)),
                bad("mass", SceneType.CUBE, s -> s.mass(0)),
                bad("k", SceneType.SPRING, s -> s.stiffness(-5)),
                bad("k", SceneType.CHAIN, s -> s.stiffness(Double.POSITIVE_INFINITY)),
                bad("k-struct", SceneType.CLOTH, s -> s.structuralStiffness(-1)),
                bad("k-shear", SceneType.CLOTH, s -> s.shearStiffness(-1)),
                bad("k-bend", SceneType.CLOTH, s -> s.bendStiffness(Double.NEGATIVE_INFINITY)),
                bad("kd", SceneType.CHAIN, s -> s.springDamping(-0.1)),
                bad("gravity", SceneType.CHAIN, s -> s.gravity(Double.NaN)),
                bad("gravity", SceneType.CLOTH, s -> s.gravity(Double.POSITIVE_INFINITY)),
                bad("air-damping", SceneType.CLOTH, s -> s.airDamping(-1)),
                bad("drop-height", SceneType.CUBE, s -> s.dropHeight(-0.5)),
                bad("restitution", SceneType.CUBE, s -> s.restitution(1.5)),
                bad("restitution", SceneType.CUBE, s -> s.restitution(Double.NaN)),
                bad("friction", SceneType.CUBE, s -> s.friction(-0.2)),
                bad("displacement", SceneType.CHAIN, s -> s.displacement(Double.NaN)),
                bad("velocity", SceneType.CHAIN, s -> s.velocity(Double.POSITIVE_INFINITY)));
    }

    private static Arguments bad(String field, SceneType type, UnaryOperator<SceneSpec> change) {
        return Arguments.of(field, type, change);
    }

    @ParameterizedTest(name = "{0} on {1}")
    @MethodSource("badValues")
    void aBadValueIsNamedFirst(String field, SceneType type, UnaryOperator<SceneSpec> change) {
        SceneSpec spec = change.apply(SceneSpec.of(type));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, spec::validate);
        assertTrue(e.getMessage().startsWith(field + ":"), "message: " + e.getMessage());
        IllegalArgumentException again = assertThrows(IllegalArgumentException.class, () -> Scenes.build(spec));
        assertTrue(again.getMessage().startsWith(field + ":"), "Scenes.build validates: " + again.getMessage());
    }

    @Test
    void theDefaultsAreValid() {
        for (SceneType type : SceneType.values()) {
            SceneSpec.of(type).validate();
            Scenes.build(SceneSpec.of(type));
        }
    }
}
