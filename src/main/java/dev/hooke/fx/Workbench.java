package dev.hooke.fx;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.scene.SceneFile;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.sim.ExplosionReport;
import dev.hooke.core.stability.StabilityLimit;
import dev.hooke.fx.chart.ChartsPane;
import dev.hooke.fx.chart.EnergyChart;
import dev.hooke.fx.controls.Numbers;
import dev.hooke.fx.controls.ParameterSlider;
import dev.hooke.fx.controls.ParameterSlider.Validity;
import dev.hooke.fx.io.Exports;
import dev.hooke.fx.io.SceneFiles;
import dev.hooke.fx.lesson.LessonPanel;
import dev.hooke.fx.lesson.LessonSession;
import dev.hooke.fx.model.WorkbenchModel;
import dev.hooke.fx.panel.ComparePanel;
import dev.hooke.fx.panel.IntegratorPanel;
import dev.hooke.fx.panel.ScenePanel;
import dev.hooke.fx.perf.PerformanceMonitor;
import dev.hooke.fx.sim.EnergySample;
import dev.hooke.fx.sim.SimulationRunner;
import dev.hooke.fx.sim.Snapshot;
import dev.hooke.fx.view.ColourMap;
import dev.hooke.fx.view.SceneView;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import javafx.animation.AnimationTimer;
import javafx.beans.InvalidationListener;
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
import javafx.scene.layout.StackPane;
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
    /** The narrowest the explosion message gets, whatever the view's width; in px. */
    private static final double EXPLOSION_MESSAGE_MIN_WIDTH = 320;

    private final SimulationRunner runner;
    private final WorkbenchModel model;
    private final SceneView view;
    private final EnergyChart chart = new EnergyChart();
    private final ChartsPane charts = new ChartsPane(chart);
    private IntegratorPanel integratorPanel;
    /** The status bar's solver statistics, written by the integrator panel. */
    private final Label solverStatusLabel = new Label();
    private ComparePanel comparePanel;
    /** The methods the charts draw, by lane (empty: the main system alone), and the language they were named in. */
    private java.util.List<IntegratorKind> chartsComparing = java.util.List.of();
    private Locale chartsLocale;
    private final NotificationPane notificationPane;
    private final BorderPane root = new BorderPane();
    private final Button playButton = new Button();
    private final List<EnergySample> batch = new ArrayList<>();
    /** The explosion banner's one message label and its two actions, made once; their content changes. */
    private final Label explosionMessage = new Label();
    private Action explosionReset;
    private Action explosionHalve;

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
    private final LessonPanel lessons;
    private final WorkbenchMenu menu;
    private final Exports exports;
    private final InvalidationListener relabel = o -> localize();
    /** The FX thread's time per pulse, and its readout over the view. */
    private final PerformanceMonitor performance = new PerformanceMonitor();
    private Snapshot shown;
    /** The generation and language the banner's message was written for (−1: none shown). */
    private int explosionShownFor = -1;
    private Locale explosionLocale;
    private long noticeShown;
    private long fpsWindowStart;
    private int fpsFrames;
    private double fps;

    /** Builds the window's content and starts the simulation thread (paused). */
    public Workbench(SceneFile initial) {
        runner = new SimulationRunner(initial);
        model = new WorkbenchModel(runner);
        view = SceneView.create(model.wireframeProperty());
        view.interactWith(runner);
        notificationPane = new NotificationPane(view.node());
        notificationPane.setId("explosionPane");
        notificationPane.setShowFromTop(true);
        notificationPane.setCloseButtonVisible(false);
        notificationPane.getStyleClass().add("explosion-pane");
        buildExplosionBanner();

        StackPane viewWithReadout = new StackPane(notificationPane, performance.node());
        performance.attach(root);
        SplitPane centre = new SplitPane(viewWithReadout, charts);
        centre.setOrientation(Orientation.VERTICAL);
        centre.setDividerPositions(0.68);
        SplitPane.setResizableWithParent(charts, false);

        model.runningProperty().addListener((obs, was, running) -> showPlayState(running));
        model.largeTypeProperty().addListener((obs, was, on) -> toggleClass(root, "large-type", on));
        lessons = new LessonPanel(model, this::highlight);
        menu = new WorkbenchMenu(this);
        exports = new Exports(runner, view, chart,
                () -> root.getScene() == null ? null : root.getScene().getWindow());
        exports.setOnFinished(o -> notice(o.message()));
        root.setCenter(centre);
        root.setBottom(statusBar());
        root.getStyleClass().add("workbench");
        root.getStylesheets().add(Workbench.class.getResource("hooke.css").toExternalForm());
        layoutPanels();
        I18n.localeProperty().addListener(relabel);
        lessons.shownProperty().addListener(o -> root.setLeft(lessons.shownProperty().get() ? lessons.node() : null));

        timer = new AnimationTimer() {
            @Override
            public void handle(long now) {
                frame(now);
            }
        };
        timer.start();
    }

    // ------------------------------------------------------------------ layout

    /** Builds the menu bar, the toolbar and the side panel in the language in use. */
    private void layoutPanels() {
        root.setTop(new VBox(menu.build(), toolbar()));
        root.setRight(sidePanel());
        highlight(lessons.highlightedControls());
    }

    /**
     * Shows every text in the language in use: the panels are built again from the view model
     * (the simulation keeps running, its state untouched), the dynamic texts are written anew.
     */
    private void localize() {
        layoutPanels();
        chart.localize();
        charts.localize();
        view.localize();
        lessons.localize();
        performance.localize();
        fpsLabel.setText(I18n.text("status.fps", String.format(Locale.ROOT, "%.0f", fps)));
        Snapshot s = runner.latest();
        showStatus(s);
        buildExplosionBanner();
        explosionShownFor = -1;
        showExplosion(s);
        showCompareInCharts(s);
    }

    /** Marks the controls with the given ids (a lesson step uses them) and unmarks the others. */
    private void highlight(java.util.Set<String> ids) {
        for (String id : LessonPanel.CONTROL_IDS) {
            Node n = root.lookup("#" + id);
            if (n != null) {
                toggleClass(n, "lesson-highlight", ids.contains(id));
            }
        }
    }

    private Node toolbar() {
        playButton.setId("playButton");
        playButton.setOnAction(e -> model.togglePlay());
        playButton.setTooltip(new Tooltip(I18n.text("toolbar.play.tip")));
        playButton.setMinWidth(Region.USE_PREF_SIZE);
        showPlayState(model.runningProperty().get());

        Button step = new Button(I18n.text("toolbar.step"));
        step.setId("stepButton");
        step.setTooltip(new Tooltip(I18n.text("toolbar.step.tip")));
        step.setOnAction(e -> model.step());
        Button reset = new Button(I18n.text("toolbar.reset"));
        reset.setId("resetButton");
        reset.setTooltip(new Tooltip(I18n.text("toolbar.reset.tip")));
        reset.setOnAction(e -> model.reset());

        ComboBox<SceneType> scene = new ComboBox<>();
        scene.setId("sceneChoice");
        scene.getItems().setAll(SceneType.values());
        scene.setConverter(converter(Phrases::scene));
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
        speed.setTooltip(new Tooltip(I18n.text("toolbar.speed.tip")));

        Button resetView = new Button(I18n.text("toolbar.resetView"));
        resetView.setId("resetViewButton");
        resetView.setOnAction(e -> view.resetView());

        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        Label keys = new Label(I18n.text("toolbar.keys", integratorKeys()));
        keys.getStyleClass().add("key-hint");

        ToolBar bar = new ToolBar(playButton, step, reset, new Separator(Orientation.VERTICAL),
                caption(I18n.text("toolbar.scene")), scene, caption(I18n.text("toolbar.speed")), speed, new Separator(Orientation.VERTICAL), resetView,
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
            playButton.setText(I18n.text("toolbar.pause"));
        } else {
            Polygon triangle = new Polygon(0, 0, 14, 8, 0, 16);
            triangle.getStyleClass().add("play-icon-shape");
            playButton.setGraphic(triangle);
            playButton.setText(I18n.text("toolbar.play"));
        }
    }

    private Node sidePanel() {
        ComboBox<IntegratorKind> integrator = new ComboBox<>();
        integrator.setId("integratorChoice");
        integrator.getItems().setAll(IntegratorKind.values());
        integrator.setConverter(converter(k -> keyLabel(k) + "  " + Phrases.integrator(k)));
        integrator.setCellFactory(list -> new ListCell<>() {
            @Override
            protected void updateItem(IntegratorKind k, boolean empty) {
                super.updateItem(k, empty);
                setText(empty || k == null ? null : keyLabel(k) + "  " + Phrases.integrator(k));
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

        ParameterSlider ks = new ParameterSlider("ks", I18n.text("param.ks"), "N/m", model.stiffnessProperty(),
                1, 1e5, true, Validity.nonNegative(1e9));
        ParameterSlider kd = new ParameterSlider("kd", I18n.text("param.kd"), "N·s/m", model.springDampingProperty(),
                0, 2, false, Validity.nonNegative(1e6));
        ParameterSlider mass = new ParameterSlider("mass", I18n.text("param.mass"), "kg", model.massProperty(),
                1e-4, 10, true, Validity.positive(1e6));
        ParameterSlider dt = new ParameterSlider("dt", I18n.text("param.dt"), "s", model.dtProperty(),
                SceneFile.MIN_DT, SceneFile.MAX_DT, true, new Validity(SceneFile.MIN_DT, false, SceneFile.MAX_DT));
        ParameterSlider gravity = new ParameterSlider("gravity", I18n.text("param.gravity"), "m/s²", model.gravityProperty(),
                0, 20, false, Validity.nonNegative(1e3));
        ParameterSlider air = new ParameterSlider("airDamping", I18n.text("param.airDamping"), "N·s/m", model.airDampingProperty(),
                0, 1, false, Validity.nonNegative(1e6));

        dt.addMark("naiveMark", I18n.text("param.mark.naive"), "mark-naive", model.naiveBoundProperty());
        dt.addMark("limitMark", I18n.text("param.mark.limit"), "mark-limit", model.limitProperty());

        ToggleSwitch wire = new ToggleSwitch(I18n.text("view.wireframe"));
        wire.setId("wireframeToggle");
        wire.selectedProperty().bindBidirectional(model.wireframeProperty());
        ToggleSwitch large = new ToggleSwitch(I18n.text("view.largeType"));
        large.setId("largeTypeToggle");
        large.selectedProperty().bindBidirectional(model.largeTypeProperty());

        integratorPanel = new IntegratorPanel(model, solverStatusLabel);
        comparePanel = new ComparePanel(model);
        ToggleSwitch energyLog = new ToggleSwitch(I18n.text("view.energyLog"));
        energyLog.setId("energyLogToggle");
        energyLog.selectedProperty().addListener((obs, was, on) -> chart.setLogScale(on));

        ComboBox<ColourMap.Mode> colours = new ComboBox<>();
        colours.setId("colourModeChoice");
        colours.getItems().setAll(ColourMap.Mode.values());
        colours.setConverter(converter(m -> I18n.text("view.colour." + m.name().toLowerCase(Locale.ROOT))));
        colours.setValue(view.colourMode());
        colours.valueProperty().addListener((obs, was, m) -> view.setColourMode(m));
        colours.setMaxWidth(Double.MAX_VALUE);

        VBox panel = new VBox(8,
                section(I18n.text("side.integrator")), integrator, limitDetail, ratioDetail, integratorPanel,
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
                notice(o.message());
            }
        });
        return b;
    }

    private Node statusBar() {
        FlowPane bar = new FlowPane(22, 2, timeLabel, stepsLabel, dtLabel, limitLabel, naiveLabel, rateLabel, fpsLabel,
                solverStatusLabel, noticeLabel);
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

    /**
     * One frame: every view shows the newest snapshot (a lesson's simulation too: the lesson drives
     * the same runner), and the charts take the samples recorded since the last frame; a sample
     * of a newer generation clears what a chart holds.
     */
    private void frame(long now) {
        performance.begin();
        LessonSession session = lessons.session();
        charts.focus(session != null ? lessons.charts() : java.util.Set.of());
        charts.showSweep(session != null ? lessons.sweepShown() : null);
        Snapshot s = runner.latest();
        if (s != shown) {
            shown = s;
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
        performance.pulse(now, s);
    }

    /**
     * Names the compared systems in the charts: compare mode's two, or every run of a lesson's
     * comparison (the view draws its first two).
     */
    private void showCompareInCharts(Snapshot s) {
        java.util.List<IntegratorKind> kinds = new java.util.ArrayList<>();
        LessonSession session = lessons.session();
        java.util.List<IntegratorKind> lesson = session == null ? java.util.List.of() : session.compared();
        if (lesson.size() > 2) {
            kinds.addAll(lesson);
        } else if (s.compare() != null) {
            kinds.add(s.integrator());
            kinds.add(s.compare().integrator());
        }
        if (kinds.equals(chartsComparing) && I18n.locale().equals(chartsLocale)) {
            return;
        }
        chartsComparing = java.util.List.copyOf(kinds);
        chartsLocale = I18n.locale();
        java.util.List<String> names = new java.util.ArrayList<>();
        for (int k = 0; k < kinds.size(); k++) {
            names.add(k < 2 ? I18n.text(k == 0 ? "compare.name.a" : "compare.name.b", kinds.get(k).displayName())
                    : I18n.text("compare.name.n", String.valueOf((char) ('A' + k)), kinds.get(k).displayName()));
        }
        charts.setCompare(names);
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
            fpsLabel.setText(I18n.text("status.fps", String.format(Locale.ROOT, "%.0f", fps)));
        }
    }

    private void showStatus(Snapshot s) {
        timeLabel.setText(I18n.text("status.time", String.format(Locale.ROOT, "%.3f", s.time())));
        stepsLabel.setText(I18n.text("status.steps", String.format(Locale.ROOT, "%,d", s.steps())));
        dtLabel.setText(I18n.text("status.dt", Numbers.format(s.dt())));
        // a limit computed for another method is not shown under this one's name
        StabilityLimit limit = s.limit() != null && s.limit().integrator() == s.integrator() ? s.limit() : null;
        String pending = s.limitCurrent() ? "" : I18n.text("status.updating");
        limitLabel.setText(limit == null ? I18n.text("status.limitComputing")
                : I18n.text("status.limit", Phrases.limit(limit), pending));
        naiveLabel.setText(Double.isNaN(s.naiveBound()) ? ""
                : I18n.text("status.naive", Numbers.format(s.naiveBound())));
        rateLabel.setText(I18n.text("status.rate", String.format(Locale.ROOT, "%,.0f", s.stepsPerSecond())));
        boolean above = s.dtAboveLimit();
        toggleClass(dtLabel, "above-limit", above);

        if (limit == null) {
            limitDetail.setText(I18n.text("detail.limitComputing"));
            ratioDetail.setText("");
        } else {
            limitDetail.setText(limit.unstableAtEveryDt()
                    ? I18n.text("detail.unstableLimit", Phrases.integrator(s.integrator()), Phrases.limit(limit))
                    : (limit.unlimited()
                            ? I18n.text("detail.unlimited", Phrases.integrator(s.integrator()), pending)
                            : I18n.text("detail.limit", Phrases.integrator(s.integrator()), Phrases.limit(limit), pending))
                    + (Double.isNaN(s.naiveBound()) ? "" : I18n.text("detail.naive", Numbers.format(s.naiveBound()))));
            if (limit.unlimited()) {
                ratioDetail.setText("");
            } else if (limit.unstableAtEveryDt()) {
                ratioDetail.setText(I18n.text("detail.unstable"));
            } else {
                ratioDetail.setText(I18n.text(above ? "detail.ratioAbove" : "detail.ratio",
                        percent(s.dt() / limit.dtMax())));
            }
        }
        toggleClass(ratioDetail, "above-limit", above || (limit != null && limit.unstableAtEveryDt()));
    }

    private static String percent(double ratio) {
        return ratio < 0.01 ? I18n.text("detail.under1") : String.format(Locale.ROOT, "%.0f %%", 100 * ratio);
    }

    private static void toggleClass(Node n, String cls, boolean on) {
        if (on && !n.getStyleClass().contains(cls)) {
            n.getStyleClass().add(cls);
        } else if (!on) {
            n.getStyleClass().remove(cls);
        }
    }

    /**
     * Makes the banner's content once: the message label and the two actions (Reset, Halve Δt).
     * The label's width follows the view's, never below {@value #EXPLOSION_MESSAGE_MIN_WIDTH} px,
     * so that it wraps into lines and the bar grows to show all of it.
     */
    private void buildExplosionBanner() {
        explosionReset = new Action(I18n.text("explosion.reset"), e -> model.resetAndPlay());
        explosionReset.getStyleClass().add("explosion-reset-action");
        explosionHalve = new Action(I18n.text("explosion.halve"), e -> model.halveDtAndReset());
        explosionHalve.getStyleClass().add("explosion-halve-action");
        explosionMessage.setId("explosionMessage");
        if (!explosionMessage.getStyleClass().contains("explosion-message")) {
            explosionMessage.getStyleClass().add("explosion-message");
        }
        explosionMessage.setWrapText(true);
        explosionMessage.setMinHeight(Region.USE_PREF_SIZE);
        explosionMessage.prefWidthProperty().unbind();
        explosionMessage.prefWidthProperty().bind(javafx.beans.binding.Bindings.createDoubleBinding(
                () -> Math.max(EXPLOSION_MESSAGE_MIN_WIDTH, notificationPane.getWidth()
                        - (notificationPane.getActions().isEmpty() ? 40 : EXPLOSION_ACTIONS_WIDTH)),
                notificationPane.widthProperty(), notificationPane.getActions()));
        explosionMessage.setMinWidth(EXPLOSION_MESSAGE_MIN_WIDTH);
        notificationPane.setText("");
        // in a VBox, the label's height is asked for at its own width: all lines count
        notificationPane.setGraphic(new VBox(explosionMessage));
        notificationPane.getActions().clear();
    }

    /**
     * The banner as the snapshot has it: shown while the main system has exploded, with the
     * message of this generation; its actions only when no lesson drives the runner (a lesson's
     * explosion is the lesson's to recover from).
     */
    private void showExplosion(Snapshot s) {
        ExplosionReport report = s.explosion();
        if (report == null) {
            explosionShownFor = -1;
            if (notificationPane.isShowing()) {
                notificationPane.hide();
            }
            return;
        }
        if (explosionShownFor != s.generation() || !I18n.locale().equals(explosionLocale)) {
            explosionShownFor = s.generation();
            explosionLocale = I18n.locale();
            explosionMessage.setText(Phrases.explosion(report));
        }
        boolean actions = !s.driven() && lessons.session() == null;
        if (actions && notificationPane.getActions().isEmpty()) {
            notificationPane.getActions().setAll(explosionReset, explosionHalve);
        } else if (!actions && !notificationPane.getActions().isEmpty()) {
            notificationPane.getActions().clear();
        }
        if (!notificationPane.isShowing()) {
            notificationPane.show();
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

    /** The most integrators that have a number key: 1 … 9, then 0 for the tenth. */
    private static final int NUMBER_KEYS = 10;

    /** The number key of the integrator at {@code index} (0-based), as a digit 1 … 9, 0. */
    private static int digitOf(int index) {
        return (index + 1) % NUMBER_KEYS;
    }

    /** The integrator's number key as shown beside its name, or "" when it has none. */
    private static String keyLabel(IntegratorKind k) {
        int index = k.index();
        return index >= 0 && index < NUMBER_KEYS ? Integer.toString(digitOf(index)) : "";
    }

    /** The number keys in the toolbar's hint: "1–7", or "1–9, 0" with ten integrators. */
    private static String integratorKeys() {
        int n = Math.min(NUMBER_KEYS, IntegratorKind.values().length);
        return n <= 9 ? "1–" + n : "1–9, 0";
    }

    /** The index of the integrator a number key picks (1 … 9, then 0 for the tenth), or −1. */
    private static int integratorKey(KeyCode code) {
        int n = IntegratorKind.values().length;
        for (int i = 0; i < n && i < NUMBER_KEYS; i++) {
            int digit = digitOf(i);
            if (code == KeyCode.valueOf("DIGIT" + digit) || code == KeyCode.valueOf("NUMPAD" + digit)) {
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

    /** The snapshot the window drew last: the view, the status bar and the panels show it (FX thread). */
    public Snapshot rendered() {
        return shown;
    }

    public EnergyChart chart() {
        return chart;
    }

    /** The FX thread's time per pulse and its readout. */
    public PerformanceMonitor performance() {
        return performance;
    }

    /** The charts below the view. */
    public ChartsPane charts() {
        return charts;
    }

    public NotificationPane notificationPane() {
        return notificationPane;
    }

    /** File › Open and Save. */
    public SceneFiles sceneFiles() {
        return menu.files();
    }

    /** The View section's exports (tests replace their file chooser). */
    public Exports exports() {
        return exports;
    }

    /** Shows a plain message in the status bar. */
    void notice(String message) {
        noticeLabel.setText(message);
    }

    /** The lesson panel. */
    public LessonPanel lessons() {
        return lessons;
    }

    /** Stops the frame timer and the simulation thread. */
    @Override
    public void close() {
        I18n.localeProperty().removeListener(relabel);
        lessons.close();
        timer.stop();
        runner.close();
    }
}
