package dev.hooke.core.sim;

import dev.hooke.core.force.Forces;
import dev.hooke.core.model.MassSpringSystem;

/**
 * A cloth's self-collision: after each step, particles closer than the thickness d are pushed apart
 * and stop approaching each other, for every integrator alike.
 *
 * <h2>Finding pairs</h2>
 * The particles are sorted into a {@link SpatialHash} with cells of edge d; each particle looks at
 * the 27 cells around its own, so that every pair closer than d is found in O(n) work. Pairs joined
 * by a spring are left out: the spring keeps their distance.
 *
 * <h2>Resolving a pair</h2>
 * A pair i, j at distance l &lt; d along n = (x_j − x_i)/l is a non-penetration constraint
 * C = l − d ≥ 0, projected as a position-based method projects it (Müller et al., "Position Based
 * Dynamics", 2007, §3.3 and §4.4), with the inverse masses w (0 for a pinned particle):
 * <pre>
 *   x_i −= w_i / (w_i + w_j) (d − l) n,      x_j += w_j / (w_i + w_j) (d − l) n
 * </pre>
 * and, if they approach (u = (v_j − v_i)·n &lt; 0), a perfectly inelastic impulse along n that
 * keeps the momentum: v_i += w_i / (w_i + w_j) u n, v_j −= w_j / (w_i + w_j) u n. The pairs are
 * taken one after another (Gauss–Seidel), in {@value #SWEEPS} sweeps.
 *
 * <p>The check is discrete: a pair that passes through each other within one step (relative speed
 * above d / Δt) is not seen.
 *
 * <h2>Energy</h2>
 * {@link #step} returns the mechanical energy K + U_el + U_g the resolution removed, measured
 * exactly before and after (only in steps with a contact, found by a first pass that changes nothing), so that the simulation counts it as
 * dissipated work like the ground's. Nothing allocates after the first step of a system.
 */
final class SelfCollision {

    /** The Gauss–Seidel sweeps over the pairs in one step. */
    static final int SWEEPS = 2;

    private final SpatialHash hash = new SpatialHash();
    /** Spring neighbours of each particle, compressed rows: neighbours of i at [first[i], first[i + 1]). */
    private int[] first = new int[0];
    private int[] neighbour = new int[0];
    private MassSpringSystem seen;
    private int contacts;

    /** The number of pairs found closer than the thickness in the last step (first sweep). */
    int contacts() {
        return contacts;
    }

    /**
     * Resolves the pairs closer than {@code thickness}.
     *
     * @param thickness d, in m (&gt; 0)
     * @return the energy removed, in J
     */
    double step(MassSpringSystem s, double thickness) {
        if (s != seen) {
            neighbours(s);
            seen = s;
        }
        final int n = s.particleCount();
        hash.build(s.x, n, thickness);
        contacts = 0;
        for (int i = 0; i < n; i++) {
            contacts += around(s, i, thickness, false);
        }
        if (contacts == 0) {
            return 0;
        }
        double before = energy(s);
        for (int sweep = 0; sweep < SWEEPS; sweep++) {
            if (sweep > 0) {
                hash.build(s.x, n, thickness);
            }
            for (int i = 0; i < n; i++) {
                around(s, i, thickness, true);
            }
        }
        s.touch();
        return before - energy(s);
    }

