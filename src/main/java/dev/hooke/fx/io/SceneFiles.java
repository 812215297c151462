package dev.hooke.fx.io;

import dev.hooke.core.io.DataFileException;
import dev.hooke.core.scene.SceneFile;
import dev.hooke.fx.I18n;
import dev.hooke.fx.model.WorkbenchModel;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Objects;
import java.util.function.Supplier;
import javafx.scene.control.Alert;
import javafx.stage.FileChooser;
import javafx.stage.Window;

/**
 * File › Open and File › Save: the workbench's scene as a scene file ({@link SceneFile}, the
 * format of a lesson's {@code scene:} block). Saving is atomic. A file that cannot be read is
 * named with its line and field in a dialog and changes nothing; no stack trace is shown.
 *
 * <p>The workbench runs a scene file's value as it is: every key a file may set is kept, and
 * File › Save writes the scene the runner holds.
 */
public final class SceneFiles {

    /** Asks where to read or write a file; null when the person cancelled. */
    public interface Chooser {
        /** The file to open. */
        Path open(Window owner);

        /** The file to save to. */
        Path save(Window owner);
    }

    /** What an action did, in words for the status line (or a dialog when it failed). */
    public record Outcome(boolean ok, String message) {
    }

    private final WorkbenchModel model;
    private final Supplier<Window> owner;
    private Chooser chooser = nativeChooser();
    private boolean dialogs = true;

    /**
     * @param model the view model whose scene is opened and saved
     * @param owner the window dialogs belong to
     */
    public SceneFiles(WorkbenchModel model, Supplier<Window> owner) {
        this.model = Objects.requireNonNull(model, "model");
        this.owner = Objects.requireNonNull(owner, "owner");
    }

    /** Replaces the file chooser (tests use one that answers without asking). */
    public void setChooser(Chooser c) {
        chooser = Objects.requireNonNull(c, "chooser");
    }

    /** Whether failures are shown in a dialog too (they always come back as the outcome). */
    public void setDialogs(boolean show) {
        dialogs = show;
    }

    /** The system's file chooser, for YAML files. */
    public static Chooser nativeChooser() {
        return new Chooser() {
            @Override
            public Path open(Window w) {
                File f = chooser("file.openTitle").showOpenDialog(w);
                return f == null ? null : f.toPath();
            }

            @Override
            public Path save(Window w) {
                FileChooser c = chooser("file.saveTitle");
                c.setInitialFileName("scene.yaml");
                File f = c.showSaveDialog(w);
                return f == null ? null : f.toPath();
            }
        };
    }

    private static FileChooser chooser(String titleKey) {
        FileChooser c = new FileChooser();
        c.setTitle(I18n.text(titleKey));
        c.getExtensionFilters().add(new FileChooser.ExtensionFilter(I18n.text("file.filter"), "*.yaml", "*.yml"));
        File here = new File(System.getProperty("user.dir"));
        if (here.isDirectory()) {
            c.setInitialDirectory(here);
        }
        return c;
    }

    /** Asks for a file and opens it; null when cancelled. */
    public Outcome open() {
        Path p = chooser.open(owner.get());
        return p == null ? null : open(p);
    }

    /** Asks for a file and saves to it; null when cancelled. */
    public Outcome save() {
        Path p = chooser.save(owner.get());
        return p == null ? null : save(p);
    }

    /** Reads {@code file} and builds its scene; on failure nothing changes. */
    public Outcome open(Path file) {
        SceneFile f;
        try {
            f = SceneFile.readForWorkbench(file);
        } catch (DataFileException e) {
            return fail("file.openFailed", e.getMessage());
        } catch (RuntimeException e) {
            return fail("file.openFailed", file + ": " + e.getMessage());
        }
        model.open(f);
        return new Outcome(true, I18n.text("file.opened", String.valueOf(file.getFileName())));
    }

    /** Writes the workbench's scene to {@code file}, atomically. */
    public Outcome save(Path file) {
        try {
            sceneFile(model).write(file);
        } catch (IOException | RuntimeException e) {
            String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            return fail("file.saveFailed", I18n.text("file.saveFailedDetail", file, why));
        }
        return new Outcome(true, I18n.text("file.saved", String.valueOf(file.getFileName())));
    }

    private Outcome fail(String headerKey, String message) {
        if (dialogs) {
            Alert a = new Alert(Alert.AlertType.ERROR, message);
            a.getDialogPane().setId("sceneFileError");
            a.setTitle(I18n.text("error.title"));
            a.setHeaderText(I18n.text(headerKey));
            a.initOwner(owner.get());
            a.show();
        }
        return new Outcome(false, message);
    }

    /** The scene the workbench runs now, as a scene file. */
    public static SceneFile sceneFile(WorkbenchModel model) {
        return model.sceneValueProperty().get();
    }

}
