package dev.hooke.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.integrate.Integrators;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.scene.Scenes;
import dev.hooke.core.sim.Simulation;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --wind}, {@code --gust}, {@code --gust-period}, {@code --tear-strain} and the {@code torn} column. */
class WeatherOptionsTest {

    @TempDir
    Path dir;

    @Test
    void aTearingRunWritesTheTornColumnOfTheCore() throws IOException {
        Path csv = dir.resolve("torn.csv");
        int steps = 400;
        Hooke.Result r = Hooke.run("run", "--scene", "cloth", "--size", "8", "--vertical", "--wind", "0,0,25",
                "--gust", "0.5", "--gust-period", "0.5", "--tear-strain", "0.02", "--integrator", "implicit-euler",
                "--dt", "0.01", "--steps", Integer.toString(steps), "--csv", csv.toString());
        assertEquals(0, r.code(), r.err());
        List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
        List<String> header = Arrays.asList(lines.get(0).split(","));
        int torn = header.indexOf("torn");
        assertTrue(torn >= 0, "no column torn in " + header);

        SceneSpec spec = SceneSpec.of(SceneType.CLOTH).size(8).verticalCloth(true).wind(0, 0, 25).gust(0.5)
                .gustPeriod(0.5).tearStrain(0.02);
        MassSpringSystem s = Scenes.build(spec);
        Simulation sim = new Simulation(s, Integrators.create(IntegratorKind.IMPLICIT_EULER), 0.01);
        for (int row = 0; row <= steps; row++) {
            if (row > 0) {
                sim.step();
            }
            assertEquals(s.brokenCount(), Integer.parseInt(lines.get(row + 1).split(",")[torn]), "row " + row);
        }
        assertTrue(s.brokenCount() > 0, "the wind tore the cloth");
    }

    @Test
    void selfCollisionAndTheThicknessReachTheCloth() {
        Hooke.Result r = Hooke.run("run", "--scene", "cloth", "--size", "6", "--self-collision", "--thickness", "0.02",
                "--steps", "5");
        assertEquals(0, r.code(), r.err());
        SceneSpec spec = SceneSpec.of(SceneType.CLOTH).size(6).selfCollision(true).thickness(0.02);
        assertEquals(0.02, Scenes.build(spec).surface().thickness());
        assertEquals(0.0, Scenes.build(SceneSpec.of(SceneType.CLOTH).size(6).thickness(0.02)).surface().thickness(),
                "the thickness alone turns nothing on");
    }

    @Test
    void theSummarySaysHowManySpringsTore() {
        Hooke.Result r = Hooke.run("run", "--scene", "cloth", "--size", "6", "--tear-strain", "0.3", "--steps", "10");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("torn: 0 of "), r.out());
    }

    @Test
    void badWeatherOptionsAreRefusedNamingTheOption() {
        String[][] cases = {
            {"--scene", "chain", "--wind", "1,0,0"},
            {"--scene", "cloth", "--wind", "1,0"},
            {"--scene", "cloth", "--wind", "1,x,0"},
            {"--scene", "cloth", "--wind", "0,0,101"},
            {"--scene", "cloth", "--gust", "0.5"},
            {"--scene", "cloth", "--wind", "1,0,0", "--gust", "1.5"},
            {"--scene", "cloth", "--wind", "1,0,0", "--gust-period", "0"},
            {"--scene", "cloth", "--tear-strain", "-1"},
            {"--scene", "spring", "--tear-strain", "0.3"},
            {"--scene", "chain", "--self-collision"},
            {"--scene", "cloth", "--self-collision", "--thickness", "0"},
        };
        String[] expected = {
            "hooke: --wind: applies to the cloth scene only, not to chain",
            "hooke: --wind: must be three numbers separated by commas (X,Y,Z), got 1,0",
            "hooke: --wind: must be three numbers separated by commas (X,Y,Z), got 1,x,0",
            "hooke: --wind: the speed must be at most " + SceneSpec.MAX_WIND + " m/s",
            "hooke: --gust: needs --wind",
            "hooke: --gust: must be a number from 0 to 1, got 1.5",
            "hooke: --gust-period: must be a number from 1e-6 to 1e6 s, got 0",
            "hooke: --tear-strain: must be 0 or a number from 1e-6 to 10, got -1",
            "hooke: --tear-strain: applies to the cloth scene only, not to spring",
            "hooke: --self-collision: applies to the cloth scene only, not to chain",
            "hooke: --thickness: must be a number from 1e-6 to 1000 m, got 0",
        };
        for (int i = 0; i < cases.length; i++) {
            String[] args = new String[cases[i].length + 1];
            args[0] = "run";
            System.arraycopy(cases[i], 0, args, 1, cases[i].length);
            Hooke.Result r = Hooke.run(args);
            assertEquals(2, r.code(), String.join(" ", args));
            assertEquals(expected[i], r.err().lines().findFirst().orElse(""), String.join(" ", args));
        }
    }
}
