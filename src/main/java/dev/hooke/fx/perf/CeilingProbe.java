package dev.hooke.fx.perf;

import java.util.Locale;
import javafx.animation.AnimationTimer;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.geometry.Rectangle2D;
import javafx.scene.Group;
import javafx.scene.PerspectiveCamera;
import javafx.scene.Scene;
import javafx.scene.SceneAntialiasing;
import javafx.scene.SubScene;
import javafx.scene.layout.BorderPane;
import javafx.scene.paint.Color;
import javafx.scene.paint.PhongMaterial;
import javafx.scene.shape.Sphere;
import javafx.stage.Screen;
import javafx.stage.Stage;

/**
 * The frame rate any JavaFX window reaches on this machine: a bare window of the workbench's size
 * whose only content is {@value #SPHERES} spheres moving in a 3D sub-scene as large as the
 * workbench's view, drawn the way the workbench draws (depth buffer, balanced antialiasing). The
 * workbench's frames per second are read against it: what is left below this rate is
 * presenting the window and rasterising it, which no change in Hooke can remove.
 *
 * <p>Run {@code java -cp hooke.jar dev.hooke.fx.perf.CeilingProbe SECONDS}; it prints one line,
 * {@code hooke.ceiling: W×H window, N frames/s}, after that many seconds and closes. The rate is
 * 1/median interval between pulses over the last {@value PerformanceMonitor#WINDOW} pulses, as
 * {@link PerformanceMonitor} measures the workbench's.
 */
public final class CeilingProbe {

    /** How many spheres move. */
    public static final int SPHERES = 16;
    /** The window's size when the screen allows: the workbench's. */
    private static final double WIDTH = 1600;
    private static final double HEIGHT = 1000;

    private CeilingProbe() {
    }

    /** Starts the probe; the argument is the number of seconds to run (default 10). */
    public static void main(String[] args) {
        if (System.getProperty("prism.forceGPU") == null) {
            System.setProperty("prism.forceGPU", "true");
        }
        // a class of its own: the java launcher refuses a main class that extends Application
        // when JavaFX is on the class path
        Application.launch(Window.class, args);
    }

    /** The probe's window. */
    public static final class Window extends Application {

        private final RollingStatistic interval = new RollingStatistic(PerformanceMonitor.WINDOW);

        @Override
        public void start(Stage stage) {
            double seconds = getParameters().getRaw().isEmpty() ? 10 : Double.parseDouble(getParameters().getRaw().get(0));
            Rectangle2D screen = Screen.getPrimary().getVisualBounds();
            double w = Math.min(WIDTH, 0.95 * screen.getWidth());
            double h = Math.min(HEIGHT, 0.95 * screen.getHeight());
            Group spheres = new Group();
            PhongMaterial material = new PhongMaterial(Color.web("#6fa8dc"));
            for (int i = 0; i < SPHERES; i++) {
                Sphere s = new Sphere(8);
                s.setMaterial(material);
                spheres.getChildren().add(s);
            }
            // The workbench's view takes the window less the side panel and the charts' row.
            SubScene view = new SubScene(spheres, w - 360, h - 300, true, SceneAntialiasing.BALANCED);
            view.setFill(Color.web("#1b2230"));
            PerspectiveCamera camera = new PerspectiveCamera(false);
            view.setCamera(camera);
            BorderPane root = new BorderPane(view);
            stage.setScene(new Scene(root, w, h));
            stage.setTitle("Hooke ceiling probe");
            stage.show();
            new AnimationTimer() {
                private long first;
                private long last;

                @Override
                public void handle(long now) {
                    if (first == 0) {
                        first = now;
                    } else {
                        interval.add(now - last);
                    }
                    last = now;
                    double t = (now - first) * 1e-9;
                    for (int i = 0; i < SPHERES; i++) {
                        Sphere s = (Sphere) spheres.getChildren().get(i);
                        s.setTranslateX(view.getWidth() / 2 + 200 * Math.cos(t + i * 2 * Math.PI / SPHERES));
                        s.setTranslateY(view.getHeight() / 2 + 150 * Math.sin(2 * t + i * 2 * Math.PI / SPHERES));
                    }
                    if (now - first >= seconds * 1e9) {
                        System.out.println(String.format(Locale.ROOT, "hooke.ceiling: %.0f×%.0f window, %.1f frames/s",
                                w, h, 1e9 / Math.max(1, interval.median())));
                        System.out.flush();
                        stop();
                        Platform.exit();
                    }
                }
            }.start();
        }
    }
}
