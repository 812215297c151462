package dev.hooke.core.force;

/**
 * The spring law, written once: the geometry of a spring from particle a to particle b, its force
 * and the 3×3 blocks of its Jacobian. Forces, the implicit matrix, the observables and the
 * position-based projections all take these formulas from here.
 *
 * <p>For a spring with rest length L, stiffness k_s and axial damping k_d (Baraff &amp; Witkin 1998,
 * §2 and §5):
 * <pre>
 *   d = x_b − x_a,   l = |d|,   n = d / l,   strain ε = (l − L) / L
 *   f_a = k_s (l − L) n + k_d ((v_b − v_a)·n) n,   f_b = −f_a
 *   K_s = −∂f_a/∂x_a = k_s [ n nᵀ + g (I − n nᵀ) ],   g = 1 − L/l
 *   D_s = −∂f_a/∂v_a = k_d n nᵀ
 *   E_s = (k_d / l) [ (n·u) I + n uᵀ ] (I − n nᵀ),   u = v_b − v_a   (∂f_a/∂x_b of the damping term)
 * </pre>
 * With the clamp of Choi &amp; Ko 2002 the transverse factor g becomes max(0, 1 − L/l), so that a
 * compressed spring's block stays positive semidefinite; it then differs from the exact derivative
 * by k_s (L/l − 1)(I − n nᵀ).
 *
 * <p>A spring shorter than {@link #MIN_LENGTH} has no direction: it exerts no force and its blocks
 * are 0.
 *
 * <p>Arrays are flat, laid out {@code 3*i+k}; particle arguments {@code a} and {@code b} are the
 * offsets {@code 3*i} of the two ends. Results go into caller-provided arrays; nothing allocates.
 */
public final class SpringGeometry {

    /** Below this length (in m) a spring has no defined direction and exerts no force. */
    public static final double MIN_LENGTH = 1e-12;

    private SpringGeometry() {
    }

    /** l = |x_b − x_a|, in m (a, b: offsets 3i). */
    public static double length(double[] x, int a, int b) {
        double dx = x[b] - x[a];
        double dy = x[b + 1] - x[a + 1];
        double dz = x[b + 2] - x[a + 2];
        return Math.sqrt(dx * dx + dy * dy + dz * dz);
    }

    /**
     * Writes d = x_b − x_a into {@code out[off .. off+2]}.
     *
     * @return l = |d|, in m
     */
    public static double difference(double[] x, int a, int b, double[] out, int off) {
        double dx = x[b] - x[a];
        double dy = x[b + 1] - x[a + 1];
        double dz = x[b + 2] - x[a + 2];
        out[off] = dx;
        out[off + 1] = dy;
        out[off + 2] = dz;
        return Math.sqrt(dx * dx + dy * dy + dz * dz);
    }

    /**
     * Writes the unit direction n = (x_b − x_a) / l into {@code out[off .. off+2]}, or 0 when
     * l &lt; {@link #MIN_LENGTH}.
     *
     * @return l = |x_b − x_a|, in m
     */
    public static double direction(double[] x, int a, int b, double[] out, int off) {
        double dx = x[b] - x[a];
        double dy = x[b + 1] - x[a + 1];
        double dz = x[b + 2] - x[a + 2];
        double l = Math.sqrt(dx * dx + dy * dy + dz * dz);
        if (l < MIN_LENGTH) {
            out[off] = 0;
            out[off + 1] = 0;
            out[off + 2] = 0;
            return l;
        }
        double inv = 1.0 / l;
        out[off] = dx * inv;
        out[off + 1] = dy * inv;
        out[off + 2] = dz * inv;
        return l;
    }

    /** The strain ε = (l − L) / L of a spring of length l and rest length L (dimensionless). */
    public static double strain(double l, double rest) {
        return (l - rest) / rest;
    }

