package dev.hooke.core.lesson;

import static dev.hooke.core.lesson.Bilingual.assertBilingual;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.io.DataFileException;
import dev.hooke.core.solve.SolveOutcome;
import dev.hooke.core.stability.StabilityLimit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * What the runner reports comes in English and Chinese with the same numbers: every kind of check
 * states its expectation in both, and the measured values, failures included, are both.
 */
class ReportTextsTest {

    private static final double INF = Double.POSITIVE_INFINITY;
    private static final double NAN = Double.NaN;

    /** At least one instance of every kind of check, with numbers that only one language could lose. */
    private static List<Check> samples() {
        return List.of(
                new Check.Explodes(2.5, null, null, 1),
                new Check.Bounded(10, IntegratorKind.VERLET, null, 1),
                new Check.EnergyRatioPerStep(1.01, 1e-9, null, null, 1),
                new Check.EnergyRatio(0.37, 0.02, NAN, NAN, null, null, 1),
                new Check.EnergyRatio(NAN, NAN, 0.9, 1.1, null, null, 1),
                new Check.EnergyRatio(NAN, NAN, 3, INF, null, null, 1),
                new Check.EnergyRange(0.95, 1.05, null, null, 1),
                new Check.EnergyDrift(1e-3, null, null, 1),
                new Check.ErrorVsExact(0, 0.004, null, null, 1),
                new Check.ErrorVsExact(0.001, 0.004, null, null, 1),
                new Check.Crossings(7, 7, null, null, 1),
                new Check.Crossings(3, 9, null, null, 1),
                new Check.MaxStrain(0.25, 0.75, null, null, 1),
                new Check.Torn(1, Integer.MAX_VALUE, null, null, 1),
                new Check.Torn(1, 5, null, null, 1),
                new Check.CgIterations(80, -1, "mean", null, null, 1),
                new Check.CgIterations(Long.MAX_VALUE, 12, "max", null, null, 1),
                new Check.CgIterations(900, 12, "total", null, null, 1),
                new Check.SolverConverged(true, null, null, 1),
                new Check.SolverConverged(false, null, null, 1),
                new Check.SolverIndefinite(true, null, null, 1),
                new Check.SolverIndefinite(false, null, null, 1),
                new Check.CompareRuns(Check.Quantity.MEAN_CG_ITERATIONS, "block", Check.Quantity.MEAN_CG_ITERATIONS,
                        "none", -INF, 0.7, 1),
                new Check.CompareRuns(Check.Quantity.STEPS, "a", Check.Quantity.MAX_STRAIN, "b", 0.5, INF, 1),
                new Check.CompareRuns(Check.Quantity.ENERGY_RATIO, "a", Check.Quantity.ENERGY_RATIO, "b", 0.5, 2, 1),
                new Check.PredictedLimit(Check.LimitKind.UNSTABLE, NAN, NAN, null, 1),
                new Check.PredictedLimit(Check.LimitKind.NONE, NAN, NAN, null, 1),
                new Check.PredictedLimit(Check.LimitKind.SECONDS, 0.02, 0.01, null, 1),
                new Check.NaiveBound(0.02, 1e-9, null, 1),
                new Check.OmegaMax(31.6, 0.001, null, 1),
                new Check.LimitOverNaive(0.5, 0.03, null, 1),
                new Check.ExplosionDt(0.01, 200, 1e6, null, 1),
                new Check.ModesOutside(2, null, 1),
                new Check.ModeAmplification(1, 0.157, 1e-5, null, 1),
                new Check.ModeAmplification(15, 0.952, 1e-5, IntegratorKind.IMPLICIT_EULER, 1),
                new Check.ModesLimit(1e-6, IntegratorKind.RK4, 1),
                new Check.SweepMatchesPrediction(null, 1),
                new Check.ConvergenceOrder(4, 0.15, List.of(0.01, 0.005), 2, IntegratorKind.RK4, 1));
    }

    private static void leaves(Class<?> c, Set<Class<?>> out) {
        if (c.isSealed()) {
            for (Class<?> sub : c.getPermittedSubclasses()) {
                leaves(sub, out);
            }
        } else {
            out.add(c);
        }
    }

    @Test
    void everyKindOfCheckStatesItsExpectationInBothLanguages() {
        Set<Class<?>> kinds = new HashSet<>();
        leaves(Check.class, kinds);
        Set<Class<?>> covered = new HashSet<>();
        for (Check c : samples()) {
            covered.add(c.getClass());
            assertBilingual(c.describeExpected(), c.name());
            assertBilingual(ReportTexts.title(c.name()), c.name() + " title");
            assertTrue(ReportTexts.titled().contains(c.name()), c.name() + " has no title");
        }
        assertEquals(kinds, covered, "a kind of check without a sample");
    }

    @Test
    void theNumbersAreTheSameStringsInBothLanguages() {
        Text t = new Check.EnergyRatioPerStep(1.00000001, 1e-9, null, null, 1).describeExpected();
        assertTrue(t.en().contains("1.00000001") && t.zh().contains("1.00000001"), t.toString());
        assertTrue(t.en().contains("±1e-9") && t.zh().contains("±1e-9"), t.toString());
        Text c = new Check.CompareRuns(Check.Quantity.MEAN_CG_ITERATIONS, "block", Check.Quantity.MEAN_CG_ITERATIONS,
                "none", -INF, 0.7, 1).describeExpected();
        assertEquals("mean CG iterations per step of 'block' / of 'none' < 0.7", c.en());
        assertEquals("'block' 与 'none' 的每步平均共轭梯度迭代次数之比 < 0.7", c.zh());
        assertEquals("语言", new Text("language", "语言").get(Locale.SIMPLIFIED_CHINESE));
        assertEquals("language", new Text("language", "语言").get(Locale.ENGLISH));
    }

