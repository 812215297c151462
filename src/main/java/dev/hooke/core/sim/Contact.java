package dev.hooke.core.sim;

import dev.hooke.core.force.Forces;
import dev.hooke.core.integrate.Integrator;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.model.Obstacle;
import java.util.Arrays;

/**
 * Contact with the obstacles of a system (the ground plane, a sphere) as a velocity-level
 * constraint that every integrator sees, and whose work goes into the energy balance. Every
 * shape is handled alike through its signed gap φ, its outward normal n = ∇φ and the velocity u
 * of its surface ({@link Obstacle}); t₁ = t + Δt is the end of the step.
 *
 * <h2>Held particles: the constraint inside the step</h2>
 * Before the step, the forces F(x₀, v₀) predict where each free particle would end after a step of
 * length Δt, on the parabola of a constant force:
 * <pre>
 *   x_pred = x₀ + Δt v₀ + ½ Δt² F / m
 * </pre>
 * A particle outside a shape (φ(x₀, t) ≥ 0) with φ(x_pred, t₁) &lt; 0 would enter it, so the shape
 * must stop it: it is <em>held</em> for the step. Its velocity is set to zero (a perfectly
 * inelastic impulse, which removes ½ m |v₀|²) and it is treated as pinned while the integrator
 * steps. This is Baraff &amp; Witkin's constraint filter for a particle in contact (Baraff &amp;
 * Witkin, "Large Steps in Cloth Simulation", SIGGRAPH 1998, §5.1) with all three directions
 * constrained: the implicit solves remove its unknowns, the explicit and position-based methods
 * never move it, and its neighbours feel a fixed point during the step instead of a point that
 * is moved after it. A particle held while it does not move does no work: resting contact
 * dissipates nothing.
 *
 * <p>The prediction can miss a particle that the springs (or a position-based method's
 * projections) push into a shape although its own forces at the start did not: the step is then
 * taken again from the start with that particle held too, up to {@value #ATTEMPTS} times in all
 * (the integrators rebuild any cached history, as after any outside change of the state). On a
 * curved shape, a particle that entered it by less than ½ Δt² |g| is not held again: a first-order
 * method's free step (x₀ + Δt v₀ + Δt² g) lies that far below the parabola, which is the method's
 * truncation error, not a missed contact; holding it would keep a particle on a sphere after the
 * normal force has vanished (in the limit Δt → 0, until cos θ = ½ cos θ₀ instead of ⅔ cos θ₀).
 * The correction below puts it back on the surface.
 *
 * <h2>After the step: slip, onto the surface, rebound</h2>
 * Friction, Coulomb's law in impulse form: with the relative velocities w_r = w − u, w = v₀ + Δt F / m
 * and a = v₀ + Δt g − u (gravity only), the shape's normal impulse per unit mass over the step is
 * the normal velocity it removes less the part the curvature κ of the surface takes,
 * <pre>
 *   w_n = max(0, −w_r·n − Δt κ |r_t|²),        r_t = (v₀ − u) − ((v₀ − u)·n) n
 * </pre>
 * that is Δt N / m with the true normal force N = −F·n − m κ v_t² of a particle sliding on the
 * surface: the centripetal part m v_t² / R turns the velocity along a sphere and presses on nothing
 * (on the plane κ = 0). Friction takes at most μ w_n of the tangential velocity a_t = a − (a·n) n,
 * so the particle leaves the step with
 * <pre>
 *   v' = u + a_t max(0, 1 − μ w_n / |a_t|)
 * </pre>
 * For one particle sliding over a fixed sphere this is a first-order step of
 * R θ'' = g sin θ − μ (g cos θ − R θ'²), Newton's law in polar coordinates with Coulomb's
 * N ≥ 0, |F_t| ≤ μ N (Stewart, "Rigid-body dynamics with friction and impact", SIAM Review 42(1),
 * 2000), and converges to it as Δt → 0.
 * (a_t = 0: it sticks, or moves with the surface). Gravity's tangential part is integrated here,
 * explicitly (it is constant, so this is stable at any Δt), because a held particle feels no force
 * in the step: on a sphere it makes the particle slide down. The springs act on it through its
 * velocity in the next steps. It is moved by Δt v' and then onto the surface of the shape at t₁
 * along the normal; its relative velocity is turned into the tangent plane there (its length
 * kept). A particle held because it would cross a shape also leaves the step on the surface: the
 * prediction says it reaches it within the step. It rebounds along the normal with
 * <pre>
 *   v_n = e √(v_n,0² + 2 g_n d)        (v_n,0 its arrival normal speed, d the gap closed, g_n = −g·n)
 * </pre>
 * the speed it would have reached at the surface in free fall, times the restitution e: a single
 * particle dropped from height H onto the ground bounces to e² H.
 *
 * <p>On a fixed shape the contact never gives energy: when the kinetic energy given back, plus the
 * change of the elastic and gravitational energies the moves caused, exceeds the kinetic energy
 * removed, the held particles' velocities are scaled down by one common factor to make up the
 * difference, and if that is not enough the moves are undone (the particles stay outside, where
 * they were held). A moving shape pushes: the particles are always put on its surface and the work
 * it does on them (possibly energy given) is counted exactly.
 *
 * <p>A particle sliding on a frictionless sphere is held as long as its prediction enters the
 * sphere: moving along the tangent takes it Δt² v² / (2R) outward, gravity ½ Δt² g cos θ inward,
 * so it is held while g cos θ &gt; v² / R, exactly while the normal force the sphere must push
 * with is positive; it leaves the surface where the closed form says it does.
 *
 * <h2>Any particle that still entered a shape</h2>
 * A free particle inside a shape after the step (it started inside, or the last attempt missed
 * it) is put back on the surface and given the impulse on its relative velocity
 * <pre>
 *   v_n ← −e v_n  if v_n &lt; 0,      |v_t| ← max(0, |v_t| − μ (1 + e) |v_n|)
 * </pre>
 * and the energy this correction changes (kinetic, gravitational and elastic, exactly) is the
 * contact's; on fixed shapes, if the correction added energy, it is taken back from those
 * particles' kinetic energy as far as it goes.
 *
 * <h2>Energy</h2>
 * {@link #step} returns the energy the contact removed in the step, in J:
 * <pre>
 *   W_c = ½ m |v₀|² (held) − ½ m |v'|² (slip and rebound) − ΔU(moves) − ΔE(corrections)
 * </pre>
 * It is the exact difference between the energy with and without the contact's changes, so adding
 * it to the dissipated work keeps K + U_el + U_g + W_d a measure of the integrator alone. On fixed
 * shapes W_c ≥ 0 for the held particles: the contact never gives energy. The workspace is created
 * once per system size: a step allocates nothing.
 */
