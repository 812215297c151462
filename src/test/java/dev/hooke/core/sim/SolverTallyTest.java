package dev.hooke.core.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.integrate.SolverStats;
import org.junit.jupiter.api.Test;

/** The tally counts what each step's solve reported, and nothing for a method that solves nothing. */
class SolverTallyTest {

    private static SolverStats step(boolean converged, boolean indefinite, double residual) {
        SolverStats s = new SolverStats();
        s.newtonIterations = 1;
        s.converged = converged;
        s.indefinite = indefinite;
        s.finalResidual = residual;
        return s;
    }

    @Test
    void countsFailedStepsAndTheLargestResidual() {
        SolverTally t = new SolverTally();
        t.record(null, 1);
        assertEquals(new SolverTally.Totals(0, 0, 0, 0, 0, -1), t.totals());
        t.record(step(true, false, 1e-7), 2);
        assertFalse(t.failed());
        t.record(step(false, false, 3e-2), 3);
        t.record(step(false, true, 1e-3), 4);
        t.record(step(true, true, 5e-8), 5);
        t.record(new SolverStats(), 6);
        SolverTally.Totals totals = t.totals();
        assertTrue(totals.failed());
        assertEquals(new SolverTally.Totals(4, 2, 2, 3, 3e-2, 3), totals);
    }
}
