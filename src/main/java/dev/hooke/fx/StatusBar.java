package dev.hooke.fx;

import static dev.hooke.fx.Widgets.toggleClass;

import dev.hooke.core.lesson.Readout;
import dev.hooke.core.sim.SolverTally;
import dev.hooke.core.stability.StabilityLimit;
import dev.hooke.fx.controls.Numbers;
import dev.hooke.fx.controls.SteadyLabel;
import dev.hooke.fx.sim.Notice;
import dev.hooke.fx.sim.Snapshot;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import javafx.animation.PauseTransition;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.Region;
import javafx.util.Duration;

/**
 * The status bar below the window (simulated time, steps, Δt, the stability limit, the naive
 * bound, steps per second, frames per second, the solver's statistics, the solver's failures since
 * the reset, the springs torn while a scene can tear, a notice), always one line: where the window is too narrow the items of least
 * priority give way (the rates first, then the solver, the naive bound, the steps), and the limit's
 * details the side panel shows under the integrator ({@code limitDetail}, {@code ratioDetail}),
 * all written from a snapshot.
 */
final class StatusBar {

    // the texts that change while the simulation runs sit in steady cells: they lay out
    // themselves, never the bar and the window around it
    private final SteadyLabel timeLabel = new SteadyLabel("timeLabel");
    private final SteadyLabel stepsLabel = new SteadyLabel("stepsLabel");
    private final Label dtLabel = statusLabel("dtLabel");
    private final Label limitLabel = statusLabel("limitLabel");
    private final Label naiveLabel = statusLabel("naiveLabel");
    private final SteadyLabel rateLabel = new SteadyLabel("stepsPerSecondLabel");
    private final SteadyLabel fpsLabel = new SteadyLabel("fpsLabel");
    private final Label noticeLabel = statusLabel("noticeLabel");
    /** The linear solves' failures since the reset; hidden while there are none. */
    private final Label solverFailuresLabel = statusLabel("solverFailures");
    /** The springs torn so far, while the scene's springs can tear (a tear strain is set); hidden otherwise. */
    private final Label tornLabel = statusLabel("tornLabel");
    /** The torn springs the label says (−1: none said). */
    private int tornShown = -1;
    /** The solver's statistics, written by the integrator panel. */
    private final SteadyLabel solverLabel = new SteadyLabel("solverStatus");
    private final Label limitDetail = new Label();
    private final Label ratioDetail = new Label();
    private final dev.hooke.fx.controls.OneLineBar bar;
    /** How long a notice that is not sticky stays; in s. */
    static final double NOTICE_SECONDS = 6;
    private long noticeShown;
    private Notice shownNotice;
    private final PauseTransition noticeTimer = new PauseTransition(Duration.seconds(NOTICE_SECONDS));
    private long fpsWindowStart;
    private int fpsFrames;
    private double fps;

    StatusBar() {
        // one line whatever the width and the type size: what fits least gives way first
        List<Node> order = List.of(timeLabel, stepsLabel, dtLabel, limitLabel, naiveLabel, tornLabel, rateLabel,
                fpsLabel, solverLabel, solverFailuresLabel, noticeLabel);
        List<Node> priority = List.of(timeLabel, dtLabel, limitLabel, noticeLabel, solverFailuresLabel, tornLabel,
                stepsLabel, naiveLabel, solverLabel, rateLabel, fpsLabel);
        bar = new dev.hooke.fx.controls.OneLineBar(22, order, priority);
        bar.getStyleClass().add("status-bar");
        bar.setId("statusBar");
        noticeLabel.getStyleClass().add("notice");
        noticeTimer.setOnFinished(e -> noticeLabel.setText(""));
        solverFailuresLabel.getStyleClass().addAll("notice", "above-limit");
        solverFailuresLabel.setVisible(false);
        solverFailuresLabel.managedProperty().bind(solverFailuresLabel.visibleProperty());
        tornLabel.setVisible(false);
        tornLabel.managedProperty().bind(tornLabel.visibleProperty());
        limitDetail.setId("limitDetail");
        limitDetail.setWrapText(true);
        limitDetail.getStyleClass().add("detail");
        ratioDetail.setId("ratioDetail");
        ratioDetail.setWrapText(true);
        ratioDetail.getStyleClass().add("detail");
    }

    /** The bar. */
    Node node() {
        return bar;
    }

    /** The label the integrator panel writes the solver's statistics into. */
    SteadyLabel solverLabel() {
        return solverLabel;
    }

