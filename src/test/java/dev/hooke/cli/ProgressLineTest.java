package dev.hooke.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.integrate.Integrators;
import dev.hooke.core.io.Progress;
import dev.hooke.core.lesson.LessonChecker;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.scene.Scenes;
import dev.hooke.core.sim.ExplosionBisection;
import dev.hooke.core.stability.Modes;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Long work says how far it is: the bisection reports each trial run, the lesson check each
 * lesson; the command line draws that as a progress bar on a terminal.
 */
class ProgressLineTest {

    /** A progress that keeps what it is told. */
    private static final class Recorded implements Progress {
        final List<String> stages = new ArrayList<>();
        final List<long[]> counts = new ArrayList<>();

        @Override
        public void at(String stage, long done, long total) {
            stages.add(stage);
            counts.add(new long[] {done, total});
        }
    }

    @Test
    void theBisectionReportsEveryTrialRun() {
        Recorded progress = new Recorded();
        SceneSpec spec = SceneSpec.of(SceneType.SPRING);
        ExplosionBisection.Result r = ExplosionBisection.measure(() -> Scenes.build(spec.copy()),
                () -> Integrators.create(IntegratorKind.SYMPLECTIC_EULER), 0.05, ExplosionBisection.Options.defaults(),
                progress);
        assertEquals(r.trials(), progress.stages.size(), "one report per trial run");
        for (int k = 0; k < progress.counts.size(); k++) {
            assertEquals(k, progress.counts.get(k)[0], "trials done before run " + (k + 1));
            assertTrue(progress.stages.get(k).startsWith("run " + (k + 1) + ", Δt = "), progress.stages.get(k));
        }
    }

    /**
     * A large system's modes (a 20 × 20 cloth, 1194 free degrees of freedom, past the dense solve)
     * come from a Lanczos solve that reports its basis growing, out of the most it may keep, and
     * ends saying all the modes asked for converged.
     */
    @Test
    void theLanczosSolveReportsItsBasisGrowing() {
        Recorded progress = new Recorded();
        var s = Scenes.build(SceneSpec.of(SceneType.CLOTH).size(20));
        Modes.fastest(s, IntegratorKind.RK4, 1e-3, 0, 5, progress);
        assertTrue(progress.counts.size() >= 2, "reports: " + progress.stages);
        for (int k = 1; k < progress.counts.size(); k++) {
            assertTrue(progress.counts.get(k)[0] >= progress.counts.get(k - 1)[0], "the basis only grows: " + progress.stages);
            assertTrue(progress.counts.get(k)[1] >= progress.counts.get(k)[0], "no more vectors than the most kept");
        }
        assertEquals("block Lanczos: 5 of 5 modes converged", progress.stages.get(progress.stages.size() - 1));
    }

    @Test
    void theLessonCheckReportsEachLessonOutOfAll() throws Exception {
        Recorded progress = new Recorded();
        LessonChecker.checkAll(Path.of("lessons", "01-one-spring-explicit-euler.yaml"), progress);
        assertEquals(List.of("01-one-spring-explicit-euler.yaml", ""), progress.stages);
        assertEquals(List.of(0L, 1L), progress.counts.stream().map(c -> c[0]).toList());
        assertTrue(progress.counts.stream().allMatch(c -> c[1] == 1));
    }

    @Test
    void onATerminalTheBarShowsTheTaskAndTheStage() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ProgressLine line = ProgressLine.on("stability", new PrintStream(bytes, true, StandardCharsets.UTF_8))) {
            line.at("ω_max", 0, -1);
            line.at("run 3, Δt = 0.01 s", 2, -1);
        }
        String drawn = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(drawn.contains("stability") && drawn.contains("run 3, Δt = 0.01 s"), drawn);
    }
}
