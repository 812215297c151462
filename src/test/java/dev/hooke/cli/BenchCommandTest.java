package dev.hooke.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.integrate.IntegratorKind;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code hooke bench}: the report's shape on a quick run (no assertion on any time: speed belongs
 * in the benchmark itself), and its usage errors.
 */
class BenchCommandTest {

    private static final Pattern NUMBER = Pattern.compile("-?\\d+(\\.\\d+)?(e[-+]?\\d+)?");

    @Test
    void quickRunPrintsEveryTableWithFiniteNumbers() {
        Hooke.Result r = Hooke.run("bench", "--quick", "--sizes", "6", "--chain", "12", "--threads", "1,2");
        assertEquals(0, r.code(), r.err());
        assertEquals("", r.err());
        String out = r.out();
        for (String heading : List.of("## Steps", "## Moving and hanging", "## Baseline: EJML sparse Cholesky",
                "## Baseline: Hipparchus", "## Baseline: memory bandwidth")) {
            assertTrue(out.contains(heading), heading);
        }
        List<String> steps = section(out, "## Steps").stream().filter(l -> l.startsWith("| 6×6 cloth |")).toList();
        for (IntegratorKind k : IntegratorKind.values()) {
            if (!k.isImplicit()) {
                // the explicit methods once per thread count (1 and 2); the position-based ones,
                // which run on one thread, once
                long rows = k.isUnconditionallyStable() ? 1 : 2;
                assertEquals(rows, steps.stream().filter(l -> l.contains("| " + k.id() + " |")).count(), k.id());
            }
        }
        // backward Euler with CG: the default preconditioner and SSOR, each on 1 and 2 threads
        assertEquals(2, steps.stream().filter(l -> l.contains("implicit-euler, CG, two-level")).count());
        assertEquals(2, steps.stream().filter(l -> l.contains("implicit-euler, CG, ssor")).count());
        assertEquals(1, steps.stream().filter(l -> l.contains("implicit-euler, Cholesky")).count());
        assertTrue(out.lines().anyMatch(l -> l.startsWith("| 12-node chain |") && l.contains("implicit-euler, CG")));
        assertPhases(section(out, "## Moving and hanging"), 2);
        assertTrue(out.lines().anyMatch(l -> l.startsWith("| triad a = b + q·c")));
        assertTrue(out.lines().anyMatch(l -> l.startsWith("| 64×64 cloth | 4096 |")), "the self-collision row");
        assertTrue(out.lines().anyMatch(l -> l.startsWith("| y = A u")));
        int numbers = 0;
        for (String line : out.lines().filter(l -> l.startsWith("| ") && !l.startsWith("| scene") && !l.startsWith("| what"))
                .toList()) {
            assertFalse(line.contains("NaN") || line.contains("Infinity"), line);
            for (String cell : line.split("\\|")) {
                Matcher m = NUMBER.matcher(cell.trim());
                if (m.matches()) {
                    assertTrue(Double.isFinite(Double.parseDouble(cell.trim())), line);
                    numbers++;
                }
            }
        }
        assertTrue(numbers > 100, "numbers in the tables: " + numbers);
    }

    /**
     * The moving and hanging windows: backward Euler for each preconditioner and thread count, the
     * fast mass-spring method for each ordering on one thread, each in both phases, with its
     * iterations (CG's from the solver, 10 local/global ones) and, for the fast mass-spring
     * method, the factor's entries.
     */
    private static void assertPhases(List<String> rows, int threadCounts) {
        for (String pc : List.of("two-level", "ssor")) {
            for (String phase : List.of("moving", "hanging")) {
                List<String> r = rows.stream().filter(l -> l.contains("implicit-euler, CG, " + pc + " |")
                        && l.contains("| " + phase + " |")).toList();
                assertEquals(threadCounts, r.size(), pc + ", " + phase + ": " + rows);
                for (String line : r) {
                    double iterations = Double.parseDouble(line.split("\\|")[8].trim());
                    assertTrue(iterations >= 1, line);
                }
            }
        }
        for (String ordering : List.of("nested dissection", "RCM")) {
            for (String phase : List.of("moving", "hanging")) {
                List<String> r = rows.stream().filter(l -> l.contains("fast-mass-spring, 10 it., " + ordering + " |")
                        && l.contains("| " + phase + " |")).toList();
                assertEquals(1, r.size(), ordering + ", " + phase + ": " + rows);
                String[] cells = r.get(0).split("\\|");
                assertEquals(10, Double.parseDouble(cells[8].trim()), r.get(0));
                assertTrue(Integer.parseInt(cells[11].trim()) > 0, r.get(0));
            }
        }
    }

    /** The table rows of a report's section, from its heading to the next. */
    private static List<String> section(String out, String heading) {
        List<String> lines = out.lines().toList();
        int from = lines.indexOf(heading);
        assertTrue(from >= 0, heading);
        int to = from + 1;
        while (to < lines.size() && !lines.get(to).startsWith("## ")) {
            to++;
        }
        return lines.subList(from, to).stream().filter(l -> l.startsWith("| ")).toList();
    }

    /** {@code --phases-only}: the moving and hanging windows and nothing else. */
    @Test
    void phasesOnlyPrintsTheWindowsAlone() {
        Hooke.Result r = Hooke.run("bench", "--quick", "--sizes", "6", "--threads", "1", "--phases-only");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("## Moving and hanging"));
        assertFalse(r.out().contains("## Steps"));
        assertFalse(r.out().contains("## Baseline"));
        assertPhases(section(r.out(), "## Moving and hanging"), 1);
    }

    @Test
    void badOptionsNameTheOption() {
        Hooke.Result size = Hooke.run("bench", "--sizes", "1");
        assertEquals(2, size.code());
        assertTrue(size.err().startsWith("hooke: --sizes: "), size.err());
        Hooke.Result threads = Hooke.run("bench", "--threads", "99");
        assertEquals(2, threads.code());
        assertTrue(threads.err().startsWith("hooke: --threads: "), threads.err());
        Hooke.Result chain = Hooke.run("bench", "--chain", "1");
        assertEquals(2, chain.code());
        assertTrue(chain.err().startsWith("hooke: --chain: "), chain.err());
        Hooke.Result warmup = Hooke.run("bench", "--warmup", "-1");
        assertEquals(2, warmup.code());
        assertTrue(warmup.err().startsWith("hooke: --warmup: "), warmup.err());
    }
}
