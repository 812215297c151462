package dev.hooke.core.model;

import static dev.hooke.core.model.Checks.requireNonNegative;
import static dev.hooke.core.model.Checks.requirePositive;

import java.util.Arrays;
import java.util.Objects;

/**
 * A mass-spring system: particles joined by springs, under gravity and air damping.
 *
 * <h2>Layout</h2>
 * All hot state is kept in flat arrays (struct of arrays), three components interleaved:
 * the k-th component (k = 0, 1, 2 for x, y, z) of particle i is at index {@code 3*i + k}.
 * <ul>
 *   <li>{@link #x} positions, in m; {@link #v} velocities, in m/s; {@link #f} the last forces
 *       computed, in N (a scratch array the integrators may use).</li>
 *   <li>{@link #mass(int) m_i} in kg, and the inverse mass {@code 1/m_i}, which is 0 for a
 *       pinned particle. A pinned particle never moves, whatever the forces or the integrator.</li>
 *   <li>Spring s joins particles {@code springA[s]} and {@code springB[s]}, with rest length
 *       L in m, stiffness k_s in N/m and axial damping k_d in N·s/m.</li>
 * </ul>
 *
 * <p>A cloth also has a {@link ClothSurface} and may feel a {@link Wind}. A broken spring
 * ({@link #breakSpring}) has k_s = k_d = 0 for good: every integrator sees it gone, the topology stays.
 *
 * <p>Parameters (stiffness, damping, mass, gravity, air damping, pins) may change between two
 * steps without resetting the state. Every such change, every step and every other change of the
 * state (dragging a particle, a contact) increments {@link #revision()}, so that integrators which
 * cache derived data (forces at the current positions, Verlet's previous positions) know when
 * someone else has moved the system and rebuild it.
 */
public final class MassSpringSystem {

    private final int particleCount;
    private final int springCount;

    /** Positions, {@code 3*i+k}; in m. */
    public final double[] x;
    /** Velocities, {@code 3*i+k}; in m/s. */
    public final double[] v;
    /** Forces from the last evaluation, {@code 3*i+k}; in N. Scratch space for integrators. */
    public final double[] f;

    private final double[] mass;
    private final double[] invMass;
    private final boolean[] pinned;

    private final int[] springA;
    private final int[] springB;
    private final double[] restLength;
    private final double[] ks;
    private final double[] kd;
    private final SpringKind[] kind;
    private final boolean[] broken;
    private int brokenCount;
    private double tearStrain;
    private ClothSurface surface;
    private Wind wind;

    private final double[] gravity = new double[3];
    private double airDamping;
    private Ground ground;
    private Sphere sphere;
    private long revision;

    private MassSpringSystem(int particleCount, int springCount) {
        this.particleCount = particleCount;
        this.springCount = springCount;
        this.x = new double[3 * particleCount];
        this.v = new double[3 * particleCount];
        this.f = new double[3 * particleCount];
        this.mass = new double[particleCount];
        this.invMass = new double[particleCount];
        this.pinned = new boolean[particleCount];
        this.springA = new int[springCount];
        this.springB = new int[springCount];
        this.restLength = new double[springCount];
        this.ks = new double[springCount];
        this.kd = new double[springCount];
        this.kind = new SpringKind[springCount];
        this.broken = new boolean[springCount];
    }

    /** Starts building a system. */
    public static Builder builder() {
        return new Builder();
    }

