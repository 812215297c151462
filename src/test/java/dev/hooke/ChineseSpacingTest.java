package dev.hooke;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.io.DataFileException;
import dev.hooke.core.lesson.Lesson;
import dev.hooke.core.lesson.LessonChecker;
import dev.hooke.core.lesson.LessonReader;
import dev.hooke.core.lesson.Step;
import dev.hooke.core.lesson.Text;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Chinese text has no spaces between its characters, nor next to full-width punctuation. A YAML
 * folded scalar ({@code >}) turns a line break into a space, so a Chinese line broken between two
 * characters reads "能量 增长" in the lesson panel: every Chinese text of the lessons and of the
 * workbench's bundle is checked for such a stray space.
 */
class ChineseSpacingTest {

    private static final Path LESSONS = Path.of("lessons");
    private static final Path BUNDLE = Path.of("src/main/resources/dev/hooke/fx/i18n/messages_zh_CN.properties");

    /** CJK punctuation (、。「」…) and the full-width forms that are not letters or digits (，：；（）！？). */
    private static final String PUNCT = "\\u3001-\\u303f\\uff01-\\uff0f\\uff1a-\\uff20\\uff3b-\\uff40\\uff5b-\\uff65";
    private static final String HAN = "\\p{IsHan}";
    /** Spaces or tabs between two Chinese characters, after CJK punctuation, or before it. */
    private static final Pattern STRAY = Pattern.compile("(?<=[" + HAN + "])[ \\t]+(?=[" + HAN + "])"
            + "|(?<=[" + PUNCT + "])[ \\t]+|[ \\t]+(?=[" + PUNCT + "])");

    /** The stray spaces of a text, each shown with a few characters around it. */
    static List<String> strays(String s) {
        List<String> out = new ArrayList<>();
        Matcher m = STRAY.matcher(s);
        while (m.find()) {
            out.add("…" + s.substring(Math.max(0, m.start() - 6), Math.min(s.length(), m.end() + 6)) + "…");
        }
        return out;
    }

    /** Every text of a lesson: title, narration, and each step's narration and question. */
    static List<Text> texts(Lesson l) {
        List<Text> out = new ArrayList<>(List.of(l.title(), l.narration()));
        for (Step s : l.steps()) {
            out.add(s.narration());
            if (s.question() != null) {
                out.add(s.question().prompt());
                out.addAll(s.question().choices());
                if (s.question().explanation() != null) {
                    out.add(s.question().explanation());
                }
            }
        }
        return out;
    }

    private static List<String> lessonStrays(Lesson l, String file) {
        List<String> found = new ArrayList<>();
        for (Text t : texts(l)) {
            for (String s : strays(t.zh())) {
                found.add(file + ": " + s);
            }
        }
        return found;
    }

    private static Properties bundle(Reader r) throws IOException {
        Properties p = new Properties();
        p.load(r);
        return p;
    }

    private static List<String> bundleStrays(Properties p) {
        List<String> found = new ArrayList<>();
        for (String key : new TreeSet<>(p.stringPropertyNames())) {
            for (String s : strays(p.getProperty(key))) {
                found.add(key + ": " + s);
            }
        }
        return found;
    }

    @Test
    void noLessonHasAStraySpaceInItsChinese() throws DataFileException {
        List<String> found = new ArrayList<>();
        int texts = 0;
        for (Path p : LessonChecker.lessonFiles(LESSONS)) {
            Lesson l = LessonReader.read(p);
            texts += texts(l).size();
            found.addAll(lessonStrays(l, p.getFileName().toString()));
        }
        assertTrue(texts > 100, texts + " texts");
        assertEquals(List.of(), found);
    }

    /**
     * The lesson panel shows narration as plain text: Markdown's backticks would be shown as they
     * are, in either language.
     */
    @Test
    void noLessonTextHasMarkdownBackticks() throws DataFileException {
        List<String> found = new ArrayList<>();
        for (Path p : LessonChecker.lessonFiles(LESSONS)) {
            for (Text t : texts(LessonReader.read(p))) {
                for (String s : List.of(t.en(), t.zh())) {
                    if (s.contains("`")) {
                        found.add(p.getFileName() + ": " + s.substring(Math.max(0, s.indexOf('`') - 20),
                                Math.min(s.length(), s.indexOf('`') + 20)));
                    }
                }
            }
        }
        assertEquals(List.of(), found);
    }

    @Test
    void theWorkbenchBundleHasNoStraySpaceInItsChinese() throws IOException {
        try (Reader r = Files.newBufferedReader(BUNDLE, StandardCharsets.UTF_8)) {
            Properties p = bundle(r);
            assertTrue(p.size() > 100, p.size() + " keys");
            assertEquals(List.of(), bundleStrays(p));
        }
    }

    /**
     * A real lesson file with one of its Chinese lines broken between two characters, as folded
     * scalars invite, is caught; so is a space put into a real value of the bundle.
     */
    @Test
    void aChineseLineBrokenInsideAFoldedScalarIsCaught() throws IOException, DataFileException {
        Path file = LessonChecker.lessonFiles(LESSONS).get(0);
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        Pattern twoHan = Pattern.compile("[" + HAN + "]{2}");
        int broken = -1;
        for (int i = 1; i < lines.size() && broken < 0; i++) {
            boolean inFoldedZh = lines.get(i - 1).trim().equals("zh: >-") || lines.get(i - 1).trim().equals("zh: >");
            Matcher m = twoHan.matcher(lines.get(i));
            if (inFoldedZh && m.find()) {
                String line = lines.get(i);
                String indent = line.substring(0, line.length() - line.stripLeading().length());
                lines.set(i, line.substring(0, m.start() + 1) + "\n" + indent + line.substring(m.start() + 1));
                broken = i;
            }
        }
        assertTrue(broken > 0, "no folded Chinese text in " + file);
        Lesson original = LessonReader.read(file);
        Lesson folded = LessonReader.parse(String.join("\n", lines), file.toString());
        assertEquals(List.of(), lessonStrays(original, file.toString()));
        assertEquals(1, lessonStrays(folded, file.toString()).size(), String.join("\n", lines));

        String text = Files.readString(BUNDLE, StandardCharsets.UTF_8);
        Matcher m = Pattern.compile("(?m)^lesson\\.run=([" + HAN + "])").matcher(text);
        assertTrue(m.find(), "lesson.run is not Chinese");
        Properties spaced = bundle(new java.io.StringReader(text.substring(0, m.end()) + " " + text.substring(m.end())));
        assertEquals(1, bundleStrays(spaced).size(), spaced.getProperty("lesson.run"));
    }

    @Test
    void spacesBetweenChineseAndLatinAreAllowed() {
        assertEquals(List.of(), strays("第 1 步，共 5 步：Δt = 0.01 s 时运行 1 秒"));
        assertEquals(List.of(), strays("段落一。\n段落二"));
        assertEquals(1, strays("能量 增长").size());
        assertEquals(1, strays("能量增长。 下一句").size());
        assertEquals(1, strays("临界阻尼 （ζ = 1）").size());
        assertFalse(strays("x ： y").isEmpty());
    }
}
