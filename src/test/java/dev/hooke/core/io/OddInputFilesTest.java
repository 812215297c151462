package dev.hooke.core.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.hooke.core.lesson.CheckResult;
import dev.hooke.core.lesson.LessonChecker;
import dev.hooke.core.lesson.LessonReader;
import dev.hooke.core.lesson.Report;
import dev.hooke.core.scene.SceneFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Scene and lesson files that are not regular files are refused at once with one line naming
 * the file and what it really is: a named pipe would block the reader forever, a link to
 * /dev/zero would fill the heap, a folder is not a file, a link may lead nowhere or round in a
 * loop. A file that is no lesson or scene file at all (a link may point anywhere) is refused
 * without quoting a word of it.
 */
class OddInputFilesTest {

    /** A hang guard, not a time limit: reading a pipe without a writer would never end; in s. */
    private static final long REFUSAL_SECONDS = 60;

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
        assertRefused(fifo, "is a named pipe, not a file");
    }

    @Test
    void aLinkToAnEndlessDeviceIsRefused() throws IOException {
        Path zero = Path.of("/dev/zero");
        assumeTrue(Files.exists(zero), "no /dev/zero here");
        Path link = Files.createSymbolicLink(dir.resolve("scene.yaml"), zero);
        try {
            assertRefused(link, "is a link to /dev/zero, a device, not a file");
        } finally {
            Files.delete(link);     // JUnit warns when its clean-up meets a link out of the folder
        }
    }

    @Test
    void aLinkToNothingAndALoopOfLinksSayWhatTheyAre() throws IOException {
        Path dangling = Files.createSymbolicLink(dir.resolve("gone.yaml"), Path.of("missing.yaml"));
        assertRefused(dangling, "is a link to missing.yaml, which does not exist");
        Path a = dir.resolve("a.yaml");
        Path b = dir.resolve("b.yaml");
        Files.createSymbolicLink(a, b.getFileName());
        Files.createSymbolicLink(b, a.getFileName());
        assertRefused(a, "is a link that leads round in a loop");
    }

    /** A standard input that is a pipe, reached through /proc, is a named pipe, not "no such file". */
    @Test
    void aPipeUnderProcIsNamedAsOne() throws Exception {
        Process sleeper = new ProcessBuilder("sleep", "30").start();
        try {
            Path stdin = Path.of("/proc/" + sleeper.pid() + "/fd/0");
            assumeTrue(Files.exists(stdin, java.nio.file.LinkOption.NOFOLLOW_LINKS), "no /proc here");
            String target = Files.readSymbolicLink(stdin).toString();
            assumeTrue(target.startsWith("pipe:"), "its standard input is " + target);
            assertRefused(stdin, "is a link to " + target + ", a named pipe, not a file");
        } finally {
            sleeper.destroy();
        }
    }

    @Test
    void aFileThatIsNoLessonIsNotQuoted() throws IOException {
        Path secret = Files.writeString(dir.resolve("shadow"),
                "root:$6$s3cr3t$hash:19000:0:99999:7:::\ndaemon:*:19000:0:99999:7:::\n");
        Path link = Files.createSymbolicLink(dir.resolve("lesson.yaml"), secret);
        for (Path p : new Path[] {secret, link}) {
            String scene = assertThrows(DataFileException.class, () -> SceneFile.read(p)).getMessage();
            String lesson = assertThrows(DataFileException.class, () -> LessonReader.read(p)).getMessage();
            for (String m : new String[] {scene, lesson}) {
                assertTrue(m.startsWith(p + ":1: "), m);
                assertFalse(m.contains("root") || m.contains("s3cr3t") || m.contains("daemon"), m);
            }
        }
        Path mapping = Files.writeString(dir.resolve("config.yaml"), "password: hunter2\nuser: admin\n");
        String lesson = assertThrows(DataFileException.class, () -> LessonReader.read(mapping)).getMessage();
        assertEquals(mapping + ":1: is not a lesson file: it has none of the keys id, title, narration, scene, steps",
                lesson);
        String scene = assertThrows(DataFileException.class, () -> SceneFile.read(mapping)).getMessage();
        assertFalse(scene.contains("hunter2") || scene.contains("password") || scene.contains("admin"), scene);
    }

    /** In a folder of lessons, a named pipe and a link to a device are rows of the report, not skipped. */
    @Test
    void aNamedPipeInALessonFolderIsARow() throws Exception {
        Path lessons = Files.createDirectory(dir.resolve("lessons"));
        Path fifo = NamedPipes.make(lessons.resolve("a-pipe.yaml"));
        Report report = assertTimeoutPreemptively(Duration.ofSeconds(REFUSAL_SECONDS),
                () -> LessonChecker.checkAll(lessons));
        assertEquals(1, report.rows().size(), report.formatTable(Locale.ENGLISH));
        CheckResult row = report.rows().get(0);
        assertEquals("load", row.check());
        assertFalse(row.pass());
        assertEquals(fifo + ": is a named pipe, not a file", row.measured());
    }

    @Test
    void aFolderIsRefused() throws IOException {
        Path folder = Files.createDirectory(dir.resolve("scene.yaml"));
        assertRefused(folder, "is a folder, not a file");
    }
}
