package dev.hooke.fx;

import javafx.scene.Parent;
import javafx.scene.control.Dialog;
import javafx.scene.control.DialogPane;
import javafx.stage.Window;

/**
 * Gives a dialog the workbench's look: its style sheet, and large type when the workbench shows
 * it. A dialog is a window of its own, so the style class on the workbench's root does not reach
 * it; on a projector its text would stay small. (The system's file choosers are drawn by the
 * platform, not by JavaFX, and keep the platform's type size.)
 */
public final class DialogStyle {

    private DialogStyle() {
    }

    /**
     * Styles {@code dialog} as the workbench in {@code owner} is styled; when {@code owner} is
     * null, as the first workbench window showing.
     */
    public static void follow(Dialog<?> dialog, Window owner) {
        Parent root = workbenchRoot(owner);
        if (root == null) {
            return;
        }
        DialogPane pane = dialog.getDialogPane();
        for (String sheet : root.getStylesheets()) {
            if (!pane.getStylesheets().contains(sheet)) {
                pane.getStylesheets().add(sheet);
            }
        }
        if (!pane.getStyleClass().contains("workbench")) {
            pane.getStyleClass().add("workbench");
        }
        Widgets.toggleClass(pane, "large-type", root.getStyleClass().contains("large-type"));
    }

    private static Parent workbenchRoot(Window owner) {
        if (owner != null && owner.getScene() != null && owner.getScene().getRoot().getStyleClass().contains("workbench")) {
            return owner.getScene().getRoot();
        }
        for (Window w : Window.getWindows()) {
            if (w.isShowing() && w.getScene() != null && w.getScene().getRoot().getStyleClass().contains("workbench")) {
                return w.getScene().getRoot();
            }
        }
        return null;
    }
}
