package dev.hooke.core.observe;

/**
 * The closed-form solution of the damped oscillator u'' + 2ζω u' + ω² u = 0 with u(0) = u₀,
 * u'(0) = v₀ (any textbook on linear ODEs):
 * <pre>
 *   ζ &lt; 1:  u(t) = e^(−ζωt) [u₀ cos ω_d t + (v₀ + ζω u₀)/ω_d sin ω_d t],   ω_d = ω √(1 − ζ²)
 *   ζ = 1:  u(t) = e^(−ωt) [u₀ + (v₀ + ω u₀) t]
 *   ζ &gt; 1:  u(t) = A e^(r₁t) + B e^(r₂t),   r₁,₂ = −ω (ζ ∓ √(ζ² − 1)),
 *           A = (v₀ − r₂ u₀)/(r₁ − r₂),  B = u₀ − A
 * </pre>
 * and its velocity u'(t), the derivative of each form:
 * <pre>
 *   ζ &lt; 1:  u'(t) = e^(−ζωt) [(B ω_d − ζω u₀) cos ω_d t − (u₀ ω_d + ζω B) sin ω_d t],   B = (v₀ + ζω u₀)/ω_d
 *   ζ = 1:  u'(t) = e^(−ωt) [C − ω (u₀ + C t)],   C = v₀ + ω u₀
 *   ζ &gt; 1:  u'(t) = A r₁ e^(r₁t) + B r₂ e^(r₂t)
 * </pre>
 * ζ within {@value #CRITICAL_BAND} of 1 is treated as critical.
 *
 * @param omega ω, the undamped angular frequency; in rad/s (&gt; 0)
 * @param zeta  ζ, the damping ratio c/(2√(km)); dimensionless (&ge; 0)
 * @param u0    u₀, the displacement at t = 0; in m
 * @param v0    v₀, the velocity at t = 0; in m/s
 */
public record DampedOscillator(double omega, double zeta, double u0, double v0) {

    /** How close to 1 a damping ratio is taken as critical. */
    public static final double CRITICAL_BAND = 1e-12;

    public DampedOscillator {
        if (!(omega > 0) || !Double.isFinite(omega)) {
            throw new IllegalArgumentException("omega must be finite and > 0, got " + omega);
        }
        if (!(zeta >= 0) || !Double.isFinite(zeta)) {
            throw new IllegalArgumentException("zeta must be finite and >= 0, got " + zeta);
        }
    }

    /** u(t), the displacement; in m. */
    public double position(double t) {
        if (Math.abs(zeta - 1) <= CRITICAL_BAND) {
            return Math.exp(-omega * t) * (u0 + (v0 + omega * u0) * t);
        }
        if (zeta < 1) {
            double wd = omega * Math.sqrt(1 - zeta * zeta);
            return Math.exp(-zeta * omega * t) * (u0 * Math.cos(wd * t) + (v0 + zeta * omega * u0) / wd * Math.sin(wd * t));
        }
        double s = Math.sqrt(zeta * zeta - 1);
        double r1 = -omega * (zeta - s);
        double r2 = -omega * (zeta + s);
        double a = (v0 - r2 * u0) / (r1 - r2);
        return a * Math.exp(r1 * t) + (u0 - a) * Math.exp(r2 * t);
    }

    /** u'(t), the velocity; in m/s. */
    public double velocity(double t) {
        if (Math.abs(zeta - 1) <= CRITICAL_BAND) {
            double c = v0 + omega * u0;
            return Math.exp(-omega * t) * (c - omega * (u0 + c * t));
        }
        if (zeta < 1) {
            double wd = omega * Math.sqrt(1 - zeta * zeta);
            double b = (v0 + zeta * omega * u0) / wd;
            double zw = zeta * omega;
            return Math.exp(-zw * t) * ((b * wd - zw * u0) * Math.cos(wd * t) - (u0 * wd + zw * b) * Math.sin(wd * t));
        }
        double s = Math.sqrt(zeta * zeta - 1);
        double r1 = -omega * (zeta - s);
        double r2 = -omega * (zeta + s);
        double a = (v0 - r2 * u0) / (r1 - r2);
        return a * r1 * Math.exp(r1 * t) + (u0 - a) * r2 * Math.exp(r2 * t);
    }
}
