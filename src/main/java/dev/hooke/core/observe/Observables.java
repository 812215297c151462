package dev.hooke.core.observe;

import dev.hooke.core.force.SpringGeometry;
import dev.hooke.core.force.WindForce;
import dev.hooke.core.model.MassSpringSystem;

/**
 * What is measured after every step. Mutable and reused: {@link #measure} fills it in place,
 * {@link #copyFrom} copies another; nothing here allocates after construction.
 *
 * <pre>
 *   K      = Σ ½ m_i |v_i|²                         kinetic energy, J
 *   U_el   = Σ_springs ½ k_s (l − L)²               elastic energy, J
 *   U_g    = Σ m_i (−g · x_i)                       gravitational energy, J (height measured against g)
 *   E      = K + U_el + U_g                         total mechanical energy, J
 *   W_d    = ∫ P_d dt                               work dissipated by damping (and contacts), J,
 *                                                   by the integrator's own quadrature
 *   W_w    = ∫ P_w dt,  P_w = Σ F_wind,i · v_i       work done by the wind on the free particles, J
 *                                                   (either sign), by the same quadrature
 *   p      = Σ m_i v_i                              momentum of the free particles, kg·m/s
 * </pre>
 * The wind's work is kept apart from the dissipated work: a gust can feed energy in as well as take
 * it out, and what it does is worth watching on its own.
 *
 * <p>Pinned particles are held by the world: they add neither kinetic, gravitational energy nor
 * momentum. For the exact solution E + W_d − W_w is constant, so its drift measures the
 * integrator's error alone.
 */
public final class Observables {

    /** K, kinetic energy; in J. */
    public double kinetic;
    /** U_el, elastic energy; in J. */
    public double elastic;
    /** U_g, gravitational energy; in J. */
    public double gravitational;
    /** W_d, work dissipated by damping and contacts since the start; in J. */
    public double dissipated;
    /** P_d, power dissipated by damping at the present state; in W (the wind's is {@link #windPower}). */
    public double dampingPower;
    /** W_w, work done by the wind on the free particles since the start; in J, of either sign. */
    public double windWork;
    /** P_w, the wind's power on the free particles at the present state; in W, 0 without a wind. */
    public double windPower;
    /** Momentum of the free particles, (p_x, p_y, p_z); in kg·m/s. */
    public final double[] momentum = new double[3];
    /** The largest particle speed; in m/s. */
    public double maxSpeed;
    /** The largest strain |l − L| / L over springs with L &gt; 0; dimensionless. */
    public double maxStrain;
    /** K minus the kinetic energy of the free particles' centre of mass: motion that is not translation; in J. */
    public double internalKinetic;
    /** The deepest penetration of any particle into an obstacle (ground, sphere); in m, 0 if none. Set by the stepper. */
    public double penetration;
    /** The number of particles in contact with an obstacle after the last step. Set by the stepper. */
    public int contacts;
    /** The number of springs broken so far (torn). */
    public int torn;

    /** E = K + U_el + U_g; in J. */
    public double total() {
        return kinetic + elastic + gravitational;
    }

    /** E + W_d − W_w, constant for the exact solution; in J. */
    public double balance() {
        return total() + dissipated - windWork;
    }

    /** Whether every value is finite. */
    public boolean isFinite() {
        return Double.isFinite(kinetic) && Double.isFinite(elastic) && Double.isFinite(gravitational)
                && Double.isFinite(maxSpeed) && Double.isFinite(maxStrain) && Double.isFinite(dampingPower)
                && Double.isFinite(windPower);
    }

