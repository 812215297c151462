package dev.hooke.core.lesson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.io.DataFileException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** No lesson states a numeric answer in the narration shown before its question. */
class AnswerLeaksTest {

    private static final Path CLOTH = Path.of("lessons", "12-cloth.yaml");

    @Test
    void noShippedLessonGivesANumericAnswerAway() throws DataFileException {
        int checked = 0;
        for (Path p : LessonChecker.lessonFiles(Path.of("lessons"))) {
            for (CheckResult r : AnswerLeaks.check(LessonReader.read(p))) {
                checked++;
                assertTrue(r.pass(), p + " step " + r.step() + ": " + r.measured());
            }
        }
        assertTrue(checked >= 5, checked + " numeric questions checked");
    }

    /** The cloth lesson with its hanging cloth's limit stated again before the question. */
    @Test
    void theClothLessonWithItsLimitStatedBeforeTheQuestionFails() throws IOException, DataFileException {
        String text = Files.readString(CLOTH, StandardCharsets.UTF_8);
        assertTrue(text.contains("= 1200/m: every"));
        Lesson leaky = LessonReader.parse(text.replace("= 1200/m: every", "= 1200/m, so the limit is 1.83 ms: every"),
                "12-cloth.yaml");
        List<CheckResult> failed = AnswerLeaks.check(leaky).stream().filter(r -> !r.pass()).toList();
        assertEquals(1, failed.size(), failed.toString());
        assertEquals(4, failed.get(0).step());
        assertEquals("it states 1.83", failed.get(0).measured());
        assertFalse(LessonChecker.check(leaky).rows().stream().allMatch(CheckResult::pass), "lesson check fails too");
    }

    /** A number close enough to count as the answer, in the Chinese narration only, is caught too. */
    @Test
    void aLeakInTheChineseNarrationAloneIsCaught() throws IOException, DataFileException {
        String text = Files.readString(CLOTH, StandardCharsets.UTF_8);
        String zh = "剪切弹簧的刚度叠加在结构弹簧之上。";
        assertTrue(text.contains(zh));
        Lesson leaky = LessonReader.parse(text.replace(zh, zh + "极限约为 1.8 ms。"), "12-cloth.yaml");
        List<CheckResult> failed = AnswerLeaks.check(leaky).stream().filter(r -> !r.pass()).toList();
        assertEquals(List.of("it states 1.8"), failed.stream().map(CheckResult::measured).toList());
    }
}
