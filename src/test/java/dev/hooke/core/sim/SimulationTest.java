package dev.hooke.core.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.Tolerances;
import dev.hooke.core.integrate.ImplicitOptions;
import dev.hooke.core.integrate.Integrator;
import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.integrate.Integrators;
import dev.hooke.core.model.Ground;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.scene.Perturbation;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.scene.Scenes;
import dev.hooke.core.solve.SolverKind;
import dev.hooke.core.stability.StabilityAnalysis;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The simulation loop: parameter changes, the explosion detector, ground contact, the energy balance. */
class SimulationTest {

    private static double stableDt(MassSpringSystem s, IntegratorKind kind, double fraction) {
        return fraction * StabilityAnalysis.predictedLimit(s, Integrators.create(kind)).dtMax();
    }

    /**
     * k_s, k_d, mass, gravity and Δt change between two steps, the integrator kept: the same
     * instance goes on exactly (to the bit) as a fresh one started from the state at the change
     * with the new parameters would (so no cached force or history survives the change), and
     * neither time nor state is reset.
     */
    @ParameterizedTest
    @MethodSource("dev.hooke.core.integrate.IntegratorKind#values")
    void parametersChangeBetweenStepsWithoutAReset(IntegratorKind kind) {
        assertChangeContinuesExactly(kind, kind, false);
    }

    /** The same, switching to the integrator under test from symplectic Euler at the change. */
    @ParameterizedTest
    @MethodSource("dev.hooke.core.integrate.IntegratorKind#values")
    void theIntegratorChangesBetweenStepsWithoutAReset(IntegratorKind kind) {
        assertChangeContinuesExactly(IntegratorKind.SYMPLECTIC_EULER, kind, true);
    }

    /**
     * A new integrator of the kind. The implicit ones solve directly (EJML's Cholesky) here: CG's
     * answer depends on its starting guess within its tolerance, so a warm-started instance and a
     * fresh one agree only to that tolerance, while a direct solve makes "to the bit" testable.
     */
    private static Integrator deterministic(IntegratorKind kind) {
        return kind.isImplicit()
                ? Integrators.create(kind, ImplicitOptions.defaults().withSolver(SolverKind.CHOLESKY))
                : Integrators.create(kind);
    }

    private static void assertChangeContinuesExactly(IntegratorKind before, IntegratorKind kind, boolean switchIntegrator) {
        MassSpringSystem s = Scenes.build(SceneSpec.of(SceneType.CHAIN).nodes(8));
        double dt1 = 0.004;
        double dt2 = 0.003;
        Simulation sim = new Simulation(s, deterministic(before), dt1);
        assertEquals(50, sim.step(50));
        double expectedTime = 0;
        for (int n = 0; n < 50; n++) {
            expectedTime += dt1;
        }
        assertEquals(expectedTime, sim.time());

        double[] xAtChange = s.x.clone();
        double[] vAtChange = s.v.clone();
        MassSpringSystem fresh = s.copy();
        for (MassSpringSystem target : List.of(s, fresh)) {
            target.setAllStiffness(140);
            target.setAllSpringDamping(0.05);
            target.setAllMasses(0.07);
            target.setGravity(0, -5, 1);
        }
        sim.parametersChanged();
        sim.setDt(dt2);
        if (switchIntegrator) {
            sim.setIntegrator(deterministic(kind));
        }
        assertTrue(Arrays.equals(xAtChange, s.x) && Arrays.equals(vAtChange, s.v),
                "changing parameters must not touch the state");
        assertEquals(expectedTime, sim.time(), "changing parameters must not reset time");

        Integrator reference = deterministic(kind);
        for (int n = 0; n < 50; n++) {
            assertTrue(sim.step());
            reference.step(fresh, dt2);
            expectedTime += dt2;
        }
        for (int q = 0; q < s.x.length; q++) {
            assertEquals(fresh.x[q], s.x[q], "x[" + q + "]");
            assertEquals(fresh.v[q], s.v[q], "v[" + q + "]");
        }
        assertEquals(100, sim.steps());
        assertEquals(expectedTime, sim.time());
        assertEquals(kind, sim.integratorKind());

        // and the new parameters did matter: the old ones give another state
        MassSpringSystem old = Scenes.build(SceneSpec.of(SceneType.CHAIN).nodes(8));
        System.arraycopy(xAtChange, 0, old.x, 0, xAtChange.length);
        System.arraycopy(vAtChange, 0, old.v, 0, vAtChange.length);
        old.touch();
        Integrator other = Integrators.create(kind);
        for (int n = 0; n < 50; n++) {
            other.step(old, dt2);
        }
        assertNotEquals(old.x[3 * 7 + 1], s.x[3 * 7 + 1]);
    }

    /**
     * A hanging chain, a hanging cloth and a dropped cube, run for 10 s of simulated time at half
     * the predicted limit, never trip the explosion detector.
     */
    @Test
    void theDetectorStaysQuietForLegitimateRuns() {
        List<SceneSpec> scenes = List.of(
                SceneSpec.of(SceneType.CHAIN).nodes(16),
                SceneSpec.of(SceneType.CLOTH).size(12).verticalCloth(true),
                SceneSpec.of(SceneType.CUBE).size(4));
        for (SceneSpec spec : scenes) {
            for (IntegratorKind kind : List.of(IntegratorKind.SYMPLECTIC_EULER, IntegratorKind.VERLET,
                    IntegratorKind.VELOCITY_VERLET)) {
                MassSpringSystem s = Scenes.build(spec);
                double dt = stableDt(s, kind, 0.5);
                Simulation sim = new Simulation(s, Integrators.create(kind), dt);
                int steps = (int) Math.ceil(10.0 / dt);
                int taken = sim.step(steps);
                String what = spec.type().id() + " with " + kind.id() + " at Δt = " + dt;
                assertFalse(sim.exploded(), () -> what + ": " + sim.explosion().message());
                assertEquals(steps, taken, what);
                assertTrue(sim.time() >= 10.0 - 1e-9, what);
            }
        }
    }

