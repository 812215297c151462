package dev.hooke.core.lesson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.integrate.ImplicitOptions;
import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.io.DataFileException;
import dev.hooke.core.scene.SceneFile;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.solve.PreconditionerKind;
import dev.hooke.core.solve.SolverKind;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class LessonReaderTest {

    /** A small valid lesson; line numbers matter to the tests below. */
    static final String VALID = String.join("\n",
            "id: tiny",                                                   // 1
            "title: {en: Tiny, zh: 小}",                                   // 2
            "narration: {en: One spring., zh: 一根弹簧。}",                    // 3
            "scene:",                                                     // 4
            "  type: spring",                                             // 5
            "  mass: 1",                                                  // 6
            "  k: 100",                                                   // 7
            "  gravity: 0",                                               // 8
            "  perturbation: end",                                        // 9
            "  displacement: 0.1",                                        // 10
            "  integrator: explicit-euler",                               // 11
            "  dt: 0.01",                                                 // 12
            "steps:",                                                     // 13
            "  - narration: {en: Run., zh: 运行。}",                          // 14
            "    question:",                                              // 15
            "      prompt: {en: 'Grows?', zh: '增长？'}",                         // 16
            "      choices:",                                             // 17
            "        - {en: 'Yes', zh: 是}",                               // 18
            "        - {en: 'No', zh: 否}",                                // 19
            "      answer: 1",                                            // 20
            "    actions:",                                               // 21
            "      - chart: energy",                                      // 22
            "      - run: {time: 1}",                                     // 23
            "      - pause",                                              // 24
            "    expect:",                                                // 25
            "      - energy_ratio_per_step: {expected: 1.01, within: 1e-9}", // 26
            "      - explosion_dt: {within: 5%, integrator: symplectic-euler}", // 27
            "");

    /** A small valid lesson with the solver keys, labelled runs and the solver checks; line numbers matter. */
    static final String VALID_IMPLICIT = String.join("\n",
            "id: tiny-implicit",                                          // 1
            "title: {en: Tiny, zh: 小}",                                   // 2
            "narration: {en: A falling cloth., zh: 一块下落的布。}",            // 3
            "scene:",                                                     // 4
            "  type: cloth",                                              // 5
            "  size: 6",                                                  // 6
            "  integrator: implicit-euler",                               // 7
            "  dt: 0.02",                                                 // 8
            "  solver: cg",                                               // 9
            "  precond: none",                                            // 10
            "  tol: 1.0e-6",                                              // 11
            "  max_iter: 500",                                            // 12
            "  warm_start: false",                                        // 13
            "  newton_iters: 1",                                          // 14
            "  clamp: true",                                              // 15
            "steps:",                                                     // 16
            "  - narration: {en: Run., zh: 运行。}",                          // 17
            "    question:",                                              // 18
            "      prompt: {en: 'Fewer?', zh: '更少？'}",                        // 19
            "      choices:",                                             // 20
            "        - {en: 'Yes', zh: 是}",                               // 21
            "        - {en: 'No', zh: 否}",                                // 22
            "      answer: 1",                                            // 23
            "    actions:",                                               // 24
            "      - run: {time: 0.5, label: none}",                      // 25
            "      - set: {precond: block-jacobi, warm_start: true}",     // 26
            "      - reset",                                              // 27
            "      - run: {time: 0.5, label: block}",                     // 28
            "    expect:",                                                // 29
            "      - cg_iterations: {below: 200, above: 1, statistic: mean, run: none}", // 30
            "      - solver_converged: true",                             // 31
            "      - solver_indefinite: {expected: false, run: block}",   // 32
            "      - compare_runs: {quantity: mean_cg_iterations, run: block, baseline: none, ratio_below: 1}", // 33
            "");

    private static String replaceLine(String text, int line, String replacement) {
        String[] lines = text.split("\n", -1);
        lines[line - 1] = replacement;
        return String.join("\n", lines);
    }

    private static String error(String text) {
        return assertThrows(DataFileException.class, () -> LessonReader.parse(text, "lessons/t.yaml")).getMessage();
    }

    @Test
    void readsAValidLessonIntoTypedObjects() throws DataFileException {
        Lesson l = LessonReader.parse(VALID, "lessons/t.yaml");
        assertEquals("tiny", l.id());
        assertEquals(new Text("Tiny", "小"), l.title());
        assertEquals(SceneType.SPRING, l.scene().type());
        assertEquals(IntegratorKind.EXPLICIT_EULER, l.scene().integrator());
        assertEquals(0.01, l.scene().dt());
        assertEquals(1, l.steps().size());
        Step s = l.steps().get(0);
        assertEquals(14, s.line());
        assertEquals(1, s.question().answer());
        assertTrue(s.question().accepts(1));
        assertEquals(List.of(new Action.Chart("energy", 22), new Action.Run(1.0, 0, false, null, 23), new Action.Pause(24)),
                s.actions());
        assertEquals(new Check.EnergyRatioPerStep(1.01, 1e-9, null, null, 26), s.checks().get(0));
        assertEquals(new Check.ExplosionDt(0.05, 200, 1e6, IntegratorKind.SYMPLECTIC_EULER, 27), s.checks().get(1));
        assertEquals(2, l.checkCount());
    }

    /**
     * What a question hides while it is open: by default the limit and the naive bound when the
     * step checks stability (VALID checks the explosion's Δt), nothing when it does not; a lesson
     * may name them itself.
     */
    @Test
    void aQuestionHidesTheStabilityReadoutsByDefaultOrWhatItNames() throws DataFileException {
        assertEquals(java.util.Set.of(Readout.LIMIT, Readout.NAIVE_BOUND),
                LessonReader.parse(VALID, "lessons/t.yaml").steps().get(0).hidden());
        assertEquals(java.util.Set.of(), LessonReader.parse(VALID_IMPLICIT, "lessons/t.yaml").steps().get(0).hidden(),
                "a question about the solver hides nothing");
        assertEquals(java.util.Set.of(Readout.NAIVE_BOUND), LessonReader.parse(
                replaceLine(VALID, 20, "      answer: 1\n      hides: [naive_bound]"), "lessons/t.yaml").steps().get(0).hidden());
        assertEquals(java.util.Set.of(), LessonReader.parse(
                replaceLine(VALID, 20, "      answer: 1\n      hides: []"), "lessons/t.yaml").steps().get(0).hidden());
        assertEquals("lessons/t.yaml:21: steps[0].question.hides[0]: is not a readout: write limit or naive_bound",
                error(replaceLine(VALID, 20, "      answer: 1\n      hides: [omega]")));
    }

    @Test
    void aNegativePercentageNamesFileLineAndField() {
        assertEquals("lessons/t.yaml:27: steps[0].expect[1].explosion_dt.within: must be a percentage > 0, got -5%",
                error(replaceLine(VALID, 27, "      - explosion_dt: {within: -5%}")));
    }

    @Test
    void anUnknownIntegrator() {
        String m = error(replaceLine(VALID, 11, "  integrator: leapfrog"));
        assertTrue(m.startsWith("lessons/t.yaml:11: scene.integrator: unknown integrator 'leapfrog'; choose one of "),
                m);
    }

    @Test
    void aNegativeTimeStep() {
        assertEquals("lessons/t.yaml:12: scene.dt: must be a number > 0, got -0.01",
                error(replaceLine(VALID, 12, "  dt: -0.01")));
    }

    @Test
    void aMissingField() {
        assertEquals("lessons/t.yaml:1: title: is missing", error(replaceLine(VALID, 2, "")));
        assertEquals("lessons/t.yaml:16: steps[0].question.prompt.zh: is missing",
                error(replaceLine(VALID, 16, "      prompt: {en: 'Grows?'}")));
    }

    @Test
    void aWrongType() {
        assertEquals("lessons/t.yaml:6: scene.mass: must be a number, got 'heavy'",
                error(replaceLine(VALID, 6, "  mass: heavy")));
        assertEquals("lessons/t.yaml:6: scene.mass: must be a single value, got a list",
                error(replaceLine(VALID, 6, "  mass: [1, 2]")));
        assertEquals("lessons/t.yaml:13: steps: must be a list, got a mapping",
                error(VALID.substring(0, VALID.indexOf("steps:")) + "steps: {a: 1}\n"));
        assertEquals("lessons/t.yaml:20: steps[0].question.answer: must be between 1 and 2, got 3",
                error(replaceLine(VALID, 20, "      answer: 3")));
    }

    @Test
    void aHugeMeshIsRefusedWithItsSize() {
        String text = VALID.replace("  type: spring\n", "  type: cloth\n  size: 400\n")
                .replace("  perturbation: end\n", "").replace("  displacement: 0.1\n", "");
        assertEquals("lessons/t.yaml:6: scene.size: the scene would have 160000 particles, more than the limit of "
                + LessonReader.MAX_PARTICLES, error(text));
    }

    @Test
    void aKeyThatDoesNotFitTheScene() {
        assertEquals("lessons/t.yaml:7: scene.nodes: does not apply to the spring scene",
                error(replaceLine(VALID, 7, "  nodes: 5")));
    }

    @Test
    void anUnknownKeyActionOrCheck() {
        assertTrue(error(replaceLine(VALID, 7, "  stiffness: 100"))
                .startsWith("lessons/t.yaml:7: scene.stiffness: unknown key; expected one of type, nodes"));
        assertEquals("lessons/t.yaml:23: steps[0].actions[1]: unknown action 'jump'; expected one of set, integrator, "
                + "run, reset, pause, sweep_dt, compare, chart", error(replaceLine(VALID, 23, "      - jump: {time: 1}")));
        assertTrue(error(replaceLine(VALID, 26, "      - energy_growth: {expected: 1.01}"))
                .startsWith("lessons/t.yaml:26: steps[0].expect[0]: unknown check 'energy_growth'; expected one of"));
        assertEquals("lessons/t.yaml:26: steps[0].expect[0].energy_ratio_per_step.witin: unknown key; expected one of "
                + "expected, integrator, run, within",
                error(replaceLine(VALID, 26, "      - energy_ratio_per_step: {expected: 1.01, witin: 1e-9}")));
    }

    @Test
    void aDuplicateKey() {
        assertEquals("lessons/t.yaml:8: scene: the key 'mass' appears twice (first at line 6)",
                error(replaceLine(VALID, 8, "  mass: 2")));
    }

    @Test
    void aCheckBeforeAnyRun() {
        assertEquals("lessons/t.yaml:26: steps[0].expect[0]: there is no run before this check: add a run or "
                + "compare action", error(replaceLine(VALID, 23, "      - reset")));
        assertEquals("lessons/t.yaml:26: steps[0].expect[0].energy_ratio_per_step.integrator: no run with rk4 "
                + "happens before this check",
                error(replaceLine(VALID, 26, "      - energy_ratio_per_step: {expected: 1.01, within: 1e-9, integrator: rk4}")));
    }

    @Test
    void badYamlSyntax() {
        assertEquals("lessons/t.yaml:25: YAML syntax: expected ',' or '}', but got : (while parsing a flow mapping "
                + "that starts at line 23)", error(replaceLine(VALID, 23, "      - run: {time: 1")));
        String m;
        m = error(replaceLine(VALID, 6, "\tmass: 1"));
        assertTrue(m.startsWith("lessons/t.yaml:6: YAML syntax: "), m);
    }

    @Test
    void tagsThatNameTypesAreRefused() {
        assertEquals("lessons/t.yaml:6: the tag !java.lang.ProcessBuilder is not allowed: lesson and scene files are "
                + "plain data", error(replaceLine(VALID, 6, "  mass: !java.lang.ProcessBuilder [rm]")));
        String m = error(replaceLine(VALID, 6, "  mass: !!javax.script.ScriptEngineManager [x]"));
        assertTrue(m.startsWith("lessons/t.yaml:6: YAML syntax: Global tag is not allowed"), m);
    }

    @Test
    void deepNestingIsRefusedOnItsLine() {
        String deep = replaceLine(VALID, 22, "      - chart: " + "[".repeat(200) + "]".repeat(200));
        assertEquals("lessons/t.yaml:22: nested more than 24 levels deep", error(deep));
    }

    @Test
    void anEmptyFileAndGarbage() {
        assertEquals("lessons/t.yaml:1: the file is empty; a lesson needs id, title, narration, scene and steps",
                error(""));
        assertEquals("lessons/t.yaml:1: must be a mapping of names to values, got a single value: this is not a lesson "
                + "or scene file", error("hello"), "the text of a file that is no lesson is not quoted");
    }

    @Test
    void numericQuestionsNeedATolerance() throws DataFileException {
        String numeric = replaceLine(replaceLine(replaceLine(replaceLine(VALID, 17, "      answer: 0.02"), 18,
                "      within: 5%"), 19, "      unit: s"), 20, "");
        Question q = LessonReader.parse(numeric, "lessons/t.yaml").steps().get(0).question();
        assertEquals(0.02, q.value());
        assertTrue(q.accepts(0.0205));
        assertTrue(!q.accepts(0.03));
        assertEquals("lessons/t.yaml:16: steps[0].question: a numeric answer needs 'within' (for example 10%); or "
                + "give 'choices' for multiple choice", error(replaceLine(numeric, 18, "")));
    }

    @Test
    void setIsCheckedAgainstTheSceneAtThatPoint() throws DataFileException {
        String set = replaceLine(VALID, 22, "      - set: {k: 400, dt: 0.02}");
        Step s = LessonReader.parse(set, "lessons/t.yaml").steps().get(0);
        Action.Set a = (Action.Set) s.actions().get(0);
        assertEquals(400.0, a.change().get(SceneFile.Key.K));
        assertTrue(a.isLive());
        assertEquals(EnumSet.of(SceneFile.Key.K, SceneFile.Key.DT), s.controls());
        assertEquals("lessons/t.yaml:22: steps[0].actions[0].set.size: does not apply to the spring scene",
                error(replaceLine(VALID, 22, "      - set: {size: 10}")));
        assertEquals("lessons/t.yaml:22: steps[0].actions[0].set.nodes: the scene would have 100000 particles, more "
                + "than the limit of " + LessonReader.MAX_PARTICLES,
                error(replaceLine(VALID, 22, "      - set: {type: chain, nodes: 100000}")));
        assertNull(LessonReader.parse(VALID, "x").steps().get(0).checks().get(0).integrator());
    }

    @Test
    void readsSolverKeysLabelsAndSolverChecks() throws DataFileException {
        Lesson l = LessonReader.parse(VALID_IMPLICIT, "lessons/t.yaml");
        assertEquals(new ImplicitOptions(SolverKind.CG, PreconditionerKind.NONE, 1e-6, 500, false, 1, true),
                l.scene().implicitOptions());
        Step s = l.steps().get(0);
        assertEquals(new Action.Run(0.5, 0, false, "none", 25), s.actions().get(0));
        assertEquals(EnumSet.of(SceneFile.Key.PRECOND, SceneFile.Key.WARM_START), s.controls());
        assertTrue(((Action.Set) s.actions().get(1)).isLive());
        assertEquals(new Check.CgIterations(200, 1, "mean", null, "none", 30), s.checks().get(0));
        assertEquals(new Check.SolverConverged(true, null, null, 31), s.checks().get(1));
        assertEquals(new Check.SolverIndefinite(false, null, "block", 32), s.checks().get(2));
        assertEquals(new Check.CompareRuns(Check.Quantity.MEAN_CG_ITERATIONS, "block", Check.Quantity.MEAN_CG_ITERATIONS,
                "none", Double.NEGATIVE_INFINITY, 1, 33), s.checks().get(3));
    }

    @Test
    void badSolverKeysNameFileLineAndField() {
        assertEquals("lessons/t.yaml:9: scene.solver: unknown solver 'lu'; choose one of cg, cholesky",
                error(replaceLine(VALID_IMPLICIT, 9, "  solver: lu")));
        assertEquals("lessons/t.yaml:10: scene.precond: unknown preconditioner 'ilu'; choose one of none, jacobi, "
                + "block-jacobi, two-level, ssor, multilevel", error(replaceLine(VALID_IMPLICIT, 10, "  precond: ilu")));
        assertEquals("lessons/t.yaml:11: scene.tol: must be a relative residual > 0 and < 1, got 2",
                error(replaceLine(VALID_IMPLICIT, 11, "  tol: 2")));
        assertEquals("lessons/t.yaml:12: scene.max_iter: must be between 1 and 1000000, got 0",
                error(replaceLine(VALID_IMPLICIT, 12, "  max_iter: 0")));
        assertEquals("lessons/t.yaml:13: scene.warm_start: must be true or false, got 'yes'",
                error(replaceLine(VALID_IMPLICIT, 13, "  warm_start: yes")));
        assertEquals("lessons/t.yaml:14: scene.newton_iters: must be between 1 and 100, got 101",
                error(replaceLine(VALID_IMPLICIT, 14, "  newton_iters: 101")));
        assertEquals("lessons/t.yaml:15: scene.clamp: must be true or false, got '2'",
                error(replaceLine(VALID_IMPLICIT, 15, "  clamp: 2")));
        assertEquals("lessons/t.yaml:26: steps[0].actions[1].set.tol: must be a number > 0, got 0",
                error(replaceLine(VALID_IMPLICIT, 26, "      - set: {tol: 0}")));
        assertEquals("lessons/t.yaml:26: steps[0].actions[1].set.max_iter: must be a whole number, got '2.5'",
                error(replaceLine(VALID_IMPLICIT, 26, "      - set: {max_iter: 2.5}")));
    }

    @Test
    void badRunLabelsNameFileLineAndField() {
        assertEquals("lessons/t.yaml:25: steps[0].actions[0].run.label: must be lowercase letters, digits and dashes "
                + "(at most 64), got 'No Pre'", error(replaceLine(VALID_IMPLICIT, 25, "      - run: {time: 0.5, label: No Pre}")));
        assertEquals("lessons/t.yaml:30: steps[0].expect[0].cg_iterations.run: no run labelled 'nine' happens before "
                + "this check; the labels so far are block, none",
                error(replaceLine(VALID_IMPLICIT, 30, "      - cg_iterations: {below: 200, run: nine}")));
        assertEquals("lessons/t.yaml:30: steps[0].expect[0].cg_iterations.run: give either 'run' (a label) or "
                + "'integrator', not both",
                error(replaceLine(VALID_IMPLICIT, 30, "      - cg_iterations: {below: 200, run: none, integrator: implicit-euler}")));
        assertEquals("lessons/t.yaml:32: steps[0].expect[2].solver_indefinite.run: no run labelled 'later' happens "
                + "before this check; the labels so far are block, none",
                error(replaceLine(VALID_IMPLICIT, 32, "      - solver_indefinite: {expected: false, run: later}")));
    }

    @Test
    void badSolverChecksNameFileLineAndField() {
        assertEquals("lessons/t.yaml:30: steps[0].expect[0].cg_iterations: needs 'below', 'above' or both (CG "
                + "iterations, for example 'below: 50')",
                error(replaceLine(VALID_IMPLICIT, 30, "      - cg_iterations: {statistic: mean}")));
        assertEquals("lessons/t.yaml:30: steps[0].expect[0].cg_iterations.statistic: must be one of mean, max, total, "
                + "got 'median'", error(replaceLine(VALID_IMPLICIT, 30, "      - cg_iterations: {below: 9, statistic: median}")));
        assertEquals("lessons/t.yaml:30: steps[0].expect[0].cg_iterations.below: must be larger than 'above' + 1 (5), "
                + "got 5", error(replaceLine(VALID_IMPLICIT, 30, "      - cg_iterations: {below: 5, above: 4}")));
        assertEquals("lessons/t.yaml:30: steps[0].expect[0].cg_iterations.above: must be a whole number, got 'few'",
                error(replaceLine(VALID_IMPLICIT, 30, "      - cg_iterations: {above: few}")));
        assertEquals("lessons/t.yaml:31: steps[0].expect[1].solver_converged: must be true or false, got 'maybe'",
                error(replaceLine(VALID_IMPLICIT, 31, "      - solver_converged: maybe")));
        assertEquals("lessons/t.yaml:32: steps[0].expect[2].solver_indefinite.expected: is missing",
                error(replaceLine(VALID_IMPLICIT, 32, "      - solver_indefinite: {run: block}")));
        assertEquals("lessons/t.yaml:32: steps[0].expect[2].solver_indefinite.within: unknown key; expected one of "
                + "expected, integrator, run",
                error(replaceLine(VALID_IMPLICIT, 32, "      - solver_indefinite: {expected: true, within: 1%}")));
    }

    @Test
    void solverChecksNeedARunThatSolves() {
        assertEquals("lessons/t.yaml:30: steps[0].expect[0]: 'cg_iterations' reads the linear solves of an implicit "
                + "integrator, and the run 'none' uses symplectic-euler, which solves none",
                error(replaceLine(VALID_IMPLICIT, 7, "  integrator: symplectic-euler")));
        assertEquals("lessons/t.yaml:33: steps[0].expect[3].compare_runs.run: 'mean_cg_iterations' counts CG "
                + "iterations, and the run 'block' solves with cholesky, which takes none (set 'solver: cg')",
                error(replaceLine(VALID_IMPLICIT, 26, "      - set: {solver: cholesky}")));
        assertEquals("lessons/t.yaml:31: steps[0].expect[1]: 'solver_converged' reads the linear solves of an "
                + "implicit integrator, and the run 'block' uses rk4, which solves none",
                error(replaceLine(VALID_IMPLICIT, 27, "      - integrator: rk4")));
    }

    @Test
    void badComparisonsNameFileLineAndField() {
        String c = "      - compare_runs: ";
        assertTrue(error(replaceLine(VALID_IMPLICIT, 33, c + "{quantity: speed, run: block, baseline: none, "
                + "ratio_below: 1}")).startsWith("lessons/t.yaml:33: steps[0].expect[3].compare_runs.quantity: unknown "
                + "quantity 'speed'; choose one of mean_cg_iterations, max_cg_iterations, total_cg_iterations, steps"));
        assertEquals("lessons/t.yaml:33: steps[0].expect[3].compare_runs.baseline: is missing",
                error(replaceLine(VALID_IMPLICIT, 33, c + "{quantity: steps, run: block, ratio_below: 1}")));
        assertEquals("lessons/t.yaml:33: steps[0].expect[3].compare_runs: needs 'ratio_below', 'ratio_above' or both "
                + "(bounds on steps of 'run' / steps of 'baseline')",
                error(replaceLine(VALID_IMPLICIT, 33, c + "{quantity: steps, run: block, baseline: none}")));
        assertEquals("lessons/t.yaml:33: steps[0].expect[3].compare_runs.ratio_below: must be larger than "
                + "'ratio_above' (2.0), got 1.0",
                error(replaceLine(VALID_IMPLICIT, 33, c + "{quantity: steps, run: block, baseline: none, ratio_above: 2, "
                        + "ratio_below: 1}")));
        assertEquals("lessons/t.yaml:33: steps[0].expect[3].compare_runs.ratio_above: must be a number >= 0, got -1",
                error(replaceLine(VALID_IMPLICIT, 33, c + "{quantity: steps, run: block, baseline: none, ratio_above: -1}")));
        assertEquals("lessons/t.yaml:33: steps[0].expect[3].compare_runs.baseline: is the run itself: the ratio would "
                + "be 1", error(replaceLine(VALID_IMPLICIT, 33, c + "{quantity: steps, run: block, baseline: block, "
                + "ratio_below: 2}")));
        assertEquals("lessons/t.yaml:33: steps[0].expect[3].compare_runs.baseline: no run labelled 'cold' happens "
                + "before this check; the labels so far are block, none",
                error(replaceLine(VALID_IMPLICIT, 33, c + "{quantity: steps, run: block, baseline: cold, ratio_below: 2}")));
        assertEquals("lessons/t.yaml:33: steps[0].expect[3].compare_runs.baseline_quantity: unknown quantity 'work'; "
                + "choose one of mean_cg_iterations, max_cg_iterations, total_cg_iterations, steps, max_strain, "
                + "energy_ratio", error(replaceLine(VALID_IMPLICIT, 33, c + "{quantity: steps, run: block, baseline: none, "
                + "baseline_quantity: work, ratio_below: 2}")));
    }
}