    /** The elastic energy ½ k_s (l − L)², in J. */
    public static double energy(double ks, double rest, double l) {
        double ext = l - rest;
        return 0.5 * ks * ext * ext;
    }

    /**
     * The rate of extension (v_b − v_a)·n, in m/s, for a spring of length l ≥ {@link #MIN_LENGTH}.
     */
    public static double extensionRate(double[] x, double[] v, int a, int b, double l) {
        double dx = x[b] - x[a];
        double dy = x[b + 1] - x[a + 1];
        double dz = x[b + 2] - x[a + 2];
        return ((v[b] - v[a]) * dx + (v[b + 1] - v[a + 1]) * dy + (v[b + 2] - v[a + 2]) * dz) / l;
    }

    /**
     * The force on a along n, in N: f_a = (k_s (l − L) + k_d (v_b − v_a)·n) n, so this is
     * k_s (l − L) + k_d · rate with rate = (v_b − v_a)·n in m/s.
     */
    public static double axialForce(double ks, double kd, double rest, double l, double rate) {
        return ks * (l - rest) + kd * rate;
    }

    /**
     * Adds the spring's force to a and its opposite to b: f_a += c d, f_b −= c d. The force is
     * formed without the unit vector,
     * <pre>
     *   f_a = k_s (l − L) d / l = (k_s − k_s L / l) d               (undamped: one √, one division)
     *   f_a += k_d ((v_b − v_a)·d) d / l²                            (damped)
     * </pre>
     * and nothing when l &lt; {@link #MIN_LENGTH}.
     *
     * @param ks   k_s, in N/m
     * @param kd   k_d, in N·s/m
     * @param rest L, in m
     * @param f    forces, in N; added to
     * @return the spring's damping power k_d ((v_b − v_a)·n)², in W (0 when undamped or shorter than
     *         {@link #MIN_LENGTH})
     */
    public static double addForce(double[] x, double[] v, int a, int b, double ks, double kd, double rest,
                                  double[] f) {
        double dx = x[b] - x[a];
        double dy = x[b + 1] - x[a + 1];
        double dz = x[b + 2] - x[a + 2];
        double l = Math.sqrt(dx * dx + dy * dy + dz * dz);
        if (l < MIN_LENGTH) {
            return 0;
        }
        double coef = ks - ks * rest / l;
        double power = 0;
        if (kd != 0) {
            // undamped springs (the common case) skip the relative velocity
            double rel = (v[b] - v[a]) * dx + (v[b + 1] - v[a + 1]) * dy + (v[b + 2] - v[a + 2]) * dz;
            double rate = rel / (l * l);
            coef += kd * rate;
            power = kd * rate * rel;
        }
        double fx = coef * dx;
        double fy = coef * dy;
        double fz = coef * dz;
        f[a] += fx;
        f[a + 1] += fy;
        f[a + 2] += fz;
        f[b] -= fx;
        f[b + 1] -= fy;
        f[b + 2] -= fz;
        return power;
    }

    /**
     * The transverse factor g of K_s: 1 − L/l, or max(0, 1 − L/l) with the clamp of Choi &amp; Ko
     * 2002 (for l ≥ {@link #MIN_LENGTH}).
     */
    public static double transverseFactor(double rest, double l, boolean clamp) {
        // L · (1/l): the same 1/l as direction's, which the compiler forms once where both are inlined
        double g = 1 - rest * (1.0 / l);
        return clamp && g < 0 ? 0 : g;
    }

    /**
     * Writes K_s = k_s [ n nᵀ + g (I − n nᵀ) ] (N/m), row-major into {@code out[off .. off+8]}, for
     * the spring vector d = (dx, dy, dz) = x_b − x_a in m.
     *
     * @param ks    k_s, in N/m
     * @param rest  L, in m
     * @param clamp whether to apply the clamp max(0, 1 − L/l)
     * @return g as used; 0 when l &lt; {@link #MIN_LENGTH} (then the block is 0)
     */
    public static double stiffnessBlock(double ks, double rest, double dx, double dy, double dz,
                                        boolean clamp, double[] out, int off) {
        double l = Math.sqrt(dx * dx + dy * dy + dz * dz);
        if (l < MIN_LENGTH) {
            zero(out, off);
            return 0;
        }
        double g = transverseFactor(rest, l, clamp);
        stiffnessBlockAlong(ks, g, dx / l, dy / l, dz / l, out, off);
        return g;
    }

