package dev.hooke.core.lesson;

import static dev.hooke.core.lesson.Bilingual.assertBilingual;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.hooke.core.io.DataFileException;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The mode checks of the lesson format against the closed form of a chain fixed at one end, gravity
 * off, straight at its rest lengths: its n free masses have the lengthwise modes
 * ω_j = 2√(k/m) sin((2j − 1)π / (2(2n + 1))), j = 1 … n, and 2n sideways modes of zero stiffness.
 * The counts outside a method's region and each mode's |R| are computed here from those ω and the
 * methods' amplification factors (Hairer &amp; Wanner 1996, §IV.2), not taken from the engine.
 */
class ModeChecksTest {

    private static final int NODES = 16;
    private static final double MASS = 0.1;
    private static final double K = 100;

    private static Lesson lesson(String integrator, double dt, String expect) throws DataFileException {
        return LessonReader.parse(String.join("\n",
                "id: modes-test",
                "title: {en: Test, zh: 测试}",
                "narration: {en: A chain., zh: 一条链。}",
                String.format(Locale.ROOT, "scene: {type: chain, nodes: %d, length: 4, mass: %s, k: %s, gravity: 0,"
                        + " integrator: %s, dt: %s}", NODES, MASS, K, integrator, dt),
                "steps:",
                "  - narration: {en: Look., zh: 看。}",
                "    expect:",
                expect), "modes-test.yaml");
    }

    private static List<CheckResult> checks(String integrator, double dt, String... expect) throws DataFileException {
        StringBuilder b = new StringBuilder();
        for (String e : expect) {
            b.append("      - ").append(e).append('\n');
        }
        List<CheckResult> out = new LessonRunner(lesson(integrator, dt, b.toString())).runNext().checks();
        for (CheckResult c : out) {
            assertBilingual(c.measuredText(), c.check());
        }
        return out;
    }

    /** The lengthwise ω_j, fastest first. */
    private static double[] omegas() {
        int n = NODES - 1;
        double[] w = new double[n];
        for (int j = 1; j <= n; j++) {
            w[n - j] = 2 * Math.sqrt(K / MASS) * Math.sin((2 * j - 1) * Math.PI / (2 * (2 * n + 1)));
        }
        return w;
    }

    @Test
    void theCountOutsideIsTheModesWithOmegaDtBeyondTheSegment() throws DataFileException {
        for (double dt : new double[] {0.02, 0.033, 0.036, 0.05}) {
            int outside = 0;
            for (double w : omegas()) {
                outside += w * dt > 2 ? 1 : 0;        // semi-implicit Euler keeps iωΔt while ωΔt ≤ 2
            }
            List<CheckResult> r = checks("symplectic-euler", dt,
                    "modes_outside: {expected: " + outside + "}", "modes_outside: {expected: " + (outside + 1) + "}");
            assertEquals(List.of(true, false), r.stream().map(CheckResult::pass).toList(), "Δt = " + dt + ": " + r);
        }
        // explicit Euler's disc touches the imaginary axis at 0 only: every lengthwise mode is outside
        List<CheckResult> r = checks("explicit-euler", 0.001, "modes_outside: {expected: " + (NODES - 1) + "}");
        assertEquals(true, r.get(0).pass(), r.toString());
    }

    @Test
    void eachModesAmplificationIsTheMethodsFactor() throws DataFileException {
        double[] w = omegas();
        double dt = 0.1;
        double fastest = 1 / Math.hypot(1, w[0] * dt);       // backward Euler, R = 1/(1 − iωΔt)
        double slowest = 1 / Math.hypot(1, w[w.length - 1] * dt);
        List<CheckResult> r = checks("implicit-euler", dt,
                "mode_amplification: {expected: " + fastest + ", within: 1e-9}",
                "mode_amplification: {mode: " + w.length + ", expected: " + slowest + ", within: 1e-9}",
                "mode_amplification: {mode: " + w.length + ", expected: " + slowest * (1 + 1e-7) + ", within: 1e-9}",
                "mode_amplification: {mode: 100, expected: 1, within: 1e-9}");
        assertEquals(List.of(true, true, false, false), r.stream().map(CheckResult::pass).toList(), r.toString());
        // RK4 on iy: |R|² = 1 − y⁶/72 + y⁸/576
        double y = w[0] * 0.01;
        double rk4 = Math.sqrt(1 - Math.pow(y, 6) / 72 + Math.pow(y, 8) / 576);
        assertEquals(true, checks("rk4", 0.01, "mode_amplification: {expected: " + rk4 + ", within: 1e-12}").get(0)
                .pass());
    }

    @Test
    void theModesLeaveTheRegionAtTheAnalysisLimit() throws DataFileException {
        // the analysis's limit is 2/ω_max, 2√2/ω_max: the modes' bisection meets it
        for (String method : new String[] {"symplectic-euler", "velocity-verlet", "rk4"}) {
            List<CheckResult> r = checks(method, 0.001, "modes_limit: {within: 1e-9}");
            assertEquals(true, r.get(0).pass(), method + ": " + r);
        }
        // no finite limit: explicit Euler on undamped modes, backward Euler at every Δt
        for (String method : new String[] {"explicit-euler", "implicit-euler", "xpbd"}) {
            List<CheckResult> r = checks(method, 0.001, "modes_limit: {within: 1e-9}");
            assertEquals(false, r.get(0).pass(), method + ": " + r);
        }
    }
}
