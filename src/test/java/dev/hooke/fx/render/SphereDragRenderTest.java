package dev.hooke.fx.render;

import static dev.hooke.Tolerances.UI_TIMEOUT_SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.model.Sphere;
import dev.hooke.core.scene.ClothPins;
import dev.hooke.core.scene.ObstacleSpec;
import dev.hooke.core.scene.SceneFile;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import dev.hooke.fx.I18n;
import dev.hooke.fx.Workbench;
import dev.hooke.fx.sim.Snapshot;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import javafx.geometry.Point2D;
import javafx.geometry.Point3D;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.SubScene;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.robot.Robot;
import javafx.stage.Stage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Dragging the sphere in the workbench's 3D view (which needs a display with 3D: under Xvfb,
 * -Dprism.forceGPU=true; skipped elsewhere, saying why, unless {@code -Dhooke.render.required=true})
 * moves its centre in the plane that faces the camera: the engine's sphere, the scene value the
 * snapshot and the model carry, and the drawn sphere all show the new centre, and the centre stays
 * under the point picked (all points of a plane facing a perspective camera are at one depth, so
 * the centre moves on the screen exactly as the mouse did); the simulation keeps its state. A drag
 * beside the sphere still turns the camera and leaves the sphere where it was. And the camera,
 * left alone, follows a cloth that falls out of the box it was framed on.
 */
@Tag("render")
class SphereDragRenderTest {

    /** How far, in screen pixels, the dragged centre may be from where the mouse took it (event rounding). */
    private static final double PIXELS = 1.5;
    /** The drag, in screen pixels. */
    private static final double DX = 70;
    private static final double DY = -40;
    /** How many frames in a row the drawn sphere must keep its place on the screen before the drag. */
    private static final int STILL_PULSES = 36;

