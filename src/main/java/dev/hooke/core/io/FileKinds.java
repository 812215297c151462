package dev.hooke.core.io;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;

/**
 * What a path that is not a regular file is, in words for a message: a named pipe, a device, a
 * socket, a folder, a link and what it points to, or nothing at all. A reader names the real
 * reason ("is a link to /dev/zero, a device, not a file") instead of "no such file", and never
 * opens such a path: a named pipe would block until a writer comes, a device such as /dev/zero
 * never ends. Nothing here reads a file's contents.
 */
public final class FileKinds {

    /** The file type bits of a Unix mode (S_IFMT) and their values (POSIX sys/stat.h). */
    private static final int TYPE_MASK = 0170000;
    private static final int FIFO = 0010000;
    private static final int CHARACTER_DEVICE = 0020000;
    private static final int DIRECTORY = 0040000;
    private static final int BLOCK_DEVICE = 0060000;
    private static final int REGULAR = 0100000;
    private static final int SOCKET = 0140000;

    private FileKinds() {
    }

    /**
     * Why {@code path} cannot be read as a file, or null when it is a regular file (or a link to
     * one). For example "no such file", "is a named pipe, not a file", "is a link to /dev/zero, a
     * device, not a file", "is a link to gone.yaml, which does not exist".
     */
    public static String whyNotAFile(Path path) {
        if (Files.notExists(path, LinkOption.NOFOLLOW_LINKS)) {
            return "no such file";
        }
        if (!Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
            // neither there nor not: its attributes cannot be read (a /proc file of another process)
            try {
                Files.readAttributes(path, java.nio.file.attribute.BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                return null;
            } catch (IOException e) {
                return "cannot be examined: " + reason(e);
            }
        }
        if (Files.isSymbolicLink(path)) {
            String target;
            try {
                target = Files.readSymbolicLink(path).toString();
            } catch (IOException | UnsupportedOperationException e) {
                target = "?";
            }
            if (!Files.exists(path)) {
                return loops(path) ? "is a link that leads round in a loop" : "is a link to " + target
                        + ", which does not exist";
            }
            String kind = kind(path);
            return kind == null ? null : "is a link to " + target + ", " + kind + ", not a file";
        }
        String kind = kind(path);
        return kind == null ? null : "is " + kind + ", not a file";
    }

    /** Whether following the links from {@code path} fails because they form a loop. */
    private static boolean loops(Path path) {
        try {
            path.toRealPath();
            return false;
        } catch (FileSystemLoopException e) {
            return true;
        } catch (FileSystemException e) {
            return e.getReason() != null && e.getReason().toLowerCase(java.util.Locale.ROOT).contains("too many");
        } catch (IOException e) {
            return false;
        }
    }

    /** "a named pipe", "a device", "a socket", "a folder", or null for a regular file; links followed. */
    private static String kind(Path path) {
        if (Files.isRegularFile(path)) {
            return null;
        }
        if (Files.isDirectory(path)) {
            return "a folder";
        }
        try {
            Object mode = Files.getAttribute(path, "unix:mode");
            if (mode instanceof Integer m) {
                return switch (m & TYPE_MASK) {
                    case FIFO -> "a named pipe";
                    case CHARACTER_DEVICE, BLOCK_DEVICE -> "a device";
                    case SOCKET -> "a socket";
                    case DIRECTORY -> "a folder";
                    case REGULAR -> null;
                    default -> "a special file";
                };
            }
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            // no Unix attributes here: the generic answer below
        }
        return "a special file (a named pipe, a device or a socket)";
    }

    /**
     * The reason of a failed read, in words, without the path the exception repeats: "permission
     * denied", "no such file", "its links form a loop", or the system's own reason.
     */
    public static String reason(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NoSuchFileException) {
            return "no such file";
        }
        if (e instanceof FileSystemLoopException) {
            return "its links form a loop";
        }
        if (e instanceof NotDirectoryException) {
            return "a part of its path is not a folder";
        }
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        return e.getMessage() == null ? "an input/output error" : e.getMessage();
    }
}
