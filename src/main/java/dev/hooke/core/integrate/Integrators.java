package dev.hooke.core.integrate;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The table of the methods Hooke offers, in the order the command line, the files and the
 * workbench list them, and the way to make one. A new method is one {@link Integrator} class
 * and one line in {@link #BUILT_IN} (or a {@link #register} call), plus its name in the
 * workbench's message bundles ({@link IntegratorKind#nameKey()}).
 */
public final class Integrators {

    /** The built-in methods, in order. */
    private static final List<IntegratorEntry> BUILT_IN = List.of(
            entry(IntegratorKind.EXPLICIT_EULER, Set.of(), s -> new ExplicitEuler(), ExplicitEuler.STABILITY),
            entry(IntegratorKind.SYMPLECTIC_EULER, Set.of(), s -> new SymplecticEuler(), SymplecticEuler.STABILITY),
            entry(IntegratorKind.VERLET, Set.of(IntegratorSetting.VERLET_DELTA), s -> new PositionVerlet(),
                    PositionVerlet.STABILITY),
            entry(IntegratorKind.VELOCITY_VERLET, Set.of(), s -> new VelocityVerlet(), VelocityVerlet.STABILITY),
            entry(IntegratorKind.RK4, Set.of(), s -> new RungeKutta4(), RungeKutta4.STABILITY),
            entry(IntegratorKind.IMPLICIT_EULER, Set.of(IntegratorSetting.IMPLICIT_SOLVER),
                    s -> new BackwardEuler(s.implicit()), StabilityRule.NONE),
            entry(IntegratorKind.IMPLICIT_MIDPOINT, Set.of(IntegratorSetting.IMPLICIT_SOLVER),
                    s -> new ImplicitMidpoint(s.implicit()), StabilityRule.NONE),
            entry(IntegratorKind.PBD, Set.of(IntegratorSetting.ITERATIONS, IntegratorSetting.PBD_STIFFNESS),
                    s -> new PositionBasedDynamics(), StabilityRule.NONE),
            entry(IntegratorKind.XPBD, Set.of(IntegratorSetting.ITERATIONS), s -> new ExtendedPositionBasedDynamics(),
                    StabilityRule.NONE),
            entry(IntegratorKind.FAST_MASS_SPRING, Set.of(IntegratorSetting.ITERATIONS), s -> new FastMassSpring(),
                    StabilityRule.NONE));

    /** The registered methods, in order; replaced as a whole on each change. */
    private static volatile List<IntegratorEntry> entries = BUILT_IN;

    private Integrators() {
    }

    private static IntegratorEntry entry(IntegratorKind kind, Set<IntegratorSetting> settings,
                                         java.util.function.Function<IntegratorSettings, Integrator> factory,
                                         StabilityRule stability) {
        return new IntegratorEntry(kind, settings, factory, stability);
    }

    /** The registered methods' entries, in order (the built-in ones first). */
    public static List<IntegratorEntry> entries() {
        return entries;
    }

    /** The registered methods, in order. */
    public static List<IntegratorKind> kinds() {
        return entries.stream().map(IntegratorEntry::kind).toList();
    }

    /**
     * The entry of {@code kind}.
     *
     * @throws IllegalArgumentException when it is not registered
     */
    public static IntegratorEntry entry(IntegratorKind kind) {
        IntegratorEntry e = find(kind);
        if (e == null) {
            throw new IllegalArgumentException("integrator " + kind + " is not registered; the registered ones are "
                    + IntegratorKind.ids());
        }
        return e;
    }

    /** The entry of {@code kind}, or null when it is not registered. */
    static IntegratorEntry find(IntegratorKind kind) {
        for (IntegratorEntry e : entries) {
            if (e.kind().equals(kind)) {
                return e;
            }
        }
        return null;
    }

    /**
     * Adds a method after the registered ones.
     *
     * @throws IllegalArgumentException when a method with that id is registered already
     */
    public static synchronized void register(IntegratorEntry entry) {
        Objects.requireNonNull(entry, "entry");
        for (IntegratorEntry e : entries) {
            if (e.kind().id().equals(entry.kind().id())) {
                throw new IllegalArgumentException("an integrator with the id " + entry.kind().id()
                        + " is registered already");
            }
        }
        List<IntegratorEntry> next = new ArrayList<>(entries);
        next.add(entry);
        entries = List.copyOf(next);
    }

    /**
     * Removes a method added by {@link #register}.
     *
     * @return whether it was registered
     * @throws IllegalArgumentException for a built-in method
     */
    public static synchronized boolean unregister(IntegratorKind kind) {
        for (IntegratorEntry e : BUILT_IN) {
            if (e.kind().equals(kind)) {
                throw new IllegalArgumentException("integrator " + kind.id() + " is built in");
            }
        }
        List<IntegratorEntry> next = new ArrayList<>(entries);
        boolean removed = next.removeIf(e -> e.kind().equals(kind));
        entries = List.copyOf(next);
        return removed;
    }

    /** A new integrator of the given kind, with its default settings. */
    public static Integrator create(IntegratorKind kind) {
        return create(kind, IntegratorSettings.defaults());
    }

    /**
     * A new integrator of the given kind; an implicit one uses {@code options}, the others ignore
     * them (the other settings are the defaults, {@link IntegratorSettings#defaults()}).
     */
    public static Integrator create(IntegratorKind kind, ImplicitOptions options) {
        return create(kind, IntegratorSettings.defaults().withImplicit(options));
    }

    /**
     * A new integrator of the given kind with {@code settings}: each setting the method takes
     * ({@link IntegratorEntry#settings()}) is applied, the others are ignored.
     *
     * @throws IllegalArgumentException when the kind is not registered
     */
    public static Integrator create(IntegratorKind kind, IntegratorSettings settings) {
        return entry(kind).create(settings);
    }

    /** A new integrator named by its id, for example {@code "rk4"}. */
    public static Integrator create(String id) {
        return create(IntegratorKind.fromId(id));
    }

    /** A new integrator named by its id; an implicit one uses {@code options}. */
    public static Integrator create(String id, ImplicitOptions options) {
        return create(IntegratorKind.fromId(id), options);
    }
}
