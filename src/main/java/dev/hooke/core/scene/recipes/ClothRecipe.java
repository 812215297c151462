package dev.hooke.core.scene.recipes;

import dev.hooke.core.model.ClothSurface;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.model.SpringKind;
import dev.hooke.core.scene.SceneFile;
import dev.hooke.core.scene.SceneFile.Key;
import dev.hooke.core.scene.SceneFraming;
import dev.hooke.core.scene.SceneRecipe;
import dev.hooke.core.scene.SceneSpec;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;

/**
 * The {@code cloth} scene: an n × n grid of width w. Particle (r, c) has index r·n + c; lying flat
 * it is at (c·w/(n−1) − w/2, 0, r·w/(n−1)), hanging at (c·w/(n−1) − w/2, −r·w/(n−1), 0). Row 0 is
 * the top edge. Structural springs join grid neighbours, shear springs cross each cell's
 * diagonals, bend springs join particles two apart along a row or a column (Provot 1995).
 * Defaults: n = 16, w = 1 m, m 0.001 kg, k_s 200 N/m for structural, 100 for shear and 20 for bend
 * springs, k_d 0, the two top corners pinned. The workbench's Δt is 0.0005 s (limit 0.0018 s at
 * rest) and it builds at most 100 × 100 particles, drawn as one surface.
 */
public final class ClothRecipe implements SceneRecipe {

    private static final Set<Key> KEYS = Collections.unmodifiableSet(EnumSet.of(
            Key.SIZE, Key.K_STRUCT, Key.K_SHEAR, Key.K_BEND, Key.STRUCTURAL, Key.SHEAR, Key.BEND,
            Key.PINS, Key.VERTICAL, Key.FRICTION, Key.WIND, Key.GUST, Key.GUST_PERIOD, Key.TEAR_STRAIN,
            Key.SELF_COLLISION, Key.THICKNESS));

    @Override
    public String id() {
        return "cloth";
    }

    @Override
    public double defaultLength() {
        return 1.0;
    }

    @Override
    public double defaultMass() {
        return 0.001;
    }

    @Override
    public double defaultStiffness() {
        return 200.0;
    }

    /** Half of k_s. */
    @Override
    public double defaultShearStiffness() {
        return 100.0;
    }

    /** A tenth of k_s. */
    @Override
    public double defaultBendStiffness() {
        return 20.0;
    }

    @Override
    public double defaultSpringDamping() {
        return 0.0;
    }

    @Override
    public double defaultDt() {
        return 0.0005;
    }

    @Override
    public int workbenchCap() {
        return 100;
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
        return SceneRecipe.saturatedProduct(spec.size(), spec.size());
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
        for (int r = 0; r < n; r++) {
            for (int c = 0; c < n; c++) {
                double px = c * dx - w / 2;
                if (spec.verticalCloth()) {
                    b.particle(px, -r * dx, 0, spec.mass());
                } else {
                    b.particle(px, 0, r * dx, spec.mass());
                }
            }
        }
        switch (spec.pins()) {
            case CORNERS -> {
                b.pin(0);
                b.pin(n - 1);
            }
            case TOP -> {
                for (int c = 0; c < n; c++) {
                    b.pin(c);
                }
            }
            case NONE -> {
            }
            default -> throw new IllegalStateException(spec.pins().id());
        }
        double kd = spec.springDamping();
        double diag = dx * Math.sqrt(2);
        int[] across = new int[n * n];
        int[] down = new int[n * n];
        Arrays.fill(across, -1);
        Arrays.fill(down, -1);
        for (int r = 0; r < n; r++) {
            for (int c = 0; c < n; c++) {
                int i = r * n + c;
                if (spec.structural()) {
                    if (c + 1 < n) {
                        across[i] = b.spring(i, i + 1, dx, spec.structuralStiffness(), kd, SpringKind.STRUCTURAL);
                    }
                    if (r + 1 < n) {
                        down[i] = b.spring(i, i + n, dx, spec.structuralStiffness(), kd, SpringKind.STRUCTURAL);
                    }
                }
                if (spec.shear() && r + 1 < n && c + 1 < n) {
                    b.spring(i, i + n + 1, diag, spec.shearStiffness(), kd, SpringKind.SHEAR);
                    b.spring(i + 1, i + n, diag, spec.shearStiffness(), kd, SpringKind.SHEAR);
                }
                if (spec.bend()) {
                    if (c + 2 < n) {
                        b.spring(i, i + 2, 2 * dx, spec.bendStiffness(), kd, SpringKind.BEND);
                    }
                    if (r + 2 < n) {
                        b.spring(i, i + 2 * n, 2 * dx, spec.bendStiffness(), kd, SpringKind.BEND);
                    }
                }
            }
        }
        b.surface(surface(n, across, down, spec.selfCollision() ? spec.thickness() : 0));
    }

    /**
     * The cells' triangles as the workbench draws them: cell (r, c) with corners a = (r, c),
     * b = (r, c+1), d = (r+1, c), e = (r+1, c+1) has (a, d, b) and (b, d, e); each edge along a row
     * or a column carries its structural spring (across[p]: from p to its right, down[p]: to the
     * particle below), the diagonal none; the particles repel each other closer than {@code thickness}
 * (m, 0: not at all).
     */
    static ClothSurface surface(int n, int[] across, int[] down, double thickness) {
        int cells = (n - 1) * (n - 1);
        int[] corners = new int[6 * cells];
        int[] edges = new int[6 * cells];
        int o = 0;
        for (int r = 0; r + 1 < n; r++) {
            for (int c = 0; c + 1 < n; c++) {
                int a = r * n + c;
                int bb = a + 1;
                int d = a + n;
                int e = d + 1;
                corners[o] = a;
                corners[o + 1] = d;
                corners[o + 2] = bb;
                edges[o] = down[a];
                edges[o + 1] = -1;
                edges[o + 2] = across[a];
                corners[o + 3] = bb;
                corners[o + 4] = d;
                corners[o + 5] = e;
                edges[o + 3] = -1;
                edges[o + 4] = across[d];
                edges[o + 5] = down[bb];
                o += 6;
            }
        }
        return new ClothSurface(corners, edges, thickness);
    }

    /** The cloth falling from flat to hanging by its corners. */
    @Override
    public SceneFraming framing(SceneSpec spec) {
        return new SceneFraming(35, 22);
    }

    @Override
    public boolean isSurface() {
        return true;
    }
}
