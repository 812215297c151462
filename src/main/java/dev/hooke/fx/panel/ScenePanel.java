package dev.hooke.fx.panel;

import dev.hooke.core.scene.ClothPins;
import dev.hooke.core.scene.ObstacleKind;
import dev.hooke.core.scene.ObstacleSpec;
import dev.hooke.core.scene.ScenePresets;
import dev.hooke.core.scene.Perturbation;
import dev.hooke.core.scene.SceneFile.Key;
import dev.hooke.core.scene.SceneType;
import dev.hooke.fx.I18n;
import dev.hooke.fx.model.WorkbenchModel;
import dev.hooke.core.scene.SceneFile;
import dev.hooke.core.scene.SceneSpec;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;

/**
 * The scene's construction: the chain's nodes, the cloth's or cube's size, the cloth's pins, the
 * spring kinds built, the cube's particle restitution, the sphere obstacle (on or off, its radius),
 * the friction of the ground and the sphere, and the perturbation it starts with; and the
 * <em>Drop on sphere</em> preset ({@link ScenePresets#dropOnSphere()}). Each row shows only for the scenes it
 * concerns. Apply rebuilds the scene (a reset) with these values and the present parameters; a
 * value the workbench refuses (a size above its cap, say) is named below and nothing changes.
 *
 * <p>Ids: {@code sceneNodes}, {@code sceneSize}, {@code scenePins}, {@code sceneStructural},
 * {@code sceneShear}, {@code sceneBend}, {@code sceneRestitution}, {@code scenePerturbation}, {@code sceneDisplacement},
 * {@code sceneVelocity}, {@code sceneApply}, {@code sceneMessage}, {@code sceneSphere}, {@code sceneSphereRadius},
 * {@code sceneFriction}, {@code scenePresetDropOnSphere}; the cloth's wind and tearing rows are
 * {@link ClothWeatherRows}'.
 */
public final class ScenePanel extends VBox {

    private final WorkbenchModel model;
    private final TextField nodes = field("sceneNodes");
    private final TextField size = field("sceneSize");
    private final ComboBox<ClothPins> pins = new ComboBox<>();
    private final CheckBox structural = new CheckBox(I18n.text("build.structural"));
    private final CheckBox shear = new CheckBox(I18n.text("build.shear"));
    private final CheckBox bend = new CheckBox(I18n.text("build.bend"));
    private final ComboBox<Perturbation> perturbation = new ComboBox<>();
    private final TextField displacement = field("sceneDisplacement");
    private final TextField velocity = field("sceneVelocity");
    private final TextField restitution = field("sceneRestitution");
    private final CheckBox sphere = new CheckBox(I18n.text("build.sphere"));
    private final TextField sphereRadius = field("sceneSphereRadius");
    private final TextField friction = field("sceneFriction");
    private final Node sphereRadiusRow;
    private final Node frictionRow;
    private final Label message = new Label();
    private final Node nodesRow;
    private final Node sizeRow;
    private final Node pinsRow;
    private final Node kindsRow;
    private final Node restitutionRow;
    private final ClothWeatherRows weather = new ClothWeatherRows();

    public ScenePanel(WorkbenchModel model) {
        super(6);
        this.model = model;
        getStyleClass().add("scene-panel");
        pins.setId("scenePins");
        pins.getItems().setAll(ClothPins.values());
        named(pins, p -> I18n.text("build.pins." + p.id()));
        perturbation.setId("scenePerturbation");
        perturbation.getItems().setAll(Perturbation.values());
        named(perturbation, p -> I18n.text("build.perturbation." + p.id()));
        structural.setId("sceneStructural");
        shear.setId("sceneShear");
        bend.setId("sceneBend");
        Button apply = new Button(I18n.text("build.apply"));
        apply.setId("sceneApply");
        apply.setOnAction(e -> apply());
        message.setId("sceneMessage");
        message.setWrapText(true);
        message.getStyleClass().add("detail");

        nodesRow = row(I18n.text("build.nodes"), nodes);
        sizeRow = row(I18n.text("build.size"), size);
        pinsRow = row(I18n.text("build.pins"), pins);
        kindsRow = new HBox(10, structural, shear, bend);
        restitutionRow = row(I18n.text("build.restitution"), restitution);
        Tooltip restitutionTip = new Tooltip(I18n.text("build.restitution.tip"));
        restitutionTip.setWrapText(true);
        restitutionTip.setPrefWidth(360);
        restitution.setTooltip(restitutionTip);
        Tooltip.install(restitutionRow, restitutionTip);
        sphere.setId("sceneSphere");
        sphere.setTooltip(tip("build.sphere.tip"));
        sphereRadiusRow = row(I18n.text("build.sphereRadius"), sphereRadius);
        sphereRadiusRow.visibleProperty().bind(sphere.selectedProperty());
        sphereRadiusRow.managedProperty().bind(sphereRadiusRow.visibleProperty());
        frictionRow = row(I18n.text("build.friction"), friction);
        friction.setTooltip(tip("build.friction.tip"));
        Button dropOnSphere = new Button(I18n.text("build.preset.dropOnSphere"));
        dropOnSphere.setId("scenePresetDropOnSphere");
        dropOnSphere.setTooltip(tip("build.preset.dropOnSphere.tip"));
        dropOnSphere.setOnAction(e -> model.open(ScenePresets.dropOnSphere()));
        Node perturbationRow = row(I18n.text("build.perturbation"), perturbation);
        Node displacementRow = row(I18n.text("build.displacement"), displacement);
        Node velocityRow = row(I18n.text("build.velocity"), velocity);
        displacementRow.visibleProperty().bind(perturbation.valueProperty().isNotEqualTo(Perturbation.NONE));
        displacementRow.managedProperty().bind(displacementRow.visibleProperty());
        velocityRow.visibleProperty().bind(displacementRow.visibleProperty());
        velocityRow.managedProperty().bind(velocityRow.visibleProperty());
        getChildren().addAll(nodesRow, sizeRow, pinsRow, kindsRow, restitutionRow,
                sphere, sphereRadiusRow, frictionRow,
                perturbationRow, displacementRow, velocityRow);
        getChildren().addAll(weather.rows());
        getChildren().addAll(apply, dropOnSphere, message);

        model.sceneValueProperty().addListener((obs, old, s) -> show());
        show();
    }

