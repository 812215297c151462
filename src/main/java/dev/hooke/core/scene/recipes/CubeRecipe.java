package dev.hooke.core.scene.recipes;

import dev.hooke.core.model.Ground;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.model.SpringKind;
import dev.hooke.core.scene.SceneFile;
import dev.hooke.core.scene.SceneFile.Key;
import dev.hooke.core.scene.SceneFraming;
import dev.hooke.core.scene.SceneRecipe;
import dev.hooke.core.scene.SceneSpec;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;

/**
 * The {@code cube} scene: an n × n × n soft lattice of edge w dropped onto a ground plane at
 * y = 0. Particle (i, j, k) has index (i·n + j)·n + k, at
 * (i·w/(n−1) − w/2, h + j·w/(n−1), k·w/(n−1) − w/2), h the drop height; structural springs along
 * the axes, shear springs across every face diagonal and body diagonal of each cell. Defaults:
 * n = 4, w = 0.5 m, m 0.01 kg, k_s 200 N/m, k_d 0.05 N·s/m. The workbench's Δt is 0.001 s (limit
 * 0.0036 s at rest) and it builds at most 20 × 20 × 20 particles.
 */
public final class CubeRecipe implements SceneRecipe {

    private static final Set<Key> KEYS = Collections.unmodifiableSet(EnumSet.of(
            Key.SIZE, Key.K_STRUCT, Key.K_SHEAR, Key.STRUCTURAL, Key.SHEAR,
            Key.DROP_HEIGHT, Key.RESTITUTION, Key.FRICTION));

    /** The ten neighbour offsets of a cell's shear springs, each pair of particles once. */
    private static final int[][] SHEAR = {
        {1, 1, 0}, {1, -1, 0}, {1, 0, 1}, {1, 0, -1}, {0, 1, 1}, {0, 1, -1},
        {1, 1, 1}, {1, 1, -1}, {1, -1, 1}, {1, -1, -1},
    };

    @Override
    public String id() {
        return "cube";
    }

    @Override
    public double defaultLength() {
        return 0.5;
    }

    @Override
    public double defaultMass() {
        return 0.01;
    }

    @Override
    public double defaultStiffness() {
        return 200.0;
    }

    @Override
    public double defaultSpringDamping() {
        return 0.05;
    }

    @Override
    public int defaultSize() {
        return 4;
    }

    @Override
    public double defaultDt() {
        return 0.001;
    }

    @Override
    public int workbenchCap() {
        return 20;
    }

    @Override
    public Set<SceneFile.Key> keys() {
        return KEYS;
    }

    @Override
    public SceneFile.Key countedKey() {
        return Key.SIZE;
    }

    @Override
    public int particleCount(SceneSpec spec) {
        return SceneRecipe.saturatedProduct(spec.size(), spec.size(), spec.size());
    }

    @Override
    public void validateCount(SceneSpec spec) {
        SceneRecipe.requireAtLeast("size", spec.size(), 2);
    }

    @Override
    public void build(SceneSpec spec, MassSpringSystem.Builder b) {
        int n = spec.size();
        double w = spec.length();
        double dx = w / (n - 1);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                for (int k = 0; k < n; k++) {
                    b.particle(i * dx - w / 2, spec.dropHeight() + j * dx, k * dx - w / 2, spec.mass());
                }
            }
        }
        double kd = spec.springDamping();
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                for (int k = 0; k < n; k++) {
                    int p = (i * n + j) * n + k;
                    if (spec.structural()) {
                        if (i + 1 < n) {
                            b.spring(p, p + n * n, dx, spec.structuralStiffness(), kd, SpringKind.STRUCTURAL);
                        }
                        if (j + 1 < n) {
                            b.spring(p, p + n, dx, spec.structuralStiffness(), kd, SpringKind.STRUCTURAL);
                        }
                        if (k + 1 < n) {
                            b.spring(p, p + 1, dx, spec.structuralStiffness(), kd, SpringKind.STRUCTURAL);
                        }
                    }
                    if (spec.shear()) {
                        for (int[] o : SHEAR) {
                            int ii = i + o[0];
                            int jj = j + o[1];
                            int kk = k + o[2];
                            if (ii < n && jj >= 0 && jj < n && kk >= 0 && kk < n) {
                                int q = (ii * n + jj) * n + kk;
                                b.spring(p, q, spec.shearStiffness(), kd, SpringKind.SHEAR);
                            }
                        }
                    }
                }
            }
        }
        b.ground(new Ground(0.0, spec.restitution(), spec.friction()));
    }

    /** The cube's drop onto the ground (absolute: the drop height does not scale with the edge). */
    @Override
    public SceneFraming framing(SceneSpec spec) {
        return new SceneFraming(30, 20);
    }
}
