package dev.hooke.fx;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.sim.ExplosionReport;
import dev.hooke.core.stability.StabilityLimit;
import dev.hooke.fx.chart.ChartsPane;
import dev.hooke.fx.chart.EnergyChart;
import dev.hooke.fx.controls.Numbers;
import dev.hooke.fx.controls.ParameterSlider;
import dev.hooke.fx.controls.ParameterSlider.Validity;
import dev.hooke.fx.model.WorkbenchModel;
import dev.hooke.fx.panel.ComparePanel;
import dev.hooke.fx.panel.IntegratorPanel;
import dev.hooke.fx.sim.EnergySample;
import dev.hooke.fx.sim.SceneSetup;
import dev.hooke.fx.sim.SimulationRunner;
import dev.hooke.fx.sim.Snapshot;
import dev.hooke.fx.view.SceneView;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import javafx.animation.AnimationTimer;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Separator;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextInputControl;
import javafx.scene.control.ToolBar;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.shape.Polygon;
import javafx.scene.shape.Rectangle;
import javafx.util.StringConverter;
import org.controlsfx.control.NotificationPane;
import org.controlsfx.control.ToggleSwitch;
import org.controlsfx.control.action.Action;

/**
 * The workbench window's content: a toolbar, the scene view with the explosion notification, the
 * energy chart, the side panel and the status bar. Every frame it renders the newest snapshot the
 * simulation thread published and adds the energy samples recorded since the last frame.
 *
 * <p>Keyboard: Space plays or pauses, S steps, R resets, 1 … 5 pick the integrator.
 */
public final class Workbench implements AutoCloseable {

    /** The speeds offered, in simulated seconds per wall-clock second. */
    static final List<Double> SPEEDS = List.of(0.1, 0.25, 0.5, 1.0, 2.0);
    /** The width the explosion notification keeps for its buttons; in px. */
    private static final double EXPLOSION_ACTIONS_WIDTH = 300;

    private final SimulationRunner runner;
    private final WorkbenchModel model;
    private final SceneView view;
    private final EnergyChart chart = new EnergyChart();
    private final ChartsPane charts = new ChartsPane(chart);
    private IntegratorPanel integratorPanel;
    private ComparePanel comparePanel;
    private IntegratorKind chartsComparing;
    private IntegratorKind shownPrimary;
    private boolean chartsCompareOn;
    private final NotificationPane notificationPane;
    private final BorderPane root = new BorderPane();
    private final Button playButton = new Button();
    private final List<EnergySample> batch = new ArrayList<>();

    private final Label timeLabel = statusLabel("timeLabel");
    private final Label stepsLabel = statusLabel("stepsLabel");
    private final Label dtLabel = statusLabel("dtLabel");
    private final Label limitLabel = statusLabel("limitLabel");
    private final Label naiveLabel = statusLabel("naiveLabel");
    private final Label rateLabel = statusLabel("stepsPerSecondLabel");
    private final Label fpsLabel = statusLabel("fpsLabel");
    private final Label noticeLabel = statusLabel("noticeLabel");
    private final Label limitDetail = new Label();
    private final Label ratioDetail = new Label();

    private final AnimationTimer timer;
    private long shownSequence = -1;
    private int explosionShownFor = -1;
    private long noticeShown;
    private long fpsWindowStart;
    private int fpsFrames;
    private double fps;

