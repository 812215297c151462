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
                              StabilityLimit limit, Reason reason, int particle) {

    /** What the detector saw (see {@link Simulation}, "Explosion"). */
    public enum Cause {
        /** A position or velocity became infinite or NaN. */
        NON_FINITE,
        /** The energy of motion grew past {@link Simulation#EXPLOSION_FACTOR} times its scale. */
        ENERGY_GREW,
        /**
         * The total energy K + U_el + U_grav rose above its start by more than
         * {@link Simulation#ENERGY_GAIN_FACTOR} times the energy scale plus the kinetic energy at the start: energy the forces cannot
         * supply, which the method created (the whole body may fly off, so the energy of
         * motion alone does not show it).
         */
        ENERGY_CREATED,
        /** The integrator's step threw an exception. */
        STEP_FAILED,
        /** With tearing on, springs broke nearly everywhere at once: a blow-up, not a tear. */
        SHATTERED
    }

    /**
     * Why the simulation was marked exploded, as values: a user interface words them in its own
     * language, {@link #text()} in English.
     *
     * @param cause   what was seen
     * @param energy  for {@link Cause#ENERGY_GREW}: the energy of motion, U_el + K_int; for
     *                {@link Cause#ENERGY_CREATED}: the total energy's rise above its start; in J (NaN otherwise)
     * @param scale   for {@link Cause#ENERGY_GREW}: the energy scale E_ref it is measured against; for
     *                {@link Cause#ENERGY_CREATED}: E_ref + K(0); in J (NaN otherwise)
     *                For {@link Cause#SHATTERED}: the springs that broke within the last few steps and
     *                the number of springs (as counts)
     * @param failure for {@link Cause#STEP_FAILED}: the exception's message, possibly null (null otherwise)
     */
    public record Reason(Cause cause, double energy, double scale, String failure) {

        /** A position or velocity that is not finite. */
        public static Reason nonFinite() {
            return new Reason(Cause.NON_FINITE, Double.NaN, Double.NaN, null);
        }

        /** The energy of motion grew to {@code energy}, against the scale {@code scale}; in J. */
        public static Reason energyGrew(double energy, double scale) {
            return new Reason(Cause.ENERGY_GREW, energy, scale, null);
        }

        /** The total energy rose by {@code gain} above its start, against the scale {@code scale}; in J. */
        public static Reason energyCreated(double gain, double scale) {
            return new Reason(Cause.ENERGY_CREATED, gain, scale, null);
        }

        /** {@code broke} of the {@code springs} springs broke within a few steps. */
        public static Reason shattered(int broke, int springs) {
            return new Reason(Cause.SHATTERED, broke, springs, null);
        }

        /** The step threw an exception with this message. */
        public static Reason stepFailed(String failure) {
            return new Reason(Cause.STEP_FAILED, Double.NaN, Double.NaN, failure);
        }

        /** For {@link Cause#ENERGY_GREW} and {@link Cause#ENERGY_CREATED}: energy / scale. */
        public double factor() {
            return energy / scale;
        }

        /** The reason in English, for example "a position or velocity became infinite or NaN". */
        public String text() {
            return switch (cause) {
                case NON_FINITE -> "a position or velocity became infinite or NaN";
                case ENERGY_GREW -> String.format(Locale.ROOT,
                        "The energy of motion grew to %.3g J, %.0f times its scale %.3g J", energy, factor(), scale);
                case ENERGY_CREATED -> String.format(Locale.ROOT,
                        "The total energy rose %.3g J above its start, %.0f times its scale %.3g J: energy the "
                        + "forces cannot supply", energy, factor(), scale);
                case STEP_FAILED -> "the step failed: " + failure;
                case SHATTERED -> String.format(Locale.ROOT,
                        "%.0f of the %.0f springs tore within a few steps, everywhere at once", energy, scale);
            };
        }
    }

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
                    "%s is unstable at every Δt on this system; Δt = %.4g s",
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
        sb.append(". ").append(reason.text()).append('.');
        return sb.toString();
    }
}
