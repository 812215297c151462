package dev.hooke.fx.view;

import dev.hooke.fx.I18n;
import dev.hooke.fx.controls.Numbers;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.scene.paint.CycleMethod;
import javafx.scene.paint.LinearGradient;
import javafx.scene.paint.Stop;
import javafx.scene.shape.Rectangle;

/**
 * The colour map's legend in the 3D view's lower left corner ({@code colourLegend}): what is
 * coloured (speed or strain), the map's gradient and its tick values on the scale in use. It is
 * shown only while a colour map is chosen and the scene has springs or a cloth to colour.
 */
final class ColourLegend {

    private final VBox box = new VBox(2);
    private final Label title = new Label();
    private final Rectangle bar = new Rectangle(220, 12);
    private final Label[] ticks = new Label[ColourMap.TICKS];
    /** The scale the ticks show (NaN: none yet). */
    private double scale = Double.NaN;

    /** Builds the legend in {@code holder}, kept 10 px from its lower left corner. */
    ColourLegend(Pane holder) {
        HBox row = new HBox();
        for (int i = 0; i < ticks.length; i++) {
            ticks[i] = new Label();
            ticks[i].getStyleClass().add("legend-tick");
            if (i > 0) {
                Region gap = new Region();
                HBox.setHgrow(gap, Priority.ALWAYS);
                row.getChildren().add(gap);
            }
            row.getChildren().add(ticks[i]);
        }
        row.setPrefWidth(bar.getWidth());
        row.setMaxWidth(bar.getWidth());
        title.getStyleClass().add("legend-title");
        box.getChildren().addAll(title, bar, row);
        box.setId("colourLegend");
        box.getStyleClass().add("colour-legend");
        box.setStyle("-fx-background-color: rgba(20,26,36,0.75); -fx-padding: 6; -fx-background-radius: 4;");
        title.setStyle("-fx-text-fill: #e8eef5;");
        box.setLayoutX(10);
        box.layoutYProperty().bind(holder.heightProperty().subtract(box.heightProperty()).subtract(10));
        box.setMouseTransparent(true);
        box.setVisible(false);
        holder.getChildren().add(box);
    }

    /** The legend's node. */
    Node node() {
        return box;
    }

    /** Writes the title for {@code mode} in the language in use. */
    void localize(ColourMap.Mode mode) {
        title.setText(mode == ColourMap.Mode.STRAIN ? I18n.text("view.legend.strain")
                : I18n.text("view.legend.speed"));
    }

    /** Forgets the scale shown: the ticks are written again at the next {@link #showScale}. */
    void forgetScale() {
        scale = Double.NaN;
    }

    /**
     * Shows the legend for {@code mode} while a map is chosen and {@code coloured} (the scene has
     * something to colour), with the map's gradient.
     */
    void show(ColourMap.Mode mode, boolean coloured) {
        boolean on = mode != ColourMap.Mode.NONE;
        box.setVisible(on && coloured);
        if (on) {
            Stop[] stops = new Stop[Palette.stops(mode).length];
            Color[] c = Palette.stops(mode);
            for (int i = 0; i < c.length; i++) {
                stops[i] = new Stop((double) i / (c.length - 1), c[i]);
            }
            bar.setFill(new LinearGradient(0, 0, 1, 0, true, CycleMethod.NO_CYCLE, stops));
        }
    }

    /** Writes the ticks of {@code mode}'s map on the scale {@code newScale}, when it changed. */
    void showScale(ColourMap.Mode mode, double newScale) {
        if (newScale != scale) {
            scale = newScale;
            double[] values = ColourMap.ticks(mode, newScale);
            for (int i = 0; i < values.length; i++) {
                ticks[i].setText(Numbers.format(values[i]));
            }
        }
    }
}
