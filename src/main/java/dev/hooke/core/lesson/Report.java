package dev.hooke.core.lesson;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The rows of a lesson check (lesson, step, check, expected, measured, PASS/FAIL), with a table
 * for people and an exit code for scripts.
 */
public final class Report {

    private final List<CheckResult> rows;

    /** A report of these rows. */
    public Report(List<CheckResult> rows) {
        this.rows = List.copyOf(rows);
    }

    /** The rows, in lesson and step order. */
    public List<CheckResult> rows() {
        return rows;
    }

    /** The number of rows that passed. */
    public int passed() {
        return (int) rows.stream().filter(CheckResult::pass).count();
    }

    /** The number of rows that failed. */
    public int failed() {
        return rows.size() - passed();
    }

    /** Whether there is at least one row and every row passed. */
    public boolean allPassed() {
        return !rows.isEmpty() && failed() == 0;
    }

    /** 0 when every check passed, 1 otherwise (no rows counts as a failure). */
    public int exitCode() {
        return allPassed() ? 0 : 1;
    }

    /** The failed rows. */
    public List<CheckResult> failures() {
        List<CheckResult> out = new ArrayList<>();
        for (CheckResult r : rows) {
            if (!r.pass()) {
                out.add(r);
            }
        }
        return out;
    }

    /** One line: "N passed, M failed". */
    public String summary() {
        return summary(Locale.ENGLISH);
    }

    /** One line, in English ("N passed, M failed") or, for a Chinese locale, in Chinese. */
    public String summary(Locale locale) {
        return Text.format("%s passed, %s failed", "%s 项通过，%s 项失败", passed(), failed()).get(locale);
    }

    /**
     * The rows as an aligned text table with a header (lesson, step, check, expected, measured,
     * result), followed by the {@link #summary()} line, in English.
     */
    public String formatTable() {
        return formatTable(Locale.ENGLISH);
    }

    /**
     * The table of {@link #formatTable()} with its header, expected and measured columns and
     * closing line in English or, for a Chinese locale, in Chinese. The lesson ids, the checks'
     * names as written in lesson files and PASS/FAIL stay as they are, for scripts. Columns are
     * aligned for a terminal, where a Chinese character takes two columns.
     */
    public String formatTable(Locale locale) {
        String[] head = Text.format("lesson|step|check|expected|measured|result", "课程|步|检验|预期|实测|结果")
                .get(locale).split("\\|");
        List<String[]> cells = new ArrayList<>();
        cells.add(head);
        for (CheckResult r : rows) {
            cells.add(new String[] {r.lesson(), r.step() == 0 ? "-" : Integer.toString(r.step()), r.check(),
                r.expectedText().get(locale), r.measuredText().get(locale), r.pass() ? "PASS" : "FAIL"});
        }
        int[] width = new int[head.length];
        for (String[] row : cells) {
            for (int i = 0; i < row.length; i++) {
                width[i] = Math.max(width[i], columns(row[i]));
            }
        }
        StringBuilder sb = new StringBuilder();
        for (int k = 0; k < cells.size(); k++) {
            String[] row = cells.get(k);
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < row.length; i++) {
                line.append(row[i]);
                if (i + 1 < row.length) {
                    line.append(" ".repeat(width[i] - columns(row[i]) + 2));
                }
            }
            sb.append(line.toString().stripTrailing()).append('\n');
            if (k == 0) {
                int total = 0;
                for (int w : width) {
                    total += w + 2;
                }
                sb.append("-".repeat(total - 2)).append('\n');
            }
        }
        sb.append(summary(locale)).append('\n');
        return sb.toString();
    }

    /**
     * The terminal columns a text takes: two for each East Asian wide character (Chinese
     * characters, CJK and full-width punctuation), one for any other code point.
     */
    static int columns(String s) {
        return s.codePoints().map(c -> Character.UnicodeScript.of(c) == Character.UnicodeScript.HAN
                || (c >= 0x3000 && c <= 0x303f) || (c >= 0xff01 && c <= 0xff60) || (c >= 0xffe0 && c <= 0xffe6)
                ? 2 : 1).sum();
    }
}