    /** Measures the state of s; leaves {@link #dissipated} and {@link #windWork} alone (the caller integrates them). */
    public void measure(MassSpringSystem s) {
        final double[] x = s.x;
        final double[] v = s.v;
        final double[] mass = s.massArray();
        final double[] invMass = s.inverseMassArray();
        final double gx = s.gravity(0);
        final double gy = s.gravity(1);
        final double gz = s.gravity(2);
        double k = 0;
        double ug = 0;
        double px = 0;
        double py = 0;
        double pz = 0;
        double mFree = 0;
        double vmax2 = 0;
        double freeSpeedSquared = 0;
        boolean nonFinite = false;
        for (int i = 0; i < s.particleCount(); i++) {
            int q = 3 * i;
            if (!(Double.isFinite(x[q]) && Double.isFinite(x[q + 1]) && Double.isFinite(x[q + 2])
                    && Double.isFinite(v[q]) && Double.isFinite(v[q + 1]) && Double.isFinite(v[q + 2]))) {
                nonFinite = true;
            }
            if (invMass[i] == 0) {
                continue;
            }
            double m = mass[i];
            double v2 = v[q] * v[q] + v[q + 1] * v[q + 1] + v[q + 2] * v[q + 2];
            k += 0.5 * m * v2;
            ug -= m * (gx * x[q] + gy * x[q + 1] + gz * x[q + 2]);
            px += m * v[q];
            py += m * v[q + 1];
            pz += m * v[q + 2];
            mFree += m;
            freeSpeedSquared += v2;
            if (v2 > vmax2) {
                vmax2 = v2;
            }
        }
        kinetic = k;
        gravitational = ug;
        momentum[0] = px;
        momentum[1] = py;
        momentum[2] = pz;
        maxSpeed = Math.sqrt(vmax2);
        internalKinetic = mFree > 0 ? Math.max(0, k - 0.5 * (px * px + py * py + pz * pz) / mFree) : 0;

        // One pass over the springs for U_el, the largest strain and the springs' damping power
        // P_d = Σ k_d ((v_b − v_a)·n)² (Forces.dampingPower, which this pass fuses in).
        final int[] sa = s.springAArray();
        final int[] sb = s.springBArray();
        final double[] rest = s.restLengthArray();
        final double[] ks = s.stiffnessArray();
        final double[] kd = s.springDampingArray();
        final int springs = s.springCount();
        double ue = 0;
        double strain = 0;
        double power = 0;
        for (int sp = 0; sp < springs; sp++) {
            int a = 3 * sa[sp];
            int b = 3 * sb[sp];
            double l = SpringGeometry.length(x, a, b);
            double r = rest[sp];
            ue += SpringGeometry.energy(ks[sp], r, l);
            if (r > 0 && !s.isBroken(sp)) {
                double e = Math.abs(SpringGeometry.strain(l, r));
                if (!(e <= strain)) {
                    strain = e;
                }
            }
            double d = kd[sp];
            if (d != 0 && l >= SpringGeometry.MIN_LENGTH) {
                double vrel = SpringGeometry.extensionRate(x, v, a, b, l);
                power += d * vrel * vrel;
            }
        }
        elastic = ue;
        maxStrain = strain;
        double c = s.airDamping();
        dampingPower = c > 0 ? power + c * freeSpeedSquared : power;
        windPower = s.wind() != null ? WindForce.power(s.wind(), s, x, v) : 0;
        torn = s.brokenCount();
        if (nonFinite) {
            // Make sure a non-finite state is never reported as finite (0·∞ sums may hide it).
            kinetic = Double.NaN;
        }
    }

    /** Copies every value of another instance. */
    public void copyFrom(Observables o) {
        kinetic = o.kinetic;
        elastic = o.elastic;
        gravitational = o.gravitational;
        dissipated = o.dissipated;
        dampingPower = o.dampingPower;
        windWork = o.windWork;
        windPower = o.windPower;
        momentum[0] = o.momentum[0];
        momentum[1] = o.momentum[1];
        momentum[2] = o.momentum[2];
        maxSpeed = o.maxSpeed;
        maxStrain = o.maxStrain;
        internalKinetic = o.internalKinetic;
        penetration = o.penetration;
        contacts = o.contacts;
        torn = o.torn;
    }
}
