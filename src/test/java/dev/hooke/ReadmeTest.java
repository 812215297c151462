package dev.hooke;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.cli.HookeCli;
import dev.hooke.cli.ObservablesCsv;
import dev.hooke.core.scene.SceneRegistry;
import dev.hooke.core.scene.SceneType;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * README.md says what the program does: its CSV column lists are the header {@code hooke run --csv}
 * writes, which {@code run --help} lists too; its code fences pair up; no long line or run of words
 * is said twice; its scenes table has each registered scene once, with options {@code hooke run}
 * takes. Each check is a function of the README's lines, and is also run on a small README broken
 * its way, so that a check that cannot fail is seen. A problem names its line, {@code README.md:N}.
 */
class ReadmeTest {

    private static final Path README = Path.of("README.md");
    /** The header line of the scenes table. */
    private static final String SCENES_TABLE = "| scene | what it is | its own options |";
    /** A line that opens or closes a code block, and its info string. */
    private static final Pattern FENCE = Pattern.compile("^\\s*```(.*)$");
    private static final Pattern CODE_SPAN = Pattern.compile("`([^`]+)`");
    /** A table's separator line, {@code |---|:--:|}. */
    private static final Pattern TABLE_SEPARATOR = Pattern.compile("^[|:\\-\\s]*-[|:\\-\\s]*$");
    /** An option as the scenes table writes it: {@code --size}, or {@code --[no-]bend} for a negatable one. */
    private static final Pattern OPTION = Pattern.compile("--(\\[no-])?([a-z0-9][a-z0-9-]*)");
    /** Lines longer than this may not appear twice. */
    private static final int REPEATED_LENGTH = 40;
    /** Runs of this many words may not appear twice. */
    private static final int REPEATED_WORDS = 12;

    @Test
    void theCsvColumnListsAreTheHeaderThatRunWrites() throws IOException {
        List<String> lines = readme();
        assertFalse(csvLists(lines).isEmpty(), "README.md lists no CSV columns (a code span starting with step,t,)");
        assertNoProblems(csvProblems(lines));
    }

