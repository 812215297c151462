package dev.hooke.core.scene;

import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.model.Sphere;

/**
 * The obstacle of a scene: none, or a sphere of radius R centred at c, fixed or moving on a
 * horizontal circle of radius ρ in T seconds ({@link Sphere}). Its friction is the scene's
 * {@code friction} (shared with the ground), its thickness the cloth's (1 cm).
 *
 * <p>Defaults: none; a sphere has c = (0, −0.8, 0.5) m and R = 0.3 m, so that the default cloth,
 * lying flat at y = 0 over z ∈ [0, 1], meets it after a drop of 0.5 m; ρ = 0 (fixed) and T = 4 s.
 *
 * @param kind        none or sphere
 * @param x           x of the centre; in m
 * @param y           y of the centre; in m
 * @param z           z of the centre; in m
 * @param radius      R; in m
 * @param orbitRadius ρ; in m (0: fixed)
 * @param orbitPeriod T; in s
 */
public record ObstacleSpec(ObstacleKind kind, double x, double y, double z, double radius,
                           double orbitRadius, double orbitPeriod) {

    /** No obstacle, with the default sphere's values kept for when one is switched on. */
    public static final ObstacleSpec NONE = new ObstacleSpec(ObstacleKind.NONE, 0, -0.8, 0.5, 0.3, 0, 4);
    /** The default sphere. */
    public static final ObstacleSpec SPHERE = NONE.withKind(ObstacleKind.SPHERE);

    /** This spec with another kind. */
    public ObstacleSpec withKind(ObstacleKind k) {
        return new ObstacleSpec(k, x, y, z, radius, orbitRadius, orbitPeriod);
    }

    /** This spec with another centre; in m. */
    public ObstacleSpec withCenter(double cx, double cy, double cz) {
        return new ObstacleSpec(kind, cx, cy, cz, radius, orbitRadius, orbitPeriod);
    }

    /** This spec with another radius; in m. */
    public ObstacleSpec withRadius(double r) {
        return new ObstacleSpec(kind, x, y, z, r, orbitRadius, orbitPeriod);
    }

    /** This spec with another orbit: radius ρ in m (0: fixed) and period T in s. */
    public ObstacleSpec withOrbit(double rho, double period) {
        return new ObstacleSpec(kind, x, y, z, radius, rho, period);
    }

    /**
     * Checks every field.
     *
     * @throws IllegalArgumentException whose message starts with the field's name
     */
    void validate() {
        if (kind == null) {
            throw new IllegalArgumentException("obstacle: must be one of none, sphere");
        }
        for (double c : new double[] {x, y, z}) {
            part("sphere-center", "each coordinate", SceneSpec.COORDINATE, c);
        }
        SceneSpec.LENGTH.check("sphere-radius", radius);
        part("sphere-orbit", "the radius", SceneSpec.DISTANCE, orbitRadius);
        part("sphere-orbit", "the period", SceneSpec.PERIOD, orbitPeriod);
    }

    /** Checks one part of a field made of several numbers ("sphere-orbit: the period must be …"). */
    private static void part(String field, String what, Range range, double v) {
        String problem = range.problem(v);
        if (problem != null) {
            throw new IllegalArgumentException(field + ": " + what + " " + problem);
        }
    }

    /** The sphere this spec makes with friction μ for a cloth {@code thickness} thick (m), or null for none. */
    public Sphere sphere(double friction, double thickness) {
        if (kind != ObstacleKind.SPHERE) {
            return null;
        }
        return new Sphere(x, y, z, radius, friction, orbitRadius, orbitPeriod, thickness);
    }

    /** Adds the obstacle to a system being built, for a cloth {@code thickness} thick (m). */
    void addTo(MassSpringSystem.Builder b, double friction, double thickness) {
        Sphere sp = sphere(friction, thickness);
        if (sp != null) {
            b.sphere(sp);
        }
    }
}
