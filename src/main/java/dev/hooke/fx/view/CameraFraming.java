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
    /** Scratch for {@link #inView}: the mesh's extent, and the box it asks for. */
    private final double[] mesh = new double[6];
    private final double[] want = new double[6];

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
        if (!inView(framed, x, mesh, want)) {
            if (fitted != framed) {
                fit(framed);
            }
        } else if (!holdsExactly(fitted, want)) {
            fit(moved(framed, want));
        }
    }

    /**
     * The box {@code box} ({minX, minY, minZ, maxX, maxY, maxZ}) that {@link #inView} made of
     * {@code framed}: where it only moved (a mesh that fell whole), it keeps the motion's extreme
     * positions ({@link MotionBounds.Seen}) moved with it, so the view keeps its zoom as it follows;
     * where it widened, it is framed as a box.
     */
    static MotionBounds moved(MotionBounds framed, double[] box) {
        double dx = box[0] - framed.minX();
        double dy = box[1] - framed.minY();
        double dz = box[2] - framed.minZ();
        MotionBounds.Seen seen = framed.seen();
        boolean shifted = box[3] - framed.maxX() == dx && box[4] - framed.maxY() == dy && box[5] - framed.maxZ() == dz;
        if (seen != null && shifted) {
            double[] p = seen.points();
            for (int q = 0; q + 2 < p.length; q += 3) {
                p[q] += dx;
                p[q + 1] += dy;
                p[q + 2] += dz;
            }
            seen = new MotionBounds.Seen(seen.yaw(), seen.pitch(), p);
        } else {
            seen = null;
        }
        return new MotionBounds(box[0], box[1], box[2], box[3], box[4], box[5], framed.seconds(), framed.energyCap(),
                framed.leftReach(), seen);
    }

    /** Whether {@code b} is the box {@code {minX, minY, minZ, maxX, maxY, maxZ}}. */
    private static boolean holdsExactly(MotionBounds b, double[] box) {
        return b.minX() == box[0] && b.minY() == box[1] && b.minZ() == box[2] && b.maxX() == box[3]
                && b.maxY() == box[4] && b.maxZ() == box[5];
    }

    /**
     * The box a view frames to keep the mesh at {@code x} ({@code 3*i+k}) in sight: {@code box}
     * itself while the mesh is inside it; otherwise, along each axis where the mesh is out, the box
     * moved just far enough to hold it where the mesh is no longer than the box (a cloth that fell),
     * and the box widened to hold all of it where the mesh is longer (a torn-off piece below the
     * part that still hangs). Positions that are not finite are left out. Allocates nothing: a view
     * calls it every frame.
     *
     * @param mesh scratch, 6 entries: the mesh's smallest coordinates, then its largest
     * @param out  receives the box to frame, {minX, minY, minZ, maxX, maxY, maxZ}
     * @return whether the mesh is out of {@code box} ({@code out} then differs from it)
     */
    static boolean inView(MotionBounds box, float[] x, double[] mesh, double[] out) {
        for (int k = 0; k < 3; k++) {
            mesh[k] = Double.POSITIVE_INFINITY;
            mesh[3 + k] = Double.NEGATIVE_INFINITY;
        }
        for (int q = 0; q + 2 < x.length; q += 3) {
            for (int k = 0; k < 3; k++) {
                float v = x[q + k];
                if (Float.isFinite(v)) {
                    mesh[k] = Math.min(mesh[k], v);
                    mesh[3 + k] = Math.max(mesh[3 + k], v);
                }
            }
        }
        out[0] = box.minX();
        out[1] = box.minY();
        out[2] = box.minZ();
        out[3] = box.maxX();
        out[4] = box.maxY();
        out[5] = box.maxZ();
        // a mesh on the box's face, to round-off, is inside it
        double margin = 1e-6 * Math.max(out[3] - out[0], Math.max(out[4] - out[1], out[5] - out[2]));
        boolean outside = false;
        for (int k = 0; k < 3; k++) {
            double lo = mesh[k];
            double hi = mesh[3 + k];
            if (!(lo <= hi) || (lo >= out[k] - margin && hi <= out[3 + k] + margin)) {
                continue;
            }
            outside = true;
            if (hi - lo <= out[3 + k] - out[k]) {
                double shift = lo < out[k] ? lo - out[k] : hi - out[3 + k];
                out[k] += shift;
                out[3 + k] += shift;
            } else {
                out[k] = Math.min(out[k], lo);
                out[3 + k] = Math.max(out[3 + k], hi);
            }
        }
        return outside;
    }
}
