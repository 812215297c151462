package dev.hooke.core.lesson;

import static dev.hooke.Tolerances.ENERGY_LAW_PER_STEP;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.io.DataFileException;
import dev.hooke.core.scene.SceneFile;
import dev.hooke.core.sim.Simulation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LessonRunnerTest {

    @TempDir
    Path dir;

    /** The spring of lesson 1 (ω = 10 rad/s, Δt = 0.01 s, explicit Euler) followed by the given steps. */
    private static Lesson lesson(String steps) throws DataFileException {
        return LessonReader.parse(String.join("\n",
                "id: runner-test",
                "title: {en: Test, zh: 测试}",
                "narration: {en: A spring., zh: 一根弹簧。}",
                "scene: {type: spring, mass: 1, k: 100, gravity: 0, perturbation: end, displacement: 0.1,",
                "        integrator: explicit-euler, dt: 0.01}",
                "steps:",
                steps), "runner-test.yaml");
    }

    private static List<CheckResult> rows(Lesson l) {
        return LessonChecker.check(l).rows();
    }

    @Test
    void aWrongStatementFailsWithTheMeasuredValue() throws DataFileException {
        List<CheckResult> r = rows(lesson("""
                  - narration: {en: Run., zh: 运行。}
                    actions: [run: {time: 1}]
                    expect:
                      - energy_ratio_per_step: {expected: 1.02, within: 1e-9}
                      - energy_ratio_per_step: {expected: 1.01, within: 1e-9}
                """));
        assertFalse(r.get(0).pass());
        assertTrue(r.get(0).measured().startsWith("from 1.01 to 1.01 over 100 steps"), r.get(0).measured());
        assertTrue(r.get(1).pass());
        assertEquals(1, r.get(0).step());
        assertEquals("energy_ratio_per_step", r.get(0).check());
    }

    /**
     * An action the engine cannot play is reported as file:line: action: reason, the engine's own
     * message, never as the name of an exception's class.
     */
    @Test
    void anEngineFailureIsReportedWithFileLineAndAction() throws DataFileException {
        LessonRunner runner = new LessonRunner(lesson("""
                  - narration: {en: Run., zh: 运行。}
                    actions: [run: {time: 1}]
                    expect:
                      - energy_ratio_per_step: {expected: 1.01, within: 1e-9}
                """));
        runner.setStepListener(sim -> {
            throw new IllegalArgumentException("omega must be finite and > 0, got Infinity");
        });
        CheckResult row = runner.runNext().checks().get(0);
        assertFalse(row.pass());
        assertEquals("runner-test.yaml:8: run: omega must be finite and > 0, got Infinity", row.measured());
        assertFalse(row.measuredText().zh().contains("Exception"), row.measuredText().zh());
    }

    /**
     * A cloth lying flat at rest at y = 0 has E = K + U_el + U_g = 0 J but for the rounding of its
     * springs' lengths: a ratio to it is undefined, not a huge number.
     */
    @Test
    void anEnergyRatioToAStartEnergyThatIsZeroButForRoundingIsUndefined() throws DataFileException {
        Simulation flat = new Simulation(dev.hooke.core.scene.Scenes.build(
                dev.hooke.core.scene.SceneSpec.of(dev.hooke.core.scene.SceneType.CLOTH).size(6)),
                new dev.hooke.core.integrate.SymplecticEuler(), 1e-3);
        double e0 = flat.observables().total();
        assertTrue(Math.abs(e0) <= RunRecord.NEGLIGIBLE_ENERGY * flat.energyScale(), "E(0) = " + e0);
        Lesson l = LessonReader.parse(String.join("\n",
                "id: flat-test",
                "title: {en: Test, zh: 测试}",
                "narration: {en: A cloth., zh: 一块布。}",
                "scene: {type: cloth, size: 6, integrator: symplectic-euler, dt: 0.001}",
                "steps:",
                "  - narration: {en: Fall., zh: 落下。}",
                "    actions: [run: {time: 0.1}]",
                "    expect: [energy_ratio: {max: 10}, energy_drift: {max: 1}]",
                ""), "flat-test.yaml");
        List<CheckResult> r = rows(l);
        assertFalse(r.get(0).pass());
        String zero = e0 == 0 ? "E(start) = 0 J" : "E(start) = ";
        assertTrue(r.get(0).measured().startsWith(zero) && r.get(0).measured().endsWith(": the ratio is undefined"),
                r.get(0).measured());
        assertFalse(r.get(1).pass());
        assertTrue(r.get(1).measured().endsWith(": the relative drift is undefined"), r.get(1).measured());
    }

    @Test
    void aRunAfterAnExplosionWithoutResetFails() throws DataFileException {
        List<CheckResult> r = rows(lesson("""
                  - narration: {en: Explode., zh: 爆炸。}
                    actions: [run: {until: explosion, max_time: 30}]
                    expect: [explodes: {within: 12}]
                  - narration: {en: Again., zh: 再来。}
                    actions: [run: {time: 1}]
                    expect: [bounded: {for: 1}]
                """));
        assertTrue(r.get(0).pass(), r.get(0).measured());
        assertFalse(r.get(1).pass());
        assertEquals("the simulation had already exploded before this run (add a reset)", r.get(1).measured());
    }

    @Test
    void anActionOverTheWorkLimitFailsAndEndsTheLessonWithoutAnException() throws DataFileException {
        Lesson l = lesson("""
                  - narration: {en: Too long., zh: 太长。}
                    actions:
                      - set: {dt: 0.0001}
                      - run: {time: 1000}
                    expect: [bounded: {for: 1000}]
                  - narration: {en: Never played., zh: 不会播放。}
                    expect: [predicted_limit: {expected: unstable}]
                """);
        List<CheckResult> r = rows(l);
        assertEquals(1, r.size());
        assertEquals("run", r.get(0).check());
        assertFalse(r.get(0).pass());
        assertEquals("would take 10000000 steps, more than the limit of 5000000 per action", r.get(0).measured());
    }

    @Test
    void liveChangesKeepTheStateAndShapeChangesRebuild() throws DataFileException {
        Lesson l = lesson("""
                  - narration: {en: Stiffer., zh: 更硬。}
                    actions:
                      - run: {time: 0.5}
                      - set: {k: 400, integrator: symplectic-euler}
                    expect:
                      - predicted_limit: {expected: 0.1, within: 1e-9}
                  - narration: {en: A chain., zh: 链条。}
                    actions:
                      - set: {type: chain, nodes: 3}
                    expect:
                      - naive_bound: {expected: 0.1, within: 1e-9}
                """);
        LessonRunner runner = new LessonRunner(l);
        StepResult first = runner.runNext();
        assertTrue(first.passed(), first.checks().toString());
        assertEquals(0.5, runner.simulation().time(), 1e-12, "a live change keeps the time");
        assertEquals(400, runner.simulation().system().stiffness(0));
        StepResult second = runner.runNext();
        assertTrue(second.passed(), second.checks().toString());
        assertEquals(0, runner.simulation().time(), "a new shape starts at t = 0");
        assertEquals(3, runner.simulation().system().particleCount());
        assertFalse(runner.hasNext());
        assertThrows(IllegalStateException.class, runner::runNext);
    }

    @Test
    void theStepListenerSeesEveryStepAndRestartReplaysTheSameNumbers() throws DataFileException {
        Lesson l = lesson("""
                  - narration: {en: Run., zh: 运行。}
                    actions: [run: {steps: 37}, chart: energy, pause]
                    expect: [energy_ratio_per_step: {expected: 1.01, within: 1e-9}]
                """);
        LessonRunner runner = new LessonRunner(l);
        List<Double> times = new ArrayList<>();
        runner.setStepListener(s -> times.add(s.time()));
        StepResult a = runner.runNext();
        assertEquals(37, times.size());
        assertEquals(List.of("energy"), a.charts());
        assertTrue(a.paused());
        RunRecord run = a.runs().get(0);
        assertEquals(37, run.steps());
        assertEquals(run.sampleTimes().length, run.sampleEnergies().length);
        Simulation before = runner.simulation();
        double[] x = before.system().x.clone();
        runner.restart();
        runner.setStepListener(null);
        StepResult b = runner.runNext();
        assertEquals(a.checks(), b.checks());
        assertEquals(x[4], runner.simulation().system().x[4]);
    }

    @Test
    void theReportTableAndExitCode() throws DataFileException {
        Report pass = LessonChecker.check(lesson("""
                  - narration: {en: Limit., zh: 极限。}
                    expect: [predicted_limit: {expected: unstable}]
                """));
        assertEquals(0, pass.exitCode());
        assertEquals("1 passed, 0 failed", pass.summary());
        String table = pass.formatTable();
        assertTrue(table.startsWith("lesson       step  check            expected              measured"), table);
        assertTrue(table.contains("runner-test  1     predicted_limit  unstable at every Δt"), table);
        assertTrue(table.endsWith("PASS\n1 passed, 0 failed\n"), table);
        Report fail = LessonChecker.check(lesson("""
                  - narration: {en: Limit., zh: 极限。}
                    expect: [predicted_limit: {expected: 0.2, within: 1%}]
                """));
        assertEquals(1, fail.exitCode());
        assertEquals(1, fail.failures().size());
        assertEquals(1, new Report(List.of()).exitCode(), "no rows is not a pass");
    }

    @Test
    void checkAllReportsABrokenFileAsARowAndChecksTheOthers() throws IOException, DataFileException {
        Files.copy(Path.of("lessons/02-semi-implicit-euler.yaml"), dir.resolve("a.yaml"));
        Files.writeString(dir.resolve("b.yaml"), "id: broken\ntitle: {en: x}\n");
        Files.copy(Path.of("lessons/02-semi-implicit-euler.yaml"), dir.resolve("c.yaml"));
        Files.writeString(dir.resolve("notes.txt"), "not a lesson");
        Report r = LessonChecker.checkAll(dir);
        CheckResult broken = r.rows().stream().filter(x -> x.check().equals("load")).findFirst().orElseThrow();
        assertEquals(dir.resolve("b.yaml") + ":2: title.zh: is missing", broken.measured());
        CheckResult duplicate = r.rows().stream().filter(x -> x.check().equals("id")).findFirst().orElseThrow();
        assertEquals("also the id of " + dir.resolve("a.yaml"), duplicate.measured());
        assertEquals(2, r.failed());
        assertTrue(r.passed() >= 10);
        assertEquals(1, r.exitCode());
    }

    @Test
    void checkAllRefusesAMissingOrEmptyFolder() throws IOException {
        assertEquals(dir.resolve("none") + ": no such file or folder",
                assertThrows(DataFileException.class, () -> LessonChecker.checkAll(dir.resolve("none"))).getMessage());
        Files.createDirectory(dir.resolve("empty"));
        assertEquals(dir.resolve("empty") + ": holds no lesson file (*.yaml)",
                assertThrows(DataFileException.class, () -> LessonChecker.checkAll(dir.resolve("empty"))).getMessage());
    }

    /**
     * Values put in place of the lesson's hold through the lesson's own changes and until a
     * restart. Explicit Euler multiplies a spring's energy by 1 + Δt²·k/m every step: 1.04 with
     * k = 400 N/m, m = 1 kg, Δt = 0.01 s, where the lesson (k = 100, then 200) would give 1.01 and 1.02.
     */
    @Test
    void overriddenValuesHoldThroughTheLessonsChangesUntilARestart() throws DataFileException {
        LessonRunner r = new LessonRunner(lesson("""
                  - narration: {en: Run., zh: 运行。}
                    actions: [set: {k: 200}, run: {time: 1}]
                    expect: [energy_ratio_per_step: {expected: 1.02, within: 1e-9}]
                """));
        r.setOverrides(Map.of(SceneFile.Key.K, 400.0));
        assertEquals(400, r.simulation().system().stiffness(0), "taken at once");
        StepResult s = r.runNext();
        RunRecord run = s.runs().get(0);
        assertEquals(1.04, run.minStepRatio(), 1.04 * ENERGY_LAW_PER_STEP);
        assertEquals(1.04, run.maxStepRatio(), 1.04 * ENERGY_LAW_PER_STEP);
        assertFalse(s.checks().get(0).pass(), "the lesson's statement is about its own k");

        r.restart();
        assertTrue(r.overrides().isEmpty());
        assertEquals(1.02, r.runNext().runs().get(0).maxStepRatio(), 1.02 * ENERGY_LAW_PER_STEP);

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> r.setOverrides(Map.of(SceneFile.Key.NODES, 3)));
        assertTrue(e.getMessage().startsWith("nodes:"), e.getMessage());
    }

    /** A comparison runs its sides in lock-step; each side's record is that of the same run alone. */
    @Test
    void aComparisonRunsInLockStepAndEachSideIsTheRunAlone() throws DataFileException {
        Lesson l = lesson("""
                  - narration: {en: Compare., zh: 比较。}
                    actions: [compare: {integrators: [explicit-euler, symplectic-euler], time: 1}]
                    expect: [bounded: {for: 1, integrator: symplectic-euler}]
                """);
        LessonRunner r = new LessonRunner(l);
        List<List<Simulation>> rounds = new ArrayList<>();
        r.setCompareListener(sides -> {
            if (rounds.isEmpty() || rounds.get(rounds.size() - 1) != sides) {
                rounds.add(sides);
            }
            assertEquals(sides.get(0).steps(), sides.get(1).steps(), "lock-step");
        });
        StepResult s = r.runNext();
        assertEquals(1, rounds.size(), "one list of sides for the whole comparison");
        for (RunRecord rec : s.runs()) {
            SceneFile f = l.scene();
            Simulation alone = new Simulation(f.build(), f.createIntegrator(rec.integrator()), f.dt());
            alone.step((int) rec.steps());
            assertEquals(alone.observables().total(), rec.endEnergy(), 0.0, rec.integrator().id());
            assertEquals(100, rec.steps());
        }
    }
}
