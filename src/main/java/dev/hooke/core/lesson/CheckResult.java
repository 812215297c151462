package dev.hooke.core.lesson;

import java.util.Objects;

/**
 * One row of a lesson report, in English and Simplified Chinese. The numbers in both languages
 * are the same strings (formatted once, see {@link Text#format}).
 *
 * @param lesson       the lesson's id (or its file when it could not be read)
 * @param step         the 1-based step number, or 0 for the lesson as a whole
 * @param check        the check's name as written in lesson files ("load" when the file could
 *                     not be read, "id" for a duplicate id, an action's name when an action could
 *                     not be played)
 * @param title        the check's name for people ({@link ReportTexts#title})
 * @param expectedText what the lesson states
 * @param measuredText what the engine gave
 * @param pass         whether they agree
 * @param line         the line in the lesson file, or 0
 */
public record CheckResult(String lesson, int step, String check, Text title, Text expectedText, Text measuredText,
                          boolean pass, int line) {

    public CheckResult {
        Objects.requireNonNull(check, "check");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(expectedText, "expectedText");
        Objects.requireNonNull(measuredText, "measuredText");
    }

    /** A row whose title is the usual one for {@code check}. */
    public CheckResult(String lesson, int step, String check, Text expected, Text measured, boolean pass, int line) {
        this(lesson, step, check, ReportTexts.title(check), expected, measured, pass, line);
    }

    /** What the lesson states, in English (the command line's table). */
    public String expected() {
        return expectedText.en();
    }

    /** What the engine gave, in English (the command line's table). */
    public String measured() {
        return measuredText.en();
    }
}
