package dev.hooke.fx.view;

import dev.hooke.core.scene.SceneFraming;
import dev.hooke.core.sim.MotionBounds;
import javafx.geometry.Point3D;
import javafx.scene.transform.Rotate;

/**
 * Where the camera looks from so that a scene's whole motion is in view: the box its particles
 * sweep ({@link MotionBounds}), seen from the direction its recipe gives
 * ({@link SceneFraming#yaw()}, {@link SceneFraming#pitch()}), at the distance where every corner
 * of the box falls inside the view, clear of a band kept free along the top (where the view's hint
 * is written). The box's image fills {@link #FILL} of the view's height or of its width, whichever
 * binds first, centred in the view (moved down as far as the hint's band needs), so that the mesh
 * is large and the corners are left free for the view's overlays (the wind's arrow, the colour
 * legend). Distances are found by bisection on the perspective projection itself, so the box fits
 * for any view shape and any direction.
 *
 * <p>The camera is an orbit rig as in {@link OrbitCamera}: view coordinates are the engine's with y
 * and z negated (JavaFX's y points down); the camera sits at {@code target + R (0, 0, −distance)}
 * with {@code R = R_y(yaw) R_x(−pitch)} and looks along its local +z; a point at camera
 * coordinates (x, y, z) lands at (x, y) / (z tan(fov/2)) in the view's normalised device
 * coordinates (−1 … 1 across the height; the width spans ± the aspect ratio).
 *
 * @param tx       the point looked at, in view coordinates; in m
 * @param ty       the point looked at, in view coordinates; in m
 * @param tz       the point looked at, in view coordinates; in m
 * @param yaw      the camera's turn about the vertical axis; in degrees
 * @param pitch    how far the camera looks down; in degrees
 * @param distance from the point looked at; in m
 */
public record Framing(double tx, double ty, double tz, double yaw, double pitch, double distance) {

    /** The share of the view's height, and of its width, that the framed box fills at most. */
    public static final double FILL = 0.7;
    /** The margin kept clear along the view's top and bottom edges and under the hint's band, in ndc (a 20th of the height). */
    static final double EDGE = 0.1;
    /** The steepest pitch the camera takes; in degrees. */
    static final double MAX_PITCH = 89;

    /**
     * The view of a box from a direction.
     *
     * @param box             the region to keep in view, engine coordinates
     * @param direction       the yaw and pitch to look from (its other fields are not used)
     * @param fieldOfView     the camera's vertical field of view; in degrees
     * @param aspect          the view's width over its height
     * @param topReserved     the fraction of the view's height kept free along its top (0 … 0.4)
     */
    public static Framing fit(MotionBounds box, SceneFraming direction, double fieldOfView, double aspect,
                              double topReserved) {
        double[] window = heightWindow(topReserved);
        double tan = Math.tan(Math.toRadians(fieldOfView / 2));
        Rotate yawR = new Rotate(direction.yaw(), Rotate.Y_AXIS);
        Rotate pitchR = new Rotate(-clampPitch(direction.pitch()), Rotate.X_AXIS);
        Point3D right = yawR.transform(pitchR.transform(new Point3D(1, 0, 0)));
        Point3D down = yawR.transform(pitchR.transform(new Point3D(0, 1, 0)));
        Point3D[] corners = corners(box, direction);
        double size = Math.max(1e-3, Math.sqrt(sq(box.maxX() - box.minX()) + sq(box.maxY() - box.minY())
                + sq(box.maxZ() - box.minZ())));
        Point3D target = new Point3D(box.centreX(), -box.centreY(), -box.centreZ());
        double d = size;
        // Centre the box's image in its window and across, then move back until every corner is
        // inside (three rounds settle it).
        double middle = 0.5 * (window[0] + window[1]);
        for (int round = 0; round < 3; round++) {
            d = distanceToFit(corners, target, yawR, pitchR, tan, aspect, window, size);
            double[] range = ndcRange(corners, target, yawR, pitchR, d, tan, aspect);
            double shiftX = 0.5 * (range[0] + range[1]) * aspect * tan * d;
            double shiftY = (0.5 * (range[2] + range[3]) - middle) * tan * d;
            target = target.add(right.multiply(shiftX)).add(down.multiply(shiftY));
        }
        d = distanceToFit(corners, target, yawR, pitchR, tan, aspect, window, size);
        return new Framing(target.getX(), target.getY(), target.getZ(), direction.yaw(), direction.pitch(), d);
    }

    /**
     * The part of the view's height the framed box's image must lie in, {top, bottom} in normalised
     * device coordinates (y down, −1 at the view's top): {@link #FILL} of the height, centred in the
     * view, moved down just clear of the hint's band and {@link #EDGE} below it; shorter where the
     * hint leaves less than that.
     *
     * @param topReserved the fraction of the view's height kept free along its top (0 … 0.4)
     */
    public static double[] heightWindow(double topReserved) {
        double top = Math.max(0, Math.min(0.4, topReserved));
        double lo = -1 + 2 * top + EDGE;
        double hi = 1 - EDGE;
        double span = Math.min(2 * FILL, hi - lo);
        double centre = Math.max(lo + span / 2, Math.min(hi - span / 2, 0));
        return new double[] {centre - span / 2, centre + span / 2};
    }

