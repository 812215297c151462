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
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads the checks of a lesson step ({@code expect}) into {@link Check}s. One table maps each
 * check's name to its reader: adding a check is one entry.
 *
 * <p>Most checks are a mapping of parameters. A <em>run check</em> ({@link Check.RunCheck}) may
 * name the run it reads by {@code integrator} or by {@code run} (a label), and that run must have
 * happened before it ({@link LessonReplay}); a <em>limit check</em> may name an {@code integrator}
 * only. The remaining checks read their value themselves.
 */
final class CheckReader {

    /**
     * What a check's reader is given: the item {@code v}, its value {@code arg}, its line and name,
     * the replay; for run and limit checks also the mapping {@code m} (its keys checked) and the
     * integrator and run label it names, or null.
     */
    record Args(YamlValue v, YamlValue arg, YamlMap m, IntegratorKind kind, String run, int line, String name,
                LessonReplay replay) {
    }

    /** Reads one check. */
    @FunctionalInterface
    interface Reader {
        Check read(Args a) throws DataFileException;
    }

    /** The constructor of a yes/no solver check. */
    @FunctionalInterface
    private interface FlagCheck {
        Check make(boolean expected, IntegratorKind kind, String run, int line);
    }

    /** Every check by its name in lesson files, in the order messages list them. */
    private static final Map<String, Reader> CHECKS = table();

    /** The names of {@link #CHECKS}, in order. */
    static final List<String> NAMES = List.copyOf(CHECKS.keySet());

    private static Map<String, Reader> table() {
        Map<String, Reader> t = new LinkedHashMap<>();
        t.put("explodes", runCheck(List.of("within"),
                a -> new Check.Explodes(time(a.m().get("within")), a.kind(), a.run(), a.line())));
        t.put("bounded", runCheck(List.of("for"),
                a -> new Check.Bounded(time(a.m().get("for")), a.kind(), a.run(), a.line())));
        t.put("energy_ratio_per_step", runCheck(List.of("expected", "within"),
                a -> new Check.EnergyRatioPerStep(a.m().get("expected").positive(), a.m().get("within").fraction(),
                        a.kind(), a.run(), a.line())));
        t.put("energy_ratio", runCheck(List.of("expected", "within", "min", "max"), CheckReader::energyRatio));
        t.put("energy_range", runCheck(List.of("min", "max"), CheckReader::energyRange));
        t.put("energy_drift", runCheck(List.of("max"),
                a -> new Check.EnergyDrift(a.m().get("max").positive(), a.kind(), a.run(), a.line())));
        t.put("error_vs_exact", runCheck(List.of("min", "max"), CheckReader::errorVsExact));
        t.put("crossings", runCheck(List.of("min", "max"), CheckReader::crossings));
        t.put("max_strain", runCheck(List.of("min", "max"), CheckReader::maxStrain));
        t.put("torn", runCheck(List.of("min", "max"), CheckReader::torn));
        t.put("cg_iterations", runCheck(List.of("below", "above", "statistic"), CheckReader::cgIterations));
        t.put("solver_converged", solverFlag(Check.SolverConverged::new));
        t.put("solver_indefinite", solverFlag(Check.SolverIndefinite::new));
        t.put("compare_runs", CheckReader::compareRuns);
        t.put("predicted_limit", limitCheck(List.of("expected", "within"), CheckReader::predictedLimit));
        t.put("naive_bound", limitCheck(List.of("expected", "within"),
                a -> new Check.NaiveBound(a.m().get("expected").positive(), a.m().get("within").fraction(), a.kind(),
                        a.line())));
        t.put("omega_max", limitCheck(List.of("expected", "within"),
                a -> new Check.OmegaMax(a.m().get("expected").positive(), a.m().get("within").fraction(), a.kind(),
                        a.line())));
        t.put("limit_over_naive", limitCheck(List.of("expected", "within"),
                a -> new Check.LimitOverNaive(a.m().get("expected").positive(), a.m().get("within").fraction(),
                        a.kind(), a.line())));
        t.put("modes_outside", limitCheck(List.of("expected"),
                a -> new Check.ModesOutside(a.m().get("expected").integer(0, 1_000_000), a.kind(), a.line())));
        t.put("mode_amplification", limitCheck(List.of("mode", "expected", "within"),
                a -> new Check.ModeAmplification(a.m().has("mode") ? a.m().get("mode").integer(1, 1_000_000) : 1,
                        a.m().get("expected").positive(), a.m().get("within").fraction(), a.kind(), a.line())));
        t.put("modes_limit", limitCheck(List.of("within"),
                a -> new Check.ModesLimit(a.m().get("within").fraction(), a.kind(), a.line())));
        t.put("explosion_dt", limitCheck(List.of("within", "periods", "growth"), CheckReader::explosionDt));
        t.put("sweep_matches_prediction", CheckReader::sweepMatchesPrediction);
        t.put("convergence_order", limitCheck(List.of("expected", "within", "dts", "time"),
                CheckReader::convergenceOrder));
        return Collections.unmodifiableMap(t);
    }

