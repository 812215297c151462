package dev.hooke.core.solve;

/**
 * 3×3 block-Jacobi preconditioning: P = blockdiag(A_jj), one block per particle, inverted once per
 * assembly. For a symmetric block [[a, b, c], [b, d, e], [c, e, f]] the inverse is adj/det with
 * <pre>
 *   adj = [[df − e², ce − bf, be − cd], [·, af − c², bc − ae], [·, ·, ad − b²]]  (symmetric)
 *   det = a (df − e²) + b (ce − bf) + c (be − cd)
 * </pre>
 * A block that is not positive definite (leading minors a, ad − b², det not all &gt; 0: possible
 * only with the clamp off) falls back to Jacobi on its diagonal, 1/|a_kk|, so that P stays
 * positive definite.
 */
final class BlockJacobiPreconditioner implements Preconditioner {

    private double[] inverse = new double[0];

    @Override
    public PreconditionerKind kind() {
        return PreconditionerKind.BLOCK_JACOBI;
    }

    @Override
    public void update(SystemMatrix a) {
        int n = a.dimension();
        if (inverse.length != 3 * n) {
            inverse = new double[3 * n];
        }
        a.diagonalBlocks(inverse);
        for (int o = 0; o < 3 * n; o += 9) {
            invertInPlace(inverse, o);
        }
    }

    static void invertInPlace(double[] m, int o) {
        double a = m[o];
        double b = m[o + 1];
        double c = m[o + 2];
        double d = m[o + 4];
        double e = m[o + 5];
        double f = m[o + 8];
        double c00 = d * f - e * e;
        double c01 = c * e - b * f;
        double c02 = b * e - c * d;
        double det = a * c00 + b * c01 + c * c02;
        if (a > 0 && a * d - b * b > 0 && det > 0 && Double.isFinite(det)) {
            double inv = 1 / det;
            double c11 = (a * f - c * c) * inv;
            double c12 = (b * c - a * e) * inv;
            double c22 = (a * d - b * b) * inv;
            m[o] = c00 * inv;
            m[o + 1] = c01 * inv;
            m[o + 2] = c02 * inv;
            m[o + 3] = c01 * inv;
            m[o + 4] = c11;
            m[o + 5] = c12;
            m[o + 6] = c02 * inv;
            m[o + 7] = c12;
            m[o + 8] = c22;
        } else {
            double ia = jacobi(a);
            double id = jacobi(d);
            double iff = jacobi(f);
            m[o] = ia;
            m[o + 1] = 0;
            m[o + 2] = 0;
            m[o + 3] = 0;
            m[o + 4] = id;
            m[o + 5] = 0;
            m[o + 6] = 0;
            m[o + 7] = 0;
            m[o + 8] = iff;
        }
    }

    private static double jacobi(double d) {
        double abs = Math.abs(d);
        return abs > 0 && Double.isFinite(abs) ? 1 / abs : 1;
    }

    @Override
    public void apply(double[] r, double[] z, int n) {
        final double[] m = inverse;
        for (int q = 0, o = 0; q < n; q += 3, o += 9) {
            double x = r[q];
            double y = r[q + 1];
            double w = r[q + 2];
            z[q] = m[o] * x + m[o + 1] * y + m[o + 2] * w;
            z[q + 1] = m[o + 3] * x + m[o + 4] * y + m[o + 5] * w;
            z[q + 2] = m[o + 6] * x + m[o + 7] * y + m[o + 8] * w;
        }
    }
}
