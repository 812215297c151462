package dev.hooke.fx;

import dev.hooke.core.sim.ExplosionReport;
import dev.hooke.fx.model.WorkbenchModel;
import dev.hooke.fx.sim.Snapshot;
import dev.hooke.fx.view.Palette;
import java.util.Locale;
import java.util.function.BooleanSupplier;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.Background;
import javafx.scene.layout.BackgroundFill;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import org.controlsfx.control.NotificationPane;
import org.controlsfx.control.action.Action;
import org.controlsfx.control.action.ActionUtils;

/**
 * The explosion banners over the scene view.
 *
 * <p>Outside compare mode, one banner across the top of the view ({@code explosionPane}): shown
 * while the main system has exploded, with the reason in words ({@code explosionMessage}).
 *
 * <p>In compare mode, one compact banner per system that has exploded, over the half of the view
 * where its system is still worth watching for the other: A's ({@code explosionBannerA}) in the
 * left half, B's ({@code explosionBannerB}) in the right half, each at most half the view wide.
 * Each names its system and method in one short sentence ({@code explosionMessageA},
 * {@code explosionMessageB}: "A · Explicit Euler exploded at t = 1.270 s"), the whole explanation
 * in its tooltip, and carries its system's mark: a stripe in B's colour ({@link Palette#COMPARE})
 * or A's neutral one ({@link Palette#PARTICLE}). A system still running has no banner.
 *
 * <p>Both kinds offer Reset and Halve Δt when no lesson drives the runner (a lesson's explosion is
 * the lesson's to recover from). The actions act on both systems, so in compare mode they are
 * offered once: on the banner of the system that exploded first (A's when both exploded at the
 * same t). Every node is made once ({@link #build}, again on a change of language); a snapshot
 * only shows, hides and rewrites them, and a message is written again only for another
 * explosion report or language.
 */
final class ExplosionBanner {

    /** The width the explosion notification keeps for its buttons; in px. */
    private static final double ACTIONS_WIDTH = 300;
    /** The narrowest the explosion message gets, whatever the view's width; in px. */
    private static final double MESSAGE_MIN_WIDTH = 320;

    private final NotificationPane pane;
    private final WorkbenchModel model;
    private final BooleanSupplier lessonOpen;
    /** The banner's one message label and its two actions, made once; their content changes. */
    private final Label message = new Label();
    private Action reset;
    private Action halve;
    /** The report and language the banner's message was written for (null: none shown). */
    private ExplosionReport shownReport;
    private Locale locale;
    /** The whole explosion sentence, the detector's reason with it, as the message's tooltip. */
    private final Tooltip messageDetail = new Tooltip();
    /** Compare mode's banners, A's (lane 0) and B's (lane 1). */
    private final LaneBanner[] lanes = {new LaneBanner(0), new LaneBanner(1)};
    /** Compare mode's one Reset and one Halve Δt, on the banner of the system that exploded first. */
    private final HBox laneActions = new HBox();

    /**
     * @param view       the scene view's node, which the banner lies over
     * @param model      the view model the actions act on
     * @param lessonOpen whether a lesson's simulation is shown (its explosion is the lesson's to recover from)
     */
    ExplosionBanner(Node view, WorkbenchModel model, BooleanSupplier lessonOpen) {
        this.model = model;
        this.lessonOpen = lessonOpen;
        Halves halves = new Halves(lanes[0].node, lanes[1].node);
        StackPane content = new StackPane(view, halves);
        content.setMinSize(0, 0);
        pane = new NotificationPane(content);
        pane.setId("explosionPane");
        pane.setShowFromTop(true);
        pane.setCloseButtonVisible(false);
        pane.getStyleClass().add("explosion-pane");
        laneActions.getStyleClass().add("lane-banner-actions");
        laneActions.setMinWidth(Region.USE_PREF_SIZE);
        build();
    }

    /** The notification pane holding the view and the banners. */
    NotificationPane pane() {
        return pane;
    }

