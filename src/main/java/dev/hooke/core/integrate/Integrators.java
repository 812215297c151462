package dev.hooke.core.integrate;

/** Creates integrators by kind. */
public final class Integrators {

    private Integrators() {
    }

    /** A new integrator of the given kind, with its default settings. */
    public static Integrator create(IntegratorKind kind) {
        return create(kind, ImplicitOptions.defaults());
    }

    /**
     * A new integrator of the given kind; an implicit one uses {@code options}, the others ignore
     * them (a projection method starts with {@link ProjectionIntegrator#DEFAULT_ITERATIONS}).
     */
    public static Integrator create(IntegratorKind kind, ImplicitOptions options) {
        return switch (kind) {
            case EXPLICIT_EULER -> new ExplicitEuler();
            case SYMPLECTIC_EULER -> new SymplecticEuler();
            case VERLET -> new PositionVerlet();
            case VELOCITY_VERLET -> new VelocityVerlet();
            case RK4 -> new RungeKutta4();
            case IMPLICIT_EULER -> new BackwardEuler(options);
            case IMPLICIT_MIDPOINT -> new ImplicitMidpoint(options);
            case PBD -> new PositionBasedDynamics();
            case XPBD -> new ExtendedPositionBasedDynamics();
            case FAST_MASS_SPRING -> new FastMassSpring();
        };
    }

    /**
     * A new integrator of the given kind with {@code settings}: each setting the method takes
     * ({@link IntegratorSetting}) is applied, the others are ignored.
     */
    public static Integrator create(IntegratorKind kind, IntegratorSettings settings) {
        Integrator created = create(kind, settings.implicit());
        for (IntegratorSetting setting : IntegratorSetting.values()) {
            setting.apply(created, settings);
        }
        return created;
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
