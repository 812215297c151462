package dev.hooke.core.integrate;

import dev.hooke.core.force.WindForce;
import dev.hooke.core.model.MassSpringSystem;
import java.util.Arrays;

/**
 * The first half of a position-based step, shared by {@link PositionBasedDynamics} and
 * {@link ExtendedPositionBasedDynamics}: save the start positions, then predict.
 *
 * <p>The start positions xⁿ are saved <em>before</em> the prediction overwrites {@code s.x}: the
 * step's velocity is (x − xⁿ)/h, and a copy taken after the projection would make the next
 * prediction start from zero velocity.
 *
 * <p>The prediction (Müller et al. 2007, Algorithm 1, lines 5–7; Macklin et al. 2016,
 * Algorithm 1, line 3) with the external forces gravity m g and air damping −c v, the drag taken
 * at the end velocity v = (x − xⁿ)/h as backward Euler takes it:
 * <pre>
 *   M (x − xⁿ − h vⁿ) = h² M g − h c (x − xⁿ) + h² f_C      (f_C: the constraint forces)
 *   ⇔  x = x* + W h² f_C,   x* = xⁿ + h (vⁿ + h g) / (1 + h c / m),   W = (M + h c I)⁻¹
 * </pre>
 * So the drag does two things: it shrinks the predicted velocity, and it makes every particle
 * respond to the projections with the inverse mass w = 1/(m + h c) instead of 1/m
 * ({@link #effectiveInverseMasses}). Taken at the end velocity it is stable for any h c / m (at
 * the start velocity it would overshoot once h c / m &gt; 2), and a particle at rest feels none of
 * it: a hanging cloth settles where the springs balance gravity. With c = 0 it is exactly
 * Müller's v* = v + h g and w = 1/m. Pinned particles (inverse mass 0) keep their position.
 *
 * <p>A wind ({@code dev.hooke.core.model.Wind}) is an external force too: it is evaluated at the
 * start, F_w(xⁿ, vⁿ) into the system's scratch array {@code s.f}, and added to the pull as
 * h² F_w / m (explicitly, as gravity; its drag rate ρ C A |u| / m is far below 1/h for cloth).
 */
final class PositionPrediction {

    private PositionPrediction() {
    }

    /**
     * Copies {@code s.x} into {@code start}, then overwrites {@code s.x} with the prediction x*
     * ({@code s.v} is left as it was).
     *
     * @param s     the system
     * @param h     Δt, in s
     * @param start receives xⁿ, {@code 3*i+k}, in m (length at least 3n)
     */
    static void saveAndPredict(MassSpringSystem s, double h, double[] start) {
        final int n = s.particleCount();
        final double[] x = s.x;
        final double[] v = s.v;
        final double[] invMass = s.inverseMassArray();
        System.arraycopy(x, 0, start, 0, 3 * n);
        final double gx = s.gravity(0);
        final double gy = s.gravity(1);
        final double gz = s.gravity(2);
        final double c = s.airDamping();
        final double[] f = s.f;
        final boolean windy = s.wind() != null;
        if (windy) {
            Arrays.fill(f, 0);
            WindForce.addForces(s.wind(), s, x, v, f);
        }
        for (int i = 0; i < n; i++) {
            double w = invMass[i];
            if (w == 0) {
                continue;
            }
            double shrink = 1.0 / (1 + h * c * w);
            int q = 3 * i;
            double ax = windy ? gx + w * f[q] : gx;
            double ay = windy ? gy + w * f[q + 1] : gy;
            double az = windy ? gz + w * f[q + 2] : gz;
            x[q] += h * (v[q] + h * ax) * shrink;
            x[q + 1] += h * (v[q + 1] + h * ay) * shrink;
            x[q + 2] += h * (v[q + 2] + h * az) * shrink;
        }
    }

    /**
     * Writes w_i = 1/(m_i + h c), the inverse mass with which particle i responds to the
     * projections (0 for a pinned particle; exactly {@code s.inverseMass(i)} when c = 0); in 1/kg.
     */
    static void effectiveInverseMasses(MassSpringSystem s, double h, double[] out) {
        final double[] invMass = s.inverseMassArray();
        final double[] mass = s.massArray();
        final double c = s.airDamping();
        for (int i = 0; i < s.particleCount(); i++) {
            out[i] = invMass[i] == 0 ? 0 : c == 0 ? invMass[i] : 1.0 / (mass[i] + h * c);
        }
    }

    /** The second half: v = (x − xⁿ)/h for every free particle (pinned ones keep v = 0). */
    static void finish(MassSpringSystem s, double h, double[] start) {
        final int n = s.particleCount();
        final double[] x = s.x;
        final double[] v = s.v;
        final double[] invMass = s.inverseMassArray();
        final double inv = 1.0 / h;
        for (int i = 0; i < n; i++) {
            if (invMass[i] == 0) {
                continue;
            }
            int q = 3 * i;
            v[q] = (x[q] - start[q]) * inv;
            v[q + 1] = (x[q + 1] - start[q + 1]) * inv;
            v[q + 2] = (x[q + 2] - start[q + 2]) * inv;
        }
    }

    /** The number of free particles. */
    static int freeCount(MassSpringSystem s) {
        int free = 0;
        final double[] invMass = s.inverseMassArray();
        for (int i = 0; i < s.particleCount(); i++) {
            if (invMass[i] != 0) {
                free++;
            }
        }
        return free;
    }
}
