package dev.hooke.core.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.hooke.core.lesson.LessonReader;
import dev.hooke.core.scene.SceneFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Scene and lesson files that are not regular files are refused at once with one line naming
 * the file: a named pipe would block the reader forever, a link to /dev/zero would fill the heap,
 * a folder is not a file.
 */
class OddInputFilesTest {

    /** How long refusing may take; in s (reading a pipe without a writer would never end). */
    private static final long REFUSAL_SECONDS = 10;

    @TempDir
    Path dir;

    private static void assertRefused(Path file, String why) {
        DataFileException scene = assertTimeoutPreemptively(Duration.ofSeconds(REFUSAL_SECONDS),
                () -> assertThrows(DataFileException.class, () -> SceneFile.read(file)));
        assertEquals(file + ": " + why, scene.getMessage());
        DataFileException lesson = assertTimeoutPreemptively(Duration.ofSeconds(REFUSAL_SECONDS),
                () -> assertThrows(DataFileException.class, () -> LessonReader.read(file)));
        assertEquals(file + ": " + why, lesson.getMessage());
    }

    @Test
    void aNamedPipeIsRefusedWithoutWaitingForAWriter() throws Exception {
        Path fifo = NamedPipes.make(dir.resolve("scene.yaml"));
        assertRefused(fifo, "is not a regular file (a named pipe, a device or a socket)");
    }

    @Test
    void aLinkToAnEndlessDeviceIsRefused() throws IOException {
        Path zero = Path.of("/dev/zero");
        assumeTrue(Files.exists(zero), "no /dev/zero here");
        Path link = Files.createSymbolicLink(dir.resolve("scene.yaml"), zero);
        try {
            assertRefused(link, "is not a regular file (a named pipe, a device or a socket)");
        } finally {
            Files.delete(link);     // JUnit warns when its clean-up meets a link out of the folder
        }
    }

    @Test
    void aFolderIsRefused() throws IOException {
        Path folder = Files.createDirectory(dir.resolve("scene.yaml"));
        assertRefused(folder, "is a folder, not a file");
    }
}