    /** Builds the window's content and starts the simulation thread (paused). */
    public Workbench(SceneSetup initial) {
        runner = new SimulationRunner(initial);
        model = new WorkbenchModel(runner, initial);
        view = SceneView.create(model.wireframeProperty());
        notificationPane = new NotificationPane(view.node());
        notificationPane.setId("explosionPane");
        notificationPane.setShowFromTop(true);
        notificationPane.setCloseButtonVisible(false);
        notificationPane.getStyleClass().add("explosion-pane");

        SplitPane centre = new SplitPane(notificationPane, charts);
        centre.setOrientation(Orientation.VERTICAL);
        centre.setDividerPositions(0.68);
        SplitPane.setResizableWithParent(charts, false);

        root.setTop(toolbar());
        root.setCenter(centre);
        root.setRight(sidePanel());
        root.setBottom(statusBar());
        root.getStyleClass().add("workbench");
        root.getStylesheets().add(Workbench.class.getResource("hooke.css").toExternalForm());

        timer = new AnimationTimer() {
            @Override
            public void handle(long now) {
                frame(now);
            }
        };
        timer.start();
    }

    // ------------------------------------------------------------------ layout

    private Node toolbar() {
        playButton.setId("playButton");
        playButton.setOnAction(e -> model.togglePlay());
        playButton.setTooltip(new Tooltip("Play or pause (Space)"));
        playButton.setMinWidth(Region.USE_PREF_SIZE);
        model.runningProperty().addListener((obs, was, running) -> showPlayState(running));
        showPlayState(false);

        Button step = new Button("Step");
        step.setId("stepButton");
        step.setTooltip(new Tooltip("One step of Δt (S)"));
        step.setOnAction(e -> model.step());
        Button reset = new Button("Reset");
        reset.setId("resetButton");
        reset.setTooltip(new Tooltip("Start the scene again with these parameters (R)"));
        reset.setOnAction(e -> model.reset());

        ComboBox<SceneType> scene = new ComboBox<>();
        scene.setId("sceneChoice");
        scene.getItems().setAll(SceneType.values());
        scene.setConverter(converter(Workbench::sceneName));
        scene.valueProperty().bindBidirectional(model.sceneProperty());

        ComboBox<Double> speed = new ComboBox<>();
        speed.setId("speedChoice");
        speed.getItems().setAll(SPEEDS);
        speed.setConverter(converter(v -> Numbers.format(v) + "×"));
        speed.setValue(model.speedProperty().get());
        speed.valueProperty().addListener((obs, old, v) -> {
            if (v != null) {
                model.speedProperty().set(v);
            }
        });
        speed.setTooltip(new Tooltip("Simulated seconds per second"));

        Button resetView = new Button("Reset view");
        resetView.setId("resetViewButton");
        resetView.setOnAction(e -> view.resetView());

        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        Label keys = new Label("Space play · S step · R reset · 1–5 integrator");
        keys.getStyleClass().add("key-hint");

        ToolBar bar = new ToolBar(playButton, step, reset, new Separator(Orientation.VERTICAL),
                caption("Scene"), scene, caption("Speed"), speed, new Separator(Orientation.VERTICAL), resetView,
                gap, keys);
        bar.setId("toolbar");
        return bar;
    }

    private void showPlayState(boolean running) {
        if (running) {
            Rectangle a = new Rectangle(5, 16);
            Rectangle b = new Rectangle(5, 16);
            HBox icon = new HBox(4, a, b);
            icon.getStyleClass().add("play-icon");
            playButton.setGraphic(icon);
            playButton.setText("Pause");
        } else {
            Polygon triangle = new Polygon(0, 0, 14, 8, 0, 16);
            triangle.getStyleClass().add("play-icon-shape");
            playButton.setGraphic(triangle);
            playButton.setText("Play");
        }
    }

