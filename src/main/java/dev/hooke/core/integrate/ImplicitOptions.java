package dev.hooke.core.integrate;

import dev.hooke.core.solve.LinearSolver;
import dev.hooke.core.solve.PreconditionerKind;
import dev.hooke.core.solve.SolverKind;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The settings of the implicit integrators ({@link BackwardEuler}, {@link ImplicitMidpoint}).
 * Immutable; {@link #with(String, String)} parses one field from text and names the field in its
 * error, so that command-line options, lesson files and UI panels share one parser.
 *
 * <table>
 *   <caption>Fields, names and defaults</caption>
 *   <tr><th>name</th><th>meaning</th><th>values</th><th>default</th></tr>
 *   <tr><td>{@value #SOLVER}</td><td>linear solver</td><td>cg | cholesky</td><td>cg</td></tr>
 *   <tr><td>{@value #PRECOND}</td><td>CG preconditioner</td><td>none | jacobi | block-jacobi | two-level | ssor | multilevel</td><td>two-level</td></tr>
 *   <tr><td>{@value #TOL}</td><td>CG relative residual ‖b − Ax‖/‖b‖ to reach</td><td>0 &lt; tol &lt; 1</td><td>1e-6</td></tr>
 *   <tr><td>{@value #MAX_ITER}</td><td>CG iteration cap per solve</td><td>1 … 1 000 000</td><td>1000</td></tr>
 *   <tr><td>{@value #WARM_START}</td><td>start CG from the previous step's Δv</td><td>true | false</td><td>true</td></tr>
 *   <tr><td>{@value #NEWTON_ITERS}</td><td>Newton iterations per step (at most; 1 = Baraff–Witkin)</td><td>1 … 100</td><td>1</td></tr>
 *   <tr><td>{@value #CLAMP}</td><td>Choi &amp; Ko clamp max(0, 1 − L/l) of the transverse stiffness, in the matrix only (the right-hand side keeps the true one)</td><td>true | false</td><td>true</td></tr>
 * </table>
 * The preconditioner, tolerance and iteration cap matter to CG only; the direct solver ignores them.
 *
 * @param solver           the linear solver
 * @param preconditioner   CG's preconditioner
 * @param tolerance        CG's relative-residual tolerance, dimensionless, in (0, 1)
 * @param maxIterations    CG's iteration cap per solve
 * @param warmStart        whether CG starts from the previous step's Δv instead of 0
 * @param newtonIterations the most Newton iterations per step
 * @param clamp            whether the transverse stiffness is clamped under compression
 */
public record ImplicitOptions(SolverKind solver, PreconditionerKind preconditioner, double tolerance,
                              int maxIterations, boolean warmStart, int newtonIterations, boolean clamp) {

    /** Field name of {@link #solver()}. */
    public static final String SOLVER = "solver";
    /** Field name of {@link #preconditioner()}. */
    public static final String PRECOND = "precond";
    /** Field name of {@link #tolerance()}. */
    public static final String TOL = "tol";
    /** Field name of {@link #maxIterations()}. */
    public static final String MAX_ITER = "max-iter";
    /** Field name of {@link #warmStart()}. */
    public static final String WARM_START = "warm-start";
    /** Field name of {@link #newtonIterations()}. */
    public static final String NEWTON_ITERS = "newton-iters";
    /** Field name of {@link #clamp()}. */
    public static final String CLAMP = "clamp";
    /** Every field name, in the order of the table above. */
    public static final List<String> FIELDS = List.of(SOLVER, PRECOND, TOL, MAX_ITER, WARM_START, NEWTON_ITERS, CLAMP);

    /** The default tolerance. */
    public static final double DEFAULT_TOLERANCE = 1e-6;
    /** The default iteration cap. */
    public static final int DEFAULT_MAX_ITERATIONS = 1000;
    /** The largest iteration cap accepted. */
    public static final int MAX_ITERATIONS_LIMIT = 1_000_000;
    /** The largest number of Newton iterations accepted. */
    public static final int NEWTON_ITERATIONS_LIMIT = 100;

    private static final ImplicitOptions DEFAULTS = new ImplicitOptions(SolverKind.CG, PreconditionerKind.TWO_LEVEL,
            DEFAULT_TOLERANCE, DEFAULT_MAX_ITERATIONS, true, 1, true);

    /**
     * Checks every field.
     *
     * @throws IllegalArgumentException whose message starts with the name of the field at fault
     */
    public ImplicitOptions {
        if (solver == null) {
            throw new IllegalArgumentException(SOLVER + ": must be one of " + SolverKind.ids());
        }
        if (preconditioner == null) {
            throw new IllegalArgumentException(PRECOND + ": must be one of " + PreconditionerKind.ids());
        }
        if (!(tolerance > 0 && tolerance < 1)) {
            throw new IllegalArgumentException(TOL + ": must be a number > 0 and < 1, got " + tolerance);
        }
        if (maxIterations < 1 || maxIterations > MAX_ITERATIONS_LIMIT) {
            throw new IllegalArgumentException(MAX_ITER + ": must be a whole number from 1 to "
                    + MAX_ITERATIONS_LIMIT + ", got " + maxIterations);
        }
        if (newtonIterations < 1 || newtonIterations > NEWTON_ITERATIONS_LIMIT) {
            throw new IllegalArgumentException(NEWTON_ITERS + ": must be a whole number from 1 to "
                    + NEWTON_ITERATIONS_LIMIT + ", got " + newtonIterations);
        }
    }

    /** The defaults listed in the class comment. */
    public static ImplicitOptions defaults() {
        return DEFAULTS;
    }

    /**
     * These options with the field {@code name} (one of {@link #FIELDS}) set from text, for
     * example {@code with("tol", "1e-8")}. Names and enumerated values are case-insensitive;
     * booleans are {@code true} or {@code false}.
     *
     * @throws IllegalArgumentException whose message starts with the field's name (or says the
     *                                  name is unknown), for example
     *                                  {@code "tol: must be a number > 0 and < 1, got 'abc'"}
     */
    public ImplicitOptions with(String name, String value) {
        String field = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
        String text = value == null ? "" : value.trim();
        return switch (field) {
            case SOLVER -> withSolver(parseEnum(field, text, SolverKind::fromId, SolverKind.ids()));
            case PRECOND -> withPreconditioner(parseEnum(field, text, PreconditionerKind::fromId, PreconditionerKind.ids()));
            case TOL -> withTolerance(parseDouble(field, text, "a number > 0 and < 1"));
            case MAX_ITER -> withMaxIterations(parseInt(field, text, "a whole number from 1 to " + MAX_ITERATIONS_LIMIT));
            case WARM_START -> withWarmStart(parseBoolean(field, text));
            case NEWTON_ITERS -> withNewtonIterations(parseInt(field, text, "a whole number from 1 to " + NEWTON_ITERATIONS_LIMIT));
            case CLAMP -> withClamp(parseBoolean(field, text));
            default -> throw new IllegalArgumentException("unknown implicit option '" + name + "'; the options are "
                    + String.join(", ", FIELDS));
        };
    }

    /**
     * The defaults with the given fields set from text ({@link #with(String, String)} for each).
     *
     * @throws IllegalArgumentException naming the first field at fault
     */
    public static ImplicitOptions parse(Map<String, String> fields) {
        ImplicitOptions o = defaults();
        for (Map.Entry<String, String> e : fields.entrySet()) {
            o = o.with(e.getKey(), e.getValue());
        }
        return o;
    }

    /** A copy with another solver. */
    public ImplicitOptions withSolver(SolverKind s) {
        return new ImplicitOptions(s, preconditioner, tolerance, maxIterations, warmStart, newtonIterations, clamp);
    }

    /** A copy with another preconditioner. */
    public ImplicitOptions withPreconditioner(PreconditionerKind p) {
        return new ImplicitOptions(solver, p, tolerance, maxIterations, warmStart, newtonIterations, clamp);
    }

    /** A copy with another tolerance. */
    public ImplicitOptions withTolerance(double tol) {
        return new ImplicitOptions(solver, preconditioner, tol, maxIterations, warmStart, newtonIterations, clamp);
    }

    /** A copy with another iteration cap. */
    public ImplicitOptions withMaxIterations(int cap) {
        return new ImplicitOptions(solver, preconditioner, tolerance, cap, warmStart, newtonIterations, clamp);
    }

    /** A copy with warm start on or off. */
    public ImplicitOptions withWarmStart(boolean on) {
        return new ImplicitOptions(solver, preconditioner, tolerance, maxIterations, on, newtonIterations, clamp);
    }

    /** A copy with another number of Newton iterations. */
    public ImplicitOptions withNewtonIterations(int iterations) {
        return new ImplicitOptions(solver, preconditioner, tolerance, maxIterations, warmStart, iterations, clamp);
    }

    /** A copy with the clamp on or off. */
    public ImplicitOptions withClamp(boolean on) {
        return new ImplicitOptions(solver, preconditioner, tolerance, maxIterations, warmStart, newtonIterations, on);
    }

    /** A new linear solver for these options. */
    public LinearSolver createSolver() {
        return LinearSolver.create(solver, preconditioner, tolerance, maxIterations);
    }

    /** One line for reports, for example {@code solver=cg precond=block-jacobi tol=1e-06 ...}. */
    public String describe() {
        return String.format(Locale.ROOT, "%s=%s %s=%s %s=%g %s=%d %s=%b %s=%d %s=%b",
                SOLVER, solver.id(), PRECOND, preconditioner.id(), TOL, tolerance, MAX_ITER, maxIterations,
                WARM_START, warmStart, NEWTON_ITERS, newtonIterations, CLAMP, clamp);
    }

    private interface Parser<T> {
        T parse(String text);
    }

    private static <T> T parseEnum(String field, String text, Parser<T> parser, String choices) {
        try {
            return parser.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(field + ": must be one of " + choices + ", got '" + text + "'", e);
        }
    }

    private static double parseDouble(String field, String text, String expected) {
        double d;
        try {
            d = Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(field + ": must be " + expected + ", got '" + text + "'", e);
        }
        if (!Double.isFinite(d)) {
            throw new IllegalArgumentException(field + ": must be " + expected + ", got '" + text + "'");
        }
        return d;
    }

    private static int parseInt(String field, String text, String expected) {
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(field + ": must be " + expected + ", got '" + text + "'", e);
        }
    }

    private static boolean parseBoolean(String field, String text) {
        String t = text.toLowerCase(Locale.ROOT);
        if (t.equals("true")) {
            return true;
        }
        if (t.equals("false")) {
            return false;
        }
        throw new IllegalArgumentException(field + ": must be true or false, got '" + text + "'");
    }
}
