package dev.hooke.fx;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The Lessons menu numbers each lesson as its file is numbered. */
class WorkbenchMenuTest {

    @Test
    void aLessonIsNumberedAsItsFileWithoutLeadingZeros() {
        assertEquals("\u20073  The limit", WorkbenchMenu.numbered("03-the-limit.yaml", "The limit"));
        assertEquals("10  Inside the solver", WorkbenchMenu.numbered("10-inside-the-solver.yaml", "Inside the solver"));
        assertEquals("\u20070  Warm-up", WorkbenchMenu.numbered("00-warm-up.yaml", "Warm-up"));
        assertEquals("My cloth", WorkbenchMenu.numbered("my-cloth.yaml", "My cloth"));
    }
}
