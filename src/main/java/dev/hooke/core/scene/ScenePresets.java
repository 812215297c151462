package dev.hooke.core.scene;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.integrate.PositionVerlet;

/** Ready-made scene values the workbench offers besides the scene types' defaults. */
public final class ScenePresets {

    private ScenePresets() {
    }

    /**
     * Drop on sphere: a 32 × 32 cloth, 1 m wide and pinned nowhere, lying flat 0.5 m above the
     * default sphere (radius 0.3 m, friction 0.5), stepped by XPBD at Δt = 1/60 s.
     */
    public static SceneFile dropOnSphere() {
        SceneSpec spec = SceneSpec.of(SceneType.CLOTH).size(32).pins(ClothPins.NONE).obstacle(ObstacleSpec.SPHERE);
        return new SceneFile(spec, IntegratorKind.XPBD, 1.0 / 60, PositionVerlet.DEFAULT_DAMPING);
    }
}
