package dev.hooke.core.io;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.hooke.core.lesson.LessonReader;
import dev.hooke.core.scene.SceneFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The scene and lesson readers on random byte mutations of the shipped files: every mutated file
 * is read or refused with a {@link DataFileException} (one line naming the file), within a time
 * limit, and nothing else is thrown. A failure prints the seed and case to replay.
 */
class MutatedFilesFuzzTest {

    /** Mutated files read, in all. */
    private static final int CASES = 2400;
    /** The fixed seed: the same cases on every run. */
    private static final long SEED = 0x5eed_17L;
    /**
     * How long one read may take before it counts as hung; in s. The readers are linear in the
     * file's size (1 MB at most, milliseconds); the bound is set for two busy cores, not for speed.
     */
    private static final long CASE_SECONDS = 30;

    /** Characters that mean something to YAML or to a number, inserted more often than chance would. */
    private static final String SYNTAX = "0123456789:-[]{}&*!|>'\" \n\t#.eE";

    @TempDir
    Path dir;

    private static List<Path> shipped() throws IOException {
        List<Path> files = new ArrayList<>();
        for (Path folder : List.of(Path.of("lessons"), Path.of("lessons", "scenes"))) {
            try (Stream<Path> s = Files.list(folder)) {
                s.filter(p -> p.toString().endsWith(".yaml")).sorted().forEach(files::add);
            }
        }
        return files;
    }

    /** One to four mutations: a byte replaced, inserted or removed, a span duplicated or cut. */
    private static byte[] mutate(byte[] original, SplittableRandom rnd) {
        byte[] b = original;
        int n = 1 + rnd.nextInt(4);
        for (int k = 0; k < n && b.length > 0; k++) {
            int at = rnd.nextInt(b.length);
            switch (rnd.nextInt(5)) {
                case 0 -> {
                    b = b.clone();
                    b[at] = (byte) rnd.nextInt(256);
                }
                case 1 -> {
                    byte[] c = new byte[b.length + 1];
                    System.arraycopy(b, 0, c, 0, at);
                    c[at] = (byte) SYNTAX.charAt(rnd.nextInt(SYNTAX.length()));
                    System.arraycopy(b, at, c, at + 1, b.length - at);
                    b = c;
                }
                case 2 -> {
                    byte[] c = new byte[b.length - 1];
                    System.arraycopy(b, 0, c, 0, at);
                    System.arraycopy(b, at + 1, c, at, b.length - at - 1);
                    b = c;
                }
                case 3 -> {
                    int len = Math.min(b.length - at, 1 + rnd.nextInt(200));
                    byte[] c = new byte[b.length + len];
                    System.arraycopy(b, 0, c, 0, at + len);
                    System.arraycopy(b, at, c, at + len, b.length - at);
                    b = c;
                }
                default -> {
                    int len = Math.min(b.length - at, 1 + rnd.nextInt(200));
                    byte[] c = new byte[b.length - len];
                    System.arraycopy(b, 0, c, 0, at);
                    System.arraycopy(b, at + len, c, at, b.length - at - len);
                    b = c;
                }
            }
        }
        return b;
    }

    @Test
    void everyMutatedFileIsReadOrRefusedInOneLine() throws Exception {
        List<Path> files = shipped();
        assertTrue(files.size() >= 10, "the shipped lessons and scenes: " + files);
        List<byte[]> originals = new ArrayList<>();
        for (Path f : files) {
            originals.add(Files.readAllBytes(f));
        }
        SplittableRandom rnd = new SplittableRandom(SEED);
        ExecutorService reader = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "fuzz-reader");
            t.setDaemon(true);
            return t;
        });
        int refused = 0;
        try {
            for (int c = 0; c < CASES; c++) {
                int which = rnd.nextInt(files.size());
                Path file = dir.resolve("case-" + c + ".yaml");
                Files.write(file, mutate(originals.get(which), rnd));
                boolean lesson = files.get(which).getParent().getFileName().toString().equals("lessons");
                Future<String> outcome = reader.submit(() -> {
                    try {
                        if (lesson) {
                            LessonReader.read(file);
                        } else {
                            SceneFile.read(file);
                        }
                        return null;
                    } catch (DataFileException e) {
                        return e.getMessage();
                    }
                });
                String what = "case " + c + " (seed " + SEED + ", from " + files.get(which) + ")";
                String message;
                try {
                    message = outcome.get(CASE_SECONDS, TimeUnit.SECONDS);
                } catch (TimeoutException e) {
                    fail(what + ": still reading after " + CASE_SECONDS + " s");
                    return;
                } catch (java.util.concurrent.ExecutionException e) {
                    throw new AssertionError(what + ": threw " + e.getCause(), e.getCause());
                }
                if (message != null) {
                    refused++;
                    assertTrue(message.startsWith(file.toString()), what + ": the message does not name the file: " + message);
                    assertTrue(!message.contains("\n") && !message.contains("Exception"), what + ": " + message);
                }
                Files.delete(file);
            }
        } finally {
            reader.shutdownNow();
        }
        // the mutations must reach the checks: most cases are refused, some still read
        assertTrue(refused > CASES / 4 && refused < CASES, "refused " + refused + " of " + CASES);
    }
}
