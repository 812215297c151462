package dev.hooke.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.io.DataFileException;
import dev.hooke.core.lesson.LessonChecker;
import dev.hooke.core.lesson.Report;
import dev.hooke.core.scene.Range;
import dev.hooke.core.scene.SceneFile;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every mass-, length-, stiffness- and damping-like number of a scene has one range
 * ({@link SceneSpec}'s {@link Range}s, with a positive minimum where the physics divides): a
 * subnormal value (1e-320), a tiny one, a negative one, NaN and the infinities are refused in the
 * same words by a scene file (file:line: key: reason), by a lesson file ({@code hooke lesson check}
 * reports the load as a row naming file, line and key, never an exception's class) and by the
 * command line ({@code hooke run}: exit 2, one line naming the option). A value at a bound is
 * accepted and its first steps stay finite.
 */
class PhysicalBoundsTest {

    @TempDir
    Path dir;

    /**
     * A number of a scene: its key in files, its option, a scene it applies to, the extra lines
     * (or options) it needs there, and its range.
     */
    record Field(String key, SceneType type, String needs, Range range) {
        String option() {
            return "--" + key.replace('_', '-');
        }

        /** The options the field needs on the command line: a sphere for its radius, a wind for its gust. */
        List<String> needsOptions() {
            return switch (key) {
                case "sphere_radius" -> List.of("--obstacle", "sphere");
                case "gust_period" -> List.of("--wind=1,0,0", "--gust=0.5");
                case "thickness" -> List.of("--self-collision");
                default -> List.of();
            };
        }

        @Override
        public String toString() {
            return key;
        }
    }

    static final List<Field> FIELDS = List.of(
            new Field("mass", SceneType.CHAIN, "", SceneSpec.MASS),
            new Field("length", SceneType.CHAIN, "", SceneSpec.LENGTH),
            new Field("k", SceneType.SPRING, "", SceneSpec.STIFFNESS),
            new Field("k_struct", SceneType.CLOTH, "", SceneSpec.STIFFNESS),
            new Field("k_shear", SceneType.CLOTH, "", SceneSpec.STIFFNESS),
            new Field("k_bend", SceneType.CLOTH, "", SceneSpec.STIFFNESS),
            new Field("kd", SceneType.CHAIN, "", SceneSpec.DAMPING),
            new Field("air_damping", SceneType.CHAIN, "", SceneSpec.DAMPING),
            new Field("drop_height", SceneType.CUBE, "", SceneSpec.DISTANCE),
            new Field("thickness", SceneType.CLOTH, "", SceneSpec.LENGTH),
            new Field("gust_period", SceneType.CLOTH, "", SceneSpec.PERIOD),
            new Field("tear_strain", SceneType.CLOTH, "", SceneSpec.TEAR_STRAIN),
            new Field("sphere_radius", SceneType.CLOTH, "obstacle: sphere\n", SceneSpec.LENGTH));

    /** Subnormal, below the minimum, negative, not a number, infinite. */
    static final List<String> BAD = List.of("1e-320", "1e-12", "-1", "NaN", "Infinity", "-Infinity");

    static Stream<Arguments> badValues() {
        List<Arguments> out = new ArrayList<>();
        for (Field f : FIELDS) {
            for (String v : BAD) {
                out.add(Arguments.of(f, v));
            }
        }
        return out.stream();
    }

    /** The reason a finite value is refused for: the range, written as the range itself writes it. */
    private static String reason(Field f, String value) {
        double v = Double.parseDouble(value);
        return Double.isFinite(v) ? f.range().describe() : "must be a finite number";
    }

    private static String sceneText(Field f, String value) {
        return "type: " + f.type().id() + "\n" + f.needs() + f.key() + ": " + value + "\n";
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("badValues")
    void aSceneFileRefusesItOnItsLine(Field f, String value) {
        String text = sceneText(f, value);
        int line = (int) text.lines().count();
        DataFileException e = assertThrows(DataFileException.class, () -> SceneFile.parse(text, "s.yaml"));
        String expected = "s.yaml:" + line + ": " + f.key() + ": " + reason(f, value);
        assertTrue(e.getMessage().startsWith(expected), e.getMessage() + "\n expected to start with " + expected);
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("badValues")
    void theCommandLineRefusesItInOneLine(Field f, String value) {
        List<String> args = new ArrayList<>(List.of("run", "--scene", f.type().id(), "--steps", "2", "--csv", "-"));
        args.addAll(f.needsOptions());
        args.add(f.option() + "=" + value);
        Hooke.Result r = Hooke.run(args.toArray(String[]::new));
        assertEquals(2, r.code(), r.err());
        assertEquals("", r.out(), "no rows");
        assertEquals(1, r.errLines().size(), r.err());
        String expected = "hooke: " + f.option() + ": " + reason(f, value);
        assertTrue(r.err().startsWith(expected), r.err() + "\n expected to start with " + expected);
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("badValues")
    void aLessonFileIsReportedWithFileLineAndKey(Field f, String value) throws IOException {
        String scene = sceneText(f, value).indent(2);
        Path lesson = dir.resolve("bad.yaml");
        Files.writeString(lesson, lesson(scene, ""), StandardCharsets.UTF_8);
        int line = 4 + (int) scene.lines().count();
        Hooke.Result r = Hooke.run("lesson", "check", lesson.toString());
        assertEquals(1, r.code(), r.out() + r.err());
        String expected = lesson + ":" + line + ": scene." + f.key() + ": " + reason(f, value);
        assertTrue(r.out().contains(expected), r.out() + "\n expected to contain " + expected);
        assertFalse(r.out().contains("Exception"), r.out());
    }

    /** A lesson's {@code set:} action refuses the value on its own line, when the file is read. */
    @Test
    void aSetActionWithASubnormalMassIsReportedOnItsLine() throws IOException, DataFileException {
        Path lesson = dir.resolve("set.yaml");
        Files.writeString(lesson, lesson("  type: spring\n", "      - set: {mass: 1e-320}\n"), StandardCharsets.UTF_8);
        Report report = LessonChecker.checkAll(lesson);
        String table = report.formatTable(java.util.Locale.ENGLISH);
        assertTrue(table.contains(lesson + ":9: steps[0].actions[0].set.mass: " + SceneSpec.MASS.describe()
                + ", got 1e-320"), table);
        assertFalse(table.contains("Exception"), table);
    }

    /** A lesson with the given scene block (indented) and the actions of its one step. */
    private static String lesson(String scene, String actions) {
        return "id: bounds\n"
                + "title: {en: Bounds, zh: 范围}\n"
                + "narration: {en: A scene at its bounds., zh: 在边界上的场景。}\n"
                + "scene:\n"
                + scene
                + "steps:\n"
                + "  - narration: {en: Run., zh: 运行。}\n"
                + "    actions:\n"
                + (actions.isEmpty() ? "" : actions)
                + "      - run: {time: 0.01}\n"
                + "    expect:\n"
                + "      - bounded: true\n";
    }

    /** At each minimum (and at each maximum) a scene's first steps stay finite: no run starts from NaN. */
    @Test
    void theBoundsThemselvesAreAcceptedAndRunFinite() {
        for (Field f : FIELDS) {
            for (double v : new double[] {f.range().min(), f.range().max()}) {
                List<String> args = new ArrayList<>(List.of("run", "--scene", f.type().id(), "--steps", "3", "--csv", "-"));
                args.addAll(f.needsOptions());
                args.add(f.option() + "=" + Range.format(v));
                Hooke.Result r = Hooke.run(args.toArray(String[]::new));
                assertEquals(0, r.code(), f + "=" + v + ": " + r.err());
                List<String> rows = r.out().lines().toList();
                // a run stops at its explosion (a huge damping with an explicit method): it still
                // starts from numbers
                assertTrue(rows.size() >= 3, f + "=" + v + ": a header, step 0 and step 1 at least\n" + r.out());
                for (String row : rows) {
                    assertFalse(row.contains("NaN"), f + "=" + v + ": " + row);
                }
            }
        }
    }
}
