package dev.hooke.core;

/**
 * The closed-form solution of x'' = −ω²x − 2ζω x' for ζ &lt; 1:
 * <pre>
 *   x(t) = e^(−ζωt) [x0 cos ω_d t + (v0 + ζωx0)/ω_d sin ω_d t],   ω_d = ω √(1 − ζ²)
 *   v(t) = −ζω x(t) + e^(−ζωt) [−x0 ω_d sin ω_d t + (v0 + ζωx0) cos ω_d t]
 * </pre>
 * With ζ = 0 it is the undamped x(t) = x0 cos ωt + (v0/ω) sin ωt.
 *
 * @param omega ω, the undamped angular frequency; in rad/s
 * @param zeta  ζ, the damping ratio c / (2√(km)), in [0, 1)
 * @param x0    the initial displacement; in m
 * @param v0    the initial velocity; in m/s
 */
public record DampedOscillator(double omega, double zeta, double x0, double v0) {

    public DampedOscillator {
        if (!(zeta >= 0 && zeta < 1)) {
            throw new IllegalArgumentException("zeta must be in [0, 1), got " + zeta);
        }
    }

    /** ω_d = ω√(1 − ζ²); in rad/s. */
    public double dampedOmega() {
        return omega * Math.sqrt(1 - zeta * zeta);
    }

    /** x(t); in m. */
    public double position(double t) {
        double wd = dampedOmega();
        return Math.exp(-zeta * omega * t)
                * (x0 * Math.cos(wd * t) + (v0 + zeta * omega * x0) / wd * Math.sin(wd * t));
    }

    /** v(t) = x'(t); in m/s. */
    public double velocity(double t) {
        double wd = dampedOmega();
        return -zeta * omega * position(t) + Math.exp(-zeta * omega * t)
                * (-x0 * wd * Math.sin(wd * t) + (v0 + zeta * omega * x0) * Math.cos(wd * t));
    }
}
