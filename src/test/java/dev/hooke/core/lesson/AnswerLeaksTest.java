package dev.hooke.core.lesson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.io.DataFileException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The texts of a lesson leave the prediction to the class: no numeric answer before its question,
 * a right choice that does not mark itself, and little to read before the question.
 */
class AnswerLeaksTest {

    /** A two-step lesson: the first asks the limit in ms (its narration on line 6), the second a choice (line 15). */
    private static final String NUMERIC = """
            id: leak-test
            title: {en: "One spring", zh: "一根弹簧"}
            narration: {en: "A spring of k = 1000 N/m and m = 0.1 kg.", zh: "一根 k = 1000 N/m、m = 0.1 kg 的弹簧。"}
            scene: {type: spring, mass: 0.1, k: 1000, gravity: 0, integrator: symplectic-euler, dt: 0.01}
            steps:
              - narration: {en: "NARRATION_EN", zh: "NARRATION_ZH"}
                question:
                  prompt: {en: "What is the largest stable Δt, in ms?", zh: "最大的稳定步长是多少毫秒？"}
                  answer: 20
                  within: 5%
                  unit: ms
                  explanation: {en: "2·√(m/k) = 0.02 s.", zh: "2·√(m/k) = 0.02 s。"}
                expect:
                  - predicted_limit: {expected: 0.02, within: 1e-6}
              - narration: {en: "SECOND_EN", zh: "SECOND_ZH"}
                question:
                  prompt: {en: "And for k = 4000 N/m?", zh: "k = 4000 N/m 时呢？"}
                  choices:
                    - {en: "WRONG_EN", zh: "WRONG_ZH"}
                    - {en: "RIGHT_EN", zh: "RIGHT_ZH"}
                    - {en: "About 0.02 s, the same.", zh: "约 0.02 s，不变。"}
                  answer: 2
                actions:
                  - set: {k: 4000}
                expect:
                  - predicted_limit: {expected: 0.01, within: 1e-6}
            """;

    private static Lesson lesson(String... replacements) throws DataFileException {
        String text = NUMERIC;
        String[] defaults = {"NARRATION_EN", "Run it.", "NARRATION_ZH", "运行。", "SECOND_EN", "Now stiffer.",
            "SECOND_ZH", "现在更硬。", "WRONG_EN", "About 0.02 s, still.", "WRONG_ZH", "约 0.02 s，仍然。",
            "RIGHT_EN", "About 0.01 s, half.", "RIGHT_ZH", "约 0.01 s，一半。"};
        for (int i = 0; i < replacements.length; i += 2) {
            text = text.replace(replacements[i], replacements[i + 1]);
        }
        for (int i = 0; i < defaults.length; i += 2) {
            text = text.replace(defaults[i], defaults[i + 1]);
        }
        return LessonReader.parse(text, "lessons/leak.yaml");
    }

    private static List<CheckResult> failed(Lesson l, String check) {
        return AnswerLeaks.check(l).stream().filter(r -> r.check().equals(check) && !r.pass()).toList();
    }

    @Test
    void everyShippedLessonLeavesThePredictionToTheClass() throws DataFileException {
        int checked = 0;
        for (Path p : LessonChecker.lessonFiles(Path.of("lessons"))) {
            for (CheckResult r : AnswerLeaks.check(LessonReader.read(p))) {
                checked++;
                assertTrue(r.pass(), p + " step " + r.step() + " " + r.check() + ": " + r.measured());
            }
        }
        assertTrue(checked >= 150, checked + " rows");
    }

    @Test
    void aLessonWithoutALeakPasses() throws DataFileException {
        Lesson l = lesson();
        List<CheckResult> rows = AnswerLeaks.check(l);
        assertEquals(List.of(1, 1, 2, 2, 2), rows.stream().map(CheckResult::step).toList());
        assertTrue(rows.stream().allMatch(CheckResult::pass), rows.toString());
        for (CheckResult r : rows) {
            Bilingual.assertBilingual(r);
        }
    }

