package dev.hooke.fx.view;

import dev.hooke.core.sim.MotionBounds;
import dev.hooke.fx.I18n;
import dev.hooke.fx.controls.Numbers;
import dev.hooke.fx.sim.SceneTopology;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.scene.shape.Circle;
import javafx.scene.shape.Line;
import javafx.scene.shape.Polygon;
import javafx.scene.shape.StrokeLineCap;

/**
 * The wind's arrow over a view, in its lower right corner (clear of the framed mesh, which fills
 * {@link Framing#FILL} of the view around its middle): a dial whose arrow points where the mean
 * wind w₀ blows as the view sees it, with the speed |w₀| written under it. Shown only while the
 * scene shown has wind.
 *
 * <p>The arrow is the wind's direction projected onto the screen: with the view's right, down and
 * forward axes ({@link MotionBounds.Seen#axes}), the unit wind ŵ is drawn along
 * (ŵ·right, ŵ·down), as long as the dial's radius times that projection's length, so that a wind
 * along the line of sight foreshortens as a stick would. Once it is shorter than
 * {@link #FORESHORTENED} of the radius, the dial shows the usual symbol of a vector along the line
 * of sight instead: a dot for a wind blowing towards the viewer, a cross for one blowing away. At a
 * perspective view's centre (where the camera looks) the image of a short step along ŵ is along
 * this same vector, so the arrow agrees with how the view draws the wind there.
 *
 * <p>Its size follows the font of its label, so large type enlarges it. Redrawn only when the
 * wind or the view's turn changes, never per frame. Ids: {@code windArrow} (the whole),
 * {@code windShaft}, {@code windHead}, {@code windTowards} (the dot),
 * {@code windAway} (a stroke of the cross), {@code windLabel}.
 */
final class WindArrow {

    /** The projected length, as a share of the radius, below which the line-of-sight symbol is shown. */
    static final double FORESHORTENED = 0.2;
    /** The dial's radius in units of the label's font size. */
    private static final double RADIUS_EM = 2.2;
    /** How far the arrow reaches from the dial's centre, as a share of its radius. */
    private static final double REACH = 0.8;

    private final VBox box = new VBox();
    private final Pane dial = new Pane();
    private final Circle face = new Circle();
    private final Line shaft = new Line();
    private final Polygon head = new Polygon();
    private final Circle dot = new Circle();
    private final Line crossA = new Line();
    private final Line crossB = new Line();
    private final Label label = new Label();
    /** The unit mean wind in engine coordinates, and its speed |w₀| in m/s (0: no wind). */
    private final double[] wind = new double[3];
    private double speed;
    /** The view's axes (right, down, forward: {@code 3*k+j}). */
    private final double[] axes = new double[9];

    WindArrow() {
        box.setId("windArrow");
        box.getStyleClass().add("wind-arrow");
        box.setAlignment(Pos.CENTER);
        box.setSpacing(2);
        box.setMouseTransparent(true);
        box.setStyle("-fx-background-color: rgba(20,26,36,0.6); -fx-background-radius: 6; -fx-padding: 6 8 4 8;");
        box.setMaxSize(Region.USE_PREF_SIZE, Region.USE_PREF_SIZE);
        label.setId("windLabel");
        label.setStyle("-fx-text-fill: #e8eef5;");
        Color ink = Color.web("#e8eef5");
        face.setFill(Color.TRANSPARENT);
        face.setStroke(Color.web("#e8eef5", 0.45));
        shaft.setId("windShaft");
        shaft.setStroke(ink);
        shaft.setStrokeLineCap(StrokeLineCap.ROUND);
        head.setId("windHead");
        head.setFill(ink);
        dot.setId("windTowards");
        dot.setFill(ink);
        crossA.setId("windAway");
        for (Line l : new Line[] {crossA, crossB}) {
            l.setStroke(ink);
            l.setStrokeLineCap(StrokeLineCap.ROUND);
        }
        dial.getChildren().addAll(face, shaft, head, dot, crossA, crossB);
        box.getChildren().addAll(dial, label);
        label.fontProperty().addListener(o -> draw());
        System.arraycopy(MotionBounds.Seen.axes(0, 0), 0, axes, 0, 9);
        box.setVisible(false);
    }

