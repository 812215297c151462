package dev.hooke.core.lesson;

import static dev.hooke.core.lesson.LessonValues.ID;
import static dev.hooke.core.lesson.LessonValues.clip;

import dev.hooke.core.io.DataFileException;
import dev.hooke.core.io.YamlFiles;
import dev.hooke.core.io.YamlMap;
import dev.hooke.core.io.YamlValue;
import dev.hooke.core.scene.SceneFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads lesson files (the format is documented in {@code lessons/README.md}) into {@link Lesson}s.
 * Every problem is a {@link DataFileException} naming the file, the line and the field, for
 * example {@code lessons/03-limit.yaml:14: steps[2].expect[0].explosion_dt.within: must be a
 * percentage > 0, got -5%}.
 *
 * <p>Besides types and ranges the reader replays the lesson's {@code set} and {@code integrator}
 * actions, so that a key that does not fit the scene at that point, a scene over
 * {@value #MAX_PARTICLES} particles, a check about a run that has not happened yet (or a label
 * no run has), or a solver check about a run whose integrator solves no linear system is reported
 * here with its line, not when the lesson is played ({@link LessonReplay}). Actions are read by
 * {@link ActionReader}, checks by {@link CheckReader}.
 */
public final class LessonReader {

    /** The most particles a lesson's scene may have (a 50 × 50 cloth): lessons must check in seconds. */
    public static final int MAX_PARTICLES = 2500;
    /** The most steps in a lesson. */
    public static final int MAX_STEPS = 40;
    /** The most actions, and the most checks, in a step. */
    public static final int MAX_ITEMS = 30;
    /** The longest text; in characters. */
    public static final int MAX_TEXT = 4000;
    /** The most Δt values in a sweep. */
    public static final int MAX_SWEEP = 40;
    /** The longest run a lesson may ask for; in simulated seconds. */
    public static final double MAX_TIME = 1000;

    private final String file;
    private ActionReader actionReader;
    private CheckReader checkReader;
    /** The line of each text read so far, by field. */
    private final Map<String, Integer> lines = new HashMap<>();

    private LessonReader(String file) {
        this.file = file;
    }

    /** Reads a lesson file. */
    public static Lesson read(Path path) throws DataFileException {
        return new LessonReader(path.toString()).lesson(YamlFiles.read(path, path.toString()));
    }

    /** Parses lesson text; {@code name} names it in messages. */
    public static Lesson parse(String text, String name) throws DataFileException {
        return new LessonReader(name).lesson(YamlFiles.parse(text, name));
    }

    private Lesson lesson(YamlValue root) throws DataFileException {
        if (root.isNull()) {
            throw new DataFileException(file, 1, "", "the file is empty; a lesson needs id, title, narration, scene and steps");
        }
        List<String> keys = List.of("id", "title", "narration", "scene", "steps");
        YamlMap top = root.map();
        if (top.keys().stream().noneMatch(keys::contains)) {
            // not a lesson at all: its keys (a link may point to any file) are not quoted
            throw top.self().error("is not a lesson file: it has none of the keys " + String.join(", ", keys));
        }
        YamlMap m = top.only(keys);
        String id = m.get("id").string();
        if (!ID.matcher(id).matches()) {
            throw m.get("id").error("must be lowercase letters, digits and dashes (at most 64), got '" + clip(id) + "'");
        }
        Text title = text(m.get("title"));
        Text narration = text(m.get("narration"));
        SceneFile initial = SceneFile.fromYaml(m.get("scene"), MAX_PARTICLES);
        LessonReplay replay = new LessonReplay(initial);
        actionReader = new ActionReader(replay);
        checkReader = new CheckReader(replay);
        List<YamlValue> items = m.get("steps").list(1, MAX_STEPS);
        List<Step> steps = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            steps.add(step(items.get(i), i + 1));
        }
        Lesson lesson = new Lesson(file, id, title, narration, initial, steps, lines);
        if (lesson.checkCount() == 0) {
            throw m.get("steps").error("no step has an 'expect' list: a lesson must verify what it says");
        }
        return lesson;
    }

    // ------------------------------------------------------------------ texts

    private Text text(YamlValue v) throws DataFileException {
        YamlMap m = v.map().only(List.of("en", "zh"));
        for (String lang : List.of("en", "zh")) {
            lines.put(m.get(lang).path(), m.get(lang).line());
        }
        String en = m.get("en").string();
        String zh = m.get("zh").string();
        if (en.length() > MAX_TEXT) {
            throw m.get("en").error("is longer than " + MAX_TEXT + " characters");
        }
        if (zh.length() > MAX_TEXT) {
            throw m.get("zh").error("is longer than " + MAX_TEXT + " characters");
        }
        return new Text(en, zh);
    }

    // ------------------------------------------------------------------ steps

    private Step step(YamlValue v, int number) throws DataFileException {
        YamlMap m = v.map().only(List.of("narration", "question", "actions", "expect"));
        Text narration = text(m.get("narration"));
        YamlValue q = m.opt("question");
        Question question = q == null ? null : question(q);
        List<Action> actions = new ArrayList<>();
        YamlValue a = m.opt("actions");
        if (a != null) {
            for (YamlValue item : a.list(0, MAX_ITEMS)) {
                actions.add(actionReader.action(item));
            }
        }
        List<Check> checks = new ArrayList<>();
        YamlValue e = m.opt("expect");
        if (e != null) {
            for (YamlValue item : e.list(0, MAX_ITEMS)) {
                checks.add(checkReader.check(item));
            }
        }
        return new Step(number, v.line(), narration, question, actions, checks);
    }

    private Question question(YamlValue v) throws DataFileException {
        YamlMap m = v.map().only(List.of("prompt", "choices", "answer", "within", "unit", "explanation", "hides"));
        Text prompt = text(m.get("prompt"));
        YamlValue ex = m.opt("explanation");
        Text explanation = ex == null ? null : text(ex);
        YamlValue c = m.opt("choices");
        Question q;
        if (c != null) {
            List<Text> choices = new ArrayList<>();
            for (YamlValue item : c.list(2, 8)) {
                choices.add(text(item));
            }
            int answer = m.get("answer").integer(1, choices.size());
            if (m.has("within")) {
                throw m.error("within", "applies to a numeric answer only, not to multiple choice");
            }
            if (m.has("unit")) {
                throw m.error("unit", "applies to a numeric answer only, not to multiple choice");
            }
            q = new Question(prompt, choices, answer, Double.NaN, Double.NaN, "", explanation, v.line(), hides(m));
        } else {
            double value = m.get("answer").number();
            YamlValue w = m.opt("within");
            if (w == null) {
                throw m.self().error("a numeric answer needs 'within' (for example 10%); "
                        + "or give 'choices' for multiple choice");
            }
            double within = w.fraction();
            YamlValue u = m.opt("unit");
            q = new Question(prompt, List.of(), 0, value, within, u == null ? "" : u.string(), explanation, v.line(),
                    hides(m));
        }
        return q;
    }

    /** The readouts a question names under {@code hides:} (a list, maybe empty), or null when it names none. */
    private static Set<Readout> hides(YamlMap m) throws DataFileException {
        YamlValue h = m.opt("hides");
        if (h == null) {
            return null;
        }
        Set<Readout> out = EnumSet.noneOf(Readout.class);
        for (YamlValue item : h.list(0, Readout.values().length)) {
            Readout r = Readout.of(item.string());
            if (r == null) {
                throw item.error("is not a readout: write limit or naive_bound");
            }
            out.add(r);
        }
        return out;
    }
}