    private Node sidePanel() {
        ComboBox<IntegratorKind> integrator = new ComboBox<>();
        integrator.setId("integratorChoice");
        integrator.getItems().setAll(IntegratorKind.values());
        integrator.setConverter(converter(k -> (k.ordinal() + 1) + "  " + k.displayName()));
        integrator.setCellFactory(list -> new ListCell<>() {
            @Override
            protected void updateItem(IntegratorKind k, boolean empty) {
                super.updateItem(k, empty);
                setText(empty || k == null ? null : (k.ordinal() + 1) + "  " + k.displayName());
            }
        });
        integrator.valueProperty().bindBidirectional(model.integratorProperty());
        integrator.setMaxWidth(Double.MAX_VALUE);
        limitDetail.setId("limitDetail");
        limitDetail.setWrapText(true);
        limitDetail.getStyleClass().add("detail");
        ratioDetail.setId("ratioDetail");
        ratioDetail.setWrapText(true);
        ratioDetail.getStyleClass().add("detail");

        ParameterSlider ks = new ParameterSlider("ks", "Stiffness k_s", "N/m", model.stiffnessProperty(),
                1, 1e5, true, Validity.nonNegative(1e9));
        ParameterSlider kd = new ParameterSlider("kd", "Spring damping k_d", "N·s/m", model.springDampingProperty(),
                0, 2, false, Validity.nonNegative(1e6));
        ParameterSlider mass = new ParameterSlider("mass", "Particle mass m", "kg", model.massProperty(),
                1e-4, 10, true, Validity.positive(1e6));
        ParameterSlider dt = new ParameterSlider("dt", "Time step Δt", "s", model.dtProperty(),
                1e-5, 0.5, true, Validity.positive(10));
        ParameterSlider gravity = new ParameterSlider("gravity", "Gravity g", "m/s²", model.gravityProperty(),
                0, 20, false, Validity.nonNegative(1e3));
        ParameterSlider air = new ParameterSlider("airDamping", "Air damping c", "N·s/m", model.airDampingProperty(),
                0, 1, false, Validity.nonNegative(1e6));

        dt.addMark("naiveMark", "2√(m/k)", "mark-naive", model.naiveBoundProperty());
        dt.addMark("limitMark", "limit", "mark-limit", model.limitProperty());

        ToggleSwitch wire = new ToggleSwitch("Cloth as wireframe");
        wire.setId("wireframeToggle");
        wire.selectedProperty().bindBidirectional(model.wireframeProperty());
        ToggleSwitch large = new ToggleSwitch("Large type (projector)");
        large.setId("largeTypeToggle");
        large.selectedProperty().bindBidirectional(model.largeTypeProperty());
        model.largeTypeProperty().addListener((obs, was, on) -> toggleClass(root, "large-type", on));

        integratorPanel = new IntegratorPanel(model);
        comparePanel = new ComparePanel(model);
        ToggleSwitch energyLog = new ToggleSwitch(I18n.text("ws.view.energyLog"));
        energyLog.setId("energyLogToggle");
        energyLog.selectedProperty().addListener((obs, was, on) -> chart.setLogScale(on));

        VBox panel = new VBox(8,
                section("Integrator"), integrator, limitDetail, ratioDetail, integratorPanel,
                section(I18n.text("ws.section.compare")), comparePanel,
                section("Parameters"), dt, ks, kd, mass, gravity, air,
                section("View"), wire, large, energyLog);
        panel.setPadding(new Insets(8, 16, 16, 16));
        panel.getStyleClass().add("side-panel");
        ScrollPane scroll = new ScrollPane(panel);
        scroll.setFitToWidth(true);
        scroll.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        scroll.setId("sidePanel");
        return scroll;
    }

    private Node statusBar() {
        FlowPane bar = new FlowPane(22, 2, timeLabel, stepsLabel, dtLabel, limitLabel, naiveLabel, rateLabel, fpsLabel,
                integratorPanel.statusLabel(), noticeLabel);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.getStyleClass().add("status-bar");
        bar.setId("statusBar");
        noticeLabel.getStyleClass().add("notice");
        return bar;
    }

    private static Label statusLabel(String id) {
        Label l = new Label();
        l.setId(id);
        l.setMinWidth(Region.USE_PREF_SIZE);
        return l;
    }

    private static Label caption(String text) {
        Label l = new Label(text);
        l.getStyleClass().add("caption");
        return l;
    }

