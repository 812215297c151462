package dev.hooke.core.sim;

import dev.hooke.core.force.Forces;
import dev.hooke.core.integrate.Integrator;
import dev.hooke.core.model.Ground;
import dev.hooke.core.model.MassSpringSystem;
import java.util.Arrays;

/**
 * Contact with a ground plane y = h as a velocity-level constraint that every integrator sees, and
 * whose work goes into the energy balance.
 *
 * <h2>Held particles: the constraint inside the step</h2>
 * Before the step, the forces F(x₀, v₀) predict where each free particle would end after a step of
 * length Δt:
 * <pre>
 *   y_pred = y₀ + Δt w_y,     w = v₀ + Δt F / m
 * </pre>
 * A particle with y₀ ≥ h and y_pred &lt; h would cross the plane, so the plane must stop it: it is
 * <em>held</em> for the step. Its velocity is set to zero (a perfectly inelastic impulse, which
 * removes ½ m |v₀|²) and it is treated as pinned while the integrator steps. This is Baraff &amp;
 * Witkin's constraint filter for a particle in contact (Baraff &amp; Witkin, "Large Steps in Cloth
 * Simulation", SIGGRAPH 1998, §5.1) with all three directions constrained: the implicit solves
 * remove its unknowns, the explicit and position-based methods never move it, and its neighbours
 * feel a fixed point during the step instead of a point that is moved after it. A particle held
 * while it does not move does no work: resting contact dissipates nothing.
 *
 * <p>The prediction can miss a particle that the springs (or a position-based method's
 * projections) push through the plane although its own forces at the start did not: the step is
 * then taken again from the start with that particle held too, up to {@value #ATTEMPTS} times in
 * all (the integrators rebuild any cached history, as after any outside change of the state).
 *
 * <h2>After the step: onto the plane, rebound, slip</h2>
 * The held particles are released. One still above the plane (it stopped within one step's travel
 * of it) is moved down onto the plane when the move does not raise the energy (gravity and springs
 * together, computed exactly); the energy the move releases is the contact's. It rebounds along
 * the normal with
 * <pre>
 *   v_y = e √(v_n² + 2 g_n d)        (v_n its arrival normal speed, d the gap closed, g_n = −g_y)
 * </pre>
 * the speed it would have reached at the plane in free fall, times the restitution e: a single
 * particle dropped from height H bounces to e² H. (The gap term counts only when the move released
 * at least the gravitational energy m g_n d, the springs giving none back; otherwise the rebound is
 * e v_n, so that the contact never returns more than it took.) On a soft body e acts on each
 * particle as it touches; how high the body rebounds is set mostly by its own springs, which store
 * the energy of the landing and give it back (or lose it to their damping).
 *
 * <p>Friction, Coulomb's law in impulse form: the plane removes the normal velocity w_n = max(0,
 * −w_y), and friction takes at most μ w_n of the tangential velocity v_t, so the particle keeps
 * <pre>
 *   v_t' = v_t max(0, 1 − μ w_n / |v_t|)
 * </pre>
 * (0: it sticks). A particle that keeps some slides: after the step it is moved along the plane by
 * Δt v_t' and given v_t', provided the move does not raise the elastic energy (else it stays where
 * it is, with v_t'). Resting particles have no v_t and stay put; a frictionless body still slides.
 *
 * <h2>Any particle that still crossed</h2>
 * A free particle below the plane after the step (it started below it, or the last attempt missed
 * it) is put back on the plane and given the impulse
 * <pre>
 *   v_n ← −e v_n  if v_n &lt; 0,      |v_t| ← max(0, |v_t| − μ (1 + e) |v_n|)
 * </pre>
 * and the energy this correction changes (kinetic, gravitational and elastic, exactly) is the
 * contact's; if the correction added energy, it is taken back from those particles' kinetic energy
 * as far as it goes.
 *
 * <h2>Energy</h2>
 * {@link #step} returns the energy the contact removed in the step, in J:
 * <pre>
 *   W_c = ½ m |v₀|² (held) − ΔE(onto the plane) − ½ m v_y² (rebound) − ΔU_el(slip) − ½ m |v_t'|²
 *         − ΔE(corrections)
 * </pre>
 * It is the exact difference between the energy with and without the contact's changes, so adding
 * it to the dissipated work keeps K + U_el + U_g + W_d a measure of the integrator alone. For held
 * particles every term is bounded so that W_c ≥ 0: the contact never gives energy. The workspace
 * is created once per system size: a step allocates nothing.
 */
