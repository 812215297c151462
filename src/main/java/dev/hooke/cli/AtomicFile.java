package dev.hooke.cli;

import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A text file written all at once or not at all: the text goes to a hidden temporary file in the
 * target's directory, and {@link #commit()} renames it onto the target with
 * {@link StandardCopyOption#ATOMIC_MOVE}. Closing without committing deletes the temporary file,
 * so a failed run leaves neither a half-written target nor debris; an existing target stays as it
 * was until the commit replaces it whole. UTF-8.
 */
final class AtomicFile implements Closeable {

    private final Path target;
    private final Path temp;
    private final Writer writer;
    private boolean done;

    private AtomicFile(Path target, Path temp, Writer writer) {
        this.target = target;
        this.temp = temp;
        this.writer = writer;
    }

    /**
     * Opens a temporary file beside {@code target}.
     *
     * @throws IOException with a message fit for the user when the directory is missing, the
     *                     target is a directory, or the directory cannot be written
     */
    static AtomicFile open(Path target) throws IOException {
        Path absolute = target.toAbsolutePath().normalize();
        Path dir = absolute.getParent();
        if (dir == null || absolute.getFileName() == null) {
            throw new IOException("not a file name");
        }
        if (!Files.isDirectory(dir)) {
            throw new IOException("the directory " + dir + " does not exist");
        }
        if (Files.isDirectory(absolute)) {
            throw new IOException("it is a directory");
        }
        for (int attempt = 0; ; attempt++) {
            Path temp = dir.resolve("." + absolute.getFileName() + "."
                    + Long.toHexString(ThreadLocalRandom.current().nextLong()) + ".tmp");
            try {
                Writer w = new BufferedWriter(new OutputStreamWriter(Files.newOutputStream(temp,
                        StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE), StandardCharsets.UTF_8), 1 << 16);
                return new AtomicFile(absolute, temp, w);
            } catch (FileAlreadyExistsException e) {
                if (attempt >= 10) {
                    throw e;
                }
            }
        }
    }

    /** Where the text goes until the commit. */
    Writer writer() {
        return writer;
    }

    /** The path written at the commit. */
    Path target() {
        return target;
    }

    /** Closes the temporary file and renames it onto the target, atomically where the file system can. */
    void commit() throws IOException {
        if (done) {
            throw new IllegalStateException("already committed or closed");
        }
        writer.close();
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
        }
        done = true;
    }

    /** Without a commit: closes and deletes the temporary file; the target is left alone. */
    @Override
    public void close() throws IOException {
        if (done) {
            return;
        }
        done = true;
        try {
            writer.close();
        } finally {
            Files.deleteIfExists(temp);
        }
    }
}
