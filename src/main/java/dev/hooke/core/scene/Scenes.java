package dev.hooke.core.scene;

import dev.hooke.core.model.Ground;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.model.SpringKind;
import java.util.SplittableRandom;

/**
 * Builds the scenes of {@link SceneType} from a {@link SceneSpec}. Gravity points along −y.
 *
 * <ul>
 *   <li>{@code spring}: particle 0, the pinned anchor, at the origin; particle 1, free, at
 *       (0, −L, 0): the spring starts at its rest length L.</li>
 *   <li>{@code chain}: node i at (i·L/(N−1), 0, 0) for i = 0…N−1; node 0 pinned; one structural
 *       spring between neighbours, rest length L/(N−1).</li>
 *   <li>{@code cloth}: particle (r, c) has index r·n + c; lying flat it is at
 *       (c·w/(n−1) − w/2, 0, r·w/(n−1)), hanging at (c·w/(n−1) − w/2, −r·w/(n−1), 0). Row 0 is the
 *       top edge. Structural springs join grid neighbours, shear springs cross each cell's
 *       diagonals, bend springs join particles two apart along a row or a column (Provot 1995).</li>
 *   <li>{@code cube}: particle (i, j, k) has index (i·n + j)·n + k, at
 *       (i·w/(n−1) − w/2, h + j·w/(n−1), k·w/(n−1) − w/2), h the drop height; structural springs
 *       along the axes, shear springs across every face diagonal and body diagonal of each cell;
 *       a ground plane at y = 0.</li>
 * </ul>
 */
public final class Scenes {

    private Scenes() {
    }

    /** Builds the scene (the spec is validated first). */
    public static MassSpringSystem build(SceneSpec spec) {
        spec.validate();
        MassSpringSystem.Builder b = MassSpringSystem.builder()
                .gravity(0, -spec.gravity(), 0)
                .airDamping(spec.airDamping());
        switch (spec.type()) {
            case SPRING -> spring(spec, b);
            case CHAIN -> chain(spec, b);
            case CLOTH -> cloth(spec, b);
            case CUBE -> cube(spec, b);
            default -> throw new IllegalStateException(spec.type().id());
        }
        MassSpringSystem s = b.build();
        perturb(spec, s);
        return s;
    }

    private static void spring(SceneSpec spec, MassSpringSystem.Builder b) {
        int anchor = b.particle(0, 0, 0, spec.mass());
        b.pin(anchor);
        int bob = b.particle(0, -spec.length(), 0, spec.mass());
        b.spring(anchor, bob, spec.length(), spec.structuralStiffness(), spec.springDamping(), SpringKind.STRUCTURAL);
    }

    private static void chain(SceneSpec spec, MassSpringSystem.Builder b) {
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

    private static void cloth(SceneSpec spec, MassSpringSystem.Builder b) {
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
        for (int r = 0; r < n; r++) {
            for (int c = 0; c < n; c++) {
                int i = r * n + c;
                if (spec.structural()) {
                    if (c + 1 < n) {
                        b.spring(i, i + 1, dx, spec.structuralStiffness(), kd, SpringKind.STRUCTURAL);
                    }
                    if (r + 1 < n) {
                        b.spring(i, i + n, dx, spec.structuralStiffness(), kd, SpringKind.STRUCTURAL);
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
    }

    /** The ten neighbour offsets of a cube cell's shear springs, each pair of particles once. */
    private static final int[][] CUBE_SHEAR = {
        {1, 1, 0}, {1, -1, 0}, {1, 0, 1}, {1, 0, -1}, {0, 1, 1}, {0, 1, -1},
        {1, 1, 1}, {1, 1, -1}, {1, -1, 1}, {1, -1, -1},
    };

    private static void cube(SceneSpec spec, MassSpringSystem.Builder b) {
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
                        for (int[] o : CUBE_SHEAR) {
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

    private static void perturb(SceneSpec spec, MassSpringSystem s) {
        double d = spec.displacement();
        double u = spec.velocity();
        switch (spec.perturbation()) {
            case NONE -> {
            }
            case END -> {
                int p = farthestFromFirstPin(s);
                int q = 3 * p;
                s.setParticleState(p, s.x[q], s.x[q + 1] - d, s.x[q + 2], 0, -u, 0);
            }
            case RANDOM -> {
                SplittableRandom rnd = new SplittableRandom(spec.seed());
                for (int i = 0; i < s.particleCount(); i++) {
                    if (s.isPinned(i)) {
                        continue;
                    }
                    int q = 3 * i;
                    s.setParticleState(i,
                            s.x[q] + d * (2 * rnd.nextDouble() - 1),
                            s.x[q + 1] + d * (2 * rnd.nextDouble() - 1),
                            s.x[q + 2] + d * (2 * rnd.nextDouble() - 1),
                            u * (2 * rnd.nextDouble() - 1),
                            u * (2 * rnd.nextDouble() - 1),
                            u * (2 * rnd.nextDouble() - 1));
                }
            }
            default -> throw new IllegalStateException(spec.perturbation().id());
        }
    }

    /** The free particle farthest from the first pinned one (or from particle 0 if none is pinned). */
    static int farthestFromFirstPin(MassSpringSystem s) {
        int ref = 0;
        for (int i = 0; i < s.particleCount(); i++) {
            if (s.isPinned(i)) {
                ref = i;
                break;
            }
        }
        int best = -1;
        double bestD = -1;
        for (int i = 0; i < s.particleCount(); i++) {
            if (s.isPinned(i)) {
                continue;
            }
            double dx = s.x[3 * i] - s.x[3 * ref];
            double dy = s.x[3 * i + 1] - s.x[3 * ref + 1];
            double dz = s.x[3 * i + 2] - s.x[3 * ref + 2];
            double dd = dx * dx + dy * dy + dz * dz;
            if (dd > bestD) {
                bestD = dd;
                best = i;
            }
        }
        if (best < 0) {
            throw new IllegalArgumentException("perturbation: every particle is pinned");
        }
        return best;
    }
}
