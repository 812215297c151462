package dev.hooke.core.lesson;

import dev.hooke.core.scene.SceneFile;
import java.util.List;
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
 */
public record Lesson(String file, String id, Text title, Text narration, SceneFile scene, List<Step> steps) {

    public Lesson {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(narration, "narration");
        Objects.requireNonNull(scene, "scene");
        steps = List.copyOf(steps);
    }

    /** The number of checks over all steps. */
    public int checkCount() {
        return steps.stream().mapToInt(s -> s.checks().size()).sum();
    }
}