    /**
     * Makes the banners' content in the language in use: the message label and the two actions
     * (Reset, Halve Δt). The label's width follows the view's, never below
     * {@value #MESSAGE_MIN_WIDTH} px, so that it wraps into lines and the bar grows to show all of
     * it. The messages are written again at the next {@link #show}.
     */
    void build() {
        reset = new Action(I18n.text("explosion.reset"), e -> model.resetAndPlay());
        reset.getStyleClass().add("explosion-reset-action");
        halve = new Action(I18n.text("explosion.halve"), e -> model.halveDtAndReset());
        halve.getStyleClass().add("explosion-halve-action");
        message.setId("explosionMessage");
        if (!message.getStyleClass().contains("explosion-message")) {
            message.getStyleClass().add("explosion-message");
        }
        message.setWrapText(true);
        message.setMinHeight(Region.USE_PREF_SIZE);
        messageDetail.setWrapText(true);
        messageDetail.setMaxWidth(640);
        message.setTooltip(messageDetail);
        message.prefWidthProperty().unbind();
        message.prefWidthProperty().bind(Bindings.createDoubleBinding(
                () -> Math.max(MESSAGE_MIN_WIDTH, pane.getWidth()
                        - (pane.getActions().isEmpty() ? 40 : ACTIONS_WIDTH)),
                pane.widthProperty(), pane.getActions()));
        message.setMinWidth(MESSAGE_MIN_WIDTH);
        pane.setText("");
        // in a VBox, the label's height is asked for at its own width: all lines count
        pane.setGraphic(new VBox(message));
        pane.getActions().clear();
        shownReport = null;
        Button laneReset = ActionUtils.createButton(reset);
        Button laneHalve = ActionUtils.createButton(halve);
        laneReset.setMinWidth(Region.USE_PREF_SIZE);
        laneHalve.setMinWidth(Region.USE_PREF_SIZE);
        laneActions.getChildren().setAll(laneReset, laneHalve);
        for (LaneBanner l : lanes) {
            l.shownReport = null;
        }
    }

    /**
     * The banners as the snapshot has them: in compare mode, one per system that has exploded;
     * otherwise the one banner, shown while the main system has exploded. Each with the message
     * of its explosion; the actions only when no lesson drives the runner.
     */
    void show(Snapshot s) {
        boolean actions = !s.driven() && !lessonOpen.getAsBoolean();
        Snapshot.Compare c = s.compare();
        if (s.compareMode() != null && c != null) {
            showSingle(null, s, false);
            ExplosionReport a = s.explosion();
            ExplosionReport b = c.explosion();
            // the actions reset both systems: once, on the banner of the one that exploded first
            int first = a == null ? (b == null ? -1 : 1) : (b == null || a.time() <= b.time() ? 0 : 1);
            lanes[0].show(a, s, actions && first == 0);
            lanes[1].show(b, s, actions && first == 1);
        } else {
            lanes[0].show(null, s, false);
            lanes[1].show(null, s, false);
            showSingle(s.explosion(), s, actions);
        }
    }

    /** Whether a banner is up: the one across the view, or either of compare mode's. */
    boolean showing() {
        return pane.isShowing() || lanes[0].node.isVisible() || lanes[1].node.isVisible();
    }

    /** The banner across the view: shown with {@code report}'s message, hidden when it is null. */
    private void showSingle(ExplosionReport report, Snapshot s, boolean actions) {
        if (report == null) {
            shownReport = null;
            if (pane.isShowing()) {
                pane.hide();
            }
            if (!pane.getActions().isEmpty()) {
                pane.getActions().clear();
            }
            return;
        }
        if (report != shownReport || !I18n.locale().equals(locale)) {
            shownReport = report;
            locale = I18n.locale();
            // the cause over the view, short enough to leave the exploding mesh in sight; the
            // detector's reason in the tooltip
            message.setText(Phrases.explosionBrief(report, s.scene()));
            messageDetail.setText(Phrases.explosion(report, s.scene()));
        }
        if (actions && pane.getActions().isEmpty()) {
            pane.getActions().setAll(reset, halve);
        } else if (!actions && !pane.getActions().isEmpty()) {
            pane.getActions().clear();
        }
        if (!pane.isShowing()) {
            pane.show();
        }
    }

