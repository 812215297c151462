package dev.hooke.core.lesson;

import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A prediction asked before a step runs. Either multiple choice ({@link #choices} not empty,
 * {@link #answer} the 1-based number of the correct choice) or a number ({@link #choices} empty,
 * the correct value {@link #value} within the relative tolerance {@link #within}, in
 * {@link #unit}).
 *
 * @param prompt      the question
 * @param choices     the choices, or empty for a numeric answer
 * @param answer      the correct choice, 1-based (0 for a numeric answer)
 * @param value       the correct number (NaN for multiple choice)
 * @param within      the relative tolerance a numeric guess is judged right within (NaN for multiple choice)
 * @param unit        the unit of the number, for example "s" ("" for none)
 * @param explanation why the answer is right, shown after the step ran (may be null)
 * @param line        the line of the question in the lesson file
 * @param hides       the readouts hidden while the question is open, as the lesson names them
 *                    ({@code hides:}), or null when it names none ({@link Readout#defaultFor})
 */
public record Question(Text prompt, List<Text> choices, int answer, double value, double within, String unit,
                       Text explanation, int line, Set<Readout> hides) {

    public Question {
        Objects.requireNonNull(prompt, "prompt");
        choices = List.copyOf(choices);
        Objects.requireNonNull(unit, "unit");
        hides = hides == null ? null : Set.copyOf(hides);
    }

    /** A question whose lesson names no readouts to hide (the default applies). */
    public Question(Text prompt, List<Text> choices, int answer, double value, double within, String unit,
                    Text explanation, int line) {
        this(prompt, choices, answer, value, within, unit, explanation, line, null);
    }

    /** Whether this is a multiple-choice question. */
    public boolean isMultipleChoice() {
        return !choices.isEmpty();
    }

    /** Whether a numeric guess is within the tolerance of the answer. */
    public boolean accepts(double guess) {
        return !isMultipleChoice() && Math.abs(guess - value) <= within * Math.abs(value);
    }

    /** Whether choice number {@code oneBased} is the correct one. */
    public boolean accepts(int oneBased) {
        return isMultipleChoice() && oneBased == answer;
    }
}
