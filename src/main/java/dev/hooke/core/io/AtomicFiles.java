package dev.hooke.core.io;

import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Pattern;

/**
 * Writes a file so that a failed or interrupted write never leaves it broken, and so that
 * writing respects what is there.
 *
 * <ul>
 *   <li><b>A regular file</b> (or none yet) is written to a hidden temporary file beside it,
 *       {@code .NAME.<hex>.tmp}, forced to the disk and renamed onto the target in one atomic
 *       step ({@link StandardCopyOption#ATOMIC_MOVE}, a plain rename where the file system has no
 *       atomic one). Until then the old file is untouched; after it the new one is complete. The
 *       new file is created with the user's umask (0644 by default), and an existing file's
 *       permissions are kept.</li>
 *   <li><b>A symbolic link</b> is followed: the file it points to is written as above, and the link
 *       stays a link.</li>
 *   <li><b>A device, a named pipe or a socket</b> ({@code /dev/null}, {@code /dev/stdout}, a
 *       FIFO) is written in place: renaming a regular file over it would replace the device by
 *       a file.</li>
 *   <li><b>A read-only file</b> (one this process may not write) and a folder are refused with
 *       an {@link IOException} naming the reason; nothing is changed.</li>
 *   <li><b>Temporary files</b> are deleted when the write fails, when it is abandoned, and when
 *       the JVM ends on SIGTERM or SIGINT before the rename (a shutdown hook). One left by a
 *       process that was killed outright (SIGKILL) is removed at the next write of the same
 *       target.</li>
 * </ul>
 */
public final class AtomicFiles {

    /** Writes the content of a file. */
    @FunctionalInterface
    public interface Body {
        /** Writes everything to {@code out} (which the caller closes). */
        void writeTo(OutputStream out) throws IOException;
    }

