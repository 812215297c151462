package dev.hooke.core.lesson;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.hooke.core.integrate.IntegratorKind;
import org.junit.jupiter.api.Test;

/** A report row names the method or the run its check reads, so that a comparison's rows differ. */
class CheckScopeTest {

    @Test
    void aCheckOnOneMethodOrOneRunSaysWhich() {
        assertEquals(new Text("bounded for 2 s (pbd)", "2 s 内保持有界（pbd）"),
                new Check.Bounded(2, IntegratorKind.PBD, null, 1).describeWithScope());
        assertEquals("bounded for 2 s (run 'pbd-half')",
                new Check.Bounded(2, null, "pbd-half", 1).describeWithScope().en());
        assertEquals(new Check.Bounded(2, null, null, 1).describeExpected(),
                new Check.Bounded(2, null, null, 1).describeWithScope());
    }
}
