package dev.hooke.core.lesson;

import dev.hooke.core.scene.SceneFile;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

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

    /**
     * The scene keys this step's actions touch, for the workbench to highlight the controls a
     * step uses: the keys of its {@code set} actions, {@code integrator} for a change of method
     * or a comparison, {@code dt} for a sweep.
     */
    public Set<SceneFile.Key> controls() {
        Set<SceneFile.Key> out = EnumSet.noneOf(SceneFile.Key.class);
        for (Action a : actions) {
            if (a instanceof Action.Set s) {
                out.addAll(s.change().keySet());
            } else if (a instanceof Action.UseIntegrator || a instanceof Action.Compare) {
                out.add(SceneFile.Key.INTEGRATOR);
            } else if (a instanceof Action.SweepDt) {
                out.add(SceneFile.Key.DT);
            }
        }
        return out;
    }

    /**
     * The readouts hidden while the step's question is open (predict mode): those its question
     * names, or by default those that show a stability question's answer; empty without a question.
     */
    public Set<Readout> hidden() {
        if (question == null) {
            return Set.of();
        }
        return question.hides() != null ? question.hides() : Readout.defaultFor(question, checks);
    }
}
