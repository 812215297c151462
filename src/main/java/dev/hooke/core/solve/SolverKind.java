package dev.hooke.core.solve;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The linear solvers for the implicit step, with the names used on the command line and in files. */
public enum SolverKind {
    /** Preconditioned conjugate gradients ({@link ConjugateGradient}). */
    CG("cg", "Conjugate gradients"),
    /** Direct sparse Cholesky factorisation through EJML ({@link SparseCholesky}). */
    CHOLESKY("cholesky", "Sparse Cholesky (EJML)");

    private final String id;
    private final String displayName;

    SolverKind(String id, String displayName) {
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

    /**
     * The kind named {@code id} (case-insensitive).
     *
     * @throws IllegalArgumentException naming the valid choices when there is none
     */
    public static SolverKind fromId(String id) {
        String want = id == null ? "" : id.trim().toLowerCase(Locale.ROOT);
        for (SolverKind k : values()) {
            if (k.id.equals(want)) {
                return k;
            }
        }
        throw new IllegalArgumentException("unknown solver '" + id + "'; choose one of " + ids());
    }

    /** The ids, comma separated, for messages. */
    public static String ids() {
        return Arrays.stream(values()).map(SolverKind::id).collect(Collectors.joining(", "));
    }

    @Override
    public String toString() {
        return id;
    }
}
