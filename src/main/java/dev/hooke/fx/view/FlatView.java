package dev.hooke.fx.view;

import dev.hooke.core.model.SpringKind;
import dev.hooke.core.sim.MotionBounds;
import dev.hooke.fx.sim.SceneTopology;
import dev.hooke.fx.sim.Snapshot;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Label;
import javafx.scene.layout.Pane;
import javafx.scene.layout.StackPane;
import javafx.scene.paint.Color;
import javafx.scene.shape.StrokeLineCap;

/**
 * The scene drawn flat, for graphics pipelines without 3D: an orthographic projection onto the
 * x–y plane (seen from the front, y up), framed on the box the motion sweeps and following a mesh
 * that leaves it as the 3D view's camera does ({@link CameraFraming#inView}), springs as
 * lines coloured by kind, particles as dots,
 * pinned ones (as the snapshot reports them) as red squares, a yellow ring where an explosion started, with a message saying why
 * the view is flat, and the wind's arrow ({@link WindArrow}, seen from the front) while the scene has wind.
 */
public final class FlatView implements SceneView {

    private final StackPane root = new StackPane();
    private final Pane canvasHolder = new Pane();
    private final Canvas canvas = new Canvas(400, 300);
    private final Label message = new Label();
    /** The wind's direction (seen from the front) and speed in the lower right corner, while the scene has wind. */
    private final WindArrow windArrow = new WindArrow();
    private Snapshot last;
    /** Where the sphere obstacle is drawn (engine coordinates), and the scene value it is read from. */
    private final SphereCentre sphereCentre = new SphereCentre();
    private final double[] centre = new double[3];
    /** Scratch for keeping a mesh in view that left its framed box ({@link CameraFraming#inView}). */
    private final double[] mesh = new double[6];
    private final double[] box = new double[6];
    /** The projection of the last drawing: canvas = (ox + scale·x, oy − scale·y). */
    private double ox;
    private double oy;
    private double scale;

    FlatView() {
        canvasHolder.getChildren().add(canvas);
        canvas.widthProperty().bind(canvasHolder.widthProperty());
        canvas.heightProperty().bind(canvasHolder.heightProperty());
        canvas.widthProperty().addListener(o -> redraw());
        canvas.heightProperty().addListener(o -> redraw());
        canvasHolder.setMinSize(100, 100);
        message.setText(SceneView.no3dMessage());
        message.setId("flatViewMessage");
        message.getStyleClass().add("flat-view-message");
        message.setWrapText(true);
        StackPane.setAlignment(message, Pos.TOP_CENTER);
        StackPane.setMargin(message, new Insets(12));
        StackPane.setAlignment(windArrow.node(), Pos.BOTTOM_RIGHT);
        StackPane.setMargin(windArrow.node(), new Insets(10));
        root.getChildren().addAll(canvasHolder, message, windArrow.node());
        root.setId("sceneView");
        root.getStyleClass().add("scene-view");
        root.setMinSize(100, 100);
    }

    @Override
    public Node node() {
        return root;
    }

    @Override
    public void localize() {
        message.setText(SceneView.no3dMessage());
        windArrow.localize();
    }

    /** The wind's arrow (for tests): the node {@code #windArrow}. */
    public Node windArrow() {
        return windArrow.node();
    }

    @Override
    public float[] shownPositions() {
        return last == null ? new float[0] : last.positions();
    }

    /**
     * Where engine point (x, y) was drawn on the canvas at the last drawing: {@code out[0]}, {@code out[1]}
     * in pixels from the canvas's top left.
     */
    public void project(double x, double y, double[] out) {
        out[0] = ox + scale * x;
        out[1] = oy - scale * y;
    }

    /** The canvas the scene is drawn on. */
    public Canvas canvas() {
        return canvas;
    }

    @Override
    public boolean is3D() {
        return false;
    }

    @Override
    public void resetView() {
        redraw();
    }

    @Override
    public void update(Snapshot s) {
        if (last == null || last.topology() != s.topology()) {
            windArrow.showWind(s.topology());
        }
        last = s;
        redraw();
    }

