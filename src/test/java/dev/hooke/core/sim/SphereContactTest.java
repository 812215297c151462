package dev.hooke.core.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.Allocations;
import dev.hooke.core.integrate.ImplicitOptions;
import dev.hooke.core.integrate.Integrator;
import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.integrate.Integrators;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.model.Sphere;
import dev.hooke.core.scene.ClothPins;
import dev.hooke.core.scene.ObstacleSpec;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.scene.Scenes;
import dev.hooke.core.stability.StabilityAnalysis;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Contact with a sphere: a particle slides off where the closed form says, friction holds it inside
 * its cone, a dropped cloth stays outside, a moving sphere carries what rests on it, and a step
 * allocates nothing.
 */
class SphereContactTest {

    /** Standard gravity; in m/s². */
    static final double G = 9.81;
    /**
     * How far cos θ where the particle leaves may be from ⅔ cos θ₀ for a method whose free step is
     * the exact parabola (velocity Verlet, RK4) at Δt = 1/8000 s: the leaving is seen at a step
     * point, and the slide loses O(Δt) of its energy (see the path bound).
     */
    static final double LEAVE_EXACT_FLIGHT = 1e-3;
    /**
     * The same for a first-order method (symplectic and backward Euler, XPBD), whose free step lies
     * ½ Δt² g below the parabola: the particle separates from the sphere like (t − t_leave)³, so
     * the step it is first seen free of the sphere comes O(√Δt) late.
     */
    static final double LEAVE_FIRST_ORDER = 1e-2;
    /** How far inside the sphere's contact surface a cloth particle may be, relative to the thickness. */
    static final double THICKNESS_SHARE = 0.01;
    /** How far E + W_d may rise above its start, relative to the energy of the drop M g H. */
    static final double BALANCE_RISE = 0.01;
    /** Round-off on an energy that must not rise above its start, relative to the energy of the drop. */
    static final double STEP_GAIN = 1e-9;

    /**
     * A particle set at rest on a frictionless sphere of radius R at θ₀ = 0.05 rad from the top
     * slides down with |v|² = 2 g R (cos θ₀ − cos θ) (energy) and leaves the surface where the
     * normal force vanishes, g cos θ = v² / R, that is at cos θ = ⅔ cos θ₀ (the classic result).
     * While it is in contact, the slide gives up per step at most ½ m Δt² (g_t² + g cos θ v²/R)
     * ≤ 3/2 m g² Δt², so |v|² is off by at most 3 g² Δt t.
     */
    @ParameterizedTest
    @ValueSource(strings = {"velocity-verlet", "rk4", "symplectic-euler", "implicit-euler", "xpbd"})
    void aParticleLeavesAFrictionlessSphereWhereTheClosedFormSays(String id) {
        double r = 1;
        double theta0 = 0.05;
        double dt = 1.0 / 8000;
        Sphere sphere = new Sphere(0, 0, 0, r, 0, 0, 1, 0);
        MassSpringSystem.Builder b = MassSpringSystem.builder().gravity(0, -G, 0).sphere(sphere);
        b.particle(r * Math.sin(theta0), r * Math.cos(theta0), 0, 0.1);
        MassSpringSystem s = b.build();
        Simulation sim = new Simulation(s, Integrators.create(id), dt);
        int n = 0;
        while (true) {
            assertTrue(sim.step(), id + " stopped at step " + n);
            n++;
            assertTrue(n < 200_000, id + ": the particle never left the sphere");
            if (sim.observables().contacts == 0) {
                break;
            }
            double cos = s.x[1] / Math.hypot(s.x[0], s.x[1]);
            double v2 = s.v[0] * s.v[0] + s.v[1] * s.v[1] + s.v[2] * s.v[2];
            double expected = 2 * G * r * (Math.cos(theta0) - cos);
            assertEquals(expected, v2, 3 * G * G * dt * sim.time() + 1e-12, id + ": |v|² on the sphere at t = " + sim.time());
        }
        double cosLeave = s.x[1] / Math.hypot(s.x[0], s.x[1]);
        boolean exactFlight = id.equals("velocity-verlet") || id.equals("rk4");
        assertEquals(2.0 / 3 * Math.cos(theta0), cosLeave, exactFlight ? LEAVE_EXACT_FLIGHT : LEAVE_FIRST_ORDER,
                id + ": cos θ where the particle leaves the sphere");
    }

