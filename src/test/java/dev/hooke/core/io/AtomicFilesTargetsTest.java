package dev.hooke.core.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
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
 * and temporary files left by a killed writer are removed.
 */
class AtomicFilesTargetsTest {

    /** How long the named pipe's reader may take; in s. */
    private static final long PIPE_SECONDS = 20;

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
        AtomicFiles.writeString(link, "new");
        assertTrue(Files.isSymbolicLink(link), "the link was replaced by a file");
        assertEquals("new", Files.readString(real));
        assertEquals(List.of(link, real), listing());
    }

    @Test
    void aLinkToAFileNotYetThereCreatesItAndStaysALink() throws IOException {
        Path link = Files.createSymbolicLink(dir.resolve("link.csv"), Path.of("later.csv"));
        AtomicFiles.writeString(link, "first");
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
        AtomicFiles.writeString(fifo, "a,b\n1,2\n");
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
            AccessDeniedException e = assertThrows(AccessDeniedException.class, () -> AtomicFiles.writeString(target, "new"));
            assertTrue(e.getMessage().contains("read-only"), e.getMessage());
            assertEquals("old", Files.readString(target));
        } else {
            AtomicFiles.writeString(target, "new");
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
        AtomicFiles.writeString(fresh, "x");
        assertEquals(Files.getPosixFilePermissions(plain), Files.getPosixFilePermissions(fresh));
        Path shared = dir.resolve("shared.csv");
        Files.writeString(shared, "old");
        Set<PosixFilePermission> groupWrite = PosixFilePermissions.fromString("rw-rw-r--");
        Files.setPosixFilePermissions(shared, groupWrite);
        AtomicFiles.writeString(shared, "new");
        assertEquals(groupWrite, Files.getPosixFilePermissions(shared));
    }

    @Test
    void temporaryFilesLeftByAKilledWriterGoAtTheNextWrite() throws IOException {
        Path target = dir.resolve("big.csv");
        Path stale = Files.writeString(dir.resolve(".big.csv.3f2a9c01d4e5b6a7.tmp"), "half a run");
        Path other = Files.writeString(dir.resolve(".other.csv.3f2a9c01d4e5b6a7.tmp"), "another file's");
        Path notOurs = Files.writeString(dir.resolve(".big.csv.backup.tmp"), "the user's");
        AtomicFiles.writeString(target, "whole");
        assertFalse(Files.exists(stale), "the stale temporary file of this target is still there");
        assertTrue(Files.exists(other), "another target's temporary file was removed");
        assertTrue(Files.exists(notOurs), "a file not of our naming was removed");
        assertEquals("whole", Files.readString(target));
    }
}