    /**
     * The temporary files being written now, deleted by the shutdown hook if the JVM ends first. A
     * name joins before its file is created, so a signal between the two cannot leave the file behind.
     */
    private static final Set<Path> PENDING = ConcurrentHashMap.newKeySet();
    /** Set by the shutdown hook: from then on no temporary file is created. */
    private static volatile boolean ending;

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            ending = true;
            for (Path p : PENDING) {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException | RuntimeException e) {
                    // the JVM is ending: nothing else can be done
                }
            }
        }, "hooke-temporary-files"));
    }

    private AtomicFiles() {
    }

    /** Replaces {@code target} with UTF-8 text (see the class comment). */
    public static void writeString(Path target, String text) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        write(target, out -> out.write(bytes));
    }

    /** Replaces {@code target} with what {@code body} writes (see the class comment). */
    public static void write(Path target, Body body) throws IOException {
        try (Pending p = open(target)) {
            body.writeTo(p.stream());
            p.commit();
        }
    }

    /**
     * Opens {@code target} for writing: what is written to {@link Pending#stream()} reaches it
     * at {@link Pending#commit()}; closing without a commit leaves it as it was (see the class
     * comment).
     *
     * @throws IOException with a message fit for the user when the folder is missing, the target
     *                     is a folder or read-only, or the folder cannot be written
     */
    public static Pending open(Path target) throws IOException {
        Path file = target.toAbsolutePath().normalize();
        if (file.getFileName() == null || file.getParent() == null) {
            throw new IOException(target + ": not a file name");
        }
        if (Files.isSymbolicLink(file)) {
            file = Files.exists(file) ? file.toRealPath()
                    : file.getParent().resolve(Files.readSymbolicLink(file)).normalize();  // a link to a file to be
        }
        Path dir = file.getParent();
        if (!Files.isDirectory(dir)) {
            throw new IOException(target + ": the folder " + dir + " does not exist");
        }
        if (Files.isDirectory(file)) {
            throw new IOException(target + ": is a folder");
        }
        if (Files.exists(file) && !Files.isRegularFile(file)) {
            // a device, a FIFO or a socket: written in place, never replaced by a file
            OutputStream out = Files.newOutputStream(file, StandardOpenOption.WRITE);
            return new Pending(file, null, new BufferedOutputStream(out, 1 << 16), null);
        }
        if (Files.exists(file) && !Files.isWritable(file)) {
            throw new AccessDeniedException(target.toString(), null, "the file is read-only");
        }
        removeStale(dir, file.getFileName().toString());
        for (int attempt = 0; ; attempt++) {
            Path temp = dir.resolve("." + file.getFileName() + "."
                    + Long.toHexString(ThreadLocalRandom.current().nextLong() >>> 1) + ".tmp");
            PENDING.add(temp);
            try {
                if (ending) {
                    throw new IOException(target + ": not written, the program is ending");
                }
                FileChannel channel = FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
                if (ending) {
                    channel.close();
                    Files.deleteIfExists(temp);
                    throw new IOException(target + ": not written, the program is ending");
                }
                return new Pending(file, temp, new BufferedOutputStream(Channels.newOutputStream(channel), 1 << 16),
                        channel);
            } catch (FileAlreadyExistsException e) {
                PENDING.remove(temp);                      // another's file: never the hook's to delete
                if (attempt >= 10) {
                    throw e;
                }
            }
        }
    }

    /**
     * Deletes temporary files of ours for {@code name} in {@code dir} that no write of this JVM
     * holds: left by a process killed before its rename.
     */
    private static void removeStale(Path dir, String name) {
        Pattern ours = Pattern.compile("\\." + Pattern.quote(name) + "\\.[0-9a-f]{1,16}\\.tmp");
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir, "." + globSafe(name) + ".*.tmp")) {
            for (Path p : entries) {
                if (ours.matcher(p.getFileName().toString()).matches() && !PENDING.contains(p)
                        && Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
                    Files.deleteIfExists(p);
                }
            }
        } catch (IOException | RuntimeException e) {
            // a folder that cannot be listed or an entry that cannot be deleted: the write goes on
        }
    }

    /** {@code name} with the glob's special characters replaced by '?' (the pattern above checks the rest). */
    private static String globSafe(String name) {
        return name.replaceAll("[\\\\*?\\[\\]{}]", "?");
    }

    /**
     * A write in progress: {@link #stream()} takes the content, {@link #commit()} puts it in
     * place, {@link #close()} without a commit abandons it.
     */
    public static final class Pending implements Closeable {

        private final Path target;
        /** The temporary file, or null when the target is written in place. */
        private final Path temp;
        private final OutputStream out;
        private final FileChannel channel;
        private boolean done;

        private Pending(Path target, Path temp, OutputStream out, FileChannel channel) {
            this.target = target;
            this.temp = temp;
            this.out = out;
            this.channel = channel;
        }

        /** Where the content goes (buffered; the commit flushes it). */
        public OutputStream stream() {
            return out;
        }

        /** The file the content reaches at the commit (a link's target, for a link). */
        public Path target() {
            return target;
        }

        /**
         * Flushes the content, forces it to the disk and puts it in place: renames the temporary
         * file onto the target, keeping an existing target's permissions.
         */
        public void commit() throws IOException {
            if (done) {
                throw new IllegalStateException("already committed or closed");
            }
            out.flush();
            if (temp == null) {
                done = true;
                out.close();
                return;
            }
            channel.force(true);
            out.close();
            PosixFileAttributeView now = Files.getFileAttributeView(target, PosixFileAttributeView.class);
            if (now != null && Files.exists(target)) {
                Files.setPosixFilePermissions(temp, now.readAttributes().permissions());
            }
            try {
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            }
            done = true;
            PENDING.remove(temp);
        }

        /** Without a commit: closes and deletes the temporary file; the target is left as it was. */
        @Override
        public void close() throws IOException {
            if (done) {
                return;
            }
            done = true;
            try {
                out.close();
            } finally {
                if (temp != null) {
                    Files.deleteIfExists(temp);
                    PENDING.remove(temp);
                }
            }
        }
    }
}
