package dev.hooke.fx;

import static dev.hooke.fx.Widgets.caption;
import static dev.hooke.fx.Widgets.converter;
import static dev.hooke.fx.Widgets.toggleClass;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.lesson.Readout;
import dev.hooke.core.scene.SceneFile;
import dev.hooke.core.scene.SceneType;
import dev.hooke.fx.chart.ChartsPane;
import dev.hooke.fx.chart.EnergyChart;
import dev.hooke.fx.chart.ModesWindow;
import dev.hooke.fx.controls.Numbers;
import dev.hooke.fx.controls.OneLineBar;
import dev.hooke.fx.io.Exports;
import dev.hooke.fx.io.SceneFiles;
import dev.hooke.fx.lesson.LessonPanel;
import dev.hooke.fx.lesson.LessonSession;
import dev.hooke.fx.model.WorkbenchModel;
import dev.hooke.fx.perf.PerformanceMonitor;
import dev.hooke.fx.sim.EnergySample;
import dev.hooke.fx.sim.SimulationRunner;
import dev.hooke.fx.sim.Snapshot;
import dev.hooke.fx.view.SceneView;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.animation.AnimationTimer;
import javafx.beans.InvalidationListener;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.MenuBar;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Separator;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.scene.shape.Polygon;
import javafx.scene.shape.Rectangle;
import javafx.scene.text.TextAlignment;
import javafx.stage.Stage;
import org.controlsfx.control.NotificationPane;

/**
 * The workbench window's content: a toolbar, the scene view with the explosion notification, the
 * energy chart, the side panel and the status bar. Every frame it renders the newest snapshot the
 * simulation thread published and adds the energy samples recorded since the last frame.
 *
 * <p>Its parts: the toolbar (here), the {@link SidePanel}, the {@link StatusBar}, the
 * {@link ExplosionBanner} over the view, the lesson panel and the charts. Keyboard
 * ({@link Shortcuts}): Space plays or pauses, S steps, R resets, the number keys pick the
 * integrator.
 */
public final class Workbench implements AutoCloseable {

    /** The speeds offered, in simulated seconds per wall-clock second. */
    static final List<Double> SPEEDS = List.of(0.1, 0.25, 0.5, 1.0, 2.0);

    private final SimulationRunner runner;
    private final WorkbenchModel model;
    private final SceneView view;
    private final EnergyChart chart = new EnergyChart();
    private final ChartsPane charts = new ChartsPane(chart);
    /** The status bar, with the limit's details the side panel shows. */
    private final StatusBar status = new StatusBar();
    /** Δt and the limit in big type over the view, in presenter mode. */
    private final Node presenterReadout;
    private final SidePanel sidePanel;
    /** The methods the charts draw, by lane (empty: the main system alone), and the language they were named in. */
    private java.util.List<IntegratorKind> chartsComparing = java.util.List.of();
    private Locale chartsLocale;
    private final ExplosionBanner banner;
    private final BorderPane root = new BorderPane();
    private final Button playButton = new Button();
    private final List<EnergySample> batch = new ArrayList<>();

    private final AnimationTimer timer;
    private Settings settings;
    private final LessonPanel lessons;
    private final WorkbenchMenu menu;
    private final Exports exports;
    private final InvalidationListener relabel = o -> localize();
    /** The FX thread's time per pulse, and its readout over the view. */
    private final PerformanceMonitor performance = new PerformanceMonitor();
    private final ModesWindow modes = new ModesWindow(() -> root.getScene() == null ? null : root.getScene().getWindow(),
            () -> this.sideShown == null ? List.of() : java.util.Collections.singletonList(this.sideShown.localToScreen(
                    this.sideShown.getLayoutBounds())), this::engineState);
    /** The simulation's positions, velocities and time, copied on its own thread (a mode's energy). */
    private java.util.concurrent.CompletableFuture<double[][]> engineState() {
        return runner.query(sim -> new double[][] {sim.system().x.clone(), sim.system().v.clone(), {sim.time()}});
    }

    /** The eigen-analysis step whose fastest mode the view animates, and whether it chose it. */
    private Object modeAnimatedFor;
    private boolean modeChosenForStep;
    /** The lesson step that last opened the Modes window. */
    private Object modesOpenedFor;
    /** Whether the view draws a mode chosen in the Modes window instead of the live state. */
    private boolean modeShown;
    /** Whether the last frame showed a lesson's simulation (its controls are marked only then). */
    private boolean lessonShown;
    /** The timeline under the view: scrub, resume, fork. */
    private final TimelineBar timeline;
    private Snapshot shown;
    /** The view and timeline above the charts. */
    private final SplitPane centre;
    /** The centre, with the side panel's drawer over it in compact mode. */
    private final StackPane centreWithDrawer = new StackPane();
    /** The side panel as last built. */
    private Node sideShown;
    /** Opens the side panel's drawer (shown in compact mode only). */
    private final javafx.scene.control.ToggleButton drawerButton = new javafx.scene.control.ToggleButton();
    private boolean compact;
    /** The readouts hidden in the frame drawn last (predict mode). */
    private java.util.Set<Readout> hiddenShown = java.util.Set.of();