    /** The node to lay over the view. */
    Node node() {
        return box;
    }

    /** Takes the mean wind of the scene shown (none for a scene without wind) and hides the arrow when it is still. */
    void showWind(SceneTopology t) {
        boolean windy = t.hasWind();
        double wx = windy ? t.scene().spec().wind(0) : 0;
        double wy = windy ? t.scene().spec().wind(1) : 0;
        double wz = windy ? t.scene().spec().wind(2) : 0;
        speed = Math.sqrt(wx * wx + wy * wy + wz * wz);
        if (speed > 0) {
            wind[0] = wx / speed;
            wind[1] = wy / speed;
            wind[2] = wz / speed;
        }
        box.setVisible(speed > 0);
        localize();
        draw();
    }

    /** Takes the direction the view looks from (see {@link MotionBounds.Seen#axes}); in degrees. */
    void turn(double yaw, double pitch) {
        MotionBounds.Seen.axes(yaw, pitch, axes);
        draw();
    }

    /** Writes the speed in the language in use. */
    void localize() {
        label.setText(I18n.text("view.wind", Numbers.format(speed)));
    }

    /** Whether the arrow is shown. */
    boolean isShown() {
        return box.isVisible();
    }

    /**
     * The wind's direction on the screen, {x right, y down} (the unit wind's projection, at most 1
     * long), and along the line of sight (+ away from the viewer); into {@code out}, 3 entries.
     */
    void screenDirection(double[] out) {
        for (int k = 0; k < 3; k++) {
            out[k] = axes[3 * k] * wind[0] + axes[3 * k + 1] * wind[1] + axes[3 * k + 2] * wind[2];
        }
    }

    private final double[] on = new double[3];

    private void draw() {
        double r = RADIUS_EM * Math.max(8, label.getFont().getSize());
        dial.setPrefSize(2 * r, 2 * r);
        dial.setMinSize(2 * r, 2 * r);
        dial.setMaxSize(2 * r, 2 * r);
        face.setCenterX(r);
        face.setCenterY(r);
        face.setRadius(r - 1);
        screenDirection(on);
        double length = Math.hypot(on[0], on[1]);
        boolean along = length >= FORESHORTENED;
        double width = Math.max(2, 0.09 * r);
        shaft.setStrokeWidth(width);
        shaft.setVisible(along);
        head.setVisible(along);
        dot.setVisible(!along && on[2] < 0);
        crossA.setVisible(!along && on[2] >= 0);
        crossB.setVisible(!along && on[2] >= 0);
        if (along) {
            double ux = on[0] / length;
            double uy = on[1] / length;
            double reach = REACH * r * length;
            double tipX = r + reach * ux;
            double tipY = r + reach * uy;
            double headLength = Math.min(0.45 * r, 0.6 * reach + 0.2 * r);
            double baseX = tipX - headLength * ux;
            double baseY = tipY - headLength * uy;
            shaft.setStartX(r - reach * ux);
            shaft.setStartY(r - reach * uy);
            shaft.setEndX(baseX);
            shaft.setEndY(baseY);
            double half = 0.55 * headLength;
            head.getPoints().setAll(tipX, tipY, baseX - half * uy, baseY + half * ux, baseX + half * uy, baseY - half * ux);
        } else {
            dot.setCenterX(r);
            dot.setCenterY(r);
            dot.setRadius(0.16 * r);
            double c = 0.35 * r;
            for (int i = 0; i < 2; i++) {
                Line l = i == 0 ? crossA : crossB;
                l.setStrokeWidth(width);
                l.setStartX(r - c);
                l.setEndX(r + c);
                l.setStartY(i == 0 ? r - c : r + c);
                l.setEndY(i == 0 ? r + c : r - c);
            }
        }
    }
}
