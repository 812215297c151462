package dev.hooke.fx;

import static dev.hooke.fx.Widgets.caption;
import static dev.hooke.fx.Widgets.converter;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.integrate.Integrators;
import dev.hooke.core.scene.SceneFile;
import dev.hooke.fx.controls.Numbers;
import dev.hooke.fx.sim.EnergySample;
import dev.hooke.fx.sim.History;
import dev.hooke.fx.sim.SimulationRunner;
import dev.hooke.fx.sim.Snapshot;
import java.util.List;
import java.util.Locale;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.Region;

/**
 * The timeline under the view: a slider over the states the runner recorded
 * ({@link History}: the last {@value History#WINDOW_SECONDS} s), which scrubs back through them
 * while paused; the chosen state's t and energy E = K + U_el + U_g; <em>Resume from here</em>; and
 * <em>Fork here</em> with lane B's method and Δt (a factor of lane A's). Every view shows the
 * state chosen, since the runner's systems take it and the snapshots follow; the charts keep the
 * run until a resume or a fork starts a new generation at the chosen time.
 *
 * <p>Ids: {@code timelineBar}, {@code timelineSlider}, {@code timelineState}, {@code resumeHereButton},
 * {@code forkMethod}, {@code forkDt}, {@code forkHereButton}.
 */
final class TimelineBar {

    /** The factors lane B's Δt may be of lane A's. */
    static final List<Double> DT_FACTORS = List.of(0.25, 0.5, 1.0, 2.0, 4.0);

    private final SimulationRunner runner;
    private final Slider slider = new Slider(0, 1, 1);
    private final Label state = new Label();
    private final Button resume = new Button();
    private final ComboBox<IntegratorKind> method = new ComboBox<>();
    private final ComboBox<Double> dtFactor = new ComboBox<>();
    private final Button fork = new Button();
    private final Label caption = caption("");
    private final Label methodCaption = caption("");
    private final Label dtCaption = caption("");
    private final FlowPane bar;
    /** Whether the slider is being set from a snapshot (its moves are then not the user's). */
    private boolean showing;
    private Snapshot shown;

    TimelineBar(SimulationRunner runner) {
        this.runner = runner;
        slider.setId("timelineSlider");
        slider.setBlockIncrement(1);
        slider.setMajorTickUnit(1);
        slider.setMinorTickCount(0);
        slider.setSnapToTicks(true);
        slider.setPrefWidth(260);
        slider.valueProperty().addListener((obs, was, now) -> {
            if (!showing && now != null) {
                runner.history.scrub((int) Math.round(now.doubleValue()));
            }
        });
        state.setId("timelineState");
        state.setMinWidth(Region.USE_PREF_SIZE);
        resume.setId("resumeHereButton");
        resume.setMinWidth(Region.USE_PREF_SIZE);
        resume.setOnAction(e -> runner.history.resume());
        method.setId("forkMethod");
        method.getItems().setAll(Integrators.kinds());
        method.setConverter(converter(Phrases::integrator));
        method.setValue(IntegratorKind.RK4);
        dtFactor.setId("forkDt");
        dtFactor.getItems().setAll(DT_FACTORS);
        dtFactor.setConverter(converter(f -> "× " + Numbers.format(f)));
        dtFactor.setValue(1.0);
        fork.setId("forkHereButton");
        fork.setMinWidth(Region.USE_PREF_SIZE);
        fork.setOnAction(e -> forkHere());
        bar = new FlowPane(8, 4, caption, slider, state, resume, methodCaption, method, dtCaption, dtFactor, fork);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setId("timelineBar");
        bar.getStyleClass().add("timeline-bar");
        localize();
    }

    /** The bar. */
    Node node() {
        return bar;
    }

    /** Writes the texts in the language in use. */
    void localize() {
        caption.setText(I18n.text("timeline.caption"));
        slider.setTooltip(new Tooltip(I18n.text("timeline.tip", Numbers.format(History.WINDOW_SECONDS))));
        resume.setText(I18n.text("timeline.resume"));
        resume.setTooltip(new Tooltip(I18n.text("timeline.resume.tip")));
        methodCaption.setText(I18n.text("timeline.fork.method"));
        dtCaption.setText(I18n.text("timeline.fork.dt"));
        fork.setText(I18n.text("timeline.fork"));
        fork.setTooltip(new Tooltip(I18n.text("timeline.fork.tip")));
        if (shown != null) {
            Snapshot s = shown;
            shown = null;
            show(s);
        }
    }

    /** Shows what the snapshot says of the timeline. */
    void show(Snapshot s) {
        if (shown != null && s.timeline().equals(shown.timeline()) && s.running() == shown.running()
                && s.driven() == shown.driven() && s.time() == shown.time()) {
            shown = s;
            return;
        }
        shown = s;
        History.View v = s.timeline();
        boolean paused = !s.running() && !s.driven();
        slider.setDisable(!paused || v.frames() < 2);
        resume.setDisable(!paused || !v.scrubbed());
        fork.setDisable(s.driven());
        if (!slider.isValueChanging()) {
            showing = true;
            slider.setMax(Math.max(1, v.frames() - 1));
            slider.setValue(v.scrubbed() ? v.shown() : Math.max(0, v.frames() - 1));
            showing = false;
        }
        if (!s.running()) {
            EnergySample e = s.energy();
            state.setText(I18n.text("timeline.state", String.format(Locale.ROOT, "%.3f", s.time()),
                    energy(e.kinetic() + e.elastic() + e.gravitational())));
        }
    }

    /** E in J, as the timeline shows it (tests compare it with the engine's). */
    static String energy(double joules) {
        return String.format(Locale.ROOT, "%.6g", joules);
    }

    private void forkHere() {
        IntegratorKind kind = method.getValue();
        Double factor = dtFactor.getValue();
        if (kind == null || factor == null || shown == null) {
            return;
        }
        double dt = Math.min(SceneFile.MAX_DT, Math.max(SceneFile.MIN_DT, shown.dt() * factor));
        runner.history.fork(kind, dt);
    }
}
