package dev.hooke.core.lesson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.io.DataFileException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every lesson in lessons/ reads, asks for predictions in both languages, and passes every check
 * (reported in both languages with the same numbers); the lessons of the course are there, in their order.
 */
class LessonsCheckTest {

    private static final Path DIR = Path.of("lessons");
    private static final Pattern CJK = Pattern.compile("[\\u4e00-\\u9fff]");

    @Test
    void everyLessonPassesEveryCheck() throws DataFileException {
        Report report = LessonChecker.checkAll(DIR);
        assertEquals(0, report.failed(), report.formatTable());
        assertEquals(0, report.exitCode());
        assertTrue(report.passed() >= 60, report.summary());
        for (CheckResult r : report.rows()) {
            Bilingual.assertBilingual(r);
        }
    }

    @Test
    void theLessonsComeInTheirOrder() throws DataFileException {
        List<String> names = new ArrayList<>();
        for (Path p : LessonChecker.lessonFiles(DIR)) {
            names.add(p.getFileName().toString());
        }
        assertEquals(List.of("01-one-spring-explicit-euler.yaml", "02-semi-implicit-euler.yaml", "03-the-limit.yaml",
                "04-damping.yaml", "05-accuracy.yaml", "06-the-rope.yaml", "07-chain-limit.yaml",
                "08-implicit-euler.yaml", "09-implicit-midpoint.yaml", "10-inside-the-solver.yaml",
                "11-compression.yaml", "12-cloth.yaml", "13-stiff-cloth.yaml",
                "14-force-vs-position-based.yaml", "15-modes-and-the-stability-region.yaml",
                "16-cloth-meets-the-world.yaml"), names);
    }

    @Test
    void everyLessonAsksForAPredictionAndSpeaksBothLanguages() throws DataFileException {
        for (Path p : LessonChecker.lessonFiles(DIR)) {
            Lesson l = LessonReader.read(p);
            assertTrue(l.steps().stream().anyMatch(s -> s.question() != null), p + " asks nothing");
            List<Text> texts = new ArrayList<>(List.of(l.title(), l.narration()));
            for (Step s : l.steps()) {
                texts.add(s.narration());
                if (s.question() != null) {
                    texts.add(s.question().prompt());
                    texts.addAll(s.question().choices());
                    if (s.question().explanation() != null) {
                        texts.add(s.question().explanation());
                    }
                }
            }
            for (Text t : texts) {
                assertTrue(CJK.matcher(t.zh()).find(), p + ": not Chinese: " + t.zh());
                assertTrue(t.en().chars().anyMatch(Character::isLetter), p + ": no English: " + t.en());
            }
        }
    }

    @Test
    void theReadmeExampleIsAValidLessonAndItsErrorsAreTheRealOnes() throws Exception {
        String readme = Files.readString(DIR.resolve("README.md"));
        int start = readme.indexOf("```yaml\n") + "```yaml\n".length();
        String example = readme.substring(start, readme.indexOf("```", start));
        Lesson l = LessonReader.parse(example, "README.md");
        assertEquals(0, LessonChecker.check(l).failed(), LessonChecker.check(l).formatTable());

        assertReadmeShows(readme, "lessons/03-the-limit.yaml", 87, "explosion_dt: {within: 1%}",
                "explosion_dt: {within: -5%}");
        assertReadmeShows(readme, "lessons/12-cloth.yaml", 18, "size: 12", "size: 400");
        assertReadmeShows(readme, "lessons/06-the-rope.yaml", 20, "integrator: explicit-euler", "integrator: leapfrog");
        assertReadmeShows(readme, "lessons/10-inside-the-solver.yaml", 20, "precond: none", "precond: ilu");
        assertReadmeShows(readme, "lessons/10-inside-the-solver.yaml", 208, "baseline: block", "baseline: cold");
    }

    private static void assertReadmeShows(String readme, String file, int line, String from, String to)
            throws Exception {
        List<String> lines = new ArrayList<>(Files.readAllLines(Path.of(file)));
        assertTrue(lines.get(line - 1).contains(from), file + ":" + line + " is " + lines.get(line - 1));
        lines.set(line - 1, lines.get(line - 1).replace(from, to));
        DataFileException e = assertThrows(DataFileException.class,
                () -> LessonReader.parse(String.join("\n", lines), file));
        String shown = e.getMessage().length() > 100 ? e.getMessage().substring(0, 95) : e.getMessage();
        assertTrue(readme.contains(shown), "README lacks: " + e.getMessage());
    }
}
