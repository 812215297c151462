package dev.hooke.core.scene.recipes;

import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.model.SpringKind;
import dev.hooke.core.scene.SceneFile;
import dev.hooke.core.scene.SceneFraming;
import dev.hooke.core.scene.SceneRecipe;
import dev.hooke.core.scene.SceneSpec;
import java.util.Set;

/**
 * The {@code chain} scene, the GAMES101 rope: node i at (i·L/(N−1), 0, 0) for i = 0…N−1; node 0
 * pinned; one structural spring between neighbours, rest length L/(N−1). Defaults: N = 16 nodes,
 * L = 4 m for the whole rope, m 0.1 kg, k_s 100 N/m, k_d 0. The workbench's Δt is 0.005 s (limit
 * 0.032 s at rest) and it builds at most 1000 nodes.
 */
public final class ChainRecipe implements SceneRecipe {

    private static final Set<SceneFile.Key> KEYS = Set.of(SceneFile.Key.NODES);

    @Override
    public String id() {
        return "chain";
    }

    @Override
    public double defaultLength() {
        return 4.0;
    }

    @Override
    public double defaultMass() {
        return 0.1;
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
        return 0.005;
    }

    @Override
    public int workbenchCap() {
        return 1000;
    }

    @Override
    public Set<SceneFile.Key> keys() {
        return KEYS;
    }

    @Override
    public SceneFile.Key countedKey() {
        return SceneFile.Key.NODES;
    }

    @Override
    public int particleCount(SceneSpec spec) {
        return spec.nodes();
    }

    @Override
    public void validateCount(SceneSpec spec) {
        SceneRecipe.requireAtLeast("nodes", spec.nodes(), 2);
    }

    @Override
    public void build(SceneSpec spec, MassSpringSystem.Builder b) {
        int n = spec.nodes();
        double dx = spec.length() / (n - 1);
        for (int i = 0; i < n; i++) {
            b.particle(i * dx, 0, 0, spec.mass());
        }
        b.pin(0);
        for (int i = 0; i + 1 < n; i++) {
            b.spring(i, i + 1, dx, spec.structuralStiffness(), spec.springDamping(), SpringKind.STRUCTURAL);
        }
    }

    /**
     * The rope's swing from horizontal to hanging (stretched under its own weight to about 1.3
     * times its length with the default k_s and m).
     */
    @Override
    public SceneFraming framing(SceneSpec spec) {
        return new SceneFraming(8, 8);
    }
}
