package dev.hooke.core.lesson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.integrate.BackwardEuler;
import dev.hooke.core.integrate.ImplicitOptions;
import dev.hooke.core.integrate.Integrator;
import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.integrate.Integrators;
import dev.hooke.core.integrate.SolverStats;
import dev.hooke.core.io.DataFileException;
import dev.hooke.core.scene.Perturbation;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.scene.Scenes;
import dev.hooke.core.sim.Simulation;
import dev.hooke.core.solve.PreconditionerKind;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The solver checks and run labels of the lesson format. Every expected figure is computed here
 * from an independent {@link Simulation} stepped by hand and its integrator's {@link SolverStats},
 * not taken from the runner.
 */
class SolverChecksTest {

    private static final double DT = 0.02;
    private static final int STEPS = 25;

    /** A lesson on a 6 × 6 cloth with implicit Euler (precond none, cold start) and the given steps. */
    private static Lesson lesson(String steps) throws DataFileException {
        return LessonReader.parse(String.join("\n",
                "id: solver-test",
                "title: {en: Test, zh: 测试}",
                "narration: {en: A cloth., zh: 一块布。}",
                "scene: {type: cloth, size: 6, integrator: implicit-euler, dt: 0.02, precond: none, warm_start: false}",
                "steps:",
                steps), "solver-test.yaml");
    }

    /** The CG iterations of each step of an independent run of the same scene. */
    private static int[] iterations(ImplicitOptions options) {
        Integrator be = Integrators.create(IntegratorKind.IMPLICIT_EULER, options);
        Simulation sim = new Simulation(Scenes.build(SceneSpec.of(SceneType.CLOTH).size(6)), be, DT);
        int[] out = new int[STEPS];
        for (int i = 0; i < STEPS; i++) {
            assertTrue(sim.step());
            out[i] = be.solverStats().iterations;
        }
        return out;
    }

    private static final ImplicitOptions COLD_NONE =
            ImplicitOptions.defaults().withPreconditioner(PreconditionerKind.NONE).withWarmStart(false);

    @Test
    void cgIterationStatisticsAreTheEnginesOwn() throws DataFileException {
        int[] it = iterations(COLD_NONE);
        long total = 0;
        int max = 0;
        for (int k : it) {
            total += k;
            max = Math.max(max, k);
        }
        LessonRunner runner = new LessonRunner(lesson(String.format(Locale.ROOT, """
                  - narration: {en: Run., zh: 运行。}
                    actions: [run: {steps: %d}]
                    expect:
                      - cg_iterations: {below: %d, statistic: max}
                      - cg_iterations: {below: %d, statistic: max}
                      - cg_iterations: {above: %d, below: %d, statistic: total}
                      - cg_iterations: {above: %d, statistic: total}
                """, STEPS, max + 1, max, total - 1, total + 1, total)));
        StepResult r = runner.runNext();
        RunRecord run = r.runs().get(0);
        assertEquals(STEPS, run.solves());
        assertEquals(max, run.maxIterations());
        assertEquals(total, run.totalIterations());
        assertEquals((double) total / STEPS, run.meanIterations());
        assertEquals(STEPS, run.totalNewtonIterations());
        List<Boolean> pass = r.checks().stream().map(CheckResult::pass).toList();
        assertEquals(List.of(true, false, true, false), pass, r.checks().toString());
        assertEquals("max " + max + " over " + STEPS + " steps", r.checks().get(0).measured());
    }

    @Test
    void compareRunsDividesTheTwoRunsQuantities() throws DataFileException {
        double none = mean(iterations(COLD_NONE));
        double block = mean(iterations(COLD_NONE.withPreconditioner(PreconditionerKind.BLOCK_JACOBI)));
        double ratio = block / none;
        LessonRunner runner = new LessonRunner(lesson(String.format(Locale.ROOT, """
                  - narration: {en: Run., zh: 运行。}
                    actions:
                      - run: {steps: %d, label: none}
                      - set: {precond: block-jacobi}
                      - reset
                      - run: {steps: %d, label: block}
                    expect:
                      - compare_runs: {quantity: mean_cg_iterations, run: block, baseline: none, ratio_below: %s}
                      - compare_runs: {quantity: mean_cg_iterations, run: block, baseline: none, ratio_below: %s}
                      - compare_runs: {quantity: steps, run: block, baseline: none, ratio_above: 0.999, ratio_below: 1.001}
                      - compare_runs: {quantity: total_cg_iterations, run: none, baseline: block,
                                       baseline_quantity: steps, ratio_above: %s}
                """, STEPS, STEPS, ratio * (1 + 1e-9), ratio * (1 - 1e-9), none * (1 - 1e-9))));
        StepResult r = runner.runNext();
        List<Boolean> pass = r.checks().stream().map(CheckResult::pass).toList();
        assertEquals(List.of(true, false, true, true), pass, r.checks().toString());
        assertEquals("block", r.runs().get(1).label());
    }

