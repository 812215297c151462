package dev.hooke.core.scene;

import dev.hooke.core.model.MassSpringSystem;
import java.util.Set;

/**
 * What one scene is: its id, its defaults, the scene-file keys (and so the command-line options)
 * it takes, how many particles it has, how it is built and how a view frames it. The scenes are
 * listed in {@link SceneRegistry}; {@link SceneType} names one of them.
 *
 * <p>A recipe is stateless: every method answers from its arguments alone, so one instance serves
 * every thread.
 */
public interface SceneRecipe {

    /** The name on the command line and in files: lowercase, without spaces. */
    String id();

    // ------------------------------------------------------------------ defaults (see SceneSpec)

    /** The default length in m (what "length" means is the scene's to say). */
    double defaultLength();

    /** The default mass of each particle; in kg. */
    double defaultMass();

    /** The default k_s of every spring; in N/m. */
    double defaultStiffness();

    /** The default k_s of shear springs when k_s is not given either; in N/m. */
    default double defaultShearStiffness() {
        return defaultStiffness();
    }

    /** The default k_s of bend springs when k_s is not given either; in N/m. */
    default double defaultBendStiffness() {
        return defaultStiffness();
    }

    /** The default k_d of every spring; in N·s/m. */
    double defaultSpringDamping();

    /** The default number of nodes (the value a spec holds even when the scene does not count nodes). */
    default int defaultNodes() {
        return 16;
    }

    /** The default particles along an edge (the value a spec holds even when the scene has no edge). */
    default int defaultSize() {
        return 16;
    }

    /** The Δt the workbench starts the scene with, with semi-implicit Euler; in s. */
    double defaultDt();

    /**
     * The most particles along the counted dimension ({@link #countedKey()}) the workbench builds,
     * which redraws every particle each frame; 0 when the scene counts none.
     */
    int workbenchCap();

    // ------------------------------------------------------------------ keys and counts

    /**
     * The keys of a scene file that apply to this scene beyond those that apply to every scene
     * ({@link SceneFile.Key#everyScene()}); the command-line options of the same names follow them.
     */
    Set<SceneFile.Key> keys();

    /** The key that sets how many particles the scene has ({@code nodes}, {@code size}), or null for none. */
    SceneFile.Key countedKey();

    /** The number of particles {@code spec} makes, saturating at {@link Integer#MAX_VALUE}. */
    int particleCount(SceneSpec spec);

    /**
     * Checks the counted dimension of {@code spec} on its own (the cap on particles is checked by
     * {@link SceneSpec#validate()}).
     *
     * @throws IllegalArgumentException whose message starts with the field's name
     */
    void validateCount(SceneSpec spec);

    // ------------------------------------------------------------------ building and viewing

    /**
     * Adds the scene's particles, pins, springs and ground to {@code b} (gravity and air damping
     * are already set; the perturbation follows). The spec is valid.
     */
    void build(SceneSpec spec, MassSpringSystem.Builder b);

    /** The direction a view looks from at first on the scene built from {@code spec} (see {@link SceneFraming}). */
    SceneFraming framing(SceneSpec spec);

    /**
     * Whether the scene is a square n × n grid of particles, (r, c) at index r·n + c, drawn as one
     * surface rather than as springs.
     */
    default boolean isSurface() {
        return false;
    }

    // ------------------------------------------------------------------ checks and counts for recipes

    /**
     * @throws IllegalArgumentException "field: must be at least min, got value" when value &lt; min
     */
    static void requireAtLeast(String field, int value, int min) {
        if (value < min) {
            throw new IllegalArgumentException(field + ": must be at least " + min + ", got " + value);
        }
    }

    /** The product of the factors, saturating at {@link Integer#MAX_VALUE}. */
    static int saturatedProduct(int... factors) {
        long p = 1;
        try {
            for (int f : factors) {
                p = Math.multiplyExact(p, f);
            }
        } catch (ArithmeticException e) {
            return Integer.MAX_VALUE;
        }
        return (int) Math.min(p, Integer.MAX_VALUE);
    }
}
