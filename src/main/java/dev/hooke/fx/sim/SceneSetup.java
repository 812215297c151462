package dev.hooke.fx.sim;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.model.SpringKind;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import java.util.Objects;

/**
 * Everything the workbench needs to build a fresh simulation: the scene and the values of the
 * parameter panel. Immutable.
 *
 * <p>One stiffness drives every spring: structural springs get k_s, and the other kinds keep the
 * ratio the scene has by default (the cloth's shear springs k_s/2 and bend springs k_s/10, see
 * {@link SceneSpec}), so that one slider stiffens the whole cloth without changing its character.
 *
 * @param type          the scene
 * @param stiffness     k_s of the structural springs; in N/m
 * @param springDamping k_d, axial damping of every spring; in N·s/m
 * @param mass          m, the mass of every particle; in kg
 * @param gravity       |g|, gravity along −y; in m/s²
 * @param airDamping    c, global viscous damping; in N·s/m
 * @param dt            Δt, the fixed step; in s
 * @param integrator    the method
 * @param shape         the particles, pins, spring kinds and perturbation
 */
public record SceneSetup(SceneType type, double stiffness, double springDamping, double mass, double gravity,
                         double airDamping, double dt, IntegratorKind integrator, SceneShape shape) {

    public SceneSetup {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(integrator, "integrator");
        Objects.requireNonNull(shape, "shape");
    }

    /** A setup with the scene's default shape ({@link SceneShape#defaults}). */
    public SceneSetup(SceneType type, double stiffness, double springDamping, double mass, double gravity,
                      double airDamping, double dt, IntegratorKind integrator) {
        this(type, stiffness, springDamping, mass, gravity, airDamping, dt, integrator, SceneShape.defaults(type));
    }

    /**
     * The scene's documented defaults (see {@link SceneSpec}), with semi-implicit Euler and a Δt
     * well inside its stability limit on that scene at rest: spring 0.01 s (limit 0.2 s), chain
     * 0.005 s (limit 0.032 s), cloth 0.0005 s (limit 0.0018 s), cube 0.001 s (limit 0.0036 s).
     */
    public static SceneSetup defaults(SceneType type) {
        SceneSpec spec = SceneSpec.of(type);
        return new SceneSetup(type, spec.structuralStiffness(), spec.springDamping(), spec.mass(), spec.gravity(),
                spec.airDamping(), defaultDt(type), IntegratorKind.SYMPLECTIC_EULER);
    }

    /** The default Δt of a scene; in s. */
    public static double defaultDt(SceneType type) {
        return type.recipe().defaultDt();
    }

    /**
     * k_s of springs of one kind relative to the structural ones, by the scene's defaults:
     * k_kind = ratio · k_struct.
     */
    public static double stiffnessRatio(SceneType type, SpringKind kind) {
        SceneSpec spec = SceneSpec.of(type);
        double structural = spec.structuralStiffness();
        return switch (kind) {
            case STRUCTURAL -> 1.0;
            case SHEAR -> spec.shearStiffness() / structural;
            case BEND -> spec.bendStiffness() / structural;
        };
    }

    /** The scene specification these values describe. */
    public SceneSpec toSpec() {
        return shape.applyTo(SceneSpec.of(type))
                .structuralStiffness(stiffness)
                .shearStiffness(stiffness * stiffnessRatio(type, SpringKind.SHEAR))
                .bendStiffness(stiffness * stiffnessRatio(type, SpringKind.BEND))
                .springDamping(springDamping)
                .mass(mass)
                .gravity(gravity)
                .airDamping(airDamping);
    }

    public SceneSetup withStiffness(double k) {
        return new SceneSetup(type, k, springDamping, mass, gravity, airDamping, dt, integrator, shape);
    }

    public SceneSetup withMass(double m) {
        return new SceneSetup(type, stiffness, springDamping, m, gravity, airDamping, dt, integrator, shape);
    }

    public SceneSetup withIntegrator(IntegratorKind kind) {
        return new SceneSetup(type, stiffness, springDamping, mass, gravity, airDamping, dt, kind, shape);
    }

    public SceneSetup withShape(SceneShape s) {
        return new SceneSetup(type, stiffness, springDamping, mass, gravity, airDamping, dt, integrator, s);
    }
}
