package dev.hooke.core.model;

/**
 * A rigid body the particles cannot enter: the ground plane or a sphere. The contact
 * ({@code dev.hooke.core.sim.Contact}) treats every shape alike through its signed gap, its
 * outward normal and the velocity of its surface; nothing here allocates.
 *
 * <p>The gap φ(x, t) is the signed distance from x to the contact surface at time t, in m:
 * positive outside, negative inside. The normal is ∇φ, of unit length, and a point is put on the
 * surface by x ← x − φ ∇φ (exact for a plane and a sphere, whose gaps are distances).
 */
public sealed interface Obstacle permits Ground, Sphere {

    /** φ(x, t), the signed distance from (x, y, z) to the contact surface at time t; in m. */
    double gap(double x, double y, double z, double t);

    /**
     * Writes the outward unit normal ∇φ at (x[q], x[q+1], x[q+2]) at time t into out[0..2].
     */
    void normal(double[] x, int q, double t, double[] out);

    /** Writes the velocity of the surface at time t into out[0..2]; in m/s (0 for a fixed shape). */
    void surfaceVelocity(double t, double[] out);

    /** Moves the point (x[q], x[q+1], x[q+2]) onto the contact surface at time t along the normal. */
    void project(double[] x, int q, double t);

    /** e, the coefficient of restitution, in [0, 1]. */
    double restitution();

    /** μ, the Coulomb friction coefficient, at least 0. */
    double friction();

    /**
     * κ, the curvature of the contact surface, in 1/m: 1 / (R + h/2) for a sphere, 0 for a plane.
     * A particle sliding over the surface at relative tangential speed v_t needs the centripetal
     * acceleration κ v_t² towards the inside, which the normal force does not have to supply.
     */
    double curvature();

    /** Whether the surface moves (a moving shape can do work on the particles). */
    boolean moves();
}
