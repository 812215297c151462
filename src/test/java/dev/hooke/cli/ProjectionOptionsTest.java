package dev.hooke.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.integrate.Integrators;
import dev.hooke.core.integrate.ProjectionIntegrator;
import dev.hooke.core.integrate.ProjectionStats;
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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code --iterations} and the projection integrators on the command line. */
class ProjectionOptionsTest {

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"rk4", "implicit-euler", "verlet"})
    void iterationsApplyToTheProjectionIntegratorsOnly(String integrator) {
        Hooke.Result r = Hooke.run("run", "--integrator", integrator, "--iterations", "5");
        assertEquals(2, r.code(), r.err());
        assertEquals("", r.out());
        assertEquals(List.of(HookeCli.PREFIX + "--iterations: applies to the projection integrators "
                + "(pbd, xpbd, fast-mass-spring) only, not to " + integrator), r.errLines());
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "-2", "10001", "ten", "2.5"})
    void badIterationsAreNamed(String value) {
        Hooke.Result r = Hooke.run("stability", "--integrator", "xpbd", "--iterations", value);
        assertEquals(2, r.code(), r.err());
        assertEquals(1, r.errLines().size(), r.err());
        String line = r.errLines().get(0);
        assertTrue(line.startsWith(HookeCli.PREFIX + "--iterations: must be a whole number from 1 to "
                + ProjectionIntegrator.MAX_ITERATIONS), line);
        assertFalse(line.contains("Exception"), line);
    }

    @Test
    void implicitOptionsDoNotApplyToTheProjectionIntegrators() {
        Hooke.Result r = Hooke.run("run", "--integrator", "fast-mass-spring", "--solver", "cholesky");
        assertEquals(2, r.code(), r.err());
        assertTrue(r.errLines().get(0).startsWith(HookeCli.PREFIX + "--solver: applies to the implicit integrators"),
                r.err());
    }

    /**
     * A projection run writes the iteration count and the RMS strain of each step, the values the
     * core reports for the same integrator with the same iterations, and leaves the linear-solver
     * columns empty; the initial row leaves both empty.
     */
    @ParameterizedTest
    @ValueSource(strings = {"pbd", "xpbd", "fast-mass-spring"})
    void aProjectionRunWritesItsStatistics(String id) throws IOException {
        Path csv = dir.resolve(id + ".csv");
        Hooke.Result r = Hooke.run("run", "--scene", "cloth", "--size", "6", "--integrator", id, "--iterations", "7",
                "--dt", "0.02", "--steps", "4", "--csv", csv.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("7 iterations per step"), r.out());
        List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
        List<String> header = Arrays.asList(lines.get(0).split(",", -1));
        int iterations = header.indexOf("iterations");
        int strain = header.indexOf("rms_strain");
        int cg = header.indexOf("cg_iterations");
        assertTrue(iterations >= 0 && strain >= 0 && cg >= 0, lines.get(0));
        assertEquals(6, lines.size());
        String[] first = lines.get(1).split(",", -1);
        assertEquals("", first[iterations]);
        assertEquals("", first[strain]);

        ProjectionIntegrator in = (ProjectionIntegrator) Integrators.create(IntegratorKind.fromId(id));
        in.setIterations(7);
        Simulation sim = new Simulation(Scenes.build(SceneSpec.of(SceneType.CLOTH).size(6)), in, 0.02);
        for (int row = 1; row <= 4; row++) {
            assertTrue(sim.step());
            ProjectionStats st = in.projectionStats();
            String[] fields = lines.get(row + 1).split(",", -1);
            assertEquals(7, Integer.parseInt(fields[iterations]), "row " + row);
            assertEquals(st.rmsStrain, Double.parseDouble(fields[strain]), "row " + row);
            assertEquals("", fields[cg], "row " + row);
        }
    }

    @Test
    void stabilityReportsNoLimit() {
        Hooke.Result r = Hooke.run("stability", "--scene", "spring", "--integrator", "pbd", "--periods", "5", "--json");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("\"predicted_status\": \"none\""), r.out());
        assertTrue(r.out().contains("\"predicted_rule\": \"projection: none\""), r.out());
        assertTrue(r.out().contains("\"measured_status\": \"no_explosion_found\""), r.out());
    }
}