final class Contact {

    /** How many times a step is taken at most: again when it took a particle not held into a shape. */
    static final int ATTEMPTS = 3;
    /** How far inside a shape a particle may start and still count as on its surface (round-off); in m. */
    static final double ON_SURFACE = 1e-9;
    /** The margin kept when scaling velocities to give no energy, relative (round-off). */
    private static final double SAFETY = 1e-12;

    /** The shapes of this step: the ground, then the sphere. */
    private final Obstacle[] shapes = new Obstacle[2];
    private int shapeCount;
    /** Whether any shape of this step moves. */
    private boolean moving;

    /** Forces at the start of the step; 3n, in N. */
    private double[] force = new double[0];
    /** Positions before a move, to measure its energy change or undo it; 3n, in m. */
    private double[] before = new double[0];
    /** Start positions and velocities, to take the step again when a contact was missed; 3n. */
    private double[] startX = new double[0];
    private double[] startV = new double[0];
    /** Whether particle i is held during this step. */
    private boolean[] held = new boolean[0];
    /** The shape that holds particle i (an index into {@link #shapes}). */
    private int[] holder = new int[0];
    /** The normal speed particle i arrived with when it was held; in m/s, at least 0. */
    private double[] arrival = new double[0];
    /** The velocity v' a held particle leaves the step with before its rebound; 3n, in m/s. */
    private double[] slip = new double[0];
    /** Whether particle i was put back on a surface after this step. */
    private boolean[] corrected = new boolean[0];
    /** The number of particles held in this step. */
    private int heldCount;
    /** The kinetic energy the held particles lost when they were stopped; in J. */
    private double stopped;
    /** Scratch vectors: a normal and a surface velocity. */
    private final double[] nrm = new double[3];
    private final double[] vel = new double[3];

    /** The particles in contact after the last step (held, or put back on a surface). */
    private int contacts;
    /** The deepest penetration into a shape after the last step; in m, 0 if none. */
    private double penetration;

