package dev.hooke.cli;

import dev.hooke.core.io.DataFileException;
import dev.hooke.core.lesson.LessonChecker;
import dev.hooke.core.lesson.Report;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code hooke lesson}: the lesson scripts of {@code lessons/}, headless. */
@Command(name = "lesson", mixinStandardHelpOptions = true, versionProvider = HookeCli.Version.class,
        description = "Works with lesson scripts headless.",
        subcommands = LessonCommand.Check.class)
final class LessonCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new UsageException(spec.commandLine(), "missing command: lesson check [PATH]");
    }

    /**
     * {@code hooke lesson check [PATH]}: plays every step of every lesson and verifies each of its
     * checks against the engine, prints a table (lesson, step, check, expected, measured,
     * PASS/FAIL) and a closing "N passed, M failed" line. Exit code 0 when every check passed, 1
     * when one failed (or a lesson file could not be read: that is a FAIL row naming its file and
     * line), 2 when the path holds no lesson. {@code --lang zh} writes the table in Chinese.
     */
    @Command(name = "check", mixinStandardHelpOptions = true, versionProvider = HookeCli.Version.class,
            description = {"Plays every step of every lesson and verifies its checks against the engine.",
                "Prints lesson, step, check, expected, measured, PASS/FAIL; exit code 1 if any check fails."})
    static final class Check implements Callable<Integer> {

        @Spec
        CommandSpec spec;

        @Parameters(index = "0", arity = "0..1", paramLabel = "PATH",
                description = {"A folder of lesson files (*.yaml) or one lesson file (default: lessons/ in the",
                    "working directory, or else the lessons installed with the program)."})
        Path path;

        @Option(names = "--lang", paramLabel = "LANG", defaultValue = "en",
                description = "The language of the expected and measured columns: en or zh (default: ${DEFAULT-VALUE}).")
        String lang;

        @Override
        public Integer call() {
            if (!lang.equals("en") && !lang.equals("zh")) {
                throw new UsageException(spec.commandLine(), "--lang: must be en or zh, got " + lang);
            }
            Report report;
            try (ProgressLine progress = ProgressLine.onTerminal("lesson check")) {
                report = LessonChecker.checkAll(path != null ? path : LessonChecker.defaultFolder(), progress);
            } catch (DataFileException e) {
                throw new UsageException(spec.commandLine(), "PATH: " + e.getMessage());
            }
            PrintWriter out = spec.commandLine().getOut();
            out.print(report.formatTable(lang.equals("zh") ? Locale.SIMPLIFIED_CHINESE : Locale.ENGLISH));
            out.flush();
            return report.exitCode();
        }
    }
}
