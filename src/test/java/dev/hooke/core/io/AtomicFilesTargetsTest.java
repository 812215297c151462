package dev.hooke.core.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.GroupPrincipal;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A write respects what is at the target: a link stays a link, a named pipe stays a pipe, a
 * read-only file is refused or keeps its permissions, a new file takes the umask's permissions,
 * and temporary files left by a killed writer are removed, never a living writer's. Loops and
 * chains of links, hard links, another user's file and special files where the caller must not
 * wait are kept as they are or written through.
 */
class AtomicFilesTargetsTest {

    /** How long the named pipe's reader may take; in s. */
    private static final long PIPE_SECONDS = 20;
    /** How long a child process may take; in s. */
    private static final long CHILD_SECONDS = 60;
    /** A bound on a call that must not hang, far above what it takes on a busy machine; in s. */
    private static final long HANG_GUARD_SECONDS = 60;

    @TempDir
    Path dir;

    private List<Path> listing() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.sorted().toList();
        }
    }

    private static boolean posix(Path p) {
        return p.getFileSystem().supportedFileAttributeViews().contains("posix");
    }

    @Test
    void aLinkIsFollowedAndStaysALink() throws IOException {
        Path real = dir.resolve("real.csv");
        Files.writeString(real, "old");
        Path link = Files.createSymbolicLink(dir.resolve("link.csv"), real.getFileName());
        AtomicFiles.writeString(link, AtomicFiles.Special.REFUSE, "new");
        assertTrue(Files.isSymbolicLink(link), "the link was replaced by a file");
        assertEquals("new", Files.readString(real));
        assertEquals(List.of(link, real), listing());
    }

    @Test
    void aLinkToAFileNotYetThereCreatesItAndStaysALink() throws IOException {
        Path link = Files.createSymbolicLink(dir.resolve("link.csv"), Path.of("later.csv"));
        AtomicFiles.writeString(link, AtomicFiles.Special.REFUSE, "first");
        assertTrue(Files.isSymbolicLink(link));
        assertEquals("first", Files.readString(dir.resolve("later.csv")));
    }

    @Test
    void aNamedPipeIsWrittenInPlaceAndStaysAPipe() throws Exception {
        Path fifo = NamedPipes.make(dir.resolve("pipe.csv"));
        CompletableFuture<String> read = CompletableFuture.supplyAsync(() -> {
            try (InputStream in = Files.newInputStream(fifo)) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                return "read failed: " + e;
            }
        });
        AtomicFiles.writeString(fifo, AtomicFiles.Special.WRITE_IN_PLACE, "a,b\n1,2\n");
        assertEquals("a,b\n1,2\n", read.get(PIPE_SECONDS, TimeUnit.SECONDS));
        assertFalse(Files.isRegularFile(fifo), "the pipe was replaced by a file");
        assertTrue(Files.exists(fifo));
        assertEquals(List.of(fifo), listing(), "no temporary file beside a pipe");
    }

    /**
     * A file this process may not write is refused, as the operating system would; where the
     * process may write it all the same (root), it is written and keeps its permissions.
     */
    @Test
    void aReadOnlyFileIsRefusedOrKeepsItsPermissions() throws IOException {
        assumeTrue(posix(dir), "no POSIX permissions here");
        Path target = dir.resolve("kept.yaml");
        Files.writeString(target, "old");
        Set<PosixFilePermission> readOnly = PosixFilePermissions.fromString("r--r--r--");
        Files.setPosixFilePermissions(target, readOnly);
        if (!Files.isWritable(target)) {
            AccessDeniedException e = assertThrows(AccessDeniedException.class, () -> AtomicFiles.writeString(target, AtomicFiles.Special.REFUSE, "new"));
            assertTrue(e.getMessage().contains("read-only"), e.getMessage());
            assertEquals("old", Files.readString(target));
        } else {
            AtomicFiles.writeString(target, AtomicFiles.Special.REFUSE, "new");
            assertEquals("new", Files.readString(target));
        }
        assertEquals(readOnly, Files.getPosixFilePermissions(target));
        assertEquals(List.of(target), listing());
    }

    @Test
    void aNewFileTakesTheUmasksPermissionsAndAnOldOneKeepsItsOwn() throws IOException {
        assumeTrue(posix(dir), "no POSIX permissions here");
        Path plain = Files.createFile(dir.resolve("plain.txt"));      // as the user's umask makes files
        Path fresh = dir.resolve("fresh.csv");
        AtomicFiles.writeString(fresh, AtomicFiles.Special.REFUSE, "x");
        assertEquals(Files.getPosixFilePermissions(plain), Files.getPosixFilePermissions(fresh));
        Path shared = dir.resolve("shared.csv");
        Files.writeString(shared, "old");
        Set<PosixFilePermission> groupWrite = PosixFilePermissions.fromString("rw-rw-r--");
        Files.setPosixFilePermissions(shared, groupWrite);
        AtomicFiles.writeString(shared, AtomicFiles.Special.REFUSE, "new");
        assertEquals(groupWrite, Files.getPosixFilePermissions(shared));
    }

    /**
     * A temporary file goes only when its writer is provably gone (its process id is not alive):
     * another run's file in progress, and one whose name carries no process id, stay.
     */
    @Test
    void onlyTemporaryFilesOfADeadWriterGoAtTheNextWrite() throws Exception {
        long dead = deadPid();
        long alive = ProcessHandle.current().parent().orElseThrow().pid();
        Path target = dir.resolve("big.csv");
        Path stale = Files.writeString(dir.resolve(".big.csv." + dead + ".3f2a9c01d4e5b6a7.tmp"), "half a run");
        Path running = Files.writeString(dir.resolve(".big.csv." + alive + ".0123456789abcdef.tmp"), "a run at work");
        Path noPid = Files.writeString(dir.resolve(".big.csv.3f2a9c01d4e5b6a7.tmp"), "whose?");
        Path other = Files.writeString(dir.resolve(".other.csv." + dead + ".3f2a9c01d4e5b6a7.tmp"), "another file's");
        Path notOurs = Files.writeString(dir.resolve(".big.csv.backup.tmp"), "the user's");
        AtomicFiles.writeString(target, AtomicFiles.Special.REFUSE, "whole");
        assertEquals("a run at work", Files.readString(running), "a living writer's file in progress");
        assertEquals("whose?", Files.readString(noPid), "a file whose writer cannot be told");
        assertFalse(Files.exists(stale), "the temporary file of a writer that is gone is still there");
        assertTrue(Files.exists(other), "another target's temporary file was removed");
        assertTrue(Files.exists(notOurs), "a file not of our naming was removed");
        assertEquals("whole", Files.readString(target));
    }

    /** The id of a process that has ended (a JVM asked for its version). */
    static long deadPid() throws Exception {
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-version")
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        assertTrue(p.waitFor(CHILD_SECONDS, TimeUnit.SECONDS), "java -version did not end");
        long pid = p.pid();
        assumeTrue(ProcessHandle.of(pid).isEmpty(), "the ended process's id is in use again");
        return pid;
    }

    /** A write's temporary file names its writer: this process's id. */
    @Test
    void aTemporaryFileNamesItsWriter() throws IOException {
        Path target = dir.resolve("mine.csv");
        try (AtomicFiles.Pending p = AtomicFiles.open(target, AtomicFiles.Special.REFUSE)) {
            assertEquals(dir.toRealPath().resolve("mine.csv"), p.target());
            List<Path> files = listing();
            assertEquals(1, files.size(), "files: " + files);
            String name = files.get(0).getFileName().toString();
            assertTrue(name.matches("\\.mine\\.csv\\." + ProcessHandle.current().pid() + "\\.[0-9a-f]{16}\\.tmp"), name);
        }
        assertEquals(List.of(), listing());
    }

    /** Saving to a named pipe nobody reads returns at once, refused by the file's type; the pipe stays. */
    @Test
    void aNamedPipeIsRefusedAtOnceWhereTheCallerMustNotWait() throws Exception {
        Path fifo = NamedPipes.make(dir.resolve("scene.yaml"));
        IOException e = assertTimeoutPreemptively(Duration.ofSeconds(HANG_GUARD_SECONDS),
                () -> assertThrows(IOException.class, () -> AtomicFiles.writeString(fifo, AtomicFiles.Special.REFUSE, "x")));
        assertEquals(fifo + ": is a named pipe, not a regular file; only a file can be saved to", e.getMessage());
        assertTrue(Files.exists(fifo) && !Files.isRegularFile(fifo), "the pipe is still a pipe");
        assertEquals(List.of(fifo), listing(), "no temporary file");
    }

    /** A device is refused where the caller must not wait, and left a device. */
    @Test
    void aDeviceIsRefusedWhereTheCallerMustNotWait() {
        Path zero = Path.of("/dev/zero");
        assumeTrue(Files.exists(zero), "no /dev/zero here");
        IOException e = assertThrows(IOException.class, () -> AtomicFiles.writeString(zero, AtomicFiles.Special.REFUSE, "x"));
        assertTrue(e.getMessage().startsWith("/dev/zero: is a character device"), e.getMessage());
        assertFalse(Files.isRegularFile(zero));
    }

    @Test
    void aLoopOfLinksIsRefusedInOneLineAndStaysLinks() throws IOException {
        Path a = Files.createSymbolicLink(dir.resolve("a.csv"), Path.of("b.csv"));
        Path b = Files.createSymbolicLink(dir.resolve("b.csv"), Path.of("a.csv"));
        Path self = Files.createSymbolicLink(dir.resolve("self.csv"), Path.of("self.csv"));
        for (Path p : List.of(a, self)) {
            IOException e = assertThrows(IOException.class, () -> AtomicFiles.writeString(p, AtomicFiles.Special.REFUSE, "x"));
            assertTrue(e.getMessage().startsWith(p + ": a loop of symbolic links"), e.getMessage());
            assertEquals(1, e.getMessage().lines().count(), e.getMessage());
        }
        for (Path p : List.of(a, b, self)) {
            assertTrue(Files.isSymbolicLink(p), p + " was replaced");
        }
        assertEquals(Path.of("b.csv"), Files.readSymbolicLink(a));
        assertEquals(List.of(a, b, self), listing());
    }

    /** A chain of links (each relative to its own folder) that ends in a missing file creates that file. */
    @Test
    void aChainOfLinksEndingInAMissingFileCreatesItAndStaysLinks() throws IOException {
        Path sub = Files.createDirectory(dir.resolve("sub"));
        Path first = Files.createSymbolicLink(dir.resolve("first.csv"), Path.of("sub", "second.csv"));
        Path second = Files.createSymbolicLink(sub.resolve("second.csv"), Path.of("third.csv"));
        Path third = Files.createSymbolicLink(sub.resolve("third.csv"), Path.of("..", "last.csv"));
        AtomicFiles.writeString(first, AtomicFiles.Special.REFUSE, "through");
        for (Path p : List.of(first, second, third)) {
            assertTrue(Files.isSymbolicLink(p), p + " was replaced");
        }
        assertEquals("through", Files.readString(dir.resolve("last.csv")));
        assertEquals("through", Files.readString(first));
        assertEquals(List.of(first, dir.resolve("last.csv"), sub), listing());
    }

    @Test
    void aLinkIntoAMissingFolderIsRefusedAndStaysALink() throws IOException {
        Path link = Files.createSymbolicLink(dir.resolve("link.csv"), Path.of("gone", "x.csv"));
        IOException e = assertThrows(IOException.class, () -> AtomicFiles.writeString(link, AtomicFiles.Special.REFUSE, "x"));
        assertEquals(link + ": the link leads to " + dir.toRealPath().resolve("gone/x.csv") + ", whose folder "
                + dir.toRealPath().resolve("gone") + " does not exist", e.getMessage());
        assertTrue(Files.isSymbolicLink(link));
        assertEquals(List.of(link), listing());
    }

    /** A file with two names is refused in one line: both names keep the old content and stay one file. */
    @Test
    void aHardLinkedFileIsRefusedAndStaysLinked() throws IOException {
        Path one = Files.writeString(dir.resolve("one.csv"), "old");
        Path two = Files.createLink(dir.resolve("two.csv"), one);
        IOException e = assertThrows(IOException.class, () -> AtomicFiles.writeString(two, AtomicFiles.Special.REFUSE, "new"));
        assertTrue(e.getMessage().startsWith(two + ": has 2 hard links"), e.getMessage());
        assertEquals(1, e.getMessage().lines().count(), e.getMessage());
        assertEquals("old", Files.readString(one));
        assertTrue(Files.isSameFile(one, two), "the names are one file still");
        assertEquals(List.of(one, two), listing());
    }

    /** Replacing another user's file (as root, who may) leaves it theirs, group and mode too. */
    @Test
    void anotherUsersFileKeepsItsOwnerGroupAndMode() throws IOException {
        assumeTrue(posix(dir), "no POSIX permissions here");
        Path target = Files.writeString(dir.resolve("theirs.csv"), "old");
        UserPrincipalLookupService users = dir.getFileSystem().getUserPrincipalLookupService();
        UserPrincipal nobody;
        GroupPrincipal nogroup;
        try {
            nobody = users.lookupPrincipalByName("nobody");
            nogroup = users.lookupPrincipalByGroupName("nogroup");
            Files.setOwner(target, nobody);
            Files.getFileAttributeView(target, PosixFileAttributeView.class).setGroup(nogroup);
        } catch (IOException e) {
            assumeTrue(false, "cannot give a file to another user here (not root): " + e.getMessage());
            return;
        }
        Set<PosixFilePermission> mode = PosixFilePermissions.fromString("rw-rw----");
        Files.setPosixFilePermissions(target, mode);
        AtomicFiles.writeString(target, AtomicFiles.Special.REFUSE, "new");
        PosixFileAttributes after = Files.readAttributes(target, PosixFileAttributes.class);
        assertEquals("new", Files.readString(target));
        assertEquals(nobody, after.owner());
        assertEquals(nogroup, after.group());
        assertEquals(mode, after.permissions());
    }
}
