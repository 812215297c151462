package dev.hooke.core.solve;

/**
 * Jacobi preconditioning: z_i = r_i / |A_ii|. The diagonal of A is m_i + τc + Σ (S_s)_kk, at
 * least m_i &gt; 0 when the clamp is on; without it a diagonal entry can turn negative under strong
 * compression, and |A_ii| keeps P positive definite (a zero entry uses 1), leaving the
 * indefiniteness for CG to detect in pᵀAp.
 */
final class JacobiPreconditioner implements Preconditioner {

    private double[] inverse = new double[0];

    @Override
    public PreconditionerKind kind() {
        return PreconditionerKind.JACOBI;
    }

    @Override
    public void update(SystemMatrix a) {
        int n = a.dimension();
        if (inverse.length != n) {
            inverse = new double[n];
        }
        final double[] blocks = a.nodeBlocks();
        for (int q = 0, o = 0; q < n; q += 3, o += 6) {
            inverse[q] = inverse(blocks[o]);
            inverse[q + 1] = inverse(blocks[o + 3]);
            inverse[q + 2] = inverse(blocks[o + 5]);
        }
    }

    private static double inverse(double diagonal) {
        double d = Math.abs(diagonal);
        return d > 0 && Double.isFinite(d) ? 1 / d : 1;
    }

    @Override
    public void apply(double[] r, double[] z, int from, int to) {
        for (int q = from; q < to; q++) {
            z[q] = inverse[q] * r[q];
        }
    }
}
