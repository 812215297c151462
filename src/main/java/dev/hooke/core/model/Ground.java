package dev.hooke.core.model;

/**
 * A horizontal ground plane, perpendicular to gravity's usual direction (the y axis), with simple
 * contact: a particle below the plane is put back on it, the normal velocity is reflected and
 * scaled by the restitution, and the tangential velocity loses at most {@code friction} times the
 * normal velocity change (Coulomb friction applied as an impulse).
 *
 * @param height      y of the plane; in m
 * @param restitution e, coefficient of restitution in [0, 1]; 0 makes a plastic contact
 * @param friction    μ, Coulomb friction coefficient, at least 0
 */
public record Ground(double height, double restitution, double friction) {
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
}
