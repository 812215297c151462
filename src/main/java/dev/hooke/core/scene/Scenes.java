package dev.hooke.core.scene;

import dev.hooke.core.model.Wind;
import dev.hooke.core.model.MassSpringSystem;
import java.util.SplittableRandom;

/**
 * Builds the scenes of {@link SceneType} from a {@link SceneSpec}: gravity and air damping, then
 * the scene's own particles, pins, springs and ground from its {@link SceneRecipe} (see
 * {@code dev.hooke.core.scene.recipes}), the obstacle ({@link ObstacleSpec}), then the perturbation. Gravity points along −y.
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
        spec.type().recipe().build(spec, b);
        spec.obstacle().addTo(b, spec.friction(), spec.thickness());
        MassSpringSystem s = b.build();
        weather(spec, s);
        perturb(spec, s);
        return s;
    }

    /** The wind (on a scene with a surface) and the tear strain. */
    private static void weather(SceneSpec spec, MassSpringSystem s) {
        if (spec.windy() && s.surface() != null) {
            s.setWind(new Wind(spec.wind(0), spec.wind(1), spec.wind(2), Wind.AIR_DENSITY, Wind.DEFAULT_COEFFICIENT,
                    spec.gust(), spec.gustPeriod()));
        }
        s.setTearStrain(spec.tearStrain());
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
