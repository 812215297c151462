package dev.hooke.fx;

import javafx.application.Application;
import javafx.stage.Stage;

/** The workbench window. */
public final class HookeApp extends Application {

    /** Opens the workbench (blocks until the window closes). */
    public static void launchApp(String[] args) {
        Application.launch(HookeApp.class, args);
    }

    @Override
    public void start(Stage stage) {
        stage.setTitle("Hooke");
        stage.show();
    }
}