    /**
     * Δt and the limit in big type over the view, for presenter mode: the status bar's own two
     * texts, Δt red above the limit as here, so that the two can never say different things;
     * at most {@value #READOUT_SHARE} of {@code viewWidth} wide, long texts wrapped.
     */
    Node bigReadout(javafx.beans.value.ObservableDoubleValue viewWidth) {
        Label dt = mirror(dtLabel, "presenterDt");
        Label limit = mirror(limitLabel, "presenterLimit");
        for (Label l : new Label[] {dt, limit}) {
            // in the view's corner, clear of the mesh it frames in its middle: long texts wrap
            l.setWrapText(true);
            l.setMinHeight(Region.USE_PREF_SIZE);
            l.maxWidthProperty().bind(javafx.beans.binding.Bindings.createDoubleBinding(
                    () -> Math.max(READOUT_MIN_WIDTH, READOUT_SHARE * viewWidth.get()), viewWidth));
        }
        javafx.scene.layout.VBox box = new javafx.scene.layout.VBox(dt, limit);
        box.setId("presenterReadout");
        box.getStyleClass().add("presenter-readout");
        box.setMouseTransparent(true);
        box.setMaxSize(Region.USE_PREF_SIZE, Region.USE_PREF_SIZE);
        return box;
    }

    /** The most of the view's width presenter mode's readout takes: clear of a mesh framed to 70 % of a wide view's height. */
    static final double READOUT_SHARE = 0.3;
    /** The least width the readout's texts wrap at; in px. */
    private static final double READOUT_MIN_WIDTH = 240;

    /** A label showing {@code of}'s text, and red while {@code of} is. */
    private static Label mirror(Label of, String id) {
        Label l = new Label();
        l.setId(id);
        l.textProperty().bind(of.textProperty());
        Runnable above = () -> toggleClass(l, "above-limit", of.getStyleClass().contains("above-limit"));
        of.getStyleClass().addListener((javafx.collections.ListChangeListener<String>) c -> above.run());
        above.run();
        return l;
    }

    /** The stability limit in words, for the side panel. */
    Label limitDetail() {
        return limitDetail;
    }

    /** Δt as a share of the limit, for the side panel. */
    Label ratioDetail() {
        return ratioDetail;
    }

    /** Shows a message already in the language in use; it goes after {@value #NOTICE_SECONDS} s. */
    void notice(String message) {
        shownNotice = null;
        show(message, false);
    }

    /**
     * Shows the snapshot's notice when it is a new one, in the language in use: a refused change
     * or a failed analysis for {@value #NOTICE_SECONDS} s, a stopped simulation until the next
     * notice.
     */
    void showNotice(Snapshot s) {
        Notice n = s.notice();
        if (n.serial() != noticeShown) {
            noticeShown = n.serial();
            shownNotice = n;
            show(text(n), n.sticky());
        }
    }

    /**
     * Writes the notice shown again in the language in use; the steady cells take the width of
     * their new texts. (Called by the window when the language changes: a listener of the
     * language's own would keep every closed window's bar alive.)
     */
    void localize() {
        for (SteadyLabel l : new SteadyLabel[] {timeLabel, stepsLabel, rateLabel, fpsLabel, solverLabel}) {
            l.forgetWidth();
        }
        tornShown = -1;
        if (shownNotice != null && !noticeLabel.getText().isEmpty()) {
            noticeLabel.setText(text(shownNotice));
        }
    }

    private void show(String message, boolean sticky) {
        noticeTimer.stop();
        noticeLabel.setText(message == null ? "" : message);
        if (!sticky && message != null && !message.isEmpty()) {
            noticeTimer.playFromStart();
        }
    }

    private static String text(Notice n) {
        return switch (n.kind()) {
            case NONE -> "";
            case REFUSED -> n.detail().isBlank() ? I18n.text("notice.refused") : I18n.text("notice.refusedBecause", n.detail());
            case STOPPED -> I18n.text("notice.stopped", n.detail());
            case ANALYSIS_FAILED -> I18n.text("notice.analysisFailed", n.detail());
        };
    }

    /** Counts a frame; the frame rate shown is taken over half a second. */
    void countFrame(long now) {
        if (fpsWindowStart == 0) {
            fpsWindowStart = now;
        }
        fpsFrames++;
        double elapsed = (now - fpsWindowStart) * 1e-9;
        if (elapsed >= 0.5) {
            fps = fpsFrames / elapsed;
            fpsFrames = 0;
            fpsWindowStart = now;
            showFps();
        }
    }

    /** Writes the frame rate in the language in use. */
    void showFps() {
        fpsLabel.setText(I18n.text("status.fps", String.format(Locale.ROOT, "%.0f", fps)));
    }

    /** Writes the snapshot's time, steps, Δt, limit and rate, and the limit's details. */
    void show(Snapshot s) {
        show(s, Set.of());
    }

