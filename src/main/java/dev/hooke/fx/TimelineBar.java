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
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.Slider;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.Region;

/**
 * The timeline under the view: a slider over the states the runner recorded
 * ({@link History}: the last {@value History#WINDOW_SECONDS} s), which scrubs back through them
 * while paused; the chosen state's t and energy E = K + U_el + U_g; <em>Resume from here</em>; and
 * <em>Fork here</em>, a menu of the methods lane B may run, with lane B's Δt (a factor of lane
 * A's) chosen beside it; the row stays one line, its least needed items giving way where the
 * window is narrow. Every view shows the
 * state chosen, since the runner's systems take it and the snapshots follow; the charts keep the
 * run until a resume or a fork starts a new generation at the chosen time.
 *
 * <p>Ids: {@code timelineBar}, {@code timelineSlider}, {@code timelineState}, {@code resumeHereButton},
 * {@code forkDt}, {@code forkHereButton} (its items {@code fork-<method id>}).
 */
final class TimelineBar {

    /** The factors lane B's Δt may be of lane A's. */
    static final List<Double> DT_FACTORS = List.of(0.25, 0.5, 1.0, 2.0, 4.0);

    private final SimulationRunner runner;
    private final Slider slider = new Slider(0, 1, 1);
    private final Label state = new Label();
    private final Button resume = new Button();
    private final ComboBox<Double> dtFactor = new ComboBox<>();
    private final MenuButton fork = new MenuButton();
    private final Label caption = caption("");
    private final Label dtCaption = caption("");
    private final dev.hooke.fx.controls.OneLineBar row;
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
        slider.setPrefWidth(160);
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
        dtFactor.setId("forkDt");
        dtFactor.getItems().setAll(DT_FACTORS);
        dtFactor.setConverter(converter(f -> "× " + Numbers.format(f)));
        dtFactor.setValue(1.0);
        fork.setId("forkHereButton");
        fork.setMinWidth(Region.USE_PREF_SIZE);
        // one line at every width: where it is narrow the fork's Δt caption, then its factor, give way first
        row = new dev.hooke.fx.controls.OneLineBar(8, List.of(caption, slider, state, resume, dtCaption, dtFactor, fork),
                List.of(slider, resume, caption, state, fork, dtFactor, dtCaption));
        row.setId("timelineBar");
        row.getStyleClass().add("timeline-bar");
        for (Region r : List.of(caption, dtCaption, dtFactor)) {
            r.setMinWidth(Region.USE_PREF_SIZE);
        }
        localize();
    }

    /** The bar. */
    Node node() {
        return row;
    }

    /** Shows the bar, or hides it (a lesson runs its own simulations, which the timeline does not record). */
    void setAvailable(boolean on) {
        if (row.isVisible() != on) {
            row.setVisible(on);
            row.setManaged(on);
        }
    }

    /** Writes the texts in the language in use. */
    void localize() {
        caption.setText(I18n.text("timeline.caption"));
        slider.setTooltip(new Tooltip(I18n.text("timeline.tip", Numbers.format(History.WINDOW_SECONDS))));
        resume.setText(I18n.text("timeline.resume"));
        resume.setTooltip(new Tooltip(I18n.text("timeline.resume.tip")));
        dtCaption.setText(I18n.text("timeline.fork.dt"));
        fork.setText(I18n.text("timeline.fork"));
        fork.setTooltip(new Tooltip(I18n.text("timeline.fork.tip")));
        fork.getItems().clear();
        for (IntegratorKind kind : Integrators.kinds()) {
            MenuItem item = new MenuItem(I18n.text("timeline.fork.with", Phrases.integrator(kind)));
            item.setId("fork-" + kind.id());
            item.setOnAction(e -> forkHere(kind));
            fork.getItems().add(item);
        }
        if (shown != null) {
            Snapshot s = shown;
            shown = null;
            show(s);
        }
    }

    /**
     * Shows what the snapshot says of the timeline. While the simulation runs nothing here changes
     * after the first frame (the slider is off, the state blank), so that a running frame lays
     * nothing out again; paused, the slider spans the frames and stands at the one shown.
     */
    void show(Snapshot s) {
        boolean same = shown != null && s.running() == shown.running() && s.driven() == shown.driven()
                && (s.running() || (s.generation() == shown.generation() && s.timeline().equals(shown.timeline())
                        && s.time() == shown.time() && s.energy().total() == shown.energy().total()));
        shown = s;
        if (same) {
            return;
        }
        History.View v = s.timeline();
        boolean paused = !s.running() && !s.driven();
        slider.setDisable(!paused || v.frames() < 2);
        resume.setDisable(!paused || !v.scrubbed());
        fork.setDisable(s.driven());
        if (s.running()) {
            state.setText("");      // the status bar has the time; the timeline speaks of a state held still
            return;
        }
        if (!slider.isValueChanging()) {
            showing = true;
            slider.setMax(Math.max(1, v.frames() - 1));
            slider.setValue(v.scrubbed() ? v.shown() : Math.max(0, v.frames() - 1));
            showing = false;
        }
        EnergySample e = s.energy();
        state.setText(I18n.text("timeline.state", String.format(Locale.ROOT, "%.3f", s.time()),
                energy(e.total(), s.energyScale())));
    }

    /** Digits shown below the energy scale's leading one. */
    static final int SCALE_DIGITS = 6;

    /**
     * E in J, as the timeline shows it (tests compare it with the engine's): six significant digits
     * of the run's energy scale E_ref, so that a state at rest reads 0 rather than the round-off
     * of its sums (1e-29 J), and a large energy keeps its own digits.
     */
    static String energy(double joules, double scale) {
        if (!Double.isFinite(joules)) {
            return String.valueOf(joules);
        }
        if (Double.isFinite(scale) && scale > 0) {
            double quantum = Math.pow(10, Math.floor(Math.log10(scale)) - (SCALE_DIGITS - 1));
            if (Math.abs(joules) < 0.5 * quantum) {
                return "0";
            }
            if (Math.abs(joules) < scale) {
                // the digits down to the scale's quantum, no more
                int decimals = (int) Math.max(0, -Math.floor(Math.log10(quantum)));
                return new java.math.BigDecimal(joules).setScale(decimals, java.math.RoundingMode.HALF_EVEN)
                        .stripTrailingZeros().toPlainString();
            }
        }
        return String.format(Locale.ROOT, "%.6g", joules);
    }

    private void forkHere(IntegratorKind kind) {
        Double factor = dtFactor.getValue();
        if (factor == null || shown == null) {
            return;
        }
        double dt = Math.min(SceneFile.MAX_DT, Math.max(SceneFile.MIN_DT, shown.dt() * factor));
        runner.history.fork(kind, dt);
    }
}
