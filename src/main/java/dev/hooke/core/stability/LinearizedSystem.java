package dev.hooke.core.stability;

import dev.hooke.core.force.SpringGeometry;
import dev.hooke.core.force.WindForce;
import dev.hooke.core.model.Wind;
import dev.hooke.core.model.ClothSurface;
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
 * <p>A {@link Wind} adds its velocity derivative to C. Triangle t's force F(u), u = w − v̄ (v̄ the
 * mean of its corners' velocities), goes a third to each corner, so −∂f_a/∂v_b = J_u / 9 for every
 * pair of its corners a, b (see {@link Wind}). C keeps J_u's normal–normal part on every pair:
 * <pre>
 *   C_ab += (nᵀ J_u n / 9) n nᵀ,   nᵀ J_u n = ½ ρ C A (|u| + (u·n)²/|u|)
 * </pre>
 * the part the implicit solve keeps too, there lumped onto the diagonal blocks. Here it stays on
 * every pair: lumping would damp the mesh-scale modes, whose neighbouring corners move against
 * each other so that the air sees no mean velocity, and would overstate the limits that damping
 * raises (explicit Euler's). It is the exact derivative for velocities along the normals, so for a
 * cloth at rest in a wind along its normal it is the whole of it. Left out, as in the implicit
 * solve: the lift's normal–tangential cross terms (not symmetric, of either sign) and the wind's
 * position derivative (the triangles turning in the wind), which belongs in K and is not symmetric
 * either.
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
    private final int[] windDof;      // per windy triangle: its corners' first free DOFs (−1: pinned)
    private final double[] windNormal; // per windy triangle: unit normal, 3 interleaved
    private final double[] windC;     // per windy triangle: nᵀ J_u n / 9, kg/s
    private final int windy;

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
        Wind wind = s.wind();
        ClothSurface surface = s.surface();
        int triangles = wind == null || surface == null ? 0 : surface.triangleCount();
        windDof = new int[3 * triangles];
        windNormal = new double[3 * triangles];
        windC = new double[triangles];
        int t2 = 0;
        for (int t = 0; t < triangles; t++) {
            double nJn = WindForce.normalDamping(wind, s, s.x, s.v, t, windNormal, 3 * t2);
            int free = 0;
            for (int k = 0; k < 3; k++) {
                windDof[3 * t2 + k] = dof[surface.corner(t, k)];
                free += windDof[3 * t2 + k] >= 0 ? 1 : 0;
            }
            if (nJn > 0 && free > 0) {
                windC[t2++] = nJn / 9;
            }
        }
        windy = t2;
    }

    /** Whether C ≠ 0: some live spring has k_d ≠ 0, the air damping c is not 0, or a wind blows on a free corner. */
    boolean hasDamping() {
        if ((air != 0 || windy > 0) && dim > 0) {
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
        for (int t = 0; t < windy; t++) {
            double n0 = windNormal[3 * t];
            double n1 = windNormal[3 * t + 1];
            double n2 = windNormal[3 * t + 2];
            // z = Σ_b n·(M^−½ w)_b over the free corners; y_a += M^−½ (nᵀJn/9) z n
            double z = 0;
            for (int k = 0; k < 3; k++) {
                int q = windDof[3 * t + k];
                if (q >= 0) {
                    z += (n0 * w[q] + n1 * w[q + 1] + n2 * w[q + 2]) * invSqrtMass[q];
                }
            }
            z *= windC[t];
            for (int k = 0; k < 3; k++) {
                int q = windDof[3 * t + k];
                if (q >= 0) {
                    y[q] += z * n0 * invSqrtMass[q];
                    y[q + 1] += z * n1 * invSqrtMass[q + 1];
                    y[q + 2] += z * n2 * invSqrtMass[q + 2];
                }
            }
        }
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
        DMatrixRMaj m = dense(kd, false, air);
        double[] block = new double[9];
        for (int t = 0; t < windy; t++) {
            for (int r = 0; r < 3; r++) {
                for (int c = 0; c < 3; c++) {
                    block[3 * r + c] = windC[t] * windNormal[3 * t + r] * windNormal[3 * t + c];
                }
            }
            for (int a = 0; a < 3; a++) {
                for (int b = 0; b < 3; b++) {
                    addBlock(m, windDof[3 * t + a], windDof[3 * t + b], block, +1);
                }
            }
        }
        return m;
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
