package dev.hooke.fx.sim;

import dev.hooke.core.scene.ClothPins;
import dev.hooke.core.scene.Perturbation;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import java.util.Objects;

/**
 * What a scene is built from beyond its physical parameters: how many particles, which are
 * pinned, which kinds of spring join them and how the scene starts out of rest (see
 * {@link SceneSpec}). Immutable. A scene uses only the values that concern it: the chain its
 * nodes, the cloth its size, pins and three spring kinds, the cube its size and two spring kinds.
 *
 * @param nodes        chain: the number of nodes
 * @param size         cloth and cube: particles along an edge
 * @param pins         cloth: which particles are pinned
 * @param structural   cloth and cube: whether the structural springs are built
 * @param shear        cloth and cube: whether the shear springs are built
 * @param bend         cloth: whether the bend springs are built
 * @param perturbation how the scene starts out of rest
 * @param displacement the perturbation's displacement d; in m
 * @param velocity     the perturbation's velocity u; in m/s
 */
public record SceneShape(int nodes, int size, ClothPins pins, boolean structural, boolean shear, boolean bend,
                         Perturbation perturbation, double displacement, double velocity) {

    /** The most chain nodes the workbench builds (it redraws every particle each frame). */
    public static final int MAX_CHAIN_NODES = 1000;
    /** The largest cloth edge the workbench builds: 100 × 100 particles. */
    public static final int MAX_CLOTH_SIZE = 100;
    /** The largest cube edge the workbench builds: 20 × 20 × 20 particles. */
    public static final int MAX_CUBE_SIZE = 20;

    public SceneShape {
        Objects.requireNonNull(pins, "pins");
        Objects.requireNonNull(perturbation, "perturbation");
    }

    /** The scene's documented defaults (see {@link SceneSpec}). */
    public static SceneShape defaults(SceneType type) {
        return of(SceneSpec.of(type));
    }

    /** The shape {@code spec} describes. */
    public static SceneShape of(SceneSpec spec) {
        return new SceneShape(spec.nodes(), spec.size(), spec.pins(), spec.structural(), spec.shear(), spec.bend(),
                spec.perturbation(), spec.displacement(), spec.velocity());
    }

    /** Writes these values into {@code spec}; returns it. */
    public SceneSpec applyTo(SceneSpec spec) {
        return spec.nodes(nodes).size(size).pins(pins).structural(structural).shear(shear).bend(bend)
                .perturbation(perturbation).displacement(displacement).velocity(velocity);
    }

    /** The most particles along the counted dimension the workbench builds for {@code type} (0: none counted). */
    public static int cap(SceneType type) {
        return type.recipe().workbenchCap();
    }

    /**
     * Checks the values {@code type} uses, the workbench's caps on size included.
     *
     * @throws IllegalArgumentException whose message starts with the field at fault
     */
    public SceneShape validate(SceneType type) {
        int cap = cap(type);
        String field = type == SceneType.CHAIN ? "nodes" : "size";
        int value = type == SceneType.CHAIN ? nodes : size;
        if (cap > 0 && (value < 2 || value > cap)) {
            throw new IllegalArgumentException(field + ": must be from 2 to " + cap + ", got " + value);
        }
        applyTo(SceneSpec.of(type)).validate();
        return this;
    }
}
