package dev.hooke.fx.view;

/**
 * Maps a per-particle or per-spring quantity to a position u in a 1 × N gradient texture, and
 * gives the legend's scale and ticks. Uses no toolkit class.
 *
 * <ul>
 *   <li>Speed |v| (m/s) on the scale [0, S]: t = |v|/S, clamped to [0, 1]; the gradient runs
 *       from cool (slow) to hot (fast).</li>
 *   <li>Signed strain ε = (l − L)/L (dimensionless; l the spring's length, L its rest length) on
 *       the symmetric scale [−E, E]: t = ½ + ½·ε/E, clamped; compression (ε &lt; 0) is blue,
 *       rest white, tension (ε &gt; 0) red.</li>
 * </ul>
 * The texture coordinate of t hits the centre of a texel: u = (½ + t·(N − 1))/N, so that the
 * ends of the scale show the gradient's end colours exactly. A value that is not finite maps to
 * the top of the scale (it is off any scale). The scale S or E is the observed maximum rounded up
 * to 1, 2 or 5 times a power of ten ({@link #niceCeil(double)}), so the legend does not flicker.
 */
public final class ColourMap {

    /** What the 3D view colours. */
    public enum Mode {
        /** The scene's own colours. */
        NONE,
        /** Particle speed |v|. */
        SPEED,
        /** Spring strain (l − L)/L. */
        STRAIN
    }

    /** The number of texels of the gradient texture. */
    public static final int TEXELS = 64;
    /** The smallest scale used, so that a system at rest still has a legend. */
    public static final double MIN_SCALE = 1e-6;
    /** The number of ticks on the legend. */
    public static final int TICKS = 5;

    private ColourMap() {
    }

    /** The texture coordinate of the position t (0 … 1, clamped) along the gradient. */
    public static float u(double t) {
        double c = Double.isNaN(t) ? 1 : Math.max(0, Math.min(1, t));
        return (float) ((0.5 + c * (TEXELS - 1)) / TEXELS);
    }

    /** The position t (0 … 1) of texel centre u; the inverse of {@link #u(double)}. */
    public static double t(float u) {
        return (u * TEXELS - 0.5) / (TEXELS - 1);
    }

    /** t of a speed |v| (m/s) on the scale [0, scale]. */
    public static double speedT(double speed, double scale) {
        return speed / scale;
    }

    /** t of a signed strain ε on the scale [−scale, scale]. */
    public static double strainT(double strain, double scale) {
        if (Double.isNaN(strain)) {
            return Double.NaN;
        }
        return 0.5 + 0.5 * strain / scale;
    }

    /** t of a value of the given mode on the given scale. */
    public static double t(Mode mode, double value, double scale) {
        return mode == Mode.STRAIN ? strainT(value, scale) : speedT(value, scale);
    }

    /**
     * The smallest of 1, 2, 5 × 10^k not below {@code max} (at least {@link #MIN_SCALE}; a value
     * that is not finite gives 1).
     */
    public static double niceCeil(double max) {
        if (!Double.isFinite(max)) {
            return 1;
        }
        double m = Math.max(Math.abs(max), MIN_SCALE);
        double p = Math.pow(10, Math.floor(Math.log10(m)));
        for (double f : new double[] {1, 2, 5, 10}) {
            if (f * p >= m * (1 - 1e-12)) {
                return f * p;
            }
        }
        return 10 * p;
    }

    /** The legend's tick values, equally spaced from the low end of the scale to the high end. */
    public static double[] ticks(Mode mode, double scale) {
        double lo = mode == Mode.STRAIN ? -scale : 0;
        double[] out = new double[TICKS];
        for (int i = 0; i < TICKS; i++) {
            out[i] = lo + (scale - lo) * i / (TICKS - 1);
        }
        return out;
    }

    /**
     * The mean strain of the springs at each particle: out[i] = Σ ε_s / n_i over the n_i springs
     * with an end at i (0 for a particle without springs); broken springs (strain NaN) do not count.
     *
     * @param count scratch space of at least {@code out.length} ints
     */
    public static void meanPerParticle(int[] springA, int[] springB, float[] strain, float[] out, int[] count) {
        java.util.Arrays.fill(out, 0f);
        java.util.Arrays.fill(count, 0, out.length, 0);
        for (int s = 0; s < springA.length; s++) {
            if (Float.isNaN(strain[s])) {
                continue;      // a broken spring
            }
            out[springA[s]] += strain[s];
            out[springB[s]] += strain[s];
            count[springA[s]]++;
            count[springB[s]]++;
        }
        for (int i = 0; i < out.length; i++) {
            if (count[i] > 0) {
                out[i] /= count[i];
            }
        }
    }
}
