package dev.hooke.fx.view;

import dev.hooke.fx.sim.SimulationRunner;
import javafx.geometry.Point3D;
import javafx.scene.Group;
import javafx.scene.SubScene;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.PickResult;
import javafx.scene.input.ScrollEvent;

/**
 * The mouse in the 3D view. Without a particle or the sphere under it: drag to turn the orbit
 * camera, wheel to zoom, right, middle or shift drag to pan, double-click to reset the view. On a
 * particle: a left drag holds it on the plane that faces the camera through where it was picked,
 * until the button is released (the runner's grab and release); Ctrl-click pins or frees it. On
 * the sphere obstacle: a left drag moves its centre in the plane that faces the camera through
 * it, the point picked staying under the mouse; each move is an edit of the scene value's
 * {@code sphere_center}, which the running simulation takes without a rebuild.
 */
final class ViewMouse {

    /** What the view shows: the particle under a pick (−1: none), where the particles are, the view's reset. */
    interface Target {
        /** The particle under a pick, or −1. */
        int particleAt(PickResult pick);

        /** The particles' positions the view shows (engine coordinates, {@code 3*i+k}). */
        float[] positions();

        /** Frames the scene as it is first shown. */
        void resetView();

        /**
         * When the pick hit the sphere obstacle: its centre as drawn and the centre its scene value
         * holds (they differ by where its orbit has taken it), six numbers in engine coordinates;
         * else null.
         */
        double[] obstacleAt(PickResult pick);
    }

    private final SubScene subScene;
    private final OrbitCamera orbit;
    private final Group world;
    private final Target target;
    private SimulationRunner runner;
    private double lastX;
    private double lastY;
    /** The particle the mouse drags (−1: none). */
    private int dragged = -1;
    /** The drag plane, in the SubScene's coordinates: a point on it and its normal. */
    private Point3D planePoint;
    private Point3D planeNormal;
    /** Whether the mouse drags the sphere obstacle. */
    private boolean draggingSphere;
    /** The scene value's sphere centre minus the point picked on the drag plane, in engine coordinates. */
    private Point3D sphereOffset;

    /**
     * @param subScene the view's SubScene, which takes the mouse's events
     * @param orbit    the camera that turns, zooms and pans
     * @param world    the group the particles are drawn in (engine coordinates)
     * @param target   the particles the view shows
     */
    ViewMouse(SubScene subScene, OrbitCamera orbit, Group world, Target target) {
        this.subScene = subScene;
        this.orbit = orbit;
        this.world = world;
        this.target = target;
        install();
    }

    /** The runner that grabs and pins particles (null: the mouse only moves the camera). */
    void interactWith(SimulationRunner r) {
        runner = r;
    }

    /** Forgets the particle held (the scene's nodes are built afresh). */
    void forgetDrag() {
        dragged = -1;
        draggingSphere = false;
    }

    private void install() {
        subScene.addEventHandler(MouseEvent.MOUSE_PRESSED, e -> {
            lastX = e.getSceneX();
            lastY = e.getSceneY();
            int picked = runner == null || e.getButton() != MouseButton.PRIMARY || e.isShiftDown()
                    ? -1 : target.particleAt(e.getPickResult());
            double[] sphere = runner == null || picked >= 0 || e.getButton() != MouseButton.PRIMARY
                    || e.isShiftDown() || e.isControlDown() ? null : target.obstacleAt(e.getPickResult());
            if (picked >= 0 && e.isControlDown()) {
                runner.togglePin(picked);
            } else if (picked >= 0) {
                startDrag(picked);
            } else if (sphere != null) {
                startSphereDrag(sphere, e.getX(), e.getY());
            } else if (e.getClickCount() == 2 && e.getButton() == MouseButton.PRIMARY) {
                target.resetView();
            }
        });
        subScene.addEventHandler(MouseEvent.MOUSE_RELEASED, e -> {
            draggingSphere = false;
            if (dragged >= 0) {
                dragged = -1;
                runner.release();
            }
        });
        subScene.addEventHandler(MouseEvent.MOUSE_DRAGGED, e -> {
            if (dragged >= 0) {
                drag(e.getX(), e.getY());
                return;
            }
            if (draggingSphere) {
                dragSphere(e.getX(), e.getY());
                return;
            }
            double dx = e.getSceneX() - lastX;
            double dy = e.getSceneY() - lastY;
            lastX = e.getSceneX();
            lastY = e.getSceneY();
            if (e.isPrimaryButtonDown() && !e.isShiftDown()) {
                orbit.rotate(dx, dy);
            } else {
                orbit.pan(dx, dy, subScene.getHeight());
            }
        });
        subScene.addEventHandler(ScrollEvent.SCROLL, e -> orbit.zoom(Math.exp(-e.getDeltaY() * 0.0025)));
    }

