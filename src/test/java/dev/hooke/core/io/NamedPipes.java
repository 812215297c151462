package dev.hooke.core.io;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** Named pipes for the tests of odd files: made with mkfifo, or the test is skipped, saying why. */
public final class NamedPipes {

    /** How long mkfifo may take; in s. */
    private static final long MKFIFO_SECONDS = 10;

    private NamedPipes() {
    }

    /** Makes a named pipe at {@code path}; skips the test where mkfifo is missing or fails. */
    public static Path make(Path path) throws InterruptedException {
        Process mk;
        try {
            mk = new ProcessBuilder("mkfifo", path.toString()).start();
        } catch (IOException e) {
            assumeTrue(false, "no mkfifo here: " + e.getMessage());
            return path;
        }
        assumeTrue(mk.waitFor(MKFIFO_SECONDS, TimeUnit.SECONDS) && mk.exitValue() == 0, "mkfifo failed");
        return path;
    }
}