final class GroundContact {

    /** How many times a step is taken at most: again when it took a particle not held through the plane. */
    static final int ATTEMPTS = 3;

    /** Forces at the start of the step; 3n, in N. */
    private double[] force = new double[0];
    /** Positions before a move, to measure its energy change or undo it; 3n, in m. */
    private double[] before = new double[0];
    /** Start positions and velocities, to take the step again when a contact was missed; 3n. */
    private double[] startX = new double[0];
    private double[] startV = new double[0];
    /** Whether particle i is held during this step. */
    private boolean[] held = new boolean[0];
    /** The normal speed particle i arrived with when it was held; in m/s, at least 0. */
    private double[] arrival = new double[0];
    /** The tangential velocity (x, z) a held particle keeps after friction; 2n, in m/s. */
    private double[] slip = new double[0];
    /** Whether particle i was put back on the plane after this step. */
    private boolean[] corrected = new boolean[0];
    /** The number of particles held in this step. */
    private int heldCount;

    /**
     * Takes one step of {@code integrator} with the contacts as constraints, and resolves the
     * particles that still crossed the plane.
     *
     * @param s the system, updated in place
     * @param integrator the method
     * @param dt Δt, in s
     * @return W_c, the energy the contact removed in this step, in J (0 without a ground)
     */
    double step(MassSpringSystem s, Integrator integrator, double dt) {
        Ground g = s.ground();
        if (g == null) {
            integrator.step(s, dt);
            return 0;
        }
        ensure(s.particleCount());
        boolean near = select(s, g, dt);
        if (near) {
            System.arraycopy(s.x, 0, startX, 0, startX.length);
            System.arraycopy(s.v, 0, startV, 0, startV.length);
        }
        double removed;
        for (int attempt = 1;; attempt++) {
            removed = pinHeld(s);
            try {
                integrator.step(s, dt);
            } finally {
                release(s);
            }
            if (!near || attempt >= ATTEMPTS || !holdMissed(s, g, dt)) {
                break;
            }
            System.arraycopy(startX, 0, s.x, 0, startX.length);
            System.arraycopy(startV, 0, s.v, 0, startV.length);
            s.touch();
        }
        if (heldCount > 0) {
            removed += land(s, g, dt);
        }
        removed += correct(s, g);
        return removed;
    }

    private void ensure(int n) {
        if (held.length != n) {
            force = new double[3 * n];
            before = new double[3 * n];
            startX = new double[3 * n];
            startV = new double[3 * n];
            held = new boolean[n];
            arrival = new double[n];
            slip = new double[2 * n];
            corrected = new boolean[n];
        }
    }

    /**
     * Decides which particles are held from the prediction; returns whether any free particle is
     * near enough to the plane to touch it in this step.
     */
    private boolean select(MassSpringSystem s, Ground g, double dt) {
        final double[] x = s.x;
        final double[] v = s.v;
        final double[] mass = s.massArray();
        final double plane = g.height();
        heldCount = 0;
        Arrays.fill(held, false);
        if (!anyWithinReach(s, plane, dt)) {
            return false;
        }
        Forces.compute(s, x, v, force);
        for (int i = 0; i < s.particleCount(); i++) {
            int q = 3 * i;
            if (s.isPinned(i) || !(x[q + 1] >= plane)) {
                continue;
            }
            double wy = v[q + 1] + dt * force[q + 1] / mass[i];
            if (x[q + 1] + dt * wy < plane) {
                hold(i, v, wy, g.friction());
            }
        }
        return true;
    }

    /** Marks particle i as held and works out the tangential velocity it keeps (v: its start velocity). */
    private void hold(int i, double[] v, double wy, double mu) {
        int q = 3 * i;
        double wn = Math.max(0, -wy);
        double vt = Math.sqrt(v[q] * v[q] + v[q + 2] * v[q + 2]);
        double keep = vt > 0 ? Math.max(0, 1 - mu * wn / vt) : 0;
        slip[2 * i] = keep * v[q];
        slip[2 * i + 1] = keep * v[q + 2];
        held[i] = true;
        heldCount++;
    }

