package dev.hooke.core.model;

/**
 * A rigid sphere of radius R, fixed or moving on a horizontal circle, that the particles cannot
 * enter. The particles stand for a cloth of thickness h, so they meet the sphere at a distance
 * R + h/2 from its centre: the contact surface is the sphere inflated by half the thickness.
 *
 * <h2>Motion</h2>
 * With an orbit radius ρ &gt; 0 and a period T the centre moves on a horizontal circle through
 * the given centre c:
 * <pre>
 *   c(t) = c + ρ (sin ωt, 0, 1 − cos ωt),     u(t) = ċ(t) = ρω (cos ωt, 0, sin ωt),     ω = 2π / T
 * </pre>
 * so at t = 0 it is at c and moves along +x; it translates without spinning. Its surface velocity
 * u enters the relative velocity of the contact, so friction drags a cloth lying on it along.
 * With ρ = 0 it stays at c.
 *
 * <p>The contact with a sphere is perfectly inelastic (e = 0): a cloth does not bounce off.
 *
 * @param cx          x of the centre c; in m
 * @param cy          y of the centre c; in m
 * @param cz          z of the centre c; in m
 * @param radius      R; in m, &gt; 0
 * @param friction    μ, Coulomb friction coefficient, at least 0
 * @param orbitRadius ρ, the radius of the centre's circle; in m, at least 0 (0: fixed)
 * @param orbitPeriod T, the time of one turn; in s, &gt; 0
 * @param thickness   h, the thickness of the cloth that meets the sphere; in m, at least 0
 */
public record Sphere(double cx, double cy, double cz, double radius, double friction,
                     double orbitRadius, double orbitPeriod, double thickness) implements Obstacle {

    /** The thickness of a cloth when none is given: 1 cm. */
    public static final double DEFAULT_THICKNESS = 0.01;

    public Sphere {
        if (!(Double.isFinite(cx) && Double.isFinite(cy) && Double.isFinite(cz))) {
            throw new IllegalArgumentException("sphere centre must be finite, got " + cx + ", " + cy + ", " + cz);
        }
        if (!(radius > 0) || !Double.isFinite(radius)) {
            throw new IllegalArgumentException("sphere radius must be finite and > 0, got " + radius);
        }
        if (!(friction >= 0) || !Double.isFinite(friction)) {
            throw new IllegalArgumentException("friction must be finite and >= 0, got " + friction);
        }
        if (!(orbitRadius >= 0) || !Double.isFinite(orbitRadius)) {
            throw new IllegalArgumentException("orbit radius must be finite and >= 0, got " + orbitRadius);
        }
        if (!(orbitPeriod > 0) || !Double.isFinite(orbitPeriod)) {
            throw new IllegalArgumentException("orbit period must be finite and > 0, got " + orbitPeriod);
        }
        if (!(thickness >= 0) || !Double.isFinite(thickness)) {
            throw new IllegalArgumentException("thickness must be finite and >= 0, got " + thickness);
        }
    }

    /** A fixed sphere with the default thickness. */
    public static Sphere fixed(double cx, double cy, double cz, double radius, double friction) {
        return new Sphere(cx, cy, cz, radius, friction, 0, 1, DEFAULT_THICKNESS);
    }

    /** R + h/2, the distance from the centre at which a particle touches; in m. */
    public double contactRadius() {
        return radius + 0.5 * thickness;
    }

    /** ω = 2π / T; in rad/s. */
    private double omega() {
        return 2 * Math.PI / orbitPeriod;
    }

    /** x of the centre at time t; in m. */
    public double centerX(double t) {
        return orbitRadius == 0 ? cx : cx + orbitRadius * Math.sin(omega() * t);
    }

    /** y of the centre at time t (the orbit is horizontal); in m. */
    public double centerY(double t) {
        return cy;
    }

    /** z of the centre at time t; in m. */
    public double centerZ(double t) {
        return orbitRadius == 0 ? cz : cz + orbitRadius * (1 - Math.cos(omega() * t));
    }

    /** |x − c(t)| − (R + h/2). */
    @Override
    public double gap(double x, double y, double z, double t) {
        double dx = x - centerX(t);
        double dy = y - centerY(t);
        double dz = z - centerZ(t);
        return Math.sqrt(dx * dx + dy * dy + dz * dz) - contactRadius();
    }

    /** (x − c) / |x − c|; straight up at the centre itself. */
    @Override
    public void normal(double[] x, int q, double t, double[] out) {
        double dx = x[q] - centerX(t);
        double dy = x[q + 1] - centerY(t);
        double dz = x[q + 2] - centerZ(t);
        double d = Math.sqrt(dx * dx + dy * dy + dz * dz);
        if (d > 0) {
            out[0] = dx / d;
            out[1] = dy / d;
            out[2] = dz / d;
        } else {
            out[0] = 0;
            out[1] = 1;
            out[2] = 0;
        }
    }

    @Override
    public void surfaceVelocity(double t, double[] out) {
        if (orbitRadius == 0) {
            out[0] = 0;
            out[1] = 0;
            out[2] = 0;
            return;
        }
        double w = omega();
        out[0] = orbitRadius * w * Math.cos(w * t);
        out[1] = 0;
        out[2] = orbitRadius * w * Math.sin(w * t);
    }

    /** x ← c + (R + h/2)(x − c) / |x − c|. */
    @Override
    public void project(double[] x, int q, double t) {
        double ox = centerX(t);
        double oy = centerY(t);
        double oz = centerZ(t);
        double dx = x[q] - ox;
        double dy = x[q + 1] - oy;
        double dz = x[q + 2] - oz;
        double d = Math.sqrt(dx * dx + dy * dy + dz * dz);
        double r = contactRadius();
        if (d > 0) {
            x[q] = ox + r * dx / d;
            x[q + 1] = oy + r * dy / d;
            x[q + 2] = oz + r * dz / d;
        } else {
            x[q + 1] = oy + r;
        }
    }

    /** 0: a cloth does not bounce off the sphere. */
    @Override
    public double restitution() {
        return 0;
    }

    /** 1 / (R + h/2), the curvature of the contact surface. */
    @Override
    public double curvature() {
        return 1 / contactRadius();
    }

    @Override
    public boolean moves() {
        return orbitRadius > 0;
    }
}
