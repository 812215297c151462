package dev.hooke.fx.view;

import dev.hooke.core.scene.SceneFraming;
import dev.hooke.core.sim.MotionBounds;
import dev.hooke.fx.sim.SceneTopology;

/**
 * Where the 3D view's camera looks: framed on the box a scene's motion sweeps
 * ({@link Framing#fit}), and following a mesh that leaves that box by falling into empty space.
 *
 * <p>The box covers only the motion within reach of the start ({@link MotionBounds#reach}). A mesh
 * that leaves it is followed: the camera keeps the framing's direction and distance and moves its
 * target by what would bring the mesh back to the box's edge, so the mesh stays in view where it
 * left. Back in the box (a reset, a scrub back) the framing returns. A camera the user moved is
 * left alone.
 */
final class CameraFraming {

    private final OrbitCamera orbit;
    /** The box the camera was last framed on, and how. */
    private MotionBounds framed;
    private Framing shown;
    /** Whether the camera follows a mesh that left its framed box. */
    private boolean following;
    private final double[] lo = new double[3];
    private final double[] hi = new double[3];
    private final double[] shift = new double[3];

    CameraFraming(OrbitCamera orbit) {
        this.orbit = orbit;
    }

    /**
     * Frames the camera on the topology's motion box, seen from the scene's direction.
     *
     * @param aspect the view's width over its height
     * @param top    the share of the view's height the hint covers along the top
     */
    void frame(SceneTopology topology, double aspect, double top) {
        framed = topology.motion();
        SceneFraming direction = topology.type().recipe().framing(topology.scene().spec());
        shown = Framing.fit(framed, direction, OrbitCamera.FIELD_OF_VIEW, aspect, top);
        orbit.look(shown.tx(), shown.ty(), shown.tz(), shown.yaw(), shown.pitch(), shown.distance());
        following = false;
    }

    /** The box the camera was last framed on, or null. */
    MotionBounds framed() {
        return framed;
    }

    /** How the camera was last framed, or null before the first scene. */
    Framing shown() {
        return shown;
    }

    /**
     * Follows the mesh at {@code x} ({@code 3*i+k}) when it has left the framed box.
     *
     * @return whether a followed mesh is back in the box, so the framing should be shown again
     */
    boolean follow(float[] x, boolean exploded) {
        if (orbit.moved() || shown == null || exploded) {
            return false;
        }
        if (!shiftBack(framed, x, lo, hi, shift)) {
            return following;
        }
        following = true;
        // the target moves against the shift; view coordinates are the engine's turned 180° about x: (x, −y, −z)
        orbit.look(shown.tx() - shift[0], shown.ty() + shift[1], shown.tz() + shift[2], shown.yaw(), shown.pitch(),
                shown.distance());
        return false;
    }

    /**
     * The rule by which a view follows a mesh: when the motion box was cut at the reach of the
     * start and the mesh at {@code x} ({@code 3*i+k}) has left it on one side along an axis (not
     * grown past both), {@code shift[k]} is what brings the mesh back to that side's edge, else 0.
     * Allocates nothing.
     *
     * @param lo  scratch, 3 entries: the mesh's smallest coordinates
     * @param hi  scratch, 3 entries: its largest
     * @return whether the mesh has left the box along some axis
     */
    static boolean shiftBack(MotionBounds box, float[] x, double[] lo, double[] hi, double[] shift) {
        java.util.Arrays.fill(shift, 0);
        if (box == null || !box.leftReach() || x.length < 3) {
            return false;
        }
        for (int k = 0; k < 3; k++) {
            lo[k] = Double.POSITIVE_INFINITY;
            hi[k] = Double.NEGATIVE_INFINITY;
        }
        for (int q = 0; q + 2 < x.length; q += 3) {
            for (int k = 0; k < 3; k++) {
                lo[k] = Math.min(lo[k], x[q + k]);
                hi[k] = Math.max(hi[k], x[q + k]);
            }
        }
        boolean out = false;
        for (int k = 0; k < 3; k++) {
            double min = k == 0 ? box.minX() : k == 1 ? box.minY() : box.minZ();
            double max = k == 0 ? box.maxX() : k == 1 ? box.maxY() : box.maxZ();
            if (lo[k] < min && hi[k] <= max) {
                shift[k] = Math.min(min - lo[k], max - hi[k]);
            } else if (hi[k] > max && lo[k] >= min) {
                shift[k] = Math.max(max - hi[k], min - lo[k]);
            }
            out |= shift[k] != 0;
        }
        return out;
    }
}