    /**
     * After a step: holds every free particle that ended below the plane although it was not held
     * (the prediction missed it: the springs or a projection pushed it there) and started the step
     * on or above the plane; returns whether there was any.
     */
    private boolean holdMissed(MassSpringSystem s, Ground g, double dt) {
        final double plane = g.height();
        final double[] mass = s.massArray();
        boolean any = false;
        for (int i = 0; i < s.particleCount(); i++) {
            int q = 3 * i;
            if (!held[i] && !s.isPinned(i) && s.x[q + 1] < plane && startX[q + 1] >= plane) {
                hold(i, startV, startV[q + 1] + dt * force[q + 1] / mass[i], g.friction());
                any = true;
            }
        }
        return any;
    }

    /** Stops and pins the held particles; returns the kinetic energy removed. */
    private double pinHeld(MassSpringSystem s) {
        final double[] v = s.v;
        final double[] mass = s.massArray();
        double removed = 0;
        for (int i = 0; i < s.particleCount() && heldCount > 0; i++) {
            if (!held[i]) {
                continue;
            }
            int q = 3 * i;
            removed += 0.5 * mass[i] * (v[q] * v[q] + v[q + 1] * v[q + 1] + v[q + 2] * v[q + 2]);
            arrival[i] = Math.max(0, -v[q + 1]);
            s.setPinned(i, true);
        }
        return removed;
    }

    /** Unpins the held particles (their velocity stays 0). */
    private void release(MassSpringSystem s) {
        for (int i = 0; i < s.particleCount() && heldCount > 0; i++) {
            if (held[i]) {
                s.setPinned(i, false);
            }
        }
    }

    /**
     * Whether a free particle might reach the plane in this step: within twice its own travel plus
     * a margin for an acceleration of 100 g (a wider test than needed; the prediction decides).
     */
    private static boolean anyWithinReach(MassSpringSystem s, double plane, double dt) {
        final double[] x = s.x;
        final double[] v = s.v;
        double g = Math.abs(s.gravity(1));
        double margin = 100 * Math.max(g, 1.0) * dt * dt;
        for (int i = 0; i < s.particleCount(); i++) {
            int q = 3 * i;
            if (s.isPinned(i)) {
                continue;
            }
            if (x[q + 1] - plane < margin + 2 * dt * Math.max(0, -v[q + 1])) {
                return true;
            }
        }
        return false;
    }

    /**
     * Moves the held particles still above the plane down onto it when that does not raise the
     * energy, gives them their rebound, and lets the slipping ones slide; returns the energy removed.
     */
    private double land(MassSpringSystem s, Ground g, double dt) {
        final int n = s.particleCount();
        final double[] x = s.x;
        final double[] v = s.v;
        final double[] mass = s.massArray();
        final double plane = g.height();
        final double gn = -s.gravity(1);
        double removed = 0;
        boolean gaps = false;
        for (int i = 0; i < n && !gaps; i++) {
            gaps = held[i] && x[3 * i + 1] > plane;
        }
        boolean fell = false;
        if (gaps) {
            System.arraycopy(x, 0, before, 0, x.length);
            double elasticBefore = Forces.elasticEnergy(s, x);
            double gravityChange = 0;
            for (int i = 0; i < n; i++) {
                if (held[i] && x[3 * i + 1] > plane) {
                    gravityChange += mass[i] * gn * (plane - x[3 * i + 1]);
                    x[3 * i + 1] = plane;
                }
            }
            double elasticChange = Forces.elasticEnergy(s, x) - elasticBefore;
            double change = elasticChange + gravityChange;
            if (change <= 0) {
                removed -= change;
                fell = elasticChange <= 0;
            } else {
                System.arraycopy(before, 0, x, 0, x.length);
            }
        }
        boolean slips = false;
        for (int i = 0; i < n; i++) {
            if (!held[i]) {
                continue;
            }
            slips |= slip[2 * i] != 0 || slip[2 * i + 1] != 0;
            if (arrival[i] == 0 || g.restitution() == 0) {
                continue;
            }
            double gap = fell ? before[3 * i + 1] - plane : 0;
            double speed2 = arrival[i] * arrival[i] + 2 * gn * gap;
            double rebound = g.restitution() * Math.sqrt(Math.max(0, speed2));
            v[3 * i + 1] = rebound;
            removed -= 0.5 * mass[i] * rebound * rebound;
        }
        if (slips) {
            removed += slide(s, dt);
        }
        s.touch();
        return removed;
    }

