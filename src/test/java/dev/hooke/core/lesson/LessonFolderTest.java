package dev.hooke.core.lesson;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where lessons are read from when no path is given: a {@code lessons/} folder in the working
 * directory first (a clone, a teacher's folder), then the folder an installed program names.
 */
class LessonFolderTest {

    @TempDir
    Path dir;

    @Test
    void theWorkingDirectorysLessonsComeFirst() throws IOException {
        Path work = Files.createDirectories(dir.resolve("work/lessons")).getParent();
        Path installed = Files.createDirectories(dir.resolve("opt/lessons"));
        assertEquals(work.resolve("lessons"), LessonChecker.defaultFolder(work, installed.toString()));
    }

    @Test
    void withoutThemTheInstalledLessonsAreRead() throws IOException {
        Path work = Files.createDirectories(dir.resolve("empty"));
        Path installed = Files.createDirectories(dir.resolve("opt/lessons"));
        assertEquals(installed, LessonChecker.defaultFolder(work, installed.toString()));
    }

    @Test
    void withNeitherTheWorkingDirectorysFolderIsNamed() throws IOException {
        Path work = Files.createDirectories(dir.resolve("empty"));
        assertEquals(work.resolve("lessons"), LessonChecker.defaultFolder(work, null));
        assertEquals(work.resolve("lessons"), LessonChecker.defaultFolder(work, dir.resolve("missing").toString()));
        assertEquals(work.resolve("lessons"), LessonChecker.defaultFolder(work, "  "));
    }
}
