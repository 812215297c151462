package dev.hooke.core.force;

import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.parallel.SpringPartition;
import dev.hooke.core.parallel.Team;

/**
 * {@link Forces#compute} for an integrator that evaluates forces every step: the same force model
 * and formulas, the springs taken in the order of a {@link SpringPartition}, its parts on a
 * {@link Team} of threads when the system is large enough to gain from it.
 * <pre>
 *   f_i = m_i g − c v_i                                              (every particle)
 *   f_a += k_s (l − L) n + k_d ((v_b − v_a)·n) n,   f_b −= the same    (parts, then boundary springs)
 * </pre>
 * then the {@link Wind} on a cloth's triangles, on the calling thread.
 * The spring term is computed as (k_s − k_s L / l) d with d = x_b − x_a, without forming n = d / l
 * ({@link SpringGeometry#addForce}): one square root and one division per undamped spring, three
 * multiplications fewer than through n; measured 0.50 → 0.40 ms per evaluation on the benchmark's
 * 100 × 100 cloth, one thread, both forms alternating in one run.
 * The result is the same bit for bit with any number of threads, and equal to
 * {@link Forces#compute} up to round-off (relative 10⁻¹⁵: the order of the additions).
 *
 * <p>The same pass sums the damping power P_d = Σ k_d ((v_b − v_a)·n)² + Σ c |v_i|² (free particles)
 * of {@link Forces#dampingPower}, part by part and then over the parts in order, so that it too is
 * the same with any number of threads: {@link #dampingPower()}. The wind's power on the free
 * particles, P_w = Σ F_wind,i·v_i, comes apart ({@link #windPower()}): a wind can feed energy in,
 * and its work is an observable of its own.
 *
 * <p>Below {@link Team#PARALLEL_MIN_SPRINGS} springs the parts run on the calling thread. Nothing allocates after
 * the first call for a system (the team's threads start on the first parallel call).
 */
public final class ForceEvaluator {

    private int threads = Team.defaultSize();
    private Team team;
    private MassSpringSystem seen;
    private SpringPartition partition;
    private final Job job = new Job();
    private double power;
    private double windPower;

    /** The number of threads to use, 1 … {@link Team#MAX_SIZE}. */
    public void setThreads(int count) {
        if (count < 1 || count > Team.MAX_SIZE) {
            throw new IllegalArgumentException("threads: must be from 1 to " + Team.MAX_SIZE + ", got " + count);
        }
        threads = count;
    }

    /** The number of threads it may use. */
    public int threads() {
        return threads;
    }

    /** The partition for s (made on first use for a system). */
    public SpringPartition partition(MassSpringSystem s) {
        if (s != seen || partition == null || !partition.fits(s)) {
            partition = new SpringPartition(s);
            seen = s;
        }
        return partition;
    }

    /** The team for s: null when s is evaluated on the calling thread. */
    public Team team(MassSpringSystem s) {
        if (threads == 1 || s.springCount() < Team.PARALLEL_MIN_SPRINGS) {
            return null;
        }
        if (team == null || team.size() != threads) {
            team = new Team(threads);
        }
        return team;
    }

    /**
     * F(x, v) for every particle, pinned ones included, as {@link Forces#compute}.
     *
     * @param out forces, in N; overwritten
     */
    public void compute(MassSpringSystem s, double[] x, double[] v, double[] out) {
        SpringPartition p = partition(s);
        Team t = team(s);
        job.set(s, p, x, v, out);
        if (t == null) {
            job.run(0, 1);
        } else {
            t.run(job);
        }
        job.boundary();
        double sum = 0;
        for (double partPower : job.power) {
            sum += partPower;
        }
        power = sum;
        job.clear();
        windPower = s.wind() != null ? WindForce.addForces(s.wind(), s, x, v, out) : 0;
    }

    /** P_d, the damping power at the (x, v) of the last {@link #compute}; in W (the wind's is apart: {@link #windPower()}). */
    public double dampingPower() {
        return power;
    }

    /**
     * P_w, the power the wind delivered to the free particles at the (x, v) of the last
     * {@link #compute} ({@link Wind#addForces}); in W, of either sign, 0 without a wind.
     */
    public double windPower() {
        return windPower;
    }

    /** The parts' work, and the boundary springs afterwards on the caller. */
    private static final class Job implements Team.Job {
        private MassSpringSystem s;
        private SpringPartition p;
        private double[] x;
        private double[] v;
        private double[] out;
        /** The damping power of each part's particles and springs, and of the boundary springs last. */
        final double[] power = new double[SpringPartition.PARTS + 1];

        void set(MassSpringSystem sys, SpringPartition part, double[] xs, double[] vs, double[] fs) {
            s = sys;
            p = part;
            x = xs;
            v = vs;
            out = fs;
        }

        void clear() {
            s = null;
            x = null;
            v = null;
            out = null;
        }

        @Override
        public void run(int member, int members) {
            for (int c = Team.firstPart(member, members); c < Team.endPart(member, members); c++) {
                power[c] = nodes(p.nodeStart(c), p.nodeStart(c + 1)) + springs(c, p.firstSpring(c), p.endSpring(c));
            }
        }

        void boundary() {
            final int[] order = p.orderArray();
            double sum = 0;
            for (int k = p.springStart(SpringPartition.PARTS); k < p.springCount(); k++) {
                int sp = order[k];
                sum += springs(SpringPartition.PARTS, sp, sp + 1);
            }
            power[SpringPartition.PARTS] = sum;
        }

        /** Gravity and air damping of particles [from, to); returns their air-damping power. */
        private double nodes(int from, int to) {
            final double[] mass = s.massArray();
            final double[] invMass = s.inverseMassArray();
            final double gx = s.gravity(0);
            final double gy = s.gravity(1);
            final double gz = s.gravity(2);
            final double c = s.airDamping();
            final double[] f = out;
            final double[] vel = v;
            double speeds = 0;
            for (int i = from; i < to; i++) {
                int q = 3 * i;
                double m = mass[i];
                f[q] = m * gx - c * vel[q];
                f[q + 1] = m * gy - c * vel[q + 1];
                f[q + 2] = m * gz - c * vel[q + 2];
                if (invMass[i] != 0) {
                    speeds += vel[q] * vel[q] + vel[q + 1] * vel[q + 1] + vel[q + 2] * vel[q + 2];
                }
            }
            return c > 0 ? c * speeds : 0;
        }

        /**
         * The springs of group c among the indices [from, to), in index order
         * ({@link SpringGeometry#addForce}); returns their damping power.
         */
        private double springs(int c, int from, int to) {
            final byte[] group = p.groupArray();
            final int[] sa = s.springAArray();
            final int[] sb = s.springBArray();
            final double[] ks = s.stiffnessArray();
            final double[] rest = s.restLengthArray();
            final double[] damping = s.springDampingArray();
            final double[] pos = x;
            final double[] vel = v;
            final double[] f = out;
            double sum = 0;
            for (int sp = from; sp < to; sp++) {
                if (group[sp] != c) {
                    continue;
                }
                sum += SpringGeometry.addForce(pos, vel, 3 * sa[sp], 3 * sb[sp], ks[sp], damping[sp], rest[sp], f);
            }
            return sum;
        }
    }
}
