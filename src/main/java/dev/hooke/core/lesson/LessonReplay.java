package dev.hooke.core.lesson;

import dev.hooke.core.integrate.ImplicitOptions;
import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.io.DataFileException;
import dev.hooke.core.io.YamlMap;
import dev.hooke.core.io.YamlValue;
import dev.hooke.core.scene.SceneFile;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.solve.SolverKind;
import java.util.HashMap;
import java.util.Map;

/**
 * What {@link LessonReader} knows of a lesson at the point it has read to, without running it:
 * the scene as the {@code set} and {@code integrator} actions so far leave it, and the runs so far
 * (their integrators, solver settings and labels). The checks are validated against it, so that a
 * check about a run that has not happened, or a solver check about a run that solves nothing, is
 * reported with its line.
 */
final class LessonReplay {

    /** What the reader knows of a run: its integrator and solver settings, and how to name it. */
    record RunInfo(IntegratorKind kind, ImplicitOptions options, String name) {
    }

    private SceneFile scene;
    private RunInfo lastRun;
    private final Map<IntegratorKind, RunInfo> runsByKind = new HashMap<>();
    private final Map<String, RunInfo> runsByLabel = new HashMap<>();
    private boolean anySweep;

    LessonReplay(SceneFile initial) {
        scene = initial;
    }

    /** The scene as the actions so far leave it. */
    SceneFile scene() {
        return scene;
    }

    /** Adopts the scene after a {@code set} or {@code integrator} action. */
    void scene(SceneFile changed) {
        scene = changed;
    }

    /** Whether any run has happened yet. */
    boolean anyRun() {
        return lastRun != null;
    }

    /** Whether a {@code sweep_dt} has happened yet. */
    boolean anySweep() {
        return anySweep;
    }

    /** Notes a {@code sweep_dt}. */
    void sweep() {
        anySweep = true;
    }

    /** Notes a run, with its label or null. */
    void remember(RunInfo info, String label) {
        lastRun = info;
        runsByKind.put(info.kind(), info);
        if (label != null) {
            runsByLabel.put(label, info);
        }
    }

    /** The run a run check reads, as far as the reader can tell; an error when there is none. */
    RunInfo runInfo(YamlValue v, YamlMap m, IntegratorKind kind, String run) throws DataFileException {
        if (lastRun == null) {
            throw v.error("there is no run before this check: add a run or compare action");
        }
        if (run != null) {
            return labelled(m, "run", run);
        }
        if (kind != null) {
            RunInfo info = runsByKind.get(kind);
            if (info == null) {
                throw m.error("integrator", "no run with " + kind.id() + " happens before this check");
            }
            return info;
        }
        return lastRun;
    }

    /** The latest run labelled {@code label}; an error on {@code key} when there is none. */
    RunInfo labelled(YamlMap m, String key, String label) throws DataFileException {
        RunInfo info = runsByLabel.get(label);
        if (info == null) {
            throw m.error(key, "no run labelled '" + label + "' happens before this check"
                    + (runsByLabel.isEmpty() ? " (label a run with 'run: {..., label: " + label + "}')"
                    : "; the labels so far are " + String.join(", ", runsByLabel.keySet().stream().sorted().toList())));
        }
        return info;
    }

    /** A solver check needs an implicit integrator's run, and CG iterations a run that used CG. */
    static void requireSolver(RunInfo info, boolean cg, YamlValue v, String check) throws DataFileException {
        if (!info.kind().isImplicit()) {
            throw v.error("'" + check + "' reads the linear solves of an implicit integrator, and " + info.name()
                    + " uses " + info.kind().id() + ", which solves none");
        }
        if (cg && info.options().solver() != SolverKind.CG) {
            throw v.error("'" + check + "' counts CG iterations, and " + info.name() + " solves with "
                    + info.options().solver().id() + ", which takes none (set 'solver: cg')");
        }
    }

    /** A check against the closed-form solution needs the spring scene. */
    void requireSpring(YamlValue v, String check) throws DataFileException {
        if (scene.type() != SceneType.SPRING) {
            throw v.error("'" + check + "' compares with the closed-form solution of one spring: it needs the spring "
                    + "scene, and the scene here is " + scene.type().id());
        }
    }
}
