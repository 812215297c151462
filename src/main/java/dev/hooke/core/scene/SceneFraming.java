package dev.hooke.core.scene;

/**
 * The direction a view looks at a scene from at first. Where it looks and from how far follow
 * from the region the scene's motion sweeps (found by running it), so that the whole motion is in
 * view whatever the scene's size.
 *
 * @param yaw   the camera's turn about the vertical axis; in degrees
 * @param pitch how far the camera looks down; in degrees
 */
public record SceneFraming(double yaw, double pitch) {
}
