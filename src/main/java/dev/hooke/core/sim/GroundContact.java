package dev.hooke.core.sim;

import dev.hooke.core.model.Ground;
import dev.hooke.core.model.MassSpringSystem;

/**
 * Simple contact with a ground plane y = h, applied after each step as an impulse:
 * <pre>
 *   y ← h                                         (the particle is put back on the plane)
 *   v_n ← −e v_n            if v_n &lt; 0             (restitution e)
 *   |v_t| ← max(0, |v_t| − μ (1 + e) |v_n|)       (Coulomb friction as an impulse, μ)
 * </pre>
 * The kinetic energy removed is returned so that the energy balance stays closed.
 */
final class GroundContact {

    private GroundContact() {
    }

    /**
     * Resolves contacts.
     *
     * @return the kinetic energy removed, in J (at least 0); {@code NaN} marks "no contact at all"
     *         is not used: 0 is returned when no particle touched
     */
    static double resolve(MassSpringSystem s) {
        Ground g = s.ground();
        if (g == null) {
            return 0;
        }
        final double[] x = s.x;
        final double[] v = s.v;
        final double[] invMass = s.inverseMassArray();
        final double[] mass = s.massArray();
        final double h = g.height();
        final double e = g.restitution();
        final double mu = g.friction();
        double lost = 0;
        boolean touched = false;
        for (int i = 0; i < s.particleCount(); i++) {
            int q = 3 * i;
            if (invMass[i] == 0 || !(x[q + 1] < h)) {
                continue;
            }
            touched = true;
            x[q + 1] = h;
            double vn = v[q + 1];
            if (vn >= 0) {
                continue;
            }
            double before = v[q] * v[q] + vn * vn + v[q + 2] * v[q + 2];
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
            double after = v[q] * v[q] + v[q + 1] * v[q + 1] + v[q + 2] * v[q + 2];
            lost += 0.5 * mass[i] * (before - after);
        }
        if (touched) {
            s.touch();
        }
        return lost;
    }
}