    /**
     * The pairs (i, j &gt; i) closer than d; resolves them when asked.
     *
     * @return how many there are
     */
    private int around(MassSpringSystem s, int i, double d, boolean resolve) {
        final double[] x = s.x;
        int q = 3 * i;
        int ci = hash.cell(i, 0);
        int cj = hash.cell(i, 1);
        int ck = hash.cell(i, 2);
        int found = 0;
        for (int di = -1; di <= 1; di++) {
            for (int dj = -1; dj <= 1; dj++) {
                for (int dk = -1; dk <= 1; dk++) {
                    int b = hash.cellBucket(ci + di, cj + dj, ck + dk);
                    for (int e = hash.first(b); e < hash.end(b); e++) {
                        int j = hash.particle(e);
                        int p = 3 * j;
                        // another cell may share the bucket: take j only in the cell it is in
                        if (j <= i || hash.cell(j, 0) != ci + di || hash.cell(j, 1) != cj + dj
                                || hash.cell(j, 2) != ck + dk) {
                            continue;
                        }
                        double dx = x[p] - x[q];
                        double dy = x[p + 1] - x[q + 1];
                        double dz = x[p + 2] - x[q + 2];
                        double l2 = dx * dx + dy * dy + dz * dz;
                        if (!(l2 < d * d) || l2 == 0 || joined(i, j)) {
                            continue;
                        }
                        found++;
                        if (resolve) {
                            resolve(s, i, j, Math.sqrt(l2), dx, dy, dz, d);
                        }
                    }
                }
            }
        }
        return found;
    }

    private static void resolve(MassSpringSystem s, int i, int j, double l, double dx, double dy, double dz, double d) {
        final double[] x = s.x;
        final double[] v = s.v;
        double wi = s.inverseMass(i);
        double wj = s.inverseMass(j);
        double w = wi + wj;
        if (w == 0) {
            return;
        }
        double nx = dx / l;
        double ny = dy / l;
        double nz = dz / l;
        double push = (d - l) / w;
        int q = 3 * i;
        int p = 3 * j;
        x[q] -= wi * push * nx;
        x[q + 1] -= wi * push * ny;
        x[q + 2] -= wi * push * nz;
        x[p] += wj * push * nx;
        x[p + 1] += wj * push * ny;
        x[p + 2] += wj * push * nz;
        double u = (v[p] - v[q]) * nx + (v[p + 1] - v[q + 1]) * ny + (v[p + 2] - v[q + 2]) * nz;
        if (u < 0) {
            double impulse = u / w;
            v[q] += wi * impulse * nx;
            v[q + 1] += wi * impulse * ny;
            v[q + 2] += wi * impulse * nz;
            v[p] -= wj * impulse * nx;
            v[p + 1] -= wj * impulse * ny;
            v[p + 2] -= wj * impulse * nz;
        }
    }

    /** Whether particles i and j share a spring. */
    private boolean joined(int i, int j) {
        for (int k = first[i]; k < first[i + 1]; k++) {
            if (neighbour[k] == j) {
                return true;
            }
        }
        return false;
    }

    /** Builds the spring neighbours' rows (once per system). */
    private void neighbours(MassSpringSystem s) {
        int n = s.particleCount();
        first = new int[n + 1];
        neighbour = new int[2 * s.springCount()];
        for (int sp = 0; sp < s.springCount(); sp++) {
            first[s.springA(sp) + 1]++;
            first[s.springB(sp) + 1]++;
        }
        for (int i = 0; i < n; i++) {
            first[i + 1] += first[i];
        }
        int[] fill = new int[n];
        for (int sp = 0; sp < s.springCount(); sp++) {
            int a = s.springA(sp);
            int b = s.springB(sp);
            neighbour[first[a] + fill[a]++] = b;
            neighbour[first[b] + fill[b]++] = a;
        }
    }

    /** K + U_el + U_g of the free particles; in J. */
    private static double energy(MassSpringSystem s) {
        double e = Forces.elasticEnergy(s, s.x);
        for (int i = 0; i < s.particleCount(); i++) {
            if (s.isPinned(i)) {
                continue;
            }
            int q = 3 * i;
            double m = s.mass(i);
            e += 0.5 * m * (s.v[q] * s.v[q] + s.v[q + 1] * s.v[q + 1] + s.v[q + 2] * s.v[q + 2]);
            e -= m * (s.gravity(0) * s.x[q] + s.gravity(1) * s.x[q + 1] + s.gravity(2) * s.x[q + 2]);
        }
        return e;
    }
}
