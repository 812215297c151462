package dev.hooke.core.integrate;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The integrators Hooke offers, with the names used on the command line, in files and in the UI. */
public enum IntegratorKind {
    /** Forward Euler: x⁺ = x + h v, v⁺ = v + h a(x, v). */
    EXPLICIT_EULER("explicit-euler", "Explicit Euler", false),
    /** Semi-implicit (symplectic) Euler, v then x: v⁺ = v + h a(x, v), x⁺ = x + h v⁺. */
    SYMPLECTIC_EULER("symplectic-euler", "Semi-implicit Euler", false),
    /** Position Verlet as in the GAMES101 rope: x⁺ = x + (1−δ)(x − x⁻) + a h². */
    VERLET("verlet", "Verlet", false),
    /** Velocity Verlet (leapfrog in kick-drift-kick form). */
    VELOCITY_VERLET("velocity-verlet", "Velocity Verlet", false),
    /** The classical fourth-order Runge–Kutta method. */
    RK4("rk4", "Runge–Kutta 4", false),
    /** Backward Euler, linearised in Baraff &amp; Witkin's symmetric form ({@link BackwardEuler}). */
    IMPLICIT_EULER("implicit-euler", "Implicit Euler", true),
    /** The implicit midpoint rule ({@link ImplicitMidpoint}). */
    IMPLICIT_MIDPOINT("implicit-midpoint", "Implicit midpoint", true),
    /** Position-based dynamics, Müller et al. 2007 ({@link PositionBasedDynamics}). */
    PBD("pbd", "PBD", false, true),
    /** Extended position-based dynamics, Macklin et al. 2016 ({@link ExtendedPositionBasedDynamics}). */
    XPBD("xpbd", "XPBD", false, true),
    /** Liu et al.'s local/global solve of backward Euler, 2013 ({@link FastMassSpring}). */
    FAST_MASS_SPRING("fast-mass-spring", "Fast mass-spring (Liu)", false, true);

    private final String id;
    private final String displayName;
    private final boolean implicit;
    private final boolean projection;

    IntegratorKind(String id, String displayName, boolean implicit) {
        this(id, displayName, implicit, false);
    }

    IntegratorKind(String id, String displayName, boolean implicit, boolean projection) {
        this.id = id;
        this.displayName = displayName;
        this.implicit = implicit;
        this.projection = projection;
    }

    /** The name on the command line and in files, for example {@code symplectic-euler}. */
    public String id() {
        return id;
    }

    /** The name shown to people. */
    public String displayName() {
        return displayName;
    }

    /**
     * Whether each step solves the backward-Euler equations by Newton's method (and so owns a
     * linear solver set by {@link ImplicitOptions}).
     */
    public boolean isImplicit() {
        return implicit;
    }

    /**
     * Whether each step projects the springs iteratively, with an iteration count
     * ({@link ProjectionIntegrator}): PBD, XPBD and the fast mass-spring method.
     */
    public boolean isProjection() {
        return projection;
    }

    /**
     * Whether the method has no step limit: the implicit methods and the projection methods,
     * whose steps stay bounded at every Δt (see their classes).
     */
    public boolean isUnconditionallyStable() {
        return implicit || projection;
    }

    /**
     * The kind named {@code id}.
     *
     * @throws IllegalArgumentException naming the valid choices when there is no such kind
     */
    public static IntegratorKind fromId(String id) {
        String want = id == null ? "" : id.trim().toLowerCase(Locale.ROOT);
        for (IntegratorKind k : values()) {
            if (k.id.equals(want)) {
                return k;
            }
        }
        throw new IllegalArgumentException("unknown integrator '" + id + "'; choose one of " + ids());
    }

    /** The ids, comma separated, for messages. */
    public static String ids() {
        return Arrays.stream(values()).map(IntegratorKind::id).collect(Collectors.joining(", "));
    }

    @Override
    public String toString() {
        return id;
    }
}
