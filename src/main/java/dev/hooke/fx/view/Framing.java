package dev.hooke.fx.view;

import dev.hooke.core.scene.SceneFraming;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;

/**
 * Where the camera looks at first for each scene, in engine coordinates (y up, metres), so that
 * the whole motion stays in view: the scene's {@link SceneFraming}, which its recipe gives.
 *
 * @param cx     the point looked at, x; in m
 * @param cy     the point looked at, y; in m
 * @param cz     the point looked at, z; in m
 * @param radius the half-height of the region to show; in m
 * @param yaw    the camera's turn about the vertical axis; in degrees
 * @param pitch  how far the camera looks down; in degrees
 */
public record Framing(double cx, double cy, double cz, double radius, double yaw, double pitch) {

    /** The framing of a scene built with its default lengths (see {@link dev.hooke.core.scene.SceneRecipe#framing}). */
    public static Framing of(SceneType type) {
        SceneFraming f = type.recipe().framing(SceneSpec.of(type));
        return new Framing(f.cx(), f.cy(), f.cz(), f.radius(), f.yaw(), f.pitch());
    }

    /**
     * The camera's distance for a vertical field of view (in degrees), so that the region's
     * half-height fills {@code fill} of the view's half-height: d = radius / (fill · tan(fov/2)).
     */
    public double distance(double fieldOfViewDegrees, double fill) {
        return radius / (fill * Math.tan(Math.toRadians(fieldOfViewDegrees / 2)));
    }
}