    /** Builds the window's content and starts the simulation thread (paused). */
    public Workbench(SceneFile initial) {
        runner = new SimulationRunner(initial);
        model = new WorkbenchModel(runner);
        view = SceneView.create(model.wireframeProperty());
        view.interactWith(runner);
        // a click in the view takes the keyboard from a field, so that Space plays again
        view.node().addEventFilter(javafx.scene.input.MouseEvent.MOUSE_PRESSED, e -> root.requestFocus());
        banner = new ExplosionBanner(view.node(), model, () -> lessons().showsItsSimulation(runner.latest()));

        presenterReadout = status.bigReadout(banner.pane().widthProperty());
        presenterReadout.setVisible(false);
        StackPane.setAlignment(presenterReadout, Pos.TOP_LEFT);
        StackPane.setMargin(presenterReadout, new javafx.geometry.Insets(12));
        StackPane viewWithReadout = new StackPane(banner.pane(), presenterReadout, performance.node());
        performance.attach(root);
        // In large type the charts keep a legible width (hooke.css): where the window is too
        // narrow for all of them side by side, they scroll instead of squeezing their labels.
        ScrollPane chartsScroll = new ScrollPane(charts);
        chartsScroll.setFitToWidth(true);
        chartsScroll.setFitToHeight(true);
        chartsScroll.setVbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        chartsScroll.setFocusTraversable(false);
        // the charts give way to the view: the divider, not their content, sets their height
        chartsScroll.setMinHeight(0);
        chartsScroll.setId("chartsScroll");
        chartsScroll.getStyleClass().add("charts-scroll");
        timeline = new TimelineBar(runner);
        VBox viewAndTimeline = new VBox(viewWithReadout, timeline.node());
        VBox.setVgrow(viewWithReadout, Priority.ALWAYS);
        viewWithReadout.setMinHeight(0);
        centre = new SplitPane(viewAndTimeline, chartsScroll);
        centre.setOrientation(Orientation.VERTICAL);
        centre.setDividerPositions(VIEW_SHARE);
        centreWithDrawer.getChildren().setAll(centre);
        centreWithDrawer.setMinSize(0, 0);
        // the layout's share holds as the window and its bars change size, until a person drags the divider
        centre.heightProperty().addListener(o -> keepShare());
        centre.addEventFilter(javafx.scene.input.MouseEvent.MOUSE_PRESSED, e -> {
            for (Node n = e.getPickResult().getIntersectedNode(); n != null && n != centre; n = n.getParent()) {
                if (n.getStyleClass().contains("split-pane-divider")) {
                    dividerDragged = true;
                }
            }
        });

        model.runningProperty().addListener((obs, was, running) -> showPlayState(running));
        model.largeTypeProperty().addListener((obs, was, on) -> toggleClass(root, "large-type", on));
        model.projectorColoursProperty().addListener((obs, was, on) -> toggleClass(root, "projector-colours", on));
        modes.largeTypeProperty().bind(model.largeTypeProperty());
        lessons = new LessonPanel(model, this::highlight);
        menu = new WorkbenchMenu(this);
        exports = new Exports(runner, view, chart,
                () -> root.getScene() == null ? null : root.getScene().getWindow());
        exports.setOnFinished(o -> notice(o.message()));
        sidePanel = new SidePanel(model, view, chart, exports, status, this::notice);
        root.setCenter(centreWithDrawer);
        root.widthProperty().addListener(o -> fitToWindow());
        model.largeTypeProperty().addListener(o -> fitToWindow());
        model.presenterProperty().addListener(o -> present());
        // a window leaving full screen (Esc) leaves presenter mode with it
        root.sceneProperty().addListener((o, was, scene) -> {
            if (scene != null) {
                scene.windowProperty().addListener((w, old, window) -> watchFullScreen(window));
                watchFullScreen(scene.getWindow());
            }
        });
        drawerButton.selectedProperty().addListener(o -> showSidePanel());
        root.setBottom(status.node());
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

    /** Shows the energy chart on a log scale or not, and colours the view by {@code mode}; the side panel follows. */
    public void showView(boolean energyLog, dev.hooke.fx.view.ColourMap.Mode mode) {
        if (chart.isLogScale() == energyLog && view.colourMode() == mode) {
            return;             // as shown: the panels need not be built again
        }
        chart.setLogScale(energyLog);
        view.setColourMode(mode);
        layoutPanels();
    }

    /** The settings View › Reset settings forgets (null: none are kept, as in tests). */
    public void setSettings(Settings s) {
        settings = s;
    }

    /** View › Reset settings: forgets the kept settings and shows the view as on a first start. */
    void resetSettings() {
        if (settings != null) {
            settings.reset();
        }
        model.largeTypeProperty().set(false);
        model.predictModeProperty().set(true);
        model.presenterProperty().set(false);
        model.projectorColoursProperty().set(false);
        showView(false, dev.hooke.fx.view.ColourMap.Mode.NONE);
    }

    /** Builds the menu bar, the toolbar and the side panel in the language in use. */
    private void layoutPanels() {
        root.setTop(new VBox(menuRow(), toolbar()));
        sideShown = sidePanel.build();
        placeSidePanel();
        highlight(lessons.highlightedControls());
    }

    /** The share of the centre's height the view and the timeline take above the charts, by layout. */
    private static final double VIEW_SHARE = 0.68;
    private static final double VIEW_SHARE_COMPACT = 0.74;
    private static final double VIEW_SHARE_LARGE = 0.8;
    private static final double VIEW_SHARE_PRESENTER = 0.82;
    /**
     * Below this width (px) the side panel is a drawer over the view's right side and the charts a
     * strip of one chart with tabs: beside a side panel the view would keep too little of the window.
     */
    public static final double COMPACT_WIDTH = 1500;
    /** {@link #COMPACT_WIDTH} in large type: the side panel's 25 em are 500 px there, not 325. */
    public static final double COMPACT_WIDTH_LARGE = 2300;

    /**
     * Lays the window out for its width and type size, so that the simulation is the biggest thing
     * on the screen: below {@link #COMPACT_WIDTH} ({@link #COMPACT_WIDTH_LARGE} in large type) the side panel is a drawer (the toolbar's
     * Controls button, or F2, opens it) and the charts one strip; in large type the charts give the
     * view more of the height.
     */
    private void fitToWindow() {
        boolean large = model.largeTypeProperty().get();
        boolean presenting = model.presenterProperty().get();
        boolean next = presenting
                || root.getWidth() > 0 && root.getWidth() < (large ? COMPACT_WIDTH_LARGE : COMPACT_WIDTH);
        double share = presenting ? VIEW_SHARE_PRESENTER
                : large ? VIEW_SHARE_LARGE : next ? VIEW_SHARE_COMPACT : VIEW_SHARE;
        if (next != compact) {
            compact = next;
            charts.setSingle(compact);
            placeSidePanel();
        }
        if (share != laidOutShare) {
            // a new layout: its own share, whatever the divider was dragged to before
            laidOutShare = share;
            dividerDragged = false;
        }
        keepShare();
    }

    /**
     * Presenter mode's readout in the view's top left corner, or in its bottom left corner while
     * an explosion banner is up: the banners come down from the top and the class reads both.
     */
    private void placeReadout() {
        Pos where = banner.showing() ? Pos.BOTTOM_LEFT : Pos.TOP_LEFT;
        if (StackPane.getAlignment(presenterReadout) != where) {
            StackPane.setAlignment(presenterReadout, where);
        }
    }

    /**
     * Presenter mode on or off (View › Presenter, F5): full screen; the compact layout, its
     * drawer closed; the timeline away (as in a lesson: {@link #frame}); Δt and the limit in big type over the view.
     */
    private void present() {
        boolean on = model.presenterProperty().get();
        if (on) {
            drawerButton.setSelected(false);
        }
        presenterReadout.setVisible(on);
        fitToWindow();
        if (root.getScene() != null && root.getScene().getWindow() instanceof Stage stage
                && stage.isShowing() && stage.isFullScreen() != on) {
            stage.setFullScreenExitHint(I18n.text("view.presenter.exitHint"));
            stage.setFullScreen(on);
        }
    }

    /** The stage whose full-screen state is watched, so that leaving full screen leaves presenter mode. */
    private Stage watched;
    private final javafx.beans.value.ChangeListener<Boolean> fullScreenLeft = (o, was, full) -> fullScreen(full);

    private void fullScreen(boolean full) {
        if (!full && model.presenterProperty().get()) {
            model.presenterProperty().set(false);
        }
    }
    private final javafx.beans.value.ChangeListener<Boolean> shownOnce = (o, was, showing) -> {
        if (showing) {
            present();          // presenter mode remembered from the last start
        }
    };

    private void watchFullScreen(javafx.stage.Window window) {
        if (watched != null) {
            watched.fullScreenProperty().removeListener(fullScreenLeft);
            watched.showingProperty().removeListener(shownOnce);
        }
        watched = window instanceof Stage st ? st : null;
        if (watched != null) {
            watched.fullScreenProperty().addListener(fullScreenLeft);
            watched.showingProperty().addListener(shownOnce);
            if (watched.isShowing()) {
                present();
            }
        }
    }

    /** The view's share of the centre last set by the layout. */
    private double laidOutShare = VIEW_SHARE;
    /** Whether a person has dragged the divider since the layout last set it. */
    private boolean dividerDragged;

    /** Puts the divider at the layout's share, unless a person has moved it. */
    private void keepShare() {
        if (!dividerDragged && Math.abs(centre.getDividerPositions()[0] - laidOutShare) > 1e-6) {
            centre.setDividerPositions(laidOutShare);
        }
    }

    /** Puts the side panel on the right, or into the drawer over the view in compact mode. */
    private void placeSidePanel() {
        if (sideShown == null) {
            return;
        }
        drawerButton.setVisible(compact);
        drawerButton.setManaged(compact);
        if (compact) {
            root.setRight(null);
            StackPane.setAlignment(sideShown, Pos.TOP_RIGHT);
            if (sideShown instanceof Region r) {
                r.setMaxWidth(Region.USE_PREF_SIZE);
            }
            centreWithDrawer.getChildren().setAll(centre, sideShown);
        } else {
            centreWithDrawer.getChildren().setAll(centre);
            root.setRight(sideShown);
        }
        showSidePanel();
    }

    /** Shows the side panel: always beside the view, in compact mode while its drawer is open. */
    private void showSidePanel() {
        if (sideShown != null) {
            sideShown.setVisible(!compact || drawerButton.isSelected());
        }
    }

    /** Opens or closes the side panel's drawer (compact mode; F2). */
    void toggleDrawer() {
        if (compact) {
            drawerButton.setSelected(!drawerButton.isSelected());
        }
    }

    /** Whether the window is laid out compact: the side panel a drawer, the charts one strip. */
    public boolean isCompact() {
        return compact;
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
        status.localize();
        lessons.localize();
        performance.localize();
        modes.localize();
        timeline.localize();
        status.showFps();
        Snapshot s = runner.latest();
        status.show(s, hiddenShown);
        banner.build();
        banner.show(s);
        placeReadout();
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

    /** The space between two of the toolbar's items; in px. */
    private static final double TOOLBAR_GAP = 10;

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

        drawerButton.setText(I18n.text("toolbar.drawer"));
        drawerButton.setId("drawerButton");
        drawerButton.setTooltip(new Tooltip(I18n.text("toolbar.drawer.tip")));     // shown by placeSidePanel
        Node sceneCaption = caption(I18n.text("toolbar.scene"));
        Node speedCaption = caption(I18n.text("toolbar.speed"));
        Separator first = new Separator(Orientation.VERTICAL);
        Separator second = new Separator(Orientation.VERTICAL);
        // one line whatever the width: the captions give way first, then the separators, the speed
        // and Reset view; the run's own buttons and the scene stay
        OneLineBar bar = new OneLineBar(TOOLBAR_GAP,
                List.of(playButton, step, reset, drawerButton, first, sceneCaption, scene, speedCaption, speed,
                        second, resetView),
                List.of(playButton, step, reset, drawerButton, scene, resetView, speed, first, second, sceneCaption,
                        speedCaption));
        bar.setId("toolbar");
        return bar;
    }

    /**
     * The menus, and the keyboard shortcuts on the right of their row. The hint sat at the end of
     * the tool bar, where in large type the buttons left it no room and the tool bar hid it behind
     * "»"; the menus leave room, and where they leave too little it wraps.
     */
    private Node menuRow() {
        MenuBar bar = menu.build();
        Label keys = new Label(I18n.text("toolbar.keys", Shortcuts.integratorKeys()));
        keys.setId("keyHint");
        keys.getStyleClass().add("key-hint");
        keys.setWrapText(true);
        keys.setMinWidth(0);
        keys.setTextAlignment(TextAlignment.RIGHT);
        HBox.setHgrow(bar, Priority.ALWAYS);
        HBox row = new HBox(bar, keys);
        row.setAlignment(Pos.CENTER_LEFT);
        row.getStyleClass().add("menu-row");
        return row;
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


    // ------------------------------------------------------------------ frames

    /**
     * One frame: every view shows the newest snapshot (a lesson's simulation too: the lesson drives
     * the same runner), and the charts take the samples recorded since the last frame; a sample
     * of a newer generation clears what a chart holds.
     */
    private void frame(long now) {
        performance.begin();
        Snapshot s = runner.latest();
        boolean lesson = lessons.showsItsSimulation(s);
        if (lesson != lessonShown) {
            lessonShown = lesson;
            highlight(lessons.highlightedControls());
        }
        timeline.setAvailable(!lesson && !model.presenterProperty().get());
        charts.focus(lesson ? lessons.charts() : java.util.Set.of());
        charts.showSweep(lesson ? lessons.sweepShown() : null);
        charts.setWindow(lesson ? lessons.chartSeconds() : Double.NaN);
        java.util.Set<Readout> hidden = lessons.hiddenReadouts(s);
        if (!hidden.equals(hiddenShown)) {
            hiddenShown = hidden;
            model.hide(hidden);
            charts.setHidden(hidden);
            status.show(s, hidden);
        }
        if (s != shown) {
            shown = s;
            model.accept(s);
            view.update(s);
            status.show(s, hidden);
            banner.show(s);
            placeReadout();
            status.showNotice(s);
            sidePanel.update(s);
            timeline.show(s);
            charts.energy().setWindy(s.topology().hasWind());
            showCompareInCharts(s);
            charts.showSolver(s.integrator().isImplicit()
                    || (s.compare() != null && s.compare().integrator().isImplicit()));
        }
        // a lesson step with "chart: modes" opens the Modes window once (the class may close it again)
        Object modesStep = lessons.modesStep();
        if (modesStep != null && modesStep != modesOpenedFor) {
            modes.shownProperty().set(true);
        }
        modesOpenedFor = modesStep;
        // an eigen-analysis step that has run animates the fastest mode it found in the view
        Object animate = lesson ? lessons.modeToAnimate() : null;
        if (animate != modeAnimatedFor) {
            if (modeAnimatedFor != null && modeChosenForStep) {
                modes.choose(-1);
            }
            modeAnimatedFor = animate;
            modeChosenForStep = false;
            if (animate != null) {
                modes.shownProperty().set(true);
            }
        }
        modes.update(s, hidden);
        if (animate != null && !modeChosenForStep && modes.result() != null && modes.chosenMode() < 0) {
            modes.choose(0);
            modeChosenForStep = true;
        }
        // a mode chosen in the Modes window is drawn over the live state, which the runner keeps stepping
        Snapshot mode = modes.overlay(s, now);
        if (mode != null) {
            view.update(mode);
            modeShown = true;
        } else if (modeShown) {
            view.update(s);
            modeShown = false;
        }
        batch.clear();
        runner.drainSamples(batch);
        charts.add(batch, s.generation(), s.time(), now);
        status.countFrame(now);
        performance.pulse(now, s);
    }

    /**
     * Names the compared systems in the charts: compare mode's two, or every run of a lesson's
     * comparison (the view draws its first two).
     */
    private void showCompareInCharts(Snapshot s) {
        java.util.List<IntegratorKind> kinds = new java.util.ArrayList<>();
        LessonSession session = lessons.session();
        java.util.List<IntegratorKind> lesson = lessons.showsItsSimulation(s) ? session.compared() : java.util.List.of();
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
            names.add(k < 2 ? I18n.text(k == 0 ? "compare.name.a" : "compare.name.b", Phrases.integrator(kinds.get(k)))
                    : I18n.text("compare.name.n", String.valueOf((char) ('A' + k)), Phrases.integrator(kinds.get(k))));
        }
        charts.setCompare(names);
    }


    /** Installs the keyboard shortcuts on a scene. */
    public void installShortcuts(Scene scene) {
        Shortcuts.install(scene, model, lessons, view::showHelp, this::toggleDrawer);
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
    public ModesWindow modes() {
        return modes;
    }

    /** The performance readout. */
    public PerformanceMonitor performance() {
        return performance;
    }

    /** The charts below the view. */
    public ChartsPane charts() {
        return charts;
    }

    public NotificationPane notificationPane() {
        return banner.pane();
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
        status.notice(message);
    }

    /** The lesson panel. */
    public LessonPanel lessons() {
        return lessons;
    }

    /** Stops the frame timer and the simulation thread, and closes the Modes window. */
    @Override
    public void close() {
        I18n.localeProperty().removeListener(relabel);
        modes.shownProperty().set(false);
        lessons.close();
        timer.stop();
        runner.close();
    }
}
