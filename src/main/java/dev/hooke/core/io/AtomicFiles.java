package dev.hooke.core.io;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Writes a file so that a failed write never leaves it broken: the content goes to a temporary
 * file in the same directory, is forced to the disk, and replaces the target by one atomic rename
 * ({@link StandardCopyOption#ATOMIC_MOVE}). Until the rename the old file is untouched; after it
 * the new one is complete. On any failure the temporary file is deleted and the exception
 * propagates.
 */
public final class AtomicFiles {

    /** Writes the content of a file. */
    @FunctionalInterface
    public interface Body {
        /** Writes everything to {@code out} (which the caller closes). */
        void writeTo(OutputStream out) throws IOException;
    }

    private AtomicFiles() {
    }

    /** Replaces {@code target} atomically with UTF-8 text. */
    public static void writeString(Path target, String text) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        write(target, out -> out.write(bytes));
    }

    /**
     * Replaces {@code target} atomically with what {@code body} writes.
     *
     * @throws AtomicMoveNotSupportedException when the file system cannot rename atomically (the
     *                                         target is then left as it was)
     */
    public static void write(Path target, Body body) throws IOException {
        Path abs = target.toAbsolutePath();
        Path dir = abs.getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            throw new IOException(target + ": the folder " + dir + " does not exist");
        }
        if (Files.isDirectory(abs)) {
            throw new IOException(target + ": is a folder");
        }
        Path tmp = Files.createTempFile(dir, "." + abs.getFileName() + ".", ".tmp");
        boolean done = false;
        try {
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
                 OutputStream out = Channels.newOutputStream(ch)) {
                body.writeTo(out);
                out.flush();
                ch.force(true);
            }
            Files.move(tmp, abs, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            done = true;
        } finally {
            if (!done) {
                Files.deleteIfExists(tmp);
            }
        }
    }
}
