package dev.hooke.core.lesson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Assertions on the two languages of a report text. */
final class Bilingual {

    private static final Pattern CJK = Pattern.compile("[\\u4e00-\\u9fff]");
    private static final Pattern NUMBER = Pattern.compile("\\d+(?:\\.\\d+)?(?:e[-+]?\\d+)?");
    private static final Pattern WORD = Pattern.compile("[A-Za-z]{3,}");
    /** Words that belong to formulas and units, not to a language. */
    private static final Set<String> FORMULA_WORDS = Set.of("rad", "start", "end", "exact", "max");

    private Bilingual() {
    }

    /** The numbers of a text, in the order they appear. */
    static List<String> numbers(String s) {
        List<String> out = new ArrayList<>();
        Matcher m = NUMBER.matcher(s);
        while (m.find()) {
            out.add(m.group());
        }
        return out;
    }

    /**
     * Both languages are there, the English has no Chinese, the Chinese is Chinese unless the
     * text is only formulas and numbers, and both carry the same numbers.
     */
    static void assertBilingual(Text t, String where) {
        assertFalse(t.en().isBlank(), where + ": no English");
        assertFalse(t.zh().isBlank(), where + ": no Chinese");
        assertFalse(CJK.matcher(t.en()).find(), where + ": Chinese in the English: " + t.en());
        boolean words = false;
        Matcher m = WORD.matcher(t.en());
        while (m.find()) {
            words |= !FORMULA_WORDS.contains(m.group());
        }
        if (words) {
            assertTrue(CJK.matcher(t.zh()).find(), where + ": not Chinese: " + t.zh() + " (English: " + t.en() + ")");
        }
        List<String> en = numbers(t.en());
        List<String> zh = numbers(t.zh());
        en.sort(null);
        zh.sort(null);
        assertEquals(en, zh, where + ": the numbers differ: " + t.en() + " | " + t.zh());
    }

    /** Every text of a report row is bilingual. */
    static void assertBilingual(CheckResult r) {
        String where = r.lesson() + " step " + r.step() + " " + r.check();
        assertBilingual(r.title(), where + " title");
        assertBilingual(r.expectedText(), where + " expected");
        assertBilingual(r.measuredText(), where + " measured");
        assertEquals(r.expected(), r.expectedText().en());
        assertEquals(r.measured(), r.measuredText().en());
    }
}
