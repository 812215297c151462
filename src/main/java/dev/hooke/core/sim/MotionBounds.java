package dev.hooke.core.sim;

import dev.hooke.core.integrate.Integrator;
import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.model.Sphere;
import dev.hooke.core.observe.Observables;
import dev.hooke.core.scene.SceneFile;
import dev.hooke.core.scene.SceneFraming;
import dev.hooke.core.stability.StabilityAnalysis;

/**
 * The box that a scene's particles sweep while it runs, found by running it: what a view must
 * keep in sight to show the whole motion (the rope that falls and swings below its pin, the
 * cloth that drops from its pins, the cube that lands on the ground).
 *
 * <p>{@link #of} builds the scene afresh and steps it with its own integrator and Δt for a horizon,
 * recording the axis-aligned box of every particle after every step, together with the ground
 * plane's height and the sphere (over its whole orbit) when there are. It stops early at the horizon, at a budget of particle-steps
 * or of time (so a 100 × 100 cloth costs what a small scene does), at an explosion, or once the
 * energy of motion that is not free flight, U_el + K − ½|p|²/M, passes a cap: what follows is a
 * blow-up the view is not meant to follow, and the box keeps the motion before it. It also stops
 * once a particle leaves the {@linkplain #reach region within reach} of the start ({@value #REACH}
 * times the start box's largest extent on every side): a cloth with nothing below it falls 4.4 km
 * in 30 s, and a box that held that fall would show the cloth as a speck; the view frames its
 * first metres and lets it fall out of sight.
 *
 * <p>The cap is {@value #MAX_ENERGY_GROWTH} times the simulation's own energy scale
 * ({@link Simulation#energyScale()}, which includes what gravity can feed in) when the method is
 * stable at its Δt ({@link StabilityAnalysis#predictedLimit}). When it is not, the scene is first
 * run with velocity Verlet at half that method's own limit: the motion the scene has when stepped
 * stably, which is what a class watches before the explosion. The scene's own method is then
 * followed while its energy of motion stays below {@value #UNSTABLE_GROWTH} times the largest the
 * stable run reached (its amplitude up to twice the stable one's), so that the growth is seen and
 * the blow-up is not framed; the box holds both runs.
 *
 * <p>{@link #of} also records the particle positions that reach furthest out of the view the scene is
 * first seen from ({@link #seen()}): the points whose images bound the motion's image, where the
 * corners of the axis-aligned box of a cloth seen obliquely project far beyond anything the cloth
 * reaches.
 *
 * @param minX       the box, in m (engine coordinates, y up)
 * @param minY       the box, in m
 * @param minZ       the box, in m
 * @param maxX       the box, in m
 * @param maxY       the box, in m
 * @param maxZ       the box, in m
 * @param seconds    the simulated time the box covers; in s
 * @param energyCap  the energy of motion up to which the scene's own method was followed; in J
 * @param leftReach  whether the motion was followed until a particle left the region within reach
 * @param seen       the positions that bound the motion's image in the view it is first seen from,
 *                   or null (a box not found by running)
 */
