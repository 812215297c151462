package dev.hooke.core.scene;

/**
 * Where a view looks at first on a scene, in engine coordinates (y up, metres): the centre and
 * half-height of the region to keep in view, and the camera's direction.
 *
 * @param cx     the point looked at, x; in m
 * @param cy     the point looked at, y; in m
 * @param cz     the point looked at, z; in m
 * @param radius the half-height of the region to show; in m
 * @param yaw    the camera's turn about the vertical axis; in degrees
 * @param pitch  how far the camera looks down; in degrees
 */
public record SceneFraming(double cx, double cy, double cz, double radius, double yaw, double pitch) {
}
