package dev.hooke.core.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.Tolerances;
import dev.hooke.core.Allocations;
import dev.hooke.core.integrate.Integrator;
import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.integrate.Integrators;
import dev.hooke.core.model.Ground;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.observe.Observables;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.scene.Scenes;
import dev.hooke.core.stability.StabilityAnalysis;
import dev.hooke.core.stability.StabilityLimit;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Ground contact: no energy created at a landing, none dissipated at rest, e² bounces. */
class GroundContactTest {

    /** How far the total energy may rise above its start at a landing, relative to the start. */
    static final double LANDING_RISE = 0.01;
    /** How far E + W_d of a resting cube may move from its start, relative to the start. */
    static final double RESTING_BALANCE = 0.01;
    /** Standard gravity; in m/s². */
    static final double G = 9.81;

    static Stream<Arguments> everyIntegratorAtLargeSteps() {
        List<Arguments> out = new ArrayList<>();
        for (IntegratorKind kind : Integrators.kinds()) {
            for (double friction : new double[] {0.5, 0}) {
                out.add(Arguments.of(kind, 1.0 / 60, friction));
                out.add(Arguments.of(kind, 1.0 / 30, friction));
            }
        }
        return out.stream();
    }

    /**
     * The default cube dropped from 1 m: at no step is the total energy K + U_el + U_g above its
     * start by more than {@value #LANDING_RISE} of it, for every integrator at Δt = 1/60 s and
     * 1/30 s. A method with a step limit below 2Δt runs the same cube in slow motion: masses × f,
     * k_d × √f and gravity ÷ f with f = (2Δt / Δt_max)², which is the default cube's motion with
     * time stretched by √f (every term of M ẍ = F scales by 1/f), so Δt is half its limit.
     * With friction μ = 0.5 and without (the bottom then slides). The energy the contact removes
     * in a step, W_c, is never negative: it never gives energy. And E + W_c stays below the start
     * too (the damping's work being at least 0), except for the two methods whose E itself swings
     * at these steps: symplectic Euler keeps a modified energy, from
     * which E differs per mode by up to a factor 1/(1 − h²ω²/4) (a third at hω = 1), and the
     * implicit midpoint rule at hω up to 18 on nonlinear springs (not L-stable: the stiff modes
     * excited by the landing are not damped).
     */
    @ParameterizedTest(name = "{0} at Δt = {1}, μ = {2}")
    @MethodSource("everyIntegratorAtLargeSteps")
    void aLandingCreatesNoEnergy(IntegratorKind kind, double dt, double friction) {
        SceneSpec spec = SceneSpec.of(SceneType.CUBE).friction(friction);
        MassSpringSystem s = Scenes.build(spec);
        double slowMotion = 1;
        StabilityLimit limit = StabilityAnalysis.predictedLimit(s, Integrators.create(kind));
        if (!limit.unlimited() && limit.dtMax() < 2 * dt) {
            slowMotion = Math.pow(2 * dt / limit.dtMax(), 2);
            s.setAllMasses(s.mass(0) * slowMotion);
            s.setAllSpringDamping(s.springDamping(0) * Math.sqrt(slowMotion));
            s.setGravity(0, -G / slowMotion, 0);
        }
        Contact contact = new Contact();
        Integrator integrator = Integrators.create(kind);
        Observables energy = new Observables();
        energy.measure(s);
        double start = energy.total();
        double fall = Math.sqrt(2 * spec.dropHeight() / (G / slowMotion));
        int steps = (int) Math.ceil(3 * fall / dt);
        double contactWork = 0;
        boolean touched = false;
        for (int n = 0; n < steps; n++) {
            double w = contact.step(s, integrator, dt);
            energy.measure(s);
            double e = energy.total();
            assertTrue(e <= start * (1 + LANDING_RISE),
                    kind.id() + ": E = " + e + " J at step " + n + " above the start " + start + " J");
            contactWork += w;
            assertTrue(w >= 0, kind.id() + ": the contact gave back " + (-w) + " J at step " + n);
            if (kind != IntegratorKind.IMPLICIT_MIDPOINT && kind != IntegratorKind.SYMPLECTIC_EULER) {
                assertTrue(e + contactWork <= start * (1 + LANDING_RISE),
                        kind.id() + ": E + W_c = " + (e + contactWork) + " J at step " + n + ", start " + start + " J");
            }
            touched |= w != 0;
        }
        assertTrue(touched, "the cube must reach the ground");
        assertTrue(contactWork > 0, "a landing with e = 0.3 dissipates, W_c = " + contactWork);
    }

    /**
     * The cube set on the ground at rest (drop height 0) sags under its weight and settles; over
     * 2000 steps at Δt = 1 ms, E + W_d stays within {@value #RESTING_BALANCE} of its start for the
     * methods whose own energy error is small there, and the contact, which holds the bottom layer
     * where it is, dissipates nothing at all.
     */
    @ParameterizedTest
    @ValueSource(strings = {"symplectic-euler", "velocity-verlet", "rk4"})
    void aRestingCubeKeepsItsBalance(String id) {
        MassSpringSystem s = Scenes.build(SceneSpec.of(SceneType.CUBE).dropHeight(0));
        Simulation sim = new Simulation(s, Integrators.create(id), 1e-3);
        double start = sim.observables().total();
        Contact probe = new Contact();
        MassSpringSystem twin = s.copy();
        Integrator twinIntegrator = Integrators.create(id);
        double contactWork = 0;
        for (int n = 0; n < 2000; n++) {
            assertTrue(sim.step(), id + " stopped at step " + n);
            contactWork += probe.step(twin, twinIntegrator, 1e-3);
            double balance = sim.observables().total() + sim.observables().dissipated;
            assertEquals(start, balance, RESTING_BALANCE * start, id + ": E + W_d at step " + n);
        }
        assertEquals(0.0, contactWork, id + ": resting contact does no work");
    }

