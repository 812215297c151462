package dev.hooke.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.io.AtomicFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The CSV file is written whole or not at all. */
class CsvFileTest {

    @TempDir
    Path dir;

    private List<Path> listing() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.sorted().toList();
        }
    }

    @Test
    void aMissingDirectoryIsOneClearLineAndExitCodeOne() throws IOException {
        Path target = dir.resolve("missing").resolve("out.csv");
        Hooke.Result r = Hooke.run("run", "--steps", "3", "--csv", target.toString());
        assertEquals(1, r.code());
        assertEquals("", r.out());
        assertEquals(1, r.errLines().size(), r.err());
        String line = r.errLines().get(0);
        assertTrue(line.startsWith(HookeCli.PREFIX + "--csv: cannot write " + target), line);
        assertTrue(line.contains("does not exist"), line);
        assertEquals(List.of(), listing());
    }

    @Test
    void aDirectoryAsTargetIsRefusedAndLeftAlone() throws IOException {
        Path target = Files.createDirectory(dir.resolve("taken"));
        Hooke.Result r = Hooke.run("run", "--steps", "3", "--csv", target.toString());
        assertEquals(1, r.code());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.errLines().get(0).startsWith(HookeCli.PREFIX + "--csv: "), r.err());
        assertEquals(List.of(target), listing());
        assertTrue(Files.isDirectory(target));
    }

    @Test
    void anExistingFileIsReplacedWholeAndNoTemporaryFileRemains() throws IOException {
        Path target = dir.resolve("out.csv");
        Files.writeString(target, "old content\n", StandardCharsets.UTF_8);
        int steps = 4;
        Hooke.Result r = Hooke.run("run", "--steps", Integer.toString(steps), "--csv", target.toString());
        assertEquals(0, r.code(), r.err());
        List<String> lines = Files.readAllLines(target, StandardCharsets.UTF_8);
        assertEquals(new ObservablesCsv().header(), lines.get(0));
        assertEquals(steps + 2, lines.size());
        assertEquals(List.of(target), listing());
    }

    @Test
    void aBadOptionLeavesAnExistingFileUntouched() throws IOException {
        Path target = dir.resolve("out.csv");
        Files.writeString(target, "old content\n", StandardCharsets.UTF_8);
        Hooke.Result r = Hooke.run("run", "--dt", "-1", "--csv", target.toString());
        assertEquals(2, r.code());
        assertEquals("old content\n", Files.readString(target, StandardCharsets.UTF_8));
        assertEquals(List.of(target), listing());
    }

    @Test
    void anUncommittedFileVanishesAndTheTargetKeepsItsContent() throws IOException {
        Path target = dir.resolve("out.csv");
        Files.writeString(target, "old content\n", StandardCharsets.UTF_8);
        try (AtomicFiles.Pending file = AtomicFiles.open(target, AtomicFiles.Special.REFUSE)) {
            file.stream().write("half a row,".getBytes(StandardCharsets.UTF_8));
            assertEquals(2, listing().size(), "the temporary file sits beside the target");
        }
        assertEquals("old content\n", Files.readString(target, StandardCharsets.UTF_8));
        assertEquals(List.of(target), listing());
    }

    @Test
    void aCommittedFileAppearsWhole() throws IOException {
        Path target = dir.resolve("new.csv");
        try (AtomicFiles.Pending file = AtomicFiles.open(target, AtomicFiles.Special.REFUSE)) {
            file.stream().write("a,b\n1,2\n".getBytes(StandardCharsets.UTF_8));
            assertFalse(Files.exists(target), "nothing at the target before the commit");
            file.commit();
        }
        assertEquals("a,b\n1,2\n", Files.readString(target, StandardCharsets.UTF_8));
        assertEquals(List.of(target), listing());
    }
}
