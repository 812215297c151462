package dev.hooke.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.hooke.TestScale;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command line on random option names and values from a fixed seed: every case ends with
 * exit 0, 1 or 2 within its time limit, says what went wrong in one line without a stack trace,
 * and leaves no temporary file behind. A failure prints the case's arguments to replay it.
 */
class CommandLineFuzzTest {

    /**
     * Command lines run, in all: the first 200 of the seed's sequence, all 2000 under
     * -Pexhaustive (see TestScale).
     */
    private static final int CASES = TestScale.of(200, 2000);
    /** The fixed seed: the same cases on every run. */
    private static final long SEED = 0xC11_F022L;
    /** How long one case may take; in s. */
    private static final long CASE_SECONDS = 30;
    /** The most options a case gives. */
    private static final int MOST_OPTIONS = 6;

    private static final List<String> COMMANDS = List.of("run", "run", "run", "stability", "lesson", "bench", "help", "blob");
    private static final List<String> OPTIONS = List.of(
            "--scene", "--nodes", "--size", "--length", "--mass", "--k", "--k-struct", "--k-shear", "--k-bend",
            "--structural", "--no-shear", "--bend", "--no-bend", "--kd", "--gravity", "--air-damping", "--pins",
            "--vertical", "--drop-height", "--restitution", "--friction", "--perturb", "--displacement", "--velocity",
            "--seed", "--integrator", "--dt", "--steps", "--every", "--csv", "--tol", "--solver", "--precond",
            "--max-iter", "--warm-start", "--newton-iters", "--clamp", "--iterations", "--verlet-damping",
            "--periods", "--lang", "--quick", "--help", "--version", "-h", "-V", "--nope", "-x", "--", "--dt=", "--size=3");
    private static final List<String> VALUES = List.of(
            "-5", "-1", "0", "1", "2", "3", "7", "20", "0.5", "1e-3", "1e-9", "1e308", "-0", "NaN", "Infinity",
            "2147483648", "abc", "", " ", "true", "false", "yes",
            "spring", "chain", "cloth", "cube", "blob",
            "explicit-euler", "symplectic-euler", "verlet", "rk4", "implicit-euler", "implicit-midpoint", "pbd", "xpbd",
            "fast-mass-spring", "leapfrog", "cg", "cholesky", "lu", "jacobi", "ssor", "two-level",
            "top", "corners", "none", "all", "end", "random", "check", "list", "zh", "en", "-", "out.csv",
            "no/such/folder/out.csv", ".", "lessons/01-one-spring-explicit-euler.yaml", "lessons/scenes/cloth-100.yaml");
    /** Options whose value makes a case slow, kept small: a count, a number of steps, a size. */
    private static final Set<String> COUNTS = Set.of("--nodes", "--size", "--steps", "--every", "--iterations",
            "--max-iter", "--newton-iters", "--periods");
    private static final List<String> SMALL = List.of("-5", "-1", "0", "1", "2", "3", "7", "20", "abc", "1.5", "2147483648");

    @TempDir
    Path dir;

    private static String pick(List<String> from, SplittableRandom rnd) {
        return from.get(rnd.nextInt(from.size()));
    }

    private List<String> randomArgs(SplittableRandom rnd) {
        List<String> args = new ArrayList<>();
        String command = pick(COMMANDS, rnd);
        args.add(command);
        if (command.equals("lesson")) {
            args.add(rnd.nextInt(4) == 0 ? pick(VALUES, rnd) : "list");
        }
        if (command.equals("bench")) {
            args.add("--quick");                    // a full benchmark takes minutes by design
        }
        int n = rnd.nextInt(MOST_OPTIONS + 1);
        for (int k = 0; k < n; k++) {
            String option = pick(OPTIONS, rnd);
            if (command.equals("bench") && (option.equals("--sizes") || option.equals("--chain"))) {
                continue;
            }
            String value = COUNTS.contains(option) ? pick(SMALL, rnd) : pick(VALUES, rnd);
            if (option.equals("--csv") && !value.equals("-")) {
                value = dir.resolve(value).toString();      // every file a case writes goes to the test's folder
            }
            switch (rnd.nextInt(4)) {
                case 0 -> args.add(option);                     // no value
                case 1 -> args.add(option + "=" + value);
                default -> {
                    args.add(option);
                    args.add(value);
                }
            }
        }
        return args;
    }

    @Test
    void everyCommandLineEndsWithACodeAndAtMostALineOfComplaint() throws Exception {
        SplittableRandom rnd = new SplittableRandom(SEED);
        ExecutorService runner = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "fuzz-command-line");
            t.setDaemon(true);
            return t;
        });
        int[] codes = new int[3];
        try {
            for (int c = 0; c < CASES; c++) {
                List<String> args = randomArgs(rnd);
                String what = "case " + c + " (seed " + SEED + "): hooke " + String.join(" ", args);
                Future<Hooke.Result> running = runner.submit(() -> Hooke.run(args.toArray(String[]::new)));
                Hooke.Result r;
                try {
                    r = running.get(CASE_SECONDS, TimeUnit.SECONDS);
                } catch (TimeoutException e) {
                    fail(what + ": still running after " + CASE_SECONDS + " s");
                    return;
                } catch (ExecutionException e) {
                    throw new AssertionError(what + ": threw " + e.getCause(), e.getCause());
                }
                assertTrue(r.code() >= 0 && r.code() <= 2, what + ": exit " + r.code());
                codes[r.code()]++;
                assertTrue(!r.err().contains("\tat ") && !r.err().contains("Exception"), what + ": " + r.err());
                if (r.code() == 2) {
                    assertTrue(r.err().startsWith("hooke"), what + ": " + r.err());
                }
                try (Stream<Path> left = Files.list(dir)) {
                    List<Path> temporaries = left.filter(p -> p.getFileName().toString().endsWith(".tmp")).toList();
                    assertEquals(List.of(), temporaries, what + ": temporary files left");
                }
            }
        } finally {
            runner.shutdownNow();
        }
        // the cases reach both the checks and the work
        assertTrue(codes[0] > CASES / 20 && codes[2] > CASES / 4,
                "exit codes 0, 1, 2: " + codes[0] + ", " + codes[1] + ", " + codes[2]);
    }
}
