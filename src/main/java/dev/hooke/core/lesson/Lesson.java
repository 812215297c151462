package dev.hooke.core.lesson;

import dev.hooke.core.scene.SceneFile;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A lesson as read from its YAML file: see {@code lessons/README.md} for the format.
 *
 * @param file      the file as named to the reader
 * @param id        a short identifier (lowercase letters, digits and dashes)
 * @param title     the title
 * @param narration the introduction
 * @param scene     the scene, integrator and Δt the lesson starts with
 * @param steps     the steps, in order
 * @param lines     the line of each text in the file, by field ({@code steps[2].narration.zh}); a
 *                  lesson built in code may leave it empty
 */
public record Lesson(String file, String id, Text title, Text narration, SceneFile scene, List<Step> steps,
                     Map<String, Integer> lines) {

    public Lesson {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(narration, "narration");
        Objects.requireNonNull(scene, "scene");
        steps = List.copyOf(steps);
        lines = Map.copyOf(lines);
    }

    /** A lesson whose texts' lines are not known. */
    public Lesson(String file, String id, Text title, Text narration, SceneFile scene, List<Step> steps) {
        this(file, id, title, narration, scene, steps, Map.of());
    }

    /** The line of a text field ({@code title.en}, {@code steps[0].question.choices[1].zh}), or 0 when unknown. */
    public int line(String field) {
        return lines.getOrDefault(field, 0);
    }

    /** The number of checks over all steps. */
    public int checkCount() {
        return steps.stream().mapToInt(s -> s.checks().size()).sum();
    }
}
