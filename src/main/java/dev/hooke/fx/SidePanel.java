package dev.hooke.fx;

import static dev.hooke.fx.Widgets.caption;
import static dev.hooke.fx.Widgets.converter;
import static dev.hooke.fx.Widgets.section;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.scene.Range;
import dev.hooke.core.scene.SceneFile;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.fx.chart.EnergyChart;
import dev.hooke.fx.controls.ParameterSlider;
import dev.hooke.fx.io.Exports;
import dev.hooke.fx.io.SceneFiles;
import dev.hooke.fx.model.WorkbenchModel;
import dev.hooke.fx.panel.ComparePanel;
import dev.hooke.fx.panel.IntegratorPanel;
import dev.hooke.fx.panel.ScenePanel;
import dev.hooke.fx.sim.Snapshot;
import dev.hooke.fx.view.ColourMap;
import dev.hooke.fx.view.SceneView;
import java.util.Locale;
import java.util.function.Consumer;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.ListCell;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.VBox;
import org.controlsfx.control.ToggleSwitch;

/**
 * The side panel on the right ({@code sidePanel}): the integrator with its stability limit and
 * settings, compare mode, the parameters' sliders (Δt with its limit marks, k_s, k_d, m, g, c),
 * the view's switches and colours, the scene and the exports. It is built again in the language in
 * use ({@link #build()}); the integrator and compare panels it holds follow the snapshots.
 */
final class SidePanel {

    private final WorkbenchModel model;
    private final SceneView view;
    private final EnergyChart chart;
    private final Exports exports;
    private final StatusBar status;
    private final Consumer<String> notice;
    private IntegratorPanel integratorPanel;
    private ComparePanel comparePanel;

    /**
     * @param model   the view model the controls are bound to
     * @param view    the scene view (its colour mode)
     * @param chart   the energy chart (its log scale)
     * @param exports the exports the panel's buttons start
     * @param status  the status bar, whose limit details and solver label the panel shows and fills
     * @param notice  shows the outcome of an export
     */
    SidePanel(WorkbenchModel model, SceneView view, EnergyChart chart, Exports exports, StatusBar status,
            Consumer<String> notice) {
        this.model = model;
        this.view = view;
        this.chart = chart;
        this.exports = exports;
        this.status = status;
        this.notice = notice;
    }

    /** Shows a snapshot in the integrator and compare panels. */
    void update(Snapshot s) {
        integratorPanel.update(s);
        comparePanel.update(s);
    }