    private final LessonReplay replay;

    CheckReader(LessonReplay replay) {
        this.replay = replay;
    }

    /** The check v, validated against the lesson as far as it has been read. */
    Check check(YamlValue v) throws DataFileException {
        String name = head(v, NAMES, "a check");
        Reader reader = CHECKS.get(name);
        if (reader == null) {
            throw v.error("unknown check '" + clip(name) + "'; expected one of " + String.join(", ", NAMES));
        }
        if (!v.isMap()) {
            throw v.error("the check '" + name + "' needs its parameters, for example '" + name + ": {...}'");
        }
        return reader.read(new Args(v, v.map().get(name), null, null, null, v.line(), name, replay));
    }

    // ------------------------------------------------------------------ kinds of checks

    /** A check about a run: the keys besides {@code integrator} and {@code run}. */
    private static Reader runCheck(List<String> keys, Reader body) {
        return parameters(keys, true, body);
    }

    /** A check about the scene's limits: the keys besides {@code integrator}. */
    private static Reader limitCheck(List<String> keys, Reader body) {
        return parameters(keys, false, body);
    }

    /**
     * A mapping with the given keys and {@code integrator} (and {@code run} for a run check), read
     * by body; a run check's run must have happened.
     */
    private static Reader parameters(List<String> keys, boolean runCheck, Reader body) {
        List<String> allowed = new ArrayList<>(keys);
        allowed.add("integrator");
        if (runCheck) {
            allowed.add("run");
        }
        return a -> {
            YamlMap m = a.arg().map().only(allowed);
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
            Check c = body.read(new Args(a.v(), a.arg(), m, kind, run, a.line(), a.name(), a.replay()));
            if (c instanceof Check.RunCheck) {
                a.replay().runInfo(a.v(), m, kind, run);
            }
            return c;
        };
    }

    /** solver_converged / solver_indefinite, written {@code name: true} or {@code name: {expected: true, ...}}. */
    private static Reader solverFlag(FlagCheck make) {
        Reader mapping = runCheck(List.of("expected"), a -> solverFlag(make, a.m().get("expected").bool(), a));
        return a -> a.arg().isScalar() ? solverFlag(make, a.arg().bool(), a) : mapping.read(a);
    }

    private static Check solverFlag(FlagCheck make, boolean expected, Args a) throws DataFileException {
        RunInfo info = a.replay().runInfo(a.v(), a.arg().isMap() ? a.arg().map() : null, a.kind(), a.run());
        LessonReplay.requireSolver(info, false, a.v(), a.name());
        return make.make(expected, a.kind(), a.run(), a.line());
    }

    // ------------------------------------------------------------------ checks with more to read

    private static Check energyRatio(Args a) throws DataFileException {
        YamlMap m = a.m();
        if (m.has("expected") || m.has("within")) {
            if (m.has("min") || m.has("max")) {
                throw m.error(m.has("min") ? "min" : "max", "give either 'expected' and 'within' or 'min' and/or 'max'");
            }
            return new Check.EnergyRatio(m.get("expected").positive(), m.get("within").fraction(),
                    Double.NaN, Double.NaN, a.kind(), a.run(), a.line());
        }
        YamlValue lo = m.opt("min");
        YamlValue hi = m.opt("max");
        if (lo == null && hi == null) {
            throw a.arg().error("needs 'expected' and 'within', or 'min' and/or 'max'");
        }
        double low = lo == null ? 0 : lo.nonNegative();
        double high = hi == null ? Double.POSITIVE_INFINITY : hi.positive();
        if (high < low) {
            throw m.get("max").error("must be at least 'min' (" + low + "), got " + high);
        }
        return new Check.EnergyRatio(Double.NaN, Double.NaN, low, high, a.kind(), a.run(), a.line());
    }

    private static Check energyRange(Args a) throws DataFileException {
        YamlMap m = a.m();
        double lo = m.get("min").nonNegative();
        double hi = m.get("max").positive();
        if (!(hi >= lo)) {
            throw m.get("max").error("must be at least 'min' (" + lo + "), got " + hi);
        }
        return new Check.EnergyRange(lo, hi, a.kind(), a.run(), a.line());
    }

    private static Check errorVsExact(Args a) throws DataFileException {
        a.replay().requireSpring(a.v(), a.name());
        double[] range = minUpToMax(a.m());
        return new Check.ErrorVsExact(range[0], range[1], a.kind(), a.run(), a.line());
    }

    /**
     * A range from an optional 'min' (≥ 0, default 0) to a required 'max' (&gt; 0, at least
     * 'min'), as {low, high}.
     */
    private static double[] minUpToMax(YamlMap m) throws DataFileException {
        YamlValue lo = m.opt("min");
        double low = lo == null ? 0 : lo.nonNegative();
        double high = m.get("max").positive();
        if (high < low) {
            throw m.get("max").error("must be at least 'min' (" + low + "), got " + high);
        }
        return new double[] {low, high};
    }