    @Test
    void anAnswerInTheEnglishNarrationAloneIsReportedWithFileLineAndField() throws DataFileException {
        Lesson l = lesson("NARRATION_EN", "Its limit is 0.02 s; run it.");
        List<CheckResult> f = failed(l, AnswerLeaks.CHECK);
        assertEquals(1, f.size(), f.toString());
        assertEquals(1, f.get(0).step());
        assertEquals("lessons/leak.yaml:6: steps[0].narration.en states 0.02, the answer (20 ms)", f.get(0).measured());
        Bilingual.assertBilingual(f.get(0));
        assertFalse(LessonChecker.check(l).allPassed(), "the lesson check fails too");
    }

    @Test
    void anAnswerInTheChineseNarrationAloneIsCaughtInAnyUnitAndRounding() throws DataFileException {
        List<CheckResult> f = failed(lesson("NARRATION_ZH", "极限约为 20.3 ms；运行。"), AnswerLeaks.CHECK);
        assertEquals(List.of("lessons/leak.yaml:6: steps[0].narration.zh states 20.3 ms, the answer (20 ms)"),
                f.stream().map(CheckResult::measured).toList());
        assertEquals(1, failed(lesson("NARRATION_ZH", "极限约为 2·10⁻² s。"), AnswerLeaks.CHECK).size());
        assertEquals(1, failed(lesson("NARRATION_ZH", "极限约为 2e-2 s。"), AnswerLeaks.CHECK).size());
    }

    @Test
    void anEarlierExplanationOrAWrongChoiceThatStatesTheAnswerIsALeak() throws DataFileException {
        Lesson early = lesson("2·√(m/k) = 0.02 s.\"", "2·√(m/k) = 0.02 s; at 4k the limit is 0.010 s.\"");
        List<CheckResult> f = failed(early, AnswerLeaks.CHECK);
        assertEquals(1, f.size(), f.toString());
        assertEquals(2, f.get(0).step());
        assertTrue(f.get(0).measured().startsWith("lessons/leak.yaml:12: steps[0].question.explanation.en states 0.010, the answer (predicted_limit 0.01 s)"),
                f.get(0).measured());

        List<CheckResult> w = failed(lesson("WRONG_ZH", "约 10 ms。"), AnswerLeaks.CHECK);
        assertEquals(1, w.size(), w.toString());
        assertTrue(w.get(0).measured().contains("steps[1].question.choices[0].zh states 10 ms"), w.get(0).measured());
    }

    @Test
    void numbersThatAreNotTheAnswerPass() throws DataFileException {
        // a share is no time, a lone digit is no answer, and the right choice may state it
        Lesson l = lesson("NARRATION_EN", "Push it 1% harder, 2 times.", "SECOND_EN", "Now 0.02 s again, from step 1.");
        assertTrue(failed(l, AnswerLeaks.CHECK).isEmpty(), failed(l, AnswerLeaks.CHECK).toString());
        // 0.0201 s is not within 1e-6 of 0.02 s, and 0.03 s rounds nothing to 0.02 s
        assertTrue(failed(lesson("NARRATION_EN", "Not 0.03 s."), AnswerLeaks.CHECK).isEmpty());
    }

    @Test
    void aRightChoiceLongerThanTheOthersMarksItself() throws DataFileException {
        List<CheckResult> en = failed(lesson("RIGHT_EN", "About 0.01 s, half: ω doubles when k is four times larger."),
                AnswerLeaks.CHOICES);
        assertEquals(1, en.size(), en.toString());
        assertTrue(en.get(0).measured().startsWith("lessons/leak.yaml:20: steps[1].question.choices[1].en is longer"),
                en.get(0).measured());
        Bilingual.assertBilingual(en.get(0));

        List<CheckResult> zh = failed(lesson("RIGHT_ZH", "约 0.01 s，一半：k 变为四倍时 ω 翻倍，极限减半。"), AnswerLeaks.CHOICES);
        assertEquals(1, zh.size(), zh.toString());
        assertTrue(zh.get(0).measured().contains("steps[1].question.choices[1].zh is longer"), zh.get(0).measured());
    }

    @Test
    void aReasonOnlyTheRightChoiceGivesMarksItself() throws DataFileException {
        List<CheckResult> f = failed(lesson("RIGHT_EN", "Half, because ω doubles."), AnswerLeaks.CHOICES);
        assertEquals(1, f.size(), f.toString());
        assertTrue(f.get(0).measured().endsWith("steps[1].question.choices[1].en gives a reason no wrong choice gives"),
                f.get(0).measured());
        Lesson both = lesson("RIGHT_EN", "Half, because ω doubles.", "WRONG_EN", "Same, because Δt is.");
        assertTrue(failed(both, AnswerLeaks.CHOICES).isEmpty(), failed(both, AnswerLeaks.CHOICES).toString());
    }