    /** Holds particle i where it is, on a plane through it facing the camera. */
    private void startDrag(int i) {
        float[] positions = target.positions();
        int q = 3 * i;
        if (q + 2 >= positions.length) {
            return;
        }
        dragged = i;
        setPlane(positions[q], positions[q + 1], positions[q + 2]);
        runner.grab(i, positions[q], positions[q + 1], positions[q + 2]);
    }

    /**
     * Starts moving the sphere picked at (sx, sy) on a plane through its drawn centre facing the
     * camera ({@code c}: the drawn centre, then the scene value's, see {@link Target#obstacleAt}).
     */
    private void startSphereDrag(double[] c, double sx, double sy) {
        setPlane(c[0], c[1], c[2]);
        Point3D picked = onPlane(sx, sy);
        if (picked == null) {
            return;
        }
        sphereOffset = new Point3D(c[3], c[4], c[5]).subtract(picked);
        draggingSphere = true;
    }

    /** Moves the sphere's centre so that the point picked follows the mouse at (sx, sy) on the drag plane. */
    private void dragSphere(double sx, double sy) {
        Point3D there = onPlane(sx, sy);
        if (there == null) {
            return;
        }
        Point3D c = there.add(sphereOffset);
        runner.edit(f -> {
            var spec = f.spec();
            return f.withSpec(spec.obstacle(spec.obstacle().withCenter(c.getX(), c.getY(), c.getZ())));
        });
    }

    /** The drag plane through the point p (engine coordinates), facing the camera. */
    private void setPlane(double px, double py, double pz) {
        planePoint = world.localToScene(new Point3D(px, py, pz));
        Point3D eye = orbit.camera().localToScene(Point3D.ZERO);
        planeNormal = orbit.camera().localToScene(new Point3D(0, 0, 1)).subtract(eye).normalize();
    }

    /** Moves the held particle to where the mouse at (sx, sy) meets the drag plane ({@link #onPlane}). */
    private void drag(double sx, double sy) {
        Point3D there = onPlane(sx, sy);
        if (there != null) {
            runner.grab(dragged, there.getX(), there.getY(), there.getZ());
        }
    }

    /**
     * Where the ray from the eye through the mouse at (sx, sy) (the SubScene's pixels) meets the
     * drag plane, in engine coordinates; null when it does not (in front of the eye). The ray's
     * direction in the camera's frame is ((sx − w/2)·s, (sy − h/2)·s, 1) with s = 2·tan(θ/2)/h, θ
     * the vertical field of view (the pinhole projection JavaFX's perspective camera uses); the
     * plane through P with normal n is met at O + t·D, t = n·(P − O) / n·D.
     */
    private Point3D onPlane(double sx, double sy) {
        double w = subScene.getWidth();
        double h = subScene.getHeight();
        double s = 2 * Math.tan(Math.toRadians(OrbitCamera.FIELD_OF_VIEW / 2)) / Math.max(1, h);
        Point3D eye = orbit.camera().localToScene(Point3D.ZERO);
        Point3D direction = orbit.camera().localToScene(new Point3D((sx - w / 2) * s, (sy - h / 2) * s, 1))
                .subtract(eye);
        double facing = planeNormal.dotProduct(direction);
        if (Math.abs(facing) < 1e-9) {
            return null;
        }
        double t = planeNormal.dotProduct(planePoint.subtract(eye)) / facing;
        if (!(t > 0)) {
            return null;
        }
        return world.sceneToLocal(eye.add(direction.multiply(t)));
    }
}
