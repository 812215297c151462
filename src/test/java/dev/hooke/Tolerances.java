package dev.hooke;

/** Named tolerances for the tests, in one place. */
public final class Tolerances {

    private Tolerances() {
    }

    // ---------------------------------------------------------------- workbench

    /**
     * Absolute error allowed on a mesh coordinate of order 1 m computed in double and stored as
     * float (float keeps 24 bits: about 6e-8 relative); in m.
     */
    public static final double MESH_FLOAT = 1e-6;

    /**
     * Relative error allowed between a value typed into a parameter field and the value the
     * engine holds (the field's text goes through a decimal parse, nothing else).
     */
    public static final double PARAMETER_ROUND_TRIP = 1e-12;

    /**
     * Relative error allowed between a stability limit and its closed form: both come from the
     * same few floating-point operations or an eigen solve of a 3×3 matrix.
     */
    public static final double STABILITY_LIMIT_RELATIVE = 1e-9;

    /** How long a test waits for the simulation or the window to react; in s. */
    public static final long UI_TIMEOUT_SECONDS = 20;

    /** Colour distance in RGB (0 … √3) above which two renders of a view differ at a pixel. */
    public static final double PIXEL_DIFFERENCE = 0.08;

    /** The share of the 3D view the cloth must cover at its default framing, at least. */
    public static final double MIN_CLOTH_SHARE = 0.04;

    /** The share of the pixels the cloth changes that must be in the cloth's colours, at least. */
    public static final double MIN_CLOTH_COLOURED = 0.95;
}
