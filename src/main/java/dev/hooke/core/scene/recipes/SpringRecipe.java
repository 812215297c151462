package dev.hooke.core.scene.recipes;

import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.model.SpringKind;
import dev.hooke.core.scene.SceneFile;
import dev.hooke.core.scene.SceneFraming;
import dev.hooke.core.scene.SceneRecipe;
import dev.hooke.core.scene.SceneSpec;
import java.util.Set;

/**
 * The {@code spring} scene: particle 0, the pinned anchor, at the origin; particle 1, free, at
 * (0, −L, 0): the spring starts at its rest length L (default 1 m; m 1 kg, k_s 100 N/m, k_d 0).
 * The workbench's Δt is 0.01 s, well inside semi-implicit Euler's limit of 0.2 s at rest.
 */
public final class SpringRecipe implements SceneRecipe {

    @Override
    public String id() {
        return "spring";
    }

    @Override
    public double defaultLength() {
        return 1.0;
    }

    @Override
    public double defaultMass() {
        return 1.0;
    }

    @Override
    public double defaultStiffness() {
        return 100.0;
    }

    @Override
    public double defaultSpringDamping() {
        return 0.0;
    }

    @Override
    public double defaultDt() {
        return 0.01;
    }

    @Override
    public int workbenchCap() {
        return 0;
    }

    @Override
    public Set<SceneFile.Key> keys() {
        return Set.of();
    }

    @Override
    public SceneFile.Key countedKey() {
        return null;
    }

    @Override
    public int particleCount(SceneSpec spec) {
        return 2;
    }

    @Override
    public void validateCount(SceneSpec spec) {
    }

    @Override
    public void build(SceneSpec spec, MassSpringSystem.Builder b) {
        int anchor = b.particle(0, 0, 0, spec.mass());
        b.pin(anchor);
        int bob = b.particle(0, -spec.length(), 0, spec.mass());
        b.spring(anchor, bob, spec.length(), spec.structuralStiffness(), spec.springDamping(), SpringKind.STRUCTURAL);
    }

    /** The hanging spring's oscillation. */
    @Override
    public SceneFraming framing(SceneSpec spec) {
        return new SceneFraming(20, 12);
    }
}
