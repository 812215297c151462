package dev.hooke.fx.controls;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import javafx.geometry.HPos;
import javafx.geometry.Insets;
import javafx.geometry.VPos;
import javafx.scene.Node;
import javafx.scene.layout.Pane;
import javafx.scene.layout.StackPane;

/**
 * A bar that keeps its items on one line, in the order given: where they do not all fit, the
 * items of least priority are left out (hidden, taking no room) until the rest fit, so the bar
 * never wraps onto a second line and never changes its height. Each item sits in a cell of its
 * own, which the bar shows or hides; the item's own visibility stays its owner's (an item that
 * is invisible or not managed takes no room). Each item gets its preferred width.
 */
public final class OneLineBar extends Pane {

    private final double gap;
    /** The cells by priority, most important first. */
    private final List<StackPane> byPriority = new ArrayList<>();
    private final Map<Node, StackPane> cells = new IdentityHashMap<>();
    /** The items left out at the last layout. */
    private final List<Node> leftOut = new ArrayList<>();

    /**
     * @param gap      the space between two items; in px
     * @param items    the items in the order they are drawn, left to right
     * @param priority the same items, most important first (the last ones are left out first)
     */
    public OneLineBar(double gap, List<Node> items, List<Node> priority) {
        this.gap = gap;
        if (items.size() != priority.size() || !new HashSet<>(items).equals(new HashSet<>(priority))) {
            throw new IllegalArgumentException("the priority must list the same items");
        }
        for (Node n : items) {
            StackPane cell = new StackPane(n);
            cell.getStyleClass().add("one-line-cell");
            cells.put(n, cell);
            getChildren().add(cell);
        }
        for (Node n : priority) {
            byPriority.add(cells.get(n));
        }
    }

    /** The items left out for want of room at the last layout. */
    public List<Node> leftOut() {
        return List.copyOf(leftOut);
    }

    /** Whether the item in {@code cell} has anything to show. */
    private static boolean showsSomething(StackPane cell) {
        Node n = cell.getChildren().get(0);
        return n.isManaged() && n.isVisible();
    }

    @Override
    protected void layoutChildren() {
        Insets in = getInsets();
        double room = getWidth() - in.getLeft() - in.getRight();
        leftOut.clear();
        List<StackPane> fit = new ArrayList<>();
        double used = 0;
        for (StackPane cell : byPriority) {
            if (!showsSomething(cell)) {
                continue;
            }
            double need = used + (fit.isEmpty() ? 0 : gap) + cell.prefWidth(-1);
            if (need <= room || fit.isEmpty()) {
                fit.add(cell);
                used = need;
            } else {
                leftOut.add(cell.getChildren().get(0));
            }
        }
        double x = in.getLeft();
        double h = getHeight() - in.getTop() - in.getBottom();
        for (Node child : getChildren()) {
            StackPane cell = (StackPane) child;
            boolean drawn = fit.contains(cell);
            cell.setVisible(drawn);
            if (!drawn) {
                continue;
            }
            double w = cell.prefWidth(-1);
            layoutInArea(cell, x, in.getTop(), w, h, 0, Insets.EMPTY, false, false, HPos.LEFT, VPos.CENTER);
            x += w + gap;
        }
    }

    @Override
    protected double computePrefWidth(double height) {
        Insets in = getInsets();
        double w = 0;
        int count = 0;
        for (StackPane cell : byPriority) {
            if (showsSomething(cell)) {
                w += (count++ > 0 ? gap : 0) + cell.prefWidth(-1);
            }
        }
        return in.getLeft() + w + in.getRight();
    }

    @Override
    protected double computeMinWidth(double height) {
        return getInsets().getLeft() + getInsets().getRight();
    }

    @Override
    protected double computePrefHeight(double width) {
        Insets in = getInsets();
        double h = 0;
        for (StackPane cell : byPriority) {
            h = Math.max(h, cell.prefHeight(-1));
        }
        return in.getTop() + h + in.getBottom();
    }

    @Override
    protected double computeMinHeight(double width) {
        return computePrefHeight(width);
    }
}
