package dev.hooke.core.sim;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.stability.StabilityLimit;
import java.util.Locale;

/**
 * Why and when a simulation was marked exploded.
 *
 * @param time       t at the step that exploded; in s
 * @param step       the number of that step (the first step is 1)
 * @param dt         Δt then; in s
 * @param integrator the method then
 * @param limit      the predicted stability limit for that method on the system as it was at the
 *                   start (or after its parameters last changed); null if it could not be computed
 * @param reason     what was seen: a non-finite value, energy growth, or an error in the step
 * @param particle   the particle where a non-finite value or the largest speed was found, or −1
 */
public record ExplosionReport(double time, long step, double dt, IntegratorKind integrator,
                              StabilityLimit limit, String reason, int particle) {

    /**
     * A plain sentence with numbers, for example
     * "Exploded at t = 1.27 s (step 127): Δt = 0.021 s is above the limit 0.020 s for Semi-implicit Euler."
     */
    public String message() {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "Exploded at t = %.4g s (step %d): ", time, step));
        if (limit == null) {
            sb.append(String.format(Locale.ROOT, "Δt = %.4g s with %s", dt, integrator.displayName()));
        } else if (limit.unstableAtEveryDt()) {
            sb.append(String.format(Locale.ROOT,
                    "%s is unstable at every Δt on an undamped spring (energy ×(1+Δt²ω²) per step); Δt = %.4g s",
                    integrator.displayName(), dt));
        } else if (limit.unlimited()) {
            sb.append(String.format(Locale.ROOT, "Δt = %.4g s with %s, which has no stability limit",
                    dt, integrator.displayName()));
        } else if (dt >= limit.dtMax()) {
            sb.append(String.format(Locale.ROOT, "Δt = %.4g s is above the limit %.4g s for %s",
                    dt, limit.dtMax(), integrator.displayName()));
        } else {
            sb.append(String.format(Locale.ROOT, "Δt = %.4g s is below the limit %.4g s for %s at the start",
                    dt, limit.dtMax(), integrator.displayName()));
        }
        sb.append(". ").append(reason).append('.');
        return sb.toString();
    }
}
