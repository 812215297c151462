package dev.hooke.core.lesson;

import dev.hooke.core.integrate.IntegratorKind;
import java.util.HashMap;
import java.util.Map;

/**
 * The runs and the sweep a lesson has played so far, as its checks find them: the latest run,
 * the latest run of each integrator, the latest run of each label, and the latest sweep. The
 * {@link LessonRunner} records into it; {@link CheckEvaluator} reads it.
 */
final class RecordedRuns {

    private RunRecord latest;
    private final Map<IntegratorKind, RunRecord> latestByKind = new HashMap<>();
    private final Map<String, RunRecord> latestByLabel = new HashMap<>();
    private SweepResult lastSweep;

    /** Forgets every run and sweep, as at the start of the lesson. */
    void clear() {
        latest = null;
        latestByKind.clear();
        latestByLabel.clear();
        lastSweep = null;
    }

    /** Records a run: the latest, the latest of its integrator and, when it has one, of its label. */
    void remember(RunRecord rec) {
        latest = rec;
        latestByKind.put(rec.integrator(), rec);
        if (rec.label() != null) {
            latestByLabel.put(rec.label(), rec);
        }
    }

    /** Records a sweep as the latest. */
    void remember(SweepResult sweep) {
        lastSweep = sweep;
    }

    /** The latest run, or null. */
    RunRecord latest() {
        return latest;
    }

    /** The latest run with {@code kind}, or null. */
    RunRecord latest(IntegratorKind kind) {
        return latestByKind.get(kind);
    }

    /** The latest run labelled {@code label}, or null. */
    RunRecord labelled(String label) {
        return latestByLabel.get(label);
    }

    /** The latest sweep, or null. */
    SweepResult lastSweep() {
        return lastSweep;
    }
}
