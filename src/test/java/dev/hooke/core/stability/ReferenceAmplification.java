package dev.hooke.core.stability;

import dev.hooke.core.model.MassSpringSystem;
import org.ejml.data.Complex_F64;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;

/**
 * An independent oracle for damped stability limits: the test assembles M⁻¹K and M⁻¹C over the
 * free DOFs in the particles' own coordinates (no mass weighting, no modal basis) from
 * <pre>
 *   K_s = k_s [n nᵀ + (1 − L/l)(I − n nᵀ)],   C_s = k_d n nᵀ,   C += c I (air)
 * </pre>
 * (Baraff &amp; Witkin 1998), writes each method's step on x'' = −M⁻¹K x − M⁻¹C v as a matrix
 * G(h), column by column from the method's update, and bisects on h for ρ(G(h)) = 1 with EJML's
 * general eigen solver.
 */
final class ReferenceAmplification {

    /** ρ above 1 by less than this counts as 1 (round-off; defective zero modes give √ε). */
    static final double RHO_SLACK = 1e-7;

    final int n;
    final DMatrixRMaj k;   // M⁻¹K
    final DMatrixRMaj c;   // M⁻¹C

    ReferenceAmplification(MassSpringSystem s) {
        int count = s.particleCount();
        int[] dof = new int[count];
        int dim = 0;
        for (int i = 0; i < count; i++) {
            dof[i] = s.isPinned(i) ? -1 : dim;
            dim += s.isPinned(i) ? 0 : 3;
        }
        n = dim;
        k = new DMatrixRMaj(n, n);
        c = new DMatrixRMaj(n, n);
        for (int sp = 0; sp < s.springCount(); sp++) {
            int pa = s.springA(sp);
            int pb = s.springB(sp);
            double[] d = new double[3];
            double l2 = 0;
            for (int q = 0; q < 3; q++) {
                d[q] = s.x[3 * pb + q] - s.x[3 * pa + q];
                l2 += d[q] * d[q];
            }
            double l = Math.sqrt(l2);
            double geometric = 1 - s.restLength(sp) / l;
            double[][] kb = new double[3][3];
            double[][] cb = new double[3][3];
            for (int r = 0; r < 3; r++) {
                for (int q = 0; q < 3; q++) {
                    double nn = d[r] * d[q] / l2;
                    kb[r][q] = s.stiffness(sp) * (nn + geometric * ((r == q ? 1 : 0) - nn));
                    cb[r][q] = s.springDamping(sp) * nn;
                }
            }
            for (int[] pair : new int[][] {{pa, pa, 1}, {pb, pb, 1}, {pa, pb, -1}, {pb, pa, -1}}) {
                int row = dof[pair[0]];
                int col = dof[pair[1]];
                if (row < 0 || col < 0) {
                    continue;
                }
                double w = pair[2] / s.mass(pair[0]);
                for (int r = 0; r < 3; r++) {
                    for (int q = 0; q < 3; q++) {
                        k.add(row + r, col + q, w * kb[r][q]);
                        c.add(row + r, col + q, w * cb[r][q]);
                    }
                }
            }
        }
        for (int i = 0; i < count; i++) {
            if (dof[i] >= 0) {
                for (int q = 0; q < 3; q++) {
                    c.add(dof[i] + q, dof[i] + q, s.airDamping() / s.mass(i));
                }
            }
        }
    }

    /** The methods written out as in their classes' javadoc. */
    enum Method { EXPLICIT_EULER, SYMPLECTIC_EULER, VELOCITY_VERLET, POSITION_VERLET, RK4 }

    /** G(h) of one step of the method. */
    DMatrixRMaj amplification(Method m, double h, double delta) {
        int blocks = m == Method.VELOCITY_VERLET || m == Method.POSITION_VERLET ? 3 : 2;
        DMatrixRMaj g = new DMatrixRMaj(blocks * n, blocks * n);
        for (int col = 0; col < blocks * n; col++) {
            double[] in = new double[blocks * n];
            in[col] = 1;
            double[] out = step(m, h, delta, in);
            for (int r = 0; r < out.length; r++) {
                g.set(r, col, out[r]);
            }
        }
        return g;
    }

    private double[] accel(double[] x, double[] v) {
        double[] a = new double[n];
        for (int r = 0; r < n; r++) {
            double s = 0;
            for (int q = 0; q < n; q++) {
                s -= k.get(r, q) * x[q] + c.get(r, q) * v[q];
            }
            a[r] = s;
        }
        return a;
    }

