package dev.hooke.core.force;

import dev.hooke.core.model.ClothSurface;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.model.Wind;

/**
 * The wind's force on a cloth ({@link Wind}, its data): the air's force on each intact triangle of a {@link ClothSurface}, from the
 * velocity of the air relative to the triangle.
 *
 * <h2>Force</h2>
 * For a triangle with corners i, j, k, area A and unit normal n (either side: the force does not
 * depend on the sign of n), with the relative velocity u of the air,
 * <pre>
 *   u = w(t) − (v_i + v_j + v_k) / 3
 *   F = ½ ρ C A |u| (u·n) n,        each corner receives F / 3
 * </pre>
 * This is the flat-plate law: the air presses on a plate along its normal with the coefficient
 * C_N = C sin α of the angle of attack α (u·n = |u| sin α; Hoerner, <i>Fluid-Dynamic Drag</i>,
 * 1965, ch. 3). Its component along u is the drag ½ ρ C A |u|² sin²α and its component across u
 * the lift ½ ρ C A |u|² sin α cos α: one normal force carries both. Evaluating the air force per triangle from the relative
 * velocity at the triangle is the usual cloth model (Keckeisen et al., "Modelling effects of wind
 * fields in cloth animations", WSCG 2004). A plate facing a steady wind at rest feels
 * ½ ρ C A |w|².
 *
 * <h2>Jacobian</h2>
 * With J_u = ∂F/∂u = ½ ρ C A [ |u| n nᵀ + (u·n) n ûᵀ ] (û = u/|u|), the exact velocity derivative is
 * ∂f_a/∂v_b = −J_u / 9 for every pair of corners a, b of the triangle ({@link #addVelocityJacobian}).
 * The implicit solve keeps a symmetric positive semidefinite part of it, on each free corner's
 * diagonal block ({@link #addDampingBlocks}):
 * <pre>
 *   D_a = Σ_triangles at a  (1/3) (nᵀ J_u n) n nᵀ,      nᵀ J_u n = ½ ρ C A (|u| + (u·n)² / |u|)
 * </pre>
 * that is the derivative's normal–normal part, lumped by rows (the triangle's three corners moving
 * together see the whole −J_u/3 each, as the row sums of the exact blocks say): exact for a
 * triangle moving as a whole along its normal, which is how drag damps a cloth. The rest of J_u,
 * the normal–tangential coupling that makes the lift's derivative, is not symmetric and can have
 * either sign; it is left out as Baraff &amp; Witkin 1998 leave out the non-symmetric part of the
 * spring damping's derivative. The position derivative (the normal and the area turn and stretch
 * with x) is dropped as well: it is not symmetric either, and the wind's forces are small beside
 * the springs' stiffness. The true forces stay in the residual, so these choices change how fast
 * Newton converges and the linearised step's O(h²) error, not the equations being solved.
 *
 * <p>Nothing here allocates.
 */
public final class WindForce {

    private WindForce() {
    }

    /**
     * Adds the wind's force on every corner of every intact triangle of s's surface into out (N),
     * and returns the power it delivers to the free particles, P_w = Σ F_i·v_i over the particles
     * that are not pinned; in W, of either sign (a wind feeds energy in or takes it out). Does
     * nothing, and returns 0, without a surface.
     */
    public static double addForces(Wind w, MassSpringSystem s, double[] x, double[] v, double[] out) {
        return apply(w, s, x, v, out);
    }

    /**
     * P_w, the power the wind delivers to the free particles at (x, v), Σ F_i·v_i; in W (of either
     * sign). The wind's work W_w = ∫ P_w dt is kept apart from the dissipated work, so that
     * E + W_d − W_w is constant for the exact solution.
     */
    public static double power(Wind w, MassSpringSystem s, double[] x, double[] v) {
        return apply(w, s, x, v, null);
    }