    /**
     * Moves the slipping held particles along the plane by Δt v_t' unless that raises the elastic
     * energy, and gives them v_t'; returns the energy removed.
     */
    private double slide(MassSpringSystem s, double dt) {
        final int n = s.particleCount();
        final double[] x = s.x;
        final double[] v = s.v;
        final double[] mass = s.massArray();
        System.arraycopy(x, 0, before, 0, x.length);
        double elasticBefore = Forces.elasticEnergy(s, x);
        double removed = 0;
        for (int i = 0; i < n; i++) {
            if (held[i]) {
                x[3 * i] += dt * slip[2 * i];
                x[3 * i + 2] += dt * slip[2 * i + 1];
                v[3 * i] = slip[2 * i];
                v[3 * i + 2] = slip[2 * i + 1];
                removed -= 0.5 * mass[i] * (slip[2 * i] * slip[2 * i] + slip[2 * i + 1] * slip[2 * i + 1]);
            }
        }
        double elasticChange = Forces.elasticEnergy(s, x) - elasticBefore;
        if (elasticChange <= 0) {
            removed -= elasticChange;
        } else {
            System.arraycopy(before, 0, x, 0, x.length);
        }
        return removed;
    }

    /**
     * Takes up to {@code deficit} J of kinetic energy from the particles just put back on the plane,
     * by scaling their velocities by one common factor; returns the energy taken.
     */
    private double absorb(MassSpringSystem s, Ground g, double deficit) {
        final double[] v = s.v;
        final double[] mass = s.massArray();
        double kinetic = 0;
        for (int i = 0; i < s.particleCount(); i++) {
            if (corrected[i]) {
                int q = 3 * i;
                kinetic += 0.5 * mass[i] * (v[q] * v[q] + v[q + 1] * v[q + 1] + v[q + 2] * v[q + 2]);
            }
        }
        if (!(kinetic > 0)) {
            return 0;
        }
        double keep = Math.max(0, 1 - deficit / kinetic);
        double scale = Math.sqrt(keep);
        for (int i = 0; i < s.particleCount(); i++) {
            if (corrected[i]) {
                int q = 3 * i;
                v[q] *= scale;
                v[q + 1] *= scale;
                v[q + 2] *= scale;
            }
        }
        return kinetic * (1 - keep);
    }

    /**
     * Puts every free particle below the plane back on it with the restitution and friction
     * impulse; returns the exact energy the correction removed (negative if it added energy).
     */
    private double correct(MassSpringSystem s, Ground g) {
        final int n = s.particleCount();
        final double[] x = s.x;
        final double[] v = s.v;
        final double[] mass = s.massArray();
        final double plane = g.height();
        final double e = g.restitution();
        final double mu = g.friction();
        final double gn = -s.gravity(1);
        boolean any = false;
        for (int i = 0; i < n && !any; i++) {
            any = !s.isPinned(i) && x[3 * i + 1] < plane;
        }
        if (!any) {
            return 0;
        }
        double elasticBefore = Forces.elasticEnergy(s, x);
        double removed = 0;
        Arrays.fill(corrected, false);
        for (int i = 0; i < n; i++) {
            int q = 3 * i;
            if (s.isPinned(i) || !(x[q + 1] < plane)) {
                continue;
            }
            removed -= mass[i] * gn * (plane - x[q + 1]);
            x[q + 1] = plane;
            corrected[i] = true;
            double vn = v[q + 1];
            if (vn >= 0) {
                continue;
            }
            double kineticBefore = v[q] * v[q] + vn * vn + v[q + 2] * v[q + 2];
            v[q + 1] = -e * vn;
            double dvn = (1 + e) * -vn;
            double vt = Math.sqrt(v[q] * v[q] + v[q + 2] * v[q + 2]);
            if (vt <= mu * dvn) {
                v[q] = 0;
                v[q + 2] = 0;
            } else {
                double scale = 1 - mu * dvn / vt;
                v[q] *= scale;
                v[q + 2] *= scale;
            }
            double kineticAfter = v[q] * v[q] + v[q + 1] * v[q + 1] + v[q + 2] * v[q + 2];
            removed += 0.5 * mass[i] * (kineticBefore - kineticAfter);
        }
        removed -= Forces.elasticEnergy(s, x) - elasticBefore;
        if (removed < 0) {
            removed += absorb(s, g, -removed);
        }
        s.touch();
        return removed;
    }
}