    /**
     * Symplectic Euler at 1.05 times its predicted limit explodes, and the detector says so: on one
     * spring, a hanging chain and a hanging cloth.
     */
    @Test
    void theDetectorFiresJustAboveTheLimit() {
        List<SceneSpec> scenes = List.of(
                SceneSpec.of(SceneType.SPRING).perturbation(Perturbation.END).displacement(0.01),
                SceneSpec.of(SceneType.CHAIN).nodes(16),
                SceneSpec.of(SceneType.CLOTH).size(12).verticalCloth(true));
        for (SceneSpec spec : scenes) {
            MassSpringSystem s = Scenes.build(spec);
            double limit = stableDt(s, IntegratorKind.SYMPLECTIC_EULER, 1.0);
            double dt = 1.05 * limit;
            Simulation sim = new Simulation(s, Integrators.create(IntegratorKind.SYMPLECTIC_EULER), dt);
            sim.step((int) Math.ceil(10.0 / dt));
            String what = spec.type().id();
            assertTrue(sim.exploded(), what + " did not explode at 1.05 × the limit");
            ExplosionReport report = sim.explosion();
            assertEquals(dt, report.dt());
            assertEquals(limit, report.limit().dtMax(), Tolerances.EIGENVALUE * limit, what);
            assertTrue(report.message().contains(String.format(Locale.ROOT, "is above the limit %.4g s", limit)),
                    report.message());
        }
    }

    /**
     * One particle dropped from 1 m onto a ground of restitution e: the step that would take it
     * through the plane holds it (v = 0, ½ m v₀² removed), puts it down onto the plane from the
     * height y₀ it started the step at (m g y₀ released) and gives it the rebound e √(v₀² + 2 g y₀),
     * the free-fall speed at the plane times e. W_d records exactly what was taken,
     * (1 − e²)(½ m v₀² + m g y₀), from the state before that step.
     */
    @Test
    void aContactRecordsTheEnergyItRemoves() {
        double e = 0.3;
        double m = 0.25;
        double g = 9.81;
        MassSpringSystem.Builder b = MassSpringSystem.builder().gravity(0, -g, 0).ground(new Ground(0, e, 0.5));
        b.particle(0.2, 1.0, -0.3, m);
        MassSpringSystem s = b.build();
        Simulation sim = new Simulation(s, Integrators.create(IntegratorKind.SYMPLECTIC_EULER), 0.01);
        double vBefore = 0;
        double yBefore = 0;
        while (s.x[1] > 0) {
            vBefore = s.v[1];
            yBefore = s.x[1];
            assertEquals(0.0, sim.observables().dissipated);
            assertTrue(sim.step());
        }
        double arrival = 0.5 * m * vBefore * vBefore + m * g * yBefore;
        assertEquals(0.0, s.x[1]);
        assertEquals(e * Math.sqrt(2 * arrival / m), s.v[1], Tolerances.FORMULA * Math.abs(vBefore));
        double lost = (1 - e * e) * arrival;
        assertEquals(lost, sim.observables().dissipated, Tolerances.FORMULA * arrival);
    }

    /**
     * The cube lands on the ground and stays on or above it at every step. Before the first
     * contact nothing dissipates; the energy the contact removed, all told, is never negative; with
     * restitution 0.3 it is a fair share of the drop's energy.
     */
    @Test
    void theCubeLandsAndStaysAboveTheGround() {
        for (double restitution : new double[] {1.0, 0.3}) {
            SceneSpec spec = SceneSpec.of(SceneType.CUBE).size(3).springDamping(0).restitution(restitution)
                    .friction(restitution == 1.0 ? 0 : 0.5);
            MassSpringSystem s = Scenes.build(spec);
            double dt = stableDt(s, IntegratorKind.SYMPLECTIC_EULER, 0.5);
            Simulation sim = new Simulation(s, Integrators.create(IntegratorKind.SYMPLECTIC_EULER), dt);
            boolean touched = false;
            double dissipated = 0;
            int steps = (int) Math.ceil(2.0 / dt);
            for (int n = 0; n < steps; n++) {
                assertTrue(sim.step(), "step " + n);
                double lowest = Double.POSITIVE_INFINITY;
                for (int i = 0; i < s.particleCount(); i++) {
                    lowest = Math.min(lowest, s.x[3 * i + 1]);
                }
                assertTrue(lowest >= 0, "a particle went below the ground at step " + n);
                double w = sim.observables().dissipated;
                touched |= w != 0;
                assertTrue(w >= 0, "W_d negative at step " + n + ": " + w);
                dissipated = w;
            }
            assertTrue(touched, "the cube must have reached the ground");
            if (restitution != 1.0) {
                assertTrue(dissipated > 0.01 * s.totalMass() * 9.81, "inelastic contact must dissipate, W_d = " + dissipated);
            }
        }
    }
}
