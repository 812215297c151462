package dev.hooke.core.model;

/**
 * The wind a cloth may feel, as data: its mean velocity w₀, the air's density ρ, the normal-force
 * coefficient C and a gust. Its force on the cloth's triangles, their power and their derivatives
 * are computed by {@code dev.hooke.core.force.WindForce}.
 *
 * <h2>Gust</h2>
 * The wind is w(t) = w₀ (1 + a sin(2π t / T)): a deterministic gust of relative amplitude a and
 * period T; a = 0 is a steady wind. {@link #setTime} sets t, which the simulation does at the start
 * of every step: within a step the wind is constant. (Velocity Verlet reuses the forces of the
 * previous step's end, so it meets each step's gust one step late: a phase lag of Δt.)
 */
public final class Wind {

    /** ρ, the density of air at sea level and 20 °C; in kg/m³. */
    public static final double AIR_DENSITY = 1.2;
    /** C, the default normal-force coefficient: about Hoerner's 1.17 for a square plate broadside; dimensionless. */
    public static final double DEFAULT_COEFFICIENT = 1.2;
    /** The default gust period T; in s. */
    public static final double DEFAULT_GUST_PERIOD = 2.0;
    /** The largest wind speed |w₀| accepted; in m/s. */
    public static final double MAX_SPEED = 1e3;

    private final double[] base = new double[3];
    private final double density;
    private final double coefficient;
    private final double gust;
    private final double period;
    private final double[] now = new double[3];
    private double time;

    /**
     * @param wx          x component of w₀, the mean wind; in m/s, finite, |w₀| at most {@link #MAX_SPEED}
     * @param wy          its y component; in m/s
     * @param wz          its z component; in m/s
     * @param density     ρ, in kg/m³, finite and ≥ 0
     * @param coefficient C, dimensionless, finite and ≥ 0
     * @param gust       a, the gust's relative amplitude, in [0, 1]
     * @param period     T, the gust's period; in s, finite and &gt; 0
     */
    public Wind(double wx, double wy, double wz, double density, double coefficient, double gust, double period) {
        if (!Double.isFinite(wx) || !Double.isFinite(wy) || !Double.isFinite(wz)
                || !(Math.sqrt(wx * wx + wy * wy + wz * wz) <= MAX_SPEED)) {
            throw new IllegalArgumentException("wind: must be finite with a speed of at most " + MAX_SPEED + " m/s");
        }
        if (!(density >= 0) || !Double.isFinite(density)) {
            throw new IllegalArgumentException("air density must be finite and >= 0, got " + density);
        }
        if (!(coefficient >= 0) || !Double.isFinite(coefficient)) {
            throw new IllegalArgumentException("wind coefficient must be finite and >= 0, got " + coefficient);
        }
        if (!(gust >= 0 && gust <= 1)) {
            throw new IllegalArgumentException("gust: must be in [0, 1], got " + gust);
        }
        if (!(period > 0) || !Double.isFinite(period)) {
            throw new IllegalArgumentException("gust period must be finite and > 0, got " + period);
        }
        base[0] = wx;
        base[1] = wy;
        base[2] = wz;
        this.density = density;
        this.coefficient = coefficient;
        this.gust = gust;
        this.period = period;
        setTime(0);
    }

    /** A steady wind w₀ (m/s) in air of density {@link #AIR_DENSITY} with {@link #DEFAULT_COEFFICIENT}. */
    public static Wind steady(double wx, double wy, double wz) {
        return new Wind(wx, wy, wz, AIR_DENSITY, DEFAULT_COEFFICIENT, 0, DEFAULT_GUST_PERIOD);
    }

    /** A copy, at the same time. */
    public Wind copy() {
        Wind c = new Wind(base[0], base[1], base[2], density, coefficient, gust, period);
        c.setTime(time);
        return c;
    }

    /** Component k of w₀, the mean wind; in m/s. */
    public double mean(int k) {
        return base[k];
    }

    /** Component k of w(t) at the time last set; in m/s. */
    public double velocity(int k) {
        return now[k];
    }

    /** ρ; in kg/m³. */
    public double density() {
        return density;
    }

    /** C; dimensionless. */
    public double coefficient() {
        return coefficient;
    }

    /** a, the gust's relative amplitude. */
    public double gust() {
        return gust;
    }

    /** T, the gust's period; in s. */
    public double period() {
        return period;
    }

    /** Sets t (in s): w(t) = w₀ (1 + a sin(2π t / T)). */
    public void setTime(double t) {
        time = t;
        double f = 1 + gust * Math.sin(2 * Math.PI * t / period);
        now[0] = f * base[0];
        now[1] = f * base[1];
        now[2] = f * base[2];
    }
}