    /**
     * Where a point of the engine's coordinates lands in normalised device coordinates
     * ({x, y}: −1 … 1 across the height, ± aspect across the width, y down), or null behind the camera.
     */
    public double[] project(double x, double y, double z, double fieldOfView) {
        Rotate yawR = new Rotate(yaw, Rotate.Y_AXIS);
        Rotate pitchR = new Rotate(-clampPitch(pitch), Rotate.X_AXIS);
        Point3D q = camera(new Point3D(x, -y, -z), new Point3D(tx, ty, tz), yawR, pitchR, distance);
        if (q.getZ() <= 0) {
            return null;
        }
        double tan = Math.tan(Math.toRadians(fieldOfView / 2));
        return new double[] {q.getX() / (q.getZ() * tan), q.getY() / (q.getZ() * tan)};
    }

    /** The least distance (by bisection) at which every corner is inside the view's free region. */
    private static double distanceToFit(Point3D[] corners, Point3D target, Rotate yawR, Rotate pitchR, double tan,
                                        double aspect, double[] window, double size) {
        double lo = 0;
        double hi = size;
        while (!inside(corners, target, yawR, pitchR, hi, tan, aspect, window)) {
            lo = hi;
            hi *= 2;
            if (hi > 1e6 * size) {
                return hi;
            }
        }
        for (int i = 0; i < 60 && hi - lo > 1e-6 * hi; i++) {
            double mid = 0.5 * (lo + hi);
            if (inside(corners, target, yawR, pitchR, mid, tan, aspect, window)) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        return hi;
    }

    private static boolean inside(Point3D[] corners, Point3D target, Rotate yawR, Rotate pitchR, double d, double tan,
                                  double aspect, double[] window) {
        for (Point3D c : corners) {
            Point3D q = camera(c, target, yawR, pitchR, d);
            if (q.getZ() <= 0.05 * d) {
                return false;
            }
            double x = q.getX() / (q.getZ() * tan * aspect);
            double y = q.getY() / (q.getZ() * tan);
            if (Math.abs(x) > FILL || y > window[1] || y < window[0]) {
                return false;
            }
        }
        return true;
    }

    /** {min x, max x, min y, max y} of the corners' images, x in units of the half-width. */
    private static double[] ndcRange(Point3D[] corners, Point3D target, Rotate yawR, Rotate pitchR, double d,
                                     double tan, double aspect) {
        double[] r = {Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY};
        for (Point3D c : corners) {
            Point3D q = camera(c, target, yawR, pitchR, d);
            double x = q.getX() / (q.getZ() * tan * aspect);
            double y = q.getY() / (q.getZ() * tan);
            r[0] = Math.min(r[0], x);
            r[1] = Math.max(r[1], x);
            r[2] = Math.min(r[2], y);
            r[3] = Math.max(r[3], y);
        }
        return r;
    }

    /** A point of view coordinates in the camera's own: R⁻¹ (p − target) + (0, 0, d). */
    private static Point3D camera(Point3D p, Point3D target, Rotate yawR, Rotate pitchR, double d) {
        try {
            Point3D q = pitchR.inverseTransform(yawR.inverseTransform(p.subtract(target)));
            return new Point3D(q.getX(), q.getY(), q.getZ() + d);
        } catch (javafx.scene.transform.NonInvertibleTransformException e) {
            throw new IllegalStateException(e);     // a rotation is always invertible
        }
    }

    /**
     * The points to fit, in view coordinates: the motion's extreme positions for this direction
     * ({@link MotionBounds.Seen}), whose images bound the motion's own, when they were found for it;
     * else the axis-aligned box's corners.
     */
    private static Point3D[] corners(MotionBounds b, SceneFraming direction) {
        MotionBounds.Seen seen = b.seen();
        if (seen != null && seen.yaw() == direction.yaw() && seen.pitch() == direction.pitch()) {
            double[] p = seen.points();
            Point3D[] out = new Point3D[p.length / 3];
            for (int i = 0; i < out.length; i++) {
                out[i] = new Point3D(p[3 * i], -p[3 * i + 1], -p[3 * i + 2]);
            }
            return out;
        }
        Point3D[] out = new Point3D[8];
        for (int i = 0; i < 8; i++) {
            double x = (i & 1) == 0 ? b.minX() : b.maxX();
            double y = (i & 2) == 0 ? b.minY() : b.maxY();
            double z = (i & 4) == 0 ? b.minZ() : b.maxZ();
            out[i] = new Point3D(x, -y, -z);
        }
        return out;
    }

    /** The pitch kept short of looking straight down or up; in degrees. */
    static double clampPitch(double p) {
        return Math.max(-MAX_PITCH, Math.min(MAX_PITCH, p));
    }

    private static double sq(double v) {
        return v * v;
    }
}
