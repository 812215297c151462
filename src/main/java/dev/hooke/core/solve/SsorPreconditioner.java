package dev.hooke.core.solve;

import java.util.Arrays;

/**
 * SSOR preconditioning in its plain form, for {@link ConjugateGradient}: with the splitting of
 * {@link SsorSplitting},
 * <pre>
 *   P = (D̃ + L) D̃⁻¹ (D̃ + Lᵀ),     z = P⁻¹ r = (D̃ + Lᵀ)⁻¹ D̃ (D̃ + L)⁻¹ r
 * </pre>
 * a forward sweep, a block-diagonal product and a backward sweep (Saad 2003, §10.2.2). P is
 * symmetric positive definite whenever D̃ is. With ω = 1 it is symmetric Gauss–Seidel.
 *
 * <p>Each application costs about one matrix-vector product on top of CG's own, and the sweeps
 * run on the calling thread. {@link SsorConjugateGradient} runs CG with the same preconditioner
 * at about one product per iteration in all (Eisenstat's trick); this form is kept as its check:
 * both give the same iterates up to rounding.
 *
 * <p>{@link #apply} covers nothing (P⁻¹ has no block-diagonal part that ranges could take
 * independently): it clears z, and {@link #correct} forms the whole of it.
 */
final class SsorPreconditioner implements Preconditioner {

    private final SsorSplitting splitting;
    private double[] work = new double[0];
    private double[] acc = new double[0];
    private double[] in = new double[0];

    /** @param omega the relaxation factor, in (0, 2) */
    SsorPreconditioner(double omega) {
        splitting = new SsorSplitting(omega);
    }

    @Override
    public PreconditionerKind kind() {
        return PreconditionerKind.SSOR;
    }

    @Override
    public void update(SystemMatrix a) {
        splitting.update(a);
        int n = a.dimension();
        if (work.length != n) {
            work = new double[n];
            acc = new double[n];
            in = new double[n];
        }
    }

    /** The splitting, as of the last {@link #update}. */
    SsorSplitting splitting() {
        return splitting;
    }

    @Override
    public void apply(double[] r, double[] z, int from, int to) {
        for (int q = from; q < to; q++) {
            z[q] = 0;
        }
    }

    @Override
    public boolean hasCorrection() {
        return true;
    }

    @Override
    public double correct(double[] r, double[] z, int n) {
        int nodes = splitting.nodes();
        splitting.toSplitting(r, in);
        Arrays.fill(acc, 0, n, 0);
        splitting.forward(in, work, acc, 0, nodes);
        SsorSplitting.multiplyBlocks(splitting.scaled(), work, in, 0, nodes);
        splitting.backward(in, in, 0, nodes);
        splitting.toMatrix(in, z);
        double rz = 0;
        for (int q = 0; q < n; q++) {
            rz += r[q] * z[q];
        }
        return rz;
    }
}