    /**
     * Writes the snapshot's time, steps, Δt, limit and rate, and the limit's details; a readout in
     * {@code hidden} (predict mode: a lesson's open question) shows "?" and no ratio of Δt to the limit.
     */
    void show(Snapshot s, Set<Readout> hidden) {
        timeLabel.setText(I18n.text("status.time", String.format(Locale.ROOT, "%.3f", s.time())));
        stepsLabel.setText(I18n.text("status.steps", String.format(Locale.ROOT, "%,d", s.steps())));
        dtLabel.setText(I18n.text("status.dt", Numbers.format(s.dt())));
        // a limit computed for another method is not shown under this one's name
        StabilityLimit limit = s.limit() != null && s.limit().integrator() == s.integrator() ? s.limit() : null;
        String pending = s.limitCurrent() ? "" : I18n.text("status.updating");
        boolean limitHidden = hidden.contains(Readout.LIMIT);
        limitLabel.setText(limitHidden ? I18n.text("status.limitHidden")
                : limit == null ? I18n.text("status.limitComputing")
                : I18n.text("status.limit", Phrases.limit(limit), pending));
        naiveLabel.setText(hidden.contains(Readout.NAIVE_BOUND) ? I18n.text("status.naiveHidden")
                : Double.isNaN(s.naiveBound()) ? ""
                : I18n.text("status.naive", Numbers.format(s.naiveBound())));
        rateLabel.setText(I18n.text("status.rate", String.format(Locale.ROOT, "%,.0f", s.stepsPerSecond())));
        boolean above = !limitHidden && s.dtAboveLimit();
        toggleClass(dtLabel, "above-limit", above);

        if (limitHidden) {
            limitDetail.setText(I18n.text("detail.hidden"));
            ratioDetail.setText("");
        } else if (limit == null) {
            limitDetail.setText(I18n.text("detail.limitComputing"));
            ratioDetail.setText("");
        } else {
            boolean naiveHidden = hidden.contains(Readout.NAIVE_BOUND);
            limitDetail.setText(limit.unstableAtEveryDt()
                    ? I18n.text("detail.unstableLimit", Phrases.integrator(s.integrator()), Phrases.limit(limit))
                    : (limit.unlimited()
                            ? I18n.text("detail.unlimited", Phrases.integrator(s.integrator()), pending)
                            : I18n.text("detail.limit", Phrases.integrator(s.integrator()), Phrases.limit(limit), pending))
                    + (Double.isNaN(s.naiveBound()) || naiveHidden ? ""
                            : I18n.text("detail.naive", Numbers.format(s.naiveBound()))));
            if (limit.unlimited()) {
                ratioDetail.setText("");
            } else if (limit.unstableAtEveryDt()) {
                ratioDetail.setText(I18n.text("detail.unstable"));
            } else {
                ratioDetail.setText(I18n.text(above ? "detail.ratioAbove" : "detail.ratio",
                        percent(s.dt() / limit.dtMax())));
            }
        }
        toggleClass(ratioDetail, "above-limit", above || (!limitHidden && limit != null && limit.unstableAtEveryDt()));
        showSolverFailures(s.solverTotals());
        showTorn(s);
    }

    /**
     * Says how many springs have torn ("3 springs torn", "no springs torn") while the scene's
     * springs can tear; hidden on a scene without a tear strain. Written only when the count changes.
     */
    private void showTorn(Snapshot s) {
        boolean canTear = s.scene() != null && s.scene().spec().tearStrain() > 0;
        tornLabel.setVisible(canTear);
        int torn = canTear ? s.tornSprings() : -1;
        if (torn != tornShown) {
            tornShown = torn;
            tornLabel.setText(canTear ? I18n.text("status.torn", torn) : "");
        }
    }

    /**
     * Says how many steps since the reset had a linear solve that did not converge or met an
     * indefinite matrix, and the largest residual; hidden while there are none.
     */
    private void showSolverFailures(SolverTally.Totals t) {
        boolean failed = t != null && t.failed();
        solverFailuresLabel.setVisible(failed);
        if (!failed) {
            solverFailuresLabel.setText("");
            return;
        }
        String text = I18n.text("status.solverFailed", String.format(Locale.ROOT, "%,d", t.unconvergedSteps()),
                String.format(Locale.ROOT, "%,d", t.solvedSteps()), Numbers.format(t.largestResidual(), 2));
        if (t.indefiniteSteps() > 0) {
            text += I18n.text("status.solverIndefinite", String.format(Locale.ROOT, "%,d", t.indefiniteSteps()));
        }
        solverFailuresLabel.setText(text);
    }

    /** A ratio as a whole percentage, or "under 1 %". */
    static String percent(double ratio) {
        return ratio < 0.01 ? I18n.text("detail.under1") : String.format(Locale.ROOT, "%.0f %%", 100 * ratio);
    }

    private static Label statusLabel(String id) {
        Label l = new Label();
        l.setId(id);
        l.setMinWidth(Region.USE_PREF_SIZE);
        return l;
    }
}
