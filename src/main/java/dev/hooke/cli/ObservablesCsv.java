package dev.hooke.cli;

import dev.hooke.core.integrate.ProjectionIntegrator;
import dev.hooke.core.integrate.ProjectionStats;
import dev.hooke.core.integrate.SolverStats;
import dev.hooke.core.observe.Observables;
import dev.hooke.core.sim.Simulation;
import java.io.IOException;
import java.io.Writer;
import java.util.List;
import java.util.Objects;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;
import java.util.stream.Collectors;

/**
 * The columns of the observables CSV that {@code hooke run --csv} writes: one row per recorded
 * step, read from the {@link Simulation} as it stands. A new column is one entry in
 * {@link #STANDARD}.
 *
 * <p>Format: a header line, then one line per row; fields separated by commas, lines ended by
 * {@code \n}; numbers as Java's {@link Double#toString(double)} prints them (the shortest decimal
 * that reads back to the same double, for example {@code 0.015625} or {@code 1.0E-5}; a
 * non-finite value as {@code NaN}, {@code Infinity} or {@code -Infinity}); {@code step} and
 * {@code exploded} (0 or 1) as whole numbers.
 */
public final class ObservablesCsv {

    /** How one column writes its value for the simulation's present state. */
    @FunctionalInterface
    public interface Cell {
        /** Appends the value (no separator) to {@code row}. */
        void append(Simulation sim, StringBuilder row);
    }

    /**
     * One column.
     *
     * @param name the header name
     * @param cell its value
     */
    public record Column(String name, Cell cell) {
        public Column {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(cell, "cell");
        }
    }

    /**
     * The columns, in order (units from {@link Observables}):
     * <pre>
     *   step          steps taken (0 for the initial state)
     *   t             simulated time; s
     *   kinetic       K = Σ ½ m|v|²; J
     *   elastic       U_el = Σ ½ k_s (l − L)²; J
     *   gravitational U_g = Σ m (−g · x); J
     *   total         E = K + U_el + U_g; J
     *   dissipated    W_d, work dissipated by damping (by the integrator's own quadrature,
     *                 Integrator#dissipatedWork) and contact since t = 0, and the energy of springs
     *                 that broke; J
     *   wind_work     W_w, the work the wind did on the free particles since t = 0 (by the same
     *                 quadrature, Integrator#windWork; of either sign, 0 without wind): total +
     *                 dissipated − wind_work is constant but for the integrator's error; J
     *   max_speed     the largest particle speed; m/s
     *   max_strain    the largest |l − L| / L; dimensionless
     *   penetration   the deepest any particle is inside the ground or the sphere's contact
     *                 surface (radius + half the cloth's thickness); m, 0 if none
     *   contacts      particles in contact with the ground or the sphere in the last step
     *   momentum_x/y/z  Σ m v over the free particles; kg·m/s
     *   exploded      1 once the explosion detector has fired, else 0
     *   torn          the number of springs broken so far (tearing, --tear-strain)
     *   cg_iterations CG iterations of the last step's linear solves (0 for a direct solve)
     *   residual      ‖b − A x‖ / ‖b‖ at the end of the last step's linear solve
     *   converged     1 if every linear solve of the last step reached its tolerance, else 0
     *   iterations    projection sweeps or local/global iterations of the last step (pbd, xpbd,
     *                 fast-mass-spring)
     *   rms_strain    √(mean ((l − L)/L)²) over the springs after the last step (the same
     *                 integrators; {@link ProjectionStats}); dimensionless
     * </pre>
     * The solver columns are empty for an integrator that solves no linear system (the explicit
     * and projection ones), the last two for any but the projection integrators; all five in the
     * row of the initial state.
     */
    public static final List<Column> STANDARD = List.of(
            whole("step", Simulation::steps),
            number("t", Simulation::time),
            number("kinetic", s -> s.observables().kinetic),
            number("elastic", s -> s.observables().elastic),
            number("gravitational", s -> s.observables().gravitational),
            number("total", s -> s.observables().total()),
            number("dissipated", s -> s.observables().dissipated),
            number("wind_work", s -> s.observables().windWork),
            number("max_speed", s -> s.observables().maxSpeed),
            number("max_strain", s -> s.observables().maxStrain),
            number("penetration", s -> s.observables().penetration),
            whole("contacts", s -> s.observables().contacts),
            number("momentum_x", s -> s.observables().momentum[0]),
            number("momentum_y", s -> s.observables().momentum[1]),
            number("momentum_z", s -> s.observables().momentum[2]),
            whole("exploded", s -> s.exploded() ? 1 : 0),
            whole("torn", s -> s.observables().torn),
            solve("cg_iterations", (stats, row) -> row.append(stats.iterations)),
            solve("residual", (stats, row) -> row.append(stats.finalResidual)),
            solve("converged", (stats, row) -> row.append(stats.converged ? 1 : 0)),
            projection("iterations", (stats, row) -> row.append(stats.iterations)),
            projection("rms_strain", (stats, row) -> row.append(stats.rmsStrain)));

    private final List<Column> columns;
    private final StringBuilder row = new StringBuilder(256);

    /** A writer of the {@link #STANDARD} columns. */
    public ObservablesCsv() {
        this(STANDARD);
    }

    /** A writer of the given columns. */
    public ObservablesCsv(List<Column> columns) {
        if (columns.isEmpty()) {
            throw new IllegalArgumentException("a CSV needs at least one column");
        }
        this.columns = List.copyOf(columns);
    }

    /** The columns. */
    public List<Column> columns() {
        return columns;
    }

    /** The header line, without its line end. */
    public String header() {
        return columns.stream().map(Column::name).collect(Collectors.joining(","));
    }

    /** Writes the header line. */
    public void writeHeader(Writer out) throws IOException {
        out.write(header());
        out.write('\n');
    }

    /** Writes one row for the simulation's present state. */
    public void writeRow(Simulation sim, Writer out) throws IOException {
        row.setLength(0);
        for (int c = 0; c < columns.size(); c++) {
            if (c > 0) {
                row.append(',');
            }
            columns.get(c).cell().append(sim, row);
        }
        row.append('\n');
        out.append(row);
    }

    /** A column of a double, printed by {@link StringBuilder#append(double)} (as {@link Double#toString}). */
    public static Column number(String name, ToDoubleFunction<Simulation> value) {
        return new Column(name, (sim, row) -> row.append(value.applyAsDouble(sim)));
    }

    /** What a solver column writes from the last step's statistics. */
    @FunctionalInterface
    interface SolveCell {
        void append(SolverStats stats, StringBuilder row);
    }

    /** A column of the last step's solver statistics, empty when there are none. */
    static Column solve(String name, SolveCell cell) {
        return new Column(name, (sim, row) -> {
            SolverStats stats = sim.integrator().solverStats();
            if (stats != null && sim.steps() > 0) {
                cell.append(stats, row);
            }
        });
    }

    /** What a projection column writes from the last step's statistics. */
    @FunctionalInterface
    interface ProjectionCell {
        void append(ProjectionStats stats, StringBuilder row);
    }

    /** A column of the last step's projection statistics, empty for other integrators. */
    static Column projection(String name, ProjectionCell cell) {
        return new Column(name, (sim, row) -> {
            if (sim.integrator() instanceof ProjectionIntegrator p && sim.steps() > 0) {
                cell.append(p.projectionStats(), row);
            }
        });
    }

    /** A column of a whole number. */
    public static Column whole(String name, ToLongFunction<Simulation> value) {
        return new Column(name, (sim, row) -> row.append(value.applyAsLong(sim)));
    }
}
