package dev.hooke.core.lesson;

import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A number the workbench shows that can give a question's answer away, and that a step's open
 * question hides until it is answered (predict mode): the method's stability limit on Δt and
 * the naive bound 2·√(m/k).
 *
 * <p>By default a question hides both when it is about stability ({@link #defaultFor}): when its
 * number is a time step or a frequency, or when the step checks a limit, a bound, the modes, an
 * explosion or a sweep. A lesson names other readouts with {@code hides: [limit, naive_bound]}
 * (or {@code hides: []} for none).
 */
public enum Readout {
    /** The method's predicted limit on Δt: the side panel's and status bar's limit, the slider's limit mark, the Δt chart's limit line, the Modes window's numbers. */
    LIMIT("limit"),
    /** The naive bound 2·√(m/k): its readouts, the slider's mark and the Δt chart's line. */
    NAIVE_BOUND("naive_bound");

    private final String id;

    Readout(String id) {
        this.id = id;
    }

    /** The name a lesson file uses. */
    public String id() {
        return id;
    }

    /** The readout a lesson file names, or null. */
    public static Readout of(String id) {
        for (Readout r : values()) {
            if (r.id.equals(id.toLowerCase(Locale.ROOT))) {
                return r;
            }
        }
        return null;
    }

    /** The units of a numeric answer that is a time step or a frequency. */
    private static final Set<String> STABILITY_UNITS = Set.of("s", "ms", "rad/s", "1/s", "hz");

    /**
     * What a question hides when its lesson names nothing: the limit and the naive bound when
     * the question is about stability, else nothing.
     */
    public static Set<Readout> defaultFor(Question q, List<Check> checks) {
        if (q == null) {
            return Set.of();
        }
        boolean stability = !q.isMultipleChoice() && STABILITY_UNITS.contains(q.unit().toLowerCase(Locale.ROOT));
        for (Check c : checks) {
            stability |= c instanceof Check.PredictedLimit || c instanceof Check.NaiveBound
                    || c instanceof Check.OmegaMax || c instanceof Check.ModesOutside
                    || c instanceof Check.ModeAmplification || c instanceof Check.ModesLimit
                    || c instanceof Check.LimitOverNaive || c instanceof Check.ExplosionDt
                    || c instanceof Check.SweepMatchesPrediction || c instanceof Check.Explodes
                    || c instanceof Check.Bounded;
        }
        return stability ? Set.copyOf(EnumSet.allOf(Readout.class)) : Set.of();
    }
}
