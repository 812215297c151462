package dev.hooke.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.io.DataFileException;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.model.SpringKind;
import dev.hooke.core.scene.SceneFile;
import dev.hooke.core.scene.SceneFraming;
import dev.hooke.core.scene.SceneRecipe;
import dev.hooke.core.scene.SceneRegistry;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.scene.Scenes;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A scene added through {@link SceneRegistry} alone, defined here, is listed, named, built, read
 * from a scene file and run from the command line like the built-in ones.
 */
class RegisteredSceneTest {

    /**
     * A toy scene: three particles at the corners of an equilateral triangle of side L in the x–y
     * plane, the top one pinned, one structural spring along each side, each at its rest length.
     */
    static final class TriangleRecipe implements SceneRecipe {

        @Override
        public String id() {
            return "triangle";
        }

        @Override
        public double defaultLength() {
            return 0.5;
        }

        @Override
        public double defaultMass() {
            return 0.2;
        }

        @Override
        public double defaultStiffness() {
            return 50;
        }

        @Override
        public double defaultSpringDamping() {
            return 0.01;
        }

        @Override
        public double defaultDt() {
            return 0.002;
        }

        @Override
        public int workbenchCap() {
            return 0;
        }

        @Override
        public Set<SceneFile.Key> keys() {
            return Set.of();
        }

        @Override
        public SceneFile.Key countedKey() {
            return null;
        }

        @Override
        public int particleCount(SceneSpec spec) {
            return 3;
        }

        @Override
        public void validateCount(SceneSpec spec) {
        }

        @Override
        public void build(SceneSpec spec, MassSpringSystem.Builder b) {
            double l = spec.length();
            int top = b.particle(0, 0, 0, spec.mass());
            int left = b.particle(-l / 2, -l * Math.sqrt(3) / 2, 0, spec.mass());
            int right = b.particle(l / 2, -l * Math.sqrt(3) / 2, 0, spec.mass());
            b.pin(top);
            b.spring(top, left, l, spec.structuralStiffness(), spec.springDamping(), SpringKind.STRUCTURAL);
            b.spring(left, right, l, spec.structuralStiffness(), spec.springDamping(), SpringKind.STRUCTURAL);
            b.spring(right, top, l, spec.structuralStiffness(), spec.springDamping(), SpringKind.STRUCTURAL);
        }

        @Override
        public SceneFraming framing(SceneSpec spec) {
            return new SceneFraming(0, 0);
        }
    }

    private SceneType triangle;

    @BeforeEach
    void register() {
        triangle = SceneRegistry.register(new TriangleRecipe());
    }

    @AfterEach
    void unregister() {
        SceneRegistry.unregister(triangle);
    }

    private static List<String> ids() {
        return Arrays.stream(SceneType.values()).map(SceneType::id).toList();
    }

    @Test
    void itIsListedAfterTheBuiltInScenesAndGoesAgain() {
        assertEquals(List.of("spring", "chain", "cloth", "cube", "triangle"), ids());
        SceneRegistry.unregister(triangle);
        assertEquals(List.of("spring", "chain", "cloth", "cube"), ids());
        assertThrows(IllegalArgumentException.class, () -> SceneType.fromId("triangle"));
    }

    @Test
    void itIsFoundByItsIdAndNamedInTheChoices() {
        assertSame(triangle, SceneType.fromId(" Triangle "));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SceneType.fromId("square"));
        assertEquals("unknown scene 'square'; choose one of spring, chain, cloth, cube, triangle", e.getMessage());
    }

    @Test
    void aTakenIdAndTheBuiltInScenesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> SceneRegistry.register(new TriangleRecipe()));
        assertThrows(IllegalArgumentException.class, () -> SceneRegistry.unregister(SceneType.SPRING));
        assertEquals(5, SceneType.values().length);
    }

    @Test
    void itIsBuiltWithItsDefaults() {
        SceneSpec spec = SceneSpec.of(triangle);
        assertEquals(0.5, spec.length());
        assertEquals(0.2, spec.mass());
        assertEquals(50, spec.structuralStiffness());
        assertEquals(0.01, spec.springDamping());
        MassSpringSystem s = Scenes.build(spec);
        assertEquals(3, s.particleCount());
        assertEquals(3, s.springCount());
        assertEquals(1, s.pinnedCount());
        assertTrue(s.isPinned(0));
        assertEquals(0.2, s.mass(2));
        assertArrayEquals(new double[] {0.25, -0.25 * Math.sqrt(3), 0}, Arrays.copyOfRange(s.x, 6, 9));
        for (int sp = 0; sp < 3; sp++) {
            assertEquals(0.5, s.restLength(sp));
            assertEquals(50, s.stiffness(sp));
        }
    }

    @Test
    void aSceneFileNamesIt() throws DataFileException {
        SceneFile f = SceneFile.parse("type: triangle\nlength: 2\nk: 80\n", "triangle.yaml");
        assertSame(triangle, f.type());
        assertEquals(3, f.particleCount());
        assertEquals(2.0, f.spec().length());
        assertEquals(80, f.build().stiffness(1));
        assertEquals(f, SceneFile.parse(f.toYaml(), "again.yaml"), f.toYaml());
        assertFalse(f.toMap().containsKey("size"));
        DataFileException e = assertThrows(DataFileException.class,
                () -> SceneFile.parse("type: triangle\nsize: 4\n", "sized.yaml"));
        assertTrue(e.getMessage().contains("does not apply to the triangle scene"), e.getMessage());
    }

    @Test
    void theCommandLineRunsIt() {
        Hooke.Result r = Hooke.run("run", "--scene", "triangle", "--dt", "0.002", "--steps", "50", "--csv", "-");
        assertEquals(0, r.code(), r.err());
        List<String> lines = r.out().lines().toList();
        assertEquals(1 + 51, lines.size(), r.out());

        Hooke.Result sized = Hooke.run("run", "--scene", "triangle", "--size", "3");
        assertNotEquals(0, sized.code());
        assertTrue(sized.err().contains("--size: applies to the cloth and cube scenes only, not to triangle"),
                sized.err());
        assertTrue(Hooke.run("run", "--help").out().contains("triangle"));
    }
}