    /** Fills the controls from the model's present shape and shows the rows its scene uses. */
    private void show() {
        SceneFile f = model.sceneValueProperty().get();
        if (f == null) {
            return;
        }
        SceneSpec s = f.spec();
        SceneType type = f.type();
        nodes.setText(Integer.toString(s.nodes()));
        size.setText(Integer.toString(s.size()));
        pins.setValue(s.pins());
        structural.setSelected(s.structural());
        shear.setSelected(s.shear());
        bend.setSelected(s.bend());
        perturbation.setValue(s.perturbation());
        displacement.setText(number(s.displacement()));
        velocity.setText(number(s.velocity()));
        restitution.setText(number(s.restitution()));
        sphere.setSelected(s.obstacle().kind() == ObstacleKind.SPHERE);
        sphereRadius.setText(number(s.obstacle().radius()));
        friction.setText(number(s.friction()));
        showIf(frictionRow, Key.FRICTION.appliesTo(type));
        showIf(nodesRow, Key.NODES.appliesTo(type));
        showIf(sizeRow, Key.SIZE.appliesTo(type));
        showIf(pinsRow, Key.PINS.appliesTo(type));
        showIf(restitutionRow, Key.RESTITUTION.appliesTo(type));
        showIf(kindsRow, Key.STRUCTURAL.appliesTo(type) || Key.SHEAR.appliesTo(type) || Key.BEND.appliesTo(type));
        showIf(structural, Key.STRUCTURAL.appliesTo(type));
        showIf(shear, Key.SHEAR.appliesTo(type));
        showIf(bend, Key.BEND.appliesTo(type));
        weather.show(s, type);
        message.setText("");
    }

    /** Rebuilds the scene with the controls' values, or says which value is refused. */
    private void apply() {
        try {
            int n = integer(nodes, "nodes");
            int edge = integer(size, "size");
            double d = real(displacement, "displacement");
            double u = real(velocity, "velocity");
            double e = real(restitution, "restitution");
            double radius = real(sphereRadius, "sphere-radius");
            double mu = real(friction, "friction");
            ObstacleKind obstacle = sphere.isSelected() ? ObstacleKind.SPHERE : ObstacleKind.NONE;
            SceneType type = model.sceneValueProperty().get().type();
            UnaryOperator<SceneSpec> weatherChange = weather.read(type);
            model.applyShape(spec -> {
                weatherChange.apply(spec);
                if (Key.RESTITUTION.appliesTo(type)) {
                    spec.restitution(e);
                }
                if (Key.FRICTION.appliesTo(type)) {
                    spec.friction(mu);
                }
                ObstacleSpec o = spec.obstacle().withKind(obstacle);
                spec.obstacle(obstacle == ObstacleKind.SPHERE ? o.withRadius(radius) : o);
                if (type == SceneType.CHAIN) {
                    spec.nodes(n);
                } else if (type != SceneType.SPRING) {
                    spec.size(edge);
                }
                return spec.pins(pins.getValue()).structural(structural.isSelected()).shear(shear.isSelected())
                        .bend(bend.isSelected()).perturbation(perturbation.getValue()).displacement(d).velocity(u);
            });
            message.setText(I18n.text("build.applied"));
        } catch (IllegalArgumentException e) {
            message.setText(I18n.text("build.refused", e.getMessage()));
        }
    }

    private static int integer(TextField f, String name) {
        try {
            return Integer.parseInt(f.getText().trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + ": must be a whole number, got '" + f.getText().trim() + "'", e);
        }
    }

    private static double real(TextField f, String name) {
        try {
            return Double.parseDouble(f.getText().trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + ": must be a number, got '" + f.getText().trim() + "'", e);
        }
    }

    private static String number(double v) {
        return String.format(Locale.ROOT, "%.6g", v).replaceAll("\\.?0+(e|$)", "$1");
    }

    private static void showIf(Node n, boolean on) {
        n.setVisible(on);
        n.setManaged(on);
    }

    private static Tooltip tip(String key) {
        Tooltip t = new Tooltip(I18n.text(key));
        t.setWrapText(true);
        t.setPrefWidth(360);
        return t;
    }

    private static TextField field(String id) {
        TextField f = new TextField();
        f.setId(id);
        f.setPrefColumnCount(6);
        return f;
    }

    private static Node row(String label, Node control) {
        Label l = new Label(label);
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox row = new HBox(6, l, gap, control);
        row.setAlignment(Pos.CENTER_LEFT);
        return row;
    }

    private static <T> void named(ComboBox<T> box, Function<T, String> name) {
        box.setConverter(new StringConverter<>() {
            @Override
            public String toString(T t) {
                return t == null ? "" : name.apply(t);
            }

            @Override
            public T fromString(String s) {
                throw new UnsupportedOperationException("not editable");
            }
        });
        box.setCellFactory(list -> new ListCell<>() {
            @Override
            protected void updateItem(T t, boolean empty) {
                super.updateItem(t, empty);
                setText(empty || t == null ? null : name.apply(t));
            }
        });
    }
}
