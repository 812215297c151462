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
 * positive definite. The inverses are kept as their upper triangles, six numbers per particle.
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
        if (inverse.length != 2 * n) {
            inverse = new double[2 * n];
        }
        final double[] blocks = a.nodeBlocks();
        for (int o = 0; o < 2 * n; o += 6) {
            invert(blocks, inverse, o);
        }
    }

    /** Writes the inverse of the symmetric block {@code m[o .. o+5]} (xx, xy, xz, yy, yz, zz) into out. */
    static void invert(double[] m, double[] out, int o) {
        double a = m[o];
        double b = m[o + 1];
        double c = m[o + 2];
        double d = m[o + 3];
        double e = m[o + 4];
        double f = m[o + 5];
        double c00 = d * f - e * e;
        double c01 = c * e - b * f;
        double c02 = b * e - c * d;
        double det = a * c00 + b * c01 + c * c02;
        if (a > 0 && a * d - b * b > 0 && det > 0 && Double.isFinite(det)) {
            double inv = 1 / det;
            out[o] = c00 * inv;
            out[o + 1] = c01 * inv;
            out[o + 2] = c02 * inv;
            out[o + 3] = (a * f - c * c) * inv;
            out[o + 4] = (b * c - a * e) * inv;
            out[o + 5] = (a * d - b * b) * inv;
        } else {
            out[o] = jacobi(a);
            out[o + 1] = 0;
            out[o + 2] = 0;
            out[o + 3] = jacobi(d);
            out[o + 4] = 0;
            out[o + 5] = jacobi(f);
        }
    }

    private static double jacobi(double d) {
        double abs = Math.abs(d);
        return abs > 0 && Double.isFinite(abs) ? 1 / abs : 1;
    }

    @Override
    public void apply(double[] r, double[] z, int from, int to) {
        final double[] m = inverse;
        for (int q = from, o = 2 * from; q < to; q += 3, o += 6) {
            double x = r[q];
            double y = r[q + 1];
            double w = r[q + 2];
            double m1 = m[o + 1];
            double m2 = m[o + 2];
            double m4 = m[o + 4];
            z[q] = m[o] * x + m1 * y + m2 * w;
            z[q + 1] = m1 * x + m[o + 3] * y + m4 * w;
            z[q + 2] = m2 * x + m4 * y + m[o + 5] * w;
        }
    }
}
