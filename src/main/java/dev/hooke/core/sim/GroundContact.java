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
 *   y_pred = y₀ + Δt (v_y + Δt F_y / m)
 * </pre>
 * A particle with y₀ ≥ h and y_pred &lt; h would cross the plane, so the plane must stop it. If
 * Coulomb's law lets it stick, |v_t + Δt a_t| ≤ μ |v_y + Δt a_y| (the tangential velocity the step
 * would give it against the normal velocity the plane has to remove, as in the impulse form of
 * friction), it is <em>held</em> for the step: its velocity is set to zero (a perfectly inelastic
 * impulse, which removes ½ m |v₀|²) and it is treated as pinned while the integrator steps. This is
 * Baraff &amp; Witkin's constraint filter for a particle in contact (Baraff &amp; Witkin, "Large
 * Steps in Cloth Simulation", SIGGRAPH 1998, §5.1) with all three directions constrained: the
 * implicit solves remove its unknowns, the explicit and position-based methods never move it, and
 * its neighbours feel a fixed point during the step instead of a point that is moved after it. A
 * particle held while it does not move does no work: resting contact dissipates nothing.
 *
 * <p>After the step the particle is released. A held particle still above the plane (it stopped
 * within one step's travel of it) is moved down onto the plane when the move does not raise the
 * energy (gravity and springs together, computed exactly); the energy the move releases is the
 * contact's. It then rebounds along the normal with
 * <pre>
 *   v_y = e √(v_n² + 2 g_n d)        (v_n its arrival normal speed, d the gap closed, g_n = −g_y)
 * </pre>
 * the speed it would have reached at the plane in free fall, times the restitution e: a single
 * particle dropped from height H bounces to e² H. (The gap term counts only when the move released
 * at least the gravitational energy m g_n d, the springs giving none back; otherwise the rebound is
 * e v_n, so that the contact never returns more than it took.) On a soft body e acts on each particle as it
 * touches; how high the body rebounds is set mostly by its own springs, which store the energy of
 * the landing and give it back (or lose it to their damping).
 *
 * <p>The prediction can miss a particle that the springs (or a position-based method's
 * projections) push through the plane although its own forces at the start did not: the step is
 * then taken again from the start with that particle held too, up to {@value #ATTEMPTS} times in
 * all (the integrators rebuild any cached history, as after any outside change of the state).
 *
 * <h2>Sliding particles and any particle that still crossed</h2>
 * A free particle below the plane after the step (it was predicted to slide, or the prediction
 * missed it) is put back on the plane and given the impulse
 * <pre>
 *   v_n ← −e v_n  if v_n &lt; 0,      |v_t| ← max(0, |v_t| − μ (1 + e) |v_n|)
 * </pre>
 * and the energy this correction changes (kinetic, gravitational and elastic, exactly) is the
 * contact's.
 *
 * <h2>Energy</h2>
 * {@link #step} returns the energy the contact removed in the step, in J:
 * <pre>
 *   W_c = ½ m |v₀|² (held particles) − ΔE(moves onto the plane) − ½ m v_rebound² − ΔE(corrections)
 * </pre>
 * It is the exact difference between the energy with and without the contact's changes, so adding
 * it to the dissipated work keeps K + U_el + U_g + W_d a measure of the integrator alone. The
 * workspace is created once per system size: a step allocates nothing.
 */
final class GroundContact {

    /** How many times a step is taken at most: again when it took a particle not held through the plane. */
    static final int ATTEMPTS = 3;

    /** Forces at the start of the step; 3n, in N. */
    private double[] force = new double[0];
    /** Positions before a correction, to measure its elastic energy change; 3n, in m. */
    private double[] before = new double[0];
    /** Start positions and velocities, to take the step again when a contact was missed; 3n. */
    private double[] startX = new double[0];
    private double[] startV = new double[0];
    /** Whether particle i is held during this step. */
    private boolean[] held = new boolean[0];
    /** Whether particle i would cross the plane but slides: put back after the step. */
    private boolean[] sliding = new boolean[0];
    /** The normal speed particle i arrived with when it was held; in m/s, at least 0. */
    private double[] arrival = new double[0];
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
            if (!near || attempt >= ATTEMPTS || !holdMissed(s, g)) {
                break;
            }
            System.arraycopy(startX, 0, s.x, 0, startX.length);
            System.arraycopy(startV, 0, s.v, 0, startV.length);
            s.touch();
        }
        if (heldCount > 0) {
            removed += land(s, g);
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
            sliding = new boolean[n];
            arrival = new double[n];
            corrected = new boolean[n];
        }
    }

    /**
     * Decides which particles are held (and which slide) from the prediction; returns whether any
     * free particle is near enough to the plane to touch it in this step.
     */
    private boolean select(MassSpringSystem s, Ground g, double dt) {
        final int n = s.particleCount();
        final double[] x = s.x;
        final double[] v = s.v;
        final double[] mass = s.massArray();
        final double plane = g.height();
        heldCount = 0;
        Arrays.fill(held, false);
        Arrays.fill(sliding, false);
        if (!anyWithinReach(s, plane, dt)) {
            return false;
        }
        Forces.compute(s, x, v, force);
        for (int i = 0; i < n; i++) {
            int q = 3 * i;
            if (s.isPinned(i) || !(x[q + 1] >= plane)) {
                continue;
            }
            double m = mass[i];
            double wy = v[q + 1] + dt * force[q + 1] / m;
            if (!(x[q + 1] + dt * wy < plane)) {
                continue;
            }
            double wx = v[q] + dt * force[q] / m;
            double wz = v[q + 2] + dt * force[q + 2] / m;
            if (Math.sqrt(wx * wx + wz * wz) > g.friction() * -wy) {
                sliding[i] = true; // resolved after the step
                continue;
            }
            held[i] = true;
            heldCount++;
        }
        return true;
    }

    /**
     * After a step: marks as held every free particle that ended below the plane although it was
     * neither held nor sliding (the prediction missed it: the springs or a projection pushed it
     * there) and started the step on or above the plane; returns whether there was any.
     */
    private boolean holdMissed(MassSpringSystem s, Ground g) {
        final double plane = g.height();
        boolean any = false;
        for (int i = 0; i < s.particleCount(); i++) {
            int q = 3 * i;
            if (!held[i] && !sliding[i] && !s.isPinned(i) && s.x[q + 1] < plane && startX[q + 1] >= plane) {
                held[i] = true;
                heldCount++;
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
     * energy, and gives them their rebound; returns the energy removed.
     */
    private double land(MassSpringSystem s, Ground g) {
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
        boolean moved = false;
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
                moved = true;
                fell = elasticChange <= 0;
            } else {
                System.arraycopy(before, 0, x, 0, x.length);
            }
        }
        for (int i = 0; i < n; i++) {
            if (!held[i] || arrival[i] == 0 || g.restitution() == 0) {
                continue;
            }
            double gap = fell ? before[3 * i + 1] - plane : 0;
            double speed2 = arrival[i] * arrival[i] + 2 * gn * gap;
            double rebound = g.restitution() * Math.sqrt(Math.max(0, speed2));
            v[3 * i + 1] = rebound;
            removed -= 0.5 * mass[i] * rebound * rebound;
        }
        s.touch();
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