    private static double mean(int[] a) {
        long s = 0;
        for (int k : a) {
            s += k;
        }
        return (double) s / a.length;
    }

    @Test
    void aLiveSolverChangeKeepsTheStateAndUsesTheNewSettings() throws DataFileException {
        LessonRunner runner = new LessonRunner(lesson("""
                  - narration: {en: Run., zh: 运行。}
                    actions:
                      - run: {steps: 5}
                      - set: {precond: jacobi, tol: 1.0e-4, newton_iters: 2, clamp: false}
                    expect: [solver_converged: true]
                """));
        runner.runNext();
        assertEquals(5 * DT, runner.simulation().time(), 1e-12, "a live change keeps the time");
        BackwardEuler be = (BackwardEuler) runner.simulation().integrator();
        assertEquals(COLD_NONE.withPreconditioner(PreconditionerKind.JACOBI).withTolerance(1e-4).withNewtonIterations(2)
                .withClamp(false), be.options());
    }

    @Test
    void solverSettingsChangedUnderAnExplicitMethodLeaveItAloneAndApplyLater() throws DataFileException {
        LessonRunner runner = new LessonRunner(LessonReader.parse(String.join("\n",
                "id: later-test",
                "title: {en: Test, zh: 测试}",
                "narration: {en: A chain., zh: 一条链。}",
                "scene: {type: chain, nodes: 4, integrator: verlet, dt: 0.01}",
                "steps:",
                "  - narration: {en: Run., zh: 运行。}",
                "    actions:",
                "      - run: {steps: 10}",
                "      - set: {tol: 1.0e-3, precond: jacobi}",
                "    expect: [bounded: {for: 0.1}]",
                "  - narration: {en: Implicit., zh: 隐式。}",
                "    actions:",
                "      - set: {integrator: implicit-midpoint}",
                "      - run: {steps: 1}",
                "    expect: [solver_converged: true]",
                ""), "later-test.yaml"));
        Integrator verlet = runner.simulation().integrator();
        runner.runNext();
        assertTrue(verlet == runner.simulation().integrator(), "the Verlet integrator and its history are kept");
        runner.runNext();
        assertEquals(ImplicitOptions.defaults().withTolerance(1e-3).withPreconditioner(PreconditionerKind.JACOBI),
                ((dev.hooke.core.integrate.ImplicitMidpoint) runner.simulation().integrator()).options());
    }

    /**
     * The crumpled cube of lesson 11 (every particle moved at random) with the clamp off: the
     * runner's first indefinite step and counts are those of an independent run.
     */
    @Test
    void indefiniteAndUnconvergedStepsAreCountedFromTheSolverStats() throws DataFileException {
        BackwardEuler be = new BackwardEuler(ImplicitOptions.defaults().withClamp(false));
        Simulation sim = new Simulation(Scenes.build(SceneSpec.of(SceneType.CUBE).perturbation(Perturbation.RANDOM)
                .displacement(0.06).velocity(0).seed(2)), be, 1.0 / 60);
        int first = 0;
        int indefinite = 0;
        int unconverged = 0;
        int steps = 0;
        while (steps < 60 && sim.step()) {
            steps++;
            if (be.solverStats().indefinite && indefinite++ == 0) {
                first = steps;
            }
            if (!be.solverStats().converged) {
                unconverged++;
            }
        }
        assertTrue(indefinite > 0, "the unclamped crumpled cube meets an indefinite matrix");
        Lesson l = LessonReader.parse(String.join("\n",
                "id: cube-test",
                "title: {en: Test, zh: 测试}",
                "narration: {en: A cube., zh: 一块立方体。}",
                "scene: {type: cube, integrator: implicit-euler, dt: 0.016666666666666666, clamp: false,",
                "        perturbation: random, displacement: 0.06, velocity: 0, seed: 2}",
                "steps:",
                "  - narration: {en: Drop., zh: 落下。}",
                "    actions: [run: {time: 1}]",
                "    expect:",
                "      - solver_indefinite: true",
                "      - solver_converged: {expected: false}",
                "      - solver_indefinite: false",
                "      - solver_converged: true",
                ""), "cube-test.yaml");
        StepResult r = new LessonRunner(l).runNext();
        RunRecord run = r.runs().get(0);
        assertEquals(steps, run.steps());
        assertEquals(indefinite, run.indefiniteSteps());
        assertEquals(first, run.firstIndefiniteStep());
        assertEquals(first / 60.0, run.firstIndefiniteTime(), 1e-12);
        assertEquals(unconverged, run.unconvergedSteps());
        List<Boolean> pass = r.checks().stream().map(CheckResult::pass).toList();
        assertEquals(List.of(true, true, false, false), pass, r.checks().toString());
        assertTrue(r.checks().get(0).measured().startsWith("indefinite in " + indefinite + " of " + steps
                + " steps; first at step " + first), r.checks().get(0).measured());
    }

