package dev.hooke.core.scene;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.hooke.core.io.DataFileException;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.model.Sphere;
import org.junit.jupiter.api.Test;

/** The obstacle keys of a scene file: read, written back, built, and refused with file, line and key. */
class SceneFileObstacleTest {

    @Test
    void aSphereIsReadWrittenBackAndBuiltWithTheScenesFriction() throws DataFileException {
        SceneFile f = SceneFile.parse("type: cloth\nsize: 8\nfriction: 0.7\nobstacle: sphere\n"
                + "sphere_center: [0.1, -0.5, 0.4]\nsphere_radius: 0.25\nsphere_orbit: [0.2, 3]\n", "s.yaml");
        ObstacleSpec o = f.spec().obstacle();
        assertEquals(new ObstacleSpec(ObstacleKind.SPHERE, 0.1, -0.5, 0.4, 0.25, 0.2, 3), o);
        assertEquals(f, SceneFile.parse(f.toYaml(), "back.yaml"));
        MassSpringSystem s = Scenes.build(f.spec());
        assertEquals(new Sphere(0.1, -0.5, 0.4, 0.25, 0.7, 0.2, 3, Sphere.DEFAULT_THICKNESS), s.sphere());
    }

    @Test
    void withoutAnObstacleNoneIsBuiltAndNoObstacleKeyIsWritten() throws DataFileException {
        SceneFile f = SceneFile.parse("type: chain\n", "s.yaml");
        assertNull(Scenes.build(f.spec()).sphere());
        assertFalse(f.toMap().containsKey("obstacle"), f.toYaml());
        assertFalse(f.toMap().containsKey("sphere_radius"), f.toYaml());
        SceneFile chain = SceneFile.parse("type: chain\nobstacle: sphere\n", "s.yaml");
        assertEquals(ObstacleSpec.SPHERE, chain.spec().obstacle());
    }

    @Test
    void errorsNameFileLineAndKey() {
        String[][] cases = {
            {"friction: -1", "s.yaml:3: friction: must be a number from 0 to 10, got -1"},
            {"sphere_radius: -1", "s.yaml:3: sphere_radius: must be a number from 1e-6 to 1000 m, got -1"},
            {"sphere_radius: 2000", "s.yaml:3: sphere_radius: must be a number from 1e-6 to 1000 m, got 2000"},
            {"sphere_radius: 1e-320", "s.yaml:3: sphere_radius: must be a number from 1e-6 to 1000 m, got 1e-320"},
            {"sphere_center: [1, 2]", "s.yaml:3: sphere_center: "},
            {"sphere_center: [1, 2, 5000]", "s.yaml:3: sphere_center: each coordinate must be"},
            {"sphere_orbit: [0.1, 0]", "s.yaml:3: sphere_orbit: the period must be a number from 1e-6 to 1e6 s"},
            {"sphere_orbit: [0.1, 1e-320]", "s.yaml:3: sphere_orbit: the period must be a number from 1e-6 to 1e6 s"},
            {"sphere_orbit: [-0.1, 2]", "s.yaml:3: sphere_orbit: the radius must be 0 or a number from 1e-6 to 1000 m"},
        };
        for (String[] c : cases) {
            String message = assertThrows(DataFileException.class,
                    () -> SceneFile.parse("type: cloth\nobstacle: sphere\n" + c[0] + "\n", "s.yaml"), c[0]).getMessage();
            assertEquals(true, message.startsWith(c[1]), c[0] + " -> " + message);
        }
        String unknown = assertThrows(DataFileException.class,
                () -> SceneFile.parse("type: cloth\nobstacle: cube\n", "s.yaml")).getMessage();
        assertEquals(true, unknown.startsWith("s.yaml:2: obstacle: "), unknown);
    }
}
