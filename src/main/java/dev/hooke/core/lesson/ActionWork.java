package dev.hooke.core.lesson;

import static dev.hooke.core.lesson.LessonRunner.MAX_STEPS_PER_ACTION;
import static dev.hooke.core.lesson.LessonRunner.MAX_WORK_PER_ACTION;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.integrate.SolverStats;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.scene.SceneFile;
import dev.hooke.core.sim.Simulation;
import dev.hooke.core.solve.SolverKind;
import java.util.Locale;

/**
 * The work of one action, in passes over the particles and springs (a pass costs n + s),
 * held to {@link LessonRunner#MAX_WORK_PER_ACTION}. A step is one pass. An implicit step adds one pass
 * per CG iteration (a product with the matrix touches every spring and particle once), one
 * per further Newton iteration (forces and assembly), and for the direct solver
 * {@link #directPasses} per solve. A projection step (PBD, XPBD, fast mass-spring) adds one
 * pass per iteration (a sweep over the springs, or a local/global iteration). What is known
 * before the run is checked before it starts;
 * the CG and Newton iterations are counted as they happen, and the run stops when they pass
 * the limit.
 *
 * <p>The static helpers are the measures the runner and the checks that run the engine share:
 * the steps a run of a given time takes and the cost of a pass.
 */
final class ActionWork {
    private final Text what;
    private double planned;
    private double done;

    /** The work of an action named {@code what} in messages ("the run", "the sweep", …). */
    ActionWork(Text what) {
        this.what = what;
    }

    /** The extra passes of one linear solve of {@code kind} on {@code s}: {@link #directPasses} or 0. */
    static double perSolve(SceneFile f, IntegratorKind kind, MassSpringSystem s) {
        return kind.isImplicit() && f.implicitOptions().solver() == SolverKind.CHOLESKY ? directPasses(s) : 0;
    }

    /** The extra passes of one step of {@code kind} known before it runs: a solve, or the projection iterations. */
    static double perStep(SceneFile f, IntegratorKind kind, MassSpringSystem s) {
        return kind.isProjection() ? f.iterations() : perSolve(f, kind, s);
    }

    /** Books a run of {@code steps} steps of {@code kind} on the scene {@code s}. */
    void plan(long steps, MassSpringSystem s, SceneFile f, IntegratorKind kind) throws ActionFailed {
        budget(steps, s);
        planned += steps * size(s) * (1 + perStep(f, kind, s));
        if (planned > MAX_WORK_PER_ACTION) {
            throw new ActionFailed(Text.format(
                    "%s would do %s particle-and-spring steps, more than the limit of %s per action",
                    "%s需要 %s 个质点与弹簧步，超过每个动作 %s 的上限",
                    what, g3(planned), g3(MAX_WORK_PER_ACTION)));
        }
    }

    /**
     * Counts the iterations of the step just taken.
     *
     * @param perSolve the extra passes of one linear solve ({@link #perSolve})
     */
    void afterStep(Simulation s, double perSolve) throws ActionFailed {
        SolverStats st = s.integrator().solverStats();
        if (st == null) {
            return;
        }
        done += size(s.system()) * (st.iterations + Math.max(0, st.newtonIterations - 1) * (1 + perSolve));
        if (planned + done > MAX_WORK_PER_ACTION) {
            throw new ActionFailed(Text.format(
                    "%s stopped at t = %s s: with its solver iterations it did %s particle-and-spring steps,"
                            + " more than the limit of %s per action",
                    "%s在 t = %s s 时停止：算上求解器的迭代，已做了 %s 个质点与弹簧步，超过每个动作 %s 的上限",
                    what, Fmt.num(s.time()), g3(planned + done), g3(MAX_WORK_PER_ACTION)));
        }
    }

    /** Refuses a run of more than {@link LessonRunner#MAX_STEPS_PER_ACTION} steps or, alone, over the work limit. */
    private static void budget(long steps, MassSpringSystem s) throws ActionFailed {
        if (steps > MAX_STEPS_PER_ACTION) {
            throw new ActionFailed(Text.format("would take %s steps, more than the limit of %s per action",
                    "需要 %s 步，超过每个动作 %s 步的上限", steps, MAX_STEPS_PER_ACTION));
        }
        double work = steps * size(s);
        if (work > MAX_WORK_PER_ACTION) {
            throw new ActionFailed(Text.format(
                    "would do %s particle-and-spring steps, more than the limit of %s per action",
                    "需要 %s 个质点与弹簧步，超过每个动作 %s 的上限", g3(work), g3(MAX_WORK_PER_ACTION)));
        }
    }

    /** The steps a run of {@code time} s takes: T/Δt when it is whole (to 1e-9), else ⌈T/Δt⌉. */
    static long stepsFor(double time, double dt) {
        double n = time / dt;
        long r = Math.round(n);
        return Math.abs(n - r) <= 1e-9 * Math.max(1, n) ? Math.max(1, r) : (long) Math.ceil(n);
    }

    /** The cost of one pass over the particles and springs of {@code s}: n + s. */
    static double size(MassSpringSystem s) {
        return s.particleCount() + s.springCount();
    }

    /**
     * The extra passes over the particles and springs one direct (Cholesky) solve costs: the
     * floating-point operations of a banded factorisation, u·b², over n + s, with u = 3n the
     * unknowns and b = 3·(max |a − b| + 1) the bandwidth of the natural ordering (a, b the
     * particle indices of a spring). An upper bound: EJML's factorisation fills only inside the
     * band, and a pass costs more than one operation per particle or spring.
     */
    private static double directPasses(MassSpringSystem s) {
        int spread = 0;
        for (int sp = 0; sp < s.springCount(); sp++) {
            spread = Math.max(spread, Math.abs(s.springA(sp) - s.springB(sp)));
        }
        double u = 3.0 * s.particleCount();
        double b = 3.0 * (spread + 1);
        return u * b * b / size(s);
    }

    /** A count of work with three significant digits, as {@code %.3g} writes it. */
    static String g3(double v) {
        return String.format(Locale.ROOT, "%.3g", v);
    }
}
