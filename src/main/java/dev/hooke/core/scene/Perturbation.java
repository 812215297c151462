package dev.hooke.core.scene;

import java.util.Locale;

/**
 * How a scene is disturbed at the start, so that it moves even without gravity.
 * <ul>
 *   <li>{@code NONE}: the scene starts at rest in its built shape.</li>
 *   <li>{@code END}: the particle farthest from the first pinned one (the bob, the rope's tip,
 *       the cloth's far corner, the cube's top corner) is displaced by {@code displacement} m
 *       and given {@code velocity} m/s, both along the unit direction (0, −1, 0).</li>
 *   <li>{@code RANDOM}: every free particle is displaced by up to {@code displacement} m and
 *       given up to {@code velocity} m/s in each component, uniformly at random from
 *       {@code seed} (reproducible).</li>
 * </ul>
 */
public enum Perturbation {
    NONE, END, RANDOM;

    /** The lowercase name used on the command line and in files. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The perturbation named {@code id}. */
    public static Perturbation fromId(String id) {
        String want = id == null ? "" : id.trim().toLowerCase(Locale.ROOT);
        for (Perturbation p : values()) {
            if (p.id().equals(want)) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown perturbation '" + id + "'; choose one of none, end, random");
    }
}
