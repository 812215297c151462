package dev.hooke.core.scene;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.hooke.core.io.DataFileException;
import dev.hooke.core.model.MassSpringSystem;
import org.junit.jupiter.api.Test;

/** The cloth's weather and material keys in scene files: read, written back, refused with file, line and key. */
class WeatherKeysTest {

    @Test
    void theKeysSetTheWindAndTheTearStrainAndSurviveARoundTrip() throws DataFileException {
        String text = "type: cloth\nsize: 6\nwind: [1.5, -2, 0.25]\ngust: 0.3\ngust_period: 1.5\ntear_strain: 0.25\n"
                + "self_collision: true\nthickness: 0.02\n";
        SceneFile f = SceneFile.parse(text, "w.yaml");
        SceneSpec s = f.spec();
        assertEquals(1.5, s.wind(0));
        assertEquals(-2, s.wind(1));
        assertEquals(0.25, s.wind(2));
        assertEquals(0.3, s.gust());
        assertEquals(1.5, s.gustPeriod());
        assertEquals(0.25, s.tearStrain());
        SceneFile back = SceneFile.parse(f.toYaml(), "back.yaml");
        assertEquals(f, back, f.toYaml());
        MassSpringSystem system = back.build();
        assertEquals(0.25, system.tearStrain());
        assertEquals(1.5, system.wind().mean(0));
        assertEquals(-2, system.wind().mean(1));
        assertEquals(0.25, system.wind().mean(2));
        assertEquals(0.3, system.wind().gust());
        assertEquals(0.02, system.surface().thickness());
        assertEquals(1.5, system.wind().period());
    }

    @Test
    void theDefaultsAreStillAirAndNoTearing() throws DataFileException {
        SceneFile f = SceneFile.parse("type: cloth\n", "d.yaml");
        MassSpringSystem s = f.build();
        assertNull(s.wind());
        assertEquals(0, s.tearStrain());
        assertEquals(SceneSpec.DEFAULT_GUST_PERIOD, f.spec().gustPeriod());
        // a file without weather is written without weather keys
        assertEquals(false, f.toYaml().contains("wind"));
        assertEquals(false, f.toYaml().contains("tear_strain"));
    }

    private static String error(String text) {
        return assertThrows(DataFileException.class, () -> SceneFile.parse(text, "s.yaml")).getMessage();
    }

    @Test
    void badValuesAreRefusedNamingFileLineAndKey() {
        assertEquals("s.yaml:2: wind: does not apply to the chain scene", error("type: chain\nwind: [1, 0, 0]\n"));
        assertEquals("s.yaml:2: tear_strain: does not apply to the spring scene", error("type: spring\ntear_strain: 0.3\n"));
        assertEquals("s.yaml:3: wind: must have at least 3 items, got 2", error("type: cloth\nsize: 4\nwind: [1, 0]\n"));
        assertEquals("s.yaml:2: wind: must be a list, got '3'", error("type: cloth\nwind: 3\n"));
        assertEquals("s.yaml:2: wind: the speed must be at most " + SceneSpec.MAX_WIND + " m/s",
                error("type: cloth\nwind: [0, 0, 101]\n"));
        assertEquals("s.yaml:2: gust: must be a number from 0 to 1, got 2", error("type: cloth\ngust: 2\n"));
        assertEquals("s.yaml:2: gust_period: must be a number from 1e-6 to 1e6 s, got 0", error("type: cloth\ngust_period: 0\n"));
        assertEquals("s.yaml:2: tear_strain: must be 0 or a number from 1e-6 to 10, got -0.1", error("type: cloth\ntear_strain: -0.1\n"));
        assertEquals("s.yaml:2: self_collision: does not apply to the chain scene", error("type: chain\nself_collision: true\n"));
        assertEquals("s.yaml:2: thickness: must be a number from 1e-6 to 1000 m, got 0", error("type: cloth\nthickness: 0\n"));
        assertEquals("s.yaml:2: tear_strain: must be 0 or a number from 1e-6 to 10, got 11",
                error("type: cloth\ntear_strain: 11\n"));
    }
}
