package dev.hooke.fx.view;

import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;

/**
 * Where the camera looks at first for each scene, in engine coordinates (y up, metres), so that
 * the whole motion stays in view: the hanging spring's oscillation, the rope's swing from
 * horizontal to hanging (stretched under its own weight to about 1.3 times its length with the
 * default k_s and m), the cloth falling from flat to hanging by its corners, the cube's drop onto
 * the ground.
 *
 * @param cx     the point looked at, x; in m
 * @param cy     the point looked at, y; in m
 * @param cz     the point looked at, z; in m
 * @param radius the half-height of the region to show; in m
 * @param yaw    the camera's turn about the vertical axis; in degrees
 * @param pitch  how far the camera looks down; in degrees
 */
public record Framing(double cx, double cy, double cz, double radius, double yaw, double pitch) {

    /** The framing of a scene built with its default lengths. */
    public static Framing of(SceneType type) {
        double l = SceneSpec.of(type).length();
        return switch (type) {
            case SPRING -> new Framing(0, -0.62 * l, 0, 0.8 * l, 20, 12);
            case CHAIN -> new Framing(0.1 * l, -0.7 * l, 0, 0.82 * l, 8, 8);
            case CLOTH -> new Framing(0, -0.42 * l, 0.25 * l, 0.75 * l, 35, 22);
            case CUBE -> new Framing(0, 0.45, 0, 1.0, 30, 20);
        };
    }

    /**
     * The camera's distance for a vertical field of view (in degrees), so that the region's
     * half-height fills {@code fill} of the view's half-height: d = radius / (fill · tan(fov/2)).
     */
    public double distance(double fieldOfViewDegrees, double fill) {
        return radius / (fill * Math.tan(Math.toRadians(fieldOfViewDegrees / 2)));
    }
}
