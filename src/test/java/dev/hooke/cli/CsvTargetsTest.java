package dev.hooke.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --csv} to what the shell set up, in a child JVM as a shell would start it: the standard
 * output appended to a file ({@code >>}) or into a pipe ({@code |}), the standard error, and a
 * file that another run is writing at the same time.
 */
class CsvTargetsTest {

    /** How long a child JVM may take to start, to run and to end; in s. */
    private static final long CHILD_SECONDS = 60;
    /** Steps enough to run far longer than the test waits. */
    private static final String FOREVER = "200000000";
    /** Steps of a short run: its CSV has STEPS + 2 lines (header and step 0). */
    private static final int STEPS = 4;

    @TempDir
    Path dir;

    private static ProcessBuilder child(String... args) {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "dev.hooke.Main"));
        command.addAll(List.of(args));
        return new ProcessBuilder(command);
    }

    private static int end(Process p) throws InterruptedException {
        try {
            assertTrue(p.waitFor(CHILD_SECONDS, TimeUnit.SECONDS), "the run did not end");
            return p.exitValue();
        } finally {
            p.destroyForcibly();
        }
    }

    private static void assertCsv(List<String> lines) {
        assertEquals(STEPS + 2, lines.size(), "header and rows: " + lines);
        assertEquals(new ObservablesCsv().header(), lines.get(0));
        for (int i = 1; i < lines.size(); i++) {
            assertTrue(lines.get(i).startsWith((i - 1) + ","), "row of step " + (i - 1) + ": " + lines.get(i));
        }
    }

    /** {@code --csv /dev/stdout >> log.txt}: the log keeps its lines and the CSV follows them. */
    @Test
    void theStandardOutputAppendedToAFileKeepsItsEarlierLines() throws Exception {
        Path log = Files.writeString(dir.resolve("log.txt"), "an earlier line\n", StandardCharsets.UTF_8);
        Path errors = dir.resolve("errors.txt");
        Process p = child("run", "--steps", Integer.toString(STEPS), "--csv", "/dev/stdout")
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).redirectError(errors.toFile()).start();
        assertEquals(0, end(p), Files.readString(errors));
        List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
        assertEquals("an earlier line", lines.get(0), "the log's earlier line");
        assertCsv(lines.subList(1, lines.size()));
        assertEquals(List.of(errors, log), listing(), "no temporary file, the log not replaced");
    }

    /** {@code --csv /dev/stdout | wc -l} (and {@code /dev/fd/1}): every row reaches the pipe, exit 0. */
    @Test
    void theStandardOutputIntoAPipeGetsEveryRow() throws Exception {
        for (String name : List.of("/dev/stdout", "/dev/fd/1")) {
            Path errors = dir.resolve("errors.txt");
            Process p = child("run", "--steps", Integer.toString(STEPS), "--csv", name).redirectError(errors.toFile()).start();
            List<String> lines;
            try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                lines = out.lines().toList();
            }
            assertEquals(0, end(p), name + ": " + Files.readString(errors));
            assertCsv(lines);
            assertEquals("", Files.readString(errors), name);
        }
    }

    /** {@code --csv /dev/stderr 2>> log.txt}: a descriptor other than the standard output is appended to. */
    @Test
    void theStandardErrorAppendedToAFileKeepsItsEarlierLines() throws Exception {
        Path log = Files.writeString(dir.resolve("log.txt"), "an earlier line\n", StandardCharsets.UTF_8);
        Process p = child("run", "--steps", Integer.toString(STEPS), "--csv", "/dev/stderr")
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        assertEquals(0, end(p));
        List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
        assertEquals("an earlier line", lines.get(0), "the log's earlier line");
        assertCsv(lines.subList(1, lines.size()));
        assertEquals(List.of(log), listing());
    }

    /**
     * Two runs writing the same CSV: the second's write, which sweeps temporary files left by
     * killed runs, leaves the first one's file in progress alone.
     */
    @Test
    void aSecondRunOfTheSameFileLeavesTheFirstOnesWriteAlone() throws Exception {
        Path csv = dir.resolve("same.csv");
        try (WatchService watch = dir.getFileSystem().newWatchService()) {
            dir.register(watch, StandardWatchEventKinds.ENTRY_CREATE);
            Process first = child("run", "--scene", "chain", "--steps", FOREVER, "--csv", csv.toString())
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(dir.resolve("errors.txt").toFile())
                    .start();
            try {
                // woken by the file's creation, not by a clock
                WatchKey key;
                while (temporaries().isEmpty() && first.isAlive()
                        && (key = watch.poll(CHILD_SECONDS, TimeUnit.SECONDS)) != null) {
                    key.pollEvents();
                    key.reset();
                }
                List<Path> inProgress = temporaries();
                assertEquals(1, inProgress.size(), "the first run's temporary file: " + inProgress);

                Hooke.Result second = Hooke.run("run", "--steps", Integer.toString(STEPS), "--csv", csv.toString());
                assertEquals(0, second.code(), second.err());
                assertCsv(Files.readAllLines(csv, StandardCharsets.UTF_8));
                assertTrue(first.isAlive(), "the first run is still writing");
                assertEquals(inProgress, temporaries(), "the first run's file in progress was removed");
                first.destroy();                                        // SIGTERM: it removes its own file
                assertTrue(first.waitFor(CHILD_SECONDS, TimeUnit.SECONDS), "the first run did not end on SIGTERM");
            } finally {
                first.destroyForcibly();
            }
        }
        assertEquals(List.of(), temporaries(), "temporary files left");
        assertCsv(Files.readAllLines(csv, StandardCharsets.UTF_8));
    }

    private List<Path> temporaries() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".tmp")).toList();
        }
    }

    private List<Path> listing() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.sorted().toList();
        }
    }
}