    /**
     * Coulomb's cone: a particle at rest on a sphere with friction μ = 0.5 at θ from the top stays
     * where it is for 1 s when tan θ &lt; μ (at 0.8 atan μ, and at the top itself), and slides when
     * tan θ &gt; μ (at 1.2 atan μ), for every integrator.
     */
    @Test
    void frictionHoldsAParticleInsideItsConeOnly() {
        double mu = 0.5;
        double r = 0.3;
        double dt = 1e-3;
        for (IntegratorKind kind : Integrators.kinds()) {
            for (double theta : new double[] {0, 0.8 * Math.atan(mu), 1.2 * Math.atan(mu)}) {
                MassSpringSystem.Builder b = MassSpringSystem.builder().gravity(0, -G, 0)
                        .sphere(new Sphere(0, 0, 0, r, mu, 0, 1, 0));
                b.particle(r * Math.sin(theta), r * Math.cos(theta), 0, 0.01);
                MassSpringSystem s = b.build();
                double x0 = s.x[0];
                double y0 = s.x[1];
                Simulation sim = new Simulation(s, Integrators.create(kind), dt);
                assertEquals(1000, sim.step(1000), kind.id());
                double moved = Math.hypot(s.x[0] - x0, s.x[1] - y0);
                if (Math.tan(theta) < mu) {
                    assertEquals(0.0, moved, 1e-12, kind.id() + ": a particle inside the cone at θ = " + theta + " moved");
                } else {
                    assertTrue(moved > 0.01, kind.id() + ": a particle outside the cone at θ = " + theta + " moved only " + moved + " m");
                }
            }
        }
    }

    /**
     * Coulomb friction with the true normal force: a particle of mass 0.1 kg sent at v₀ = 1 m/s
     * over the top of a sphere of radius 1 m with μ = 0.2 slides under N = m (g cos θ − v²/R) and
     * leaves where N = 0, flying on with the horizontal velocity it had there. The oracle is an
     * independent RK4 solve of R θ'' = g sin θ − μ (g cos θ − R θ'²) at a step of 10⁻⁵ s, its
     * leaving found by bisection on N within the last step; it gives v_x = R θ' cos θ at the
     * leaving (1.537 m/s; a normal force without the centripetal part, m g cos θ, gives more
     * friction and a slower slide). Each halving of Δt from 1/1000 s to 1/8000 s at least
     * {@value dev.hooke.Tolerances#FIRST_ORDER_HALVING}-fold shrinks the error of v_x after the flight (a
     * first-order step), and at 1/8000 s it is within {@value dev.hooke.Tolerances#SLIDE_OFF_SPHERE}
     * of the ODE's.
     */
    @ParameterizedTest
    @ValueSource(strings = {"symplectic-euler", "implicit-euler", "rk4"})
    void frictionOnASphereFollowsTheSlidingOde(String id) {
        double r = 1;
        double mu = 0.2;
        double v0 = 1;
        double expected = slideOffVelocity(r, mu, v0);
        double previous = Double.NaN;
        double error = Double.NaN;
        for (int steps = 1000; steps <= 8000; steps *= 2) {
            MassSpringSystem.Builder b = MassSpringSystem.builder().gravity(0, -G, 0)
                    .sphere(new Sphere(0, 0, 0, r, mu, 0, 1, 0));
            b.particle(0, r, 0, 0.1);
            MassSpringSystem s = b.build();
            s.v[0] = v0;
            Simulation sim = new Simulation(s, Integrators.create(id), 1.0 / steps);
            assertEquals(steps, sim.step(steps), id + ": one second of sliding and flight");
            assertEquals(0, sim.observables().contacts, id + ": the particle must have left the sphere within 1 s");
            error = Math.abs(s.v[0] - expected) / expected;
            if (!Double.isNaN(previous)) {
                assertTrue(error * dev.hooke.Tolerances.FIRST_ORDER_HALVING <= previous, id + ": at Δt = 1/" + steps
                        + " s the error of v_x is " + error + ", at twice that Δt " + previous);
            }
            previous = error;
        }
        assertTrue(error <= dev.hooke.Tolerances.SLIDE_OFF_SPHERE, id + ": v_x after leaving the sphere is off by " + error
                + " (relative) from the ODE's " + expected + " m/s");
    }