    private double[] step(Method m, double h, double delta, double[] in) {
        double[] x = java.util.Arrays.copyOfRange(in, 0, n);
        double[] second = java.util.Arrays.copyOfRange(in, n, 2 * n);
        double[] out = new double[in.length];
        switch (m) {
            case EXPLICIT_EULER -> {
                double[] a = accel(x, second);
                for (int i = 0; i < n; i++) {
                    out[i] = x[i] + h * second[i];
                    out[n + i] = second[i] + h * a[i];
                }
            }
            case SYMPLECTIC_EULER -> {
                double[] a = accel(x, second);
                for (int i = 0; i < n; i++) {
                    out[n + i] = second[i] + h * a[i];
                    out[i] = x[i] + h * out[n + i];
                }
            }
            case RK4 -> {
                double[][] kx = new double[4][];
                double[][] kv = new double[4][];
                double[] xs = x;
                double[] vs = second;
                double[] w = {0.5, 0.5, 1};
                for (int st = 0; st < 4; st++) {
                    kx[st] = vs;
                    kv[st] = accel(xs, vs);
                    if (st < 3) {
                        xs = new double[n];
                        vs = new double[n];
                        for (int i = 0; i < n; i++) {
                            xs[i] = x[i] + w[st] * h * kx[st][i];
                            vs[i] = second[i] + w[st] * h * kv[st][i];
                        }
                    }
                }
                for (int i = 0; i < n; i++) {
                    out[i] = x[i] + h / 6 * (kx[0][i] + 2 * kx[1][i] + 2 * kx[2][i] + kx[3][i]);
                    out[n + i] = second[i] + h / 6 * (kv[0][i] + 2 * kv[1][i] + 2 * kv[2][i] + kv[3][i]);
                }
            }
            case VELOCITY_VERLET -> {
                double[] a = java.util.Arrays.copyOfRange(in, 2 * n, 3 * n);
                double[] vHalf = new double[n];
                double[] xNew = new double[n];
                double[] vPred = new double[n];
                for (int i = 0; i < n; i++) {
                    vHalf[i] = second[i] + 0.5 * h * a[i];
                    xNew[i] = x[i] + h * vHalf[i];
                    vPred[i] = vHalf[i] + 0.5 * h * a[i];
                }
                double[] aNew = accel(xNew, vPred);
                for (int i = 0; i < n; i++) {
                    out[i] = xNew[i];
                    out[n + i] = vHalf[i] + 0.5 * h * aNew[i];
                    out[2 * n + i] = aNew[i];
                }
            }
            case POSITION_VERLET -> {
                double[] a = java.util.Arrays.copyOfRange(in, 2 * n, 3 * n);
                double[] xNew = new double[n];
                double[] vPred = new double[n];
                for (int i = 0; i < n; i++) {
                    xNew[i] = x[i] + (1 - delta) * (x[i] - second[i]) + h * h * a[i];
                    vPred[i] = (xNew[i] - x[i]) / h + 0.5 * h * a[i];
                }
                double[] aNew = accel(xNew, vPred);
                for (int i = 0; i < n; i++) {
                    out[i] = xNew[i];
                    out[n + i] = x[i];
                    out[2 * n + i] = aNew[i];
                }
            }
            default -> throw new IllegalArgumentException(m.name());
        }
        return out;
    }

    /** ρ(G(h)). */
    double spectralRadius(Method m, double h, double delta) {
        DMatrixRMaj g = amplification(m, h, delta);
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(g.numRows, false);
        if (!eig.decompose(g)) {
            throw new IllegalStateException("EJML did not converge");
        }
        double rho = 0;
        for (int i = 0; i < eig.getNumberOfEigenvalues(); i++) {
            rho = Math.max(rho, eig.getEigenvalue(i).getMagnitude());
        }
        return rho;
    }

    boolean stable(Method m, double h, double delta) {
        return spectralRadius(m, h, delta) <= 1 + RHO_SLACK;
    }

    /** The largest h with ρ(G(h)) ≤ 1, bisected to a relative 1e-7 from a bracket [lo, hi]. */
    double bisect(Method m, double delta, double lo, double hi) {
        if (!stable(m, lo, delta) || stable(m, hi, delta)) {
            throw new IllegalArgumentException("[" + lo + ", " + hi + "] does not bracket the limit");
        }
        while (hi - lo > 1e-7 * hi) {
            double mid = 0.5 * (lo + hi);
            if (stable(m, mid, delta)) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /**
     * Explicit Euler's limit from the eigenvalues s of L = [[0, I], [−M⁻¹K, −M⁻¹C]]: G = I + hL
     * has the eigenvalues 1 + h s, so the limit is min over s of −2 Re s / |s|². Eigenvalues with
     * |s| below 10⁻⁶ of the largest (rigid and zero-stiffness motion) are left out.
     */
    double explicitEulerFromSpectrum() {
        DMatrixRMaj l = new DMatrixRMaj(2 * n, 2 * n);
        for (int i = 0; i < n; i++) {
            l.set(i, n + i, 1);
            for (int q = 0; q < n; q++) {
                l.set(n + i, q, -k.get(i, q));
                l.set(n + i, n + q, -c.get(i, q));
            }
        }
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(2 * n, false);
        if (!eig.decompose(l)) {
            throw new IllegalStateException("EJML did not converge");
        }
        double top = 0;
        for (int i = 0; i < eig.getNumberOfEigenvalues(); i++) {
            top = Math.max(top, eig.getEigenvalue(i).getMagnitude());
        }
        double best = Double.POSITIVE_INFINITY;
        for (int i = 0; i < eig.getNumberOfEigenvalues(); i++) {
            Complex_F64 s = eig.getEigenvalue(i);
            if (s.getMagnitude() < 1e-6 * top) {
                continue;
            }
            best = Math.min(best, s.real < 0 ? -2 * s.real / s.getMagnitude2() : 0);
        }
        return best;
    }
}
