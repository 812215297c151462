package dev.hooke.fx.panel;

import dev.hooke.core.scene.SceneFile.Key;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import dev.hooke.fx.I18n;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;

/**
 * The cloth's weather and material rows of the {@link ScenePanel}: the wind's speed and direction,
 * its gust, the tear strain, self-collision and the thickness. The direction is the wind's heading in the horizontal plane, in
 * degrees from +x towards +z (90°: along +z, through a cloth hanging in the x–y plane); a vertical
 * component set in a scene file is kept.
 *
 * <p>Ids: {@code sceneWindSpeed}, {@code sceneWindDirection}, {@code sceneGust}, {@code sceneTearStrain},
 * {@code sceneSelfCollision}, {@code sceneThickness}.
 */
final class ClothWeatherRows {

    private final TextField speed = field("sceneWindSpeed");
    private final TextField direction = field("sceneWindDirection");
    private final TextField gust = field("sceneGust");
    private final TextField tear = field("sceneTearStrain");
    private final Node speedRow = row("build.wind.speed", speed);
    private final Node directionRow = row("build.wind.direction", direction);
    private final Node gustRow = row("build.gust", gust);
    private final Node tearRow = row("build.tearStrain", tear);
    private final CheckBox selfCollision = new CheckBox(I18n.text("build.selfCollision"));
    private final TextField thickness = field("sceneThickness");
    private final Node thicknessRow = row("build.thickness", thickness);

    ClothWeatherRows() {
        selfCollision.setId("sceneSelfCollision");
        Tooltip tip = new Tooltip(I18n.text("build.selfCollision.tip"));
        tip.setWrapText(true);
        tip.setPrefWidth(360);
        selfCollision.setTooltip(tip);
    }

    /** The rows, in order. */
    List<Node> rows() {
        return List.of(speedRow, directionRow, gustRow, tearRow, selfCollision, thicknessRow);
    }

    /** Fills the fields from a spec and shows the rows when the scene takes the keys. */
    void show(SceneSpec s, SceneType type) {
        double wx = s.wind(0);
        double wz = s.wind(2);
        double horizontal = Math.hypot(wx, wz);
        speed.setText(number(horizontal));
        direction.setText(number(horizontal > 0 ? Math.toDegrees(Math.atan2(wz, wx)) : 90));
        gust.setText(number(s.gust()));
        tear.setText(number(s.tearStrain()));
        selfCollision.setSelected(s.selfCollision());
        thickness.setText(number(s.thickness()));
        boolean windy = Key.WIND.appliesTo(type);
        for (Node n : List.of(speedRow, directionRow, gustRow)) {
            n.setVisible(windy);
            n.setManaged(windy);
        }
        boolean tears = Key.TEAR_STRAIN.appliesTo(type);
        tearRow.setVisible(tears);
        tearRow.setManaged(tears);
        boolean collides = Key.SELF_COLLISION.appliesTo(type);
        for (Node n : List.of(selfCollision, thicknessRow)) {
            n.setVisible(collides);
            n.setManaged(collides);
        }
    }

    /**
     * Reads the fields: the change they make to a spec of this scene type (none for a scene that
     * takes no weather).
     *
     * @throws IllegalArgumentException naming the field that is not a number
     */
    UnaryOperator<SceneSpec> read(SceneType type) {
        double u = real(speed, "wind");
        double heading = Math.toRadians(real(direction, "wind"));
        double a = real(gust, "gust");
        double e = real(tear, "tear-strain");
        boolean collide = selfCollision.isSelected();
        double d = real(thickness, "thickness");
        return spec -> {
            if (Key.WIND.appliesTo(type)) {
                spec.wind(u * Math.cos(heading), spec.wind(1), u * Math.sin(heading)).gust(a);
            }
            if (Key.TEAR_STRAIN.appliesTo(type)) {
                spec.tearStrain(e);
            }
            if (Key.SELF_COLLISION.appliesTo(type)) {
                spec.selfCollision(collide).thickness(d);
            }
            return spec;
        };
    }

    private static double real(TextField f, String name) {
        try {
            return Double.parseDouble(f.getText().trim());
        } catch (NumberFormatException ex) {
            throw new IllegalArgumentException(name + ": must be a number, got '" + f.getText().trim() + "'", ex);
        }
    }

    private static String number(double v) {
        return String.format(Locale.ROOT, "%.6g", v).replaceAll("\\.?0+(e|$)", "$1");
    }

    private static TextField field(String id) {
        TextField f = new TextField();
        f.setId(id);
        f.setPrefColumnCount(6);
        return f;
    }

    private static Node row(String key, TextField control) {
        Label l = new Label(I18n.text(key));
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox row = new HBox(6, l, gap, control);
        row.setAlignment(Pos.CENTER_LEFT);
        Tooltip tip = new Tooltip(I18n.text(key + ".tip"));
        tip.setWrapText(true);
        tip.setPrefWidth(360);
        control.setTooltip(tip);
        return row;
    }
}
