package dev.hooke.core.sim;

import dev.hooke.core.model.MassSpringSystem;

/**
 * An independent RK4 of a cloth in a steady wind, for the energy balance: it reads the cloth's
 * particles, springs, triangles and parameters from a freshly built system and steps them with
 * forces written out here from the documented laws, not with the engine's force code:
 * <pre>
 *   f_i  = m_i g − c v_i
 *   f_a += k_s (l − L) n + k_d ((v_b − v_a)·n) n,   f_b −= the same          (Baraff &amp; Witkin 1998)
 *   u    = w − (v_i + v_j + v_k)/3,   F = ½ ρ C A |u| (u·n) n,   F/3 on each corner  (Hoerner 1965)
 * </pre>
 * The wind's work W_w' = Σ_free F_w,i·v_i is a fifth-order-accurate extra state of the same RK4
 * (classical Runge–Kutta on the augmented system; Hairer, Nørsett &amp; Wanner, <i>Solving Ordinary
 * Differential Equations I</i>, 2nd ed., 1993, §II.1). Pinned particles keep v = 0.
 */
final class WindyClothOracle {

    private final int n;
    private final double[] mass;
    private final boolean[] free;
    private final double[] g = new double[3];
    private final double c;
    private final int[] sa;
    private final int[] sb;
    private final double[] ks;
    private final double[] kd;
    private final double[] rest;
    private final int[] corners;
    private final double[] w = new double[3];
    private final double half;
    private final double[] x;
    private final double[] v;

    WindyClothOracle(MassSpringSystem s) {
        n = s.particleCount();
        mass = new double[n];
        free = new boolean[n];
        for (int i = 0; i < n; i++) {
            mass[i] = s.mass(i);
            free[i] = !s.isPinned(i);
        }
        for (int k = 0; k < 3; k++) {
            g[k] = s.gravity(k);
            w[k] = s.wind().mean(k);
        }
        if (s.wind().gust() != 0) {
            throw new IllegalArgumentException("the oracle is for a steady wind");
        }
        c = s.airDamping();
        sa = s.springAArray().clone();
        sb = s.springBArray().clone();
        ks = s.stiffnessArray().clone();
        kd = s.springDampingArray().clone();
        rest = s.restLengthArray().clone();
        corners = s.surface().cornerArray().clone();
        half = 0.5 * s.wind().density() * s.wind().coefficient();
        x = s.x.clone();
        v = s.v.clone();
    }

    /** Steps {@code steps} RK4 steps to time t and returns W_w(t); in J. */
    double run(double t, int steps) {
        double h = t / steps;
        int m = 6 * n + 1;
        double[] y = new double[m];
        System.arraycopy(x, 0, y, 0, 3 * n);
        System.arraycopy(v, 0, y, 3 * n, 3 * n);
        double[] k1 = new double[m];
        double[] k2 = new double[m];
        double[] k3 = new double[m];
        double[] k4 = new double[m];
        double[] tmp = new double[m];
        for (int step = 0; step < steps; step++) {
            rate(y, k1);
            axpy(y, 0.5 * h, k1, tmp);
            rate(tmp, k2);
            axpy(y, 0.5 * h, k2, tmp);
            rate(tmp, k3);
            axpy(y, h, k3, tmp);
            rate(tmp, k4);
            for (int i = 0; i < m; i++) {
                y[i] += h / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
            }
        }
        return y[m - 1];
    }

    private static void axpy(double[] y, double a, double[] k, double[] out) {
        for (int i = 0; i < y.length; i++) {
            out[i] = y[i] + a * k[i];
        }
    }

    /** dy/dt for y = (x, v, W_w). */
    private void rate(double[] y, double[] dy) {
        int vo = 3 * n;
        double[] f = new double[3 * n];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < 3; k++) {
                f[3 * i + k] = mass[i] * g[k] - c * y[vo + 3 * i + k];
            }
        }
        for (int sp = 0; sp < sa.length; sp++) {
            int a = 3 * sa[sp];
            int b = 3 * sb[sp];
            double[] d = new double[3];
            double l2 = 0;
            for (int k = 0; k < 3; k++) {
                d[k] = y[b + k] - y[a + k];
                l2 += d[k] * d[k];
            }
            double l = Math.sqrt(l2);
            double rate = 0;
            for (int k = 0; k < 3; k++) {
                rate += (y[vo + b + k] - y[vo + a + k]) * d[k] / l;
            }
            for (int k = 0; k < 3; k++) {
                double fa = (ks[sp] * (l - rest[sp]) + kd[sp] * rate) * d[k] / l;
                f[a + k] += fa;
                f[b + k] -= fa;
            }
        }
        double[] fw = new double[3 * n];
        for (int t = 0; t < corners.length / 3; t++) {
            int i = 3 * corners[3 * t];
            int j = 3 * corners[3 * t + 1];
            int q = 3 * corners[3 * t + 2];
            double[] e1 = {y[j] - y[i], y[j + 1] - y[i + 1], y[j + 2] - y[i + 2]};
            double[] e2 = {y[q] - y[i], y[q + 1] - y[i + 1], y[q + 2] - y[i + 2]};
            double[] cr = {e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]};
            double norm = Math.sqrt(cr[0] * cr[0] + cr[1] * cr[1] + cr[2] * cr[2]);
            double area = 0.5 * norm;
            double[] nrm = {cr[0] / norm, cr[1] / norm, cr[2] / norm};
            double[] u = new double[3];
            for (int k = 0; k < 3; k++) {
                u[k] = w[k] - (y[vo + i + k] + y[vo + j + k] + y[vo + q + k]) / 3;
            }
            double speed = Math.sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]);
            double un = u[0] * nrm[0] + u[1] * nrm[1] + u[2] * nrm[2];
            for (int k = 0; k < 3; k++) {
                double share = half * area * speed * un * nrm[k] / 3;
                fw[i + k] += share;
                fw[j + k] += share;
                fw[q + k] += share;
            }
        }
        double power = 0;
        for (int p = 0; p < n; p++) {
            for (int k = 0; k < 3; k++) {
                int r = 3 * p + k;
                if (free[p]) {
                    dy[r] = y[vo + r];
                    dy[vo + r] = (f[r] + fw[r]) / mass[p];
                    power += fw[r] * y[vo + r];
                } else {
                    dy[r] = 0;
                    dy[vo + r] = 0;
                }
            }
        }
        dy[6 * n] = power;
    }
}
