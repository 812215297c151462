package dev.hooke.core.stability;

import dev.hooke.core.integrate.IntegratorKind;
import org.ejml.data.Complex_F64;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;

/**
 * The exact stability limit of an explicit method on a small damped linear system
 * q'' = −Ω² q − B q' (Ω² diagonal, B symmetric and full), the largest h at which the spectral
 * radius of the step's amplification matrix G(h) is at most 1.
 *
 * <ul>
 *   <li>Explicit Euler and RK4 are Runge–Kutta methods: on y' = L y, L = [[0, I], [−Ω², −B]],
 *       their step is G = R(hL) with R(z) = 1 + z, resp. 1 + z + z²/2 + z³/6 + z⁴/24, so the
 *       eigenvalues of G are R(h s) for the eigenvalues s of L (Hairer &amp; Wanner, "Solving
 *       Ordinary Differential Equations II", 2nd ed., 1996, §IV.2). One eigen solve of L gives
 *       every s; explicit Euler's |1 + h s| ≤ 1 is h ≤ −2 Re s / |s|², RK4's |R(h s)| ≤ 1 is
 *       bisected on the ray h s (the region meets each ray from 0 into the left half-plane in an
 *       interval).</li>
 *   <li>Symplectic Euler and the two Verlet variants are partitioned: their G is not a function
 *       of L when B does not commute with Ω². G(h) is built column by column from the
 *       implementation's own update (state (q, v) for symplectic Euler; (q, v, a) for velocity
 *       Verlet, (q, q⁻, a) for position Verlet with its δ, as in the integrators' stability
 *       rules), and ρ(G(h)) ≤ 1 + {@value #RHO_TOLERANCE} is bisected on h to a relative
 *       {@value #BISECTION_TOLERANCE}.</li>
 * </ul>
 */
final class AmplificationLimit {

    /** ρ(G) above 1 by less than this counts as 1 (round-off of the eigen solve). */
    static final double RHO_TOLERANCE = 1e-9;
    /** Relative width at which the bisections on h stop. */
    static final double BISECTION_TOLERANCE = 1e-10;

    private AmplificationLimit() {
    }

    /** The built-in explicit methods whose amplification matrix this class knows. */
    enum Scheme {
        EULER, RK4, SYMPLECTIC_EULER, VELOCITY_VERLET, POSITION_VERLET;

        /** The scheme of a method, or null for one this class does not know. */
        static Scheme of(IntegratorKind kind) {
            if (kind == IntegratorKind.EXPLICIT_EULER) {
                return EULER;
            } else if (kind == IntegratorKind.RK4) {
                return RK4;
            } else if (kind == IntegratorKind.SYMPLECTIC_EULER) {
                return SYMPLECTIC_EULER;
            } else if (kind == IntegratorKind.VELOCITY_VERLET) {
                return VELOCITY_VERLET;
            } else if (kind == IntegratorKind.VERLET) {
                return POSITION_VERLET;
            }
            return null;
        }

        boolean rungeKutta() {
            return this == EULER || this == RK4;
        }
    }

    /** Whether this class knows the method's amplification matrix. */
    static boolean supports(IntegratorKind kind) {
        return Scheme.of(kind) != null;
    }

    /**
     * The limit in s; 0 when unstable at every h.
     *
     * @param omega2 Ω² (its diagonal), 1/s²
     * @param b      B, k × k, 1/s
     * @param guess  a first estimate of the limit (the partitioned methods' bisection starts
     *               around it), s
     */
    static double limit(IntegratorKind kind, double delta, double[] omega2, DMatrixRMaj b, double guess) {
        Scheme scheme = Scheme.of(kind);
        if (scheme == null) {
            throw new IllegalArgumentException(kind.id());
        }
        return scheme.rungeKutta() ? rungeKuttaLimit(scheme == Scheme.RK4, omega2, b)
                : bisect(scheme, delta, omega2, b, guess);
    }

