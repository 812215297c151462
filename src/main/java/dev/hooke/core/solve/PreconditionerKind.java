package dev.hooke.core.solve;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The preconditioners of {@link ConjugateGradient}, with their command-line names. */
public enum PreconditionerKind {
    /** None: P = I. */
    NONE("none", "None"),
    /** Jacobi: P = diag(A). */
    JACOBI("jacobi", "Jacobi"),
    /** Block-Jacobi: P = the 3×3 diagonal blocks of A, one per particle. */
    BLOCK_JACOBI("block-jacobi", "Block-Jacobi (3×3)"),
    /** Two-level: block-Jacobi plus a coarse correction on aggregates of particles. */
    TWO_LEVEL("two-level", "Two-level (block-Jacobi + aggregates)"),
    /**
     * SSOR: P = (D/ω + L) (D/ω)⁻¹ (D/ω + Lᵀ) in 3×3 blocks, ω = {@value SsorConjugateGradient#OMEGA};
     * CG runs it as {@link SsorConjugateGradient}.
     */
    SSOR("ssor", "SSOR (symmetric SOR, ω = 1.2)"),
    /**
     * Multilevel: one symmetric V-cycle of smoothed-aggregation multigrid, Gauss–Seidel sweeps as
     * smoother ({@link MultilevelPreconditioner}).
     */
    MULTILEVEL("multilevel", "Multilevel (smoothed-aggregation V-cycle)");

    private final String id;
    private final String displayName;

    PreconditionerKind(String id, String displayName) {
        this.id = id;
        this.displayName = displayName;
    }

    /** The name on the command line and in files. */
    public String id() {
        return id;
    }

    /** The name shown to people. */
    public String displayName() {
        return displayName;
    }

    /** A new preconditioner of this kind. */
    public Preconditioner create() {
        return switch (this) {
            case NONE -> new IdentityPreconditioner();
            case JACOBI -> new JacobiPreconditioner();
            case BLOCK_JACOBI -> new BlockJacobiPreconditioner();
            case TWO_LEVEL -> new TwoLevelPreconditioner();
            case SSOR -> new SsorPreconditioner(SsorConjugateGradient.OMEGA);
            case MULTILEVEL -> new MultilevelPreconditioner();
        };
    }

    /**
     * The kind named {@code id} (case-insensitive).
     *
     * @throws IllegalArgumentException naming the valid choices when there is none
     */
    public static PreconditionerKind fromId(String id) {
        String want = id == null ? "" : id.trim().toLowerCase(Locale.ROOT);
        for (PreconditionerKind k : values()) {
            if (k.id.equals(want)) {
                return k;
            }
        }
        throw new IllegalArgumentException("unknown preconditioner '" + id + "'; choose one of " + ids());
    }

    /** The ids, comma separated, for messages. */
    public static String ids() {
        return Arrays.stream(values()).map(PreconditionerKind::id).collect(Collectors.joining(", "));
    }

    @Override
    public String toString() {
        return id;
    }
}
