package dev.hooke.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.File;
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
 * The command line in a child JVM, stopped from outside: a run writing a CSV file that is ended by
 * SIGTERM leaves no temporary file, and a run writing to a pipe whose reader has gone, or to a
 * full disk, ends with exit 1 and one line, soon.
 */
class InterruptedRunTest {

    /** How long a child JVM may take to start, to react and to end; in s. */
    private static final long CHILD_SECONDS = 60;
    /** Steps enough to run far longer than the test waits. */
    private static final String FOREVER = "200000000";

    @TempDir
    Path dir;

    private static Process start(Path errors, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "dev.hooke.Main"));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectError(errors.toFile()).start();
    }

    private List<Path> temporaries() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".tmp")).toList();
        }
    }

    @Test
    void sigtermWhileWritingACsvFileLeavesNoTemporaryFile() throws Exception {
        interruptWhileWritingACsvFile(null);
    }

    @Test
    void sigusr1WhileWritingACsvFileLeavesNoTemporaryFile() throws Exception {
        interruptWhileWritingACsvFile("USR1");
    }

    /** A run writing a CSV file, sent {@code signal} (null: SIGTERM) once its temporary file exists. */
    private void interruptWhileWritingACsvFile(String signal) throws Exception {
        Path csv = dir.resolve("big.csv");
        try (WatchService watch = dir.getFileSystem().newWatchService()) {
            dir.register(watch, StandardWatchEventKinds.ENTRY_CREATE);
            Process child = start(dir.resolve("errors.txt"), "run", "--scene", "chain", "--steps", FOREVER,
                    "--csv", csv.toString());
            try {
                // woken by the file's creation, not by a clock
                WatchKey key;
                while (temporaries().isEmpty() && child.isAlive()
                        && (key = watch.poll(CHILD_SECONDS, TimeUnit.SECONDS)) != null) {
                    key.pollEvents();
                    key.reset();
                }
                assertFalse(temporaries().isEmpty(), "the run never started writing its temporary file");
                if (signal == null) {
                    child.destroy();                                    // SIGTERM
                } else {
                    Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(child.pid())).start();
                    assertEquals(0, kill.waitFor(), "kill -" + signal);
                }
                assertTrue(child.waitFor(CHILD_SECONDS, TimeUnit.SECONDS), "the run did not end on SIG"
                        + (signal == null ? "TERM" : signal));
            } finally {
                child.destroyForcibly();
            }
        }
        assertEquals(List.of(), temporaries(), "temporary files left after SIG" + (signal == null ? "TERM" : signal));
        assertFalse(Files.exists(csv), "a half-written CSV took the target's name");
    }

    @Test
    void aPipeWhoseReaderLeftEndsTheRunWithExit1AndOneLine() throws Exception {
        Path errors = dir.resolve("errors.txt");
        Process child = start(errors, "run", "--scene", "chain", "--steps", FOREVER, "--csv", "-");
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
            String header = out.readLine();
            assertTrue(header != null && header.startsWith("step,"), "the CSV's header: " + header);
            out.close();                                            // the reader leaves, as head -1 does
            assertTrue(child.waitFor(CHILD_SECONDS, TimeUnit.SECONDS), "the run went on after its reader left");
        } finally {
            child.destroyForcibly();
        }
        assertEquals(1, child.exitValue());
        List<String> said = Files.readAllLines(errors, StandardCharsets.UTF_8).stream()
                .filter(l -> !l.isBlank()).toList();
        assertEquals(1, said.size(), "one line on standard error: " + said);
        assertTrue(said.get(0).contains("standard output"), said.get(0));
        assertFalse(said.get(0).contains("Exception"), said.get(0));
    }

    /** A full disk on the standard output (Linux's /dev/full) ends any command with exit 1 and one line. */
    @Test
    void aFullStandardOutputEndsTheCommandWithExit1AndOneLine() throws Exception {
        File full = new File("/dev/full");
        org.junit.jupiter.api.Assumptions.assumeTrue(full.exists(), "no /dev/full here");
        for (String[] args : new String[][] {
                {"run", "--scene", "spring", "--steps", "20", "--csv", "-"},
                {"stability", "--scene", "spring"}}) {
            Path errors = dir.resolve("errors-" + args[0] + ".txt");
            List<String> command = new ArrayList<>(List.of(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp", System.getProperty("java.class.path"), "dev.hooke.Main"));
            command.addAll(List.of(args));
            Process child = new ProcessBuilder(command).redirectOutput(full).redirectError(errors.toFile()).start();
            try {
                assertTrue(child.waitFor(CHILD_SECONDS, TimeUnit.SECONDS), args[0] + " did not end");
            } finally {
                child.destroyForcibly();
            }
            List<String> said = Files.readAllLines(errors, StandardCharsets.UTF_8).stream()
                    .filter(l -> !l.isBlank()).toList();
            assertEquals(1, child.exitValue(), args[0] + ": " + said);
            assertEquals(1, said.size(), args[0] + ": one line on standard error: " + said);
            assertTrue(said.get(0).contains("standard output"), said.get(0));
        }
        assertTrue(full.exists() && !full.isFile(), "/dev/full is still a device");
    }
}
