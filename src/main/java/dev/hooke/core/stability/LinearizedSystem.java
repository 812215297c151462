package dev.hooke.core.stability;

import dev.hooke.core.force.SpringGeometry;
import dev.hooke.core.model.MassSpringSystem;
import org.ejml.data.DMatrixRMaj;

/**
 * The system linearised at its present positions, restricted to the free degrees of freedom
 * (pinned particles removed), in mass-weighted form:
 * <pre>
 *   A = M^(−½) K M^(−½),   K = −∂F/∂x        (ω² of the modes are the eigenvalues of A)
 *   B = M^(−½) C M^(−½),   C = −∂F/∂v        (a mode w has damping ratio ζ = wᵀBw / (2ω))
 * </pre>
 * with one 3×3 block per spring (Baraff &amp; Witkin 1998, §5):
 * <pre>
 *   K_s = k_s [ n nᵀ + (1 − L/l)(I − n nᵀ) ],   C_s = k_d n nᵀ
 *   K_aa += K_s, K_bb += K_s, K_ab = K_ba −= K_s     (and the same pattern for C)
 * </pre>
 * and C also has c·I from air damping. No clamp is applied: under compression (l &lt; L) the
 * transverse terms are negative, as they are in the true dynamics.
 *
 * <p>Both can be applied matrix-free ({@link #applyA}, {@link #applyB}) or assembled densely.
 */
final class LinearizedSystem {

    final int dim;
    private final int[] dof;          // particle → first free DOF, or −1 if pinned
    private final double[] invSqrtMass; // per free DOF
    private final int[] sa;
    private final int[] sb;
    private final double[] nx;        // per spring: unit direction, 3 interleaved
    private final double[] geo;       // per spring: 1 − L/l (0 for a degenerate spring)
    private final double[] ks;
    private final double[] kd;
    private final boolean[] live;
    private final double air;
    private final int springs;

    LinearizedSystem(MassSpringSystem s) {
        int n = s.particleCount();
        dof = new int[n];
        int d = 0;
        for (int i = 0; i < n; i++) {
            if (s.isPinned(i)) {
                dof[i] = -1;
            } else {
                dof[i] = d;
                d += 3;
            }
        }
        dim = d;
        invSqrtMass = new double[dim];
        for (int i = 0; i < n; i++) {
            if (dof[i] >= 0) {
                double w = 1.0 / Math.sqrt(s.mass(i));
                invSqrtMass[dof[i]] = w;
                invSqrtMass[dof[i] + 1] = w;
                invSqrtMass[dof[i] + 2] = w;
            }
        }
        springs = s.springCount();
        sa = s.springAArray().clone();
        sb = s.springBArray().clone();
        ks = s.stiffnessArray().clone();
        kd = s.springDampingArray().clone();
        nx = new double[3 * springs];
        geo = new double[springs];
        live = new boolean[springs];
        for (int sp = 0; sp < springs; sp++) {
            if (dof[sa[sp]] < 0 && dof[sb[sp]] < 0) {
                continue;
            }
            double l = SpringGeometry.direction(s.x, 3 * sa[sp], 3 * sb[sp], nx, 3 * sp);
            if (l < SpringGeometry.MIN_LENGTH) {
                continue;
            }
            live[sp] = true;
            geo[sp] = SpringGeometry.transverseFactor(s.restLength(sp), l, false);
        }
        air = s.airDamping();
    }

    /** Whether C ≠ 0: some live spring has k_d ≠ 0, or the air damping c is not 0. */
    boolean hasDamping() {
        if (air != 0 && dim > 0) {
            return true;
        }
        for (int sp = 0; sp < springs; sp++) {
            if (live[sp] && kd[sp] != 0) {
                return true;
            }
        }
        return false;
    }

    /** y = A w (A = M^−½ K M^−½). */
    void applyA(double[] w, double[] y) {
        apply(w, y, ks, true, 0);
    }