    /**
     * The oracle of {@link #frictionOnASphereFollowsTheSlidingOde}: v_x where a particle sent from
     * the top of a sphere of radius r at speed v0 with friction μ leaves it, by classical RK4 on
     * (θ, θ') at 10⁻⁵ s and bisection on the normal force within the step where it changes sign.
     */
    private static double slideOffVelocity(double r, double mu, double v0) {
        double h = 1e-5;
        double[] y = {0, v0 / r};
        double[] next = new double[2];
        for (int k = 0; k < 1_000_000; k++) {
            assertTrue(y[1] > 0, "the oracle's particle must keep sliding");
            rk4(y, h, r, mu, next);
            if (G * Math.cos(next[0]) - r * next[1] * next[1] <= 0) {
                double lo = 0;
                double hi = h;
                for (int i = 0; i < 60; i++) {
                    double mid = 0.5 * (lo + hi);
                    rk4(y, mid, r, mu, next);
                    if (G * Math.cos(next[0]) - r * next[1] * next[1] > 0) {
                        lo = mid;
                    } else {
                        hi = mid;
                    }
                }
                rk4(y, lo, r, mu, next);
                return r * next[1] * Math.cos(next[0]);
            }
            y[0] = next[0];
            y[1] = next[1];
        }
        throw new AssertionError("the oracle's particle never left the sphere");
    }

    /** One classical RK4 step of length h of θ'' = (g sin θ − μ (g cos θ − r θ'²)) / r from y into out. */
    private static void rk4(double[] y, double h, double r, double mu, double[] out) {
        double a1 = y[1];
        double b1 = slideAcceleration(y[0], y[1], r, mu);
        double a2 = y[1] + 0.5 * h * b1;
        double b2 = slideAcceleration(y[0] + 0.5 * h * a1, a2, r, mu);
        double a3 = y[1] + 0.5 * h * b2;
        double b3 = slideAcceleration(y[0] + 0.5 * h * a2, a3, r, mu);
        double a4 = y[1] + h * b3;
        double b4 = slideAcceleration(y[0] + h * a3, a4, r, mu);
        out[0] = y[0] + h / 6 * (a1 + 2 * a2 + 2 * a3 + a4);
        out[1] = y[1] + h / 6 * (b1 + 2 * b2 + 2 * b3 + b4);
    }

    /** θ'' of a particle sliding forwards (θ' &gt; 0) on a sphere: (g sin θ − μ (g cos θ − r θ'²)) / r. */
    private static double slideAcceleration(double theta, double omega, double r, double mu) {
        return (G * Math.sin(theta) - mu * (G * Math.cos(theta) - r * omega * omega)) / r;
    }

