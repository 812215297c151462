package dev.hooke.fx.view;

import dev.hooke.core.model.Sphere;
import dev.hooke.core.scene.ObstacleSpec;
import dev.hooke.core.scene.SceneFile;
import dev.hooke.fx.sim.Snapshot;

/**
 * Where a snapshot's sphere obstacle is: the centre its scene value holds now (a live value: the
 * sphere can be dragged while the scene runs, without the topology being built again), moved
 * along the orbit of the topology's sphere at the snapshot's time. Each view keeps one and reads
 * the scene's centre again only when the scene value changes.
 */
final class SphereCentre {

    private SceneFile scene;
    private final double[] base = new double[3];

    /**
     * The centre at the snapshot's time into {@code out} (engine coordinates, m); false when the
     * snapshot has no sphere.
     */
    boolean at(Snapshot s, double[] out) {
        Sphere o = s.topology().sphere();
        if (o == null) {
            return false;
        }
        if (s.scene() != scene) {
            scene = s.scene();
            ObstacleSpec c = scene == null ? null : scene.spec().obstacle();
            base[0] = c == null ? o.cx() : c.x();
            base[1] = c == null ? o.cy() : c.y();
            base[2] = c == null ? o.cz() : c.z();
        }
        double t = s.time();
        out[0] = base[0] + o.centerX(t) - o.cx();
        out[1] = base[1] + o.centerY(t) - o.cy();
        out[2] = base[2] + o.centerZ(t) - o.cz();
        return true;
    }

    /** Component k of the centre the scene value holds, read at the last {@link #at}; in m. */
    double base(int k) {
        return base[k];
    }
}