public record MotionBounds(double minX, double minY, double minZ, double maxX, double maxY, double maxZ,
                           double seconds, double energyCap, boolean leftReach, Seen seen) {

    /** A box without the positions that bound its image in a view. */
    public MotionBounds(double minX, double minY, double minZ, double maxX, double maxY, double maxZ,
                        double seconds, double energyCap, boolean leftReach) {
        this(minX, minY, minZ, maxX, maxY, maxZ, seconds, energyCap, leftReach, null);
    }

    /**
     * The positions a motion reached that are furthest out along the directions that bound its
     * image in a view: seen by a camera turned by {@code yaw} about the vertical and looking down by
     * {@code pitch}, as the workbench's orbit camera is ({@code R = R_y(yaw) R_x(−pitch)} in view
     * coordinates, which are the engine's with y and z negated), whose axes in engine coordinates are
     * <pre>
     *   right   = ( cos ψ,         0,      sin ψ       )
     *   down    = (−sin ψ sin θ,  −cos θ,  cos ψ sin θ )
     *   forward = ( sin ψ cos θ,  −sin θ, −cos ψ cos θ )      ψ = yaw, θ = pitch
     * </pre>
     * A point p at depth D + p·forward lands at x = p·right / (D + p·forward) across the view; it
     * reaches furthest right where p·(right − x·forward) is largest, so the motion's image is
     * bounded by the points extreme along ±right − a·forward and ±down − a·forward for the
     * slopes a an image spans ({@link #SLOPES}, {@link #DOWN_SLOPES}). Those are points the motion
     * reached, taken every {@value #STRIDE} steps: the view that fits them fits the motion, to the
     * spacing of the slopes.
     *
     * @param yaw    ψ; in degrees
     * @param pitch  θ; in degrees
     * @param points the extreme positions, {@code 3*i+k}, engine coordinates; in m
     */
    public record Seen(double yaw, double pitch, double[] points) {

        /**
         * The slopes a of the directions ±right − a·forward: an image's half-width in units of the
         * distance, up to 0.5 (a box filling 0.7 of a 2.7 : 1 view's width with a 30° camera).
         */
        public static final double[] SLOPES = slopes(0.5, 0.1);
        /**
         * The slopes a of the directions ±down − a·forward: up to 0.25 (0.9 of a 30° camera's
         * half-height, tan 15° = 0.27), at a finer spacing, for the height binds most views.
         */
        public static final double[] DOWN_SLOPES = slopes(0.25, 0.05);
        /** Every how many steps the extremes are taken (the motion in a few steps is a tiny part of a view). */
        static final int STRIDE = 8;

        /** The view's axes, {@code 3*k+j}: component j of right (k = 0), down (1) and forward (2); in engine coordinates. */
        public static double[] axes(double yaw, double pitch) {
            double[] out = new double[9];
            axes(yaw, pitch, out);
            return out;
        }

        /** As {@link #axes(double, double)}, into {@code out} (9 entries). */
        public static void axes(double yaw, double pitch, double[] out) {
            double cy = Math.cos(Math.toRadians(yaw));
            double sy = Math.sin(Math.toRadians(yaw));
            double cp = Math.cos(Math.toRadians(pitch));
            double sp = Math.sin(Math.toRadians(pitch));
            out[0] = cy;
            out[1] = 0;
            out[2] = sy;
            out[3] = -sy * sp;
            out[4] = -cp;
            out[5] = cy * sp;
            out[6] = sy * cp;
            out[7] = -sp;
            out[8] = -cy * cp;
        }

        /** −most, −most + step, … most. */
        private static double[] slopes(double most, double step) {
            int n = (int) Math.round(most / step);
            double[] out = new double[2 * n + 1];
            for (int i = 0; i < out.length; i++) {
                out[i] = (i - n) * step;
            }
            return out;
        }

        /** The copy of {@code points} is the record's own. */
        public Seen {
            points = points.clone();
        }

        /** The extreme positions, {@code 3*i+k}; a copy. */
        @Override
        public double[] points() {
            return points.clone();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Seen other && yaw == other.yaw && pitch == other.pitch
                    && java.util.Arrays.equals(points, other.points);
        }

        @Override
        public int hashCode() {
            return java.util.Objects.hash(yaw, pitch, java.util.Arrays.hashCode(points));
        }

        @Override
        public String toString() {
            return "Seen[yaw=" + yaw + ", pitch=" + pitch + ", " + points.length / 3 + " points]";
        }
    }

    /** The simulated time looked ahead by default (as long as a lesson's longest run); in s. */
    public static final double HORIZON = 30.0;
    /** The particle-steps spent at most by default. */
    public static final long BUDGET = 2_000_000;
    /** The time spent at most by default; in s of wall clock. */
    public static final double TIME_BUDGET = 1.0;
    /** The growth of the energy of motion, over the energy scale, past which a stable run is a blow-up. */
    public static final double MAX_ENERGY_GROWTH = 10;
    /** The growth of an unstable run's energy of motion, over the stable run's largest, that is followed. */
    public static final double UNSTABLE_GROWTH = 4;

    /** How far the motion is followed beyond the start box, in multiples of its largest extent. */
    public static final double REACH = 2.0;

    /**
     * The region within reach of a system's start: its box as it is ({@link #atStart}) widened on
     * every side by {@value #REACH} times its largest extent. The motion is followed until a
     * particle leaves it.
     */
    public static MotionBounds reach(MassSpringSystem system) {
        MotionBounds b = atStart(system);
        double extent = Math.max(b.maxX - b.minX, Math.max(b.maxY - b.minY, b.maxZ - b.minZ));
        double d = REACH * (extent > 0 ? extent : 1.0);
        return new MotionBounds(b.minX - d, b.minY - d, b.minZ - d, b.maxX + d, b.maxY + d, b.maxZ + d, 0, b.energyCap,
                false);
    }

    /** Whether every particle of {@code x} ({@code 3*i+k}) lies in the box. */
    public boolean holds(double[] x) {
        for (int q = 0; q + 2 < x.length; q += 3) {
            if (!contains(x[q], x[q + 1], x[q + 2], 0)) {
                return false;
            }
        }
        return true;
    }

    /** The box around a system as it is (and its ground plane), covering no time. */
    public static MotionBounds atStart(MassSpringSystem system) {
        double[] box = empty();
        include(box, system.x);
        if (system.ground() != null) {
            box[1] = Math.min(box[1], system.ground().height());
        }
        Sphere sphere = system.sphere();
        if (sphere != null) {
            // the whole sphere, wherever its orbit c + ρ(sin ωt, 0, 1 − cos ωt) takes it
            double r = sphere.radius();
            double rho = sphere.orbitRadius();
            include(box, new double[] {sphere.cx() - rho - r, sphere.cy() - r, sphere.cz() - r,
                sphere.cx() + rho + r, sphere.cy() + r, sphere.cz() + 2 * rho + r});
        }
        return box(box, 0, Double.POSITIVE_INFINITY, false);
    }

    /** The box swept over {@link #HORIZON} within {@link #BUDGET} and {@link #TIME_BUDGET}. */
    public static MotionBounds of(SceneFile scene) {
        return of(scene, HORIZON, BUDGET, TIME_BUDGET);
    }

    /** As {@link #of(SceneFile, double, long, double)} without a limit of time. */
    public static MotionBounds of(SceneFile scene, double horizon, long budget) {
        return of(scene, horizon, budget, Double.POSITIVE_INFINITY);
    }

    /**
     * The box the scene's particles sweep, found by running it.
     *
     * @param scene   what runs
     * @param horizon the simulated time to look ahead; in s
     * @param budget  the particle-steps to spend at most
     * @param seconds the wall-clock time to spend at most; in s
     */
    public static MotionBounds of(SceneFile scene, double horizon, long budget, double seconds) {
        long deadline = System.nanoTime() + (long) Math.min(1e15, seconds * 1e9);
        MassSpringSystem system = scene.build();
        MotionBounds start = atStart(system);
        MotionBounds reach = reach(system);
        SceneFraming direction = scene.type().recipe().framing(scene.spec());
        // the axis-aligned box, then per direction of Seen the furthest value and the point that reached it
        double[] box = {start.minX, start.minY, start.minZ, start.maxX, start.maxY, start.maxZ};
        Extremes seen = new Extremes(direction.yaw(), direction.pitch());
        seen.include(system.x);
        if (system.ground() != null) {
            // the ground under the mesh, which the axis-aligned box reaches down to
            double[] shadow = system.x.clone();
            for (int q = 1; q < shadow.length; q += 3) {
                shadow[q] = system.ground().height();
            }
            seen.include(shadow);
        }
        if (system.sphere() != null) {
            double[] corners = new double[24];
            for (int i = 0; i < 8; i++) {
                corners[3 * i] = (i & 1) == 0 ? start.minX : start.maxX;
                corners[3 * i + 1] = (i & 2) == 0 ? start.minY : start.maxY;
                corners[3 * i + 2] = (i & 4) == 0 ? start.minZ : start.maxZ;
            }
            seen.include(corners);
        }
        Integrator own = scene.createIntegrator();
        if (StabilityAnalysis.predictedLimit(system, own).isStable(scene.dt())) {
            Simulation sim = new Simulation(system, own, scene.dt());
            double[] largest = new double[2];
            double covered = follow(sim, box, seen, reach, MAX_ENERGY_GROWTH * sim.energyScale(), horizon, budget,
                    deadline, largest);
            return box(box, covered, MAX_ENERGY_GROWTH * sim.energyScale(), largest[1] > 0, seen.seen(direction));
        }
        Integrator verlet = scene.createIntegrator(IntegratorKind.VELOCITY_VERLET);
        double h = scene.dt();
        double verletLimit = StabilityAnalysis.predictedLimit(system, verlet).dtMax();
        if (verletLimit > 0 && verletLimit < Double.POSITIVE_INFINITY) {
            h = Math.min(h, 0.5 * verletLimit);
        }
        Simulation stable = new Simulation(system, verlet, h);
        double[] largest = {motionEnergy(stable), 0};
        double covered = follow(stable, box, seen, reach, MAX_ENERGY_GROWTH * stable.energyScale(), horizon,
                budget / 2, deadline, largest);
        double cap = UNSTABLE_GROWTH * Math.max(largest[0], 1e-6 * stable.energyScale());
        follow(new Simulation(scene.build(), own, scene.dt()), box, seen, reach, cap, horizon, budget / 2, deadline);
        return box(box, covered, cap, largest[1] > 0, seen.seen(direction));
    }

    /**
     * Steps sim until the horizon, the budget, the deadline, an explosion, the cap or a particle
     * out of reach; returns the time covered. {@code largest} gets the largest energy of motion
     * followed, and 1 in its second entry when a particle left reach.
     */
    private static double follow(Simulation sim, double[] box, Extremes seen, MotionBounds reach, double cap,
                                 double horizon, long budget, long deadline) {
        return follow(sim, box, seen, reach, cap, horizon, budget, deadline, new double[2]);
    }

    private static double follow(Simulation sim, double[] box, Extremes seen, MotionBounds reach, double cap,
                                 double horizon, long budget, long deadline, double[] largest) {
        MassSpringSystem s = sim.system();
        long steps = Math.min((long) Math.ceil(horizon / sim.dt()), budget / Math.max(1, s.particleCount()));
        double covered = 0;
        for (long n = 0; n < steps; n++) {
            if (!sim.step() || System.nanoTime() - deadline > 0) {
                break;
            }
            double e = motionEnergy(sim);
            if (!reach.holds(s.x)) {
                largest[1] = 1;
                break;
            }
            if (!(e <= cap)) {
                break;
            }
            largest[0] = Math.max(largest[0], e);
            include(box, s.x);
            if (n % Seen.STRIDE == 0) {
                seen.include(s.x);
            }
            covered = sim.time();
        }
        return covered;
    }

    /** U_el + K − ½|p|²/M: the energy of motion that is not free flight; in J. */
    public static double motionEnergy(Simulation sim) {
        Observables o = sim.observables();
        return o.elastic + o.internalKinetic;
    }

    /** The centre of the box, x; in m. */
    public double centreX() {
        return 0.5 * (minX + maxX);
    }

    /** The centre of the box, y; in m. */
    public double centreY() {
        return 0.5 * (minY + maxY);
    }

    /** The centre of the box, z; in m. */
    public double centreZ() {
        return 0.5 * (minZ + maxZ);
    }

    /** Whether the point lies in the box, widened by {@code margin} on every side. */
    public boolean contains(double x, double y, double z, double margin) {
        return x >= minX - margin && x <= maxX + margin && y >= minY - margin && y <= maxY + margin
                && z >= minZ - margin && z <= maxZ + margin;
    }

    private static double[] empty() {
        double inf = Double.POSITIVE_INFINITY;
        return new double[] {inf, inf, inf, -inf, -inf, -inf};
    }

    private static void include(double[] box, double[] x) {
        for (int q = 0; q + 2 < x.length; q += 3) {
            for (int k = 0; k < 3; k++) {
                double v = x[q + k];
                if (Double.isFinite(v)) {
                    box[k] = Math.min(box[k], v);
                    box[3 + k] = Math.max(box[3 + k], v);
                }
            }
        }
    }

    /**
     * The furthest value along each direction of {@link Seen}, and the point that reached it. A
     * direction is s·axis − a·forward (axis right or down, s = ±1), so a point's value along it is
     * s·(p·axis) − a·(p·forward): three dot products a point, then a multiply-add a direction.
     */
    private static final class Extremes {
        private final double[] axes;
        private final double[] best;
        private final double[] points;

        Extremes(double yaw, double pitch) {
            axes = Seen.axes(yaw, pitch);
            best = new double[2 * (Seen.SLOPES.length + Seen.DOWN_SLOPES.length)];
            java.util.Arrays.fill(best, Double.NEGATIVE_INFINITY);
            points = new double[3 * best.length];
        }

        /** Takes in the finite points of {@code x} ({@code 3*i+k}). */
        void include(double[] x) {
            double[] a = axes;
            for (int q = 0; q + 2 < x.length; q += 3) {
                double px = x[q];
                double py = x[q + 1];
                double pz = x[q + 2];
                if (!(Double.isFinite(px) && Double.isFinite(py) && Double.isFinite(pz))) {
                    continue;
                }
                double right = a[0] * px + a[1] * py + a[2] * pz;
                double down = a[3] * px + a[4] * py + a[5] * pz;
                double forward = a[6] * px + a[7] * py + a[8] * pz;
                int d = 0;
                for (double slope : Seen.SLOPES) {
                    double f = slope * forward;
                    take(d++, right - f, px, py, pz);
                    take(d++, -right - f, px, py, pz);
                }
                for (double slope : Seen.DOWN_SLOPES) {
                    double f = slope * forward;
                    take(d++, down - f, px, py, pz);
                    take(d++, -down - f, px, py, pz);
                }
            }
        }

        private void take(int d, double t, double px, double py, double pz) {
            if (t > best[d]) {
                best[d] = t;
                points[3 * d] = px;
                points[3 * d + 1] = py;
                points[3 * d + 2] = pz;
            }
        }

        /** The points found, for the view from {@code direction}; null when none was. */
        Seen seen(SceneFraming direction) {
            return best[0] > Double.NEGATIVE_INFINITY ? new Seen(direction.yaw(), direction.pitch(), points) : null;
        }
    }

    private static MotionBounds box(double[] b, double seconds, double energyCap, boolean leftReach) {
        return box(b, seconds, energyCap, leftReach, null);
    }

    private static MotionBounds box(double[] b, double seconds, double energyCap, boolean leftReach, Seen seen) {
        if (!(b[0] <= b[3])) {
            return new MotionBounds(-1, -1, -1, 1, 1, 1, seconds, energyCap, leftReach);
        }
        return new MotionBounds(b[0], b[1], b[2], b[3], b[4], b[5], seconds, energyCap, leftReach, seen);
    }
}
