package dev.hooke.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every bad option: exit code 2, nothing on standard output, one line on standard error that
 * starts with the option at fault ({@code hooke: --dt: ...}).
 */
class BadUsageTest {

    static Stream<Arguments> badOptions() {
        return Stream.of(
                bad("--scene: ", "run", "--scene", "blob"),
                bad("--dt: ", "run", "--dt", "-1"),
                bad("--dt: ", "run", "--dt", "0"),
                bad("--dt: ", "run", "--dt", "Infinity"),
                bad("--dt: ", "run", "--dt", "abc"),
                bad("--dt: ", "run", "--dt"),
                bad("--dt: ", "run", "--dt", "--steps", "3"),
                bad("--dt: ", "run", "--dt", "1", "--dt", "2"),
                bad("--dt: ", "run", "--dt", "1e308"),
                bad("--dt: ", "run", "--dt", "2"),
                bad("--dt: ", "run", "--dt", "1e-9"),
                bad("--size: ", "run", "--scene", "cloth", "--size", "-5"),
                bad("--size: ", "run", "--scene", "cube", "--size", "0"),
                bad("--nodes: ", "run", "--scene", "chain", "--nodes", "-3"),
                bad("--k-bend: ", "run", "--scene", "cloth", "--bend=false", "--k-bend", "5"),
                bad("--k-shear: ", "run", "--scene", "cube", "--no-shear", "--k-shear", "5"),
                bad("--no-bend: ", "run", "--scene", "cloth", "--no-bend=false"),
                bad("--chain: ", "bench", "--chain", "100001"),
                bad("--length: ", "run", "--length", "1e300"),
                bad("--velocity: ", "run", "--perturb", "end", "--velocity", "-1e300"),
                bad("--drop-height: ", "run", "--scene", "cube", "--drop-height", "1e300"),
                bad("--k: ", "run", "--k", "NaN"),
                bad("--k: ", "run", "--k", "-3"),
                bad("--mass: ", "run", "--mass", "0"),
                bad("--nodes: ", "run", "--scene", "chain", "--nodes", "1"),
                bad("--nodes: ", "run", "--scene", "cloth", "--nodes", "4"),
                bad("--size: ", "run", "--scene", "chain", "--size", "4"),
                bad("--size: ", "run", "--scene", "cloth", "--size", "1000"),
                bad("--k-struct: ", "run", "--scene", "cloth", "--k-struct", "-5"),
                bad("--k-bend: ", "run", "--scene", "cube", "--k-bend", "5"),
                bad("--restitution: ", "run", "--scene", "cube", "--restitution", "2"),
                bad("--pins: ", "run", "--scene", "cloth", "--pins", "all"),
                bad("--pins: ", "run", "--scene", "chain", "--pins", "top"),
                bad("--perturb: ", "run", "--perturb", "sideways"),
                bad("--displacement: ", "run", "--displacement", "0.1"),
                bad("--seed: ", "run", "--perturb", "end", "--seed", "4"),
                bad("--integrator: ", "run", "--integrator", "leapfrog"),
                bad("--integrator: ", "stability", "--integrator", "leapfrog"),
                bad("--verlet-damping: ", "run", "--verlet-damping", "0.1"),
                bad("--verlet-damping: ", "run", "--integrator", "verlet", "--verlet-damping", "1"),
                bad("--tol: ", "run", "--integrator", "rk4", "--tol", "1e-3"),
                bad("--tol: ", "run", "--integrator", "implicit-euler", "--tol", "2"),
                bad("--solver: ", "run", "--integrator", "implicit-euler", "--solver", "lu"),
                bad("--precond: ", "run", "--integrator", "implicit-euler", "--precond", "ilu"),
                bad("--precond: ", "run", "--integrator", "implicit-euler", "--solver", "cholesky", "--precond", "jacobi"),
                bad("--max-iter: ", "stability", "--integrator", "implicit-midpoint", "--max-iter", "0"),
                bad("--warm-start: ", "run", "--integrator", "implicit-euler", "--warm-start", "yes"),
                bad("--newton-iters: ", "run", "--integrator", "implicit-euler", "--newton-iters", "1000"),
                bad("--clamp: ", "run", "--integrator", "symplectic-euler", "--clamp", "false"),
                bad("--steps: ", "run", "--steps", "-1"),
                bad("--steps: ", "run", "--steps", "1.5"),
                bad("--every: ", "run", "--every", "0", "--csv", "-"),
                bad("--every: ", "run", "--every", "3"),
                bad("--periods: ", "stability", "--periods", "0"),
                bad("--gravity: ", "stability", "--gravity", "NaN"),
                bad("unknown option --bogus", "run", "--bogus"),
                bad("unknown option --json", "run", "--json"),
                bad("unexpected argument maybe after --structural", "run", "--scene", "cloth", "--structural", "maybe"),
                bad("unknown command rn", "rn"),
                bad("missing command", new String[0]));
    }

    private static Arguments bad(String start, String... args) {
        return Arguments.of(start, args);
    }

    @ParameterizedTest(name = "{1} -> {0}")
    @MethodSource("badOptions")
    void oneLineNamingTheOptionAndExitCodeTwo(String start, String[] args) {
        Hooke.Result r = Hooke.run(args);
        assertEquals(2, r.code(), r.err());
        assertEquals("", r.out());
        assertEquals(1, r.errLines().size(), "one line: " + r.err());
        String line = r.errLines().get(0);
        assertTrue(line.startsWith(HookeCli.PREFIX + start), line + " should start with " + HookeCli.PREFIX + start);
        assertFalse(line.contains("Exception"), line);
    }

    /**
     * A CSV name that ends with a slash names a folder: refused in one line, and no file is
     * written under the name without its slash.
     */
    @Test
    void aCsvNameEndingWithASlashIsRefused(@TempDir Path dir) {
        Path meant = dir.resolve("new.csv");
        Hooke.Result r = Hooke.run("run", "--steps", "2", "--csv", meant + "/");
        assertEquals(2, r.code(), r.err());
        assertEquals("", r.out());
        assertEquals(List.of(HookeCli.PREFIX + "--csv: " + meant + "/ ends with /, the name of a folder; "
                + "give the name of a file"), r.errLines());
        assertFalse(Files.exists(meant), "nothing written as " + meant);
    }
}