    private static Label section(String text) {
        Label l = new Label(text);
        l.getStyleClass().add("section");
        l.setMaxWidth(Double.MAX_VALUE);
        return l;
    }

    static String sceneName(SceneType t) {
        return switch (t) {
            case SPRING -> "Spring";
            case CHAIN -> "Rope (chain)";
            case CLOTH -> "Cloth";
            case CUBE -> "Soft cube";
        };
    }

    private static <T> StringConverter<T> converter(Function<T, String> show) {
        return new StringConverter<>() {
            @Override
            public String toString(T value) {
                return value == null ? "" : show.apply(value);
            }

            @Override
            public T fromString(String s) {
                throw new UnsupportedOperationException("not editable");
            }
        };
    }

    // ------------------------------------------------------------------ frames

    private void frame(long now) {
        Snapshot s = runner.latest();
        if (s.sequence() != shownSequence) {
            shownSequence = s.sequence();
            model.accept(s);
            view.update(s);
            showStatus(s);
            showExplosion(s);
            showNotice(s);
            integratorPanel.update(s);
            comparePanel.update(s);
            showCompareInCharts(s);
            charts.showSolver(s.integrator().isImplicit()
                    || (s.compare() != null && s.compare().integrator().isImplicit()));
        }
        batch.clear();
        runner.drainSamples(batch);
        charts.add(batch);
        countFrame(now);
    }

    private void showCompareInCharts(Snapshot s) {
        boolean on = s.compare() != null;
        IntegratorKind a = s.integrator();
        IntegratorKind b = on ? s.compare().integrator() : null;
        if (on != chartsCompareOn || (on && (a != shownPrimary || b != chartsComparing))) {
            chartsCompareOn = on;
            shownPrimary = a;
            chartsComparing = b;
            charts.setCompare(on ? I18n.text("ws.compare.nameA", a.displayName()) : null,
                    on ? I18n.text("ws.compare.nameB", b.displayName()) : null);
        }
    }

    private void countFrame(long now) {
        if (fpsWindowStart == 0) {
            fpsWindowStart = now;
        }
        fpsFrames++;
        double elapsed = (now - fpsWindowStart) * 1e-9;
        if (elapsed >= 0.5) {
            fps = fpsFrames / elapsed;
            fpsFrames = 0;
            fpsWindowStart = now;
            fpsLabel.setText(String.format(Locale.ROOT, "%.0f frames/s", fps));
        }
    }

    private void showStatus(Snapshot s) {
        timeLabel.setText(String.format(Locale.ROOT, "t = %.3f s", s.time()));
        stepsLabel.setText(String.format(Locale.ROOT, "%,d steps", s.steps()));
        dtLabel.setText("Δt = " + Numbers.format(s.dt()) + " s");
        StabilityLimit limit = s.limit();
        String pending = s.limitCurrent() ? "" : " (updating…)";
        limitLabel.setText(limit == null ? "limit: computing…" : "limit " + limit.describe() + pending);
        naiveLabel.setText(Double.isNaN(s.naiveBound()) ? "" : "naive 2√(m/k) = " + Numbers.format(s.naiveBound()) + " s");
        rateLabel.setText(String.format(Locale.ROOT, "%,.0f steps/s", s.stepsPerSecond()));
        boolean above = s.dtAboveLimit();
        toggleClass(dtLabel, "above-limit", above);

        if (limit == null) {
            limitDetail.setText("Stability limit: computing…");
            ratioDetail.setText("");
        } else {
            limitDetail.setText(s.integrator().displayName() + " is stable for Δt below " + limit.describe() + pending
                    + (Double.isNaN(s.naiveBound()) ? "" : "; the naive bound 2√(m/k) is "
                    + Numbers.format(s.naiveBound()) + " s."));
            if (limit.unlimited()) {
                ratioDetail.setText("");
            } else if (limit.unstableAtEveryDt()) {
                ratioDetail.setText("Without damping its energy grows at every Δt.");
            } else {
                ratioDetail.setText(String.format(Locale.ROOT, "Δt is %s of the limit%s", percent(s.dt() / limit.dtMax()),
                        above ? ": it will explode." : "."));
            }
        }
        toggleClass(ratioDetail, "above-limit", above || (limit != null && limit.unstableAtEveryDt()));
    }