    /** y = B w (B = M^−½ C M^−½). */
    void applyB(double[] w, double[] y) {
        apply(w, y, kd, false, air);
    }

    private void apply(double[] w, double[] y, double[] k, boolean withGeometry, double diagonal) {
        java.util.Arrays.fill(y, 0);
        for (int sp = 0; sp < springs; sp++) {
            if (!live[sp] || k[sp] == 0) {
                continue;
            }
            int da = dof[sa[sp]];
            int db = dof[sb[sp]];
            double ux = 0;
            double uy = 0;
            double uz = 0;
            if (da >= 0) {
                ux += w[da] * invSqrtMass[da];
                uy += w[da + 1] * invSqrtMass[da + 1];
                uz += w[da + 2] * invSqrtMass[da + 2];
            }
            if (db >= 0) {
                ux -= w[db] * invSqrtMass[db];
                uy -= w[db + 1] * invSqrtMass[db + 1];
                uz -= w[db + 2] * invSqrtMass[db + 2];
            }
            double n0 = nx[3 * sp];
            double n1 = nx[3 * sp + 1];
            double n2 = nx[3 * sp + 2];
            double g = withGeometry ? geo[sp] : 0;
            double along = (n0 * ux + n1 * uy + n2 * uz) * (1 - g);
            // K_s du = k [ g du + (1 − g)(n·du) n ]
            double fx = k[sp] * (g * ux + along * n0);
            double fy = k[sp] * (g * uy + along * n1);
            double fz = k[sp] * (g * uz + along * n2);
            if (da >= 0) {
                y[da] += fx * invSqrtMass[da];
                y[da + 1] += fy * invSqrtMass[da + 1];
                y[da + 2] += fz * invSqrtMass[da + 2];
            }
            if (db >= 0) {
                y[db] -= fx * invSqrtMass[db];
                y[db + 1] -= fy * invSqrtMass[db + 1];
                y[db + 2] -= fz * invSqrtMass[db + 2];
            }
        }
        if (diagonal != 0) {
            for (int q = 0; q < dim; q++) {
                y[q] += diagonal * w[q] * invSqrtMass[q] * invSqrtMass[q];
            }
        }
    }

    /** A assembled densely (dim × dim). */
    DMatrixRMaj denseA() {
        return dense(ks, true, 0);
    }

    /** B assembled densely (dim × dim). */
    DMatrixRMaj denseB() {
        return dense(kd, false, air);
    }

    private DMatrixRMaj dense(double[] k, boolean withGeometry, double diagonal) {
        DMatrixRMaj m = new DMatrixRMaj(dim, dim);
        double[] block = new double[9];
        for (int sp = 0; sp < springs; sp++) {
            if (!live[sp] || k[sp] == 0) {
                continue;
            }
            double g = withGeometry ? geo[sp] : 0;
            SpringGeometry.stiffnessBlockAlong(k[sp], g, nx[3 * sp], nx[3 * sp + 1], nx[3 * sp + 2], block, 0);
            int da = dof[sa[sp]];
            int db = dof[sb[sp]];
            addBlock(m, da, da, block, +1);
            addBlock(m, db, db, block, +1);
            addBlock(m, da, db, block, -1);
            addBlock(m, db, da, block, -1);
        }
        for (int q = 0; q < dim; q++) {
            m.add(q, q, diagonal * invSqrtMass[q] * invSqrtMass[q]);
        }
        return m;
    }

    private void addBlock(DMatrixRMaj m, int r0, int c0, double[] block, double sign) {
        if (r0 < 0 || c0 < 0) {
            return;
        }
        for (int r = 0; r < 3; r++) {
            for (int c = 0; c < 3; c++) {
                m.add(r0 + r, c0 + c, sign * block[3 * r + c] * invSqrtMass[r0 + r] * invSqrtMass[c0 + c]);
            }
        }
    }
}
