package dev.hooke.core.integrate;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * An integration method as Hooke names it: its id on the command line and in files, its name
 * key in the workbench's message bundles, its English name and whether it has a step limit. The
 * methods on offer are those registered in {@link Integrators}, in their order there; the
 * constants below are the built-in ones.
 */
public final class IntegratorKind {

    /** The form of an id; before the constants, which check their ids against it. */
    private static final Pattern ID = Pattern.compile("[a-z0-9]+(-[a-z0-9]+)*");

    /** Forward Euler: x⁺ = x + h v, v⁺ = v + h a(x, v). */
    public static final IntegratorKind EXPLICIT_EULER = new IntegratorKind("explicit-euler", "Explicit Euler", false, false);
    /** Semi-implicit (symplectic) Euler, v then x: v⁺ = v + h a(x, v), x⁺ = x + h v⁺. */
    public static final IntegratorKind SYMPLECTIC_EULER = new IntegratorKind("symplectic-euler", "Semi-implicit Euler", false, false);
    /** Position Verlet as in the GAMES101 rope: x⁺ = x + (1−δ)(x − x⁻) + a h². */
    public static final IntegratorKind VERLET = new IntegratorKind("verlet", "Verlet", false, false);
    /** Velocity Verlet (leapfrog in kick-drift-kick form), Hairer et al., Geometric Numerical Integration. */
    public static final IntegratorKind VELOCITY_VERLET = new IntegratorKind("velocity-verlet", "Velocity Verlet", false, false);
    /** The classical fourth-order Runge–Kutta method. */
    public static final IntegratorKind RK4 = new IntegratorKind("rk4", "Runge–Kutta 4", false, false);
    /** Backward Euler, linearised in Baraff &amp; Witkin's symmetric form, 1998 ({@link BackwardEuler}). */
    public static final IntegratorKind IMPLICIT_EULER = new IntegratorKind("implicit-euler", "Implicit Euler", true, false);
    /** The implicit midpoint rule ({@link ImplicitMidpoint}). */
    public static final IntegratorKind IMPLICIT_MIDPOINT = new IntegratorKind("implicit-midpoint", "Implicit midpoint", true, false);
    /** Position-based dynamics, Müller et al. 2007 ({@link PositionBasedDynamics}). */
    public static final IntegratorKind PBD = new IntegratorKind("pbd", "PBD", false, true);
    /** Extended position-based dynamics, Macklin et al. 2016 ({@link ExtendedPositionBasedDynamics}). */
    public static final IntegratorKind XPBD = new IntegratorKind("xpbd", "XPBD", false, true);
    /** Liu et al.'s local/global solve of backward Euler, 2013 ({@link FastMassSpring}). */
    public static final IntegratorKind FAST_MASS_SPRING = new IntegratorKind("fast-mass-spring", "Fast mass-spring (Liu)", false, true);

    private final String id;
    private final String displayName;
    private final boolean implicit;
    private final boolean projection;

    /**
     * A method; it is on offer once an entry for it is registered ({@link Integrators#register}).
     *
     * @param id          lower case letters and digits in words joined by '-', for example {@code rk4}
     * @param displayName the English name, for the command line's texts
     * @param implicit    see {@link #isImplicit()}
     * @param projection  see {@link #isProjection()}
     * @throws IllegalArgumentException for an id not of that form or an empty name
     */
    public IntegratorKind(String id, String displayName, boolean implicit, boolean projection) {
        if (id == null || !ID.matcher(id).matches()) {
            throw new IllegalArgumentException("an integrator id is lower case letters and digits in words joined by '-', got '"
                    + id + "'");
        }
        if (displayName == null || displayName.isBlank()) {
            throw new IllegalArgumentException("integrator " + id + ": the name is empty");
        }
        this.id = id;
        this.displayName = displayName;
        this.implicit = implicit;
        this.projection = projection;
    }

    /** The name on the command line and in files, for example {@code symplectic-euler}. */
    public String id() {
        return id;
    }

    /** The key of the method's name in the workbench's message bundles: {@code integrator.}<i>id</i>. */
    public String nameKey() {
        return "integrator." + id;
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

    /** Whether the method, as registered, takes {@code setting}; false when it is not registered. */
    public boolean takes(IntegratorSetting setting) {
        IntegratorEntry entry = Integrators.find(this);
        return entry != null && entry.settings().contains(setting);
    }

    /** The method's place among the registered ones (0 for the first), or −1 when it is not registered. */
    public int index() {
        return Integrators.kinds().indexOf(this);
    }

    /** The registered methods, in their order ({@link Integrators}). */
    public static IntegratorKind[] values() {
        return Integrators.kinds().toArray(new IntegratorKind[0]);
    }

    /**
     * The registered kind named {@code id}.
     *
     * @throws IllegalArgumentException naming the valid choices when there is no such kind
     */
    public static IntegratorKind fromId(String id) {
        String want = id == null ? "" : id.trim().toLowerCase(Locale.ROOT);
        List<IntegratorKind> kinds = Integrators.kinds();
        for (IntegratorKind k : kinds) {
            if (k.id.equals(want)) {
                return k;
            }
        }
        throw new IllegalArgumentException("unknown integrator '" + id + "'; choose one of " + ids(kinds));
    }

    /** The ids, comma separated, for messages. */
    public static String ids() {
        return ids(Integrators.kinds());
    }

    private static String ids(List<IntegratorKind> kinds) {
        return kinds.stream().map(IntegratorKind::id).collect(Collectors.joining(", "));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof IntegratorKind k && id.equals(k.id) && displayName.equals(k.displayName)
                && implicit == k.implicit && projection == k.projection;
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, displayName, implicit, projection);
    }

    @Override
    public String toString() {
        return id;
    }
}