    /** A deep copy: state, parameters and pins; the revision starts again at 0. */
    public MassSpringSystem copy() {
        MassSpringSystem c = new MassSpringSystem(particleCount, springCount);
        System.arraycopy(x, 0, c.x, 0, x.length);
        System.arraycopy(v, 0, c.v, 0, v.length);
        System.arraycopy(mass, 0, c.mass, 0, mass.length);
        System.arraycopy(invMass, 0, c.invMass, 0, invMass.length);
        System.arraycopy(pinned, 0, c.pinned, 0, pinned.length);
        System.arraycopy(springA, 0, c.springA, 0, springCount);
        System.arraycopy(springB, 0, c.springB, 0, springCount);
        System.arraycopy(restLength, 0, c.restLength, 0, springCount);
        System.arraycopy(ks, 0, c.ks, 0, springCount);
        System.arraycopy(kd, 0, c.kd, 0, springCount);
        System.arraycopy(kind, 0, c.kind, 0, springCount);
        System.arraycopy(gravity, 0, c.gravity, 0, 3);
        c.airDamping = airDamping;
        c.ground = ground;
        c.sphere = sphere;
        System.arraycopy(broken, 0, c.broken, 0, springCount);
        c.brokenCount = brokenCount;
        c.tearStrain = tearStrain;
        c.surface = surface;
        c.wind = wind == null ? null : wind.copy();
        return c;
    }

    // ---------------------------------------------------------------- sizes and topology

    /** n, the number of particles. */
    public int particleCount() {
        return particleCount;
    }

    /** The number of springs. */
    public int springCount() {
        return springCount;
    }

    /** The index of spring s's first particle, a. */
    public int springA(int s) {
        return springA[s];
    }

    /** The index of spring s's second particle, b. */
    public int springB(int s) {
        return springB[s];
    }

    /** L, the rest length of spring s; in m. */
    public double restLength(int s) {
        return restLength[s];
    }

    /** k_s, the stiffness of spring s; in N/m. */
    public double stiffness(int s) {
        return ks[s];
    }

    /** k_d, the axial damping of spring s; in N·s/m. */
    public double springDamping(int s) {
        return kd[s];
    }

    /** The kind of spring s. */
    public SpringKind springKind(int s) {
        return kind[s];
    }

    /** Whether any spring is of the given kind. */
    public boolean hasSprings(SpringKind k) {
        for (SpringKind sk : kind) {
            if (sk == k) {
                return true;
            }
        }
        return false;
    }

    /** Direct read access to the endpoint arrays, for kernels; do not modify. */
    public int[] springAArray() {
        return springA;
    }

    /** Direct read access to the endpoint arrays, for kernels; do not modify. */
    public int[] springBArray() {
        return springB;
    }

    /** Direct read access to the rest lengths (m), for kernels; do not modify. */
    public double[] restLengthArray() {
        return restLength;
    }

    /** Direct read access to k_s (N/m), for kernels; do not modify. */
    public double[] stiffnessArray() {
        return ks;
    }

    /** Direct read access to k_d (N·s/m), for kernels; do not modify. */
    public double[] springDampingArray() {
        return kd;
    }

    // ---------------------------------------------------------------- particles

    /** m_i, the mass of particle i; in kg (kept while the particle is pinned). */
    public double mass(int i) {
        return mass[i];
    }

    /** 1/m_i, in 1/kg; 0 for a pinned particle. */
    public double inverseMass(int i) {
        return invMass[i];
    }

    /** Direct read access to the inverse masses (1/kg, 0 = pinned), for kernels; do not modify. */
    public double[] inverseMassArray() {
        return invMass;
    }

    /** Direct read access to the masses (kg), for kernels; do not modify. */
    public double[] massArray() {
        return mass;
    }

    /** Whether particle i is pinned (inverse mass 0). */
    public boolean isPinned(int i) {
        return pinned[i];
    }

    /** The number of pinned particles. */
    public int pinnedCount() {
        int c = 0;
        for (boolean p : pinned) {
            if (p) {
                c++;
            }
        }
        return c;
    }

    /** Sum of all particle masses; in kg. */
    public double totalMass() {
        double sum = 0;
        for (double m : mass) {
            sum += m;
        }
        return sum;
    }

    /** Pins or unpins particle i. A pinned particle's velocity is set to zero. */
    public void setPinned(int i, boolean pin) {
        Objects.checkIndex(i, particleCount);
        pinned[i] = pin;
        invMass[i] = pin ? 0.0 : 1.0 / mass[i];
        if (pin) {
            v[3 * i] = 0;
            v[3 * i + 1] = 0;
            v[3 * i + 2] = 0;
        }
        revision++;
    }

