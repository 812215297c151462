package dev.hooke.core.solve;

/**
 * Jacobi preconditioning: z_i = r_i / |A_ii|. The diagonal of A is m_i + τc + Σ (S_s)_kk, at
 * least m_i &gt; 0 when the clamp is on; without it a diagonal entry can turn negative under strong
 * compression, and |A_ii| keeps P positive definite (a zero entry uses 1), leaving the
 * indefiniteness for CG to detect in pᵀAp.
 */
final class JacobiPreconditioner implements Preconditioner {

    private double[] blocks = new double[0];
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
            blocks = new double[3 * n];
        }
        a.diagonalBlocks(blocks);
        for (int q = 0; q < n; q++) {
            int node = q / 3;
            int k = q % 3;
            double d = Math.abs(blocks[9 * node + 4 * k]);
            inverse[q] = d > 0 && Double.isFinite(d) ? 1 / d : 1;
        }
    }

    @Override
    public void apply(double[] r, double[] z, int n) {
        for (int q = 0; q < n; q++) {
            z[q] = inverse[q] * r[q];
        }
    }
}
