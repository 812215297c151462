package dev.hooke.core.lesson;

import dev.hooke.core.integrate.ImplicitOptions;
import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.io.DataFileException;
import dev.hooke.core.io.YamlFiles;
import dev.hooke.core.io.YamlMap;
import dev.hooke.core.io.YamlValue;
import dev.hooke.core.scene.SceneFile;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.solve.SolverKind;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

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
 * here with its line, not when the lesson is played.
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

    private static final Pattern ID = Pattern.compile("[a-z0-9][a-z0-9-]{0,63}");

    private final String file;
    private SceneFile scene;
    private RunInfo lastRun;
    private final Map<IntegratorKind, RunInfo> runsByKind = new HashMap<>();
    private final Map<String, RunInfo> runsByLabel = new HashMap<>();
    private boolean anySweep;

    /** What the reader knows of a run: its integrator and solver settings. */
    private record RunInfo(IntegratorKind kind, ImplicitOptions options, String name) {
    }

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
        YamlMap m = root.map().only(List.of("id", "title", "narration", "scene", "steps"));
        String id = m.get("id").string();
        if (!ID.matcher(id).matches()) {
            throw m.get("id").error("must be lowercase letters, digits and dashes (at most 64), got '" + clip(id) + "'");
        }
        Text title = text(m.get("title"));
        Text narration = text(m.get("narration"));
        SceneFile initial = SceneFile.fromYaml(m.get("scene"), MAX_PARTICLES);
        scene = initial;
        List<YamlValue> items = m.get("steps").list(1, MAX_STEPS);
        List<Step> steps = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            steps.add(step(items.get(i), i + 1));
        }
        Lesson lesson = new Lesson(file, id, title, narration, initial, steps);
        if (lesson.checkCount() == 0) {
            throw m.get("steps").error("no step has an 'expect' list: a lesson must verify what it says");
        }
        return lesson;
    }

    // ------------------------------------------------------------------ texts

    private static Text text(YamlValue v) throws DataFileException {
        YamlMap m = v.map().only(List.of("en", "zh"));
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

    private static String clip(String s) {
        return s.length() > 40 ? s.substring(0, 37) + "..." : s;
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
                actions.add(action(item));
            }
        }
        List<Check> checks = new ArrayList<>();
        YamlValue e = m.opt("expect");
        if (e != null) {
            for (YamlValue item : e.list(0, MAX_ITEMS)) {
                checks.add(check(item));
            }
        }
        return new Step(number, v.line(), narration, question, actions, checks);
    }

    private static Question question(YamlValue v) throws DataFileException {
        YamlMap m = v.map().only(List.of("prompt", "choices", "answer", "within", "unit", "explanation"));
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
            q = new Question(prompt, choices, answer, Double.NaN, Double.NaN, "", explanation, v.line());
        } else {
            double value = m.get("answer").number();
            YamlValue w = m.opt("within");
            if (w == null) {
                throw m.self().error("a numeric answer needs 'within' (for example 10%); "
                        + "or give 'choices' for multiple choice");
            }
            double within = w.fraction();
            YamlValue u = m.opt("unit");
            q = new Question(prompt, List.of(), 0, value, within, u == null ? "" : u.string(), explanation, v.line());
        }
        return q;
    }

    // ------------------------------------------------------------------ actions

    private static final List<String> ACTIONS = List.of(
            "set", "integrator", "run", "reset", "pause", "sweep_dt", "compare", "chart");

    /** The single key of a one-key mapping, or the text of a scalar. */
    private static String head(YamlValue v, List<String> allowed, String what) throws DataFileException {
        if (v.isScalar()) {
            return v.string();
        }
        if (!v.isMap()) {
            throw v.error("must be " + what + ": one of " + String.join(", ", allowed) + ", got " + v.describe());
        }
        YamlMap m = v.map();
        if (m.size() != 1) {
            throw v.error("must have exactly one key (one of " + String.join(", ", allowed) + "), got "
                    + (m.size() == 0 ? "none" : String.join(", ", m.keys())));
        }
        return m.keys().get(0);
    }

    private Action action(YamlValue v) throws DataFileException {
        String name = head(v, ACTIONS, "an action");
        if (!ACTIONS.contains(name)) {
            throw v.error("unknown action '" + clip(name) + "'; expected one of " + String.join(", ", ACTIONS));
        }
        int line = v.line();
        if (name.equals("reset") || name.equals("pause")) {
            if (v.isMap()) {
                YamlValue arg = v.map().get(name);
                if (!arg.bool()) {
                    throw arg.error("write '- " + name + "' or '- " + name + ": true'");
                }
            }
            return name.equals("reset") ? new Action.Reset(line) : new Action.Pause(line);
        }
        if (v.isScalar()) {
            throw v.error("the action '" + name + "' needs a value, for example '" + example(name) + "'");
        }
        YamlMap outer = v.map();
        YamlValue arg = outer.get(name);
        switch (name) {
            case "set": {
                YamlMap m = arg.map();
                Map<SceneFile.Key, Object> change = SceneFile.readChange(m);
                if (change.isEmpty()) {
                    throw arg.error("sets nothing");
                }
                scene = scene.apply(change, m, MAX_PARTICLES);
                return new Action.Set(change, line);
            }
            case "integrator": {
                IntegratorKind k = arg.choice(IntegratorKind::fromId);
                scene = scene.withIntegrator(k);
                return new Action.UseIntegrator(k, line);
            }
            case "run":
                return run(arg, line);
            case "sweep_dt":
                return sweep(arg, line);
            case "compare":
                return compare(arg, line);
            case "chart": {
                String chart = arg.string();
                if (!Action.Chart.KINDS.contains(chart)) {
                    throw arg.error("unknown chart '" + clip(chart) + "'; expected one of "
                            + String.join(", ", Action.Chart.KINDS));
                }
                return new Action.Chart(chart, line);
            }
            default:
                throw new IllegalStateException(name);
        }
    }

    private static String example(String action) {
        return switch (action) {
            case "set" -> "set: {k: 1000}";
            case "integrator" -> "integrator: verlet";
            case "run" -> "run: {time: 10}";
            case "sweep_dt" -> "sweep_dt: {from: 0.01, to: 0.03, count: 5, time: 5}";
            case "compare" -> "compare: {integrators: [explicit-euler, verlet], time: 10}";
            default -> "chart: energy";
        };
    }

    private static double time(YamlValue v) throws DataFileException {
        double t = v.positive();
        if (t > MAX_TIME) {
            throw v.error("may be at most " + (long) MAX_TIME + " s, got " + t);
        }
        return t;
    }

    private Action run(YamlValue arg, int line) throws DataFileException {
        YamlMap m = arg.map().only(List.of("time", "steps", "until", "max_time", "label"));
        YamlValue lab = m.opt("label");
        String label = lab == null ? null : label(lab);
        YamlValue time = m.opt("time");
        YamlValue steps = m.opt("steps");
        YamlValue until = m.opt("until");
        YamlValue maxTime = m.opt("max_time");
        Action.Run run;
        if (until != null) {
            if (!until.string().equals("explosion")) {
                throw until.error("the only value is 'explosion', got " + until.describe());
            }
            if (maxTime == null) {
                throw m.self().error("'until: explosion' needs 'max_time' (s), the longest the run may last");
            }
            if (time != null || steps != null) {
                throw m.error(time != null ? "time" : "steps", "cannot be combined with 'until'");
            }
            run = new Action.Run(time(maxTime), 0, true, label, line);
        } else if (maxTime != null) {
            throw m.error("max_time", "applies with 'until: explosion' only; use 'time'");
        } else if (time != null && steps != null) {
            throw m.error("steps", "give either 'time' or 'steps', not both");
        } else if (time != null) {
            run = new Action.Run(time(time), 0, false, label, line);
        } else if (steps != null) {
            run = new Action.Run(Double.NaN, steps.integer(1, 10_000_000), false, label, line);
        } else {
            throw arg.error("needs 'time' (s), 'steps', or 'until: explosion' with 'max_time'");
        }
        RunInfo info = new RunInfo(scene.integrator(), scene.implicitOptions(),
                label == null ? "the latest run" : "the run '" + label + "'");
        remember(info, label);
        return run;
    }

    private void remember(RunInfo info, String label) {
        lastRun = info;
        runsByKind.put(info.kind(), info);
        if (label != null) {
            runsByLabel.put(label, info);
        }
    }

    /** A run's label: lowercase letters, digits and dashes, like an id. */
    private static String label(YamlValue v) throws DataFileException {
        String l = v.string();
        if (!ID.matcher(l).matches()) {
            throw v.error("must be lowercase letters, digits and dashes (at most 64), got '" + clip(l) + "'");
        }
        return l;
    }

    private Action sweep(YamlValue arg, int line) throws DataFileException {
        YamlMap m = arg.map().only(List.of("values", "from", "to", "count", "time", "integrator"));
        YamlValue values = m.opt("values");
        YamlValue from = m.opt("from");
        YamlValue to = m.opt("to");
        YamlValue count = m.opt("count");
        double time = time(m.get("time"));
        YamlValue integ = m.opt("integrator");
        IntegratorKind kind = integ == null ? null : integ.choice(IntegratorKind::fromId);
        List<Double> dts = new ArrayList<>();
        if (values != null) {
            if (from != null || to != null || count != null) {
                throw m.error(from != null ? "from" : to != null ? "to" : "count",
                        "give either 'values' or 'from', 'to' and 'count'");
            }
            for (YamlValue d : values.list(1, MAX_SWEEP)) {
                dts.add(dt(d));
            }
        } else {
            if (from == null || to == null || count == null) {
                throw arg.error("needs 'values' (a list of Δt) or 'from', 'to' and 'count'");
            }
            double a = dt(from);
            double b = dt(to);
            int n = count.integer(2, MAX_SWEEP);
            if (!(b > a)) {
                throw to.error("must be larger than 'from' (" + a + "), got " + b);
            }
            for (int i = 0; i < n; i++) {
                dts.add(a + (b - a) * i / (n - 1));
            }
        }
        anySweep = true;
        return new Action.SweepDt(dts, time, kind, line);
    }

    private static double dt(YamlValue v) throws DataFileException {
        double h = v.positive();
        if (h > SceneFile.MAX_DT) {
            throw v.error("must be a time step of at most " + SceneFile.MAX_DT + " s, got " + h);
        }
        return h;
    }

    private Action compare(YamlValue arg, int line) throws DataFileException {
        YamlMap m = arg.map().only(List.of("integrators", "time"));
        List<IntegratorKind> kinds = new ArrayList<>();
        for (YamlValue item : m.get("integrators").list(2, 5)) {
            IntegratorKind k = item.choice(IntegratorKind::fromId);
            if (kinds.contains(k)) {
                throw item.error("'" + k.id() + "' is listed twice");
            }
            kinds.add(k);
        }
        double time = time(m.get("time"));
        for (IntegratorKind k : kinds) {
            remember(new RunInfo(k, scene.implicitOptions(), "the run '" + k.id() + "'"), k.id());
        }
        return new Action.Compare(kinds, time, line);
    }

    // ------------------------------------------------------------------ checks

    private static final List<String> CHECKS = List.of(
            "explodes", "bounded", "energy_ratio_per_step", "energy_ratio", "energy_range", "energy_drift",
            "error_vs_exact", "crossings", "max_strain", "cg_iterations", "solver_converged", "solver_indefinite",
            "compare_runs", "predicted_limit", "naive_bound", "omega_max", "limit_over_naive", "explosion_dt",
            "sweep_matches_prediction", "convergence_order");

    private Check check(YamlValue v) throws DataFileException {
        String name = head(v, CHECKS, "a check");
        if (!CHECKS.contains(name)) {
            throw v.error("unknown check '" + clip(name) + "'; expected one of " + String.join(", ", CHECKS));
        }
        if (!v.isMap()) {
            throw v.error("the check '" + name + "' needs its parameters, for example '" + name + ": {...}'");
        }
        int line = v.line();
        YamlValue arg = v.map().get(name);
        if (name.equals("sweep_matches_prediction")) {
            if (!arg.bool()) {
                throw arg.error("write 'sweep_matches_prediction: true'");
            }
            if (!anySweep) {
                throw v.error("there is no sweep_dt before this check");
            }
            return new Check.SweepMatchesPrediction(null, line);
        }
        if (name.equals("compare_runs")) {
            return compareRuns(arg, line);
        }
        boolean solverFlag = name.equals("solver_converged") || name.equals("solver_indefinite");
        if (solverFlag && arg.isScalar()) {
            return solverFlag(name, arg.bool(), null, null, v, arg, line);
        }
        YamlMap m = arg.map().only(allowedKeys(name));
        YamlValue integ = m.opt("integrator");
        IntegratorKind kind = integ == null ? null : integ.choice(IntegratorKind::fromId);
        YamlValue runRef = m.opt("run");
        String run = null;
        if (runRef != null) {
            if (integ != null) {
                throw m.error("run", "give either 'run' (a label) or 'integrator', not both");
            }
            run = label(runRef);
        }
        Check c = switch (name) {
            case "explodes" -> new Check.Explodes(time(m.get("within")), kind, run, line);
            case "bounded" -> new Check.Bounded(time(m.get("for")), kind, run, line);
            case "energy_ratio_per_step" ->
                    new Check.EnergyRatioPerStep(m.get("expected").positive(), m.get("within").fraction(), kind, run, line);
            case "energy_ratio" -> {
                if (m.has("expected") || m.has("within")) {
                    if (m.has("min") || m.has("max")) {
                        throw m.error(m.has("min") ? "min" : "max", "give either 'expected' and 'within' or 'min' and/or 'max'");
                    }
                    yield new Check.EnergyRatio(m.get("expected").positive(), m.get("within").fraction(),
                            Double.NaN, Double.NaN, kind, run, line);
                }
                YamlValue lo = m.opt("min");
                YamlValue hi = m.opt("max");
                if (lo == null && hi == null) {
                    throw arg.error("needs 'expected' and 'within', or 'min' and/or 'max'");
                }
                double a = lo == null ? 0 : lo.nonNegative();
                double b = hi == null ? Double.POSITIVE_INFINITY : hi.positive();
                if (b < a) {
                    throw m.get("max").error("must be at least 'min' (" + a + "), got " + b);
                }
                yield new Check.EnergyRatio(Double.NaN, Double.NaN, a, b, kind, run, line);
            }
            case "energy_range" -> {
                double lo = m.get("min").nonNegative();
                double hi = m.get("max").positive();
                if (!(hi >= lo)) {
                    throw m.get("max").error("must be at least 'min' (" + lo + "), got " + hi);
                }
                yield new Check.EnergyRange(lo, hi, kind, run, line);
            }
            case "energy_drift" -> new Check.EnergyDrift(m.get("max").positive(), kind, run, line);
            case "error_vs_exact" -> {
                requireSpring(v, name);
                YamlValue lo = m.opt("min");
                double a = lo == null ? 0 : lo.nonNegative();
                double b = m.get("max").positive();
                if (b < a) {
                    throw m.get("max").error("must be at least 'min' (" + a + "), got " + b);
                }
                yield new Check.ErrorVsExact(a, b, kind, run, line);
            }
            case "crossings" -> {
                requireSpring(v, name);
                YamlValue lo = m.opt("min");
                YamlValue hi = m.opt("max");
                if (lo == null && hi == null) {
                    throw arg.error("needs 'min', 'max' or both");
                }
                int a = lo == null ? 0 : lo.integer(0, 1_000_000);
                int b = hi == null ? 1_000_000 : hi.integer(0, 1_000_000);
                if (b < a) {
                    throw m.get("max").error("must be at least 'min' (" + a + "), got " + b);
                }
                yield new Check.Crossings(a, b, kind, run, line);
            }
            case "max_strain" -> {
                YamlValue lo = m.opt("min");
                double a = lo == null ? 0 : lo.nonNegative();
                double b = m.get("max").positive();
                if (b < a) {
                    throw m.get("max").error("must be at least 'min' (" + a + "), got " + b);
                }
                yield new Check.MaxStrain(a, b, kind, run, line);
            }
            case "cg_iterations" -> {
                YamlValue below = m.opt("below");
                YamlValue above = m.opt("above");
                if (below == null && above == null) {
                    throw arg.error("needs 'below', 'above' or both (CG iterations, for example 'below: 50')");
                }
                long hi = below == null ? Long.MAX_VALUE : below.integer(1, Integer.MAX_VALUE);
                long lo = above == null ? -1 : above.integer(0, Integer.MAX_VALUE - 1);
                if (below != null && above != null && hi <= lo + 1) {
                    throw below.error("must be larger than 'above' + 1 (" + (lo + 1) + "), got " + hi);
                }
                YamlValue st = m.opt("statistic");
                String stat = st == null ? "max" : st.string().toLowerCase(Locale.ROOT);
                if (!Check.CgIterations.STATISTICS.contains(stat)) {
                    throw st.error("must be one of " + String.join(", ", Check.CgIterations.STATISTICS) + ", got "
                            + st.describe());
                }
                yield new Check.CgIterations(hi, lo, stat, kind, run, line);
            }
            case "solver_converged", "solver_indefinite" ->
                    solverFlag(name, m.get("expected").bool(), kind, run, v, arg, line);
            case "predicted_limit" -> predictedLimit(m, kind, line);
            case "naive_bound" -> new Check.NaiveBound(m.get("expected").positive(), m.get("within").fraction(), kind, line);
            case "omega_max" -> new Check.OmegaMax(m.get("expected").positive(), m.get("within").fraction(), kind, line);
            case "limit_over_naive" ->
                    new Check.LimitOverNaive(m.get("expected").positive(), m.get("within").fraction(), kind, line);
            case "explosion_dt" -> {
                double within = m.get("within").fraction();
                YamlValue p = m.opt("periods");
                YamlValue g = m.opt("growth");
                yield new Check.ExplosionDt(within, p == null ? 200 : p.number(10, 10_000),
                        g == null ? 1e6 : g.number(10, 1e12), kind, line);
            }
            case "convergence_order" -> {
                requireSpring(v, name);
                double expected = m.get("expected").number(-10, 10);
                double within = m.get("within").positive();
                double t = time(m.get("time"));
                List<Double> dts = new ArrayList<>();
                for (YamlValue d : m.get("dts").list(2, 8)) {
                    double h = dt(d);
                    double n = t / h;
                    if (Math.abs(n - Math.rint(n)) > 1e-6 * n || n > 1_000_000) {
                        throw d.error("'time' (" + t + " s) must be a whole number of steps of " + h
                                + " s, at most 1000000");
                    }
                    if (dts.contains(h)) {
                        throw d.error("is listed twice");
                    }
                    dts.add(h);
                }
                yield new Check.ConvergenceOrder(expected, within, dts, t, kind, line);
            }
            default -> throw new IllegalStateException(name);
        };
        if (c instanceof Check.CgIterations) {
            requireSolver(runInfo(v, m, kind, run), true, v, name);
        } else if (c instanceof Check.RunCheck) {
            runInfo(v, m, kind, run);
        }
        return c;
    }

    /** solver_converged / solver_indefinite, written {@code name: true} or {@code name: {expected: true, ...}}. */
    private Check solverFlag(String name, boolean expected, IntegratorKind kind, String run, YamlValue v, YamlValue arg,
                             int line) throws DataFileException {
        RunInfo info = runInfo(v, arg.isMap() ? arg.map() : null, kind, run);
        requireSolver(info, false, v, name);
        return name.equals("solver_converged") ? new Check.SolverConverged(expected, kind, run, line)
                : new Check.SolverIndefinite(expected, kind, run, line);
    }

    /** The run a run check reads, as far as the reader can tell; an error when there is none. */
    private RunInfo runInfo(YamlValue v, YamlMap m, IntegratorKind kind, String run) throws DataFileException {
        if (lastRun == null) {
            throw v.error("there is no run before this check: add a run or compare action");
        }
        if (run != null) {
            return labelled(m, "run", run);
        }
        if (kind != null) {
            RunInfo info = runsByKind.get(kind);
            if (info == null) {
                throw m.error("integrator", "no run with " + kind.id() + " happens before this check");
            }
            return info;
        }
        return lastRun;
    }

    /** The latest run labelled {@code label}; an error on {@code key} when there is none. */
    private RunInfo labelled(YamlMap m, String key, String label) throws DataFileException {
        RunInfo info = runsByLabel.get(label);
        if (info == null) {
            throw m.error(key, "no run labelled '" + label + "' happens before this check"
                    + (runsByLabel.isEmpty() ? " (label a run with 'run: {..., label: " + label + "}')"
                    : "; the labels so far are " + String.join(", ", runsByLabel.keySet().stream().sorted().toList())));
        }
        return info;
    }

    /** A solver check needs an implicit integrator's run, and CG iterations a run that used CG. */
    private static void requireSolver(RunInfo info, boolean cg, YamlValue v, String check) throws DataFileException {
        if (!info.kind().isImplicit()) {
            throw v.error("'" + check + "' reads the linear solves of an implicit integrator, and " + info.name()
                    + " uses " + info.kind().id() + ", which solves none");
        }
        if (cg && info.options().solver() != SolverKind.CG) {
            throw v.error("'" + check + "' counts CG iterations, and " + info.name() + " solves with "
                    + info.options().solver().id() + ", which takes none (set 'solver: cg')");
        }
    }

    private Check compareRuns(YamlValue arg, int line) throws DataFileException {
        YamlMap m = arg.map().only(List.of("quantity", "run", "baseline", "baseline_quantity", "ratio_above",
                "ratio_below"));
        Check.Quantity q = m.get("quantity").choice(Check.Quantity::fromId);
        YamlValue bq = m.opt("baseline_quantity");
        Check.Quantity baseQ = bq == null ? q : bq.choice(Check.Quantity::fromId);
        String run = label(m.get("run"));
        String base = label(m.get("baseline"));
        YamlValue lo = m.opt("ratio_above");
        YamlValue hi = m.opt("ratio_below");
        if (lo == null && hi == null) {
            throw arg.error("needs 'ratio_below', 'ratio_above' or both (bounds on " + q.id() + " of 'run' / "
                    + baseQ.id() + " of 'baseline')");
        }
        double a = lo == null ? Double.NEGATIVE_INFINITY : lo.nonNegative();
        double b = hi == null ? Double.POSITIVE_INFINITY : hi.positive();
        if (!(b > a)) {
            throw hi.error("must be larger than 'ratio_above' (" + a + "), got " + b);
        }
        if (lastRun == null) {
            throw arg.error("there is no run before this check: add a run or compare action");
        }
        for (String key : List.of("run", "baseline")) {
            RunInfo info = labelled(m, key, key.equals("run") ? run : base);
            Check.Quantity which = key.equals("run") ? q : baseQ;
            if (which.needsCg()) {
                requireSolver(info, true, m.get(key), which.id());
            }
        }
        if (run.equals(base) && q == baseQ) {
            throw m.error("baseline", "is the run itself: the ratio would be 1");
        }
        return new Check.CompareRuns(q, run, baseQ, base, a, b, line);
    }

    private Check predictedLimit(YamlMap m, IntegratorKind kind, int line) throws DataFileException {
        YamlValue e = m.get("expected");
        String t = e.string();
        if (t.equals("unstable") || t.equals("none")) {
            if (m.has("within")) {
                throw m.error("within", "applies to a limit in seconds only");
            }
            return new Check.PredictedLimit(t.equals("unstable") ? Check.LimitKind.UNSTABLE : Check.LimitKind.NONE,
                    Double.NaN, Double.NaN, kind, line);
        }
        double s;
        try {
            s = e.positive();
        } catch (DataFileException ex) {
            throw e.error("must be a time step in s, 'unstable' or 'none', got " + e.describe());
        }
        return new Check.PredictedLimit(Check.LimitKind.SECONDS, s, m.get("within").fraction(), kind, line);
    }

    private void requireSpring(YamlValue v, String check) throws DataFileException {
        if (scene.type() != SceneType.SPRING) {
            throw v.error("'" + check + "' compares with the closed-form solution of one spring: it needs the spring "
                    + "scene, and the scene here is " + scene.type().id());
        }
    }

    private static List<String> allowedKeys(String check) {
        boolean runCheck = switch (check) {
            case "predicted_limit", "naive_bound", "omega_max", "limit_over_naive", "explosion_dt", "convergence_order" ->
                    false;
            default -> true;
        };
        List<String> keys = new ArrayList<>(switch (check) {
            case "explodes" -> List.of("within");
            case "bounded" -> List.of("for");
            case "energy_ratio_per_step", "naive_bound", "omega_max", "limit_over_naive" ->
                    List.of("expected", "within");
            case "energy_ratio" -> List.of("expected", "within", "min", "max");
            case "energy_range", "crossings", "max_strain", "error_vs_exact" -> List.of("min", "max");
            case "energy_drift" -> List.of("max");
            case "cg_iterations" -> List.of("below", "above", "statistic");
            case "solver_converged", "solver_indefinite" -> List.of("expected");
            case "predicted_limit" -> List.of("expected", "within");
            case "explosion_dt" -> List.of("within", "periods", "growth");
            case "convergence_order" -> List.of("expected", "within", "dts", "time");
            default -> List.of();
        });
        keys.add("integrator");
        if (runCheck) {
            keys.add("run");
        }
        return keys;
    }
}
