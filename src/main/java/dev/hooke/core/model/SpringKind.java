package dev.hooke.core.model;

/**
 * The role a spring plays in a mesh, so that each kind can get its own stiffness.
 *
 * <p>Cloth uses all three (Provot's classic layout): structural springs along the grid lines,
 * shear springs across the diagonals of each cell, bend springs between particles two apart.
 */
public enum SpringKind {
    /** Along the grid lines (or the only kind, for a single spring and a rope). */
    STRUCTURAL,
    /** Across the diagonals of a cell: resists in-plane shearing. */
    SHEAR,
    /** Between particles two apart along a grid line: resists folding. */
    BEND;

    /** The lowercase name used on the command line and in files. */
    public String id() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