    @Test
    void theBilingualCheckCatchesALostNumber() {
        assertThrows(AssertionError.class, () -> assertBilingual(new Text("explodes within 2 s", "在 3 s 内爆炸"), "x"));
        assertThrows(AssertionError.class, () -> assertBilingual(new Text("explodes within 2 s", "explodes within 2 s"),
                "x"));
        assertThrows(AssertionError.class, () -> assertBilingual(new Text("爆炸", "爆炸"), "x"));
    }

    @Test
    void actionsRulesLimitsAndSolveOutcomesHaveBothLanguages() {
        for (String action : List.of("set", "integrator", "run", "reset", "pause", "sweep_dt", "compare", "chart",
                "load", "id")) {
            assertBilingual(ReportTexts.title(action), action);
            assertTrue(ReportTexts.titled().contains(action), action);
        }
        for (IntegratorKind k : IntegratorKind.values()) {
            for (double zeta : new double[] {0, 0.1}) {
                for (double dt : new double[] {0, 0.0123, INF}) {
                    StabilityLimit lim = new StabilityLimit(k, dt, 10, zeta,
                            dev.hooke.core.stability.StabilityAnalysis.predictedLimit(
                                    spring(), k, 5e-5).rule());
                    assertBilingual(ReportTexts.limit(lim), k + " " + dt);
                    assertEquals(lim.describe(), ReportTexts.limit(lim).en());
                }
            }
        }
        for (SolveOutcome o : SolveOutcome.values()) {
            assertBilingual(ReportTexts.outcome(o), o.name());
        }
    }

    private static dev.hooke.core.model.MassSpringSystem spring() {
        return dev.hooke.core.scene.Scenes.build(new dev.hooke.core.scene.SceneSpec());
    }

    /** A lesson on lesson 1's spring (explicit Euler, Δt = 0.01 s, ω = 10 rad/s) with the given steps. */
    private static Lesson lesson(String scene, String steps) throws DataFileException {
        return LessonReader.parse(String.join("\n",
                "id: texts-test",
                "title: {en: Test, zh: 测试}",
                "narration: {en: A spring., zh: 一根弹簧。}",
                "scene: " + scene,
                "steps:",
                steps), "texts-test.yaml");
    }

    private static final String SPRING = "{type: spring, mass: 1, k: 100, gravity: 0, perturbation: end, "
            + "displacement: 0.1, integrator: explicit-euler, dt: 0.01}";

    @Test
    void measuredValuesPassedAndFailedAreBilingual() throws DataFileException {
        List<CheckResult> rows = new ArrayList<>();
        rows.addAll(LessonChecker.check(lesson(SPRING, String.join("\n",
                "  - narration: {en: Checks before any run., zh: 运行之前的检验。}",
                "    expect:",
                "      - predicted_limit: {expected: unstable}",
                "      - explosion_dt: {within: 1%}",
                "  - narration: {en: Run., zh: 运行。}",
                "    actions:",
                "      - run: {time: 1}",
                "    expect:",
                "      - energy_ratio_per_step: {expected: 1.01, within: 1e-9}",
                "      - energy_ratio: {expected: 1, within: 1%}",
                "      - energy_ratio: {min: 0.5, max: 2}",
                "      - energy_range: {min: 0.9, max: 1.1}",
                "      - energy_drift: {max: 0.01}",
                "      - error_vs_exact: {max: 0.001}",
                "      - crossings: {min: 1}",
                "      - max_strain: {max: 0.5}",
                "      - explodes: {within: 1}",
                "      - bounded: {for: 1}",
                "      - naive_bound: {expected: 0.2, within: 1%}",
                "      - omega_max: {expected: 10, within: 1%}",
                "  - narration: {en: Sweep., zh: 扫描。}",
                "    actions:",
                "      - set: {integrator: symplectic-euler}",
                "      - sweep_dt: {values: [0.1, 0.19, 0.21], time: 5}",
                "    expect:",
                "      - sweep_matches_prediction: true",
                "      - predicted_limit: {expected: 0.2, within: 1%}",
                "      - limit_over_naive: {expected: 1, within: 1%}",
                "      - explosion_dt: {within: 1%}",
                "      - convergence_order: {expected: 1, within: 0.2, dts: [0.01, 0.005], time: 1}",
                "  - narration: {en: Too long., zh: 太长。}",
                "    actions:",
                "      - run: {steps: 10000000}"))).rows());
        rows.addAll(LessonChecker.check(lesson("{type: chain, nodes: 4, integrator: implicit-euler, dt: 0.01,"
                + " solver: cholesky}", String.join("\n",
                "  - narration: {en: Implicit., zh: 隐式。}",
                "    actions:",
                "      - run: {time: 0.1, label: a}",
                "      - run: {time: 0.1, label: b}",
                "    expect:",
                "      - solver_converged: true",
                "      - solver_indefinite: false",
                "      - energy_ratio: {max: 1}",
                "      - compare_runs: {quantity: steps, run: a, baseline: b, ratio_above: 0.5, ratio_below: 2}"))).rows());
        assertEquals(24, rows.size(), "one row per check and one for the action that cannot be played");
        assertTrue(rows.stream().anyMatch(CheckResult::pass) && rows.stream().anyMatch(r -> !r.pass()));
        for (CheckResult r : rows) {
            assertBilingual(r);
        }
        CheckResult tooLong = rows.stream().filter(r -> r.check().equals("run")).findFirst().orElseThrow();
        assertFalse(tooLong.pass());
        assertEquals("would take 10000000 steps, more than the limit of 5000000 per action", tooLong.measured());
        assertEquals("需要 10000000 步，超过每个动作 5000000 步的上限", tooLong.measuredText().zh());
    }
}
