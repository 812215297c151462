package dev.hooke.core.lesson;

import static dev.hooke.core.lesson.LessonValues.clip;
import static dev.hooke.core.lesson.LessonValues.dt;
import static dev.hooke.core.lesson.LessonValues.head;
import static dev.hooke.core.lesson.LessonValues.label;
import static dev.hooke.core.lesson.LessonValues.time;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.io.DataFileException;
import dev.hooke.core.io.YamlMap;
import dev.hooke.core.io.YamlValue;
import dev.hooke.core.lesson.LessonReplay.RunInfo;
import dev.hooke.core.scene.SceneFile;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads the actions of a lesson step ({@code set}, {@code integrator}, {@code run}, {@code reset},
 * {@code pause}, {@code sweep_dt}, {@code compare}, {@code chart}) and replays on a
 * {@link LessonReplay} what the checks after them depend on: the scene they change and the runs
 * they make.
 */
final class ActionReader {

    /** The actions, in the order messages list them. */
    private static final List<String> ACTIONS = List.of(
            "set", "integrator", "run", "reset", "pause", "sweep_dt", "compare", "chart");

    private final LessonReplay replay;

    ActionReader(LessonReplay replay) {
        this.replay = replay;
    }

    /** The action v, replayed on the scene and the runs as far as reading goes. */
    Action action(YamlValue v) throws DataFileException {
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
                replay.scene(replay.scene().apply(change, m, LessonReader.MAX_PARTICLES));
                return new Action.Set(change, line);
            }
            case "integrator": {
                IntegratorKind k = arg.choice(IntegratorKind::fromId);
                replay.scene(replay.scene().withIntegrator(k));
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
        RunInfo info = new RunInfo(replay.scene().integrator(), replay.scene().implicitOptions(),
                label == null ? "the latest run" : "the run '" + label + "'");
        replay.remember(info, label);
        return run;
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
            for (YamlValue d : values.list(1, LessonReader.MAX_SWEEP)) {
                dts.add(dt(d));
            }
        } else {
            if (from == null || to == null || count == null) {
                throw arg.error("needs 'values' (a list of Δt) or 'from', 'to' and 'count'");
            }
            double a = dt(from);
            double b = dt(to);
            int n = count.integer(2, LessonReader.MAX_SWEEP);
            if (!(b > a)) {
                throw to.error("must be larger than 'from' (" + a + "), got " + b);
            }
            for (int i = 0; i < n; i++) {
                dts.add(a + (b - a) * i / (n - 1));
            }
        }
        replay.sweep();
        return new Action.SweepDt(dts, time, kind, line);
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
            replay.remember(new RunInfo(k, replay.scene().implicitOptions(), "the run '" + k.id() + "'"), k.id());
        }
        return new Action.Compare(kinds, time, line);
    }
}
