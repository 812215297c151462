package dev.hooke.fx;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.io.DataFileException;
import dev.hooke.core.scene.SceneFile;
import dev.hooke.core.scene.SceneType;
import dev.hooke.fx.io.SceneFiles;
import java.nio.file.Path;
import javafx.application.Application;
import javafx.geometry.Rectangle2D;
import javafx.scene.Scene;
import javafx.stage.Screen;
import javafx.stage.Stage;

/**
 * The workbench window. It opens on the scene it last showed (the rope the first time), playing,
 * with the settings it had ({@link Settings}). System properties: {@code hooke.scene}
 * (spring, chain, cloth or cube, or the path of a scene file ending in {@code .yaml} or
 * {@code .yml}, the format of File › Open) picks another scene to open on; {@code hooke.largeType=true}
 * opens with large type, for a projector; {@code hooke.lesson} opens the lesson whose file name
 * starts with the value (for example {@code 03}); {@code hooke.integrator} (an integrator id) picks
 * the method; {@code hooke.compare} (an integrator id) opens in compare mode with that second method;
 * {@code hooke.perf=true} shows the performance readout; {@code hooke.perfLog=SECONDS} prints one
 * line with the FX thread's time per pulse to standard output that many seconds after the first
 * frame ({@link dev.hooke.fx.perf.PerformanceMonitor}), and {@code hooke.exitAfterLog=true} closes the
 * window after it; {@code hooke.settings=FOLDER} keeps the settings in a file of that folder instead
 * of the user's preferences ({@link Settings#user}). What cannot be done of these is said on
 * standard error and, once the window is open, in a dialog over it ({@link StartupProblems}).
 */
public final class HookeApp extends Application {

    private Workbench workbench;
    private Stage stage;
    private Settings settings;
    /** What the system properties asked for and could not be done, in the order met. */
    private final java.util.List<String> problems = new java.util.ArrayList<>();

    /** Opens the workbench (blocks until the window closes). */
    public static void launchApp(String[] args) {
        Application.launch(HookeApp.class, args);
    }

    @Override
    public void start(Stage stage) {
        this.stage = stage;
        settings = Settings.user(this::problem);
        settings.applyLanguage();
        SceneFile file = sceneFile();
        SceneFile opening = file != null ? file : SceneFile.defaults(initialScene());
        IntegratorKind first = integratorProperty("hooke.integrator");
        workbench = new Workbench(first == null ? opening : opening.withIntegrator(first));
        workbench.performance().shownProperty().set(Boolean.getBoolean("hooke.perf"));
        String perfLog = System.getProperty("hooke.perfLog");
        if (perfLog != null) {
            try {
                Runnable then = Boolean.getBoolean("hooke.exitAfterLog") ? javafx.application.Platform::exit : () -> { };
                workbench.performance().logAfter(Double.parseDouble(perfLog), System.out, then);
            } catch (IllegalArgumentException e) {
                problem("hooke.perfLog: must be a number of seconds ≥ 0, got '" + perfLog + "'");
            }
        }
        IntegratorKind second = integratorProperty("hooke.compare");
        if (second != null) {
            workbench.model().compareIntegratorProperty().set(second);
            workbench.model().compareProperty().set(true);
        }
        ErrorReporter.install(() -> workbench.runner().pause());
        Rectangle2D screen = Screen.getPrimary().getVisualBounds();
        double w = Math.min(1600, 0.95 * screen.getWidth());
        double h = Math.min(1000, 0.95 * screen.getHeight());
        Scene scene = new Scene(workbench.root(), w, h);
        workbench.installShortcuts(scene);
        workbench.setSettings(settings);
        settings.applyTo(workbench);
        if (Boolean.getBoolean("hooke.largeType")) {
            workbench.model().largeTypeProperty().set(true);
        }
        stage.titleProperty().bind(javafx.beans.binding.Bindings.createStringBinding(
                () -> I18n.text("app.title"), I18n.localeProperty()));
        stage.setScene(scene);
        settings.applyTo(stage);
        stage.show();
        String lesson = System.getProperty("hooke.lesson");
        if (lesson != null) {
            workbench.lessons().entries().stream().filter(e -> e.fileName().startsWith(lesson)).findFirst()
                    .ifPresentOrElse(workbench.lessons()::open,
                            () -> problem("hooke.lesson: no lesson file starts with '" + lesson + "'"));
        } else {
            workbench.runner().play();
        }
        if (!problems.isEmpty()) {
            StartupProblems.show(stage, problems);
        }
    }

    /** Says a start-up problem on standard error, and keeps it to show in the window. */
    private void problem(String line) {
        System.err.println(line);
        problems.add(line);
    }

    /**
     * The scene file {@code hooke.scene} names (a value ending in .yaml or .yml), or null: for
     * another value, or when the file cannot be read or the workbench cannot build its scene
     * (said on standard error and in the window, naming the file, line and field).
     */
    private SceneFile sceneFile() {
        String value = System.getProperty("hooke.scene", "");
        String lower = value.toLowerCase(java.util.Locale.ROOT);
        if (!lower.endsWith(".yaml") && !lower.endsWith(".yml")) {
            return null;
        }
        try {
            return SceneFile.readForWorkbench(Path.of(value));
        } catch (DataFileException | RuntimeException e) {
            problem("hooke.scene: " + e.getMessage() + "; opening the rope");
            return null;
        }
    }

    private SceneType initialScene() {
        SceneType last = settings.scene();
        String id = System.getProperty("hooke.scene", (last != null ? last : SceneType.CHAIN).id());
        String lower = id.toLowerCase(java.util.Locale.ROOT);
        if (lower.endsWith(".yaml") || lower.endsWith(".yml")) {
            return SceneType.CHAIN;     // the file could not be opened: said by sceneFile()
        }
        try {
            return SceneType.fromId(id);
        } catch (IllegalArgumentException e) {
            problem("hooke.scene: " + e.getMessage() + "; opening the rope");
            return SceneType.CHAIN;
        }
    }

    private IntegratorKind integratorProperty(String name) {
        String id = System.getProperty(name);
        if (id == null) {
            return null;
        }
        try {
            return IntegratorKind.fromId(id);
        } catch (IllegalArgumentException e) {
            problem(name + ": " + e.getMessage());
            return null;
        }
    }

    @Override
    public void stop() {
        if (workbench != null) {
            settings.save(workbench, stage);
            workbench.close();
        }
    }
}