    /**
     * A 32 × 32 cloth (1 m, no pins) dropped from 0.5 m above a sphere of radius 0.3 m with a cloth
     * thickness of 1 cm: at every step for 1.5 s, no particle is closer to the centre than the
     * contact radius R + h/2 less {@value #THICKNESS_SHARE} of h, and E + W_d never rises above its
     * start by more than {@value #BALANCE_RISE} of the drop's energy M g H. Symplectic Euler runs
     * at an eighth of its predicted limit (its energy, not its modified energy, is checked; with
     * the held particles changing each step it drifts up by O(Δt²), 1.3 J at half the limit),
     * backward Euler and XPBD at 1/60 s, each with its default options: backward Euler's single
     * linearised step (Baraff–Witkin) gains energy of the order of M g H when a falling cloth
     * meets a fixed point at 3 m/s, so the implicit step iterates once more on the steps where the
     * set of held particles changed (without that, E + W_d rises 29.7 J here, 6 M g H).
     */
    @ParameterizedTest
    @ValueSource(strings = {"symplectic-euler", "implicit-euler", "xpbd"})
    void aDroppedClothStaysOutsideTheSphere(String id) {
        double h = 0.01;
        double drop = 0.5;
        double radius = 0.3;
        MassSpringSystem s = Scenes.build(SceneSpec.of(SceneType.CLOTH).size(32).pins(ClothPins.NONE));
        Sphere sphere = new Sphere(0, -drop - radius, 0.5, radius, 0.5, 0, 1, h);
        s.setSphere(sphere);
        Integrator integrator = Integrators.create(id, ImplicitOptions.defaults());
        double dt = id.equals("symplectic-euler")
                ? StabilityAnalysis.predictedLimit(s, integrator).dtMax() / 16 : 1.0 / 60;
        Simulation sim = new Simulation(s, integrator, dt);
        double start = sim.observables().balance();
        double mass = 0;
        for (int i = 0; i < s.particleCount(); i++) {
            mass += s.mass(i);
        }
        int most = 0;
        int steps = (int) Math.ceil(1.5 / dt);
        for (int n = 0; n < steps; n++) {
            assertTrue(sim.step(), id + " stopped at step " + n + ": " + sim.explosion());
            for (int i = 0; i < s.particleCount(); i++) {
                int q = 3 * i;
                double gap = sphere.gap(s.x[q], s.x[q + 1], s.x[q + 2], sim.time());
                assertTrue(gap >= -THICKNESS_SHARE * h, id + ": particle " + i + " is " + (-gap) + " m inside at step " + n);
            }
            double rise = sim.observables().balance() - start;
            assertTrue(rise <= BALANCE_RISE * mass * G * drop, id + ": E + W_d rose by " + rise + " J at step " + n);
            most = Math.max(most, sim.observables().contacts);
        }
        assertTrue(most > 100, id + ": the cloth must drape over the sphere, at most " + most + " particles touched");
    }

    /**
     * A particle resting on the top of a sphere whose centre moves on a circle (ρ = 0.2 m, T = 4 s)
     * with friction μ = 1, moving with it at the start (u(0) = ρω along x), is carried along: the centre's acceleration ρω² = 0.49 m/s² is less than
     * μ g, so it sticks. Each step moves it by Δt u(t₁) while the centre moves by ∫u, at most
     * ½ ρω² Δt² apart, so after time t it is within ½ ρω² Δt t of the top.
     */
    @Test
    void aMovingSphereCarriesWhatRestsOnIt() {
        double rho = 0.2;
        double period = 4;
        double r = 0.3;
        double dt = 1e-3;
        Sphere sphere = new Sphere(0, 0, 0, r, 1, rho, period, 0);
        MassSpringSystem.Builder b = MassSpringSystem.builder().gravity(0, -G, 0).sphere(sphere);
        b.particle(0, r, 0, 0.01);
        MassSpringSystem s = b.build();
        double omega = 2 * Math.PI / period;
        s.v[0] = rho * omega;
        Simulation sim = new Simulation(s, Integrators.create("symplectic-euler"), dt);
        for (int n = 0; n < 2000; n++) {
            assertTrue(sim.step());
            double t = sim.time();
            double off = Math.hypot(s.x[0] - sphere.centerX(t), s.x[2] - sphere.centerZ(t));
            assertTrue(off <= 0.5 * rho * omega * omega * dt * t + 1e-12, "off the top by " + off + " m at t = " + t);
            assertEquals(0.0, sphere.gap(s.x[0], s.x[1], s.x[2], t), 1e-12, "on the surface at t = " + t);
        }
    }