    /** Sets m_i for one particle; in kg, finite and positive. */
    public void setMass(int i, double m) {
        Objects.checkIndex(i, particleCount);
        requirePositive("mass", m);
        mass[i] = m;
        invMass[i] = pinned[i] ? 0.0 : 1.0 / m;
        revision++;
    }

    /** Sets every particle's mass; in kg, finite and positive. */
    public void setAllMasses(double m) {
        requirePositive("mass", m);
        for (int i = 0; i < particleCount; i++) {
            mass[i] = m;
            invMass[i] = pinned[i] ? 0.0 : 1.0 / m;
        }
        revision++;
    }

    /** Moves particle i to (px, py, pz) in m and gives it velocity (vx, vy, vz) in m/s. */
    public void setParticleState(int i, double px, double py, double pz, double vx, double vy, double vz) {
        Objects.checkIndex(i, particleCount);
        double[] vals = {px, py, pz, vx, vy, vz};
        for (double d : vals) {
            if (!Double.isFinite(d)) {
                throw new IllegalArgumentException("particle state must be finite, got " + d);
            }
        }
        x[3 * i] = px;
        x[3 * i + 1] = py;
        x[3 * i + 2] = pz;
        boolean still = pinned[i];
        v[3 * i] = still ? 0 : vx;
        v[3 * i + 1] = still ? 0 : vy;
        v[3 * i + 2] = still ? 0 : vz;
        revision++;
    }

    // ---------------------------------------------------------------- spring parameters

    /** Sets k_s of every spring; in N/m, finite and at least 0. */
    public void setAllStiffness(double k) {
        requireNonNegative("k_s", k);
        Arrays.fill(ks, k);
        dropBroken();
        revision++;
    }

    /** Sets k_s of every spring of one kind; in N/m, finite and at least 0. */
    public void setStiffness(SpringKind which, double k) {
        requireNonNegative("k_s", k);
        for (int s = 0; s < springCount; s++) {
            if (kind[s] == which && !broken[s]) {
                ks[s] = k;
            }
        }
        revision++;
    }

    /** Sets k_s of spring s; in N/m, finite and at least 0. */
    public void setStiffness(int s, double k) {
        requireNonNegative("k_s", k);
        if (!broken[s]) {
            ks[s] = k;
        }
        revision++;
    }

    /** Sets k_d of every spring; in N·s/m, finite and at least 0. */
    public void setAllSpringDamping(double d) {
        requireNonNegative("k_d", d);
        Arrays.fill(kd, d);
        dropBroken();
        revision++;
    }

    /** Sets the rest length of spring s; in m, finite and at least 0. */
    public void setRestLength(int s, double length) {
        requireNonNegative("rest length", length);
        restLength[s] = length;
        revision++;
    }

    /** ε_t, the strain (l − L)/L past which a spring breaks (the simulation checks); 0 = never. */
    public double tearStrain() {
        return tearStrain;
    }

    /** Sets ε_t; finite and at least 0 (0 turns tearing off; broken springs stay broken). */
    public void setTearStrain(double strain) {
        requireNonNegative("tear strain", strain);
        tearStrain = strain;
    }

    /** Whether spring s has broken. */
    public boolean isBroken(int s) {
        return broken[s];
    }

    /** The number of springs broken so far. */
    public int brokenCount() {
        return brokenCount;
    }

    /** Breaks spring s: its k_s and k_d become 0 for good. Breaking a broken spring does nothing. */
    public void breakSpring(int s) {
        if (!broken[s]) {
            broken[s] = true;
            brokenCount++;
            ks[s] = 0;
            kd[s] = 0;
            revision++;
        }
    }

