package dev.hooke.core.solve;

import dev.hooke.core.force.SpringGeometry;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.parallel.Team;

/**
 * One assembly pass of a {@link SystemMatrix}: per free node its diagonal m + τc, per spring slot
 * its block S_s = τ D_s + τ² K_s kept as (m, β) with S_s = m mᵀ + β I, the diagonal blocks summed
 * for the preconditioners, and, when asked, K v or the right-hand side b = τ F(x, v) + τ² (∂F/∂x) v
 * on the free DOFs, all in one pass over the springs (Baraff &amp; Witkin 1998, §5). K_s and the
 * force come from {@link SpringGeometry}; the matrix with or without Choi &amp; Ko's clamp, b with
 * ∂F/∂x = −K as assembled, or with the true derivative (K_s unclamped and the damping term E_s)
 * where the step resolves it (see
 * {@link SystemMatrix#assembleStep(MassSpringSystem, double[], double[], double, boolean, boolean, double[])}).
 *
 * <p>The parts of the partition run on a {@link Team} ({@link #run}), the springs between parts on
 * the caller afterwards ({@link #boundary}): every sum is formed in the same order on any number of
 * threads.
 */
final class SystemAssembly implements Team.Job {


    private SystemPattern pattern;
    private double[] geo;
    private double[] diag;
    private double[] nodeBlocks;
    private double tau;
    private boolean clamp;
    private MassSpringSystem s;
    private double[] x;
    private double[] v;
    private double[] acc;
    private boolean rhsMode;
    private boolean trueDerivative;

    /**
     * Sets up a pass.
     *
     * @param geo        receives (m_x, m_y, m_z, β) per slot
     * @param diag       receives m_j + τc per node
     * @param nodeBlocks receives the diagonal blocks' upper triangles, 6 per node
     * @param out        null, or receives K v (rhs false) or b (rhs true) on the free DOFs
     */
    void set(SystemPattern p, double[] geo, double[] diag, double[] nodeBlocks, double tau, boolean clamp,
             MassSpringSystem sys, double[] xs, double[] vs, double[] out, boolean rhs, boolean exact) {
        this.pattern = p;
        this.geo = geo;
        this.diag = diag;
        this.nodeBlocks = nodeBlocks;
        this.tau = tau;
        this.clamp = clamp;
        s = sys;
        x = xs;
        v = vs;
        acc = out;
        rhsMode = rhs;
        trueDerivative = exact;
    }

    /** Drops the references to the system and the arrays of the pass. */
    void clear() {
        s = null;
        x = null;
        v = null;
        acc = null;
        geo = null;
        diag = null;
        nodeBlocks = null;
    }

    @Override
    public void run(int member, int members) {
        for (int c = Team.firstPart(member, members); c < Team.endPart(member, members); c++) {
            nodes(pattern.nodeFrom(c), pattern.nodeFrom(c + 1));
            springs(pattern.partition().springStart(c), pattern.partition().springStart(c + 1));
        }
    }

    /** The springs between parts, after every part. */
    void boundary() {
        springs(pattern.partition().springStart(SystemPattern.PARTS), pattern.springCount());
    }

    /** Nodes [from, to): m + τc on the diagonal and its blocks, and τ (m g − c v) in b when asked. */
    private void nodes(int from, int to) {
        final int[] particleOfNode = pattern.particleOfNode();
        final double[] diag = this.diag;
        final double[] nodeBlocks = this.nodeBlocks;
        final double[] mass = s.massArray();
        final double c = s.airDamping();
        final double tc = tau * c;
        final double gx = s.gravity(0);
        final double gy = s.gravity(1);
        final double gz = s.gravity(2);
        final double[] out = acc;
        for (int j = from; j < to; j++) {
            int i = particleOfNode[j];
            double m = mass[i];
            double d = m + tc;
            diag[j] = d;
            int o = 6 * j;
            nodeBlocks[o] = d;
            nodeBlocks[o + 1] = 0;
            nodeBlocks[o + 2] = 0;
            nodeBlocks[o + 3] = d;
            nodeBlocks[o + 4] = 0;
            nodeBlocks[o + 5] = d;
            if (out != null) {
                int q = 3 * j;
                if (rhsMode) {
                    int p = 3 * i;
                    out[q] = tau * (m * gx - c * v[p]);
                    out[q + 1] = tau * (m * gy - c * v[p + 1]);
                    out[q + 2] = tau * (m * gz - c * v[p + 2]);
                } else {
                    out[q] = 0;
                    out[q + 1] = 0;
                    out[q + 2] = 0;
                }
            }
        }
    }