    /** {@link #step(MassSpringSystem, Integrator, double, double)} at t = 0 (for fixed shapes). */
    double step(MassSpringSystem s, Integrator integrator, double dt) {
        return step(s, integrator, dt, 0);
    }

    /**
     * Takes one step of {@code integrator} with the contacts as constraints, and resolves the
     * particles that still entered a shape.
     *
     * @param s the system, updated in place
     * @param integrator the method
     * @param dt Δt, in s
     * @param t the time at the start of the step, in s (where a moving shape is)
     * @return W_c, the energy the contact removed in this step, in J (0 without obstacles)
     */
    double step(MassSpringSystem s, Integrator integrator, double dt, double t) {
        shapeCount = 0;
        if (s.ground() != null) {
            shapes[shapeCount++] = s.ground();
        }
        if (s.sphere() != null) {
            shapes[shapeCount++] = s.sphere();
        }
        if (shapeCount == 0) {
            integrator.step(s, dt);
            contacts = 0;
            penetration = 0;
            return 0;
        }
        moving = false;
        for (int k = 0; k < shapeCount; k++) {
            moving |= shapes[k].moves();
        }
        double t1 = t + dt;
        ensure(s.particleCount());
        boolean near = select(s, dt, t, t1);
        if (near) {
            System.arraycopy(s.x, 0, startX, 0, startX.length);
            System.arraycopy(s.v, 0, startV, 0, startV.length);
        }
        double removed;
        for (int attempt = 1;; attempt++) {
            removed = pinHeld(s, t1);
            try {
                integrator.step(s, dt);
            } finally {
                release(s);
            }
            if (!near || attempt >= ATTEMPTS || !holdMissed(s, dt, t, t1)) {
                break;
            }
            System.arraycopy(startX, 0, s.x, 0, startX.length);
            System.arraycopy(startV, 0, s.v, 0, startV.length);
            s.touch();
        }
        if (heldCount > 0) {
            removed += land(s, dt, t1);
        }
        removed += correct(s, t1);
        measure(s, t1);
        return removed;
    }

    /** The number of particles in contact after the last step: held, or put back on a surface. */
    int contacts() {
        return contacts;
    }

    /** The deepest penetration of any particle into a shape after the last step; in m, 0 if none. */
    double penetration() {
        return penetration;
    }

    private void ensure(int n) {
        if (held.length != n) {
            force = new double[3 * n];
            before = new double[3 * n];
            startX = new double[3 * n];
            startV = new double[3 * n];
            held = new boolean[n];
            holder = new int[n];
            arrival = new double[n];
            slip = new double[3 * n];
            corrected = new boolean[n];
        }
    }

    /**
     * Decides which particles are held from the prediction; returns whether any free particle is
     * near enough to a shape to touch it in this step.
     */
    private boolean select(MassSpringSystem s, double dt, double t, double t1) {
        final double[] x = s.x;
        final double[] v = s.v;
        final double[] mass = s.massArray();
        heldCount = 0;
        Arrays.fill(held, false);
        if (!anyWithinReach(s, dt, t1)) {
            return false;
        }
        Forces.compute(s, x, v, force);
        for (int i = 0; i < s.particleCount(); i++) {
            if (s.isPinned(i)) {
                continue;
            }
            int q = 3 * i;
            double px = x[q] + dt * (v[q] + 0.5 * dt * force[q] / mass[i]);
            double py = x[q + 1] + dt * (v[q + 1] + 0.5 * dt * force[q + 1] / mass[i]);
            double pz = x[q + 2] + dt * (v[q + 2] + 0.5 * dt * force[q + 2] / mass[i]);
            for (int k = 0; k < shapeCount; k++) {
                Obstacle o = shapes[k];
                if (o.gap(x[q], x[q + 1], x[q + 2], t) >= -ON_SURFACE && o.gap(px, py, pz, t1) < 0) {
                    hold(s, i, k, x, v, dt, t1);
                    break;
                }
            }
        }
        return true;
    }

