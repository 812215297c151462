package dev.hooke.core.lesson;

import java.util.List;
import java.util.Objects;

/**
 * One step of a lesson: narration, an optional prediction asked first, the actions that are
 * played, and the checks verified after them.
 *
 * @param number    the 1-based step number
 * @param line      the line where the step starts in the lesson file
 * @param narration what the teacher says
 * @param question  the prediction asked before the actions run, or null
 * @param actions   the actions, in order
 * @param checks    the checks, verified after the actions
 */
public record Step(int number, int line, Text narration, Question question, List<Action> actions, List<Check> checks) {

    public Step {
        Objects.requireNonNull(narration, "narration");
        actions = List.copyOf(actions);
        checks = List.copyOf(checks);
    }
}