    /** Mends broken spring s with k_s in N/m and k_d in N·s/m (a state saved before it broke is restored). */
    public void mend(int s, double k, double d) {
        if (broken[s]) {
            broken[s] = false;
            brokenCount--;
            ks[s] = k;
            kd[s] = d;
            revision++;
        }
    }

    private void dropBroken() {
        for (int s = 0; s < springCount && brokenCount > 0; s++) {
            ks[s] = broken[s] ? 0 : ks[s];
            kd[s] = broken[s] ? 0 : kd[s];
        }
    }

    /** The cloth's triangles, or null for a system without a surface. */
    public ClothSurface surface() {
        return surface;
    }

    /** The wind, or null for still air. */
    public Wind wind() {
        return wind;
    }

    /** Sets the wind; null for still air. */
    public void setWind(Wind w) {
        wind = w;
    }

    // ---------------------------------------------------------------- environment

    /** g, the gravity vector; in m/s². Copies it into {@code out} (length 3) and returns out. */
    public double[] gravity(double[] out) {
        System.arraycopy(gravity, 0, out, 0, 3);
        return out;
    }

    /** Component k of g; in m/s². */
    public double gravity(int k) {
        return gravity[k];
    }

    /** Sets g; in m/s², finite. */
    public void setGravity(double gx, double gy, double gz) {
        if (!Double.isFinite(gx) || !Double.isFinite(gy) || !Double.isFinite(gz)) {
            throw new IllegalArgumentException("gravity must be finite");
        }
        gravity[0] = gx;
        gravity[1] = gy;
        gravity[2] = gz;
        revision++;
    }

    /** c, the global (air) viscous damping, force −c·v on every particle; in N·s/m. */
    public double airDamping() {
        return airDamping;
    }

    /** Sets c, the global viscous damping; in N·s/m, finite and at least 0. */
    public void setAirDamping(double c) {
        requireNonNegative("air damping", c);
        airDamping = c;
        revision++;
    }

    /** The ground plane, or null when there is none. */
    public Ground ground() {
        return ground;
    }

    /** Sets the ground plane; null removes it. */
    public void setGround(Ground g) {
        ground = g;
        revision++;
    }

    /** The sphere obstacle, or null when there is none. */
    public Sphere sphere() {
        return sphere;
    }

    /** Sets the sphere obstacle; null removes it. */
    public void setSphere(Sphere sp) {
        sphere = sp;
        revision++;
    }

    // ---------------------------------------------------------------- revisions

    /** Counts changes made from outside the integrators; see the class comment. */
    public long revision() {
        return revision;
    }

    /**
     * Records a change of state: integrators call it after each step, and so does anything else
     * that moves particles (a contact, a drag). An integrator that caches data derived from the
     * state keeps the revision it left and rebuilds its cache when it finds another one.
     */
    public void touch() {
        revision++;
    }

    // ---------------------------------------------------------------- builder

    /** Collects particles and springs, then freezes the topology into flat arrays. */
    public static final class Builder {
        private double[] px = new double[48];
        private double[] pm = new double[16];
        private boolean[] pp = new boolean[16];
        private int n;
        private int[] sa = new int[16];
        private int[] sb = new int[16];
        private double[] sl = new double[16];
        private double[] sk = new double[16];
        private double[] sd = new double[16];
        private SpringKind[] st = new SpringKind[16];
        private int m;
        private final double[] g = new double[3];
        private double air;
        private Ground ground;
        private Sphere sphere;
        private ClothSurface surface;

        private Builder() {
        }

        /** Adds a particle at (x, y, z) in m with mass m in kg; returns its index. */
        public int particle(double x, double y, double z, double massKg) {
            requirePositive("mass", massKg);
            if (n == pm.length) {
                pm = Arrays.copyOf(pm, 2 * n);
                pp = Arrays.copyOf(pp, 2 * n);
                px = Arrays.copyOf(px, 6 * n);
            }
            px[3 * n] = x;
            px[3 * n + 1] = y;
            px[3 * n + 2] = z;
            pm[n] = massKg;
            return n++;
        }

