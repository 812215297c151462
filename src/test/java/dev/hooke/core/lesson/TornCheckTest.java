package dev.hooke.core.lesson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.integrate.Integrators;
import dev.hooke.core.io.DataFileException;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.scene.Perturbation;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.scene.Scenes;
import dev.hooke.core.sim.Simulation;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The {@code torn} check counts the springs that broke during the run it reads: the count of a
 * simulation of the same cloth stepped here, springs broken before the run left out.
 */
class TornCheckTest {

    private static final double DT = 0.001;
    private static final int STEPS = 500;

    private static Lesson lesson(double tearStrain, String expect) throws DataFileException {
        return LessonReader.parse(String.join("\n",
                "id: torn-test",
                "title: {en: Test, zh: 测试}",
                "narration: {en: A cloth., zh: 一块布。}",
                "scene: {type: cloth, size: 6, vertical: true, tear_strain: " + tearStrain + ", perturbation: end,",
                "        velocity: 50, integrator: symplectic-euler, dt: " + DT + "}",
                "steps:",
                "  - narration: {en: Run., zh: 运行。}",
                "    actions:",
                "      - run: {steps: " + STEPS + ", label: first}",
                "      - run: {steps: " + STEPS + ", label: second}",
                "    expect:",
                expect), "torn-test.yaml");
    }

    /** Springs broken after each block of steps of the same cloth, stepped here. */
    private static int[] brokenAfterEachRun(double tearStrain) {
        MassSpringSystem s = Scenes.build(SceneSpec.of(SceneType.CLOTH).size(6).verticalCloth(true)
                .tearStrain(tearStrain).perturbation(Perturbation.END).velocity(50));
        Simulation sim = new Simulation(s, Integrators.create(IntegratorKind.SYMPLECTIC_EULER), DT);
        int[] out = new int[2];
        for (int run = 0; run < 2; run++) {
            for (int n = 0; n < STEPS; n++) {
                sim.step();
            }
            int broken = 0;
            for (int sp = 0; sp < s.springCount(); sp++) {
                broken += s.isBroken(sp) ? 1 : 0;
            }
            out[run] = broken;
        }
        return out;
    }

    @Test
    void itCountsTheSpringsThatBrokeDuringTheRunItReads() throws DataFileException {
        int[] broken = brokenAfterEachRun(0.3);
        assertTrue(broken[0] > 0, "the yanked corner must tear the cloth");
        int first = broken[0];
        int second = broken[1] - broken[0];
        List<CheckResult> rows = LessonChecker.check(lesson(0.3, String.join("\n",
                "      - torn: {min: " + first + ", max: " + first + ", run: first}",
                "      - torn: {min: " + second + ", max: " + second + ", run: second}",
                "      - torn: {min: " + (first + 1) + ", run: first}",
                "      - torn: {max: " + (first - 1) + ", run: first}",
                "      - bounded: {for: 0.5, run: first}"))).rows();
        assertTrue(rows.get(0).pass(), rows.get(0).measured());
        assertTrue(rows.get(0).measured().startsWith(first + " springs"), rows.get(0).measured());
        assertTrue(rows.get(1).pass(), rows.get(1).measured());
        assertFalse(rows.get(2).pass(), "one more than broke: " + rows.get(2).measured());
        assertFalse(rows.get(3).pass(), "one fewer than broke: " + rows.get(3).measured());
        assertTrue(rows.get(4).pass(), "a tear is not an explosion: " + rows.get(4).measured());
    }

    @Test
    void withoutATearStrainNothingTears() throws DataFileException {
        assertEquals(0, brokenAfterEachRun(0)[1]);
        List<CheckResult> rows = LessonChecker.check(lesson(0, "      - torn: {min: 1}")).rows();
        assertFalse(rows.get(0).pass());
        assertTrue(rows.get(0).measured().startsWith("0 springs"), rows.get(0).measured());
    }
}
