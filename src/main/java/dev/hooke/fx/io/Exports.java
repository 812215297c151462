package dev.hooke.fx.io;

import dev.hooke.fx.I18n;
import dev.hooke.fx.chart.EnergyChart;
import dev.hooke.fx.sim.SimulationRunner;
import dev.hooke.fx.view.SceneView;
import dev.hooke.fx.view.ThreeDView;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.control.Alert;
import javafx.scene.image.WritableImage;
import javafx.stage.FileChooser;
import javafx.stage.Window;
import javax.imageio.ImageIO;

/**
 * The View section's exports: the 3D view as a PNG image, the particles' state and the energy
 * chart's samples as CSV ({@link CsvExport}). Files are written atomically. The particles are
 * read on the simulation thread (through {@link SimulationRunner#query}), after every command
 * queued before, so the table is one consistent state. A failure is named in a dialog and comes
 * back as the outcome; no stack trace is shown.
 *
 * <p>The file is asked for with a {@link SceneFiles.Chooser} (only its {@code save} is used);
 * tests replace it with one that answers without asking.
 */
public final class Exports {

    /** How long to wait for the simulation thread to read the particles; in s. */
    private static final long QUERY_SECONDS = 10;

    /** What can be exported. */
    public enum Kind {
        PNG("*.png", "ws7.export.filterPng", "hooke-view.png"),
        PARTICLES("*.csv", "ws7.export.filterCsv", "particles.csv"),
        CHART("*.csv", "ws7.export.filterCsv", "energy-chart.csv");

        private final String pattern;
        private final String filterKey;
        private final String initialName;

        Kind(String pattern, String filterKey, String initialName) {
            this.pattern = pattern;
            this.filterKey = filterKey;
            this.initialName = initialName;
        }
    }

    private final SimulationRunner runner;
    private final SceneView view;
    private final EnergyChart chart;
    private final Supplier<Window> owner;
    private SceneFiles.Chooser chooser;
    private boolean dialogs = true;

    /**
     * @param runner the simulation thread whose particles are exported
     * @param view   the view whose image is saved
     * @param chart  the energy chart whose samples are exported
     * @param owner  the window dialogs belong to
     */
    public Exports(SimulationRunner runner, SceneView view, EnergyChart chart, Supplier<Window> owner) {
        this.runner = Objects.requireNonNull(runner, "runner");
        this.view = Objects.requireNonNull(view, "view");
        this.chart = Objects.requireNonNull(chart, "chart");
        this.owner = Objects.requireNonNull(owner, "owner");
    }

    /** Replaces the file chooser of every export (null: the system's again). */
    public void setChooser(SceneFiles.Chooser c) {
        chooser = c;
    }

    /** Whether failures are shown in a dialog too (they always come back as the outcome). */
    public void setDialogs(boolean show) {
        dialogs = show;
    }

    /** Asks for a file and exports {@code kind} to it; null when cancelled. */
    public SceneFiles.Outcome export(Kind kind) {
        SceneFiles.Chooser c = chooser != null ? chooser : nativeChooser(kind);
        Path p = c.save(owner.get());
        return p == null ? null : export(kind, p);
    }

    /** Exports {@code kind} to {@code file}, atomically (FX thread). */
    public SceneFiles.Outcome export(Kind kind, Path file) {
        try {
            switch (kind) {
                case PNG:
                    if (!(view instanceof ThreeDView)) {
                        return fail(I18n.text("ws7.export.no3d"));
                    }
                    WritableImage image = ((ThreeDView) view).subScene().snapshot(null, null);
                    ByteArrayOutputStream png = new ByteArrayOutputStream();
                    if (!ImageIO.write(SwingFXUtils.fromFXImage(image, null), "png", png)) {
                        throw new IOException("no PNG writer");
                    }
                    CsvExport.writeBytes(file, png.toByteArray());
                    break;
                case PARTICLES:
                    String table = runner.query(sim -> CsvExport.particles(sim.system()))
                            .get(QUERY_SECONDS, TimeUnit.SECONDS);
                    CsvExport.write(file, table);
                    break;
                default:
                    CsvExport.write(file, CsvExport.chart(chart.samples()));
                    break;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return fail(I18n.text("ws7.export.failedDetail", file, e.getClass().getSimpleName()));
        } catch (IOException | RuntimeException | ExecutionException | TimeoutException e) {
            Throwable cause = e instanceof ExecutionException && e.getCause() != null ? e.getCause() : e;
            String why = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
            return fail(I18n.text("ws7.export.failedDetail", file, why));
        }
        return new SceneFiles.Outcome(true, I18n.text("ws7.export.saved", String.valueOf(file.getFileName())));
    }

    private SceneFiles.Outcome fail(String message) {
        if (dialogs) {
            Alert a = new Alert(Alert.AlertType.ERROR, message);
            a.getDialogPane().setId("exportError");
            a.setTitle(I18n.text("error.title"));
            a.setHeaderText(I18n.text("ws7.export.failed"));
            a.initOwner(owner.get());
            a.show();
        }
        return new SceneFiles.Outcome(false, message);
    }

    /** The system's file chooser for one kind of export (it only saves). */
    public static SceneFiles.Chooser nativeChooser(Kind kind) {
        return new SceneFiles.Chooser() {
            @Override
            public Path open(Window w) {
                return null;
            }

            @Override
            public Path save(Window w) {
                FileChooser c = new FileChooser();
                c.setTitle(I18n.text(kind == Kind.PNG ? "ws7.export.pngTitle" : "ws7.export.csvTitle"));
                c.getExtensionFilters().add(new FileChooser.ExtensionFilter(I18n.text(kind.filterKey), kind.pattern));
                c.setInitialFileName(kind.initialName);
                File here = new File(System.getProperty("user.dir"));
                if (here.isDirectory()) {
                    c.setInitialDirectory(here);
                }
                File f = c.showSaveDialog(w);
                return f == null ? null : f.toPath();
            }
        };
    }
}