    /** ρ(G(h)) of the method's step on the system (for Runge–Kutta methods max |R(h s)|). */
    static double spectralRadius(IntegratorKind kind, double delta, double[] omega2, DMatrixRMaj b, double h) {
        Scheme scheme = Scheme.of(kind);
        if (scheme == null) {
            throw new IllegalArgumentException(kind.id());
        }
        if (!scheme.rungeKutta()) {
            return spectralRadius(scheme, delta, omega2, b, h);
        }
        double rho = 0;
        for (Complex_F64 s : eigenvalues(omega2, b)) {
            double re = h * s.real;
            double im = h * s.imaginary;
            rho = Math.max(rho, scheme == Scheme.RK4 ? rk4Modulus(re, im) : Math.hypot(1 + re, im));
        }
        return rho;
    }

    private static double rungeKuttaLimit(boolean rk4, double[] omega2, DMatrixRMaj b) {
        double best = Double.POSITIVE_INFINITY;
        for (Complex_F64 s : eigenvalues(omega2, b)) {
            best = Math.min(best, rk4 ? rk4Limit(s.real, s.imaginary) : eulerLimit(s.real, s.imaginary));
        }
        return best;
    }

    /** The eigenvalues s of L = [[0, I], [−Ω², −B]]. */
    private static Complex_F64[] eigenvalues(double[] omega2, DMatrixRMaj b) {
        int k = omega2.length;
        DMatrixRMaj l = new DMatrixRMaj(2 * k, 2 * k);
        for (int i = 0; i < k; i++) {
            l.set(i, k + i, 1);
            l.set(k + i, i, -omega2[i]);
            for (int j = 0; j < k; j++) {
                l.set(k + i, k + j, -b.get(i, j));
            }
        }
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(2 * k, false);
        if (!eig.decompose(l)) {
            throw new IllegalStateException("the eigen solver did not converge on the damped modes");
        }
        Complex_F64[] out = new Complex_F64[eig.getNumberOfEigenvalues()];
        for (int i = 0; i < out.length; i++) {
            out[i] = eig.getEigenvalue(i);
        }
        return out;
    }

    /** Explicit Euler on one eigenvalue s = re + i·im: h ≤ −2 Re s / |s|². */
    static double eulerLimit(double re, double im) {
        double mod2 = re * re + im * im;
        if (mod2 == 0) {
            return Double.POSITIVE_INFINITY;
        }
        return re < 0 ? -2 * re / mod2 : 0;
    }

