package dev.hooke.core.scene;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The table of scenes: the built-in ones in order, then any registered later. A new scene is a
 * {@link SceneRecipe} and one line in the static block below ({@code register(new ...Recipe());});
 * the workbench also wants its name, the key {@code scene.<id>}, in both message bundles. (The
 * built-in scenes also have constants in {@link SceneType}, for the code that names them; a new
 * scene needs none.) Tests and extensions may {@link #register} scenes at run time and
 * {@link #unregister} them again.
 *
 * <p>Safe to read from any thread; {@link #register} and {@link #unregister} replace the list as
 * a whole.
 */
public final class SceneRegistry {

    private static volatile List<SceneType> types = List.of();

    // The table: the scenes Hooke ships, in the order the workbench and the help list them. A new
    // scene gets one line here, after the others: register(new ...Recipe());
    static {
        add(SceneType.SPRING);
        add(SceneType.CHAIN);
        add(SceneType.CLOTH);
        add(SceneType.CUBE);
    }

    /** The scenes of the table, which stay registered. */
    private static final List<SceneType> BUILT_IN = types;

    private SceneRegistry() {
    }

    /** The registered scenes, in order (an unmodifiable snapshot). */
    public static List<SceneType> types() {
        return types;
    }

    /**
     * Registers a scene after the others.
     *
     * @return its type
     * @throws IllegalArgumentException if the id is not lowercase without spaces, or is taken, or
     *                                  the key the scene counts by is not among its keys
     */
    public static SceneType register(SceneRecipe recipe) {
        SceneType t = new SceneType(recipe);
        add(t);
        return t;
    }

    /**
     * Removes a scene registered by {@link #register}; the scenes of the table stay.
     *
     * @throws IllegalArgumentException for a scene of the table
     */
    public static synchronized void unregister(SceneType type) {
        Objects.requireNonNull(type, "type");
        if (BUILT_IN.contains(type)) {
            throw new IllegalArgumentException("the built-in scene '" + type.id() + "' cannot be removed");
        }
        List<SceneType> next = new ArrayList<>(types);
        next.remove(type);
        types = List.copyOf(next);
    }

    private static synchronized void add(SceneType t) {
        String id = t.id();
        if (id == null || id.isEmpty() || !id.equals(id.trim().toLowerCase(Locale.ROOT)) || id.contains(" ")) {
            throw new IllegalArgumentException("a scene id must be lowercase without spaces, got '" + id + "'");
        }
        SceneFile.Key counted = t.recipe().countedKey();
        if (counted != null && !counted.appliesTo(t)) {
            throw new IllegalArgumentException("the scene '" + id + "' counts by '" + counted.id()
                    + "', which is not among its keys");
        }
        for (SceneType other : types) {
            if (other.id().equals(id)) {
                throw new IllegalArgumentException("a scene '" + id + "' is registered already");
            }
        }
        List<SceneType> next = new ArrayList<>(types);
        next.add(t);
        types = List.copyOf(next);
    }
}
