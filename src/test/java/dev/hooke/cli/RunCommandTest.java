package dev.hooke.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.integrate.ImplicitOptions;
import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.integrate.Integrators;
import dev.hooke.core.integrate.SolverStats;
import dev.hooke.core.observe.Observables;
import dev.hooke.core.scene.Perturbation;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.scene.Scenes;
import dev.hooke.core.sim.Simulation;
import dev.hooke.core.solve.PreconditionerKind;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunCommandTest {

    /** The columns every CSV has. */
    private static final List<String> REQUIRED = List.of(
            "t", "kinetic", "elastic", "gravitational", "total", "dissipated", "wind_work", "max_speed", "exploded");

    /** The README's command: a 16-node chain, m = 1 kg, k = 100 N/m, Verlet, Δt = 1/64 s, 640 steps. */
    private static SceneSpec readmeChain() {
        return SceneSpec.of(SceneType.CHAIN).nodes(16).mass(1).stiffness(100).gravity(9.81);
    }

    private static final double README_DT = 0.015625;
    private static final int README_STEPS = 640;

    @TempDir
    Path dir;

    /** A CSV read back: the header and the rows, each as the fields of its line. */
    private record Csv(List<String> header, List<String[]> rows) {
        int column(String name) {
            int c = header.indexOf(name);
            assertTrue(c >= 0, "no column " + name + " in " + header);
            return c;
        }

        double value(int row, String name) {
            return Double.parseDouble(rows.get(row)[column(name)]);
        }

        long whole(int row, String name) {
            return Long.parseLong(rows.get(row)[column(name)]);
        }
    }

    private static Csv parse(String text) {
        List<String> lines = text.lines().toList();
        List<String> header = Arrays.asList(lines.get(0).split(",", -1));
        List<String[]> rows = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] fields = line.split(",", -1);
            assertEquals(header.size(), fields.length, "fields in line: " + line);
            rows.add(fields);
        }
        return new Csv(header, rows);
    }

    private static Csv read(Path file) throws IOException {
        return parse(Files.readString(file, StandardCharsets.UTF_8));
    }

    private String[] readmeArgs(Path csv, String... more) {
        List<String> args = new ArrayList<>(List.of("run", "--scene", "chain", "--nodes", "16", "--mass", "1",
                "--k", "100", "--gravity", "9.81", "--integrator", "verlet", "--dt", "0.015625", "--steps", "640",
                "--csv", csv.toString()));
        args.addAll(List.of(more));
        return args.toArray(String[]::new);
    }

    @Test
    void readmeCommandWritesEveryStepWithTheValuesOfTheCore() throws IOException {
        Path csv = dir.resolve("out.csv");
        Hooke.Result r = Hooke.run(readmeArgs(csv));
        assertEquals(0, r.code(), r.err());
        assertEquals("", r.err());

        Csv table = read(csv);
        assertTrue(table.header().containsAll(REQUIRED), "header " + table.header());
        assertEquals(README_STEPS + 1, table.rows().size());

        Simulation sim = new Simulation(Scenes.build(readmeChain()), Integrators.create(IntegratorKind.VERLET),
                README_DT);
        for (int row = 0; row <= README_STEPS; row++) {
            if (row > 0) {
                assertTrue(sim.step(), "the core run exploded at step " + row);
            }
            Observables o = sim.observables();
            String at = "row " + row;
            // Double.toString reads back to the same double, so the values must agree exactly.
            assertEquals(row, table.whole(row, "step"), at);
            assertEquals(sim.time(), table.value(row, "t"), at);
            assertEquals(o.kinetic, table.value(row, "kinetic"), at);
            assertEquals(o.elastic, table.value(row, "elastic"), at);
            assertEquals(o.gravitational, table.value(row, "gravitational"), at);
            assertEquals(o.total(), table.value(row, "total"), at);
            assertEquals(o.dissipated, table.value(row, "dissipated"), at);
            assertEquals(o.windWork, table.value(row, "wind_work"), at);
            assertEquals(o.maxSpeed, table.value(row, "max_speed"), at);
            assertEquals(o.maxStrain, table.value(row, "max_strain"), at);
            assertEquals(o.momentum[0], table.value(row, "momentum_x"), at);
            assertEquals(o.momentum[1], table.value(row, "momentum_y"), at);
            assertEquals(o.momentum[2], table.value(row, "momentum_z"), at);
            assertEquals(0, table.whole(row, "exploded"), at);
        }
        assertTrue(r.out().startsWith("Wrote " + (README_STEPS + 1) + " rows to "), r.out());
    }

    @Test
    void everyTenStepsKeepsStepZeroAndEveryTenth() throws IOException {
        Path csv = dir.resolve("every.csv");
        int every = 10;
        Hooke.Result r = Hooke.run(readmeArgs(csv, "--every", Integer.toString(every)));
        assertEquals(0, r.code(), r.err());
        Csv table = read(csv);
        assertEquals(README_STEPS / every + 1, table.rows().size());
        for (int row = 0; row < table.rows().size(); row++) {
            assertEquals((long) row * every, table.whole(row, "step"));
            // Δt = 2⁻⁶ s: the sums of Δt are exact.
            assertEquals(row * every * README_DT, table.value(row, "t"));
        }
    }

    @Test
    void theLastStepIsWrittenWhenEveryDoesNotDivideTheSteps() {
        int steps = 25;
        int every = 10;
        Hooke.Result r = Hooke.run("run", "--steps", Integer.toString(steps), "--every", Integer.toString(every),
                "--csv", "-");
        assertEquals(0, r.code(), r.err());
        Csv table = parse(r.out());
        List<Long> expected = new ArrayList<>();
        for (long s = 0; s <= steps; s += every) {
            expected.add(s);
        }
        expected.add((long) steps);
        List<Long> got = new ArrayList<>();
        for (int row = 0; row < table.rows().size(); row++) {
            got.add(table.whole(row, "step"));
        }
        assertEquals(expected, got);
    }

    @Test
    void csvOnStandardOutputIsTheCsvAlone() {
        int steps = 5;
        Hooke.Result r = Hooke.run("run", "--steps", Integer.toString(steps), "--csv", "-");
        assertEquals(0, r.code(), r.err());
        Csv table = parse(r.out());
        assertEquals(new ObservablesCsv().header(), String.join(",", table.header()));
        assertEquals(steps + 1, table.rows().size());
    }

    @Test
    void anExplosionIsReportedInTheLastRowAndExitsZero() throws IOException {
        // Semi-implicit Euler on the single spring, Δt 25 % above its limit 2/ω = 2·√(m/k).
        double m = 1;
        double k = 100;
        double dt = 1.25 * 2 * Math.sqrt(m / k);
        int steps = 200;
        Path csv = dir.resolve("boom.csv");
        Hooke.Result r = Hooke.run("run", "--scene", "spring", "--mass", Double.toString(m), "--k", Double.toString(k),
                "--integrator", "symplectic-euler", "--dt", Double.toString(dt), "--steps", Integer.toString(steps),
                "--csv", csv.toString());
        assertEquals(0, r.code(), r.err());

        Simulation sim = new Simulation(Scenes.build(SceneSpec.of(SceneType.SPRING).mass(m).stiffness(k)),
                Integrators.create(IntegratorKind.SYMPLECTIC_EULER), dt);
        sim.step(steps);
        assertTrue(sim.exploded(), "the core run should explode");

        Csv table = read(csv);
        int last = table.rows().size() - 1;
        assertEquals(sim.explosion().step(), table.whole(last, "step"));
        assertEquals(1, table.whole(last, "exploded"));
        for (int row = 0; row < last; row++) {
            assertEquals(0, table.whole(row, "exploded"), "row " + row);
        }
        assertTrue(last < steps, "the file ends at the explosion");
        assertTrue(r.out().contains(sim.explosion().message()), r.out());
    }

    @Test
    void withoutCsvTheSummaryGivesTimeEnergiesAndTheExplosion() {
        double dt = 0.25;
        int steps = 100;
        Hooke.Result r = Hooke.run("run", "--dt", Double.toString(dt), "--steps", Integer.toString(steps));
        assertEquals(0, r.code(), r.err());

        Simulation sim = new Simulation(Scenes.build(SceneSpec.of(SceneType.SPRING)),
                Integrators.create(IntegratorKind.SYMPLECTIC_EULER), dt);
        sim.step(steps);
        assertTrue(sim.exploded());
        assertTrue(r.out().contains(String.format(Locale.ROOT, "t = %s s after %d of %d steps",
                Numbers.num(sim.time()), sim.steps(), steps)), r.out());
        assertTrue(r.out().contains("total " + Numbers.num(sim.observables().total())), r.out());
        assertTrue(r.out().contains("EXPLODED. " + sim.explosion().message()), r.out());
    }

    @Test
    void aStableRunSaysSo() {
        Hooke.Result r = Hooke.run("run", "--steps", "10");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("No explosion."), r.out());
        assertTrue(r.out().contains("t = " + Numbers.num(10 * 0.001) + " s after 10 of 10 steps"), r.out());
    }

    @Test
    void verletDampingReachesTheIntegrator() {
        // With δ the same run must differ from the default δ, and match a core run with that δ.
        double delta = 0.01;
        Hooke.Result r = Hooke.run("run", "--integrator", "verlet", "--verlet-damping", Double.toString(delta),
                "--steps", "50", "--csv", "-");
        assertEquals(0, r.code(), r.err());
        Csv table = parse(r.out());
        dev.hooke.core.integrate.PositionVerlet verlet = new dev.hooke.core.integrate.PositionVerlet(delta);
        Simulation sim = new Simulation(Scenes.build(SceneSpec.of(SceneType.SPRING)), verlet, 0.001);
        sim.step(50);
        assertEquals(sim.observables().total(), table.value(50, "total"));
    }

    /**
     * An implicit run with solver options: the solver columns carry the core's statistics of each
     * step (the same options given to the core directly), and are empty in the initial row.
     */
    @Test
    void implicitRunWritesTheSolverColumns() throws IOException {
        Path csv = dir.resolve("implicit.csv");
        Hooke.Result r = Hooke.run("run", "--scene", "cloth", "--size", "6", "--integrator", "implicit-euler",
                "--precond", "jacobi", "--tol", "1e-8", "--warm-start", "false", "--dt", "0.02", "--steps", "5",
                "--csv", csv.toString());
        assertEquals(0, r.code(), r.err());
        Csv table = read(csv);
        assertEquals(6, table.rows().size());
        assertEquals("", table.rows().get(0)[table.column("cg_iterations")]);
        assertEquals("", table.rows().get(0)[table.column("residual")]);

        ImplicitOptions options = ImplicitOptions.defaults().withPreconditioner(PreconditionerKind.JACOBI)
                .withTolerance(1e-8).withWarmStart(false);
        Simulation sim = new Simulation(Scenes.build(SceneSpec.of(SceneType.CLOTH).size(6)),
                Integrators.create(IntegratorKind.IMPLICIT_EULER, options), 0.02);
        for (int row = 1; row <= 5; row++) {
            assertTrue(sim.step());
            SolverStats stats = sim.integrator().solverStats();
            assertTrue(stats.iterations > 0, "CG iterated");
            assertEquals(stats.iterations, table.whole(row, "cg_iterations"), "row " + row);
            assertEquals(stats.finalResidual, table.value(row, "residual"), "row " + row);
            assertTrue(table.value(row, "residual") <= 1e-8, "row " + row);
            assertEquals(1, table.whole(row, "converged"), "row " + row);
            assertEquals(sim.observables().total(), table.value(row, "total"), "row " + row);
        }
    }

    /** An explicit run has no linear solve: its solver columns stay empty. */
    @Test
    void explicitRunLeavesTheSolverColumnsEmpty() throws IOException {
        Path csv = dir.resolve("explicit.csv");
        assertEquals(0, Hooke.run("run", "--steps", "3", "--csv", csv.toString()).code());
        Csv table = read(csv);
        for (String[] row : table.rows()) {
            assertEquals("", row[table.column("cg_iterations")]);
            assertEquals("", row[table.column("converged")]);
        }
    }

    /** The summary line on the solves, read from the output. */
    private static String solverLine(String out) {
        return Arrays.stream(out.split("\\R")).filter(l -> l.startsWith("Linear solves:") || l.startsWith("SOLVER FAILED"))
                .findFirst().orElseThrow(() -> new AssertionError("no solver line in\n" + out));
    }

    /**
     * The summary says what the CSV's solver columns show, step by step: here CG capped at two
     * unpreconditioned iterations with a tolerance of 10⁻¹² cannot converge on a moving cloth, and
     * the summary counts the rows with converged = 0 and the largest residual among all rows.
     */
    @Test
    void theSummaryCountsTheStepsThatDidNotConverge() throws IOException {
        Path csv = dir.resolve("starved.csv");
        int steps = 8;
        Hooke.Result r = Hooke.run("run", "--scene", "cloth", "--size", "6", "--integrator", "implicit-euler",
                "--precond", "none", "--max-iter", "2", "--tol", "1e-12", "--perturb", "random", "--velocity", "0.2",
                "--dt", "0.02", "--steps", Integer.toString(steps), "--csv", csv.toString());
        assertEquals(0, r.code(), r.err());
        Csv table = read(csv);
        int unconverged = 0;
        int first = -1;
        double largest = 0;
        for (int row = 1; row <= steps; row++) {
            if (table.whole(row, "converged") == 0) {
                unconverged++;
                first = first < 0 ? row : first;
            }
            largest = Math.max(largest, table.value(row, "residual"));
        }
        assertTrue(unconverged > 0, "the starved solves fail");
        assertEquals(String.format(Locale.ROOT, "SOLVER FAILED in %d of %d steps (first at step %d): %d did not converge, "
                        + "0 met an indefinite matrix; largest residual %s.", unconverged, steps, first, unconverged,
                Numbers.num(largest)), solverLine(r.out()));
    }

    /**
     * A squeezed cube landing without the clamp meets indefinite matrices (the transverse stiffness
     * of compressed springs is negative), which the summary counts, as a step-by-step run of the
     * same scene through the core counts them.
     */
    @Test
    void theSummaryCountsIndefiniteMatrices() {
        double dt = 1.0 / 60;
        int steps = 40;
        // a crumpled cube (lesson 11's): its squeezed springs make the unclamped matrix indefinite
        Hooke.Result r = Hooke.run("run", "--scene", "cube", "--perturb", "random", "--displacement", "0.06",
                "--seed", "2", "--integrator", "implicit-euler", "--clamp", "false",
                "--dt", Double.toString(dt), "--steps", Integer.toString(steps));
        assertEquals(0, r.code(), r.err());
        Simulation sim = new Simulation(Scenes.build(SceneSpec.of(SceneType.CUBE).perturbation(Perturbation.RANDOM)
                .displacement(0.06).seed(2)),
                Integrators.create(IntegratorKind.IMPLICIT_EULER, ImplicitOptions.defaults().withClamp(false)), dt);
        int indefinite = 0;
        int unconverged = 0;
        // every step taken counts, the one that ends the run by exploding too
        for (int i = 0; i < steps; i++) {
            boolean sound = sim.step();
            SolverStats st = sim.integrator().solverStats();
            indefinite += st.indefinite ? 1 : 0;
            unconverged += st.converged ? 0 : 1;
            if (!sound) {
                break;
            }
        }
        assertTrue(indefinite > 0, "the crumpled cube's squeezed springs make the matrix indefinite");
        String line = solverLine(r.out());
        assertTrue(line.contains(String.format(Locale.ROOT, "%d did not converge, %d met an indefinite matrix",
                unconverged, indefinite)), line);
    }

    /** A run whose solves all converge says so, with the largest residual. */
    @Test
    void theSummarySaysWhenEverySolveConverged() throws IOException {
        Path csv = dir.resolve("fine.csv");
        Hooke.Result r = Hooke.run("run", "--scene", "cloth", "--size", "6", "--integrator", "implicit-midpoint",
                "--dt", "0.02", "--steps", "5", "--csv", csv.toString());
        assertEquals(0, r.code(), r.err());
        Csv table = read(csv);
        double largest = 0;
        for (int row = 1; row <= 5; row++) {
            largest = Math.max(largest, table.value(row, "residual"));
        }
        assertEquals("Linear solves: all 5 steps converged, largest residual " + Numbers.num(largest) + ".",
                solverLine(r.out()));
        assertFalse(Hooke.run("run", "--steps", "3").out().contains("Linear solves"), "an explicit run solves nothing");
    }
}