    /** RK4 on one eigenvalue s: the h at which |R(h s)| first exceeds 1. */
    static double rk4Limit(double re, double im) {
        double mod = Math.hypot(re, im);
        if (mod == 0) {
            return Double.POSITIVE_INFINITY;
        }
        double lo = 0;
        double hi = 3 / mod; // the region lies inside |z| < 2.83
        for (int it = 0; it < 200 && hi - lo > 1e-15 * hi; it++) {
            double mid = 0.5 * (lo + hi);
            if (rk4Modulus(mid * re, mid * im) <= 1) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** |R(z)|, R(z) = 1 + z + z²/2 + z³/6 + z⁴/24, z = a + i b. */
    static double rk4Modulus(double a, double b) {
        double re = 1 + a / 4;
        double im = b / 4;
        for (double k = 3; k >= 1; k--) {
            double nr = (re * a - im * b) / k;
            double ni = (re * b + im * a) / k;
            re = 1 + nr;
            im = ni;
        }
        return Math.hypot(re, im);
    }

    private static double bisect(Scheme kind, double delta, double[] omega2, DMatrixRMaj b, double guess) {
        double start = guess > 0 && Double.isFinite(guess) ? guess : 2 / Math.sqrt(omega2[0]);
        double lo = 0.9 * start;
        int guard = 0;
        while (!stable(kind, delta, omega2, b, lo)) {
            lo *= 0.7;
            if (++guard > 200) {
                return 0;
            }
        }
        double hi = 1.1 * start;
        guard = 0;
        while (stable(kind, delta, omega2, b, hi)) {
            lo = hi;
            hi *= 1.5;
            if (++guard > 200) {
                return Double.POSITIVE_INFINITY;
            }
        }
        while (hi - lo > BISECTION_TOLERANCE * hi) {
            double mid = 0.5 * (lo + hi);
            if (stable(kind, delta, omega2, b, mid)) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private static boolean stable(Scheme kind, double delta, double[] omega2, DMatrixRMaj b, double h) {
        return spectralRadius(kind, delta, omega2, b, h) <= 1 + RHO_TOLERANCE;
    }

    /** ρ(G(h)) of a partitioned method's step on the system. */
    static double spectralRadius(Scheme kind, double delta, double[] omega2, DMatrixRMaj b, double h) {
        Complex_F64[] values = stepEigenvalues(kind, delta, omega2, b, h);
        if (values == null) {
            return Double.POSITIVE_INFINITY;
        }
        double rho = 0;
        for (Complex_F64 v : values) {
            rho = Math.max(rho, v.getMagnitude());
        }
        return rho;
    }

    /** The eigenvalues of G(h), a partitioned method's step on the system; null when the solve fails. */
    static Complex_F64[] stepEigenvalues(Scheme kind, double delta, double[] omega2, DMatrixRMaj b, double h) {
        int k = omega2.length;
        int blocks = kind == Scheme.SYMPLECTIC_EULER ? 2 : 3;
        int n = blocks * k;
        DMatrixRMaj g = new DMatrixRMaj(n, n);
        double[] in = new double[n];
        double[] out = new double[n];
        double[] tmp = new double[k];
        double[] acc = new double[k];
        for (int col = 0; col < n; col++) {
            java.util.Arrays.fill(in, 0);
            in[col] = 1;
            switch (kind) {
                case SYMPLECTIC_EULER -> {
                    // v⁺ = v + h(−Ω²q − B v), q⁺ = q + h v⁺
                    mult(b, in, k, tmp);
                    for (int i = 0; i < k; i++) {
                        out[k + i] = in[k + i] + h * (-omega2[i] * in[i] - tmp[i]);
                        out[i] = in[i] + h * out[k + i];
                    }
                }
                case VELOCITY_VERLET -> {
                    // v½ = v + ½ha, q⁺ = q + h v½, ṽ = v½ + ½ha, a⁺ = −Ω²q⁺ − B ṽ, v⁺ = v½ + ½h a⁺
                    double[] vPred = new double[k];
                    for (int i = 0; i < k; i++) {
                        double vHalf = in[k + i] + 0.5 * h * in[2 * k + i];
                        out[i] = in[i] + h * vHalf;
                        vPred[i] = vHalf + 0.5 * h * in[2 * k + i];
                        out[k + i] = vHalf;
                    }
                    mult(b, vPred, 0, tmp);
                    for (int i = 0; i < k; i++) {
                        acc[i] = -omega2[i] * out[i] - tmp[i];
                        out[k + i] += 0.5 * h * acc[i];
                        out[2 * k + i] = acc[i];
                    }
                }
                case POSITION_VERLET -> {
                    // q⁺ = q + (1−δ)(q − q⁻) + h²a, ṽ = (q⁺ − q)/h + ½ha, a⁺ = −Ω²q⁺ − B ṽ
                    double[] vPred = new double[k];
                    for (int i = 0; i < k; i++) {
                        double q = in[i];
                        double a = in[2 * k + i];
                        out[i] = q + (1 - delta) * (q - in[k + i]) + h * h * a;
                        out[k + i] = q;
                        vPred[i] = (out[i] - q) / h + 0.5 * h * a;
                    }
                    mult(b, vPred, 0, tmp);
                    for (int i = 0; i < k; i++) {
                        out[2 * k + i] = -omega2[i] * out[i] - tmp[i];
                    }
                }
                default -> throw new IllegalArgumentException(kind.name());
            }
            for (int r = 0; r < n; r++) {
                g.set(r, col, out[r]);
            }
        }
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(n, false);
        if (!eig.decompose(g)) {
            return null;
        }
        Complex_F64[] values = new Complex_F64[eig.getNumberOfEigenvalues()];
        for (int i = 0; i < values.length; i++) {
            values[i] = eig.getEigenvalue(i);
        }
        return values;
    }

    /** out = B · x[offset … offset + k). */
    private static void mult(DMatrixRMaj b, double[] x, int offset, double[] out) {
        int k = b.numRows;
        for (int i = 0; i < k; i++) {
            double s = 0;
            for (int j = 0; j < k; j++) {
                s += b.get(i, j) * x[offset + j];
            }
            out[i] = s;
        }
    }
}
