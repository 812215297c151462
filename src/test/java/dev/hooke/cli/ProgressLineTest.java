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
import dev.hooke.core.stability.ExplosionBisection;
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
