package dev.hooke.core.sim;

import dev.hooke.core.integrate.Integrators;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.model.Sphere;
import org.junit.jupiter.api.Test;

class SphereContactTest {
    static final double G = 9.81;

    @Test
    void probe() {
        for (double dt : new double[] {1e-3, 5e-4, 2.5e-4, 1.25e-4}) {
            for (String id : new String[] {"symplectic-euler", "rk4", "implicit-euler", "xpbd"}) {
                double r = 1, th0 = 0.05;
                Sphere sp = new Sphere(0, 0, 0, r, 0, 0, 1, 0);
                MassSpringSystem.Builder b = MassSpringSystem.builder().gravity(0, -G, 0).sphere(sp);
                b.particle(r * Math.sin(th0), r * Math.cos(th0), 0, 0.1);
                MassSpringSystem s = b.build();
                Simulation sim = new Simulation(s, Integrators.create(id), dt);
                double start = sim.observables().total();
                double worst = 0;
                int n = 0;
                while (sim.step() && sim.observables().contacts > 0 && n < 1000000) {
                    n++;
                    double c = s.x[1] / r;
                    double v2 = s.v[0] * s.v[0] + s.v[1] * s.v[1] + s.v[2] * s.v[2];
                    worst = Math.max(worst, Math.abs(v2 - 2 * G * r * (Math.cos(th0) - c)));
                }
                double c = s.x[1] / Math.hypot(s.x[0], s.x[1]);
                System.out.printf("%s dt=%g leave cos=%.7f oracle %.7f err %.2e  v2err %.2e  bal %.3e  W %.3e%n", id, dt, c, 2.0 / 3 * Math.cos(th0),
                        c - 2.0 / 3 * Math.cos(th0), worst, sim.observables().balance() - start, sim.observables().dissipated);
            }
        }
    }
}
