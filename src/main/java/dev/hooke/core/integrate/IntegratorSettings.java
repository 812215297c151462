package dev.hooke.core.integrate;

import java.util.Objects;

/**
 * The settings an integrator may take, as one immutable value: position Verlet's damping δ, the
 * projection methods' iterations per step, PBD's stiffness k and the implicit methods'
 * {@link ImplicitOptions}. Each method reads only the ones it takes ({@link IntegratorSetting});
 * the others are carried along unused. The bounds are checked here, and only here.
 */
public final class IntegratorSettings {

    private static final IntegratorSettings DEFAULTS = new IntegratorSettings(PositionVerlet.DEFAULT_DAMPING,
            ProjectionIntegrator.DEFAULT_ITERATIONS, PositionBasedDynamics.DEFAULT_STIFFNESS, ImplicitOptions.defaults());

    private final double verletDelta;
    private final int iterations;
    private final double pbdStiffness;
    private final ImplicitOptions implicit;

    private IntegratorSettings(double verletDelta, int iterations, double pbdStiffness, ImplicitOptions implicit) {
        this.verletDelta = checkVerletDelta(verletDelta);
        this.iterations = ProjectionIntegrator.checkIterations(iterations);
        this.pbdStiffness = checkPbdStiffness(pbdStiffness);
        this.implicit = Objects.requireNonNull(implicit, "implicit options");
    }

    /**
     * δ = {@value PositionVerlet#DEFAULT_DAMPING}, {@value ProjectionIntegrator#DEFAULT_ITERATIONS}
     * iterations, k = {@value PositionBasedDynamics#DEFAULT_STIFFNESS} and
     * {@link ImplicitOptions#defaults()}: what a method starts with.
     */
    public static IntegratorSettings defaults() {
        return DEFAULTS;
    }

    /**
     * The given settings.
     *
     * @throws IllegalArgumentException naming the first value out of its bounds
     */
    public static IntegratorSettings of(double verletDelta, int iterations, double pbdStiffness,
                                        ImplicitOptions implicit) {
        return new IntegratorSettings(verletDelta, iterations, pbdStiffness, implicit);
    }

    /** Position Verlet's damping δ, dimensionless, 0 ≤ δ &lt; 1. */
    public double verletDelta() {
        return verletDelta;
    }

    /** The projection methods' iterations per step, 1 … {@value ProjectionIntegrator#MAX_ITERATIONS}. */
    public int iterations() {
        return iterations;
    }

    /** PBD's stiffness k, dimensionless, 0 &lt; k ≤ 1. */
    public double pbdStiffness() {
        return pbdStiffness;
    }

    /** The implicit methods' solver settings. */
    public ImplicitOptions implicit() {
        return implicit;
    }

    /** These settings with δ replaced. */
    public IntegratorSettings withVerletDelta(double delta) {
        return new IntegratorSettings(delta, iterations, pbdStiffness, implicit);
    }

    /** These settings with the iterations per step replaced. */
    public IntegratorSettings withIterations(int n) {
        return new IntegratorSettings(verletDelta, n, pbdStiffness, implicit);
    }

    /** These settings with PBD's stiffness replaced. */
    public IntegratorSettings withPbdStiffness(double k) {
        return new IntegratorSettings(verletDelta, iterations, k, implicit);
    }

    /** These settings with the implicit methods' options replaced. */
    public IntegratorSettings withImplicit(ImplicitOptions options) {
        return new IntegratorSettings(verletDelta, iterations, pbdStiffness, options);
    }

    /**
     * δ if it is in [0, 1).
     *
     * @throws IllegalArgumentException otherwise
     */
    public static double checkVerletDelta(double d) {
        if (!(d >= 0 && d < 1)) {
            throw new IllegalArgumentException("Verlet damping δ must be in [0, 1), got " + d);
        }
        return d;
    }

    /**
     * k if it is in (0, 1].
     *
     * @throws IllegalArgumentException naming {@code stiffness} otherwise
     */
    public static double checkPbdStiffness(double k) {
        if (!(k > 0 && k <= 1)) {
            throw new IllegalArgumentException("stiffness: must be a number > 0 and <= 1, got " + k);
        }
        return k;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof IntegratorSettings s && Double.compare(verletDelta, s.verletDelta) == 0
                && iterations == s.iterations && Double.compare(pbdStiffness, s.pbdStiffness) == 0
                && implicit.equals(s.implicit);
    }

    @Override
    public int hashCode() {
        return Objects.hash(verletDelta, iterations, pbdStiffness, implicit);
    }

    @Override
    public String toString() {
        return "IntegratorSettings[verletDelta=" + verletDelta + ", iterations=" + iterations + ", pbdStiffness="
                + pbdStiffness + ", implicit=" + implicit + "]";
    }
}
