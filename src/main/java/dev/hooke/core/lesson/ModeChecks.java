package dev.hooke.core.lesson;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.scene.SceneFile;
import dev.hooke.core.stability.Modes;
import dev.hooke.core.stability.StabilityLimit;

/**
 * The checks that read the modes of the scene as now set ({@link Modes}: the numbers of the
 * workbench's Modes window and of {@code hooke modes}), on the scene built afresh without its
 * perturbation, as the limit checks are.
 */
final class ModeChecks {

    /** Bisection steps for the Δt at which the first mode leaves the region (2⁻⁶⁰ of the bracket). */
    private static final int BISECTIONS = 60;

    private ModeChecks() {
    }

    /**
     * @param kind  the method the check reads
     * @param file  the scene as now set (its Δt and Verlet δ)
     * @param fresh the scene built afresh without its perturbation
     * @param limit the stability analysis's predicted limit for {@code kind}
     */
    static CheckEvaluator.Outcome evaluate(Check c, IntegratorKind kind, SceneFile file, MassSpringSystem fresh,
                                           StabilityLimit limit) {
        if (!Modes.hasRegion(kind)) {
            return outcome("%s has no stability region", "%s 没有稳定区域", false, kind.id());
        }
        if (Modes.degreesOfFreedom(fresh) > Modes.DENSE_MAX_DOFS) {
            return outcome("the scene has more than %s free degrees of freedom", "场景的自由度超过 %s", false,
                    Modes.DENSE_MAX_DOFS);
        }
        double[][] lambdas = Modes.eigenvalues(fresh);
        double delta = file.verletDelta();
        if (c instanceof Check.ModesOutside m) {
            Modes.Result r = Modes.of(lambdas, kind, file.dt(), delta);
            return outcome("%s of %s modes outside at Δt = %s s", "Δt = %3$s s 时 %2$s 个模态中有 %1$s 个在区域之外",
                    r.unstableCount() == m.expected(), r.unstableCount(), r.modes().size(), Fmt.num(file.dt()));
        }
        if (c instanceof Check.ModeAmplification a) {
            Modes.Result r = Modes.of(lambdas, kind, file.dt(), delta);
            if (a.mode() > r.modes().size()) {
                return outcome("the system has %s modes", "系统只有 %s 个模态", false, r.modes().size());
            }
            Modes.Mode m = r.modes().get(a.mode() - 1);
            double dev = m.amplification() / a.expected() - 1;
            return outcome("|R| = %s (ω = %s rad/s, ωΔt = %s) (%s)", "|R| = %s（ω = %s rad/s，ωΔt = %s）（%s）",
                    Math.abs(dev) <= a.within(), Fmt.num(m.amplification()), Fmt.num(m.omega()),
                    Fmt.num(m.omega() * file.dt()), Fmt.dev(dev));
        }
        Check.ModesLimit l = (Check.ModesLimit) c;
        if (limit.unlimited() || limit.unstableAtEveryDt()) {
            return outcome("the stability analysis gives no finite limit", "稳定性分析没有给出有限的上限", false);
        }
        double lo = 0;
        double hi = 2 * limit.dtMax();
        if (!anyOutside(lambdas, kind, hi, delta)) {
            return outcome("no mode leaves the region below %s s", "在 %s s 以下没有模态离开稳定区域", false, Fmt.num(hi));
        }
        for (int i = 0; i < BISECTIONS; i++) {
            double mid = 0.5 * (lo + hi);
            if (anyOutside(lambdas, kind, mid, delta)) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        double dev = hi / limit.dtMax() - 1;
        return outcome("the modes: %s s; the stability analysis: %s s (%s)", "模态：%s s；稳定性分析：%s s（%s）",
                Math.abs(dev) <= l.within(), Fmt.num(hi), Fmt.num(limit.dtMax()), Fmt.dev(dev));
    }

    private static boolean anyOutside(double[][] lambdas, IntegratorKind kind, double dt, double delta) {
        return Modes.of(lambdas, kind, dt, delta).unstableCount() > 0;
    }

    private static CheckEvaluator.Outcome outcome(String en, String zh, boolean pass, Object... args) {
        return new CheckEvaluator.Outcome(Text.format(en, zh, args), pass);
    }
}
