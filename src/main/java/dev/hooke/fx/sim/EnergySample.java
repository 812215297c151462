package dev.hooke.fx.sim;

/**
 * The quantities the charts plot, at one instant of one simulated system: energies, the time step
 * against its bounds, and the last step's linear solve.
 *
 * @param generation    the reset the sample belongs to (see {@link Snapshot#generation()})
 * @param lane          which system: 0 the main one, 1 the second one of compare mode; in a lesson's
 *                      comparison, k the k-th run
 * @param time          t; in s
 * @param kinetic       K; in J
 * @param elastic       U_el; in J
 * @param gravitational U_g; in J
 * @param dissipated    W_d, work dissipated by damping and contacts since the start; in J
 * @param windWork      W_w, work the wind did on the free particles since the start; in J, of
 *                      either sign (E + W_d − W_w is constant but for the integrator's error)
 * @param dt            Δt; in s
 * @param naiveBound    the naive bound 2·√(m/k_s); in s (NaN while unknown)
 * @param limit         the integrator's predicted limit 2/ω_max (or its own rule); in s (NaN while
 *                      unknown, +∞ when there is none)
 * @param cgIterations  CG iterations of the last step (NaN for a method that solves nothing)
 * @param cgResidual    the last step's final relative residual ‖b − Ax‖/‖b‖, dimensionless (NaN
 *                      for a method that solves nothing)
 * @param maxStrain     the largest spring strain |l − L|/L; dimensionless (NaN when not recorded)
 * @param displacement  u, the spring scene's bob displacement from equilibrium along the axis; in m
 *                      (NaN for another scene or when not recorded)
 * @param exact         u_exact(t), the closed-form damped oscillator's displacement from the same
 *                      start; in m (NaN when not available)
 * @param velocity      v = u', the spring scene's bob velocity along the axis; in m/s (NaN as u)
 * @param exactVelocity v_exact(t) = u_exact'(t); in m/s (NaN as u_exact)
 * @param omega         ω = √(k/m) of the spring scene; in rad/s (NaN as u)
 */
public record EnergySample(int generation, int lane, double time, double kinetic, double elastic,
                           double gravitational, double dissipated, double windWork, double dt, double naiveBound,
                           double limit, double cgIterations, double cgResidual, double maxStrain, double displacement,
                           double exact, double velocity, double exactVelocity, double omega) {

    /** A sample without strain and displacement (NaN). */
    public EnergySample(int generation, int lane, double time, double kinetic, double elastic,
                        double gravitational, double dissipated, double windWork, double dt, double naiveBound,
                        double limit, double cgIterations, double cgResidual) {
        this(generation, lane, time, kinetic, elastic, gravitational, dissipated, windWork, dt, naiveBound, limit,
                cgIterations, cgResidual, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
    }

    /** u − u_exact, the error against the closed form; in m (NaN when either is unknown). */
    public double error() {
        return displacement - exact;
    }

    /** E = K + U_el + U_g; in J. */
    public double total() {
        return kinetic + elastic + gravitational;
    }
}
