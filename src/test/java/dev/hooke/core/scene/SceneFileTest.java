package dev.hooke.core.scene;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.integrate.ImplicitOptions;
import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.integrate.PositionBasedDynamics;
import dev.hooke.core.integrate.PositionVerlet;
import dev.hooke.core.integrate.ProjectionIntegrator;
import dev.hooke.core.io.DataFileException;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.solve.PreconditionerKind;
import dev.hooke.core.solve.SolverKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SceneFileTest {

    @TempDir
    Path dir;

    /**
     * The scene files shipped in lessons/scenes are the 100 × 100 cloth of the performance
     * targets: 10 000 particles and 2·100·99 structural + 2·99·99 shear + 2·100·98 bend springs.
     */
    @Test
    void theShippedPerformanceScenesAreTheHundredByHundredCloth() throws IOException, DataFileException {
        Path folder = Path.of("lessons", "scenes");
        int structural = 2 * 100 * 99;
        int shear = 2 * 99 * 99;
        int bend = 2 * 100 * 98;
        int files = 0;
        try (Stream<Path> list = Files.list(folder)) {
            for (Path p : list.filter(f -> f.toString().endsWith(".yaml")).sorted().toList()) {
                SceneFile f = SceneFile.read(p);
                MassSpringSystem s = Scenes.build(f.spec());
                assertEquals(100 * 100, s.particleCount(), p.toString());
                assertEquals(structural + shear + bend, s.springCount(), p.toString());
                assertEquals(1e-4, s.mass(0), 0.0, p.toString());
                files++;
            }
        }
        assertEquals(4, files, "the four scene files of docs/performance.md");
    }

    /** Random solver settings: the defaults half of the time, else every field random and valid. */
    static ImplicitOptions randomOptions(SplittableRandom rnd) {
        if (rnd.nextBoolean()) {
            return ImplicitOptions.defaults();
        }
        return new ImplicitOptions(SolverKind.values()[rnd.nextInt(SolverKind.values().length)],
                PreconditionerKind.values()[rnd.nextInt(PreconditionerKind.values().length)],
                Math.pow(10, -1 - rnd.nextInt(12)) * (1 + 8 * rnd.nextDouble()), 1 + rnd.nextInt(5000),
                rnd.nextBoolean(), 1 + rnd.nextInt(ImplicitOptions.NEWTON_ITERATIONS_LIMIT), rnd.nextBoolean());
    }

    /** A random scene file of every type, with every key set to a random valid value. */
    static SceneFile random(SplittableRandom rnd) {
        SceneType type = SceneType.values()[rnd.nextInt(SceneType.values().length)];
        SceneSpec s = SceneSpec.of(type)
                .length(0.5 + rnd.nextDouble())
                .mass(0.001 + rnd.nextDouble())
                .springDamping(rnd.nextDouble())
                .gravity(rnd.nextDouble() * 20 - 10)
                .airDamping(rnd.nextDouble());
        if (type == SceneType.CHAIN) {
            s.nodes(2 + rnd.nextInt(30)).stiffness(1 + rnd.nextDouble() * 1000);
        } else if (type == SceneType.CLOTH) {
            s.size(2 + rnd.nextInt(12)).structuralStiffness(rnd.nextDouble() * 500)
                    .shearStiffness(rnd.nextDouble() * 500).bendStiffness(rnd.nextDouble() * 50)
                    .structural(rnd.nextBoolean()).shear(rnd.nextBoolean()).bend(rnd.nextBoolean())
                    .pins(ClothPins.values()[rnd.nextInt(3)]).verticalCloth(rnd.nextBoolean());
        } else if (type == SceneType.CUBE) {
            s.size(2 + rnd.nextInt(4)).structuralStiffness(rnd.nextDouble() * 500)
                    .shearStiffness(rnd.nextDouble() * 500).structural(rnd.nextBoolean()).shear(rnd.nextBoolean())
                    .dropHeight(rnd.nextDouble() * 2).restitution(rnd.nextDouble()).friction(rnd.nextDouble());
        } else {
            s.stiffness(1 + rnd.nextDouble() * 1000);
        }
        Perturbation p = Perturbation.values()[rnd.nextInt(3)];
        s.perturbation(p);
        if (p != Perturbation.NONE) {
            s.displacement(rnd.nextDouble() * 0.01).velocity(rnd.nextDouble() * 0.1).seed(rnd.nextInt(1000));
        }
        if (p == Perturbation.END && type == SceneType.CLOTH && s.pins() == ClothPins.NONE) {
            s.pins(ClothPins.CORNERS);
        }
        IntegratorKind kind = IntegratorKind.values()[rnd.nextInt(IntegratorKind.values().length)];
        double delta = rnd.nextBoolean() ? PositionVerlet.DEFAULT_DAMPING : rnd.nextDouble() * 0.01;
        int iterations = rnd.nextBoolean() ? ProjectionIntegrator.DEFAULT_ITERATIONS
                : 1 + rnd.nextInt(ProjectionIntegrator.MAX_ITERATIONS);
        double pbdStiffness = rnd.nextBoolean() ? 1 : 1 - rnd.nextDouble();
        return new SceneFile(s, kind, 1e-4 + rnd.nextDouble() * 0.01, delta, randomOptions(rnd), iterations,
                pbdStiffness);
    }

    private static void assertSameSystem(MassSpringSystem a, MassSpringSystem b) {
        assertArrayEquals(a.x, b.x);
        assertArrayEquals(a.v, b.v);
        assertArrayEquals(a.massArray(), b.massArray());
        assertArrayEquals(a.inverseMassArray(), b.inverseMassArray());
        assertArrayEquals(a.springAArray(), b.springAArray());
        assertArrayEquals(a.springBArray(), b.springBArray());
        assertArrayEquals(a.restLengthArray(), b.restLengthArray());
        assertArrayEquals(a.stiffnessArray(), b.stiffnessArray());
        assertArrayEquals(a.springDampingArray(), b.springDampingArray());
        assertArrayEquals(a.gravity(new double[3]), b.gravity(new double[3]));
        assertEquals(a.airDamping(), b.airDamping());
        assertEquals(a.ground(), b.ground());
    }

    @Test
    void roundTripThroughTextKeepsEveryValueAndBuildsTheSameSystem() throws DataFileException {
        SplittableRandom rnd = new SplittableRandom(20_261_130);
        for (int i = 0; i < 200; i++) {
            SceneFile f = random(rnd);
            SceneFile back = SceneFile.parse(f.toYaml(), "round-trip.yaml");
            assertEquals(f, back, f.toYaml());
            assertEquals(f.integrator(), back.integrator());
            assertEquals(f.dt(), back.dt());
            assertEquals(f.verletDelta(), back.verletDelta());
            assertEquals(f.implicitOptions(), back.implicitOptions());
            assertEquals(f.iterations(), back.iterations());
            assertEquals(f.pbdStiffness(), back.pbdStiffness());
            assertSameSystem(f.build(), back.build());
        }
    }

    @Test
    void roundTripThroughAFile() throws IOException, DataFileException {
        SplittableRandom rnd = new SplittableRandom(7);
        Path file = dir.resolve("scene.yaml");
        for (int i = 0; i < 20; i++) {
            SceneFile f = random(rnd);
            f.write(file);
            assertEquals(f, SceneFile.read(file));
        }
        try (Stream<Path> s = Files.list(dir)) {
            assertEquals(1, s.count(), "no temporary file is left behind");
        }
    }

    @Test
    void keysLeftOutTakeTheDocumentedDefaults() throws DataFileException {
        SceneFile f = SceneFile.parse("type: chain\n", "defaults.yaml");
        assertEquals(SceneType.CHAIN, f.type());
        assertEquals(16, f.spec().nodes());
        assertEquals(SceneFile.DEFAULT_INTEGRATOR, f.integrator());
        assertEquals(SceneFile.DEFAULT_DT, f.dt());
        assertEquals(PositionVerlet.DEFAULT_DAMPING, f.verletDelta());
        assertEquals(ImplicitOptions.defaults(), f.implicitOptions());
        assertEquals(ProjectionIntegrator.DEFAULT_ITERATIONS, f.iterations());
        assertEquals(1.0, f.pbdStiffness());
    }

    @Test
    void projectionKeysSetTheIterationsAndPbdStiffnessAndAreKeptAcrossIntegrators() throws DataFileException {
        SceneFile f = SceneFile.parse(String.join("\n", "type: chain", "integrator: symplectic-euler",
                "iterations: 37", "pbd_stiffness: 0.25", ""), "p.yaml");
        assertEquals(37, f.iterations());
        assertEquals(0.25, f.pbdStiffness());
        assertTrue(f.toYaml().contains("iterations: 37\n"), f.toYaml());
        PositionBasedDynamics pbd = (PositionBasedDynamics) f.createIntegrator(IntegratorKind.PBD);
        assertEquals(37, pbd.iterations());
        assertEquals(0.25, pbd.stiffness());
        assertEquals(37, ((ProjectionIntegrator) f.createIntegrator(IntegratorKind.XPBD)).iterations());
        assertEquals(37, ((ProjectionIntegrator) f.createIntegrator(IntegratorKind.FAST_MASS_SPRING)).iterations());
        SceneFile xpbd = f.withIntegrator(IntegratorKind.XPBD);
        assertEquals(37, xpbd.iterations());
        assertEquals(SceneFile.parse(xpbd.toYaml(), "back.yaml"), xpbd);
        assertTrue(SceneFile.parse("type: chain\nintegrator: xpbd\n", "d.yaml").toYaml()
                .contains("iterations: " + ProjectionIntegrator.DEFAULT_ITERATIONS + "\n"));
        assertThrows(IllegalArgumentException.class, () -> f.withIterations(0));
        assertThrows(IllegalArgumentException.class, () -> f.withPbdStiffness(1.5));
    }

    @Test
    void solverKeysSetTheImplicitOptionsAndTheIntegratorUsesThem() throws DataFileException {
        SceneFile f = SceneFile.parse(String.join("\n", "type: cloth", "size: 4", "integrator: implicit-euler",
                "solver: cholesky", "precond: jacobi", "tol: 1e-8", "max_iter: 250", "warm_start: false",
                "newton_iters: 3", "clamp: false", ""), "s.yaml");
        ImplicitOptions expected = new ImplicitOptions(SolverKind.CHOLESKY, PreconditionerKind.JACOBI, 1e-8, 250, false,
                3, false);
        assertEquals(expected, f.implicitOptions());
        assertEquals(expected, ((dev.hooke.core.integrate.BackwardEuler) f.createIntegrator()).options());
        assertEquals(expected, ((dev.hooke.core.integrate.ImplicitMidpoint)
                f.createIntegrator(IntegratorKind.IMPLICIT_MIDPOINT)).options());
        assertEquals(SceneFile.parse(f.toYaml(), "back.yaml"), f);
        assertTrue(f.toYaml().contains("newton_iters: 3\n"), f.toYaml());
    }

    @Test
    void solverKeysAreWrittenForImplicitIntegratorsAndWhenNotDefault() throws DataFileException {
        SceneFile explicit = SceneFile.parse("type: spring\nintegrator: rk4\n", "s.yaml");
        assertTrue(!explicit.toMap().containsKey("solver") && !explicit.toMap().containsKey("clamp"), explicit.toYaml());
        SceneFile kept = SceneFile.parse("type: spring\nintegrator: rk4\nclamp: false\n", "s.yaml");
        assertEquals(false, kept.toMap().get("clamp"));
        assertTrue(!kept.toMap().containsKey("solver"));
        SceneFile implicit = SceneFile.parse("type: spring\nintegrator: implicit-midpoint\n", "s.yaml");
        for (SceneFile.Key k : SceneFile.Key.values()) {
            if (k.isSolverSetting()) {
                assertTrue(implicit.toMap().containsKey(k.id()), k.id());
                assertTrue(k.isLive(), k.id());
            }
        }
    }

    /** A scene the engine takes but the workbench cannot show is refused on the line of its size. */
    @Test
    void aSizeBeyondTheWorkbenchIsRefusedOnItsLine(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        Path file = dir.resolve("big.yaml");
        Files.writeString(file, "type: cloth\nmass: 0.001\nsize: 300\n");
        DataFileException e = assertThrows(DataFileException.class, () -> SceneFile.readForWorkbench(file));
        assertEquals(file + ":3: size: must be from 2 to 100, got 300 in the workbench", e.getMessage());
        Files.writeString(file, "type: cloth\nsize: 20\n");
        assertDoesNotThrow(() -> SceneFile.readForWorkbench(file));
    }

    @Test
    void errorsNameFileLineAndKey() {
        assertEquals("s.yaml:3: nodes: does not apply to the spring scene",
                assertThrows(DataFileException.class, () -> SceneFile.parse("type: spring\nmass: 1\nnodes: 4\n", "s.yaml"))
                        .getMessage());
        assertEquals("s.yaml:2: mass: must be a number from 1e-9 to 1e6 kg, got -1",
                assertThrows(DataFileException.class, () -> SceneFile.parse("type: spring\nmass: -1\n", "s.yaml"))
                        .getMessage());
        assertEquals("s.yaml:2: size: the scene would have 1000000 particles, more than the limit of 100000",
                assertThrows(DataFileException.class, () -> SceneFile.parse("type: cloth\nsize: 1000\n", "s.yaml"))
                        .getMessage());
        String unknown = assertThrows(DataFileException.class,
                () -> SceneFile.parse("type: spring\nintegrator: leapfrog\n", "s.yaml")).getMessage();
        assertTrue(unknown.startsWith("s.yaml:2: integrator: unknown integrator 'leapfrog'; choose one of explicit-euler"),
                unknown);
        assertEquals("s.yaml:1: dt: must be a number > 0, got -0.01",
                assertThrows(DataFileException.class, () -> SceneFile.parse("{type: spring, dt: -0.01}", "s.yaml"))
                        .getMessage());
        assertEquals("s.yaml:2: solver: unknown solver 'lu'; choose one of cg, cholesky",
                assertThrows(DataFileException.class, () -> SceneFile.parse("type: spring\nsolver: lu\n", "s.yaml"))
                        .getMessage());
        assertEquals("s.yaml:2: precond: unknown preconditioner 'ilu'; choose one of none, jacobi, block-jacobi, two-level, ssor, multilevel",
                assertThrows(DataFileException.class, () -> SceneFile.parse("type: spring\nprecond: ilu\n", "s.yaml"))
                        .getMessage());
        assertEquals("s.yaml:2: tol: must be a relative residual > 0 and < 1, got 1",
                assertThrows(DataFileException.class, () -> SceneFile.parse("type: spring\ntol: 1\n", "s.yaml"))
                        .getMessage());
        assertEquals("s.yaml:2: tol: must be a number > 0, got 0",
                assertThrows(DataFileException.class, () -> SceneFile.parse("type: spring\ntol: 0\n", "s.yaml"))
                        .getMessage());
        assertEquals("s.yaml:2: max_iter: must be between 1 and 1000000, got 0",
                assertThrows(DataFileException.class, () -> SceneFile.parse("type: spring\nmax_iter: 0\n", "s.yaml"))
                        .getMessage());
        assertEquals("s.yaml:2: warm_start: must be true or false, got 'yes'",
                assertThrows(DataFileException.class, () -> SceneFile.parse("type: spring\nwarm_start: yes\n", "s.yaml"))
                        .getMessage());
        assertEquals("s.yaml:2: newton_iters: must be between 1 and 100, got 101",
                assertThrows(DataFileException.class, () -> SceneFile.parse("type: spring\nnewton_iters: 101\n",
                        "s.yaml")).getMessage());
        assertEquals("s.yaml:2: clamp: must be a single value, got a list",
                assertThrows(DataFileException.class, () -> SceneFile.parse("type: spring\nclamp: [true]\n", "s.yaml"))
                        .getMessage());
        assertEquals("s.yaml:1: needs 'type' (one of spring, chain, cloth, cube)",
                assertThrows(DataFileException.class, () -> SceneFile.parse("mass: 1\n", "s.yaml")).getMessage());
    }

    @Test
    void aMissingFileIsAnErrorNotAnException() {
        Path missing = dir.resolve("nope.yaml");
        assertEquals(missing + ": no such file",
                assertThrows(DataFileException.class, () -> SceneFile.read(missing)).getMessage());
    }

    /**
     * The bounds of a scene's values are the engine's: a file, the command line and the
     * workbench's fields refuse the same values (the workbench's fields take their bounds from
     * {@link SceneSpec}), with the key at fault first, and Δt from {@link SceneFile#MIN_DT} to
     * {@link SceneFile#MAX_DT}.
     */
    @Test
    void aValueAboveItsBoundIsRefusedNamingTheKey() {
        String[][] cases = {
            {"mass: 2.0e6", "mass: must be a number from 1e-9 to 1e6 kg, got 2e6"},
            {"k: 2.0e9", "k: must be 0 or a number from 1e-6 to 1e9 N/m, got 2e9"},
            {"kd: 2.0e6", "kd: must be 0 or a number from 1e-9 to 1e6 N·s/m, got 2e6"},
            {"air_damping: 2.0e6", "air_damping: must be 0 or a number from 1e-9 to 1e6 N·s/m, got 2e6"},
            {"gravity: -2000", "gravity: must be a number from -1000 to 1000 m/s², got -2000"},
            {"dt: 1.0e-8", "must be a time step from " + SceneFile.MIN_DT},
            {"dt: 2", "must be a time step from " + SceneFile.MIN_DT},
        };
        for (String[] c : cases) {
            Exception e = assertThrows(Exception.class,
                    () -> SceneFile.parse("type: chain\n" + c[0] + "\n", "bounds.yaml"), c[0]);
            assertTrue(e.getMessage().startsWith("bounds.yaml:2: ") && e.getMessage().contains(c[1]),
                    c[0] + " -> " + e.getMessage());
        }
        SceneFile atTheBounds = SceneFile.defaults(SceneType.SPRING).withMass(SceneSpec.MASS.max())
                .withStiffness(SceneSpec.STIFFNESS.max()).withGravity(SceneSpec.GRAVITY.max()).withDt(SceneFile.MIN_DT);
        assertEquals(SceneSpec.MASS.max(), atTheBounds.spec().mass());
        SceneFile atTheMinima = SceneFile.defaults(SceneType.SPRING).withMass(SceneSpec.MASS.min())
                .withStiffness(SceneSpec.STIFFNESS.min()).withSpec(SceneFile.defaults(SceneType.SPRING).spec()
                        .mass(SceneSpec.MASS.min()).length(SceneSpec.LENGTH.min()));
        assertEquals(SceneSpec.LENGTH.min(), atTheMinima.spec().length());
    }
}