    @Test
    void draggingTheSphereMovesItsCentreEverywhereAndDraggingBesideItTurnsTheCamera() throws Exception {
        requireRendering();
        SceneFile file = SceneFile.defaults(SceneType.CLOTH);
        SceneSpec spec = file.spec();
        SceneFile scene = file.withSpec(spec.obstacle(ObstacleSpec.SPHERE));
        Workbench workbench = show(scene);
        listen(workbench);
        try {
            workbench.runner().pause();
            for (int i = 0; i < 5; i++) {
                workbench.runner().stepOnce();
            }
            double time = workbench.runner().query(sim -> sim.time()).get(UI_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            assertTrue(time > 0, "the cloth has moved");
            SubScene view = onFx(() -> (SubScene) workbench.root().lookup("#view3d"));
            assertTrue(view != null, "the 3D view is shown");
            Node ball = onFx(() -> view.getRoot().lookup("#obstacleSphere"));
            assertTrue(ball != null, "the sphere is drawn");
            Point2D from = still(ball);
            assertTrue(hintText(workbench).contains("the sphere to move it"), "the hint says the sphere can be dragged");

            Robot robot = onFx(Robot::new);
            mouse(robot, from.getX(), from.getY(), true);
            mouse(robot, from.getX() + DX / 2, from.getY() + DY / 2, true);
            mouse(robot, from.getX() + DX, from.getY() + DY, true);
            release(robot);

            waitFor("the edit reached the engine", () -> {
                Sphere s = engineSphere(workbench);
                return s.cx() != ObstacleSpec.SPHERE.x() || s.cy() != ObstacleSpec.SPHERE.y();
            });
            Sphere moved = engineSphere(workbench);
            Point2D there = onFx(() -> ball.getParent().localToScreen(new Point3D(moved.cx(), moved.cy(), moved.cz())));
            assertEquals(from.getX() + DX, there.getX(), PIXELS, "the engine's centre stays under the mouse (x)");
            assertEquals(from.getY() + DY, there.getY(), PIXELS, "the engine's centre stays under the mouse (y)");
            assertEquals(ObstacleSpec.SPHERE.radius(), moved.radius());
            assertEquals(time, workbench.runner().query(sim -> sim.time()).get(UI_TIMEOUT_SECONDS, TimeUnit.SECONDS),
                    "the running simulation took the new centre without being built again");

            waitFor("the snapshot carries the new centre", () -> {
                Snapshot s = onFxQuietly(() -> workbench.model().snapshotProperty().get());
                ObstacleSpec o = s.scene().spec().obstacle();
                return o.x() == moved.cx() && o.y() == moved.cy() && o.z() == moved.cz();
            });
            ObstacleSpec value = onFx(() -> workbench.model().sceneValueProperty().get().spec().obstacle());
            assertEquals(moved.cx(), value.x(), "the model's scene value");
            assertEquals(moved.cy(), value.y());
            assertEquals(moved.cz(), value.z());
            waitFor("the drawn sphere at the new centre", () -> onFxQuietly(() -> ball.getTranslateX() == moved.cx()
                    && ball.getTranslateY() == moved.cy() && ball.getTranslateZ() == moved.cz()));

            // beside the sphere: the camera turns, the sphere stays
            Point2D beside = onFx(() -> view.localToScreen(40, view.getHeight() - 40));
            mouse(robot, beside.getX(), beside.getY(), true);
            mouse(robot, beside.getX() + 60, beside.getY(), true);
            release(robot);
            assertEquals(moved, engineSphere(workbench), "a drag beside the sphere leaves it where it was");
            Point2D turned = onFx(() -> ball.localToScreen(Point3D.ZERO));
            assertTrue(turned.distance(there) > 5, "the camera turned: the sphere is drawn at " + turned + ", was " + there);

            // a scene without a sphere: the hint no longer offers one to drag
            workbench.runner().load(SceneFile.defaults(SceneType.CHAIN));
            waitFor("the chain is shown", () -> onFxQuietly(() -> view.getRoot().lookup("#obstacleSphere") == null));
            assertFalse(hintText(workbench).contains("sphere"), "the chain's hint: " + hintText(workbench));
        } finally {
            onFx(() -> {
                workbench.root().getScene().getWindow().hide();
                workbench.close();
                return null;
            });
        }
    }

    /** The text of the hint over the 3D view. */
    private static String hintText(Workbench workbench) throws Exception {
        return onFx(() -> ((javafx.scene.control.Label) workbench.root().lookup("#dragHint")).getText());
    }

    /**
     * A cloth without pins falls into empty space: its framed box covers only the motion within
     * reach of the start, and once the cloth has left it whole the camera follows it, so the cloth
     * is still on the screen 1.5 s later (7 m below its start, the box reaching 2 m); after a reset
     * the camera is back on the framing.
     */
    @Test
    void theViewFollowsAClothFallingIntoEmptySpaceAndComesBackOnReset() throws Exception {
        requireRendering();
        SceneFile file = SceneFile.defaults(SceneType.CLOTH);
        SceneFile scene = file.withSpec(file.spec().pins(ClothPins.NONE));
        Workbench workbench = show(scene);
        try {
            workbench.runner().pause();
            waitFor("the run ahead has framed the fall", () -> onFxQuietly(
                    () -> workbench.model().snapshotProperty().get().topology().motion().leftReach()));
            SubScene view = onFx(() -> (SubScene) workbench.root().lookup("#view3d"));
            Node cloth = onFx(() -> view.getRoot().lookup("#clothMesh"));
            assertTrue(cloth != null, "the cloth is drawn");
            waitFor("the cloth in view at the start", () -> onScreen(view, cloth));
            workbench.runner().play();
            waitFor("1.5 s of fall", () -> onFxQuietly(() -> workbench.model().snapshotProperty().get().time() >= 1.5));
            workbench.runner().pause();
            double y = workbench.runner().query(sim -> sim.system().x[1]).get(UI_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            assertTrue(y < -5, "the cloth has fallen far below its framed box: y = " + y);
            waitFor("the fallen cloth on the screen", () -> onScreen(view, cloth));
            // the view changes shape while paused (a lesson's panel grows): the camera frames afresh
            // and still follows the cloth
            double wide = onFx(view::getWidth);
            onFx(() -> {
                javafx.stage.Window window = workbench.root().getScene().getWindow();
                double high = window.getHeight();
                window.setWidth(window.getWidth() - 200);
                window.setHeight(high);
                return null;
            });
            waitFor("the view's new shape", () -> onFxQuietly(() -> view.getWidth() < wide - 100));
            waitFor("the fallen cloth on the screen after the view changed shape", () -> onScreen(view, cloth));
            workbench.runner().reset();
            waitFor("the reset", () -> onFxQuietly(() -> workbench.model().snapshotProperty().get().time() == 0));
            Node reset = onFx(() -> view.getRoot().lookup("#clothMesh"));
            waitFor("the reset cloth on the screen", () -> onScreen(view, reset));
        } finally {
            onFx(() -> {
                workbench.root().getScene().getWindow().hide();
                workbench.close();
                return null;
            });
        }
    }

    /** Starts the toolkit; skips the test, saying why, where there is no 3D, or fails when it is required. */
    private static void requireRendering() throws Exception {
        RenderToolkit.require(RenderToolkit.start(), "SphereDragRenderTest");
    }

    /** The workbench on the scene, in a 1400 × 900 window at the screen's corner. */
    private static Workbench show(SceneFile scene) throws Exception {
        return onFx(() -> {
            I18n.setLocale(I18n.ENGLISH);
            Workbench w = new Workbench(scene);
            Stage stage = new Stage();
            stage.setScene(new Scene(w.root(), 1400, 900));
            stage.setX(0);
            stage.setY(0);
            stage.show();
            return w;
        });
    }

    /** Whether the node's bounds lie on the view's part of the screen. */
    private static boolean onScreen(SubScene view, Node node) {
        return onFxQuietly(() -> {
            javafx.geometry.Bounds v = view.localToScreen(view.getBoundsInLocal());
            javafx.geometry.Bounds n = node.localToScreen(node.getBoundsInLocal());
            return n != null && v.contains(n.getMinX(), n.getMinY()) && v.contains(n.getMaxX(), n.getMaxY());
        });
    }

    /** Whether the robot holds the primary button down. */
    private boolean pressed;
    /** The mouse events the window received, oldest first: the robot's travel through the display server. */
    private final List<MouseEvent> received = new CopyOnWriteArrayList<>();

    /** Records the mouse events {@code workbench}'s window receives. */
    private void listen(Workbench workbench) throws Exception {
        onFx(() -> {
            workbench.root().getScene().addEventFilter(MouseEvent.ANY, received::add);
            return null;
        });
    }

    /** Moves the mouse to (x, y) (screen pixels), then presses the primary button if {@code press} and not yet pressed. */
    private void mouse(Robot robot, double x, double y, boolean press) throws Exception {
        int before = received.size();
        boolean pressing = press && !pressed;
        onFx(() -> {
            robot.mouseMove(x, y);
            if (pressing) {
                robot.mousePress(MouseButton.PRIMARY);
            }
            return null;
        });
        pressed = press;
        waitFor("the window to receive the mouse at (" + x + ", " + y + ")" + (pressing ? ", pressed" : ""), () -> {
            List<MouseEvent> all = List.copyOf(received);
            List<MouseEvent> since = all.subList(before, all.size());
            MouseEvent last = all.isEmpty() ? null : all.get(all.size() - 1);
            return last != null && Math.abs(last.getScreenX() - x) < 1 && Math.abs(last.getScreenY() - y) < 1
                    && (!pressing || since.stream().anyMatch(e -> e.getEventType() == MouseEvent.MOUSE_PRESSED));
        });
        onFx(() -> null);       // the handlers of those events have run
    }

    private void release(Robot robot) throws Exception {
        int before = received.size();
        onFx(() -> {
            robot.mouseRelease(MouseButton.PRIMARY);
            return null;
        });
        pressed = false;
        waitFor("the window to receive the release", () -> List.copyOf(received).stream().skip(before)
                .anyMatch(e -> e.getEventType() == MouseEvent.MOUSE_RELEASED));
        onFx(() -> null);
    }

    private static Sphere engineSphere(Workbench workbench) {
        try {
            return workbench.runner().query(sim -> sim.system().sphere()).get(UI_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The node's place on the screen once it has kept it for {@link #STILL_PULSES} frames in a
     * row (the view frames the scene as it starts).
     */
    private static Point2D still(Node n) throws Exception {
        Point2D[] last = {null};
        int[] run = {0};
        Runnable pulse = () -> {
            Point2D now = n.localToScreen(Point3D.ZERO);
            run[0] = last[0] != null && now != null && now.distance(last[0]) < 0.01 ? run[0] + 1 : 0;
            last[0] = now;
        };
        Scene scene = onFx(n::getScene);
        onFx(() -> {
            scene.addPostLayoutPulseListener(pulse);
            return null;
        });
        try {
            waitFor("the sphere to keep its place on the screen for " + STILL_PULSES + " frames",
                    () -> onFxQuietly(() -> run[0] >= STILL_PULSES));
            return onFx(() -> last[0]);
        } finally {
            onFx(() -> {
                scene.removePostLayoutPulseListener(pulse);
                return null;
            });
        }
    }

    private static void waitFor(String what, BooleanSupplier condition) throws Exception {
        try {
            WaitForAsyncUtils.waitFor(UI_TIMEOUT_SECONDS, TimeUnit.SECONDS, condition::getAsBoolean);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("timed out waiting for " + what, e);
        }
    }

    private static <T> T onFxQuietly(Supplier<T> task) {
        try {
            return onFx(task);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static <T> T onFx(Supplier<T> task) throws Exception {
        return RenderToolkit.onFx(task);
    }
}