    @Test
    void checksReadTheLabelledRunNotTheLatest() throws DataFileException {
        LessonRunner runner = new LessonRunner(LessonReader.parse(String.join("\n",
                "id: label-test",
                "title: {en: Test, zh: 测试}",
                "narration: {en: A spring., zh: 一根弹簧。}",
                "scene: {type: spring, gravity: 0, perturbation: end, displacement: 0.1, integrator: explicit-euler,",
                "        dt: 0.01}",
                "steps:",
                "  - narration: {en: Two runs., zh: 两次运行。}",
                "    actions:",
                "      - run: {time: 1, label: coarse}",
                "      - set: {dt: 0.005}",
                "      - reset",
                "      - run: {time: 1}",
                "    expect:",
                "      - energy_ratio_per_step: {expected: 1.01, within: 1e-9, run: coarse}",
                "      - energy_ratio_per_step: {expected: 1.0025, within: 1e-9}",
                ""), "label-test.yaml"));
        StepResult r = runner.runNext();
        assertTrue(r.passed(), r.checks().toString());
    }

    @Test
    void cgIterationsCountTowardsTheWorkLimit() throws DataFileException {
        var cloth = Scenes.build(SceneSpec.of(SceneType.CLOTH).size(10));
        double size = cloth.particleCount() + cloth.springCount();
        long steps = (long) (LessonRunner.MAX_WORK_PER_ACTION / size);
        Lesson l = LessonReader.parse(String.join("\n",
                "id: work-test",
                "title: {en: Test, zh: 测试}",
                "narration: {en: A cloth., zh: 一块布。}",
                "scene: {type: cloth, size: 10, integrator: implicit-euler, dt: 0.0001}",
                "steps:",
                "  - narration: {en: Too long., zh: 太长。}",
                "    actions: [run: {steps: " + steps + "}]",
                "    expect: [solver_converged: true]",
                ""), "work-test.yaml");
        List<CheckResult> rows = LessonChecker.check(l).rows();
        assertEquals(1, rows.size());
        assertFalse(rows.get(0).pass());
        assertEquals("run", rows.get(0).check());
        assertTrue(rows.get(0).measured().startsWith("the run stopped at t = 0.0001 s: with its solver iterations it did"),
                rows.get(0).measured());
    }

    @Test
    void aDirectSolveOverTheWorkLimitIsRefusedBeforeItStarts() throws DataFileException {
        Lesson l = LessonReader.parse(String.join("\n",
                "id: work-test",
                "title: {en: Test, zh: 测试}",
                "narration: {en: A cloth., zh: 一块布。}",
                "scene: {type: cloth, size: 50, integrator: implicit-euler, solver: cholesky, dt: 0.01}",
                "steps:",
                "  - narration: {en: Too big., zh: 太大。}",
                "    actions: [run: {steps: 10}]",
                "    expect: [solver_converged: true]",
                ""), "work-test.yaml");
        List<CheckResult> rows = LessonChecker.check(l).rows();
        assertEquals(1, rows.size());
        assertTrue(rows.get(0).measured().startsWith("the run would do "), rows.get(0).measured());
        assertTrue(rows.get(0).measured().endsWith("particle-and-spring steps, more than the limit of 2.00e+09 per action"),
                rows.get(0).measured());
    }

    @Test
    void solverChecksOfAnExplicitRunAreRefusedWhenTheLessonIsRead() {
        DataFileException e = assertThrows(DataFileException.class, () -> LessonReader.parse(String.join("\n",
                "id: explicit-test",
                "title: {en: Test, zh: 测试}",
                "narration: {en: A spring., zh: 一根弹簧。}",
                "scene: {type: spring, integrator: explicit-euler, dt: 0.01}",
                "steps:",
                "  - narration: {en: Run., zh: 运行。}",
                "    actions: [run: {time: 0.1}]",
                "    expect: [cg_iterations: {below: 20}]",
                ""), "explicit-test.yaml"));
        assertEquals("explicit-test.yaml:8: steps[0].expect[0]: 'cg_iterations' reads the linear solves of an "
                + "implicit integrator, and the latest run uses explicit-euler, which solves none", e.getMessage());
    }
}