    /** The forces into out (when not null) and the power on the free particles. */
    private static double apply(Wind w, MassSpringSystem s, double[] x, double[] v, double[] out) {
        ClothSurface surface = s.surface();
        if (surface == null) {
            return 0;
        }
        final double[] invMass = s.inverseMassArray();
        double power = 0;
        final int[] c = surface.cornerArray();
        final double half = 0.5 * w.density() * w.coefficient();
        for (int t = 0; t < surface.triangleCount(); t++) {
            if (!surface.intact(s, t)) {
                continue;
            }
            int i = 3 * c[3 * t];
            int j = 3 * c[3 * t + 1];
            int k = 3 * c[3 * t + 2];
            // n |c| = (x_j − x_i) × (x_k − x_i), |c| = 2A
            double ax = x[j] - x[i];
            double ay = x[j + 1] - x[i + 1];
            double az = x[j + 2] - x[i + 2];
            double bx = x[k] - x[i];
            double by = x[k + 1] - x[i + 1];
            double bz = x[k + 2] - x[i + 2];
            double cx = ay * bz - az * by;
            double cy = az * bx - ax * bz;
            double cz = ax * by - ay * bx;
            double twiceArea = Math.sqrt(cx * cx + cy * cy + cz * cz);
            if (twiceArea == 0) {
                continue;
            }
            double ux = w.velocity(0) - (v[i] + v[j] + v[k]) / 3;
            double uy = w.velocity(1) - (v[i + 1] + v[j + 1] + v[k + 1]) / 3;
            double uz = w.velocity(2) - (v[i + 2] + v[j + 2] + v[k + 2]) / 3;
            double speed = Math.sqrt(ux * ux + uy * uy + uz * uz);
            // F = ½ρC A |u| (u·n) n = ½ρC (|c|/2) |u| (u·c) c / |c|²; a third to each corner
            double mag = half * 0.5 * speed * (ux * cx + uy * cy + uz * cz) / twiceArea / 3;
            double fx = mag * cx;
            double fy = mag * cy;
            double fz = mag * cz;
            for (int corner = 0; corner < 3; corner++) {
                int q = 3 * c[3 * t + corner];
                if (invMass[q / 3] != 0) {
                    power += fx * v[q] + fy * v[q + 1] + fz * v[q + 2];
                }
                if (out != null) {
                    out[q] += fx;
                    out[q + 1] += fy;
                    out[q + 2] += fz;
                }
            }
        }
        return power;
    }

    /**
     * Adds τ D_a (see the class comment) to the 3×3 block of every free corner a, kept as the upper
     * triangle (xx, xy, xz, yy, yz, zz) at {@code out[2 dof[a] ..]}, dof[a] the corner's first free
     * DOF (a multiple of 3; −1: pinned, skipped).
     *
     * @param normal scratch of 3, overwritten
     */
    public static void addDampingBlocks(Wind w, MassSpringSystem s, double[] x, double[] v, double tau, int[] dof,
                                 double[] normal, double[] out) {
        ClothSurface surface = s.surface();
        if (surface == null) {
            return;
        }
        final int[] c = surface.cornerArray();
        for (int t = 0; t < surface.triangleCount(); t++) {
            // τ (1/3) nᵀ J_u n n nᵀ
            double d = tau * normalDamping(w, s, x, v, t, normal, 0) / 3;
            if (d == 0) {
                continue;
            }
            double nx = normal[0];
            double ny = normal[1];
            double nz = normal[2];
            for (int corner = 0; corner < 3; corner++) {
                int first = dof[c[3 * t + corner]];
                if (first < 0) {
                    continue;
                }
                int o = 2 * first;
                out[o] += d * nx * nx;
                out[o + 1] += d * nx * ny;
                out[o + 2] += d * nx * nz;
                out[o + 3] += d * ny * ny;
                out[o + 4] += d * ny * nz;
                out[o + 5] += d * nz * nz;
            }
        }
    }