    /**
     * Writes K_s = k_s [ n nᵀ + g (I − n nᵀ) ] (N/m), row-major into {@code out[off .. off+8]}, for
     * the unit direction n = (nx, ny, nz) and the transverse factor g ({@link #transverseFactor});
     * with g = 0 it is k_s n nᵀ, the form of D_s as well.
     */
    public static void stiffnessBlockAlong(double ks, double g, double nx, double ny, double nz, double[] out,
                                           int off) {
        double along = ks * (1 - g);
        double across = ks * g;
        out[off] = along * nx * nx + across;
        out[off + 1] = along * nx * ny;
        out[off + 2] = along * nx * nz;
        out[off + 3] = out[off + 1];
        out[off + 4] = along * ny * ny + across;
        out[off + 5] = along * ny * nz;
        out[off + 6] = out[off + 2];
        out[off + 7] = out[off + 5];
        out[off + 8] = along * nz * nz + across;
    }

    /**
     * Writes D_s = k_d n nᵀ (N·s/m), row-major into {@code out[off .. off+8]}, for the spring vector
     * d = x_b − x_a; 0 when l &lt; {@link #MIN_LENGTH}.
     */
    public static void dampingBlock(double kd, double dx, double dy, double dz, double[] out, int off) {
        double l = Math.sqrt(dx * dx + dy * dy + dz * dz);
        if (l < MIN_LENGTH) {
            zero(out, off);
            return;
        }
        for (int r = 0; r < 3; r++) {
            double nr = component(dx, dy, dz, r) / l;
            for (int c = 0; c < 3; c++) {
                out[off + 3 * r + c] = kd * nr * component(dx, dy, dz, c) / l;
            }
        }
    }

    /**
     * Writes E_s = (k_d/l) [ (n·u) I + n uᵀ ] (I − n nᵀ) (N/m), row-major into
     * {@code out[off .. off+8]}: the non-symmetric derivative of the damping force on a with
     * respect to x_b, for the spring vector d = x_b − x_a and u = v_b − v_a; 0 when
     * l &lt; {@link #MIN_LENGTH}.
     */
    public static void dampingPositionBlock(double kd, double dx, double dy, double dz,
                                            double ux, double uy, double uz, double[] out, int off) {
        double l = Math.sqrt(dx * dx + dy * dy + dz * dz);
        if (l < MIN_LENGTH) {
            zero(out, off);
            return;
        }
        double nu = (dx * ux + dy * uy + dz * uz) / l;
        for (int r = 0; r < 3; r++) {
            double nr = component(dx, dy, dz, r) / l;
            for (int c = 0; c < 3; c++) {
                double nc = component(dx, dy, dz, c) / l;
                // row r of [(n·u) I + n uᵀ] times column c of (I − n nᵀ)
                double sum = 0;
                for (int k = 0; k < 3; k++) {
                    double left = (r == k ? nu : 0) + nr * component(ux, uy, uz, k);
                    double proj = (k == c ? 1 : 0) - component(dx, dy, dz, k) / l * nc;
                    sum += left * proj;
                }
                out[off + 3 * r + c] = kd / l * sum;
            }
        }
    }

    private static void zero(double[] out, int off) {
        for (int q = 0; q < 9; q++) {
            out[off + q] = 0;
        }
    }

    private static double component(double x, double y, double z, int k) {
        return k == 0 ? x : k == 1 ? y : z;
    }
}
