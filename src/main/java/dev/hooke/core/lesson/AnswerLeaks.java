package dev.hooke.core.lesson;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Texts that leave the prediction to the class. A class reads a step's narration and question,
 * predicts, and only then sees the run and the explanation; three checks keep the texts from
 * deciding the prediction for it, one row each for every step that asks a question:
 *
 * <ul>
 *   <li>{@value #CHECK}: no text shown before the question states one of its numeric answers. Shown
 *       before it are the lesson's title and narration, every earlier step's narration, question,
 *       choices and explanation, and the step's own narration, prompt and wrong choices. Its numeric
 *       answers are a numeric question's answer and the {@code expected} values of the step's checks
 *       ({@code energy_ratio_per_step}, {@code energy_ratio}, {@code predicted_limit},
 *       {@code naive_bound}, {@code omega_max}, {@code limit_over_naive}, {@code mode_amplification}),
 *       less those an earlier question already had as answers: the class knows them by then.
 *       Integers checked as counts or orders ({@code modes_outside}, {@code convergence_order}) are
 *       left out, since no rule on numbers alone tells "order 2" from "2/ω". A number in a text
 *       states an answer when it lies within the answer's tolerance, or, written with at least two
 *       significant digits, when it is the answer rounded to the digits written (0.0318 for
 *       0.0317859). Units are read: 1.83 ms is 0.00183 s, 14 % is 0.14, 2·10⁻⁹ and 1e-3 are
 *       numbers, and a thin-spaced 92 100 is one number.</li>
 *   <li>{@value #CHOICES}: the right choice of a multiple choice question does not mark itself.
 *       In each language it is at most {@value #CHOICE_RATIO} times the mean length of the wrong
 *       ones plus a slack ({@value #SLACK_EN} characters in English, {@value #SLACK_ZH} in Chinese),
 *       and it gives no reason ("because", "since", "因为", "由于") when no wrong choice does.</li>
 *   <li>{@value #LENGTH}: what the class reads before the question is short enough to read on a
 *       projector: the step's narration (on the first step, after the lesson's narration, which
 *       the panel shows with it) has at most {@value #MAX_WORDS} English words and
 *       {@value #MAX_CHARS} Chinese characters. A word is a run of letters or digits with what is
 *       joined to it (√(k/m) is one word); in Chinese each Han character counts one, and each word
 *       of Latin letters or digits one.</li>
 * </ul>
 *
 * Each failing row's measured text is one line naming the file, the line and the field at fault.
 */
public final class AnswerLeaks {

    /** The name in reports of the check that no numeric answer is stated before its question. */
    public static final String CHECK = "no_answer_before_question";
    /** The name in reports of the check that the right choice is like the wrong ones. */
    public static final String CHOICES = "right_choice_unmarked";
    /** The name in reports of the check that the text before a question is short. */
    public static final String LENGTH = "short_before_question";

    /** The most English words before a question. */
    public static final int MAX_WORDS = 45;
    /** The most Chinese characters (and Latin words) before a question. */
    public static final int MAX_CHARS = 68;
    /** The right choice's length may be at most this times the wrong choices' mean length, plus a slack. */
    public static final double CHOICE_RATIO = 1.3;
    /** The slack on the right choice's length in English; in characters. */
    public static final int SLACK_EN = 8;
    /** The slack on the right choice's length in Chinese; in characters. */
    public static final int SLACK_ZH = 4;

    /**
     * A number as lessons write it, with an optional power of ten and unit: 1.83, 0.41, 1006,
     * 92 100, 1e-3, 2·10⁻⁹, 10⁴, 1.83 ms, 14 %. Group 1 the digits before the point, 2 after it,
     * 3 an exponent (e-notation), 4 an exponent after ·10^ or ×10^, 5 one in superscript digits
     * after ·10 or ×10, 6 a plain 10's exponent in superscript digits (10⁴), 7 a unit that scales.
     */
    private static final Pattern NUMBER = Pattern.compile(
            "(?<![\\w.,^⁰¹²³⁴⁵⁶⁷⁸⁹])(\\d{1,3}(?: \\d{3})+(?![\\d.])|\\d+)(?:\\.(\\d+))?"
                    + "(?:[eE]([-+]?\\d+)|\\s?[·×]\\s?10(?:\\^\\(?([-+−]?\\d+)\\)?|([⁻⁺]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+))"
                    + "|((?<=(?<![\\d.])10)[⁻⁺]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+))?"
                    + "(?![\\w])(?:\\s?(ms|μs|µs|%)(?![A-Za-z/]))?");
    private static final String SUPERSCRIPTS = "⁰¹²³⁴⁵⁶⁷⁸⁹";
    private static final Pattern REASON = Pattern.compile("\\b(?:because|since)\\b|因为|由于", Pattern.CASE_INSENSITIVE);
    private static final Pattern HAN = Pattern.compile("\\p{IsHan}");
    private static final Pattern LATIN_WORD = Pattern.compile("[A-Za-z0-9]+(?:\\.[0-9]+)?");

    private AnswerLeaks() {
    }

    /** A text as the class sees it, with its field in the file. */
    record Shown(String field, String text) {
    }

    /** What a number measures, as far as its unit tells: a time, a share or ratio, or anything. */
    enum Kind { TIME, RATIO, OTHER }

    /** A numeric answer of a step: its value in SI units, its relative tolerance, its kind, and what it answers. */
    record Answer(double value, double within, Kind kind, String what) {
        boolean matches(double x) {
            return Math.abs(x - value) <= within * Math.abs(value) * (1 + 1e-12);
        }
    }

    /**
     * A number written in a text: its value in SI units, half a unit of its last written digit, its
     * significant digits, whether it is a bare integer (no point, power of ten or unit), and its
     * kind when a unit says it (ms: a time, %: a share; null when none does).
     */
    record Written(String text, double value, double halfUlp, int digits, boolean bare, Kind kind) {
        boolean states(Answer a) {
            if (value == 0 || a.value() == 0 || (kind != null && kind != a.kind())) {
                return false;
            }
            if (digits < 2 && bare) {
                return false; // a lone 1, 2 or 5 is a count or a factor of a formula
            }
            double d = Math.abs(Math.abs(value) - Math.abs(a.value()));
            return d <= a.within() * Math.abs(a.value()) * (1 + 1e-12) || (digits >= 2 && d <= halfUlp * (1 + 1e-9));
        }
    }

    /** The rows of the three checks for every step that asks a question, in step order. */
    public static List<CheckResult> check(Lesson lesson) {
        List<CheckResult> rows = new ArrayList<>();
        List<Answer> known = new ArrayList<>();
        for (int i = 0; i < lesson.steps().size(); i++) {
            Step s = lesson.steps().get(i);
            Question q = s.question();
            if (q == null) {
                continue;
            }
            List<Answer> answers = new ArrayList<>();
            for (Answer a : answers(s)) {
                if (known.stream().noneMatch(k -> k.matches(a.value()) || a.matches(k.value()))) {
                    answers.add(a);
                }
            }
            rows.add(leakRow(lesson, s, q, answers, shownBefore(lesson, i)));
            if (q.isMultipleChoice()) {
                rows.add(choiceRow(lesson, i, q));
            }
            rows.add(lengthRow(lesson, i, q));
            known.addAll(answers(s));
        }
        return rows;
    }

    // ------------------------------------------------------------------ numbers before the question

    private static CheckResult leakRow(Lesson lesson, Step s, Question q, List<Answer> answers, List<Shown> shown) {
        for (Shown t : shown) {
            for (Written w : numbers(t.text())) {
                for (Answer a : answers) {
                    if (w.states(a)) {
                        return new CheckResult(lesson.id(), s.number(), CHECK, expectedLeak(),
                                Text.format("%s:%s: %s states %s, the answer (%s)", "%s:%s：%s 已写出 %s，即答案（%s）",
                                        lesson.file(), lesson.line(t.field()), t.field(), w.text(), a.what()),
                                false, q.line());
                    }
                }
            }
        }
        return new CheckResult(lesson.id(), s.number(), CHECK, expectedLeak(),
                answers.isEmpty() ? new Text("no numeric answer to give away", "没有可泄露的数值答案")
                        : new Text("it does not", "没有给出"),
                true, q.line());
    }

    private static Text expectedLeak() {
        return new Text("no text before the question states its numeric answer", "提问前的文字不给出数值答案");
    }

    /** The numeric answers of a step: a numeric question's answer and its checks' expected values. */
    static List<Answer> answers(Step s) {
        List<Answer> out = new ArrayList<>();
        Question q = s.question();
        if (q != null && !q.isMultipleChoice()) {
            out.add(new Answer(q.value() * scale(q.unit()), q.within(), kind(q.unit()),
                    Fmt.num(q.value()) + (q.unit().isEmpty() ? "" : " " + q.unit())));
        }
        for (Check c : s.checks()) {
            if (c instanceof Check.EnergyRatioPerStep e) {
                out.add(new Answer(e.expected(), e.within(), Kind.RATIO, c.name() + " " + Fmt.num(e.expected())));
            } else if (c instanceof Check.EnergyRatio e && !Double.isNaN(e.expected())) {
                out.add(new Answer(e.expected(), e.within(), Kind.RATIO, c.name() + " " + Fmt.num(e.expected())));
            } else if (c instanceof Check.PredictedLimit p && p.kind() == Check.LimitKind.SECONDS) {
                out.add(new Answer(p.expected(), p.within(), Kind.TIME, c.name() + " " + Fmt.num(p.expected()) + " s"));
            } else if (c instanceof Check.NaiveBound n) {
                out.add(new Answer(n.expected(), n.within(), Kind.TIME, c.name() + " " + Fmt.num(n.expected()) + " s"));
            } else if (c instanceof Check.OmegaMax o) {
                out.add(new Answer(o.expected(), o.within(), Kind.OTHER, c.name() + " " + Fmt.num(o.expected()) + " rad/s"));
            } else if (c instanceof Check.LimitOverNaive l) {
                out.add(new Answer(l.expected(), l.within(), Kind.RATIO, c.name() + " " + Fmt.num(l.expected())));
            } else if (c instanceof Check.ModeAmplification m) {
                out.add(new Answer(m.expected(), m.within(), Kind.RATIO, c.name() + " " + Fmt.num(m.expected())));
            }
        }
        return out;
    }

    /** What the class has seen when step {@code index} (0-based) asks its question. */
    static List<Shown> shownBefore(Lesson lesson, int index) {
        List<Shown> out = new ArrayList<>();
        add(out, "title", lesson.title());
        add(out, "narration", lesson.narration());
        for (int j = 0; j <= index; j++) {
            Step s = lesson.steps().get(j);
            String at = "steps[" + j + "]";
            add(out, at + ".narration", s.narration());
            Question q = s.question();
            if (q == null) {
                continue;
            }
            add(out, at + ".question.prompt", q.prompt());
            for (int k = 0; k < q.choices().size(); k++) {
                if (j < index || k + 1 != q.answer()) {
                    add(out, at + ".question.choices[" + k + "]", q.choices().get(k));
                }
            }
            if (j < index && q.explanation() != null) {
                add(out, at + ".question.explanation", q.explanation());
            }
        }
        return out;
    }

    private static void add(List<Shown> out, String field, Text t) {
        out.add(new Shown(field + ".en", t.en()));
        out.add(new Shown(field + ".zh", t.zh()));
    }

    /** The numbers written in a text, each with its value in SI units. */
    static List<Written> numbers(String text) {
        List<Written> out = new ArrayList<>();
        Matcher m = NUMBER.matcher(text);
        while (m.find()) {
            String whole = m.group(1).replace(" ", "");
            String frac = m.group(2) == null ? "" : m.group(2);
            int exp = 0;
            if (m.group(3) != null) {
                exp = Integer.parseInt(m.group(3).replace("+", ""));
            } else if (m.group(4) != null) {
                exp = Integer.parseInt(m.group(4).replace("−", "-").replace("+", ""));
            } else if (m.group(5) != null) {
                exp = superscript(m.group(5));
            }
            double mantissa = Double.parseDouble(whole + (frac.isEmpty() ? "" : "." + frac));
            String unitName = m.group(7) == null ? "" : m.group(7);
            double unit = scale(unitName);
            boolean bare = frac.isEmpty() && m.group(3) == null && m.group(4) == null && m.group(5) == null
                    && unitName.isEmpty();
            double value;
            double ulp;
            int digits = (whole + frac).replaceFirst("^0+", "").length();
            if (m.group(6) != null) {
                // 10⁴ on its own: a power of ten, exact
                value = Math.pow(10, superscript(m.group(6))) * unit;
                ulp = 0;
                digits = 1;
            } else {
                value = mantissa * Math.pow(10, exp) * unit;
                ulp = 0.5 * Math.pow(10, exp - frac.length()) * unit;
            }
            out.add(new Written(m.group().strip(), value, ulp, digits, bare && m.group(6) == null,
                    unitName.isEmpty() ? null : kind(unitName)));
        }
        return out;
    }

    private static int superscript(String s) {
        int sign = 1;
        int v = 0;
        for (char c : s.toCharArray()) {
            if (c == '⁻') {
                sign = -1;
            } else if (c != '⁺') {
                v = 10 * v + SUPERSCRIPTS.indexOf(c);
            }
        }
        return sign * v;
    }

    /** The factor a unit of time or share turns a number into SI by: ms, μs, %; 1 for any other. */
    static double scale(String unit) {
        return switch (unit.strip().toLowerCase(Locale.ROOT)) {
            case "ms" -> 1e-3;
            case "μs", "µs", "us" -> 1e-6;
            case "%" -> 1e-2;
            default -> 1;
        };
    }

    /** The kind of number a unit names: a time (s, ms, μs), a share (%, none), or anything else. */
    static Kind kind(String unit) {
        return switch (unit.strip().toLowerCase(Locale.ROOT)) {
            case "s", "ms", "μs", "µs", "us" -> Kind.TIME;
            case "%", "" -> Kind.RATIO;
            default -> Kind.OTHER;
        };
    }

    // ------------------------------------------------------------------ the right choice

    private static CheckResult choiceRow(Lesson lesson, int index, Question q) {
        String at = "steps[" + index + "].question.choices[" + (q.answer() - 1) + "]";
        Text expected = Text.format("the right choice at most %s × the others' mean length + %s characters (en) or %s (zh),"
                        + " and no reason only it gives",
                "正确选项长度至多为其他选项平均长度的 %s 倍加 %s 个字符（英文）或 %s 个（中文），且不独自给出理由",
                Fmt.num(CHOICE_RATIO), SLACK_EN, SLACK_ZH);
        int[] en = lengths(q, true);
        int[] zh = lengths(q, false);
        String fault = null;
        String lang = null;
        if (en[0] > limit(en, SLACK_EN)) {
            lang = "en";
            fault = "long";
        } else if (zh[0] > limit(zh, SLACK_ZH)) {
            lang = "zh";
            fault = "long";
        } else {
            for (String l : List.of("en", "zh")) {
                boolean right = REASON.matcher(text(q.choices().get(q.answer() - 1), l)).find();
                boolean wrong = false;
                for (int k = 0; k < q.choices().size(); k++) {
                    wrong |= k + 1 != q.answer() && REASON.matcher(text(q.choices().get(k), l)).find();
                }
                if (right && !wrong) {
                    lang = l;
                    fault = "reason";
                    break;
                }
            }
        }
        Text sizes = Text.format("%s characters against %s on average (en), %s against %s (zh)",
                "%s 个字符，其他平均 %s 个（英文）；%s 个，其他平均 %s 个（中文）", en[0], en[1], zh[0], zh[1]);
        if (fault == null) {
            return new CheckResult(lesson.id(), index + 1, CHOICES, expected, sizes, true, q.line());
        }
        String field = at + "." + lang;
        Text what = fault.equals("long")
                ? Text.format("%s:%s: %s is longer than the others: %s", "%s:%s：%s 比其他选项长：%s",
                        lesson.file(), lesson.line(field), field, sizes)
                : Text.format("%s:%s: %s gives a reason no wrong choice gives", "%s:%s：%s 独自给出理由，错误选项都没有",
                        lesson.file(), lesson.line(field), field);
        return new CheckResult(lesson.id(), index + 1, CHOICES, expected, what, false, q.line());
    }

    /** The right choice's length and the wrong ones' mean length (rounded), in one language. */
    private static int[] lengths(Question q, boolean english) {
        int right = 0;
        double sum = 0;
        for (int k = 0; k < q.choices().size(); k++) {
            int n = length(text(q.choices().get(k), english ? "en" : "zh"));
            if (k + 1 == q.answer()) {
                right = n;
            } else {
                sum += n;
            }
        }
        return new int[] {right, (int) Math.round(sum / (q.choices().size() - 1))};
    }

    private static double limit(int[] lengths, int slack) {
        return CHOICE_RATIO * lengths[1] + slack;
    }

    /** A text's length in code points, spaces and closing punctuation left out. */
    static int length(String s) {
        return (int) s.replaceAll("[\\s.。]+", "").codePoints().count();
    }

    private static String text(Text t, String lang) {
        return lang.equals("en") ? t.en() : t.zh();
    }

    // ------------------------------------------------------------------ how much to read first

    private static CheckResult lengthRow(Lesson lesson, int index, Question q) {
        Step s = lesson.steps().get(index);
        String at = "steps[" + index + "].narration";
        int words = words(s.narration().en());
        int chars = chineseLength(s.narration().zh());
        if (index == 0) {
            words += words(lesson.narration().en());
            chars += chineseLength(lesson.narration().zh());
        }
        Text expected = Text.format("at most %s English words and %s Chinese characters before the question",
                "提问前英文至多 %s 词、中文至多 %s 字", MAX_WORDS, MAX_CHARS);
        Text counted = Text.format("%s words, %s characters", "%s 词，%s 字", words, chars);
        if (words <= MAX_WORDS && chars <= MAX_CHARS) {
            return new CheckResult(lesson.id(), index + 1, LENGTH, expected, counted, true, q.line());
        }
        String field = at + (words > MAX_WORDS ? ".en" : ".zh");
        String where = index == 0 ? " (with the lesson's narration)" : "";
        String whereZh = index == 0 ? "（连同课程讲解）" : "";
        return new CheckResult(lesson.id(), index + 1, LENGTH, expected,
                Text.format("%s:%s: %s%s is too long to read before the question: %s",
                        "%s:%s：%s%s 太长，不便在提问前读完：%s", lesson.file(), lesson.line(field), field,
                        new Text(where, whereZh), counted),
                false, q.line());
    }

    /** English words: runs of text without spaces that hold a letter or a digit. */
    static int words(String s) {
        int n = 0;
        for (String w : s.trim().split("\\s+")) {
            if (w.codePoints().anyMatch(Character::isLetterOrDigit)) {
                n++;
            }
        }
        return n;
    }

    /** Chinese length: each Han character, and each word of Latin letters or digits, counts one. */
    static int chineseLength(String s) {
        int n = 0;
        Matcher h = HAN.matcher(s);
        while (h.find()) {
            n++;
        }
        Matcher w = LATIN_WORD.matcher(HAN.matcher(s).replaceAll(" "));
        while (w.find()) {
            n++;
        }
        return n;
    }
}
