package dev.hooke.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code hooke lesson check}: the table, its closing line and the exit codes. */
class LessonCommandTest {

    @TempDir
    Path dir;

    @Test
    void aPassingLessonExitsZeroWithATable() throws IOException {
        Files.copy(Path.of("lessons", "02-semi-implicit-euler.yaml"), dir.resolve("02.yaml"));
        Hooke.Result r = Hooke.run("lesson", "check", dir.toString());
        assertEquals(0, r.code(), r.err() + r.out());
        String first = r.out().lines().findFirst().orElseThrow();
        assertTrue(first.startsWith("lesson") && first.contains("expected") && first.contains("measured")
                && first.endsWith("result"), first);
        assertTrue(r.out().contains("PASS"), r.out());
        String last = r.out().lines().reduce((a, b) -> b).orElseThrow();
        assertTrue(last.matches("\\d+ passed, 0 failed"), last);
    }

    @Test
    void theTableCanBeWrittenInChineseWithTheSameNumbers() throws IOException {
        Files.copy(Path.of("lessons", "02-semi-implicit-euler.yaml"), dir.resolve("02.yaml"));
        Hooke.Result en = Hooke.run("lesson", "check", dir.toString());
        Hooke.Result zh = Hooke.run("lesson", "check", "--lang", "zh", dir.toString());
        assertEquals(0, zh.code(), zh.err() + zh.out());
        List<String> enRows = en.out().lines().toList();
        List<String> zhRows = zh.out().lines().toList();
        assertEquals(enRows.size(), zhRows.size(), zh.out());
        assertTrue(zhRows.get(0).startsWith("课程") && zhRows.get(0).endsWith("结果"), zhRows.get(0));
        assertTrue(zhRows.get(zhRows.size() - 1).matches("\\d+ 项通过，0 项失败"), zhRows.get(zhRows.size() - 1));
        Pattern number = Pattern.compile("\\d+(?:\\.\\d+)?(?:e[-+]?\\d+)?");
        for (int i = 2; i < enRows.size() - 1; i++) {
            assertTrue(zhRows.get(i).codePoints().anyMatch(c -> Character.UnicodeScript.of(c)
                    == Character.UnicodeScript.HAN), zhRows.get(i));
            assertEquals(number.matcher(enRows.get(i)).results().map(m -> m.group()).sorted().toList(),
                    number.matcher(zhRows.get(i)).results().map(m -> m.group()).sorted().toList(), zhRows.get(i));
        }
    }

    @Test
    void anUnknownLanguageIsABadUsage() {
        Hooke.Result r = Hooke.run("lesson", "check", "--lang", "fr", "lessons");
        assertEquals(2, r.code());
        assertTrue(r.errLines().get(0).startsWith(HookeCli.PREFIX + "--lang: must be en or zh, got fr"), r.err());
    }

    @Test
    void aBrokenLessonIsAFailRowNamingItsFileAndLineAndExitsOne() throws IOException {
        Files.copy(Path.of("lessons", "02-semi-implicit-euler.yaml"), dir.resolve("02.yaml"));
        Path broken = dir.resolve("99-broken.yaml");
        Files.writeString(broken, "id: broken\ntitle: {en: x, zh: x}\nscene: [\n", StandardCharsets.UTF_8);
        Hooke.Result r = Hooke.run("lesson", "check", dir.toString());
        assertEquals(1, r.code(), r.out());
        assertTrue(r.out().contains("FAIL"), r.out());
        assertTrue(r.out().contains("99-broken.yaml:"), r.out());
        String last = r.out().lines().reduce((a, b) -> b).orElseThrow();
        assertTrue(last.matches("\\d+ passed, 1 failed"), last);
    }

    @Test
    void aPathWithoutLessonsIsABadUsage() {
        Hooke.Result r = Hooke.run("lesson", "check", dir.resolve("none").toString());
        assertEquals(2, r.code());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.errLines().get(0).startsWith(HookeCli.PREFIX + "PATH: "), r.err());
    }
}