    @Test
    void runHelpListsTheHeader() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = HookeCli.run(new String[] {"run", "--help"}, new PrintWriter(out, true), new PrintWriter(err, true));
        assertEquals(0, code, "run --help's exit code; standard error: " + err);
        assertEquals("", err.toString(), "run --help's standard error");
        // the help wraps the long list after its commas
        String help = out.toString().replaceAll(",\\R", ",");
        String header = new ObservablesCsv().header();
        assertTrue(help.contains(header), "run --help does not list the CSV columns " + header + ":\n" + out);
    }

    /** A picture: {@code ![what it shows](path)}. */
    private static final Pattern PICTURE = Pattern.compile("!\\[[^\\]]*]\\(([^)]+)\\)");

    /** Every picture README.md shows is a PNG file of the repository. */
    @Test
    void everyPictureItShowsIsInTheRepository() throws IOException {
        List<String> lines = readme();
        List<String> problems = new ArrayList<>();
        int pictures = 0;
        for (int i = 0; i < lines.size(); i++) {
            Matcher m = PICTURE.matcher(lines.get(i));
            while (m.find()) {
                pictures++;
                Path file = Path.of(m.group(1));
                if (!Files.isRegularFile(file) || Files.size(file) < 8
                        || !Arrays.equals(Arrays.copyOf(Files.readAllBytes(file), 8),
                                new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'})) {
                    problems.add("README.md:" + (i + 1) + ": " + file + " is not a PNG file of the repository");
                }
            }
        }
        assertTrue(pictures > 0, "README.md shows no picture");
        assertNoProblems(problems);
    }

    @Test
    void theCodeFencesPairUp() throws IOException {
        assertNoProblems(fenceProblems(readme()));
    }

    @Test
    void noLongLineIsSaidTwice() throws IOException {
        assertNoProblems(repeatedLines(readme()));
    }

    @Test
    void noLongPhraseIsSaidTwice() throws IOException {
        assertNoProblems(repeatedPhrases(readme()));
    }

    @Test
    void theScenesTableHasEachRegisteredSceneOnce() throws IOException {
        assertNoProblems(sceneRowProblems(readme(), SceneRegistry.types().stream().map(SceneType::id).toList()));
    }

    @Test
    void theScenesTableNamesOptionsThatRunTakes() throws IOException {
        assertNoProblems(sceneOptionProblems(readme(), runCommand()));
    }

    // Each check on a README broken its way.

    @Test
    void aColumnListThatLacksAColumnOrIsWrappedIsFound() {
        String header = new ObservablesCsv().header();
        String lacking = header.replace(",torn", "");
        int wrap = header.indexOf(",momentum_x") + 1;
        List<String> problems = csvProblems(List.of("writes", "`" + lacking + "`", "and `" + header + "`,", "",
                "```", header, "```", "", "the `" + header.substring(0, wrap), header.substring(wrap) + "` columns"));
        assertEquals(List.of(2, 9), lineNumbers(problems), String.join("\n", problems));
        assertTrue(problems.get(0).contains("lacks torn"), problems.get(0));
        assertEquals(1, lineNumbers(csvProblems(List.of("```csv", lacking, "```"))).size(), "a list in a code block");
    }

    @Test
    void aCodeBlockLeftOpenIsFound() {
        List<String> open = List.of("A cloth:", "", "```sh", "hooke run", "The cloth meets the weather", "",
                "```sh", "hooke run --wind 0,0,20", "```");
        List<String> problems = fenceProblems(open);
        assertEquals(List.of(7), lineNumbers(problems), String.join("\n", problems));
        assertTrue(problems.get(0).contains("line 3"), problems.get(0));
        assertEquals(List.of(1), lineNumbers(fenceProblems(List.of("```sh", "hooke run"))), "never closed");
        assertEquals(List.of(), fenceProblems(List.of("```sh", "hooke run", "```", "", "```", "x", "```")));
    }

    @Test
    void aRepeatedLineIsFound() {
        String line = "  viscous damping (`dev.hooke.core.force.Forces`); wind on the cloth's triangles";
        List<String> problems = repeatedLines(List.of("- Forces: springs and", line, "- Contact:", line.trim(),
                "|---|---|---|", "|---|---|---|", "```", "```"));
        assertEquals(List.of(4), lineNumbers(problems), String.join("\n", problems));
        assertTrue(problems.get(0).contains("line 2"), problems.get(0));
        assertEquals(List.of(), repeatedLines(List.of("short and said twice", "short and said twice")));
        List<String> spliced = repeatedLines(List.of("- Forces: springs, gravity and global",
                "  viscous damping (`dev.hooke.core.force.Forces`).", "- Contact with the ground:",
                "  viscous damping (`dev.hooke.core.force.Forces`); wind on the cloth's triangles"));
        assertEquals(List.of(4), lineNumbers(spliced), String.join("\n", spliced));
        assertTrue(spliced.get(0).contains("line 2"), spliced.get(0));
    }

    @Test
    void aRepeatedPhraseIsFound() {
        List<String> problems = repeatedPhrases(List.of(
                "- Contact: a particle that would enter one in a step is held still for that step",
                "  (every integrator, the implicit solves included, sees it as a fixed point), then set on",
                "- Ground contact: a particle that would cross the ground in a step is held still for that",
                "  step (every integrator, the implicit solves included, sees it as a fixed point), then set",
                "", "```", "in a step is held still for that step (every integrator, the implicit solves", "```"));
        assertEquals(List.of(3), lineNumbers(problems), String.join("\n", problems));
        assertTrue(problems.get(0).contains("line 1"), problems.get(0));
        assertEquals(List.of(), repeatedPhrases(List.of("one two three four five six", "",
                "seven eight nine ten eleven twelve", "",
                "one two three four five six seven eight nine ten eleven twelve")), "a paragraph ends at a blank line");
    }

    @Test
    void aSceneTwiceOrMissingIsFound() {
        List<String> table = List.of("Scenes:", "", SCENES_TABLE, "|---|---|---|",
                "| `spring` | one spring | `--length` |",
                "| `cloth` | a grid | `--size` |",
                "| `cloth` | a grid | `--size`, `--wind` |",
                "| `rope` | a rope | `--nodes` |", "", "after");
        List<String> problems = sceneRowProblems(table, List.of("spring", "chain", "cloth"));
        assertEquals(3, problems.size(), String.join("\n", problems));
        assertTrue(problems.get(0).startsWith("README.md:7:") && problems.get(0).contains("line 6"), problems.get(0));
        assertTrue(problems.get(1).startsWith("README.md:8:") && problems.get(1).contains("rope"), problems.get(1));
        assertTrue(problems.get(2).contains("chain"), problems.get(2));
        assertEquals(1, sceneRowProblems(List.of("no table"), List.of("spring")).size(), "no table");
    }

    @Test
    void anOptionThatRunDoesNotTakeIsFound() {
        List<String> table = List.of(SCENES_TABLE, "|---|---|---|",
                "| `cloth` | a grid, `--not-here` told apart | `--size`, `--[no-]bend`, `--pins corners\\|top`, `--wnd` |",
                "| `cube` | a lattice | `--[no-]size`, `--no-shear` |");
        List<String> problems = sceneOptionProblems(table, runCommand());
        assertEquals(List.of(3, 4), lineNumbers(problems), String.join("\n", problems));
        assertTrue(problems.get(0).contains("--wnd") && !problems.get(0).contains("--not-here"), problems.get(0));
        assertTrue(problems.get(1).contains("--[no-]size"), problems.get(1));
    }

    // The checks: each returns its problems, "README.md:N: what is wrong".

    /** The CSV column lists (code spans or code lines starting with step,t,), by line number. */
    static Map<Integer, String> csvLists(List<String> lines) {
        Map<Integer, String> lists = new LinkedHashMap<>();
        boolean[] code = codeLines(lines);
        StringBuilder prose = new StringBuilder();
        List<Integer> starts = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            starts.add(prose.length());
            if (code[i]) {
                if (lines.get(i).trim().startsWith("step,t,")) {
                    lists.put(i + 1, lines.get(i).trim());
                }
            } else {
                prose.append(lines.get(i));
            }
            prose.append('\n');
        }
        Matcher m = CODE_SPAN.matcher(prose);
        while (m.find()) {
            if (m.group(1).trim().startsWith("step,t,")) {
                int k = Collections.binarySearch(starts, m.start());
                lists.put(k >= 0 ? k + 1 : -k - 1, m.group(1).trim());
            }
        }
        return lists;
    }

    static List<String> csvProblems(List<String> lines) {
        String header = new ObservablesCsv().header();
        List<String> columns = Arrays.asList(header.split(","));
        List<String> problems = new ArrayList<>();
        csvLists(lines).forEach((line, list) -> {
            if (list.equals(header)) {
                return;
            }
            List<String> given = Arrays.asList(list.split(",", -1));
            List<String> lacks = columns.stream().filter(c -> !given.contains(c)).toList();
            List<String> extra = given.stream().filter(c -> !columns.contains(c)).toList();
            String why = !lacks.isEmpty() ? "lacks " + String.join(", ", lacks)
                    : !extra.isEmpty() ? "has " + String.join(", ", extra) + ", which the CSV has not"
                    : "has the columns in another order";
            problems.add(at(line) + "the CSV columns " + list.replace("\n", "⏎") + " are not those hooke run --csv writes: "
                    + "it " + why + " (the header is " + header + ")");
        });
        return problems;
    }

    /** Each fence opens a block (with an optional info string) or closes the open one (bare). */
    static List<String> fenceProblems(List<String> lines) {
        List<String> problems = new ArrayList<>();
        int open = -1;
        for (int i = 0; i < lines.size(); i++) {
            Matcher m = FENCE.matcher(lines.get(i));
            if (!m.matches()) {
                continue;
            }
            String info = m.group(1).trim();
            if (open < 0) {
                open = i;
            } else if (info.isEmpty()) {
                open = -1;
            } else {
                problems.add(at(i + 1) + "the fence " + lines.get(i).trim() + " opens a block inside the one opened on"
                        + " line " + (open + 1) + ", which is never closed (a bare ``` closes a block)");
                open = i;
            }
        }
        if (open >= 0) {
            problems.add(at(open + 1) + "the code block opened here is never closed (a bare ``` closes it)");
        }
        return problems;
    }

    /**
     * Lines of more than {@value #REPEATED_LENGTH} characters said a second time, or said again at
     * the start of another line (a line spliced into a list twice, once ending where the other
     * goes on).
     */
    static List<String> repeatedLines(List<String> lines) {
        List<String> problems = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).trim();
            if (!longLine(line)) {
                continue;
            }
            String stem = line.replaceFirst("[.,;:]$", "");
            for (int j = 0; j < lines.size(); j++) {
                String other = lines.get(j).trim();
                if (j == i || !longLine(other)) {
                    continue;
                }
                if (j < i && other.equals(line)) {
                    problems.add(at(i + 1) + "repeats line " + (j + 1) + ": " + line);
                    break;
                }
                if (!other.equals(line) && other.startsWith(stem) && stem.length() > REPEATED_LENGTH) {
                    problems.add(at(j + 1) + "begins with line " + (i + 1) + " again: " + stem);
                }
            }
        }
        return problems;
    }

    /**
     * Runs of {@value #REPEATED_WORDS} words or more said twice outside the code blocks, within a
     * paragraph and across its line breaks.
     */
    static List<String> repeatedPhrases(List<String> lines) {
        boolean[] code = codeLines(lines);
        List<String> words = new ArrayList<>();
        List<Integer> lineOf = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).trim();
            if (code[i] || line.isEmpty() || TABLE_SEPARATOR.matcher(line).matches()) {
                words.add(null);        // a paragraph ends
                lineOf.add(i + 1);
                continue;
            }
            for (String w : line.split("\\s+")) {
                words.add(w);
                lineOf.add(i + 1);
            }
        }
        Map<String, Integer> first = new HashMap<>();
        List<String> problems = new ArrayList<>();
        int lastAt = -2;
        int lastFirst = -2;
        for (int k = 0; k + REPEATED_WORDS <= words.size(); k++) {
            List<String> run = words.subList(k, k + REPEATED_WORDS);
            if (run.contains(null)) {
                continue;
            }
            String phrase = String.join(" ", run);
            Integer f = first.putIfAbsent(phrase, k);
            if (f == null) {
                continue;
            }
            if (!(k == lastAt + 1 && f == lastFirst + 1)) {     // not the same repeat one word on
                problems.add(at(lineOf.get(k)) + "repeats what line " + lineOf.get(f) + " says: " + phrase + " …");
            }
            lastAt = k;
            lastFirst = f;
        }
        return problems;
    }

    private static boolean longLine(String line) {
        return line.length() > REPEATED_LENGTH && !FENCE.matcher(line).matches()
                && !TABLE_SEPARATOR.matcher(line).matches();
    }

    /** Each scene of {@code ids} has one row of the scenes table, and the table no other. */
    static List<String> sceneRowProblems(List<String> lines, List<String> ids) {
        Map<Integer, List<String>> rows = sceneRows(lines);
        if (rows.isEmpty()) {
            return List.of("README.md has no scenes table (a line " + SCENES_TABLE + " with rows under it)");
        }
        List<String> problems = new ArrayList<>();
        Map<String, Integer> seen = new HashMap<>();
        rows.forEach((line, cells) -> {
            String id = cells.get(0).replace("`", "").trim();
            Integer before = seen.putIfAbsent(id, line);
            if (before != null) {
                problems.add(at(line) + "the scene " + id + " has a second row (the first is line " + before + ")");
            } else if (!ids.contains(id)) {
                problems.add(at(line) + "the scene " + id + " is not registered (SceneRegistry has " + ids + ")");
            }
        });
        for (String id : ids) {
            if (!seen.containsKey(id)) {
                int header = rows.keySet().iterator().next() - 2;
                problems.add(at(header) + "the scenes table has no row for the scene " + id);
            }
        }
        return problems;
    }

    /** Each option of the scenes table's options column is an option of {@code run}. */
    static List<String> sceneOptionProblems(List<String> lines, CommandSpec run) {
        List<String> problems = new ArrayList<>();
        sceneRows(lines).forEach((line, cells) -> {
            Matcher m = OPTION.matcher(cells.get(cells.size() - 1));
            while (m.find()) {
                String name = "--" + m.group(2);
                OptionSpec option = run.optionsMap().get(name);
                boolean negatable = m.group(1) != null;
                boolean takes = negatable ? option != null && option.negatable()
                        : option != null || run.negatedOptionsMap().containsKey(name);
                if (!takes) {
                    problems.add(at(line) + "hooke run takes no option " + m.group()
                            + (negatable && option != null ? " (" + name + " is not negatable)" : ""));
                }
            }
        });
        return problems;
    }

    // Helpers.

    private static List<String> readme() throws IOException {
        return Files.readAllLines(README, StandardCharsets.UTF_8);
    }

    private static CommandSpec runCommand() {
        PrintWriter none = new PrintWriter(new StringWriter());
        return HookeCli.commandLine(none, none).getSubcommands().get("run").getCommandSpec();
    }

    /** Which lines are inside a code block, fences included. */
    private static boolean[] codeLines(List<String> lines) {
        boolean[] code = new boolean[lines.size()];
        boolean open = false;
        for (int i = 0; i < lines.size(); i++) {
            boolean fence = FENCE.matcher(lines.get(i)).matches();
            code[i] = open || fence;
            if (fence) {
                open = !open;
            }
        }
        return code;
    }

    /** The rows of the scenes table, by line number: their cells, split at the unescaped bars. */
    private static Map<Integer, List<String>> sceneRows(List<String> lines) {
        Map<Integer, List<String>> rows = new LinkedHashMap<>();
        int header = lines.stream().map(String::trim).toList().indexOf(SCENES_TABLE);
        if (header < 0) {
            return rows;
        }
        for (int i = header + 2; i < lines.size() && lines.get(i).trim().startsWith("|"); i++) {
            String row = lines.get(i).trim();
            List<String> cells = Arrays.asList(row.substring(1).split("(?<!\\\\)\\|"));
            rows.put(i + 1, cells);
        }
        return rows;
    }

    private static String at(int line) {
        return "README.md:" + line + ": ";
    }

    private static List<Integer> lineNumbers(List<String> problems) {
        return problems.stream().map(p -> Integer.parseInt(p.split(":")[1])).toList();
    }

    private static void assertNoProblems(List<String> problems) {
        assertTrue(problems.isEmpty(), problems.size() + " problem(s) in README.md:\n" + String.join("\n", problems));
    }
}