    /**
     * Marks particle i as held by shape k and works out the velocity v' it leaves the step with
     * (xs, vs: its start position and velocity).
     */
    private void hold(MassSpringSystem s, int i, int k, double[] xs, double[] vs, double dt, double t1) {
        int q = 3 * i;
        Obstacle o = shapes[k];
        o.normal(xs, q, t1, nrm);
        o.surfaceVelocity(t1, vel);
        double m = s.mass(i);
        double wn = 0;
        double an = 0;
        for (int c = 0; c < 3; c++) {
            wn += (vs[q + c] + dt * force[q + c] / m - vel[c]) * nrm[c];
            an += (vs[q + c] + dt * s.gravity(c) - vel[c]) * nrm[c];
        }
        // The curvature's share of the normal velocity: κ v_t² Δt is the centripetal part, which
        // turns the velocity along the surface and presses on nothing.
        double r2 = 0;
        double rn = 0;
        for (int c = 0; c < 3; c++) {
            double r = vs[q + c] - vel[c];
            r2 += r * r;
            rn += r * nrm[c];
        }
        double press = Math.max(0, -wn - dt * o.curvature() * Math.max(0, r2 - rn * rn));
        double at2 = 0;
        for (int c = 0; c < 3; c++) {
            double at = vs[q + c] + dt * s.gravity(c) - vel[c] - an * nrm[c];
            slip[q + c] = at;
            at2 += at * at;
        }
        double vt = Math.sqrt(at2);
        double keep = vt > 0 ? Math.max(0, 1 - o.friction() * press / vt) : 0;
        for (int c = 0; c < 3; c++) {
            slip[q + c] = vel[c] + keep * slip[q + c];
        }
        held[i] = true;
        holder[i] = k;
        heldCount++;
    }

    /**
     * After a step: holds every free particle that ended inside a shape although it was not held
     * (the prediction missed it: the springs or a projection pushed it there) and started the step
     * outside it; returns whether there was any.
     */
    private boolean holdMissed(MassSpringSystem s, double dt, double t, double t1) {
        final double[] x = s.x;
        double truncation = 0.5 * dt * dt * Math.sqrt(s.gravity(0) * s.gravity(0) + s.gravity(1) * s.gravity(1) + s.gravity(2) * s.gravity(2));
        boolean any = false;
        for (int i = 0; i < s.particleCount(); i++) {
            int q = 3 * i;
            if (held[i] || s.isPinned(i)) {
                continue;
            }
            for (int k = 0; k < shapeCount; k++) {
                Obstacle o = shapes[k];
                double allowed = o.curvature() > 0 ? truncation : 0;
                if (o.gap(x[q], x[q + 1], x[q + 2], t1) < -allowed
                        && o.gap(startX[q], startX[q + 1], startX[q + 2], t) >= -ON_SURFACE) {
                    hold(s, i, k, startX, startV, dt, t1);
                    any = true;
                    break;
                }
            }
        }
        return any;
    }

