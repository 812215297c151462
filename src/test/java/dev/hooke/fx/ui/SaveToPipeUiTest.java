package dev.hooke.fx.ui;

import static dev.hooke.fx.ui.UiFixture.latest;
import static dev.hooke.fx.ui.UiFixture.onFx;
import static dev.hooke.fx.ui.UiFixture.waitFor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.io.NamedPipes;
import dev.hooke.core.scene.SceneType;
import dev.hooke.fx.I18n;
import dev.hooke.fx.Workbench;
import dev.hooke.fx.io.Exports;
import dev.hooke.fx.io.SceneFiles;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import javafx.scene.control.DialogPane;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;

/**
 * Saving to a named pipe that nobody reads (File › Save scene as…, Ctrl+S, and the View
 * section's exports) is refused at once with one line naming the pipe, and the window goes on
 * taking clicks: it never waits for a reader.
 */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class SaveToPipeUiTest {

    /** A bound on a save that must not hang, far above what it takes on a busy machine; in s. */
    private static final long HANG_GUARD_SECONDS = 60;

    private Workbench workbench;
    private Path fifo;

    @TempDir
    Path dir;

    @Start
    void start(Stage stage) {
        workbench = UiFixture.show(stage, SceneType.SPRING, 1500, 1000);
    }

    @Stop
    void stop() {
        workbench.close();
    }

    /** Should a write wait on the pipe all the same, a reader and writer of our own lets it go, so the next test runs. */
    @AfterEach
    void releaseThePipe() throws IOException {
        if (fifo != null && Files.exists(fifo)) {
            try (FileChannel both = FileChannel.open(fifo, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
                // opened read-write, a pipe never blocks, and a writer waiting on it opens too
                assertTrue(both.isOpen());
            }
        }
    }

    /** Answers every save dialog with {@code file}, counting the questions. */
    private static SceneFiles.Chooser answering(Path file, AtomicInteger asked) {
        return new SceneFiles.Chooser() {
            @Override
            public Path open(Window w) {
                return null;
            }

            @Override
            public Path save(Window w) {
                asked.incrementAndGet();
                return file;
            }
        };
    }

    private List<Path> listing() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.sorted().toList();
        }
    }

    @Test
    void ctrlSToANamedPipeIsRefusedAndTheWindowTakesTheNextClick(FxRobot robot) throws Exception {
        fifo = NamedPipes.make(dir.resolve("scene.yaml"));
        AtomicInteger asked = new AtomicInteger();
        workbench.sceneFiles().setChooser(answering(fifo, asked));
        // a window that waited on the pipe would never answer: the guard ends the test, and the pipe is released after it
        assertTimeoutPreemptively(Duration.ofSeconds(HANG_GUARD_SECONDS), () -> {
            robot.interact(() -> workbench.root().requestFocus());
            robot.press(KeyCode.CONTROL).type(KeyCode.S).release(KeyCode.CONTROL);
            waitFor("the save's error dialog", () -> robot.lookup("#sceneFileError").tryQuery().isPresent());
        });
        assertEquals(1, asked.get(), "one save dialog");
        String said = onFx(() -> robot.lookup("#sceneFileError").queryAs(DialogPane.class).getContentText());
        assertEquals(I18n.text("file.saveFailedDetail", fifo,
                fifo + ": is a named pipe, not a regular file; only a file can be saved to"), said);
        assertEquals(1, said.lines().count(), said);
        DialogPane pane = robot.lookup("#sceneFileError").queryAs(DialogPane.class);
        onFx(() -> TextLayout.snapshot(pane.getScene(), "save-to-pipe-dialog"));
        robot.interact(() -> pane.getScene().getWindow().hide());

        long before = latest(workbench).steps();
        robot.clickOn("#stepButton");
        waitFor("the step the click asked for", () -> latest(workbench).steps() == before + 1);
        assertFalse(Files.isRegularFile(fifo), "the pipe is still a pipe");
        assertEquals(List.of(fifo), listing(), "no temporary file");
    }

    @Test
    void everyExportToANamedPipeIsRefusedAtOnce(FxRobot robot) throws Exception {
        fifo = NamedPipes.make(dir.resolve("export.csv"));
        Exports exports = workbench.exports();
        robot.interact(() -> exports.setDialogs(false));
        for (Exports.Kind kind : List.of(Exports.Kind.CHART, Exports.Kind.PARTICLES)) {
            AtomicReference<SceneFiles.Outcome> finished = new AtomicReference<>();
            assertTimeoutPreemptively(Duration.ofSeconds(HANG_GUARD_SECONDS), () -> {
                robot.interact(() -> {
                    exports.setOnFinished(finished::set);
                    SceneFiles.Outcome now = exports.export(kind, fifo);
                    if (!now.ok()) {
                        finished.set(now);          // refused before it returned
                    }
                });
                waitFor(kind + ": the export's outcome", () -> finished.get() != null);
            });
            String said = finished.get().message();
            assertFalse(finished.get().ok(), kind + ": " + said);
            assertTrue(said.contains(fifo + ": is a named pipe"), kind + ": " + said);
        }
        assertFalse(Files.isRegularFile(fifo), "the pipe is still a pipe");
        assertEquals(List.of(fifo), listing(), "no temporary file");
    }
}