    private static Check crossings(Args a) throws DataFileException {
        a.replay().requireSpring(a.v(), a.name());
        YamlMap m = a.m();
        YamlValue lo = m.opt("min");
        YamlValue hi = m.opt("max");
        if (lo == null && hi == null) {
            throw a.arg().error("needs 'min', 'max' or both");
        }
        int low = lo == null ? 0 : lo.integer(0, 1_000_000);
        int high = hi == null ? 1_000_000 : hi.integer(0, 1_000_000);
        if (high < low) {
            throw m.get("max").error("must be at least 'min' (" + low + "), got " + high);
        }
        return new Check.Crossings(low, high, a.kind(), a.run(), a.line());
    }

    private static Check maxStrain(Args a) throws DataFileException {
        double[] range = minUpToMax(a.m());
        return new Check.MaxStrain(range[0], range[1], a.kind(), a.run(), a.line());
    }

    private static Check torn(Args a) throws DataFileException {
        YamlMap m = a.m();
        YamlValue lo = m.opt("min");
        YamlValue hi = m.opt("max");
        if (lo == null && hi == null) {
            throw a.arg().error("needs 'min', 'max' or both");
        }
        int low = lo == null ? 0 : lo.integer(0, Integer.MAX_VALUE);
        int high = hi == null ? Integer.MAX_VALUE : hi.integer(0, Integer.MAX_VALUE);
        if (high < low) {
            throw m.get("max").error("must be at least 'min' (" + low + "), got " + high);
        }
        return new Check.Torn(low, high, a.kind(), a.run(), a.line());
    }

    /** CG iterations; the run it reads must have solved with CG. */
    private static Check cgIterations(Args a) throws DataFileException {
        YamlMap m = a.m();
        YamlValue below = m.opt("below");
        YamlValue above = m.opt("above");
        if (below == null && above == null) {
            throw a.arg().error("needs 'below', 'above' or both (CG iterations, for example 'below: 50')");
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
        Check c = new Check.CgIterations(hi, lo, stat, a.kind(), a.run(), a.line());
        LessonReplay.requireSolver(a.replay().runInfo(a.v(), m, a.kind(), a.run()), true, a.v(), a.name());
        return c;
    }

    private static Check compareRuns(Args a) throws DataFileException {
        YamlValue arg = a.arg();
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
        double low = lo == null ? Double.NEGATIVE_INFINITY : lo.nonNegative();
        double high = hi == null ? Double.POSITIVE_INFINITY : hi.positive();
        if (!(high > low)) {
            throw hi.error("must be larger than 'ratio_above' (" + low + "), got " + high);
        }
        if (!a.replay().anyRun()) {
            throw arg.error("there is no run before this check: add a run or compare action");
        }
        for (String key : List.of("run", "baseline")) {
            RunInfo info = a.replay().labelled(m, key, key.equals("run") ? run : base);
            Check.Quantity which = key.equals("run") ? q : baseQ;
            if (which.needsCg()) {
                LessonReplay.requireSolver(info, true, m.get(key), which.id());
            }
        }
        if (run.equals(base) && q == baseQ) {
            throw m.error("baseline", "is the run itself: the ratio would be 1");
        }
        return new Check.CompareRuns(q, run, baseQ, base, low, high, a.line());
    }

    private static Check predictedLimit(Args a) throws DataFileException {
        YamlMap m = a.m();
        YamlValue e = m.get("expected");
        String t = e.string();
        if (t.equals("unstable") || t.equals("none")) {
            if (m.has("within")) {
                throw m.error("within", "applies to a limit in seconds only");
            }
            return new Check.PredictedLimit(t.equals("unstable") ? Check.LimitKind.UNSTABLE : Check.LimitKind.NONE,
                    Double.NaN, Double.NaN, a.kind(), a.line());
        }
        double s;
        try {
            s = e.positive();
        } catch (DataFileException ex) {
            throw e.error("must be a time step in s, 'unstable' or 'none', got " + e.describe());
        }
        return new Check.PredictedLimit(Check.LimitKind.SECONDS, s, m.get("within").fraction(), a.kind(), a.line());
    }

    private static Check explosionDt(Args a) throws DataFileException {
        YamlMap m = a.m();
        double within = m.get("within").fraction();
        YamlValue p = m.opt("periods");
        YamlValue g = m.opt("growth");
        return new Check.ExplosionDt(within, p == null ? 200 : p.number(10, 10_000),
                g == null ? 1e6 : g.number(10, 1e12), a.kind(), a.line());
    }

    private static Check sweepMatchesPrediction(Args a) throws DataFileException {
        if (!a.arg().bool()) {
            throw a.arg().error("write 'sweep_matches_prediction: true'");
        }
        if (!a.replay().anySweep()) {
            throw a.v().error("there is no sweep_dt before this check");
        }
        return new Check.SweepMatchesPrediction(null, a.line());
    }

    private static Check convergenceOrder(Args a) throws DataFileException {
        YamlMap m = a.m();
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
        return new Check.ConvergenceOrder(expected, within, dts, t, a.kind(), a.line());
    }
}