    /** Stops and pins the held particles; returns the kinetic energy removed. */
    private double pinHeld(MassSpringSystem s, double t1) {
        final double[] v = s.v;
        final double[] mass = s.massArray();
        double removed = 0;
        for (int i = 0; i < s.particleCount() && heldCount > 0; i++) {
            if (!held[i]) {
                continue;
            }
            int q = 3 * i;
            removed += 0.5 * mass[i] * (v[q] * v[q] + v[q + 1] * v[q + 1] + v[q + 2] * v[q + 2]);
            Obstacle o = shapes[holder[i]];
            o.normal(s.x, q, t1, nrm);
            o.surfaceVelocity(t1, vel);
            double vn = (v[q] - vel[0]) * nrm[0] + (v[q + 1] - vel[1]) * nrm[1] + (v[q + 2] - vel[2]) * nrm[2];
            arrival[i] = Math.max(0, -vn);
            s.setPinned(i, true);
        }
        stopped = removed;
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
     * Whether a free particle might reach a shape in this step: within twice its own travel plus
     * a margin for an acceleration of 100 g (a wider test than needed; the prediction decides).
     */
    private boolean anyWithinReach(MassSpringSystem s, double dt, double t1) {
        final double[] x = s.x;
        final double[] v = s.v;
        double g = Math.sqrt(s.gravity(0) * s.gravity(0) + s.gravity(1) * s.gravity(1) + s.gravity(2) * s.gravity(2));
        double margin = 100 * Math.max(g, 1.0) * dt * dt;
        for (int i = 0; i < s.particleCount(); i++) {
            int q = 3 * i;
            if (s.isPinned(i)) {
                continue;
            }
            double speed = Math.sqrt(v[q] * v[q] + v[q + 1] * v[q + 1] + v[q + 2] * v[q + 2]);
            for (int k = 0; k < shapeCount; k++) {
                if (shapes[k].gap(x[q], x[q + 1], x[q + 2], t1) < margin + 2 * dt * speed) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Moves the held particles by Δt v' and onto their shape's surface, gives them v' turned into
     * the tangent plane and their rebound, and keeps the contact from giving energy on fixed
     * shapes; returns the energy removed after the stop.
     */
    private double land(MassSpringSystem s, double dt, double t1) {
        final int n = s.particleCount();
        final double[] x = s.x;
        final double[] v = s.v;
        final double[] mass = s.massArray();
        System.arraycopy(x, 0, before, 0, x.length);
        boolean moved = false;
        double gravityChange = 0;
        double given = 0;
        for (int i = 0; i < n; i++) {
            if (!held[i]) {
                continue;
            }
            int q = 3 * i;
            Obstacle o = shapes[holder[i]];
            double closed = Math.max(0, o.gap(x[q], x[q + 1], x[q + 2], t1));
            for (int c = 0; c < 3; c++) {
                x[q + c] += dt * slip[q + c];
            }
            o.project(x, q, t1);
            o.normal(x, q, t1, nrm);
            o.surfaceVelocity(t1, vel);
            double rn = 0;
            double r2 = 0;
            for (int c = 0; c < 3; c++) {
                double r = slip[q + c] - vel[c];
                rn += r * nrm[c];
                r2 += r * r;
                gravityChange -= mass[i] * s.gravity(c) * (x[q + c] - before[q + c]);
                moved |= x[q + c] != before[q + c];
            }
            double turn = 1;
            if (rn != 0) {
                double t2 = r2 - rn * rn;
                turn = t2 > 0 ? Math.sqrt(r2 / t2) : 0;
            }
            double rebound = 0;
            if (arrival[i] > 0 && o.restitution() > 0) {
                double gn = -(s.gravity(0) * nrm[0] + s.gravity(1) * nrm[1] + s.gravity(2) * nrm[2]);
                rebound = o.restitution() * Math.sqrt(Math.max(0, arrival[i] * arrival[i] + 2 * gn * closed));
            }
            for (int c = 0; c < 3; c++) {
                double r = slip[q + c] - vel[c];
                v[q + c] = rn != 0 ? vel[c] + turn * (r - rn * nrm[c]) + rebound * nrm[c]
                        : slip[q + c] + rebound * nrm[c];
            }
            given += 0.5 * mass[i] * (v[q] * v[q] + v[q + 1] * v[q + 1] + v[q + 2] * v[q + 2]);
        }
        double elasticChange = moved ? Forces.elasticEnergy(s, x) - Forces.elasticEnergy(s, before) : 0;
        double removed = -gravityChange - elasticChange - given;
        if (!moving && stopped + removed < 0) {
            double deficit = -(stopped + removed);
            if (given >= deficit) {
                removed += given - scaleHeld(s, (1 - deficit / given) * (1 - SAFETY));
            } else {
                System.arraycopy(before, 0, x, 0, x.length);
                removed = -given;
                if (given > stopped) {
                    removed = -scaleHeld(s, stopped / given * (1 - SAFETY));
                }
            }
        }
        s.touch();
        return removed;
    }

    /** Scales the held particles' kinetic energy by {@code keep}; returns their kinetic energy after. */
    private double scaleHeld(MassSpringSystem s, double keep) {
        final double[] v = s.v;
        final double[] mass = s.massArray();
        double f = Math.sqrt(Math.max(0, keep));
        double kinetic = 0;
        for (int i = 0; i < s.particleCount(); i++) {
            if (held[i]) {
                int q = 3 * i;
                v[q] *= f;
                v[q + 1] *= f;
                v[q + 2] *= f;
                kinetic += 0.5 * mass[i] * (v[q] * v[q] + v[q + 1] * v[q + 1] + v[q + 2] * v[q + 2]);
            }
        }
        return kinetic;
    }

    /**
     * Takes up to {@code deficit} J of kinetic energy from the particles just put back on a surface,
     * by scaling their velocities by one common factor; returns the energy taken.
     */
    private double absorb(MassSpringSystem s, double deficit) {
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

    /** The shape particle i is deepest inside at t₁, or −1 if it is inside none. */
    private int deepest(double[] x, int q, double t1) {
        int best = -1;
        double depth = 0;
        for (int k = 0; k < shapeCount; k++) {
            double gap = shapes[k].gap(x[q], x[q + 1], x[q + 2], t1);
            if (gap < -ON_SURFACE && gap < depth) {
                depth = gap;
                best = k;
            }
        }
        return best;
    }

    /**
     * Puts every free particle inside a shape back on its surface with the restitution and friction
     * impulse; returns the exact energy the correction removed (negative if it added energy).
     */
    private double correct(MassSpringSystem s, double t1) {
        final int n = s.particleCount();
        final double[] x = s.x;
        final double[] v = s.v;
        final double[] mass = s.massArray();
        Arrays.fill(corrected, false);
        boolean any = false;
        for (int i = 0; i < n && !any; i++) {
            any = !s.isPinned(i) && deepest(x, 3 * i, t1) >= 0;
        }
        if (!any) {
            return 0;
        }
        double elasticBefore = Forces.elasticEnergy(s, x);
        double removed = 0;
        for (int i = 0; i < n; i++) {
            int q = 3 * i;
            int k = s.isPinned(i) ? -1 : deepest(x, q, t1);
            if (k < 0) {
                continue;
            }
            Obstacle o = shapes[k];
            double x0 = x[q];
            double y0 = x[q + 1];
            double z0 = x[q + 2];
            o.project(x, q, t1);
            removed += mass[i] * (s.gravity(0) * (x[q] - x0) + s.gravity(1) * (x[q + 1] - y0) + s.gravity(2) * (x[q + 2] - z0));
            corrected[i] = true;
            o.normal(x, q, t1, nrm);
            o.surfaceVelocity(t1, vel);
            double vn = 0;
            for (int c = 0; c < 3; c++) {
                vn += (v[q + c] - vel[c]) * nrm[c];
            }
            if (vn >= 0) {
                continue;
            }
            double kineticBefore = v[q] * v[q] + v[q + 1] * v[q + 1] + v[q + 2] * v[q + 2];
            double dvn = (1 + o.restitution()) * -vn;
            double vt2 = 0;
            for (int c = 0; c < 3; c++) {
                double rt = v[q + c] - vel[c] - vn * nrm[c];
                vt2 += rt * rt;
            }
            double vt = Math.sqrt(vt2);
            double scale = vt <= o.friction() * dvn ? 0 : 1 - o.friction() * dvn / vt;
            for (int c = 0; c < 3; c++) {
                double rt = v[q + c] - vel[c] - vn * nrm[c];
                v[q + c] = vel[c] + scale * rt - o.restitution() * vn * nrm[c];
            }
            double kineticAfter = v[q] * v[q] + v[q + 1] * v[q + 1] + v[q + 2] * v[q + 2];
            removed += 0.5 * mass[i] * (kineticBefore - kineticAfter);
        }
        removed -= Forces.elasticEnergy(s, x) - elasticBefore;
        if (removed < 0 && !moving) {
            removed += absorb(s, -removed);
        }
        s.touch();
        return removed;
    }

    /**
     * The deepest any particle of s is inside its ground or sphere at time t; in m, 0 if none (for
     * a state no step has resolved yet).
     */
    static double penetration(MassSpringSystem s, double t) {
        double deepestGap = 0;
        for (int i = 0; i < s.particleCount(); i++) {
            int q = 3 * i;
            if (s.ground() != null) {
                deepestGap = Math.min(deepestGap, s.ground().gap(s.x[q], s.x[q + 1], s.x[q + 2], t));
            }
            if (s.sphere() != null) {
                deepestGap = Math.min(deepestGap, s.sphere().gap(s.x[q], s.x[q + 1], s.x[q + 2], t));
            }
        }
        return -deepestGap;
    }

    /** Counts the particles in contact and measures the deepest penetration at t₁. */
    private void measure(MassSpringSystem s, double t1) {
        final double[] x = s.x;
        int count = 0;
        double deepestGap = 0;
        for (int i = 0; i < s.particleCount(); i++) {
            int q = 3 * i;
            if (held[i] || corrected[i]) {
                count++;
            }
            for (int k = 0; k < shapeCount; k++) {
                deepestGap = Math.min(deepestGap, shapes[k].gap(x[q], x[q + 1], x[q + 2], t1));
            }
        }
        contacts = count;
        penetration = -deepestGap;
    }
}
