package dev.hooke.core.lesson;

import java.util.ArrayList;
import java.util.List;

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
        return passed() + " passed, " + failed() + " failed";
    }

    /**
     * The rows as an aligned text table with a header (lesson, step, check, expected, measured,
     * result), followed by the {@link #summary()} line.
     */
    public String formatTable() {
        String[] head = {"lesson", "step", "check", "expected", "measured", "result"};
        List<String[]> cells = new ArrayList<>();
        cells.add(head);
        for (CheckResult r : rows) {
            cells.add(new String[] {r.lesson(), r.step() == 0 ? "-" : Integer.toString(r.step()), r.check(),
                r.expected(), r.measured(), r.pass() ? "PASS" : "FAIL"});
        }
        int[] width = new int[head.length];
        for (String[] row : cells) {
            for (int i = 0; i < row.length; i++) {
                width[i] = Math.max(width[i], row[i].codePointCount(0, row[i].length()));
            }
        }
        StringBuilder sb = new StringBuilder();
        for (int k = 0; k < cells.size(); k++) {
            String[] row = cells.get(k);
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < row.length; i++) {
                line.append(row[i]);
                if (i + 1 < row.length) {
                    line.append(" ".repeat(width[i] - row[i].codePointCount(0, row[i].length()) + 2));
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
        sb.append(summary()).append('\n');
        return sb.toString();
    }
}
