package dev.hooke.fx.lesson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.io.DataFileException;
import dev.hooke.core.lesson.Lesson;
import dev.hooke.core.lesson.LessonReader;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The simulated time a lesson step's charts fit and its pacing spreads over 8 s of wall-clock
 * time, from the step's actions as lesson 3 writes them: a sweep of eight Δt of 5 s each, a
 * bisection, a run of 1 s and one of at most 5 s until it explodes.
 */
class StepTimesTest {

    /** Sums of a few seconds: exact in binary to the last bit but one. */
    private static final double SECONDS = 1e-12;

    private static Lesson lessonThree() throws DataFileException {
        return LessonReader.read(Path.of("lessons/03-the-limit.yaml"));
    }

    @Test
    void aSweepsChartsFitOneTrialAndItsPacingAllEight() throws DataFileException {
        var step = lessonThree().steps().get(1);
        var scene = lessonThree().scene();
        assertEquals(5, LessonSession.runSeconds(step, scene), SECONDS, "one trial of 5 s");
        assertEquals(8 * 5, LessonSession.pacedSeconds(step, scene), SECONDS, "eight trials one after the other");
    }

    @Test
    void aBisectionIsPacedForItsTrialsAndHasNoRunOfItsOwn() throws DataFileException {
        var step = lessonThree().steps().get(2);
        var scene = lessonThree().scene();
        assertTrue(Double.isNaN(LessonSession.runSeconds(step, scene)), "no run: the charts keep their window");
        assertEquals(LessonSession.BISECTION_TRIALS * LessonSession.BISECTION_SHOWN_SECONDS,
                LessonSession.pacedSeconds(step, scene), SECONDS, "each trial shown for its seconds");
    }

    @Test
    void runsOneAfterTheOtherAddUp() throws DataFileException {
        var step = lessonThree().steps().get(3);
        var scene = lessonThree().scene();
        assertEquals(1 + 5, LessonSession.runSeconds(step, scene), SECONDS, "1 s, then at most 5 s");
        assertEquals(1 + 5, LessonSession.pacedSeconds(step, scene), SECONDS);
    }
}
