package dev.hooke.core.solve;

/** No preconditioning: z = r. */
final class IdentityPreconditioner implements Preconditioner {

    @Override
    public PreconditionerKind kind() {
        return PreconditionerKind.NONE;
    }

    @Override
    public void update(SystemMatrix a) {
    }

    @Override
    public void apply(double[] r, double[] z, int n) {
        System.arraycopy(r, 0, z, 0, n);
    }
}
