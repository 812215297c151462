package dev.hooke.fx.lesson;

import dev.hooke.core.io.DataFileException;
import dev.hooke.core.lesson.Lesson;
import dev.hooke.core.lesson.LessonChecker;
import dev.hooke.core.lesson.LessonReader;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The lessons the workbench offers: the files of the folder {@code lessons/} in the working
 * directory when there is one (a teacher's edits show at once) or else of the installed program's
 * lessons folder ({@link LessonChecker#defaultFolder()}), and the copies bundled in the jar (so
 * that the jar works anywhere). A file on disk replaces the bundled file of the same name.
 * A file that cannot be read is listed with its error (file:line: field: problem).
 */
public final class LessonLibrary {

    /** Where the bundled lessons are on the class path. */
    public static final String RESOURCE = "/lessons/";

    /**
     * One lesson file.
     *
     * @param fileName the file's name, which orders the lessons
     * @param lesson   the lesson, or null when it could not be read
     * @param error    why it could not be read (file:line: field: problem), or null
     */
    public record Entry(String fileName, Lesson lesson, String error) {

        /** The lesson's title, or the file's name when it could not be read. */
        public String title(Locale locale) {
            return lesson == null ? fileName : lesson.title().get(locale);
        }
    }

    private LessonLibrary() {
    }

    /** The lessons of the default folder ({@link LessonChecker#defaultFolder()}) and of the jar, by file name. */
    public static List<Entry> load() {
        return load(LessonChecker.defaultFolder());
    }

    /** The lessons of {@code folder} (when it exists) and of the jar, by file name. */
    public static List<Entry> load(Path folder) {
        Map<String, Entry> byName = new TreeMap<>();
        readBundled(byName);
        if (folder != null && Files.isDirectory(folder)) {
            readFolder(folder, byName);
        }
        return List.copyOf(byName.values());
    }

    private static void readFolder(Path folder, Map<String, Entry> into) {
        List<Path> files;
        try {
            files = LessonChecker.lessonFiles(folder);
        } catch (DataFileException e) {
            return;         // an empty or unreadable folder: the bundled lessons remain
        }
        for (Path p : files) {
            String name = p.getFileName().toString();
            try {
                into.put(name, new Entry(name, LessonReader.read(p), null));
            } catch (DataFileException e) {
                into.put(name, new Entry(name, null, e.getMessage()));
            } catch (RuntimeException e) {
                into.put(name, new Entry(name, null, p + ": " + e.getMessage()));
            }
        }
    }

    private static void readBundled(Map<String, Entry> into) {
        URL url = LessonLibrary.class.getResource(RESOURCE);
        if (url == null) {
            return;
        }
        try {
            URI uri = url.toURI();
            if ("jar".equals(uri.getScheme())) {
                try (FileSystem jar = FileSystems.newFileSystem(uri, Map.of())) {
                    readFolder(jar.getPath(RESOURCE), into);
                }
            } else {
                readFolder(Path.of(uri), into);
            }
        } catch (IOException | URISyntaxException | RuntimeException e) {
            // no bundled lessons can be listed: those on disk remain
        }
    }
}
