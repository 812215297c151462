package dev.hooke.fx.view;

import javafx.geometry.Point3D;
import javafx.scene.Group;
import javafx.scene.PerspectiveCamera;
import javafx.scene.PointLight;
import javafx.scene.paint.Color;
import javafx.scene.transform.Rotate;
import javafx.scene.transform.Translate;

/**
 * A camera that orbits a target point: yaw about the vertical axis, pitch up and down, a
 * distance, and a light that travels with it. Works in the view's coordinates (JavaFX's: y down).
 *
 * <pre>  camera position = target + R_y(yaw) · R_x(−pitch) · (0, 0, −distance)</pre>
 */
final class OrbitCamera {

    /** The vertical field of view; in degrees. */
    static final double FIELD_OF_VIEW = 30;
    private static final double DEGREES_PER_PIXEL = 0.35;

    private final PerspectiveCamera camera = new PerspectiveCamera(true);
    private final PointLight light = new PointLight(Color.gray(0.72));
    private final Group rig = new Group(camera, light);
    private final Translate target = new Translate();
    private final Rotate yaw = new Rotate(0, Rotate.Y_AXIS);
    private final Rotate pitch = new Rotate(0, Rotate.X_AXIS);
    private final Translate back = new Translate();
    private boolean moved;

    OrbitCamera() {
        camera.setFieldOfView(FIELD_OF_VIEW);
        camera.setVerticalFieldOfView(true);
        camera.setNearClip(0.01);
        camera.setFarClip(500);
        light.setTranslateY(-0.3);
        rig.getTransforms().setAll(target, yaw, pitch, back);
    }

    PerspectiveCamera camera() {
        return camera;
    }

    /** The camera and its light, to add to the 3D scene graph. */
    Group rig() {
        return rig;
    }

    /**
     * Looks at a point from a direction and distance.
     *
     * @param x        the target, in view coordinates
     * @param y        the target, in view coordinates
     * @param z        the target, in view coordinates
     * @param yawDeg   turn about the vertical; in degrees
     * @param pitchDeg how far to look down; in degrees
     * @param distance from the target; in m
     */
    void look(double x, double y, double z, double yawDeg, double pitchDeg, double distance) {
        target.setX(x);
        target.setY(y);
        target.setZ(z);
        yaw.setAngle(yawDeg);
        pitch.setAngle(-clampPitch(pitchDeg));
        back.setZ(-distance);
        light.setTranslateZ(-0.1 * distance);
        moved = false;
    }

    /** Whether the camera was turned, zoomed or panned since it last looked at a framing. */
    boolean moved() {
        return moved;
    }

    /** Turns the camera by a mouse drag of (dx, dy) pixels. */
    void rotate(double dx, double dy) {
        moved = true;
        yaw.setAngle(yaw.getAngle() + dx * DEGREES_PER_PIXEL);
        pitch.setAngle(-clampPitch(-pitch.getAngle() + dy * DEGREES_PER_PIXEL));
    }

    /** Moves closer (factor &lt; 1) or farther (factor &gt; 1). */
    void zoom(double factor) {
        moved = true;
        double d = Math.max(0.05, Math.min(200, -back.getZ() * factor));
        back.setZ(-d);
        light.setTranslateZ(-0.1 * d);
    }

    /** Slides the target by a mouse drag of (dx, dy) pixels in a view {@code viewHeight} pixels high. */
    void pan(double dx, double dy, double viewHeight) {
        moved = true;
        double metresPerPixel = 2 * -back.getZ() * Math.tan(Math.toRadians(FIELD_OF_VIEW / 2)) / Math.max(1, viewHeight);
        Point3D right = yaw.transform(pitch.transform(new Point3D(1, 0, 0)));
        Point3D down = yaw.transform(pitch.transform(new Point3D(0, 1, 0)));
        Point3D move = right.multiply(-dx * metresPerPixel).add(down.multiply(-dy * metresPerPixel));
        target.setX(target.getX() + move.getX());
        target.setY(target.getY() + move.getY());
        target.setZ(target.getZ() + move.getZ());
    }

    double distance() {
        return -back.getZ();
    }

    /** The camera's turn about the vertical axis; in degrees. */
    double yawDegrees() {
        return yaw.getAngle();
    }

    /** How far the camera looks down; in degrees. */
    double pitchDegrees() {
        return -pitch.getAngle();
    }

    /** Runs {@code r} whenever the camera turns (a drag, a new framing). */
    void onTurn(Runnable r) {
        javafx.beans.InvalidationListener l = o -> r.run();
        yaw.angleProperty().addListener(l);
        pitch.angleProperty().addListener(l);
    }

    /** Runs {@code r} whenever the camera's distance changes (a zoom, a new framing). */
    void onZoom(Runnable r) {
        back.zProperty().addListener(o -> r.run());
    }

    private static double clampPitch(double p) {
        return Framing.clampPitch(p);
    }
}