    private static String percent(double ratio) {
        return ratio < 0.01 ? "under 1 %" : String.format(Locale.ROOT, "%.0f %%", 100 * ratio);
    }

    private static void toggleClass(Node n, String cls, boolean on) {
        if (on && !n.getStyleClass().contains(cls)) {
            n.getStyleClass().add(cls);
        } else if (!on) {
            n.getStyleClass().remove(cls);
        }
    }

    private void showExplosion(Snapshot s) {
        ExplosionReport report = s.explosion();
        if (report != null && explosionShownFor != s.generation()) {
            explosionShownFor = s.generation();
            Action reset = new Action("Reset", e -> model.resetAndPlay());
            reset.getStyleClass().add("explosion-reset-action");
            Action halve = new Action("Halve Δt", e -> model.halveDtAndReset());
            halve.getStyleClass().add("explosion-halve-action");
            // the message is the bar's graphic, a label whose width is fixed so that it wraps and
            // the bar grows to show all of it (the bar's own text never wraps)
            Label message = new Label(report.message());
            message.setId("explosionMessage");
            message.getStyleClass().add("explosion-message");
            message.setWrapText(true);
            message.prefWidthProperty().bind(notificationPane.widthProperty().subtract(EXPLOSION_ACTIONS_WIDTH));
            message.setMinHeight(Region.USE_PREF_SIZE);
            // in a VBox, the label's height is asked for at its own width: all lines count
            notificationPane.show("", new VBox(message), reset, halve);
        } else if (report == null && notificationPane.isShowing()) {
            notificationPane.hide();
        }
    }

    private void showNotice(Snapshot s) {
        if (s.noticeSerial() != noticeShown) {
            noticeShown = s.noticeSerial();
            noticeLabel.setText(s.notice() == null ? "" : s.notice());
        }
    }

    // ------------------------------------------------------------------ keyboard

    /** Installs the keyboard shortcuts on a scene. */
    public void installShortcuts(Scene scene) {
        scene.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (scene.getFocusOwner() instanceof TextInputControl) {
                return;
            }
            KeyCode code = e.getCode();
            if (code == KeyCode.SPACE) {
                model.togglePlay();
            } else if (code == KeyCode.S) {
                model.step();
            } else if (code == KeyCode.R) {
                model.reset();
            } else if (integratorKey(code) >= 0) {
                model.integratorProperty().set(IntegratorKind.values()[integratorKey(code)]);
            } else {
                return;
            }
            e.consume();
        });
    }

    private static int integratorKey(KeyCode code) {
        int n = IntegratorKind.values().length;
        for (int i = 0; i < n && i < 9; i++) {
            if (code == KeyCode.valueOf("DIGIT" + (i + 1)) || code == KeyCode.valueOf("NUMPAD" + (i + 1))) {
                return i;
            }
        }
        return -1;
    }

    // ------------------------------------------------------------------ access

    /** The window's content. */
    public Parent root() {
        return root;
    }

    public WorkbenchModel model() {
        return model;
    }

    /** The simulation thread (tests read the engine through it). */
    public SimulationRunner runner() {
        return runner;
    }

    public SceneView view() {
        return view;
    }

    public EnergyChart chart() {
        return chart;
    }

    /** The charts below the view. */
    public ChartsPane charts() {
        return charts;
    }

    public NotificationPane notificationPane() {
        return notificationPane;
    }

    /** Stops the frame timer and the simulation thread. */
    @Override
    public void close() {
        timer.stop();
        runner.close();
    }
}
