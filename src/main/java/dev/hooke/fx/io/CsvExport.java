package dev.hooke.fx.io;

import dev.hooke.core.force.Forces;
import dev.hooke.core.io.AtomicFiles;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.fx.sim.EnergySample;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The workbench's CSV exports, and atomic file writes. Uses no toolkit class.
 *
 * <ul>
 *   <li>Particles: one row per particle i with its index, whether it is pinned, its position
 *       x_i (m), velocity v_i (m/s) and the force F_i(x, v) (N) of springs, spring damping,
 *       gravity and air damping as {@link Forces#compute} gives it for the present state.
 *       Numbers are written with {@link Double#toString(double)}, which reads back to the same
 *       double; a value that is not finite is written {@code NaN} or {@code Infinity}, so the
 *       first such row shows where a NaN was born.</li>
 *   <li>Chart: one row per energy sample the chart holds (oldest first), with its lane (0 the
 *       main system, 1 compare mode's second), t (s), K, U_el, U_g, E = K + U_el + U_g and W_d
 *       (J), and Δt (s).</li>
 * </ul>
 * Files are written with {@link AtomicFiles}: to a temporary file in the target's directory,
 * then moved over the target atomically, so a failed write never leaves half a file. A named
 * pipe, a device or a socket is refused at once ({@link AtomicFiles.Special#REFUSE}): the window
 * never waits for a pipe's reader.
 */
public final class CsvExport {

    /** The particle table's header. */
    public static final String PARTICLE_HEADER = "index,pinned,x_m,y_m,z_m,vx_m_per_s,vy_m_per_s,vz_m_per_s,fx_N,fy_N,fz_N";
    /** The chart table's header. */
    public static final String CHART_HEADER = "lane,t_s,kinetic_J,elastic_J,gravitational_J,total_J,dissipated_J,wind_work_J,dt_s";

    private CsvExport() {
    }

    /**
     * The particles' state at one instant, copied out of a system: cheap to take on the thread
     * that owns the system, formatted later on any thread.
     *
     * @param pinned whether each particle is pinned
     * @param x      positions x_i, {@code 3*i+k}; in m
     * @param v      velocities v_i, {@code 3*i+k}; in m/s
     * @param f      forces F_i(x, v) of springs, spring damping, gravity and air damping,
     *               {@code 3*i+k}; in N
     */
    public record ParticleState(boolean[] pinned, double[] x, double[] v, double[] f) {
    }

    /** Copies the state of {@code s} now, with its forces (call on the thread that owns {@code s}). */
    public static ParticleState capture(MassSpringSystem s) {
        int n = s.particleCount();
        double[] f = new double[3 * n];
        Forces.compute(s, s.x, s.v, f);
        boolean[] pinned = new boolean[n];
        for (int i = 0; i < n; i++) {
            pinned[i] = s.isPinned(i);
        }
        return new ParticleState(pinned, s.x.clone(), s.v.clone(), f);
    }

    /** The particle table of {@code s} now (call on the thread that owns {@code s}). */
    public static String particles(MassSpringSystem s) {
        return particles(capture(s));
    }

    /** The particle table of a captured state. */
    public static String particles(ParticleState state) {
        int n = state.pinned().length;
        StringBuilder b = new StringBuilder(PARTICLE_HEADER).append('\n');
        for (int i = 0; i < n; i++) {
            b.append(i).append(',').append(state.pinned()[i]);
            for (double[] a : new double[][] {state.x(), state.v(), state.f()}) {
                for (int k = 0; k < 3; k++) {
                    b.append(',').append(a[3 * i + k]);
                }
            }
            b.append('\n');
        }
        return b.toString();
    }

    /** The chart table of {@code samples} (oldest first). */
    public static String chart(List<EnergySample> samples) {
        StringBuilder b = new StringBuilder(CHART_HEADER).append('\n');
        for (EnergySample e : samples) {
            b.append(e.lane()).append(',').append(e.time()).append(',').append(e.kinetic()).append(',')
                    .append(e.elastic()).append(',').append(e.gravitational()).append(',').append(e.total())
                    .append(',').append(e.dissipated()).append(',').append(e.windWork()).append(',').append(e.dt()).append('\n');
        }
        return b.toString();
    }

    /** Writes {@code text} (UTF-8) to {@code target} atomically ({@link AtomicFiles}). */
    public static void write(Path target, String text) throws IOException {
        AtomicFiles.writeString(target, AtomicFiles.Special.REFUSE, text);
    }

    /** Writes {@code bytes} to {@code target} atomically ({@link AtomicFiles}). */
    public static void writeBytes(Path target, byte[] bytes) throws IOException {
        AtomicFiles.write(target, AtomicFiles.Special.REFUSE, out -> out.write(bytes));
    }
}
