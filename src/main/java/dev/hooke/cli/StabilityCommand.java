package dev.hooke.cli;

import dev.hooke.core.integrate.Integrator;
import dev.hooke.core.integrate.PositionVerlet;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.Scenes;
import dev.hooke.core.stability.Equilibrium;
import dev.hooke.core.sim.ExplosionBisection;
import dev.hooke.core.stability.ModalEstimate;
import dev.hooke.core.stability.StabilityAnalysis;
import dev.hooke.core.stability.StabilityLimit;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code hooke stability}: how large Δt may be for an integrator on a scene, predicted and
 * measured.
 *
 * <ul>
 *   <li>the naive bound 2·√(m/k), smallest over the springs ({@link StabilityAnalysis#naiveBound});</li>
 *   <li>ω_max = √λ_max(M⁻¹K) at the initial state, pinned DOFs removed, and how it was found (EJML's
 *       dense eigen solver or Lanczos) ({@link StabilityAnalysis#fastestMode});</li>
 *   <li>the integrator's predicted limit ({@link StabilityAnalysis#predictedLimit(MassSpringSystem, Integrator)});</li>
 *   <li>the explosion Δt measured by bisection: the largest Δt whose run, from a small random
 *       perturbation, stays bounded for {@code --periods} periods 2π/ω_max
 *       ({@link ExplosionBisection#measure}).</li>
 * </ul>
 * ω_max and the prediction are taken at the state {@code --at} names: the scene as built
 * ({@code initial}, the default) or its static equilibrium under springs and gravity
 * ({@code equilibrium}, {@link Equilibrium}); the bisection's runs start from that state. From the
 * initial state with gravity on every run falls away from it (a cloth sags), so its modes are not
 * quite the predicted ones; the text output says so, and {@code --at equilibrium} or
 * {@code --gravity 0} compares like with like.
 *
 * <h2>JSON ({@code --json})</h2>
 * One object. Numbers in SI units (s, rad/s). JSON has no infinity, so:
 * <ul>
 *   <li>{@code predicted_dt_max}: the limit in s; {@code 0} when no Δt is stable
 *       ({@code predicted_status} {@code "unstable_at_every_dt"}, explicit Euler without damping);
 *       {@code null} when every Δt is stable ({@code predicted_status} {@code "none"}, implicit
 *       methods); otherwise {@code predicted_status} is {@code "limit"}. {@code predicted_rule}
 *       names the formula.</li>
 *   <li>{@code measured_dt_max}: the largest bounded Δt in s ({@code measured_status}
 *       {@code "measured"}); {@code 0} when every Δt tried exploded
 *       ({@code "unbounded_at_every_dt_tried"}); {@code null} when no explosion was found
 *       ({@code "no_explosion_found"}) or nothing can oscillate, ω_max = 0
 *       ({@code "not_measured"}).</li>
 *   <li>{@code runs_cut}: true when the runs were cut at {@link ExplosionBisection.Options#maxSteps()}
 *       steps, too few to see a growth as slow as the one just above the limit (the measured Δt may
 *       then be too large), as the text output says; false otherwise and when nothing was
 *       measured.</li>
 *   <li>{@code naive_bound}: {@code null} when no spring with k_s &gt; 0 has a free end.</li>
 * </ul>
 */
@Command(name = "stability", mixinStandardHelpOptions = true, sortOptions = false, versionProvider = HookeCli.Version.class,
        description = "Prints the naive bound 2·√(m/k), ω_max, the integrator's predicted Δt limit and the "
                + "explosion Δt measured by bisection.",
        footerHeading = "%n",
        footer = {"JSON keys: naive_bound (s), omega_max (rad/s), method (dense or lanczos), dofs, zeta, "
                + "predicted_dt_max (s; 0 = unstable at every Δt, null = no limit), predicted_status "
                + "(limit, unstable_at_every_dt, none), predicted_rule, measured_dt_max (s; null when not "
                + "measured or no explosion found), measured_dt_exploded, measured_status (measured, "
                + "unbounded_at_every_dt_tried, no_explosion_found, not_measured, skipped with --no-measure, "
                + "too_slow when a run would need more than 10^6 steps to see the growth just above the limit: "
                + "steps_needed says how many), runs_cut (true when the runs "
                + "were cut at 10^6 steps, too few to see the growth: the measured Δt may be too large), "
                + "periods, trials, scene, "
                + "integrator, at (initial or equilibrium), equilibrium_converged and equilibrium_residual (N; "
                + "with --at equilibrium).",
                "Exit codes: 0 done, 2 bad usage."})
final class StabilityCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    SceneOptions scene;

    @Mixin
    IntegratorOptions integrator;

    @Option(names = "--periods", paramLabel = "N", defaultValue = "200", converter = Converters.PositiveDouble.class,
            description = "How many periods 2π/ω_max of the fastest mode a run must stay bounded for the "
                    + "measured Δt (default: ${DEFAULT-VALUE}).")
    double periods;

    @Option(names = "--at", paramLabel = "STATE", defaultValue = "initial", converter = AtConverter.class,
            description = "The state the limit is computed at and the runs start from: initial (the scene as "
                    + "built) or equilibrium (where springs and gravity balance, found by a static solve) "
                    + "(default: ${DEFAULT-VALUE}).")
    At at;

    @Option(names = "--measure", negatable = true, arity = "0..1", fallbackValue = "true", paramLabel = "BOOL",
            defaultValue = "true",
            description = "Measure the explosion Δt by bisection (default: ${DEFAULT-VALUE}); --no-measure prints "
                    + "the bound, ω_max and the prediction alone, at once.")
    boolean measure;

    @Option(names = "--json", description = "Print one JSON object instead of text.")
    boolean json;

    /** The state the analysis is taken at. */
    enum At {
        INITIAL, EQUILIBRIUM;

        String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** Reads {@code initial} or {@code equilibrium}. */
    static final class AtConverter implements picocli.CommandLine.ITypeConverter<At> {
        @Override
        public At convert(String value) {
            for (At a : At.values()) {
                if (a.id().equals(value)) {
                    return a;
                }
            }
            throw new picocli.CommandLine.TypeConversionException(
                    "'" + value + "' is not a state; choose initial or equilibrium");
        }
    }

    /** What became of the measurement. */
    private enum Measured {
        MEASURED, UNBOUNDED_AT_EVERY_DT_TRIED, NO_EXPLOSION_FOUND, NOT_MEASURED, SKIPPED, TOO_SLOW;

        String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    @Override
    public Integer call() {
        SceneSpec sceneSpec = scene.toSpec(spec);
        integrator.check(spec);
        MassSpringSystem system = SceneOptions.build(spec, sceneSpec);
        Equilibrium.Result equilibrium = at == At.EQUILIBRIUM ? Equilibrium.solve(system) : null;
        MassSpringSystem state = system.copy();

        ExplosionBisection.Options defaults = ExplosionBisection.Options.defaults();
        ExplosionBisection.Options options = new ExplosionBisection.Options(periods, defaults.growth(),
                defaults.relTolerance(), defaults.perturbation(), defaults.maxSteps());
        ExplosionBisection.Result result = null;
        Measured status = Measured.NOT_MEASURED;
        double naive;
        ModalEstimate mode;
        Integrator probe = integrator.create();
        StabilityLimit limit;
        double needed;
        // the analysis of a large cloth takes minutes: a terminal sees each stage and bisection run
        try (ProgressLine progress = ProgressLine.onTerminal("stability")) {
            progress.at("ω_max", 0, -1);
            naive = StabilityAnalysis.naiveBound(system);
            mode = StabilityAnalysis.fastestMode(system);
            progress.at("the predicted limit", 0, -1);
            limit = StabilityAnalysis.predictedLimit(system, probe);
            needed = mode.omegaMax() > 0 ? ExplosionBisection.stepsNeeded(state, probe, limit.dtMax(), options) : 0;
            if (mode.omegaMax() > 0 && !measure) {
                status = Measured.SKIPPED;
            } else if (mode.omegaMax() > 0 && needed > options.maxSteps()) {
                status = Measured.TOO_SLOW;
            } else if (mode.omegaMax() > 0) {
                SceneSpec frozen = sceneSpec.copy();
                Supplier<MassSpringSystem> fresh = at == At.EQUILIBRIUM ? state::copy
                        : () -> Scenes.build(frozen.copy());
                result = ExplosionBisection.measure(fresh, integrator::create, limit.dtMax(), options, progress);
                if (result.dtMax() == Double.POSITIVE_INFINITY) {
                    status = Measured.NO_EXPLOSION_FOUND;
                } else if (result.dtMax() == 0) {
                    status = Measured.UNBOUNDED_AT_EVERY_DT_TRIED;
                } else {
                    status = Measured.MEASURED;
                }
            }
        }

        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            JsonObject o = json(sceneSpec, probe, naive, mode, limit, result, status)
                    .put("runs_cut", runsCut(mode, result, status, options)).put("at", at.id());
            if (status == Measured.TOO_SLOW) {
                o.put("steps_needed", needed);
            }
            if (equilibrium != null) {
                o.put("equilibrium_converged", equilibrium.converged())
                        .put("equilibrium_residual", equilibrium.residual());
            }
            out.print(o.toJson());
        } else {
            if (equilibrium != null) {
                out.printf(Locale.ROOT, "state                  equilibrium (static solve, largest force left %s N%s)%n",
                        Numbers.num(equilibrium.residual()), equilibrium.converged() ? ""
                                : ", not converged: the figures below are at the state reached");
            }
            text(out, sceneSpec, system, probe, naive, mode, limit, result, status, options, needed);
        }
        out.flush();
        return 0;
    }

    private JsonObject json(SceneSpec sceneSpec, Integrator probe, double naive, ModalEstimate mode,
                            StabilityLimit limit, ExplosionBisection.Result result, Measured status) {
        JsonObject o = new JsonObject()
                .put("scene", sceneSpec.type().id())
                .put("integrator", probe.kind().id());
        if (probe instanceof PositionVerlet verlet) {
            o.put("verlet_damping", verlet.damping());
        }
        o.put("naive_bound", naive)
                .put("omega_max", mode.omegaMax())
                .put("method", mode.method())
                .put("dofs", (long) mode.dofs())
                .put("zeta", mode.zeta());
        if (limit.unlimited()) {
            o.putNull("predicted_dt_max").put("predicted_status", "none");
        } else if (limit.unstableAtEveryDt()) {
            o.put("predicted_dt_max", 0.0).put("predicted_status", "unstable_at_every_dt");
        } else {
            o.put("predicted_dt_max", limit.dtMax()).put("predicted_status", "limit");
        }
        o.put("predicted_rule", limit.rule().text());
        if (status == Measured.UNBOUNDED_AT_EVERY_DT_TRIED) {
            o.put("measured_dt_max", 0.0);
        } else {
            o.put("measured_dt_max", result == null ? Double.NaN : result.dtMax());
        }
        o.put("measured_dt_exploded", result == null ? Double.NaN : result.dtExploded())
                .put("measured_status", status.id())
                .put("periods", periods)
                .put("trials", result == null ? 0L : (long) result.trials());
        return o;
    }

    /**
     * Whether the runs were cut at {@link ExplosionBisection.Options#maxSteps()} steps, too few for
     * the periods asked for or for the growth the horizon was sized to see: the measured Δt may then
     * be too large (false when nothing was measured).
     */
    private boolean runsCut(ModalEstimate mode, ExplosionBisection.Result result, Measured status,
                            ExplosionBisection.Options options) {
        if (status != Measured.MEASURED) {
            return false;
        }
        double needed = periods * 2 * Math.PI / mode.omegaMax() / result.dtMax();
        return needed > options.maxSteps() || result.cut();
    }

    private void text(PrintWriter out, SceneSpec sceneSpec, MassSpringSystem system, Integrator probe, double naive,
                      ModalEstimate mode, StabilityLimit limit, ExplosionBisection.Result result, Measured status,
                      ExplosionBisection.Options options, double needed) {
        String method = "dense".equals(mode.method()) ? "EJML dense symmetric eigen solver"
                : String.format(Locale.ROOT, "Lanczos, %d iterations", mode.iterations());
        String delta = probe instanceof PositionVerlet verlet ? String.format(Locale.ROOT, ", δ = %s",
                Numbers.plain(verlet.damping())) : "";
        out.printf(Locale.ROOT, "scene                  %s%n", SceneOptions.describe(sceneSpec, system));
        out.printf(Locale.ROOT, "integrator             %s (%s)%s%n", probe.kind().displayName(), probe.kind().id(),
                delta);
        out.printf(Locale.ROOT, "naive bound 2·√(m/k)   %s%n", Double.isFinite(naive)
                ? Numbers.num(naive) + " s" : "none (no spring with k > 0 and a free end)");
        out.printf(Locale.ROOT, "ω_max                  %s rad/s (%s, %d free DOFs), ζ = %s%n",
                Numbers.num(mode.omegaMax()), method, mode.dofs(), Numbers.num(mode.zeta()));
        out.printf(Locale.ROOT, "predicted Δt limit     %s%n", limit.describe());
        if (limit.unstableAtEveryDt()) {
            out.println("                       no Δt is stable: the energy grows at every step");
        }
        switch (status) {
            case NOT_MEASURED -> out.println(
                    "measured explosion Δt  not measured: nothing oscillates (ω_max = 0), so nothing can explode");
            case SKIPPED -> out.println("measured explosion Δt  not measured (--no-measure)");
            case TOO_SLOW -> out.printf(Locale.ROOT, "measured explosion Δt  not measured: just above the limit a "
                    + "perturbation grows so slowly that a run would need about %s steps to show it, more than "
                    + "the %d a run may take%n", Numbers.num(needed), options.maxSteps());
            case NO_EXPLOSION_FOUND -> out.printf(Locale.ROOT,
                    "measured explosion Δt  none: no run exploded (%d runs)%n", result.trials());
            case UNBOUNDED_AT_EVERY_DT_TRIED -> out.printf(Locale.ROOT,
                    "measured explosion Δt  none bounded: every Δt tried exploded, down to %s s (%d runs)%n",
                    Numbers.num(result.dtExploded()), result.trials());
            case MEASURED -> {
                out.printf(Locale.ROOT, "measured explosion Δt  %s s: the largest Δt whose run stayed bounded "
                                + "for %s periods of the fastest mode (%s s exploded; %d runs)%n",
                        Numbers.num(result.dtMax()), Numbers.plain(periods), Numbers.num(result.dtExploded()),
                        result.trials());
                if (runsCut(mode, result, status, options)) {
                    out.printf(Locale.ROOT, "                       (each run was cut at %d steps, too few to see "
                            + "a growth this slow: the figure may be too large)%n", options.maxSteps());
                }
                if (limit.unstableAtEveryDt()) {
                    out.println("                       bounded only because the growth is slow at that Δt, "
                            + "not stable");
                } else if (!limit.unlimited()) {
                    out.printf(Locale.ROOT, "measured / predicted   %s%n", Numbers.num(result.dtMax() / limit.dtMax()));
                }
                if (sceneSpec.gravity() != 0 && at == At.INITIAL) {
                    out.println("                       gravity is on: the runs fall away from the initial state "
                            + "that ω_max is computed at; --at equilibrium or --gravity 0 compares like with like");
                }
            }
            default -> throw new IllegalStateException(status.name());
        }
    }
}
