package dev.hooke.core.lesson;

import dev.hooke.core.io.DataFileException;
import dev.hooke.core.io.FileKinds;
import dev.hooke.core.io.Progress;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Checks lessons headless: reads each file, plays every step and verifies every check. A file
 * that cannot be read becomes one failing row naming file, line and field; it does not stop the
 * others.
 *
 * <pre>
 *   Report r = LessonChecker.checkAll(Path.of("lessons"));
 *   System.out.print(r.formatTable());
 *   return r.exitCode();          // 0 if every check passed, 1 otherwise
 * </pre>
 */
public final class LessonChecker {

    /** The folder of lessons looked for in the working directory. */
    public static final String FOLDER = "lessons";
    /**
     * The system property naming the lessons an installed program ships with (its launcher sets
     * it to the folder beside the program's jar).
     */
    public static final String INSTALLED_PROPERTY = "hooke.lessons";

    private LessonChecker() {
    }

    /**
     * Where lessons are read from when no path is given: {@code lessons/} in the working directory
     * when it exists (a clone of the repository, or a teacher's own folder), otherwise the folder
     * named by {@value #INSTALLED_PROPERTY} when it exists (the installed program's lessons),
     * otherwise {@code lessons} (which then names what was looked for in the error).
     */
    public static Path defaultFolder() {
        return defaultFolder(Path.of(""), System.getProperty(INSTALLED_PROPERTY));
    }

    /**
     * As {@link #defaultFolder()}, for a given working directory and installed folder.
     *
     * @param workingDirectory where {@code lessons/} is looked for
     * @param installed        the installed lessons' folder, or null when none was given
     */
    static Path defaultFolder(Path workingDirectory, String installed) {
        Path here = workingDirectory.resolve(FOLDER);
        if (Files.isDirectory(here)) {
            return here;
        }
        if (installed != null && !installed.isBlank() && Files.isDirectory(Path.of(installed))) {
            return Path.of(installed);
        }
        return here;
    }

    /**
     * Checks every lesson file ({@code *.yaml}, {@code *.yml}) in a folder, in file-name order,
     * or the one file given.
     *
     * @throws DataFileException when the path does not exist or the folder holds no lesson file
     */
    public static Report checkAll(Path path) throws DataFileException {
        return checkAll(path, Progress.NONE);
    }

    /** As {@link #checkAll(Path)}, telling {@code progress} which lesson it plays, out of how many. */
    public static Report checkAll(Path path, Progress progress) throws DataFileException {
        List<Path> files = lessonFiles(path);
        int done = 0;
        List<CheckResult> rows = new ArrayList<>();
        Map<String, String> ids = new HashMap<>();
        for (Path f : files) {
            progress.at(String.valueOf(f.getFileName()), done++, files.size());
            Lesson lesson;
            try {
                lesson = LessonReader.read(f);
            } catch (DataFileException e) {
                rows.add(new CheckResult(f.toString(), 0, "load", new Text("a valid lesson file", "有效的课程文件"),
                        Text.same(e.getMessage()), false, e.line()));
                continue;
            }
            String other = ids.putIfAbsent(lesson.id(), f.toString());
            if (other != null) {
                rows.add(new CheckResult(lesson.id(), 0, "id", new Text("an id no other lesson has", "别的课程没有用过的 id"),
                        Text.format("also the id of %s", "也是 %s 的 id", other), false, 1));
            }
            rows.addAll(check(lesson).rows());
        }
        progress.at("", files.size(), files.size());
        return new Report(rows);
    }

    /** Plays one lesson and verifies its checks. */
    public static Report check(Lesson lesson) {
        List<CheckResult> rows = new ArrayList<>(AnswerLeaks.check(lesson));
        LessonRunner runner = new LessonRunner(lesson);
        while (runner.hasNext()) {
            rows.addAll(runner.runNext().checks());
        }
        return new Report(rows);
    }

    /**
     * The lesson files of a folder in file-name order, or the one file given.
     *
     * @throws DataFileException when the path does not exist or the folder holds no lesson file
     */
    public static List<Path> lessonFiles(Path path) throws DataFileException {
        if (!Files.isDirectory(path)) {
            if (Files.notExists(path, LinkOption.NOFOLLOW_LINKS)) {
                throw new DataFileException(path.toString(), 0, "", "no such file or folder");
            }
            // anything else that exists is given to the reader, which names what it is (a named
            // pipe, a device, a link and its target) on a row of its own
            return List.of(path);
        }
        List<Path> out;
        try (Stream<Path> s = Files.list(path)) {
            // every *.yaml that is not a folder: a named pipe or a link to a device among the
            // lessons is reported as a row, not skipped in silence
            out = new ArrayList<>(s.filter(p -> {
                String n = p.getFileName().toString().toLowerCase(Locale.ROOT);
                return !Files.isDirectory(p) && (n.endsWith(".yaml") || n.endsWith(".yml"));
            }).sorted().toList());
        } catch (IOException e) {
            throw new DataFileException(path.toString(), 0, "", "cannot be listed: " + FileKinds.reason(e));
        }
        if (out.isEmpty()) {
            throw new DataFileException(path.toString(), 0, "", "holds no lesson file (*.yaml)");
        }
        return out;
    }
}
