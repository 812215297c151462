package dev.hooke.core.integrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.solve.PreconditionerKind;
import dev.hooke.core.solve.SolverKind;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ImplicitOptionsTest {

    @Test
    void defaultsAreTheDocumentedOnes() {
        ImplicitOptions d = ImplicitOptions.defaults();
        assertEquals(SolverKind.CG, d.solver());
        assertEquals(PreconditionerKind.TWO_LEVEL, d.preconditioner());
        assertEquals(1e-6, d.tolerance());
        assertEquals(1000, d.maxIterations());
        assertTrue(d.warmStart());
        assertEquals(1, d.newtonIterations());
        assertTrue(d.clamp());
    }

    @Test
    void everyFieldParsesFromText() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("solver", "Cholesky");
        m.put("precond", "jacobi");
        m.put("tol", "1e-8");
        m.put("max-iter", "250");
        m.put("warm-start", "false");
        m.put("newton-iters", "3");
        m.put("clamp", "FALSE");
        ImplicitOptions o = ImplicitOptions.parse(m);
        assertEquals(new ImplicitOptions(SolverKind.CHOLESKY, PreconditionerKind.JACOBI, 1e-8, 250, false, 3, false), o);
        assertEquals(ImplicitOptions.FIELDS.size(), m.size());
    }

    @ParameterizedTest(name = "{0} = ''{1}''")
    @CsvSource({
        "solver, lu",
        "precond, ilu",
        "tol, abc",
        "tol, 0",
        "tol, 1",
        "tol, NaN",
        "max-iter, 0",
        "max-iter, 2.5",
        "max-iter, 2000000",
        "warm-start, yes",
        "newton-iters, 0",
        "newton-iters, 101",
        "clamp, 1",
    })
    void badValueNamesItsField(String field, String value) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ImplicitOptions.defaults().with(field, value));
        assertTrue(e.getMessage().startsWith(field + ":"), e.getMessage());
    }

    @Test
    void unknownFieldIsNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ImplicitOptions.defaults().with("tolerance", "1e-3"));
        assertTrue(e.getMessage().contains("'tolerance'"), e.getMessage());
        assertTrue(e.getMessage().contains("max-iter"), e.getMessage());
    }

    @Test
    void describeListsEveryField() {
        String line = ImplicitOptions.defaults().describe();
        for (String f : ImplicitOptions.FIELDS) {
            assertTrue(line.contains(f + "="), line);
        }
        assertFalse(line.contains("\n"));
    }
}