        /** Pins particle i. */
        public Builder pin(int i) {
            Objects.checkIndex(i, n);
            pp[i] = true;
            return this;
        }

        /**
         * Adds a spring between particles a and b whose rest length is their present distance.
         *
         * @param k_s stiffness in N/m
         * @param k_d axial damping in N·s/m
         */
        public int spring(int a, int b, double k_s, double k_d, SpringKind kind) {
            Objects.checkIndex(a, n);
            Objects.checkIndex(b, n);
            double dx = px[3 * b] - px[3 * a];
            double dy = px[3 * b + 1] - px[3 * a + 1];
            double dz = px[3 * b + 2] - px[3 * a + 2];
            return spring(a, b, Math.sqrt(dx * dx + dy * dy + dz * dz), k_s, k_d, kind);
        }

        /** Adds a spring with an explicit rest length in m. */
        public int spring(int a, int b, double restLength, double k_s, double k_d, SpringKind kind) {
            Objects.checkIndex(a, n);
            Objects.checkIndex(b, n);
            if (a == b) {
                throw new IllegalArgumentException("a spring needs two different particles, got " + a + " twice");
            }
            requireNonNegative("rest length", restLength);
            requireNonNegative("k_s", k_s);
            requireNonNegative("k_d", k_d);
            if (m == sa.length) {
                sa = Arrays.copyOf(sa, 2 * m);
                sb = Arrays.copyOf(sb, 2 * m);
                sl = Arrays.copyOf(sl, 2 * m);
                sk = Arrays.copyOf(sk, 2 * m);
                sd = Arrays.copyOf(sd, 2 * m);
                st = Arrays.copyOf(st, 2 * m);
            }
            sa[m] = a;
            sb[m] = b;
            sl[m] = restLength;
            sk[m] = k_s;
            sd[m] = k_d;
            st[m] = Objects.requireNonNull(kind, "kind");
            return m++;
        }

        /** Sets gravity, in m/s². */
        public Builder gravity(double gx, double gy, double gz) {
            g[0] = gx;
            g[1] = gy;
            g[2] = gz;
            return this;
        }

        /** Sets the global viscous damping c, in N·s/m. */
        public Builder airDamping(double c) {
            requireNonNegative("air damping", c);
            air = c;
            return this;
        }

        /** Sets the ground plane (null for none). */
        public Builder ground(Ground gr) {
            ground = gr;
            return this;
        }

        /** Sets the sphere obstacle (null for none). */
        public Builder sphere(Sphere sp) {
            sphere = sp;
            return this;
        }

        /** Sets the surface's triangles (null for none); their indices must be of particles and springs added. */
        public Builder surface(ClothSurface cloth) {
            surface = cloth;
            return this;
        }

        /** The number of particles added so far. */
        public int particleCount() {
            return n;
        }

        /** Freezes the system. */
        public MassSpringSystem build() {
            if (n == 0) {
                throw new IllegalStateException("a system needs at least one particle");
            }
            MassSpringSystem s = new MassSpringSystem(n, m);
            System.arraycopy(px, 0, s.x, 0, 3 * n);
            for (int i = 0; i < n; i++) {
                s.mass[i] = pm[i];
                s.pinned[i] = pp[i];
                s.invMass[i] = pp[i] ? 0.0 : 1.0 / pm[i];
            }
            System.arraycopy(sa, 0, s.springA, 0, m);
            System.arraycopy(sb, 0, s.springB, 0, m);
            System.arraycopy(sl, 0, s.restLength, 0, m);
            System.arraycopy(sk, 0, s.ks, 0, m);
            System.arraycopy(sd, 0, s.kd, 0, m);
            System.arraycopy(st, 0, s.kind, 0, m);
            s.setGravity(g[0], g[1], g[2]);
            s.airDamping = air;
            s.ground = ground;
            s.sphere = sphere;
            s.surface = surface;
            s.revision = 0;
            return s;
        }
    }
}
