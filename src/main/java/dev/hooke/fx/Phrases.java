package dev.hooke.fx;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.sim.ExplosionReport;
import dev.hooke.core.solve.PreconditionerKind;
import dev.hooke.core.stability.StabilityLimit;
import dev.hooke.core.stability.LimitFormula;
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
     * same cases as {@link ExplosionReport#message()}).
     */
    public static String explosion(ExplosionReport r) {
        String name = integrator(r.integrator());
        StringBuilder sb = new StringBuilder(I18n.text("explosion.head", g4(r.time()), Long.toString(r.step())));
        StabilityLimit limit = r.limit();
        if (limit == null) {
            sb.append(I18n.text("explosion.noLimit", g4(r.dt()), name));
        } else if (limit.unstableAtEveryDt()) {
            sb.append(I18n.text("explosion.unstableEvery", name, g4(r.dt())));
        } else if (limit.unlimited()) {
            sb.append(I18n.text("explosion.unlimited", g4(r.dt()), name));
        } else if (r.dt() >= limit.dtMax()) {
            sb.append(I18n.text("explosion.above", g4(r.dt()), g4(limit.dtMax()), name));
        } else {
            sb.append(I18n.text("explosion.below", g4(r.dt()), g4(limit.dtMax()), name));
        }
        sb.append(I18n.text("explosion.tail", reason(r.reason())));
        return sb.toString();
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
