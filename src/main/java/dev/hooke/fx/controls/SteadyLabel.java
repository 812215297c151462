package dev.hooke.fx.controls;

import javafx.scene.control.Label;
import javafx.scene.layout.Region;

/**
 * A label for a text that changes every frame (the simulated time, the step count, a rate),
 * holding still while it does: a new text lays out the label alone, never its parents.
 *
 * <p>A {@link Label}'s new text requests a layout of the label and, through
 * {@link javafx.scene.Parent#requestLayout()}, of every ancestor up to the window's root, so a
 * status bar of changing labels lays out the whole window at every pulse. Here the label is not
 * managed by this cell (it is its own layout root): its text asks only for its own layout, and
 * the cell, sized to the widest text shown so far, keeps its size. The cell grows when a text is
 * wider than any before it (the step count gaining a digit), which is rare, and forgets the
 * widest text when its text is emptied, when the label's font changes (large type) or on
 * {@link #forgetWidth()} (after a change of language).
 */
public final class SteadyLabel extends Region {

    private final Label label = new Label();
    /** The widest text's width so far, with the label's padding; in px. */
    private double widest;
    /** How many times the cell has asked its parents for a layout ({@link #resizes()}). */
    private long resizes;

    /** A cell whose label has the given id (the id tests and style sheets find it by). */
    public SteadyLabel(String id) {
        label.setId(id);
        label.setManaged(false);
        getChildren().add(label);
        getStyleClass().add("steady-label");
        label.fontProperty().addListener((obs, was, now) -> forgetWidth());
    }

    /** The label inside. */
    public Label label() {
        return label;
    }

    /** The text shown. */
    public String getText() {
        return label.getText();
    }

    /** Shows {@code text}; lays out this cell's parents only when the text is wider than any before. */
    public void setText(String text) {
        if (text.equals(label.getText())) {
            return;
        }
        label.setText(text);
        if (text.isEmpty()) {
            forgetWidth();      // nothing to show: the cell closes up
            return;
        }
        double w = label.prefWidth(-1);
        if (w > widest) {
            widest = w;
            resizes++;
            requestLayout();
        }
    }

    /** Sizes the cell anew from the present text (after a change of font or language). */
    public void forgetWidth() {
        widest = 0;
        resizes++;
        requestLayout();
    }

    /**
     * How many times the cell has asked its parents for a layout since it was made: each time a
     * text was wider than any before it, or its width was forgotten. A new text asks for none
     * otherwise.
     */
    public long resizes() {
        return resizes;
    }

    @Override
    protected double computePrefWidth(double height) {
        widest = Math.max(widest, label.prefWidth(-1));
        return snappedLeftInset() + widest + snappedRightInset();
    }

    @Override
    protected double computeMinWidth(double height) {
        return computePrefWidth(height);
    }

    @Override
    protected double computePrefHeight(double width) {
        return snappedTopInset() + label.prefHeight(-1) + snappedBottomInset();
    }

    @Override
    protected double computeMinHeight(double width) {
        return computePrefHeight(width);
    }

    @Override
    protected void layoutChildren() {
        label.resizeRelocate(snappedLeftInset(), snappedTopInset(),
                getWidth() - snappedLeftInset() - snappedRightInset(),
                getHeight() - snappedTopInset() - snappedBottomInset());
    }
}
