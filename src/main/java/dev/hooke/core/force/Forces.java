package dev.hooke.core.force;

import dev.hooke.core.model.MassSpringSystem;

/**
 * The force model: Hooke springs with axial damping, gravity and global viscous damping.
 *
 * <p>For a spring between particles a and b with rest length L, stiffness k_s and damping k_d
 * (Baraff &amp; Witkin 1998):
 * <pre>
 *   d = x_b − x_a,   l = |d|,   n = d / l
 *   f_a = + k_s (l − L) n  +  k_d ((v_b − v_a) · n) n        (a stretched spring pulls a toward b)
 *   f_b = − f_a
 * </pre>
 * Every particle also feels gravity {@code m_i g} and air damping {@code −c v_i}, and a cloth's
 * corners the {@link Wind} on its triangles when there is one.
 *
 * <p>A spring shorter than {@link #MIN_LENGTH} has no direction: it contributes no force rather
 * than a NaN (a zero-length spring at rest is in equilibrium anyway).
 *
 * <p>The per-spring formulas are {@link SpringGeometry}'s. All methods work on flat arrays laid out
 * {@code 3*i+k} and allocate nothing.
 */
public final class Forces {

    /** Below this length (in m) a spring has no defined direction and exerts no force ({@link SpringGeometry#MIN_LENGTH}). */
    public static final double MIN_LENGTH = SpringGeometry.MIN_LENGTH;

    private Forces() {
    }

    /**
     * Computes F(x, v) for every particle, pinned ones included (their force is simply not used).
     *
     * @param s   the system: topology and parameters
     * @param x   positions, {@code 3*i+k}, in m
     * @param v   velocities, in m/s
     * @param out forces, in N; overwritten
     */
    public static void compute(MassSpringSystem s, double[] x, double[] v, double[] out) {
        final int n = s.particleCount();
        final double[] mass = s.massArray();
        final double gx = s.gravity(0);
        final double gy = s.gravity(1);
        final double gz = s.gravity(2);
        final double c = s.airDamping();
        for (int i = 0; i < n; i++) {
            int p = 3 * i;
            double m = mass[i];
            out[p] = m * gx - c * v[p];
            out[p + 1] = m * gy - c * v[p + 1];
            out[p + 2] = m * gz - c * v[p + 2];
        }
        addSpringForces(s, x, v, out);
        if (s.wind() != null) {
            WindForce.addForces(s.wind(), s, x, v, out);
        }
    }

    /**
     * Adds the spring forces (elastic and axial damping) into {@code out}, each by
     * {@link SpringGeometry#addForce}.
     *
     * <pre>
     *   f_a += k_s (l − L) n + k_d ((v_b − v_a)·n) n,   f_b −= the same
     * </pre>
     */
    public static void addSpringForces(MassSpringSystem s, double[] x, double[] v, double[] out) {
        final int[] sa = s.springAArray();
        final int[] sb = s.springBArray();
        final double[] rest = s.restLengthArray();
        final double[] ks = s.stiffnessArray();
        final double[] kd = s.springDampingArray();
        final int m = s.springCount();
        for (int sp = 0; sp < m; sp++) {
            SpringGeometry.addForce(x, v, 3 * sa[sp], 3 * sb[sp], ks[sp], kd[sp], rest[sp], out);
        }
    }

    /**
     * The power dissipated by damping, in W (always at least 0):
     * <pre>
     *   P = Σ_springs k_d ((v_b − v_a)·n)²  +  Σ_i c |v_i|²
     * </pre>
     * Integrated over time it is the work dissipated, which closes the energy balance
     * K + U_elastic + U_gravity + W_dissipated = constant for the exact solution.
     */
    public static double dampingPower(MassSpringSystem s, double[] x, double[] v) {
        final int[] sa = s.springAArray();
        final int[] sb = s.springBArray();
        final double[] kd = s.springDampingArray();
        final double[] invMass = s.inverseMassArray();
        double p = 0;
        for (int sp = 0; sp < s.springCount(); sp++) {
            if (kd[sp] == 0) {
                continue;
            }
            int a = 3 * sa[sp];
            int b = 3 * sb[sp];
            double l = SpringGeometry.length(x, a, b);
            if (l < MIN_LENGTH) {
                continue;
            }
            double vrel = SpringGeometry.extensionRate(x, v, a, b, l);
            p += kd[sp] * vrel * vrel;
        }
        double c = s.airDamping();
        if (c > 0) {
            double vv = 0;
            for (int i = 0; i < s.particleCount(); i++) {
                if (invMass[i] == 0) {
                    continue;
                }
                int q = 3 * i;
                vv += v[q] * v[q] + v[q + 1] * v[q + 1] + v[q + 2] * v[q + 2];
            }
            p += c * vv;
        }
        return p;
    }

    /**
     * The mechanical energy E = K + U_el + U_g at (x, v), in J, as {@code Observables} measures
     * it: K = Σ ½ m_i |v_i|² and U_g = Σ m_i (−g · x_i) over the free particles, U_el over the
     * springs.
     */
    public static double mechanicalEnergy(MassSpringSystem s, double[] x, double[] v) {
        return particleEnergy(s, x, v) + elasticEnergy(s, x);
    }

    /**
     * K + U_g at (x, v), in J: the part of {@link #mechanicalEnergy} that is summed over the free
     * particles (so {@code particleEnergy(s, x, v) + elasticEnergy(s, x)} is that energy to the
     * bit).
     */
    public static double particleEnergy(MassSpringSystem s, double[] x, double[] v) {
        final double[] mass = s.massArray();
        final double[] invMass = s.inverseMassArray();
        final double gx = s.gravity(0);
        final double gy = s.gravity(1);
        final double gz = s.gravity(2);
        double e = 0;
        for (int i = 0; i < s.particleCount(); i++) {
            if (invMass[i] == 0) {
                continue;
            }
            int q = 3 * i;
            double m = mass[i];
            e += 0.5 * m * (v[q] * v[q] + v[q + 1] * v[q + 1] + v[q + 2] * v[q + 2])
                    - m * (gx * x[q] + gy * x[q + 1] + gz * x[q + 2]);
        }
        return e;
    }

    /**
     * The elastic energy Σ ½ k_s (l − L)², in J.
     */
    public static double elasticEnergy(MassSpringSystem s, double[] x) {
        final int[] sa = s.springAArray();
        final int[] sb = s.springBArray();
        final double[] rest = s.restLengthArray();
        final double[] ks = s.stiffnessArray();
        double e = 0;
        for (int sp = 0; sp < s.springCount(); sp++) {
            e += SpringGeometry.energy(ks[sp], rest[sp], SpringGeometry.length(x, 3 * sa[sp], 3 * sb[sp]));
        }
        return e;
    }
}