    /**
     * Compare mode's banner of one system: its mark (a stripe in the system's colour), its message
     * and, on one of the two banners, the actions. Made once.
     */
    private final class LaneBanner {

        final int lane;
        final HBox node = new HBox();
        final Label text = new Label();
        final Tooltip detail = new Tooltip();
        ExplosionReport shownReport;
        Locale locale;

        LaneBanner(int lane) {
            this.lane = lane;
            String letter = lane == 0 ? "A" : "B";
            node.setId("explosionBanner" + letter);
            node.getStyleClass().addAll("lane-banner", "lane-banner-" + letter.toLowerCase(Locale.ROOT));
            Region mark = new Region();
            mark.getStyleClass().add("lane-banner-mark");
            mark.setBackground(new Background(new BackgroundFill(lane == 0 ? Palette.PARTICLE : Palette.COMPARE,
                    null, Insets.EMPTY)));
            mark.setMinWidth(Region.USE_PREF_SIZE);
            text.setId("explosionMessage" + letter);
            text.getStyleClass().add("lane-banner-message");
            text.setWrapText(true);
            text.setMinHeight(Region.USE_PREF_SIZE);
            text.setMinWidth(0);
            text.setMaxWidth(Double.MAX_VALUE);
            detail.setWrapText(true);
            detail.setMaxWidth(640);
            text.setTooltip(detail);
            HBox.setHgrow(text, Priority.ALWAYS);
            node.getChildren().setAll(mark, text);
            node.setVisible(false);
        }

        /** Shown with {@code report}'s message (hidden when null), with the actions or without. */
        void show(ExplosionReport report, Snapshot s, boolean actions) {
            if (report == null) {
                shownReport = null;
                if (node.isVisible()) {
                    node.setVisible(false);
                }
                actions = false;
            } else {
                if (report != shownReport || !I18n.locale().equals(locale)) {
                    shownReport = report;
                    locale = I18n.locale();
                    text.setText(Phrases.laneExplosion(lane, report));
                    detail.setText(Phrases.explosion(report, s.scene()));
                }
                if (!node.isVisible()) {
                    node.setVisible(true);
                }
            }
            boolean holds = laneActions.getParent() == node;
            if (actions && !holds) {
                node.getChildren().add(laneActions);
            } else if (!actions && holds) {
                node.getChildren().remove(laneActions);
            }
        }
    }

    /**
     * Lays compare mode's banners over the view, {@value #MARGIN} px from its top: the first in the
     * left half, the second in the right half, each as wide as its content asks but at most half
     * the view less the margins, as tall as its content at that width. It picks only its banners:
     * the view beneath takes every other click and drag.
     */
    private static final class Halves extends Region {

        /** The space around and between the banners; in px. */
        static final double MARGIN = 8;

        Halves(Node left, Node right) {
            getChildren().setAll(left, right);
            setPickOnBounds(false);
            setMinSize(0, 0);
        }

        @Override
        protected void layoutChildren() {
            double half = getWidth() / 2;
            double most = Math.max(0, half - 1.5 * MARGIN);
            for (int k = 0; k < 2; k++) {
                Node n = getChildren().get(k);
                if (!n.isVisible()) {
                    continue;
                }
                double w = Math.min(most, n.prefWidth(-1));
                double h = n.prefHeight(w);
                double x = k == 0 ? MARGIN : half + MARGIN / 2;
                n.resizeRelocate(snapPositionX(x), snapPositionY(MARGIN), snapSizeX(w), snapSizeY(h));
            }
        }

        @Override
        protected double computePrefWidth(double height) {
            return 0;
        }

        @Override
        protected double computePrefHeight(double width) {
            return 0;
        }
    }
}
