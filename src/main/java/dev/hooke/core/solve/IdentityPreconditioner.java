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
    public void apply(double[] r, double[] z, int from, int to) {
        System.arraycopy(r, from, z, from, to - from);
    }
}
