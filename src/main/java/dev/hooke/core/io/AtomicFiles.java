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
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Writes a file so that a failed or interrupted write never leaves it broken, and so that
 * writing respects what is there: nothing at the target is ever destroyed or replaced by
 * something of another kind.
 *
 * <ul>
 *   <li><b>A regular file</b> (or none yet) is written to a hidden temporary file beside it,
 *       {@code .NAME.<pid>.<hex>.tmp} (the writer's process id and 64 random bits), forced to the
 *       disk and renamed onto the target in one atomic step ({@link StandardCopyOption#ATOMIC_MOVE},
 *       a plain rename where the file system has no atomic one). Until then the old file is
 *       untouched; after it the new one is complete. A new file is created with the user's umask
 *       (0644 by default); an existing file keeps its permissions, its owner and its group (a write
 *       that could not give the new file the old one's owner is refused).</li>
 *   <li><b>A file with hard links</b> (more than one name) is refused: a rename would give the
 *       name a new file and leave the other names with the old content, and writing in place
 *       would lose the old content to a failure halfway. Save under a new name instead.</li>
 *   <li><b>A symbolic link</b> is followed, link after link (relative to each link's folder, as
 *       the kernel does), to its final target, which is written as above; the links stay links. A
 *       chain that ends in a missing file creates that file. A loop, or a chain longer than
 *       {@value #MAX_LINKS} links, is refused with one line; nothing is changed.</li>
 *   <li><b>A device, a named pipe or a socket</b> is never replaced by a file. With
 *       {@link Special#WRITE_IN_PLACE} (the command line) it is opened and written in place, as
 *       the shell would; opening a named pipe waits for its reader. With {@link Special#REFUSE}
 *       (the workbench, whose window must never wait) it is refused at once, by its type, without
 *       being opened.</li>
 *   <li><b>An open file of a process</b>, {@code /dev/fd/N}, {@code /dev/stdout},
 *       {@code /proc/self/fd/N}, is the file, pipe or terminal that descriptor has open: it is
 *       written in place and appended to ({@code O_APPEND}), so a file the shell opened with
 *       {@code >>} keeps its lines and a pipe stays a pipe (with {@link Special#REFUSE}, refused).
 *       {@link #isStandardOutput} tells the caller when the target is its own standard output,
 *       which it had better write directly.</li>
 *   <li><b>A read-only file</b> (one this process may not write) and a folder are refused with
 *       an {@link IOException} naming the reason; nothing is changed.</li>
 *   <li><b>Temporary files</b> are deleted by their writer when the write fails, when it is
 *       abandoned, and when the JVM ends on SIGTERM or SIGINT before the rename (a shutdown hook).
 *       One left by a process that was killed outright (SIGKILL) is removed at a later write of
 *       the same target, once its owner is provably gone: its process id is not alive. The
 *       temporary file of another writer still at work is never touched, nor a file of the old
 *       naming without a process id, whose owner cannot be told.</li>
 * </ul>
 *
 * <p>Every refusal is an {@link IOException} whose message is one line naming the file and the
 * reason.
 */
public final class AtomicFiles {

    /** Writes the content of a file. */
    @FunctionalInterface
    public interface Body {
        /** Writes everything to {@code out} (which the caller closes). */
        void writeTo(OutputStream out) throws IOException;
    }

    /** What a write does with a target that is not a regular file: a device, a pipe, a socket. */
    public enum Special {
        /** Opened and written in place, as a shell's redirection would (opening a pipe waits for a reader). */
        WRITE_IN_PLACE,
        /** Refused at once by its type, never opened: for a caller that must not wait. */
        REFUSE
    }

    /** The longest chain of symbolic links followed, as Linux's {@code MAXSYMLINKS}. */
    public static final int MAX_LINKS = 40;

    /** The folders of a process's open files: {@code /proc/PID/fd}, {@code /proc/PID/task/TID/fd}. */
    private static final Pattern DESCRIPTORS = Pattern.compile("/proc/(?:self|thread-self|[0-9]+)(?:/task/[0-9]+)?/fd");

    /** This process's id, part of the name of each of its temporary files. */
    private static final long PID = ProcessHandle.current().pid();

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
    public static void writeString(Path target, Special special, String text) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        write(target, special, out -> out.write(bytes));
    }

    /** Replaces {@code target} with what {@code body} writes (see the class comment). */
    public static void write(Path target, Special special, Body body) throws IOException {
        try (Pending p = open(target, special)) {
            body.writeTo(p.stream());
            p.commit();
        }
    }

    /**
     * Whether {@code target} names this process's standard output ({@code /dev/stdout},
     * {@code /dev/fd/1}, {@code /proc/self/fd/1}): the caller had better write to its standard
     * output directly, at the place the shell's redirection keeps, instead of opening it again.
     */
    public static boolean isStandardOutput(Path target) {
        try {
            Path p = resolve(target);
            return p.getFileName().toString().equals("1") && isDescriptorFolder(p.getParent())
                    && p.getParent().equals(Path.of("/proc", Long.toString(PID), "fd"));
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /**
     * Opens {@code target} for writing: what is written to {@link Pending#stream()} reaches it
     * at {@link Pending#commit()}; closing without a commit leaves it as it was (see the class
     * comment).
     *
     * @param special what to do with a device, a pipe or a socket
     * @throws IOException with a one-line message naming the file and the reason, when the folder
     *                     is missing, the target is a folder, read-only, hard-linked, another
     *                     user's, a loop of links, a special file refused, or the folder cannot be
     *                     written
     */
    public static Pending open(Path target, Special special) throws IOException {
        Path file = resolve(target);
        Path dir = file.getParent();
        if (isDescriptorFolder(dir)) {
            if (special == Special.REFUSE) {
                throw new IOException(target + ": an open file of a process (" + file + "), not a file to save to");
            }
            OutputStream out = Files.newOutputStream(file, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
            return new Pending(file, null, new BufferedOutputStream(out, 1 << 16), null);
        }
        if (Files.isDirectory(file)) {
            throw new IOException(target + ": is a folder");
        }
        PosixFileAttributes old = null;
        if (Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            if (!a.isRegularFile()) {
                if (special == Special.REFUSE) {
                    throw new IOException(target + ": is " + kind(file) + ", not a regular file; only a file can be saved to");
                }
                // a device, a FIFO or a socket: written in place, never replaced by a file
                OutputStream out = Files.newOutputStream(file, StandardOpenOption.WRITE);
                return new Pending(file, null, new BufferedOutputStream(out, 1 << 16), null);
            }
            if (!Files.isWritable(file)) {
                throw new AccessDeniedException(target.toString(), null, "the file is read-only");
            }
            int links = links(file);
            if (links > 1) {
                throw new IOException(target + ": has " + links + " hard links; replacing it would split them,"
                        + " so it is left as it is (save under a new name)");
            }
            old = posix(file);
        }
        removeStale(dir, file.getFileName().toString());
        for (int attempt = 0; ; attempt++) {
            Path temp = dir.resolve("." + file.getFileName() + "." + PID + "."
                    + String.format("%016x", ThreadLocalRandom.current().nextLong()) + ".tmp");
            PENDING.add(temp);
            try {
                if (ending) {
                    throw new IOException(target + ": not written, the program is ending");
                }
                FileChannel channel = FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
                Pending p = new Pending(file, temp, new BufferedOutputStream(Channels.newOutputStream(channel), 1 << 16),
                        channel);
                if (ending) {
                    p.close();
                    throw new IOException(target + ": not written, the program is ending");
                }
                try {
                    keepOwner(target, temp, old);
                } catch (IOException e) {
                    p.close();
                    throw e;
                }
                return p;
            } catch (FileAlreadyExistsException e) {
                PENDING.remove(temp);                      // another's file: never the hook's to delete
                if (attempt >= 10) {
                    throw e;
                }
            }
        }
    }

    /**
     * The file {@code target} leads to: its folder's real path and its name, after every symbolic
     * link, each read relative to its own folder; a path in a folder of open files
     * ({@link #isDescriptorFolder}) is returned there, its link not followed (it names an open
     * file, not a path).
     */
    private static Path resolve(Path target) throws IOException {
        Path p = target.toAbsolutePath().normalize();
        Set<Path> seen = new HashSet<>();
        for (int hop = 0; ; hop++) {
            Path name = p.getFileName();
            if (name == null || p.getParent() == null) {
                throw new IOException(target + ": not a file name");
            }
            Path dir;
            try {
                dir = p.getParent().toRealPath();
            } catch (NoSuchFileException e) {
                throw new IOException(target + (hop == 0 ? ": the folder " : ": the link leads to " + p + ", whose folder ")
                        + p.getParent() + " does not exist");
            } catch (FileSystemException e) {
                throw new IOException(target + ": the folder " + p.getParent() + " cannot be reached: "
                        + (e.getReason() != null ? e.getReason() : e.getClass().getSimpleName()));
            }
            p = dir.resolve(name);
            if (name.toString().equals(".") || name.toString().equals("..") || isDescriptorFolder(dir)
                    || !Files.isSymbolicLink(p)) {
                return p;
            }
            if (!seen.add(p)) {
                throw new IOException(target + ": a loop of symbolic links (" + p + " leads back to itself)");
            }
            if (hop >= MAX_LINKS) {
                throw new IOException(target + ": more than " + MAX_LINKS + " symbolic links in a row");
            }
            p = dir.resolve(Files.readSymbolicLink(p));
        }
    }

    /** Whether {@code dir} (a real path) is a folder of a process's open files. */
    private static boolean isDescriptorFolder(Path dir) {
        return dir != null && DESCRIPTORS.matcher(dir.toString()).matches();
    }

    /** What kind of special file {@code file} is, in words: "a named pipe", "a device"... */
    private static String kind(Path file) {
        try {
            int type = (Integer) Files.getAttribute(file, "unix:mode", LinkOption.NOFOLLOW_LINKS) & 0170000;
            switch (type) {
                case 0010000:
                    return "a named pipe";
                case 0020000:
                    return "a character device";
                case 0060000:
                    return "a block device";
                case 0140000:
                    return "a socket";
                default:
                    break;
            }
        } catch (IOException | RuntimeException e) {
            // no unix view here: say it plainly
        }
        return "a special file";
    }

    /** The number of names (hard links) of {@code file}; 1 where the file system cannot say. */
    private static int links(Path file) {
        try {
            return (Integer) Files.getAttribute(file, "unix:nlink", LinkOption.NOFOLLOW_LINKS);
        } catch (IOException | RuntimeException e) {
            return 1;
        }
    }

    /** The owner, group and permissions of {@code file}, or null where the file system has none. */
    private static PosixFileAttributes posix(Path file) throws IOException {
        PosixFileAttributeView v = Files.getFileAttributeView(file, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS);
        return v == null ? null : v.readAttributes();
    }

    /**
     * Gives the temporary file the owner and group of the file it replaces, so that replacing
     * another user's file (as root) leaves it theirs; refuses when that cannot be done.
     */
    private static void keepOwner(Path target, Path temp, PosixFileAttributes old) throws IOException {
        if (old == null) {
            return;
        }
        PosixFileAttributeView v = Files.getFileAttributeView(temp, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS);
        PosixFileAttributes now = v.readAttributes();
        try {
            if (!now.owner().equals(old.owner())) {
                v.setOwner(old.owner());
            }
            if (!now.group().equals(old.group())) {
                v.setGroup(old.group());
            }
        } catch (IOException e) {
            throw new IOException(target + ": belongs to " + old.owner().getName() + ":" + old.group().getName()
                    + ", and a new copy could not be given to them, so it is left as it is");
        }
    }

    /**
     * Deletes temporary files for {@code name} in {@code dir} whose writer is provably gone: its
     * process id is not alive (or is this process, which holds no write of that file). Files of
     * living writers, and of the naming without a process id, are left alone.
     */
    private static void removeStale(Path dir, String name) {
        Pattern ours = Pattern.compile("\\." + Pattern.quote(name) + "\\.([0-9]{1,19})\\.[0-9a-f]{16}\\.tmp");
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir, "." + globSafe(name) + ".*.tmp")) {
            for (Path p : entries) {
                Matcher m = ours.matcher(p.getFileName().toString());
                if (m.matches() && !PENDING.contains(p) && ownerGone(m.group(1))
                        && Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
                    Files.deleteIfExists(p);
                }
            }
        } catch (IOException | RuntimeException e) {
            // a folder that cannot be listed or an entry that cannot be deleted: the write goes on
        }
    }

    /** Whether the process {@code pid} is gone, or is this one (whose writes are all in {@link #PENDING}). */
    private static boolean ownerGone(String pid) {
        long id;
        try {
            id = Long.parseLong(pid);
        } catch (NumberFormatException e) {
            return false;
        }
        return id == PID || ProcessHandle.of(id).isEmpty();
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