    /**
     * One particle dropped from H = 1 m onto a ground of restitution e rises to e² H, the closed
     * form for a ball in free fall (½ m v² at the plane, a fraction e² of it kept). Velocity Verlet
     * and RK4 follow a parabola exactly, so the only error is sampling the top of the arc at step
     * points: at most g (Δt/2)² / 2. E + W_d stays at its start to round-off throughout.
     */
    @ParameterizedTest
    @ValueSource(doubles = {0.0, 0.3, 0.6, 0.9, 1.0})
    void aParticleBouncesToESquaredOfItsDropHeight(double e) {
        for (IntegratorKind kind : List.of(IntegratorKind.VELOCITY_VERLET, IntegratorKind.RK4)) {
            double dropHeight = 1.0;
            double dt = 1e-3;
            double m = 0.2;
            MassSpringSystem.Builder b = MassSpringSystem.builder().gravity(0, -G, 0).ground(new Ground(0, e, 0.5));
            b.particle(0.1, dropHeight, -0.2, m);
            MassSpringSystem s = b.build();
            Simulation sim = new Simulation(s, Integrators.create(kind), dt);
            double start = sim.observables().total();
            boolean landed = false;
            double top = 0;
            double fall = Math.sqrt(2 * dropHeight / G);
            int steps = (int) Math.ceil((fall + 2 * e * fall + 0.05) / dt);
            for (int n = 0; n < steps; n++) {
                assertTrue(sim.step());
                landed |= sim.observables().dissipated > 0 || (e == 1 && s.x[1] == 0);
                if (landed) {
                    top = Math.max(top, s.x[1]);
                }
                double balance = sim.observables().total() + sim.observables().dissipated;
                assertEquals(start, balance, 1e3 * Tolerances.FORMULA * start, kind.id() + ": balance at step " + n);
            }
            assertTrue(landed, "the particle must land");
            double expected = e * e * dropHeight;
            double sampling = 0.5 * G * (dt / 2) * (dt / 2);
            assertEquals(expected, top, sampling + 1e3 * Tolerances.FORMULA, kind.id() + " with e = " + e);
            assertTrue(top <= expected + 1e3 * Tolerances.FORMULA, kind.id() + ": above e² H");
        }
    }

    /**
     * Once warm, a step of a cube resting on the ground allocates nothing, for every integrator:
     * the contact's prediction, holding and release use the workspace it made for the system.
     */
    @Test
    void aRestingStepAllocatesNothing() {
        for (IntegratorKind kind : Integrators.kinds()) {
            MassSpringSystem s = Scenes.build(SceneSpec.of(SceneType.CUBE).dropHeight(0));
            Simulation sim = new Simulation(s, Integrators.create(kind), 1e-3);
            sim.step(300);
            long bytes = Allocations.quietestWindow(sim::step, 5, 20);
            assertEquals(0, bytes, kind.id() + " allocated " + bytes + " bytes in its quietest window");
        }
    }

    /**
     * A particle sliding on the ground at u = 2 m/s with friction μ: Coulomb's law decelerates it at
     * μ g, so it stops after u / (μ g) s having slid u² / (2 μ g) (closed forms). The step-by-step
     * slide is a Riemann sum of that motion, off by at most one step's travel u Δt in distance and
     * one step in time. All its kinetic energy ends in W_d, to round-off. With μ = 0 it slides on at
     * u, exactly.
     */
    @ParameterizedTest
    @ValueSource(strings = {"symplectic-euler", "rk4", "implicit-euler", "xpbd"})
    void aSlidingParticleStopsWhereCoulombSays(String id) {
        double u = 2;
        double mu = 0.4;
        double dt = 1e-3;
        double m = 0.1;
        MassSpringSystem s = particleOnTheGround(m, mu, u);
        Contact contact = new Contact();
        Integrator integrator = Integrators.create(id);
        double removed = 0;
        int steps = 0;
        while (s.v[0] > 0 && steps < 10_000) {
            removed += contact.step(s, integrator, dt);
            steps++;
            assertEquals(0.0, s.x[1], id + ": the particle stays on the ground");
        }
        double time = u / (mu * G);
        double distance = u * u / (2 * mu * G);
        assertEquals(time, steps * dt, dt, id + ": stopping time");
        assertEquals(distance, s.x[0], u * dt, id + ": sliding distance");
        assertEquals(0.5 * m * u * u, removed, Tolerances.FORMULA * m * u * u, id + ": the contact took the kinetic energy");

        MassSpringSystem f = particleOnTheGround(m, 0, u);
        Contact free = new Contact();
        Integrator freeIntegrator = Integrators.create(id);
        double freeRemoved = 0;
        for (int n = 0; n < 1000; n++) {
            freeRemoved += free.step(f, freeIntegrator, dt);
        }
        assertEquals(u, f.v[0], id + ": no friction, no deceleration");
        assertEquals(u * 1000 * dt, f.x[0], 1e3 * Tolerances.FORMULA, id + ": no friction, x = u t");
        assertEquals(0.0, freeRemoved, id + ": no friction, nothing dissipated");
    }

    private static MassSpringSystem particleOnTheGround(double m, double mu, double u) {
        MassSpringSystem.Builder b = MassSpringSystem.builder().gravity(0, -G, 0).ground(new Ground(0, 0.3, mu));
        b.particle(0, 0, 0, m);
        MassSpringSystem s = b.build();
        s.v[0] = u;
        return s;
    }
}
