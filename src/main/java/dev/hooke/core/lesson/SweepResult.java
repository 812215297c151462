package dev.hooke.core.lesson;

import dev.hooke.core.integrate.IntegratorKind;
import java.util.List;

/**
 * The table of a Δt sweep: for each Δt, whether the run was predicted to explode and whether it
 * did.
 *
 * @param integrator     the method
 * @param predictedLimit the predicted Δt limit (0: unstable at every Δt; +∞: none); in s
 * @param time           how long each run lasted unless it exploded; in s
 * @param rows           one row per Δt
 */
public record SweepResult(IntegratorKind integrator, double predictedLimit, double time, List<Row> rows) {

    public SweepResult {
        rows = List.copyOf(rows);
    }

    /**
     * @param dt         Δt; in s
     * @param predicted  whether the run was predicted to explode (Δt ≥ the limit)
     * @param exploded   whether it exploded within the sweep's time
     * @param explodedAt t at the explosion, or NaN; in s
     */
    public record Row(double dt, boolean predicted, boolean exploded, double explodedAt) {
        /** Whether the measurement agrees with the prediction. */
        public boolean agrees() {
            return predicted == exploded;
        }
    }
}
