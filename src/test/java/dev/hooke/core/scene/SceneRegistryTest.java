package dev.hooke.core.scene;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.hooke.core.scene.recipes.SpringRecipe;
import java.lang.reflect.Proxy;
import java.util.List;
import org.junit.jupiter.api.Test;

class SceneRegistryTest {

    @Test
    void theTableListsTheBuiltInScenesInOrder() {
        assertEquals(List.of(SceneType.SPRING, SceneType.CHAIN, SceneType.CLOTH, SceneType.CUBE), SceneRegistry.types());
        for (SceneType t : SceneType.values()) {
            assertSame(t, SceneType.fromId(t.id()));
            assertEquals(t.id(), t.recipe().id());
            assertEquals(t.id(), t.toString());
        }
    }

    @Test
    void anIdMustBeLowercaseWithoutSpacesAndFree() {
        for (String id : new String[] {"Spring2", "two words", "", " pad"}) {
            SceneRecipe renamed = renamed(new SpringRecipe(), id);
            assertThrows(IllegalArgumentException.class, () -> SceneRegistry.register(renamed), id);
        }
        assertThrows(IllegalArgumentException.class, () -> SceneRegistry.register(new SpringRecipe()));
        assertEquals(4, SceneType.values().length);
    }

    /** {@code recipe} under another id. */
    private static SceneRecipe renamed(SceneRecipe recipe, String id) {
        return (SceneRecipe) Proxy.newProxyInstance(SceneRecipe.class.getClassLoader(), new Class<?>[] {SceneRecipe.class},
                (proxy, method, args) -> method.getName().equals("id") ? id : method.invoke(recipe, args));
    }
}
