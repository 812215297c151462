package dev.hooke.fx.view;

import dev.hooke.core.scene.SceneFraming;
import dev.hooke.core.sim.MotionBounds;
import dev.hooke.fx.sim.SceneTopology;

/**
 * Where the 3D view's camera looks: framed on the box a scene's motion sweeps
 * ({@link Framing#fit}), and keeping a mesh in sight that leaves that box.
 *
 * <p>The box covers only the motion the run ahead saw ({@link MotionBounds#of}: within reach of
 * the start, for a time). A mesh that leaves it is kept in view by the rule of {@link #inView}: a
 * mesh that fell out of the box whole is followed with the box's size (the view keeps its zoom),
 * one that spreads further than the box (a torn-off piece falls while the rest hangs) makes the
 * view take in all of it. Back in the box (a reset, a scrub back) the framing returns. A camera
 * the user moved is left alone until Reset view, which frames the mesh as it is then.
 */
final class CameraFraming {

    private final OrbitCamera orbit;
    /** The box the camera was last framed on, and the direction, aspect and top band it was framed with. */
    private MotionBounds framed;
    private SceneFraming direction;
    private double aspect;
    private double top;
    /** The box the camera shows now ({@link #framed}, or where the mesh went), and how. */
    private MotionBounds fitted;
    private Framing shown;
    private final double[] lo = new double[3];
    private final double[] hi = new double[3];

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
        direction = topology.type().recipe().framing(topology.scene().spec());
        this.aspect = aspect;
        this.top = top;
        fit(framed);
    }

    private void fit(MotionBounds box) {
        fitted = box;
        shown = Framing.fit(box, direction, OrbitCamera.FIELD_OF_VIEW, aspect, top);
        orbit.look(shown.tx(), shown.ty(), shown.tz(), shown.yaw(), shown.pitch(), shown.distance());
    }

    /** The box the camera was last framed on, or null. */
    MotionBounds framed() {
        return framed;
    }

    /** How the camera looks now (framed, or following the mesh), or null before the first scene. */
    Framing shown() {
        return shown;
    }

    /**
     * Keeps the mesh at {@code x} ({@code 3*i+k}) in view ({@link #inView}), unless it exploded
     * (a blow-up is not followed) or the user moved the camera.
     */
    void follow(float[] x, boolean exploded) {
        if (orbit.moved() || shown == null || exploded) {
            return;
        }
        MotionBounds want = inView(framed, x, lo, hi);
        if (!want.equals(fitted)) {
            fit(want);
        }
    }

    /**
     * The box a view frames to keep the mesh at {@code x} ({@code 3*i+k}) in sight: {@code box}
     * itself while the mesh is inside it; otherwise, along each axis where the mesh is out, the box
     * moved just far enough to hold it where the mesh is no longer than the box (a cloth that fell),
     * and the box widened to hold all of it where the mesh is longer (a torn-off piece below the
     * part that still hangs). Positions that are not finite are left out.
     *
     * @param lo scratch, 3 entries: the mesh's smallest coordinates
     * @param hi scratch, 3 entries: its largest
     * @return {@code box} itself, or a new box
     */
    static MotionBounds inView(MotionBounds box, float[] x, double[] lo, double[] hi) {
        java.util.Arrays.fill(lo, Double.POSITIVE_INFINITY);
        java.util.Arrays.fill(hi, Double.NEGATIVE_INFINITY);
        for (int q = 0; q + 2 < x.length; q += 3) {
            for (int k = 0; k < 3; k++) {
                float v = x[q + k];
                if (Float.isFinite(v)) {
                    lo[k] = Math.min(lo[k], v);
                    hi[k] = Math.max(hi[k], v);
                }
            }
        }
        double[] min = {box.minX(), box.minY(), box.minZ()};
        double[] max = {box.maxX(), box.maxY(), box.maxZ()};
        // a mesh on the box's face, to round-off, is inside it
        double margin = 1e-6 * Math.max(max[0] - min[0], Math.max(max[1] - min[1], max[2] - min[2]));
        boolean out = false;
        for (int k = 0; k < 3; k++) {
            if (!(lo[k] <= hi[k]) || (lo[k] >= min[k] - margin && hi[k] <= max[k] + margin)) {
                continue;
            }
            out = true;
            if (hi[k] - lo[k] <= max[k] - min[k]) {
                double shift = lo[k] < min[k] ? lo[k] - min[k] : hi[k] - max[k];
                min[k] += shift;
                max[k] += shift;
            } else {
                min[k] = Math.min(min[k], lo[k]);
                max[k] = Math.max(max[k], hi[k]);
            }
        }
        return out ? new MotionBounds(min[0], min[1], min[2], max[0], max[1], max[2], box.seconds(),
                box.energyCap(), box.leftReach()) : box;
    }
}
