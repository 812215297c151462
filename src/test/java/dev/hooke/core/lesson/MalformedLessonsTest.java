package dev.hooke.core.lesson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.hooke.core.io.DataFileException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Property: whatever a lesson file contains, reading it either gives a lesson or a
 * {@link DataFileException} whose message starts with "file:line: "; nothing else escapes, and a
 * lesson that was read plays through the runner without an exception.
 *
 * <p>The inputs are seeded random mutations of the real lessons and of two small ones (one with
 * the implicit solver keys, run labels and solver checks, which is also played): lines
 * deleted, duplicated, swapped or re-indented, values and keys replaced by wrong types, unknown
 * names, negative or huge numbers, tags, aliases; truncation, control characters, deep nesting,
 * several documents; and random bytes, including invalid UTF-8.
 */
class MalformedLessonsTest {

    private static final String[] VALUES = {
        "-5", "-5%", "0", "0%", "abc", "[1, 2]", "{a: 1}", "", "~", "null", "1e309", ".nan", ".inf", "-.inf", "NaN",
        "!foo x", "!!binary aGVsbG8=", "!!python/object:os.system [ls]", "implicit-euler", "implicit-midpoint",
        "leapfrog", "100000", "400", "1e12", "1e-12", "true", "yes", "'0.02'", "\"\\u0001\"", "*undefined", "&a [*a]",
        "日本語", "-0", "0x10", "1_000", "2147483648", "-2147483649", "0.5", "3", "explosion", "sweep", "energy",
        "[explicit-euler, explicit-euler]", "[rk4]", "{en: x}", "{en: x, zh: y, fr: z}", "'  '",
        "cg", "cholesky", "none", "jacobi", "block-jacobi", "mean", "total", "mean_cg_iterations", "steps",
        "total_cg_iterations", "energy_ratio", "1.0e-6", "1000001", "101", "block", "warm", "No Label", "two-level", "phase",
    };

    private static final String[] KEYS = {
        "nodes", "size", "k_bend", "type", "steps", "integrator", "foo", "time", "until", "within", "max_time",
        "expected", "choices", "answer", "narration", "dt", "verlet_delta", "<<", "? complex", "set", "run", "id",
        "solver", "precond", "tol", "max_iter", "warm_start", "newton_iters", "clamp", "iterations", "pbd_stiffness", "label", "baseline",
        "baseline_quantity", "quantity", "ratio_above", "ratio_below", "below", "above", "statistic",
    };

    private static final Pattern PREFIX = Pattern.compile("^(.*?):(\\d+): .+", Pattern.DOTALL);

    @TempDir
    Path dir;

    private static List<String> bases() throws IOException {
        List<String> out = new ArrayList<>();
        out.add(LessonReaderTest.VALID);
        out.add(LessonReaderTest.VALID_IMPLICIT);
        try (Stream<Path> s = Files.list(Path.of("lessons"))) {
            for (Path p : s.filter(p -> p.toString().endsWith(".yaml")).sorted().toList()) {
                out.add(Files.readString(p));
            }
        }
        return out;
    }

