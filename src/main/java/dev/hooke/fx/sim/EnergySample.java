package dev.hooke.fx.sim;

/**
 * The energies at one instant, for the energy chart.
 *
 * @param generation    the reset the sample belongs to (see {@link Snapshot#generation()})
 * @param time          t; in s
 * @param kinetic       K; in J
 * @param elastic       U_el; in J
 * @param gravitational U_g; in J
 * @param dissipated    W_d, work dissipated by damping and contacts since the start; in J
 */
public record EnergySample(int generation, double time, double kinetic, double elastic, double gravitational,
                           double dissipated) {

    /** E = K + U_el + U_g; in J. */
    public double total() {
        return kinetic + elastic + gravitational;
    }
}
