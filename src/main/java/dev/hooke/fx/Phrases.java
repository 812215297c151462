package dev.hooke.fx;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.scene.SceneFile;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.sim.ExplosionReport;
import dev.hooke.core.solve.PreconditionerKind;
import dev.hooke.core.stability.StabilityLimit;
import dev.hooke.core.integrate.LimitFormula;
import java.util.Locale;

/**
 * Sentences the workbench builds from the engine's records in the language in use
 * ({@link I18n}). The engine speaks English; here its reports become sentences of the bundle,
 * built from the records' fields, so that the numbers are the engine's and the words are the
 * reader's.
 */
public final class Phrases {

    private Phrases() {
    }

    /** An integrator's name. */
    public static String integrator(IntegratorKind kind) {
        return I18n.text("integrator." + kind.id());
    }

    /** A preconditioner's name. */
    public static String preconditioner(PreconditionerKind kind) {
        return I18n.text("precond." + kind.id());
    }

    /** A scene's name. */
    public static String scene(SceneType type) {
        return I18n.text("scene." + type.id());
    }

    /** A number with four significant digits, as the engine's reports give them. */
    static String g4(double v) {
        return String.format(Locale.ROOT, "%.4g", v);
    }

    /** A stability limit: "0.02000 s (2/ω_max)", "none (stable at every Δt)", … */
    public static String limit(StabilityLimit limit) {
        if (limit.unlimited()) {
            return I18n.text("limit.none");
        }
        if (limit.unstableAtEveryDt()) {
            return I18n.text("limit.unstable", rule(limit.rule()));
        }
        return I18n.text("limit.value", g4(limit.dtMax()), rule(limit.rule()));
    }

    /** A limit's rule: a formula as it is, the few rules that are words from stability.rule.&lt;id&gt;. */
    static String rule(LimitFormula rule) {
        return rule.isFormula() ? rule.text() : I18n.text("stability.rule." + rule.id());
    }

    /**
     * The explosion sentence, for example "Exploded at t = 1.270 s (step 127): Δt = 0.02100 s is
     * above the limit 0.02000 s for Semi-implicit Euler. …", built from the report's fields (the
     * same cases as {@link ExplosionReport#message()}). A method unstable at every Δt is said to be
     * so on the system {@code scene} describes ({@link #system}).
     */
    public static String explosion(ExplosionReport r, SceneFile scene) {
        return cause(r, scene, false) + I18n.text("explosion.tail", reason(r.reason()));
    }

    /**
     * The short form of {@link #explosion} that the banner over the view shows: when the run
     * exploded and how its Δt stands to the method's limit, without the detector's reason and the
     * growth per step (both in the banner's tooltip), so that the exploding mesh stays in sight.
     */
    public static String explosionBrief(ExplosionReport r, SceneFile scene) {
        return cause(r, scene, true) + I18n.text("explosion.end");
    }

    /** When the run exploded and how its Δt stands to the limit; {@code brief}: without the growth per step. */
    private static String cause(ExplosionReport r, SceneFile scene, boolean brief) {
        String name = integrator(r.integrator());
        StringBuilder sb = new StringBuilder(I18n.text("explosion.head", g4(r.time()), Long.toString(r.step())));
        StabilityLimit limit = r.limit();
        if (limit == null) {
            sb.append(I18n.text("explosion.noLimit", g4(r.dt()), name));
        } else if (limit.unstableAtEveryDt()) {
            sb.append(I18n.text("explosion.unstableEvery", name, system(scene, brief), g4(r.dt())));
        } else if (limit.unlimited()) {
            sb.append(I18n.text("explosion.unlimited", g4(r.dt()), name));
        } else if (r.dt() >= limit.dtMax()) {
            sb.append(I18n.text("explosion.above", g4(r.dt()), g4(limit.dtMax()), name));
        } else {
            sb.append(I18n.text("explosion.below", g4(r.dt()), g4(limit.dtMax()), name));
        }
        return sb.toString();
    }

    /**
     * Compare mode's short explosion sentence of one system, for example "A · Explicit Euler
     * exploded at t = 1.270 s": the system's letter ({@code explosion.lane.<lane>}), the report's
     * method and its time, written as in {@link #explosion}.
     *
     * @param lane 0 for system A (the main one), 1 for system B
     */
    public static String laneExplosion(int lane, ExplosionReport r) {
        return I18n.text("explosion.lane", I18n.text("explosion.lane." + lane), integrator(r.integrator()),
                g4(r.time()));
    }

    /**
     * The system a scene builds, with the damping it sets: "a spring without damping (energy
     * ×(1+Δt²ω²) per step in every mode)", "a rope of 16 masses with spring damping k_d = 0.1 N·s/m",
     * "a cloth of 16 × 16 masses with air damping c = 0.02 N·s/m". The noun comes from the scene's
     * type ({@code explosion.on.<id>}, with the chain's nodes as {0} and the cloth's or cube's edge
     * as {1}); the growth per step is explicit Euler's on each undamped mode, |1 + iΔtω|² = 1 + Δt²ω²
     * (Hairer &amp; Wanner, <i>Solving Ordinary Differential Equations II</i>, §IV.2), left out when
     * {@code brief}.
     */
    static String system(SceneFile scene, boolean brief) {
        SceneSpec spec = scene.spec();
        String noun = I18n.text("explosion.on." + spec.type().id(), Integer.toString(spec.nodes()),
                Integer.toString(spec.size()));
        double kd = spec.springDamping();
        double c = spec.airDamping();
        if (kd > 0 && c > 0) {
            return I18n.text("explosion.dampedBoth", noun, g3(kd), g3(c));
        } else if (kd > 0) {
            return I18n.text("explosion.dampedSprings", noun, g3(kd));
        } else if (c > 0) {
            return I18n.text("explosion.dampedAir", noun, g3(c));
        }
        return I18n.text(brief ? "explosion.undampedBrief" : "explosion.undamped", noun);
    }

    /** A damping coefficient as the side panel's sliders write it: three significant digits, no trailing zeros. */
    private static String g3(double v) {
        return new java.math.BigDecimal(String.format(Locale.ROOT, "%.3g", v)).stripTrailingZeros().toPlainString();
    }

    /** The engine's reason for an explosion, in the language in use, with the engine's numbers. */
    static String reason(ExplosionReport.Reason reason) {
        return switch (reason.cause()) {
            case NON_FINITE -> I18n.text("explosion.reason.nonFinite");
            case ENERGY_GREW -> I18n.text("explosion.reason.energy", String.format(Locale.ROOT, "%.3g", reason.energy()),
                    String.format(Locale.ROOT, "%.0f", reason.factor()), String.format(Locale.ROOT, "%.3g", reason.scale()));
            case ENERGY_CREATED -> I18n.text("explosion.reason.created", String.format(Locale.ROOT, "%.3g", reason.energy()),
                    String.format(Locale.ROOT, "%.0f", reason.factor()), String.format(Locale.ROOT, "%.3g", reason.scale()));
            case STEP_FAILED -> I18n.text("explosion.reason.failed", String.valueOf(reason.failure()));
            case SHATTERED -> I18n.text("explosion.reason.shattered", String.format(Locale.ROOT, "%.0f", reason.energy()),
                    String.format(Locale.ROOT, "%.0f", reason.scale()));
        };
    }
}
