package dev.hooke.core.model;

/**
 * A horizontal ground plane, perpendicular to gravity's usual direction (the y axis). A particle
 * that would cross it in a step is held for that step (its velocity set to zero, its position
 * kept by the integrator), then set on the plane and given back a normal speed e times the speed
 * it arrived with at the plane; friction takes at most {@code friction} times the normal velocity
 * the plane removed from its tangential velocity, and what is left (if anything) slides it along
 * the plane. The restitution acts on each particle as it touches: a single particle dropped from H
 * bounces to e² H, while a soft body rebounds mostly by its own springs. The energy the contact
 * removes is counted in the dissipated work ({@code dev.hooke.core.sim.Contact}).
 *
 * @param height      y of the plane; in m
 * @param restitution e, coefficient of restitution in [0, 1]; 0 makes a plastic contact
 * @param friction    μ, Coulomb friction coefficient, at least 0
 */
public record Ground(double height, double restitution, double friction) implements Obstacle {
    public Ground {
        if (!Double.isFinite(height)) {
            throw new IllegalArgumentException("ground height must be finite, got " + height);
        }
        if (!(restitution >= 0 && restitution <= 1)) {
            throw new IllegalArgumentException("restitution must be in [0, 1], got " + restitution);
        }
        if (!(friction >= 0) || !Double.isFinite(friction)) {
            throw new IllegalArgumentException("friction must be finite and >= 0, got " + friction);
        }
    }

    /** y − h. */
    @Override
    public double gap(double x, double y, double z, double t) {
        return y - height;
    }

    /** (0, 1, 0). */
    @Override
    public void normal(double[] x, int q, double t, double[] out) {
        out[0] = 0;
        out[1] = 1;
        out[2] = 0;
    }

    @Override
    public void surfaceVelocity(double t, double[] out) {
        out[0] = 0;
        out[1] = 0;
        out[2] = 0;
    }

    /** y ← h, exactly. */
    @Override
    public void project(double[] x, int q, double t) {
        x[q + 1] = height;
    }

    /** 0: a plane. */
    @Override
    public double curvature() {
        return 0;
    }

    @Override
    public boolean moves() {
        return false;
    }
}
