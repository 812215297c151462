package dev.hooke.fx;

import java.util.List;
import javafx.scene.control.Alert;
import javafx.stage.Modality;
import javafx.stage.Stage;

/**
 * The start-up problems in the window: what the system properties asked for and could not be done
 * (a scene file that cannot be read, named with its file, line and field; an unknown integrator; no
 * such lesson), in one dialog over the workbench that does not block it. Standard error has the
 * same lines, but a teacher who started Hooke from a desktop menu never sees it.
 */
public final class StartupProblems {

    private StartupProblems() {
    }

    /** Shows {@code problems}, one a line, in a dialog owned by {@code stage}; returns the dialog. */
    public static Alert show(Stage stage, List<String> problems) {
        Alert alert = new Alert(Alert.AlertType.WARNING, String.join("\n", problems));
        alert.initOwner(stage);
        alert.initModality(Modality.NONE);
        alert.setTitle(I18n.text("startup.title"));
        alert.setHeaderText(I18n.text("startup.header"));
        alert.getDialogPane().setId("startupProblems");
        alert.getDialogPane().setMinWidth(560);
        DialogStyle.follow(alert, stage);
        alert.show();
        return alert;
    }
}