    /** Builds the panel in the language in use, from the view model. */
    Node build() {
        ComboBox<IntegratorKind> integrator = new ComboBox<>();
        integrator.setId("integratorChoice");
        integrator.getItems().setAll(IntegratorKind.values());
        integrator.setConverter(converter(k -> Shortcuts.keyLabel(k) + "  " + Phrases.integrator(k)));
        integrator.setCellFactory(list -> new ListCell<>() {
            @Override
            protected void updateItem(IntegratorKind k, boolean empty) {
                super.updateItem(k, empty);
                setText(empty || k == null ? null : Shortcuts.keyLabel(k) + "  " + Phrases.integrator(k));
            }
        });
        integrator.valueProperty().bindBidirectional(model.integratorProperty());
        integrator.setMaxWidth(Double.MAX_VALUE);

        ParameterSlider ks = new ParameterSlider("ks", I18n.text("param.ks"), "N/m", model.stiffnessProperty(),
                1, 1e5, true, SceneSpec.STIFFNESS);
        ParameterSlider kd = new ParameterSlider("kd", I18n.text("param.kd"), "N·s/m", model.springDampingProperty(),
                0, 2, false, SceneSpec.DAMPING);
        ParameterSlider mass = new ParameterSlider("mass", I18n.text("param.mass"), "kg", model.massProperty(),
                1e-4, 10, true, SceneSpec.MASS);
        ParameterSlider dt = new ParameterSlider("dt", I18n.text("param.dt"), "s", model.dtProperty(),
                SceneFile.MIN_DT, SceneFile.MAX_DT, true, Range.positive(SceneFile.MIN_DT, SceneFile.MAX_DT, "s"));
        ParameterSlider gravity = new ParameterSlider("gravity", I18n.text("param.gravity"), "m/s²", model.gravityProperty(),
                0, 20, false, Range.upTo(SceneSpec.GRAVITY.max(), "m/s²"));
        ParameterSlider air = new ParameterSlider("airDamping", I18n.text("param.airDamping"), "N·s/m", model.airDampingProperty(),
                0, 1, false, SceneSpec.DAMPING);

        dt.addMark("naiveMark", I18n.text("param.mark.naive"), "mark-naive", model.naiveBoundProperty());
        dt.addMark("limitMark", I18n.text("param.mark.limit"), "mark-limit", model.limitProperty());

        ToggleSwitch wire = new ToggleSwitch(I18n.text("view.wireframe"));
        wire.setId("wireframeToggle");
        wire.selectedProperty().bindBidirectional(model.wireframeProperty());
        // a wireframe is a way of drawing a surface (the cloth): on a scene of springs it would do nothing
        wire.visibleProperty().bind(javafx.beans.binding.Bindings.createBooleanBinding(() -> {
            SceneFile f = model.sceneValueProperty().get();
            return f != null && f.type().recipe().isSurface();
        }, model.sceneValueProperty()));
        wire.managedProperty().bind(wire.visibleProperty());
        ToggleSwitch large = new ToggleSwitch(I18n.text("view.largeType"));
        large.setId("largeTypeToggle");
        large.selectedProperty().bindBidirectional(model.largeTypeProperty());

        integratorPanel = new IntegratorPanel(model, status.solverLabel());
        comparePanel = new ComparePanel(model);
        ToggleSwitch energyLog = new ToggleSwitch(I18n.text("view.energyLog"));
        energyLog.setId("energyLogToggle");
        energyLog.setTooltip(new Tooltip(I18n.text("view.energyLog.tooltip")));
        energyLog.setSelected(chart.isLogScale());      // the panel is built again on a change of language
        energyLog.selectedProperty().addListener((obs, was, on) -> chart.setLogScale(on));

        ComboBox<ColourMap.Mode> colours = new ComboBox<>();
        colours.setId("colourModeChoice");
        colours.getItems().setAll(ColourMap.Mode.values());
        colours.setConverter(converter(m -> I18n.text("view.colour." + m.name().toLowerCase(Locale.ROOT))));
        colours.setValue(view.colourMode());
        colours.valueProperty().addListener((obs, was, m) -> view.setColourMode(m));
        colours.setMaxWidth(Double.MAX_VALUE);

        VBox panel = new VBox(8,
                section(I18n.text("side.integrator")), integrator, status.limitDetail(), status.ratioDetail(),
                integratorPanel,
                section(I18n.text("side.compare")), comparePanel,
                section(I18n.text("side.parameters")), dt, ks, kd, mass, gravity, air,
                section(I18n.text("side.view")), wire, large, energyLog,
                caption(I18n.text("view.colour.caption")), colours,
                section(I18n.text("side.scene")), new ScenePanel(model),
                section(I18n.text("side.export")),
                exportButton("exportImageButton", "export.png", Exports.Kind.PNG),
                exportButton("exportParticlesButton", "export.particles", Exports.Kind.PARTICLES),
                exportButton("exportChartButton", "export.chart", Exports.Kind.CHART));
        panel.setPadding(new Insets(8, 16, 16, 16));
        panel.getStyleClass().add("side-panel");
        ScrollPane scroll = new ScrollPane(panel);
        scroll.setFitToWidth(true);
        scroll.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        scroll.setId("sidePanel");
        return scroll;
    }

    private Button exportButton(String id, String key, Exports.Kind kind) {
        Button b = new Button(I18n.text(key));
        b.setId(id);
        b.setTooltip(new Tooltip(I18n.text(key + ".tip")));
        b.setMaxWidth(Double.MAX_VALUE);
        b.setOnAction(e -> {
            SceneFiles.Outcome o = exports.export(kind);
            if (o != null) {
                notice.accept(o.message());
            }
        });
        return b;
    }
}
