package dev.hooke.fx.sim;

import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.scene.SceneFile;
import dev.hooke.core.model.SpringKind;
import dev.hooke.core.scene.SceneType;

/**
 * What a view needs to know about a scene that does not change from step to step: which
 * particles the springs join, the spring kinds, the pins, the cloth's grid and the ground.
 * A new topology is made at every reset, so a view rebuilds its nodes when the instance changes.
 * Immutable: the arrays are private copies.
 */
public final class SceneTopology {

    private final SceneFile scene;
    private final int particleCount;
    private final int[] springA;
    private final int[] springB;
    private final SpringKind[] kinds;
    private final boolean[] pinned;
    private final double minRestLength;
    private final double groundHeight;

    SceneTopology(SceneFile scene, MassSpringSystem s) {
        this.scene = scene;
        this.particleCount = s.particleCount();
        int n = s.springCount();
        this.springA = new int[n];
        this.springB = new int[n];
        this.kinds = new SpringKind[n];
        double shortest = Double.POSITIVE_INFINITY;
        for (int sp = 0; sp < n; sp++) {
            springA[sp] = s.springA(sp);
            springB[sp] = s.springB(sp);
            kinds[sp] = s.springKind(sp);
            if (s.restLength(sp) > 0) {
                shortest = Math.min(shortest, s.restLength(sp));
            }
        }
        this.minRestLength = Double.isFinite(shortest) ? shortest : 1.0;
        this.pinned = new boolean[particleCount];
        for (int i = 0; i < particleCount; i++) {
            pinned[i] = s.isPinned(i);
        }
        this.groundHeight = s.ground() == null ? Double.NaN : s.ground().height();
    }

    /** The scene as it was built. */
    public SceneFile scene() {
        return scene;
    }

    public SceneType type() {
        return scene.type();
    }

    public int particleCount() {
        return particleCount;
    }

    public int springCount() {
        return springA.length;
    }

    /** The first particle of spring s. */
    public int springA(int s) {
        return springA[s];
    }

    /** The second particle of spring s. */
    public int springB(int s) {
        return springB[s];
    }

    public SpringKind springKind(int s) {
        return kinds[s];
    }

    public boolean isPinned(int i) {
        return pinned[i];
    }

    /**
     * The particles along an edge of a scene drawn as a surface, the cloth (its particle (r, c) has
     * index r·n + c), or 0 for any other scene.
     */
    public int gridSize() {
        if (!scene.type().recipe().isSurface()) {
            return 0;
        }
        return (int) Math.round(Math.sqrt(particleCount));
    }

    /** The shortest positive rest length; in m (sets the size particles are drawn at). */
    public double minRestLength() {
        return minRestLength;
    }

    /** Whether there is a ground plane. */
    public boolean hasGround() {
        return !Double.isNaN(groundHeight);
    }

    /** The ground plane's height y; in m (NaN when there is none). */
    public double groundHeight() {
        return groundHeight;
    }
}
