package dev.hooke.core.scene;

import dev.hooke.core.scene.recipes.ChainRecipe;
import dev.hooke.core.scene.recipes.ClothRecipe;
import dev.hooke.core.scene.recipes.CubeRecipe;
import dev.hooke.core.scene.recipes.SpringRecipe;
import java.util.Locale;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * A scene: the name of one {@link SceneRecipe} registered in {@link SceneRegistry}. There is one
 * instance per registered scene, so two types are equal when they are the same instance.
 */
public final class SceneType {

    /** One free particle hanging from a pinned anchor by one spring of rest length 1 m. */
    public static final SceneType SPRING = new SceneType(new SpringRecipe());
    /** The GAMES101 rope: N nodes on a line, node 0 pinned, a spring between neighbours. */
    public static final SceneType CHAIN = new SceneType(new ChainRecipe());
    /** An n×n grid with structural, shear and bend springs. */
    public static final SceneType CLOTH = new SceneType(new ClothRecipe());
    /** An n×n×n soft lattice dropped onto a ground plane. */
    public static final SceneType CUBE = new SceneType(new CubeRecipe());

    private final SceneRecipe recipe;

    /** Made by {@link SceneRegistry#register}; the built-ins above are listed there too. */
    SceneType(SceneRecipe recipe) {
        this.recipe = Objects.requireNonNull(recipe, "recipe");
    }

    /** The name on the command line and in files. */
    public String id() {
        return recipe.id();
    }

    /** What the scene is: its defaults, keys, builder and framing. */
    public SceneRecipe recipe() {
        return recipe;
    }

    /** The registered scenes, the built-ins first, in the order of {@link SceneRegistry}. */
    public static SceneType[] values() {
        return SceneRegistry.types().toArray(new SceneType[0]);
    }

    /** The scene named {@code id}; the message names the valid choices otherwise. */
    public static SceneType fromId(String id) {
        String want = id == null ? "" : id.trim().toLowerCase(Locale.ROOT);
        for (SceneType t : SceneRegistry.types()) {
            if (t.id().equals(want)) {
                return t;
            }
        }
        throw new IllegalArgumentException("unknown scene '" + id + "'; choose one of "
                + SceneRegistry.types().stream().map(SceneType::id).collect(Collectors.joining(", ")));
    }

    @Override
    public String toString() {
        return id();
    }
}