    /**
     * The normal–normal part of triangle t's force derivative, nᵀ J_u n = ½ ρ C A (|u| + (u·n)²/|u|)
     * (see the class comment; in kg/s), and its unit normal n into {@code normal[offset ..]}. 0, with
     * n left as it was, for a triangle that is torn, degenerate, or at rest in the air (u = 0).
     */
    public static double normalDamping(Wind w, MassSpringSystem s, double[] x, double[] v, int t, double[] normal, int offset) {
        ClothSurface surface = s.surface();
        if (!surface.intact(s, t)) {
            return 0;
        }
        final int[] c = surface.cornerArray();
        int i = 3 * c[3 * t];
        int j = 3 * c[3 * t + 1];
        int k = 3 * c[3 * t + 2];
        double ax = x[j] - x[i];
        double ay = x[j + 1] - x[i + 1];
        double az = x[j + 2] - x[i + 2];
        double bx = x[k] - x[i];
        double by = x[k + 1] - x[i + 1];
        double bz = x[k + 2] - x[i + 2];
        double nx = ay * bz - az * by;
        double ny = az * bx - ax * bz;
        double nz = ax * by - ay * bx;
        double twiceArea = Math.sqrt(nx * nx + ny * ny + nz * nz);
        if (twiceArea == 0) {
            return 0;
        }
        nx /= twiceArea;
        ny /= twiceArea;
        nz /= twiceArea;
        double ux = w.velocity(0) - (v[i] + v[j] + v[k]) / 3;
        double uy = w.velocity(1) - (v[i + 1] + v[j + 1] + v[k + 1]) / 3;
        double uz = w.velocity(2) - (v[i + 2] + v[j + 2] + v[k + 2]) / 3;
        double speed = Math.sqrt(ux * ux + uy * uy + uz * uz);
        if (speed == 0) {
            return 0;
        }
        double un = ux * nx + uy * ny + uz * nz;
        normal[offset] = nx;
        normal[offset + 1] = ny;
        normal[offset + 2] = nz;
        return 0.5 * w.density() * w.coefficient() * 0.5 * twiceArea * (speed + un * un / speed);
    }

    /**
     * Adds the exact velocity Jacobian ∂F/∂v of the wind force (dense, 3n × 3n, row-major) into
     * {@code out}: −J_u/9 for every pair of corners of every intact triangle. For tests and
     * analyses of small systems (O(n²) memory), not for a step.
     */
    public static void addVelocityJacobian(Wind w, MassSpringSystem s, double[] x, double[] v, double[] out) {
        ClothSurface surface = s.surface();
        if (surface == null) {
            return;
        }
        final int n3 = 3 * s.particleCount();
        final int[] c = surface.cornerArray();
        final double half = 0.5 * w.density() * w.coefficient();
        for (int t = 0; t < surface.triangleCount(); t++) {
            if (!surface.intact(s, t)) {
                continue;
            }
            int i = 3 * c[3 * t];
            int j = 3 * c[3 * t + 1];
            int k = 3 * c[3 * t + 2];
            double ax = x[j] - x[i];
            double ay = x[j + 1] - x[i + 1];
            double az = x[j + 2] - x[i + 2];
            double bx = x[k] - x[i];
            double by = x[k + 1] - x[i + 1];
            double bz = x[k + 2] - x[i + 2];
            double nx = ay * bz - az * by;
            double ny = az * bx - ax * bz;
            double nz = ax * by - ay * bx;
            double twiceArea = Math.sqrt(nx * nx + ny * ny + nz * nz);
            if (twiceArea == 0) {
                continue;
            }
            double[] n = {nx / twiceArea, ny / twiceArea, nz / twiceArea};
            double[] u = {w.velocity(0) - (v[i] + v[j] + v[k]) / 3, w.velocity(1) - (v[i + 1] + v[j + 1] + v[k + 1]) / 3,
                w.velocity(2) - (v[i + 2] + v[j + 2] + v[k + 2]) / 3};
            double speed = Math.sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]);
            if (speed == 0) {
                continue;
            }
            double un = u[0] * n[0] + u[1] * n[1] + u[2] * n[2];
            double scale = half * 0.5 * twiceArea / 9;
            for (int a = 0; a < 3; a++) {
                int ra = 3 * c[3 * t + a];
                for (int b = 0; b < 3; b++) {
                    int cb = 3 * c[3 * t + b];
                    for (int r = 0; r < 3; r++) {
                        for (int col = 0; col < 3; col++) {
                            double ju = speed * n[r] * n[col] + un * n[r] * u[col] / speed;
                            out[(ra + r) * n3 + cb + col] -= scale * ju;
                        }
                    }
                }
            }
        }
    }
}
