package dev.hooke.core.integrate;

import dev.hooke.core.force.SpringGeometry;
import dev.hooke.core.model.MassSpringSystem;

/**
 * What one step of a {@link ProjectionIntegrator} did. Mutable and reused by the integrator that
 * owns it; read it right after the step (or copy it).
 *
 * <p>The strain figures are measured on the positions at the end of the step, over the springs
 * the method acts on: those with k_s &gt; 0 and a rest length L &gt; 0 (PBD's constraints; for XPBD
 * and the fast mass-spring method, the elastic springs). For PBD, whose constraints want l = L,
 * the strain is the constraint error; for XPBD and the fast mass-spring method a spring under load
 * is meant to stretch, and the strain is its elastic strain.
 */
public final class ProjectionStats {
    /** Iterations made in the step (Gauss–Seidel sweeps, or local/global iterations). */
    public int iterations;
    /** √(mean over the springs of ((l − L)/L)²) at the end of the step; dimensionless. */
    public double rmsStrain;
    /** max over the springs of |l − L|/L at the end of the step; dimensionless. */
    public double maxStrain;
    /**
     * The root mean square, over the free particles, of the distance the last iteration moved
     * them; in m. It falls as the iterations converge: 0 means the last iteration changed nothing.
     */
    public double lastCorrection;
    /** The springs counted in {@link #rmsStrain} and {@link #maxStrain}. */
    public int springs;
    /**
     * U_el = Σ ½ k_s (l − L)² over every spring at the positions {@link #measureStrain} measured,
     * in J, summed as {@code Forces.elasticEnergy} sums it (the same number to the bit); NaN when
     * not measured since {@link #forgetElasticEnergy}.
     */
    double elasticEnergy = Double.NaN;

    /** Copies another instance into this one. */
    public void copyFrom(ProjectionStats o) {
        iterations = o.iterations;
        rmsStrain = o.rmsStrain;
        maxStrain = o.maxStrain;
        lastCorrection = o.lastCorrection;
        springs = o.springs;
    }

    /**
     * Measures {@link #rmsStrain}, {@link #maxStrain} and {@link #springs} on the positions of
     * {@code s}, over the springs with k_s &gt; 0 and L &gt; 0:
     * <pre>
     *   ε_s = (|x_b − x_a| − L_s) / L_s,   rms = √(Σ ε_s² / count),   max = max |ε_s|
     * </pre>
     * and, from the same lengths, the elastic energy {@link #elasticEnergy} over every spring.
     */
    void measureStrain(MassSpringSystem s) {
        final double[] x = s.x;
        final int[] sa = s.springAArray();
        final int[] sb = s.springBArray();
        final double[] rest = s.restLengthArray();
        final double[] ks = s.stiffnessArray();
        double sum = 0;
        double max = 0;
        double energy = 0;
        int count = 0;
        for (int sp = 0; sp < s.springCount(); sp++) {
            double len0 = rest[sp];
            double l = SpringGeometry.length(x, 3 * sa[sp], 3 * sb[sp]);
            energy += SpringGeometry.energy(ks[sp], len0, l);
            if (!(ks[sp] > 0) || !(len0 > 0)) {
                continue;
            }
            double e = SpringGeometry.strain(l, len0);
            sum += e * e;
            max = Math.max(max, Math.abs(e));
            count++;
        }
        springs = count;
        rmsStrain = count == 0 ? 0 : Math.sqrt(sum / count);
        maxStrain = max;
        elasticEnergy = energy;
    }

    /** Marks {@link #elasticEnergy} as not measured. */
    void forgetElasticEnergy() {
        elasticEnergy = Double.NaN;
    }
}