    private static String mutate(String text, SplittableRandom rnd) {
        List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
        int rounds = 1 + rnd.nextInt(3);
        for (int r = 0; r < rounds; r++) {
            int i = rnd.nextInt(lines.size());
            String line = lines.get(i);
            switch (rnd.nextInt(16)) {
                case 0 -> lines.remove(i);
                case 1 -> lines.add(i, line);
                case 2 -> {
                    int j = rnd.nextInt(lines.size());
                    lines.set(i, lines.get(j));
                    lines.set(j, line);
                }
                case 3 -> lines.set(i, "  " + line);
                case 4 -> lines.set(i, line.startsWith("  ") ? line.substring(2) : line);
                case 5, 6, 7, 8 -> {
                    int c = line.indexOf(": ");
                    if (c >= 0) {
                        lines.set(i, line.substring(0, c + 2) + VALUES[rnd.nextInt(VALUES.length)]);
                    }
                }
                case 9 -> {
                    int c = line.indexOf(':');
                    int start = line.length() - line.stripLeading().length() + (line.stripLeading().startsWith("- ") ? 2 : 0);
                    if (c > start) {
                        lines.set(i, line.substring(0, start) + KEYS[rnd.nextInt(KEYS.length)] + line.substring(c));
                    }
                }
                case 10 -> {
                    int at = rnd.nextInt(line.length() + 1);
                    char junk = "\u0001\u0007\t\"'{}[],:&*!|>%@`#\u00a0\ufffe\u2028".charAt(rnd.nextInt(19));
                    lines.set(i, line.substring(0, at) + junk + line.substring(at));
                }
                case 11 -> {
                    String joined = String.join("\n", lines);
                    return joined.substring(0, rnd.nextInt(joined.length() + 1));
                }
                case 12 -> lines.add(i, "  ".repeat(rnd.nextInt(3)) + "deep: " + "[".repeat(10 + rnd.nextInt(200))
                        + "]".repeat(rnd.nextInt(200)));
                case 13 -> lines.add(i, "---");
                case 14 -> lines.set(i, line.replace("spring", "cloth").replace("chain", "cube"));
                default -> lines.add(i, "  ".repeat(rnd.nextInt(4)) + "size: " + (1 + rnd.nextInt(100_000)));
            }
            if (lines.isEmpty()) {
                lines.add("");
            }
        }
        return String.join(rnd.nextInt(10) == 0 ? "\r\n" : "\n", lines);
    }

    private static void assertLocated(DataFileException e, String name, int maxLine) {
        Matcher m = PREFIX.matcher(e.getMessage());
        assertTrue(m.matches(), "no file:line: prefix in: " + e.getMessage());
        assertEquals(name, m.group(1), e.getMessage());
        int line = Integer.parseInt(m.group(2));
        assertTrue(line >= 1 && line <= maxLine, "line " + line + " outside 1.." + maxLine + ": " + e.getMessage());
        assertEquals(line, e.line());
    }

    @Test
    void mutatedLessonsAreReadOrRefusedWithFileAndLine() throws IOException {
        SplittableRandom rnd = new SplittableRandom(0x1E55_0E5L);
        List<String> bases = bases();
        int refused = 0;
        int read = 0;
        int played = 0;
        for (int i = 0; i < 800; i++) {
            int b = rnd.nextInt(3) == 0 ? rnd.nextInt(2) : rnd.nextInt(bases.size());
            String text = mutate(bases.get(b), rnd);
            String name = "gen/" + i + ".yaml";
            Lesson lesson = null;
            try {
                lesson = LessonReader.parse(text, name);
                read++;
            } catch (DataFileException e) {
                refused++;
                assertLocated(e, name, text.split("\n", -1).length + 1);
            } catch (Throwable t) {
                fail("input " + i + " escaped with " + t + "\n" + text, t);
            }
            if (lesson != null && b <= 1 && played < 60) {
                played++;
                try {
                    Report r = LessonChecker.check(lesson);
                    assertTrue(r.rows().size() > 0 || lesson.checkCount() == 0, "input " + i);
                } catch (Throwable t) {
                    fail("playing input " + i + " threw " + t + "\n" + text, t);
                }
            }
        }
        assertTrue(refused > 200, "refused " + refused);
        assertTrue(read > 50, "read " + read);
        assertTrue(played > 10, "played " + played);
    }

    /**
     * A field of the small implicit lesson: its line, the line's text with {@code %s} for the value,
     * its path, and the values it takes that can make another field wrong (a direct solver under a
     * CG check, a run compared with itself).
     */
    private record Field(int line, String template, String path, List<String> valid) {
        Field(int line, String template, String path) {
            this(line, template, path, List.of());
        }
    }

