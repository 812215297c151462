package dev.hooke;

/** Named tolerances shared by the tests. Relative tolerances are dimensionless. */
public final class Tolerances {

    private Tolerances() {
    }

    /** Jacobian blocks against central finite differences of the forces, relative to the block's largest entry. */
    public static final double JACOBIAN_FD_REL = 1e-6;
    /** The finite-difference step for Jacobian checks, relative to the spring's length (or unit velocity). */
    public static final double FD_STEP_REL = 1e-6;
    /** CG's relative-residual tolerance when its answer is compared with a direct solve. */
    public static final double CG_TIGHT_TOLERANCE = 1e-12;
    /** CG's solution against EJML's sparse Cholesky solution of the same system, relative in the 2-norm. */
    public static final double CG_VS_DIRECT_REL = 1e-8;
    /** EJML's sparse Cholesky solution against EJML's dense solve, relative in the 2-norm. */
    public static final double SPARSE_VS_DENSE_REL = 1e-10;
    /** Per-step energy ratio of the implicit integrators on a linear spring against the exact factor. */
    public static final double ENERGY_RATIO_REL = 1e-9;
}