    @Test
    void aNarrationOverTheWordLimitIsTooLongToReadBeforeTheQuestion() throws DataFileException {
        String words40 = "word ".repeat(40).strip();
        assertTrue(failed(lesson("SECOND_EN", words40), AnswerLeaks.LENGTH).isEmpty());
        List<CheckResult> en = failed(lesson("SECOND_EN", words40 + " and then six more words here"), AnswerLeaks.LENGTH);
        assertEquals(1, en.size(), en.toString());
        assertEquals("lessons/leak.yaml:15: steps[1].narration.en is too long to read before the question: "
                + "46 words, 4 characters", en.get(0).measured());
        Bilingual.assertBilingual(en.get(0));

        assertTrue(failed(lesson("SECOND_ZH", "弹".repeat(68)), AnswerLeaks.LENGTH).isEmpty());
        List<CheckResult> zh = failed(lesson("SECOND_ZH", "弹".repeat(66) + " k = 4000 N/m"), AnswerLeaks.LENGTH);
        assertEquals(1, zh.size(), zh.toString());
        assertTrue(zh.get(0).measured().contains("steps[1].narration.zh is too long"), zh.get(0).measured());
    }

    @Test
    void theFirstStepCountsTheLessonsNarrationShownWithIt() throws DataFileException {
        // the lesson's narration has 10 words, the first step's 35: 45 in all
        String words34 = "word ".repeat(35).strip();
        assertTrue(failed(lesson("NARRATION_EN", words34), AnswerLeaks.LENGTH).isEmpty());
        List<CheckResult> f = failed(lesson("NARRATION_EN", words34 + " more"), AnswerLeaks.LENGTH);
        assertEquals(1, f.size(), f.toString());
        assertTrue(f.get(0).measured().contains("steps[0].narration.en (with the lesson's narration) is too long"),
                f.get(0).measured());
    }

    /** The messages lessons/README.md shows are those the check gives for the changes it describes. */
    @Test
    void theReadmeShowsTheRealMessages() throws Exception {
        Path file = Path.of("lessons", "01-one-spring-explicit-euler.yaml");
        String text = Files.readString(file, StandardCharsets.UTF_8);
        String right = "        - en: It gains a little every step.\n";
        String narration = "steps in a second, each with a smaller error.";
        assertTrue(text.contains(right) && text.contains(narration));
        Lesson l = LessonReader.parse(text.replace(right,
                        "        - en: It multiplies it by the same factor, a little above 1, every step.\n")
                .replace(narration, "steps in a second, each multiplying the energy by 1.0025."), file.toString());
        String readme = Files.readString(Path.of("lessons", "README.md"), StandardCharsets.UTF_8);
        List<CheckResult> f = AnswerLeaks.check(l).stream().filter(r -> !r.pass()).toList();
        assertEquals(2, f.size(), f.toString());
        for (CheckResult r : f) {
            assertTrue(readme.contains(r.measured().replace('\\', '/')), "README lacks: " + r.measured());
        }
    }

    @Test
    void wordsAndCharactersAreCountedAsOnAProjector() {
        assertEquals(7, AnswerLeaks.words("ω = √(k/m) = 10 rad/s, so (x, v)."));
        assertEquals(4 + 4, AnswerLeaks.chineseLength("一根弹簧 k = 100 N/m。"));
        List<AnswerLeaks.Written> n = AnswerLeaks.numbers("1.01¹⁰⁰ ≈ 2.705, 92 100 steps, 10⁴, 4.56·10⁻⁷, 1.83 ms, 14 %");
        assertEquals(List.of("1.01", "2.705", "92 100", "10⁴", "4.56·10⁻⁷", "1.83 ms", "14 %"),
                n.stream().map(AnswerLeaks.Written::text).toList());
        assertEquals(List.of(1.01, 2.705, 92100.0, 1e4, 4.56e-7, 1.83e-3, 0.14),
                n.stream().map(w -> Double.parseDouble(String.format(java.util.Locale.ROOT, "%.6g", w.value()))).toList());
    }
}