    private static final List<Field> NEW_FIELDS = List.of(
            new Field(9, "  solver: %s", "scene.solver", List.of("cholesky")),
            new Field(10, "  precond: %s", "scene.precond"),
            new Field(11, "  tol: %s", "scene.tol"),
            new Field(12, "  max_iter: %s", "scene.max_iter"),
            new Field(13, "  warm_start: %s", "scene.warm_start"),
            new Field(14, "  newton_iters: %s", "scene.newton_iters"),
            new Field(15, "  clamp: %s", "scene.clamp"),
            new Field(15, "  iterations: %s", "scene.iterations", List.of("3")),
            new Field(15, "  pbd_stiffness: %s", "scene.pbd_stiffness", List.of("0.5")),
            new Field(26, "      - set: {precond: %s}", "steps[0].actions[1].set.precond"),
            new Field(26, "      - set: {tol: %s}", "steps[0].actions[1].set.tol"),
            new Field(26, "      - set: {max_iter: %s}", "steps[0].actions[1].set.max_iter"),
            new Field(26, "      - set: {newton_iters: %s}", "steps[0].actions[1].set.newton_iters"),
            new Field(26, "      - set: {clamp: %s, solver: cg}", "steps[0].actions[1].set.clamp"),
            new Field(26, "      - set: {iterations: %s}", "steps[0].actions[1].set.iterations", List.of("3")),
            new Field(26, "      - set: {pbd_stiffness: %s}", "steps[0].actions[1].set.pbd_stiffness", List.of("0.5")),
            new Field(30, "      - cg_iterations: {below: %s, run: none}", "steps[0].expect[0].cg_iterations.below"),
            new Field(30, "      - cg_iterations: {above: %s, run: none}", "steps[0].expect[0].cg_iterations.above"),
            new Field(30, "      - cg_iterations: {below: 9, statistic: %s}", "steps[0].expect[0].cg_iterations.statistic"),
            new Field(30, "      - cg_iterations: {below: 9, run: %s}", "steps[0].expect[0].cg_iterations.run"),
            new Field(31, "      - solver_converged: {expected: %s}", "steps[0].expect[1].solver_converged.expected"),
            new Field(32, "      - solver_indefinite: {expected: true, run: %s}", "steps[0].expect[2].solver_indefinite.run"),
            new Field(33, "      - compare_runs: {quantity: %s, run: block, baseline: none, ratio_below: 1}",
                    "steps[0].expect[3].compare_runs.quantity"),
            new Field(33, "      - compare_runs: {quantity: steps, run: %s, baseline: none, ratio_below: 1}",
                    "steps[0].expect[3].compare_runs.run", List.of("none")),
            new Field(33, "      - compare_runs: {quantity: steps, run: block, baseline: %s, ratio_below: 1}",
                    "steps[0].expect[3].compare_runs.baseline"),
            new Field(33, "      - compare_runs: {quantity: steps, baseline_quantity: %s, run: block, baseline: none, "
                    + "ratio_below: 1}", "steps[0].expect[3].compare_runs.baseline_quantity"),
            new Field(33, "      - compare_runs: {quantity: steps, run: block, baseline: none, ratio_above: %s}",
                    "steps[0].expect[3].compare_runs.ratio_above"),
            new Field(33, "      - compare_runs: {quantity: steps, run: block, baseline: none, ratio_below: %s}",
                    "steps[0].expect[3].compare_runs.ratio_below"));

    /** Wrong and right values for the solver fields: types, signs, ranges, names. */
    private static final String[] FIELD_VALUES = {
        "-5", "-5%", "0", "abc", "[1, 2]", "{a: 1}", "", "~", "1e309", ".nan", "1e-12", "1e12", "true", "2147483648",
        "0.5", "3", "2.5", "cholesky", "block-jacobi", "mean", "steps", "none", "block", "No Label", "'  '", "日本語",
    };

