package dev.hooke.core.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.scene.SceneFile;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFilesTest {

    @TempDir
    Path dir;

    private List<Path> listing() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.sorted().toList();
        }
    }

    @Test
    void aWriteThatFailsHalfwayLeavesTheOldFileIntactAndNoTemporaryFile() throws IOException {
        Path target = dir.resolve("scene.yaml");
        SceneFile.of(SceneSpec.of(SceneType.CHAIN)).write(target);
        byte[] before = Files.readAllBytes(target);
        IOException e = assertThrows(IOException.class, () -> AtomicFiles.write(target, AtomicFiles.Special.REFUSE, out -> {
            out.write("type: cloth\nsize: ".getBytes(StandardCharsets.UTF_8));
            throw new IOException("disk full");
        }));
        assertEquals("disk full", e.getMessage());
        assertEquals(new String(before, StandardCharsets.UTF_8), Files.readString(target));
        assertEquals(List.of(target), listing());
    }

    @Test
    void aRuntimeFailureInsideTheWriterLeavesTheOldFileIntact() throws IOException {
        Path target = dir.resolve("scene.yaml");
        Files.writeString(target, "type: spring\n");
        assertThrows(IllegalStateException.class, () -> AtomicFiles.write(target, AtomicFiles.Special.REFUSE, out -> {
            out.write(new byte[4096]);
            throw new IllegalStateException("writer crashed");
        }));
        assertEquals("type: spring\n", Files.readString(target));
        assertEquals(List.of(target), listing());
    }

    @Test
    void aFolderInPlaceOfTheTargetIsRefusedAndLeftAlone() throws IOException {
        Path target = dir.resolve("scene.yaml");
        Files.createDirectory(target);
        Files.writeString(target.resolve("inside.txt"), "keep");
        assertThrows(IOException.class, () -> AtomicFiles.writeString(target, AtomicFiles.Special.REFUSE, "type: spring\n"));
        assertEquals("keep", Files.readString(target.resolve("inside.txt")));
        assertEquals(List.of(target), listing());
    }

    @Test
    void aMissingFolderIsRefused() {
        Path target = dir.resolve("no/such/folder/scene.yaml");
        IOException e = assertThrows(IOException.class, () -> AtomicFiles.writeString(target, AtomicFiles.Special.REFUSE, "x"));
        assertTrue(e.getMessage().contains("does not exist"), e.getMessage());
        assertTrue(Files.notExists(dir.resolve("no")));
    }

    @Test
    void aSuccessfulWriteReplacesTheFile() throws IOException {
        Path target = dir.resolve("scene.yaml");
        Files.writeString(target, "old");
        AtomicFiles.writeString(target, AtomicFiles.Special.REFUSE, "new ✓");
        assertEquals("new ✓", Files.readString(target));
        assertEquals(List.of(target), listing());
    }
}
