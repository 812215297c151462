package dev.hooke.fx;

import dev.hooke.core.sim.ExplosionReport;
import dev.hooke.fx.model.WorkbenchModel;
import dev.hooke.fx.sim.Snapshot;
import java.util.Locale;
import java.util.function.BooleanSupplier;
import javafx.beans.binding.Bindings;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.controlsfx.control.NotificationPane;
import org.controlsfx.control.action.Action;

/**
 * The explosion banner over the scene view ({@code explosionPane}): shown while the main system
 * has exploded, with the reason in words ({@code explosionMessage}) and, when no lesson drives the
 * runner, two actions: Reset and Halve Δt.
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
    /** The generation and language the banner's message was written for (−1: none shown). */
    private int shownFor = -1;
    private Locale locale;

    /**
     * @param view       the scene view's node, which the banner lies over
     * @param model      the view model the actions act on
     * @param lessonOpen whether a lesson's simulation is shown (its explosion is the lesson's to recover from)
     */
    ExplosionBanner(Node view, WorkbenchModel model, BooleanSupplier lessonOpen) {
        this.model = model;
        this.lessonOpen = lessonOpen;
        pane = new NotificationPane(view);
        pane.setId("explosionPane");
        pane.setShowFromTop(true);
        pane.setCloseButtonVisible(false);
        pane.getStyleClass().add("explosion-pane");
        build();
    }

    /** The notification pane holding the view and the banner. */
    NotificationPane pane() {
        return pane;
    }

    /**
     * Makes the banner's content in the language in use: the message label and the two actions
     * (Reset, Halve Δt). The label's width follows the view's, never below
     * {@value #MESSAGE_MIN_WIDTH} px, so that it wraps into lines and the bar grows to show all of
     * it. The message is written again at the next {@link #show}.
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
        shownFor = -1;
    }

    /**
     * The banner as the snapshot has it: shown while the main system has exploded, with the
     * message of this generation; its actions only when no lesson drives the runner (a lesson's
     * explosion is the lesson's to recover from).
     */
    void show(Snapshot s) {
        ExplosionReport report = s.explosion();
        if (report == null) {
            shownFor = -1;
            if (pane.isShowing()) {
                pane.hide();
            }
            return;
        }
        if (shownFor != s.generation() || !I18n.locale().equals(locale)) {
            shownFor = s.generation();
            locale = I18n.locale();
            message.setText(Phrases.explosion(report, s.scene()));
        }
        boolean actions = !s.driven() && !lessonOpen.getAsBoolean();
        if (actions && pane.getActions().isEmpty()) {
            pane.getActions().setAll(reset, halve);
        } else if (!actions && !pane.getActions().isEmpty()) {
            pane.getActions().clear();
        }
        if (!pane.isShowing()) {
            pane.show();
        }
    }
}