    private void redraw() {
        GraphicsContext g = canvas.getGraphicsContext2D();
        double w = canvas.getWidth();
        double h = canvas.getHeight();
        g.setFill(Palette.BACKGROUND);
        g.fillRect(0, 0, w, h);
        if (last == null) {
            return;
        }
        SceneTopology t = last.topology();
        // the whole motion in view, seen from the front (x right, y up); a mesh that left that box
        // stays in view, as the 3D view's camera keeps it (a blow-up is not followed)
        float[] x = last.positions();
        // (box: {minX, minY, minZ, maxX, maxY, maxZ}), filling Framing.FILL of the binding dimension
        if (last.explosion() == null) {
            CameraFraming.inView(t.motion(), x, mesh, box);
        } else {
            MotionBounds m = t.motion();
            box[0] = m.minX();
            box[1] = m.minY();
            box[3] = m.maxX();
            box[4] = m.maxY();
        }
        scale = Framing.FILL * Math.min(w / Math.max(1e-3, box[3] - box[0]), h / Math.max(1e-3, box[4] - box[1]));
        ox = w / 2 - scale * 0.5 * (box[0] + box[3]);
        oy = h / 2 + scale * 0.5 * (box[1] + box[4]);

        if (t.hasGround()) {
            g.setStroke(Palette.GROUND_LIGHT);
            g.setLineWidth(3);
            double gy = oy - scale * t.groundHeight();
            g.strokeLine(0, gy, w, gy);
        }
        if (sphereCentre.at(last, centre)) {
            dev.hooke.core.model.Sphere o = t.sphere();
            double rr = scale * o.radius();
            double cx = ox + scale * centre[0];
            double cy = oy - scale * centre[1];
            g.setFill(Palette.GROUND_LIGHT);
            g.fillOval(cx - rr, cy - rr, 2 * rr, 2 * rr);
        }
        g.setLineCap(StrokeLineCap.ROUND);
        boolean cloth = t.type().recipe().isSurface();
        float[] strains = last.strains();
        for (int s = 0; s < t.springCount(); s++) {
            SpringKind kind = t.springKind(s);
            if (cloth && kind != SpringKind.STRUCTURAL) {
                continue;
            }
            if (strains != null && s < strains.length && Float.isNaN(strains[s])) {
                continue;       // torn
            }
            Color c = switch (kind) {
                case STRUCTURAL -> cloth ? Palette.CLOTH_FRONT : Palette.STRUCTURAL;
                case SHEAR -> Palette.SHEAR;
                case BEND -> Palette.BEND;
            };
            g.setStroke(c);
            g.setLineWidth(kind == SpringKind.STRUCTURAL ? 2.5 : 1.2);
            int a = 3 * t.springA(s);
            int b = 3 * t.springB(s);
            g.strokeLine(ox + scale * x[a], oy - scale * x[a + 1], ox + scale * x[b], oy - scale * x[b + 1]);
        }
        double r = Math.max(3, Math.min(12, 0.2 * t.minRestLength() * scale));
        for (int i = 0; i < t.particleCount(); i++) {
            boolean pin = last.isPinned(i);
            if (cloth && !pin) {
                continue;
            }
            double px = ox + scale * x[3 * i];
            double py = oy - scale * x[3 * i + 1];
            if (pin) {
                g.setFill(Palette.PINNED);
                g.fillRect(px - 1.3 * r, py - 1.3 * r, 2.6 * r, 2.6 * r);
            } else {
                g.setFill(Palette.PARTICLE);
                g.fillOval(px - r, py - r, 2 * r, 2 * r);
            }
        }
        Snapshot.Compare second = last.compare();
        if (second != null && second.positions().length == x.length) {
            float[] y = second.positions();
            g.setStroke(Palette.COMPARE);
            g.setLineWidth(2.5);
            for (int s = 0; s < t.springCount(); s++) {
                if (cloth && t.springKind(s) != SpringKind.STRUCTURAL) {
                    continue;
                }
                int a = 3 * t.springA(s);
                int b = 3 * t.springB(s);
                g.strokeLine(ox + scale * y[a], oy - scale * y[a + 1], ox + scale * y[b], oy - scale * y[b + 1]);
            }
            g.setFill(Palette.COMPARE);
            for (int i = 0; i < t.particleCount(); i++) {
                if (!cloth || last.isPinned(i)) {
                    g.fillOval(ox + scale * y[3 * i] - r, oy - scale * y[3 * i + 1] - r, 2 * r, 2 * r);
                }
            }
        }
        int origin = last.explosion() == null ? -1 : last.explosion().particle();
        if (origin >= 0 && origin < t.particleCount()) {
            double px = ox + scale * x[3 * origin];
            double py = oy - scale * x[3 * origin + 1];
            g.setStroke(Palette.EXPLOSION);
            g.setLineWidth(3);
            g.strokeOval(px - 3 * r, py - 3 * r, 6 * r, 6 * r);
        }
    }
}
