package dev.hooke.core.integrate;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;

/**
 * The numerical parts of the built-in methods' stability rules ({@link StabilityRule}) that have
 * no closed form: the damped Verlet limits, from the spectral radius of the implementations'
 * amplification matrices, and RK4's damped limit, from its stability polynomial (Hairer et al.,
 * Solving Ordinary Differential Equations II, §IV.2).
 */
final class ModalLimits {

    private ModalLimits() {
    }

    /**
     * The largest h at which the spectral radius of a Verlet integrator's amplification matrix on
     * the damped mode x'' = −ω²x − 2ζω x' stays at most 1, found by bisection. The matrices are
     * those of the implementations, whose state includes the cached acceleration a (per unit mass):
     * <pre>
     *   velocity Verlet, state (x, v, a):   v½ = v + ½ha,  x⁺ = x + h v½,  ṽ = v½ + ½ha,
     *                                       a⁺ = −ω²x⁺ − 2ζω ṽ,  v⁺ = v½ + ½h a⁺
     *   position Verlet, state (x, x⁻, a):  x⁺ = x + (1−δ)(x − x⁻) + h²a,  ṽ = (x⁺ − x)/h + ½ha,
     *                                       a⁺ = −ω²x⁺ − 2ζω ṽ
     * </pre>
     */
    static double bisectAmplification(boolean velocityVerlet, double omega, double zeta, double delta) {
        double lo = 0;
        double hi = 2.5 / omega;
        while (spectralRadius(velocityVerlet, omega, zeta, delta, hi) <= 1 + 1e-12) {
            hi *= 2;
            if (hi > 1e6 / omega) {
                return Double.POSITIVE_INFINITY;
            }
        }
        for (int it = 0; it < 200 && hi - lo > 1e-14 * hi; it++) {
            double mid = 0.5 * (lo + hi);
            if (spectralRadius(velocityVerlet, omega, zeta, delta, mid) <= 1 + 1e-12) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** The spectral radius of the 3×3 amplification matrix described at {@link #bisectAmplification}. */
    static double spectralRadius(boolean velocityVerlet, double omega, double zeta, double delta, double h) {
        DMatrixRMaj g = new DMatrixRMaj(3, 3);
        double[] in = new double[3];
        double[] out = new double[3];
        for (int col = 0; col < 3; col++) {
            java.util.Arrays.fill(in, 0);
            in[col] = 1;
            if (velocityVerlet) {
                double x = in[0];
                double v = in[1];
                double a = in[2];
                double vHalf = v + 0.5 * h * a;
                double xNew = x + h * vHalf;
                double vPred = vHalf + 0.5 * h * a;
                double aNew = -omega * omega * xNew - 2 * zeta * omega * vPred;
                out[0] = xNew;
                out[1] = vHalf + 0.5 * h * aNew;
                out[2] = aNew;
            } else {
                double x = in[0];
                double xPrev = in[1];
                double a = in[2];
                double xNew = x + (1 - delta) * (x - xPrev) + h * h * a;
                double vPred = (xNew - x) / h + 0.5 * h * a;
                out[0] = xNew;
                out[1] = x;
                out[2] = -omega * omega * xNew - 2 * zeta * omega * vPred;
            }
            for (int r = 0; r < 3; r++) {
                g.set(r, col, out[r]);
            }
        }
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(3, false);
        if (!eig.decompose(g)) {
            return Double.POSITIVE_INFINITY;
        }
        double rho = 0;
        for (int i = 0; i < eig.getNumberOfEigenvalues(); i++) {
            rho = Math.max(rho, eig.getEigenvalue(i).getMagnitude());
        }
        return rho;
    }

    /** The h at which |R(h s)| first reaches 1 for RK4, s the mode's eigenvalue(s). */
    static double rk4DampedLimit(double omega, double zeta) {
        double re1;
        double im1;
        double re2;
        double im2;
        if (zeta < 1) {
            re1 = -zeta * omega;
            im1 = omega * Math.sqrt(1 - zeta * zeta);
            re2 = re1;
            im2 = im1;
        } else {
            double r = Math.sqrt(zeta * zeta - 1);
            re1 = -omega * (zeta - r);
            re2 = -omega * (zeta + r);
            im1 = 0;
            im2 = 0;
        }
        double lo = 0;
        double hi = 4 / omega;
        while (rk4Modulus(hi * re1, hi * im1) <= 1 && rk4Modulus(hi * re2, hi * im2) <= 1) {
            hi *= 2;
            if (hi > 1e6 / omega) {
                return Double.POSITIVE_INFINITY;
            }
        }
        for (int it = 0; it < 200 && hi - lo > 1e-15 * hi; it++) {
            double mid = 0.5 * (lo + hi);
            if (rk4Modulus(mid * re1, mid * im1) <= 1 && rk4Modulus(mid * re2, mid * im2) <= 1) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** |R(z)| for RK4's stability polynomial R(z) = 1 + z + z²/2 + z³/6 + z⁴/24, z = a + ib. */
    static double rk4Modulus(double a, double b) {
        // Horner: R = 1 + z(1 + z/2(1 + z/3(1 + z/4)))
        double re = 1 + a / 4;
        double im = b / 4;
        double[] c = {3, 2, 1};
        for (double k : c) {
            double nr = (re * a - im * b) / k;
            double ni = (re * b + im * a) / k;
            re = 1 + nr;
            im = ni;
        }
        return Math.hypot(re, im);
    }

}
