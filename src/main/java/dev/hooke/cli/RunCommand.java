package dev.hooke.cli;

import dev.hooke.core.integrate.ProjectionIntegrator;
import dev.hooke.core.integrate.ProjectionStats;
import dev.hooke.core.io.AtomicFiles;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.observe.Observables;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.sim.Simulation;
import dev.hooke.core.sim.SolverTally;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code hooke run}: builds a scene, steps it with a fixed Δt and reports the observables, as a
 * CSV ({@link ObservablesCsv}) or as a short summary.
 *
 * <p>The CSV's first row is the initial state (step 0); then one row every {@code --every}
 * steps, plus the last step. When the system explodes the row of the step that exploded
 * (exploded = 1) ends the file: the simulation does not step past it. An explosion is a result,
 * not an error: the exit code stays 0.
 */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false, versionProvider = HookeCli.Version.class,
        description = "Runs a scene for a number of steps and writes its observables as CSV, "
                + "or prints a summary.",
        footerHeading = "%n")
final class RunCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    SceneOptions scene;

    @Mixin
    IntegratorOptions integrator;

    @Mixin
    TimeStepOption timeStep;

    @Option(names = "--steps", paramLabel = "N", defaultValue = "1000", converter = Converters.NonNegativeInt.class,
            description = "The number of steps (default: ${DEFAULT-VALUE}).")
    int steps;

    @Option(names = "--csv", paramLabel = "FILE",
            description = "Write the observables to FILE as CSV (- or /dev/stdout for standard output, appended "
                    + "to where the shell sends it). A file is written whole or not at all; a link is written "
                    + "through to its target, a pipe or a device in place.")
    String csv;

    @Option(names = "--every", paramLabel = "N", converter = Converters.PositiveInt.class,
            description = "With --csv: one row every N steps (default: 1).")
    Integer every;

    /**
     * The help's footer: the CSV's columns, read from {@link ObservablesCsv#STANDARD} so that the
     * help names the columns the file has, then the exit codes. {@link HookeCli#commandLine} sets it.
     */
    static String[] footer() {
        return new String[] {"CSV columns: " + new ObservablesCsv().header()
                + " (SI units; exploded and converged are 0 or 1; the solver columns are filled for the implicit "
                + "integrators, iterations and rms_strain for pbd, xpbd and fast-mass-spring). The first row is "
                + "step 0; when the system explodes the row of that step ends the file.",
            "Exit codes: 0 done (also when the system exploded), 1 the CSV could not be written, 2 bad usage."};
    }

    /** How often the standard output is checked for a closed pipe, in rows. */
    private static final int CHECK_EVERY_ROWS = 4096;

    @Override
    public Integer call() {
        SceneSpec sceneSpec = scene.toSpec(spec);
        integrator.check(spec);
        if (every != null && csv == null) {
            throw new UsageException(spec.commandLine(), "--every: applies with --csv only");
        }
        Path target = null;
        if (csv != null && !csv.equals("-")) {
            if (csv.endsWith("/") || csv.endsWith(java.io.File.separator)) {
                // Path.of drops the slash: new.csv/ would be written as the file new.csv
                throw new UsageException(spec.commandLine(), "--csv: " + csv + " ends with " + csv.charAt(csv.length() - 1)
                        + ", the name of a folder; give the name of a file");
            }
            try {
                target = Path.of(csv);
            } catch (InvalidPathException e) {
                throw new UsageException(spec.commandLine(), "--csv: not a valid file name: " + e.getReason());
            }
            if (AtomicFiles.isStandardOutput(target)) {
                target = null;      // /dev/stdout: written as "-" is, where the shell's >, >> or | put it
            }
        }
        MassSpringSystem system = SceneOptions.build(spec, sceneSpec);
        Simulation sim = new Simulation(system, integrator.create(), timeStep.dt);
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        int stride = every == null ? 1 : every;

        if (csv == null) {
            sim.step(steps);
            summary(out, sceneSpec, system, sim);
            return 0;
        }
        if (target == null) {
            boolean failed;
            try {
                record(sim, out, stride);
                out.flush();
                failed = out.checkError();
            } catch (IOException e) {
                failed = true;
            }
            if (failed) {
                err.println(HookeCli.PREFIX + "--csv " + csv + ": cannot write to the standard output");
                return 1;
            }
            return 0;
        }
        long rows;
        try (AtomicFiles.Pending file = AtomicFiles.open(target, AtomicFiles.Special.WRITE_IN_PLACE)) {
            Writer w = new OutputStreamWriter(file.stream(), StandardCharsets.UTF_8);
            rows = record(sim, w, stride);
            w.flush();
            file.commit();
        } catch (IOException e) {
            String why = reason(e);
            String named = target + ": ";
            err.println(HookeCli.PREFIX + "--csv: cannot write " + csv + ": "
                    + (why.startsWith(named) ? why.substring(named.length()) : why));
            return 1;
        }
        out.printf(Locale.ROOT, "Wrote %d rows to %s%n", rows, csv);
        summary(out, sceneSpec, system, sim);
        return 0;
    }

    /**
     * Writes the header, the initial state and then a row every {@code stride} steps, the last
     * step, or the step that exploded (which ends the run).
     *
     * @return the number of rows, header not counted
     */
    private long record(Simulation sim, Writer w, int stride) throws IOException {
        ObservablesCsv table = new ObservablesCsv();
        table.writeHeader(w);
        table.writeRow(sim, w);
        long rows = 1;
        for (int i = 1; i <= steps; i++) {
            boolean sound = sim.step();
            if (!sound || i % stride == 0 || i == steps) {
                table.writeRow(sim, w);
                rows++;
                if (rows % CHECK_EVERY_ROWS == 0 && w instanceof PrintWriter pw && pw.checkError()) {
                    break;
                }
            }
            if (!sound) {
                break;
            }
        }
        return rows;
    }

    /** The summary: scene, method, final time, energies, and the explosion if there was one. */
    private void summary(PrintWriter out, SceneSpec sceneSpec, MassSpringSystem system, Simulation sim) {
        Observables o = sim.observables();
        out.printf(Locale.ROOT, "%s; %s (%s), Δt = %s s%n", SceneOptions.describe(sceneSpec, system),
                sim.integratorKind().displayName(), sim.integratorKind().id(), Numbers.plain(sim.dt()));
        out.printf(Locale.ROOT, "t = %s s after %d of %d steps%n", Numbers.num(sim.time()), sim.steps(), steps);
        out.printf(Locale.ROOT, "energy (J): kinetic %s, elastic %s, gravitational %s, total %s, dissipated %s, "
                        + "wind work %s%n",
                Numbers.num(o.kinetic), Numbers.num(o.elastic), Numbers.num(o.gravitational), Numbers.num(o.total()),
                Numbers.num(o.dissipated), Numbers.num(o.windWork));
        out.printf(Locale.ROOT, "max speed %s m/s, max strain %s, momentum (%s, %s, %s) kg·m/s%n",
                Numbers.num(o.maxSpeed), Numbers.num(o.maxStrain), Numbers.num(o.momentum[0]),
                Numbers.num(o.momentum[1]), Numbers.num(o.momentum[2]));
        if (system.sphere() != null) {
            out.printf(Locale.ROOT, "sphere: %d particles in contact, deepest penetration %s m%n",
                    o.contacts, Numbers.num(o.penetration));
        }
        if (sim.integrator() instanceof ProjectionIntegrator p && sim.steps() > 0) {
            ProjectionStats st = p.projectionStats();
            out.printf(Locale.ROOT, "%d iterations per step; after the last step strain rms %s, max %s%n",
                    st.iterations, Numbers.num(st.rmsStrain), Numbers.num(st.maxStrain));
        }
        if (system.tearStrain() > 0) {
            out.printf(Locale.ROOT, "torn: %d of %d springs broke (tear strain %s)%n", o.torn, system.springCount(),
                    Numbers.plain(system.tearStrain()));
        }
        SolverTally.Totals solves = sim.solverTally().totals();
        if (solves.solvedSteps() > 0) {
            out.println(solverLine(solves));
        }
        if (sim.exploded()) {
            out.println("EXPLODED. " + sim.explosion().message());
        } else {
            out.println("No explosion.");
        }
    }

    /**
     * The summary's line on the linear solves: all converged, or how many steps did not converge
     * or met an indefinite matrix, from which step on, and the largest residual left.
     */
    static String solverLine(SolverTally.Totals t) {
        if (!t.failed()) {
            return String.format(Locale.ROOT, "Linear solves: all %d steps converged, largest residual %s.",
                    t.solvedSteps(), Numbers.num(t.largestResidual()));
        }
        return String.format(Locale.ROOT, "SOLVER FAILED in %d of %d steps (first at step %d): %d did not converge, "
                        + "%d met an indefinite matrix; largest residual %s.",
                t.failedSteps(), t.solvedSteps(), t.firstFailure(),
                t.unconvergedSteps(), t.indefiniteSteps(), Numbers.num(t.largestResidual()));
    }

    /** The reason of a failed write, in a few words. */
    static String reason(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file or directory";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof FileSystemException fse && fse.getReason() != null) {
            return fse.getReason();
        }
        String m = e.getMessage();
        return m == null || m.isBlank() ? e.getClass().getSimpleName() : m;
    }
}
