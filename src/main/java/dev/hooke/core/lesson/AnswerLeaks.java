package dev.hooke.core.lesson;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A lesson must not give an answer away: a step that asks the class to predict a number shows its
 * narration first, and that narration (in either language) must not already state the number. It
 * does when it holds a number within the question's own tolerance of the answer. (A multiple
 * choice question is not checked: its choices share numbers with the set-up, "for all 30 s", and
 * no rule on numbers alone tells a leak from a reminder.)
 */
public final class AnswerLeaks {

    /** The check's name in reports. */
    public static final String CHECK = "no_answer_before_question";
    /** Decimal numbers as lessons write them: 1.83, 0.41, 1006, 1e-3. */
    private static final Pattern NUMBER = Pattern.compile("(?<![\\w.])\\d+(?:\\.\\d+)?(?:[eE][-+]?\\d+)?(?![\\w])");

    private AnswerLeaks() {
    }

    /** One row per step with a numeric question: whether its narration leaves the answer to the class. */
    public static List<CheckResult> check(Lesson lesson) {
        List<CheckResult> rows = new ArrayList<>();
        for (Step s : lesson.steps()) {
            Question q = s.question();
            if (q == null || q.isMultipleChoice()) {
                continue;
            }
            String leak = leak(s.narration(), q);
            rows.add(new CheckResult(lesson.id(), s.number(), CHECK,
                    new Text("the narration before the question does not state its answer",
                            "提问前的讲解不给出答案"),
                    leak == null ? new Text("it does not", "没有给出")
                            : Text.format("it states %s", "讲解中已有 %s", leak),
                    leak == null, q.line()));
        }
        return rows;
    }

    /** The number in {@code narration} that gives {@code q}'s answer away, or null. */
    static String leak(Text narration, Question q) {
        for (String text : List.of(narration.en(), narration.zh())) {
            for (String n : numbers(text)) {
                if (Math.abs(Double.parseDouble(n) - q.value()) <= q.within() * Math.abs(q.value())) {
                    return n;
                }
            }
        }
        return null;
    }

    private static List<String> numbers(String text) {
        List<String> out = new ArrayList<>();
        Matcher m = NUMBER.matcher(text.toLowerCase(Locale.ROOT));
        while (m.find()) {
            out.add(m.group());
        }
        return out;
    }
}
