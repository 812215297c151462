package dev.hooke.fx.io;

import dev.hooke.fx.DialogStyle;
import dev.hooke.fx.I18n;
import dev.hooke.fx.chart.EnergyChart;
import dev.hooke.fx.sim.SimulationRunner;
import dev.hooke.fx.view.SceneView;
import dev.hooke.fx.view.ThreeDView;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.control.Alert;
import javafx.scene.image.WritableImage;
import javafx.stage.FileChooser;
import javafx.stage.Window;
import javax.imageio.ImageIO;

/**
 * The View section's exports: the 3D view as a PNG image, the particles' state and the energy
 * chart's samples as CSV ({@link CsvExport}). Files are written atomically. The particles are
 * copied on the simulation thread (through {@link SimulationRunner#query}), after every command
 * queued before, so the table is one consistent state; the FX thread does not wait for it: the
 * table is formatted and written on a background thread, and the outcome comes back later on the
 * FX thread ({@link #setOnFinished}). A failure is named in a dialog and comes back as the
 * outcome; no stack trace is shown.
 *
 * <p>The file is asked for with a {@link SceneFiles.Chooser} (only its {@code save} is used);
 * tests replace it with one that answers without asking.
 */
public final class Exports {

    /** Writes a particle table: a daemon thread per export (exports are rare and short). */
    private static final Executor WRITER = task -> {
        Thread t = new Thread(task, "hooke-export");
        t.setDaemon(true);
        t.start();
    };

    /** What can be exported. */
    public enum Kind {
        PNG("*.png", "export.filterPng", "hooke-view.png"),
        PARTICLES("*.csv", "export.filterCsv", "particles.csv"),
        CHART("*.csv", "export.filterCsv", "energy-chart.csv");

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
    private Consumer<SceneFiles.Outcome> onFinished = o -> { };

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

    /** What is told the outcome of an export that finishes after {@link #export} returned (FX thread). */
    public void setOnFinished(Consumer<SceneFiles.Outcome> c) {
        onFinished = Objects.requireNonNull(c, "onFinished");
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

    /**
     * Exports {@code kind} to {@code file}, atomically (FX thread). The image and the chart are
     * written before this returns; the particles later ({@link #exportParticles}): the outcome
     * returned then says the file is being saved, and the final one goes to
     * {@link #setOnFinished}.
     */
    public SceneFiles.Outcome export(Kind kind, Path file) {
        if (kind == Kind.PARTICLES) {
            exportParticles(file).thenAccept(o -> onFinished.accept(o));
            return new SceneFiles.Outcome(true, I18n.text("export.saving", String.valueOf(file.getFileName())));
        }
        try {
            switch (kind) {
                case PNG:
                    if (!(view instanceof ThreeDView)) {
                        return fail(I18n.text("export.no3d"));
                    }
                    WritableImage image = ((ThreeDView) view).subScene().snapshot(null, null);
                    ByteArrayOutputStream png = new ByteArrayOutputStream();
                    if (!ImageIO.write(SwingFXUtils.fromFXImage(image, null), "png", png)) {
                        throw new IOException("no PNG writer");
                    }
                    CsvExport.writeBytes(file, png.toByteArray());
                    break;
                default:
                    CsvExport.write(file, CsvExport.chart(chart.samples()));
                    break;
            }
        } catch (IOException | RuntimeException e) {
            return fail(I18n.text("export.failedDetail", file, why(e)));
        }
        return saved(file);
    }

    /**
     * Writes the particles' state to {@code file} without making the FX thread wait: the state is
     * copied on the simulation thread, formatted and written atomically on a background thread.
     * The future completes on the FX thread with the outcome (a failure also shown in a dialog).
     */
    public CompletableFuture<SceneFiles.Outcome> exportParticles(Path file) {
        CompletableFuture<SceneFiles.Outcome> done = new CompletableFuture<>();
        runner.query(sim -> CsvExport.capture(sim.system()))
                .thenAcceptAsync(state -> {
                    try {
                        CsvExport.write(file, CsvExport.particles(state));
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }, WRITER)
                .whenComplete((ignored, error) -> onFxThread(() -> done.complete(error == null ? saved(file)
                        : fail(I18n.text("export.failedDetail", file, why(error))))));
        return done;
    }

    private static void onFxThread(Runnable r) {
        try {
            Platform.runLater(r);
        } catch (IllegalStateException toolkitGone) {
            // the window is closed: no one is left to tell
        }
    }

    private static SceneFiles.Outcome saved(Path file) {
        return new SceneFiles.Outcome(true, I18n.text("export.saved", String.valueOf(file.getFileName())));
    }

    /** The plain reason of a failure: the message of the first cause that is not a wrapper. */
    private static String why(Throwable e) {
        Throwable cause = e;
        while ((cause instanceof CompletionException || cause instanceof UncheckedIOException)
                && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
    }

    private SceneFiles.Outcome fail(String message) {
        if (dialogs) {
            Alert a = new Alert(Alert.AlertType.ERROR, message);
            a.getDialogPane().setId("exportError");
            a.setTitle(I18n.text("error.title"));
            a.setHeaderText(I18n.text("export.failed"));
            a.initOwner(owner.get());
            DialogStyle.follow(a, owner.get());
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
                c.setTitle(I18n.text(kind == Kind.PNG ? "export.pngTitle" : "export.csvTitle"));
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