    /** Slots [from, to): S_s as (m, β), added to its ends' diagonal blocks, and K u or the spring's share of b. */
    private void springs(int from, int to) {
        final int[] sa = s.springAArray();
        final int[] sb = s.springBArray();
        final double[] rest = s.restLengthArray();
        final double[] ks = s.stiffnessArray();
        final double[] kd = s.springDampingArray();
        final double[] pos = x;
        final double[] vel = v;
        final double[] out = acc;
        final double[] g4 = geo;
        final int[] slotA = pattern.dofA();
        final int[] slotB = pattern.dofB();
        final int[] order = pattern.order();
        final double[] nb = nodeBlocks;
        final double t = tau;
        final double t2 = tau * tau;
        final boolean cl = clamp;
        final boolean rhs = rhsMode;
        final boolean exact = trueDerivative;
        final double[] mass = s.massArray();
        for (int k = from; k < to; k++) {
            int o = 4 * k;
            int da = slotA[k];
            int db = slotB[k];
            int sp = order[k];
            if (da < 0 && db < 0) {
                g4[o] = 0;
                g4[o + 1] = 0;
                g4[o + 2] = 0;
                g4[o + 3] = 0;
                continue;
            }
            int a = 3 * sa[sp];
            int b = 3 * sb[sp];
            // n into the block's slots first (0 for a degenerate spring), then scaled to m = √α n
            double l = SpringGeometry.direction(pos, a, b, g4, o);
            if (l < SpringGeometry.MIN_LENGTH) {
                g4[o + 3] = 0;
                continue;
            }
            double nx = g4[o];
            double ny = g4[o + 1];
            double nz = g4[o + 2];
            double g = SpringGeometry.transverseFactor(rest[sp], l, cl);
            double k0 = ks[sp];
            double along = k0 * (1 - g);
            double across = k0 * g;
            // S_s = α n nᵀ + β I = m mᵀ + β I with m = √α n (α ≥ 0: k_s, k_d ≥ 0 and 1 − g = min(1, L/l) ≥ 0)
            double root = Math.sqrt(t2 * along + t * kd[sp]);
            double mx = root * nx;
            double my = root * ny;
            double mz = root * nz;
            double beta = t2 * across;
            g4[o] = mx;
            g4[o + 1] = my;
            g4[o + 2] = mz;
            g4[o + 3] = beta;
            double sxx = mx * mx + beta;
            double sxy = mx * my;
            double sxz = mx * mz;
            double syy = my * my + beta;
            double syz = my * mz;
            double szz = mz * mz + beta;
            if (da >= 0) {
                int q = 2 * da;
                nb[q] += sxx;
                nb[q + 1] += sxy;
                nb[q + 2] += sxz;
                nb[q + 3] += syy;
                nb[q + 4] += syz;
                nb[q + 5] += szz;
            }
            if (db >= 0) {
                int q = 2 * db;
                nb[q] += sxx;
                nb[q + 1] += sxy;
                nb[q + 2] += sxz;
                nb[q + 3] += syy;
                nb[q + 4] += syz;
                nb[q + 5] += szz;
            }
            if (out == null) {
                continue;
            }
            double ux = 0;
            double uy = 0;
            double uz = 0;
            if (da >= 0) {
                ux = vel[a];
                uy = vel[a + 1];
                uz = vel[a + 2];
            }
            if (db >= 0) {
                ux -= vel[b];
                uy -= vel[b + 1];
                uz -= vel[b + 2];
            }
            double nu = nx * ux + ny * uy + nz * uz;
            double cx;
            double cy;
            double cz;
            if (rhs) {
                double mag = t * SpringGeometry.axialForce(k0, kd[sp], rest[sp], l, -nu);
                double gt = SpringGeometry.transverseFactor(rest[sp], l, false);
                double lighter = Math.min(da >= 0 ? mass[sa[sp]] : Double.MAX_VALUE,
                        db >= 0 ? mass[sb[sp]] : Double.MAX_VALUE);
                // τ f_a + τ² (∂f_a/∂x) u: with the true derivative where the step resolves it (see
                // SystemMatrix#assembleStep), −K_s u with g unclamped and the damping term
                // (k_d/l) [(n·u) P u + n |P u|²], P = I − n nᵀ (E_s of SpringGeometry applied to u);
                // elsewhere −K_s u with K_s as assembled and no E_s (Baraff & Witkin)
                double room = SystemMatrix.RESOLVED * lighter / t2;
                double alongT = along;
                double acrossT = across;
                if (exact && (gt >= 0 || -k0 * gt <= room)) {
                    alongT = k0 * (1 - gt);
                    acrossT = k0 * gt;
                }
                double e = 0;
                if (exact && kd[sp] * Math.sqrt(ux * ux + uy * uy + uz * uz) <= room * l) {
                    e = kd[sp] / l;
                }
                double px = ux - nu * nx;
                double py = uy - nu * ny;
                double pz = uz - nu * nz;
                double pp = px * px + py * py + pz * pz;
                cx = mag * nx - t2 * (alongT * nu * nx + acrossT * ux - e * (nu * px + nx * pp));
                cy = mag * ny - t2 * (alongT * nu * ny + acrossT * uy - e * (nu * py + ny * pp));
                cz = mag * nz - t2 * (alongT * nu * nz + acrossT * uz - e * (nu * pz + nz * pp));
            } else {
                // K u = k_s (1 − g) (n·u) n + k_s g u, K as assembled
                cx = along * nu * nx + across * ux;
                cy = along * nu * ny + across * uy;
                cz = along * nu * nz + across * uz;
            }
            if (da >= 0) {
                out[da] += cx;
                out[da + 1] += cy;
                out[da + 2] += cz;
            }
            if (db >= 0) {
                out[db] -= cx;
                out[db + 1] -= cy;
                out[db + 2] -= cz;
            }
        }
    }
}