    /**
     * Every new field of the format (the solver keys in the scene and in {@code set}, the
     * parameters of the solver checks and of {@code compare_runs}) given every value of
     * {@link #FIELD_VALUES}: the lesson is read, or refused with the
     * message {@code file:line: path: ...} naming that field's line and path (or, for a valid value
     * that makes another field wrong, that field's file and line).
     */
    @Test
    void newFieldsWithWrongValuesNameTheirFileLineAndField() {
        int refused = 0;
        for (Field f : NEW_FIELDS) {
            for (String value : FIELD_VALUES) {
                String text = replaceLine(LessonReaderTest.VALID_IMPLICIT, f.line(), String.format(f.template(), value));
                try {
                    LessonReader.parse(text, "lessons/t.yaml");
                } catch (DataFileException e) {
                    refused++;
                    String want = "lessons/t.yaml:" + f.line() + ": " + f.path();
                    if (f.valid().contains(value)) {
                        assertLocated(e, "lessons/t.yaml", text.split("\n", -1).length);
                    } else {
                        assertTrue(e.getMessage().startsWith(want + ": ") || e.getMessage().startsWith(want + "."),
                                f.path() + " = " + value + ": " + e.getMessage());
                    }
                } catch (Throwable t) {
                    fail(f.path() + " = " + value + " escaped with " + t, t);
                }
            }
        }
        assertTrue(refused > NEW_FIELDS.size() * 15, "refused " + refused);
    }

    private static String replaceLine(String text, int line, String replacement) {
        String[] lines = text.split("\n", -1);
        lines[line - 1] = replacement;
        return String.join("\n", lines);
    }

    @Test
    void randomBytesAndBrokenEncodingsAreRefusedWithFileAndLine() throws IOException {
        SplittableRandom rnd = new SplittableRandom(0xB17E5L);
        List<String> bases = bases();
        for (int i = 0; i < 200; i++) {
            byte[] bytes;
            if (i % 2 == 0) {
                bytes = new byte[rnd.nextInt(3000)];
                for (int k = 0; k < bytes.length; k++) {
                    bytes[k] = (byte) rnd.nextInt(256);
                }
            } else {
                bytes = bases.get(rnd.nextInt(bases.size())).getBytes(StandardCharsets.UTF_8);
                for (int k = 0; k < 1 + rnd.nextInt(5); k++) {
                    bytes[rnd.nextInt(bytes.length)] = (byte) (0x80 + rnd.nextInt(128));
                }
            }
            Path file = dir.resolve("bytes-" + i + ".yaml");
            Files.write(file, bytes);
            try {
                LessonReader.read(file);
            } catch (DataFileException e) {
                int lines = 1;
                for (byte x : bytes) {
                    if (x == '\n' || x == '\r') {
                        lines++;
                    }
                }
                assertLocated(e, file.toString(), lines + 1);
            } catch (Throwable t) {
                fail("bytes " + i + " escaped with " + t, t);
            }
        }
    }

    @Test
    void pathologicalDocumentsAreRefusedWithFileAndLine() {
        String[] docs = {
            "[".repeat(100_000),
            "{a: ".repeat(5_000),
            "- ".repeat(5_000) + "x",
            "a: &a [*a, *a, *a]\nb: [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a]",
            "x: " + "y".repeat(YAML_LIMIT),
            "id: a\n---\nid: b\n",
            "\uFEFFid: bom-only",
            "%YAML 1.1\n---\nid: x",
            "? [a, b]\n: c",
        };
        for (int i = 0; i < docs.length; i++) {
            String name = "odd/" + i + ".yaml";
            try {
                LessonReader.parse(docs[i], name);
                fail("document " + i + " was accepted");
            } catch (DataFileException e) {
                assertLocated(e, name, docs[i].split("\n", -1).length + 1);
            } catch (Throwable t) {
                fail("document " + i + " escaped with " + t, t);
            }
        }
    }

    private static final int YAML_LIMIT = dev.hooke.core.io.YamlFiles.MAX_BYTES + 10;
}