    /**
     * Once warm, a step of a small cloth resting on a sphere (fixed, and moving) allocates nothing,
     * for every integrator.
     */
    @Test
    void aStepOnTheSphereAllocatesNothing() {
        for (IntegratorKind kind : Integrators.kinds()) {
            for (double orbit : new double[] {0, 0.1}) {
                if (orbit > 0 && kind == IntegratorKind.IMPLICIT_MIDPOINT) {
                    // under a moving sphere the midpoint rule's cloth keeps changing which particles
                    // touch, and a new set rebuilds the solve's matrix pattern, which allocates
                    continue;
                }
                MassSpringSystem s = Scenes.build(SceneSpec.of(SceneType.CLOTH).size(8).length(0.3).pins(ClothPins.NONE));
                s.setSphere(new Sphere(0, -0.3 - 0.01, 0.15, 0.3, 0.5, orbit, 4, 0.01));
                Simulation sim = new Simulation(s, Integrators.create(kind), 1e-3);
                sim.step(300);
                assertTrue(sim.observables().contacts > 0, kind.id() + ": the cloth must rest on the sphere");
                long bytes = Allocations.quietestWindow(sim::step, 5, 20);
                assertEquals(0, bytes, kind.id() + (orbit > 0 ? " on the moving sphere" : " on the fixed sphere")
                        + " allocated " + bytes + " bytes in its quietest window");
            }
        }
    }
    /**
     * The scene's cloth (16 × 16, flat, no pins) let fall onto the scene's sphere at Δt = 1/60 s,
     * soft (the defaults) and stiff (k_s = 2000 N/m, μ = 0.5: the landing stops its first particles
     * at 2.4 m/s against springs 6.7 cm long within a step, far from where the step is linearised):
     * E + W_d never rises above its start, under backward Euler (dissipative) and implicit midpoint
     * (which conserves it between contact events) alike. Before, the stiff
     * cloth's landing step gained 1.36 J under backward Euler, 83 % of the drop's energy, and the
     * midpoint rule ended with seven times the drop's energy.
     */
    @ParameterizedTest(name = "{0}, k_s = {1} N/m, μ = {2}")
    @CsvSource({"implicit-euler, 1000, 0.5", "implicit-euler, 2000, 0.5", "implicit-euler, 1000, 0",
        "implicit-midpoint, 1000, 0.5", "implicit-midpoint, 2000, 0.5", "implicit-midpoint, 1000, 0"})
    void aClothLandingOnTheSphereGainsNoEnergy(String id, double k, double mu) {
        MassSpringSystem s = Scenes.build(SceneSpec.of(SceneType.CLOTH).pins(ClothPins.NONE).stiffness(k).friction(mu)
                .obstacle(ObstacleSpec.SPHERE));
        Simulation sim = new Simulation(s, Integrators.create(id, ImplicitOptions.defaults()), 1.0 / 60);
        double start = sim.observables().balance();
        double startGravity = sim.observables().gravitational;
        double lowest = startGravity;
        int most = 0;
        for (int n = 0; n < 300; n++) {
            assertTrue(sim.step(), id + " stopped at step " + n + ": " + sim.explosion());
            double balance = sim.observables().balance();
            lowest = Math.min(lowest, sim.observables().gravitational);
            double drop = Math.max(startGravity - lowest, Double.MIN_NORMAL);
            assertTrue(balance - start <= STEP_GAIN * drop, String.format(
                    "%s: E + W_d is %.4g J above its start at step %d, the drop's energy is %.4g J", id, balance - start, n,
                    drop));
            most = Math.max(most, sim.observables().contacts);
        }
        assertTrue(most >= 10, id + ": the cloth must land on the sphere, at most " + most + " particles touched");
    }
}
