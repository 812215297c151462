package dev.hooke.fx.sim;

import static dev.hooke.Tolerances.PARAMETER_ROUND_TRIP;
import static dev.hooke.Tolerances.STABILITY_LIMIT_RELATIVE;
import static dev.hooke.Tolerances.UI_TIMEOUT_SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.scene.SceneFile;
import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.model.SpringKind;
import dev.hooke.core.scene.ClothPins;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.scene.Scenes;
import dev.hooke.core.stability.Equilibrium;
import dev.hooke.core.stability.StabilityAnalysis;
import dev.hooke.core.sim.Simulation;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.testfx.util.WaitForAsyncUtils;

/** The simulation thread, driven without a window: every check reads the engine itself. */
class SimulationRunnerTest {

    private SimulationRunner runner;

    @AfterEach
    void stop() {
        if (runner != null) {
            runner.close();
        }
    }

    private <T> T ask(Function<Simulation, T> question) throws Exception {
        return runner.query(question).get(UI_TIMEOUT_SECONDS, TimeUnit.SECONDS);
    }

    private double number(Function<Simulation, ? extends Number> question) throws Exception {
        return ask(question).doubleValue();
    }

    private static void await(String what, BooleanSupplier condition) {
        try {
            WaitForAsyncUtils.waitFor(UI_TIMEOUT_SECONDS, TimeUnit.SECONDS, condition::getAsBoolean);
        } catch (TimeoutException e) {
            throw new AssertionError("timed out waiting for " + what, e);
        }
    }

    @Test
    void startsPausedWithTheSetupsParameters() throws Exception {
        SceneFile setup = SceneFile.defaults(SceneType.SPRING).withStiffness(40).withMass(2);
        runner = new SimulationRunner(setup);
        Snapshot s = runner.latest();
        assertFalse(s.running());
        assertEquals(0, s.time());
        assertEquals(SceneType.SPRING, s.topology().type());
        assertEquals(40, number(sim -> sim.system().stiffness(0)));
        assertEquals(2, number(sim -> sim.system().mass(1)));
        assertEquals(40, s.parameters().stiffness());
        assertEquals(2, s.parameters().mass());
    }

    @Test
    void parameterChangesReachTheEngineBetweenStepsWithoutAReset() throws Exception {
        runner = new SimulationRunner(SceneFile.defaults(SceneType.CHAIN));
        for (int i = 0; i < 10; i++) {
            runner.stepOnce();
        }
        runner.edit(f -> f.withStiffness(250));
        runner.edit(f -> f.withSpringDamping(0.3));
        runner.edit(f -> f.withMass(0.2));
        runner.edit(f -> f.withGravity(3));
        runner.edit(f -> f.withAirDamping(0.01));
        runner.edit(f -> f.withDt(0.002));
        MassSpringSystem s = ask(sim -> sim.system().copy());
        for (int sp = 0; sp < s.springCount(); sp++) {
            assertEquals(250, s.stiffness(sp));
            assertEquals(0.3, s.springDamping(sp));
        }
        for (int i = 0; i < s.particleCount(); i++) {
            assertEquals(0.2, s.mass(i));
            assertEquals(i == 0, s.isPinned(i), "pins survive a change of mass");
        }
        assertEquals(-3, s.gravity(1));
        assertEquals(0.01, s.airDamping());
        assertEquals(0.002, number(Simulation::dt));
        assertEquals(10, ask(Simulation::steps), "no reset");
        EngineParameters p = runner.latest().parameters();
        assertEquals(new EngineParameters(250, 0.3, 0.2, 3, 0.01), p);
    }

    @Test
    void theClothsSpringKindsKeepTheirRatio() throws Exception {
        runner = new SimulationRunner(SceneFile.defaults(SceneType.CLOTH));
        runner.edit(f -> f.withStiffness(300));
        MassSpringSystem s = ask(sim -> sim.system().copy());
        double shear = SceneFile.defaults(SceneType.CLOTH).stiffnessRatio(SpringKind.SHEAR);
        double bend = SceneFile.defaults(SceneType.CLOTH).stiffnessRatio(SpringKind.BEND);
        assertEquals(0.5, shear, "the cloth's default shear k is half the structural k");
        assertEquals(0.1, bend, "the cloth's default bend k is a tenth of the structural k");
        for (int sp = 0; sp < s.springCount(); sp++) {
            double expected = switch (s.springKind(sp)) {
                case STRUCTURAL -> 300;
                case SHEAR -> 300 * shear;
                case BEND -> 300 * bend;
            };
            assertEquals(expected, s.stiffness(sp), PARAMETER_ROUND_TRIP * expected);
        }
    }

    @Test
    void switchingTheIntegratorKeepsTimeAndState() throws Exception {
        runner = new SimulationRunner(SceneFile.defaults(SceneType.SPRING));
        for (int i = 0; i < 7; i++) {
            runner.stepOnce();
        }
        double[] before = ask(sim -> sim.system().x.clone());
        double t = ask(Simulation::time);
        runner.edit(f -> f.withIntegrator(IntegratorKind.RK4));
        assertEquals(IntegratorKind.RK4, ask(Simulation::integratorKind));
        assertEquals(t, number(Simulation::time));
        assertEquals(7, number(Simulation::steps));
        double[] after = ask(sim -> sim.system().x.clone());
        for (int q = 0; q < before.length; q++) {
            assertEquals(before[q], after[q], "position " + q);
        }
        runner.stepOnce();
        assertEquals(8, number(Simulation::steps));
        assertEquals(IntegratorKind.RK4, runner.latest().integrator());
    }

    @Test
    void theStabilityLimitIsComputedOffTheSimulationThread() throws Exception {
        double k = 100;
        double m = 1;
        runner = new SimulationRunner(SceneFile.defaults(SceneType.SPRING).withStiffness(k).withMass(m));
        await("the first analysis", () -> runner.latest().limitCurrent());
        Snapshot s = runner.latest();
        // a single spring from a pinned anchor: ω = √(k/m), symplectic Euler's limit 2/ω = 2√(m/k)
        double expected = 2 * Math.sqrt(m / k);
        assertEquals(expected, s.limit().dtMax(), STABILITY_LIMIT_RELATIVE * expected);
        assertEquals(expected, s.naiveBound(), STABILITY_LIMIT_RELATIVE * expected);

        runner.edit(f -> f.withStiffness(4 * k));
        await("the analysis after k changed", () -> runner.latest().limitCurrent()
                && runner.latest().parameters().stiffness() == 4 * k);
        assertEquals(expected / 2, runner.latest().limit().dtMax(), STABILITY_LIMIT_RELATIVE * expected);

        runner.edit(f -> f.withIntegrator(IntegratorKind.RK4));
        await("the analysis after the integrator changed", () -> runner.latest().limitCurrent()
                && runner.latest().integrator() == IntegratorKind.RK4);
        // RK4: 2√2/ω
        assertEquals(Math.sqrt(2) * expected / 2, runner.latest().limit().dtMax(), STABILITY_LIMIT_RELATIVE * expected);
    }

    /**
     * A cloth pinned at two corners sags while it runs: the limit its chart samples carry starts
     * at the flat cloth's and, analysed again as the state changes, falls to the limit at the
     * equilibrium the cloth settles into (computed here from the engine's static solve); the
     * snapshot's limit, which the status bar quotes, stays the one of the parameters as set.
     */
    @Test
    void theLimitFollowsTheStateWhileTheClothSags() throws Exception {
        SceneSpec spec = SceneSpec.of(SceneType.CLOTH).size(5).length(1).mass(0.05).structuralStiffness(20)
                .shearStiffness(5).bendStiffness(1).springDamping(0.3).airDamping(0.1).gravity(9.81)
                .pins(ClothPins.CORNERS);
        runner = new SimulationRunner(SceneFile.defaults(SceneType.CLOTH).withSpec(spec)
                .withIntegrator(IntegratorKind.RK4).withDt(0.002));
        await("the first analysis", () -> runner.latest().limitCurrent());
        double flat = StabilityAnalysis.predictedLimit(Scenes.build(spec.copy()), IntegratorKind.RK4, 0).dtMax();
        assertEquals(flat, runner.latest().limit().dtMax(), STABILITY_LIMIT_RELATIVE * flat);
        MassSpringSystem hanging = Scenes.build(spec.copy());
        assertTrue(Equilibrium.solve(hanging).converged());
        double sagging = StabilityAnalysis.predictedLimit(hanging, IntegratorKind.RK4, 0).dtMax();
        assertTrue(sagging < 0.99 * flat, sagging + " vs " + flat);

        runner.setSpeed(4);
        runner.play();
        List<EnergySample> samples = new ArrayList<>();
        await("the limit at the sagging cloth's equilibrium", () -> {
            runner.drainSamples(samples);
            return !samples.isEmpty()
                    && Math.abs(samples.get(samples.size() - 1).limit() - sagging) <= SETTLED_LIMIT_RELATIVE * sagging;
        });
        double highest = samples.stream().mapToDouble(EnergySample::limit).filter(Double::isFinite).max().orElse(0);
        assertEquals(flat, highest, STABILITY_LIMIT_RELATIVE * flat, "the samples start at the flat cloth's limit");
        assertTrue(runner.latest().limitCurrent());
        assertEquals(flat, runner.latest().limit().dtMax(), STABILITY_LIMIT_RELATIVE * flat);
    }

    /** How close to the equilibrium's limit the limit of the settling cloth must come. */
    private static final double SETTLED_LIMIT_RELATIVE = 1e-3;

    @Test
    void anExplosionPausesTheRunnerAndPlayIsRefusedUntilAReset() throws Exception {
        SceneFile setup = SceneFile.defaults(SceneType.SPRING);
        runner = new SimulationRunner(setup);
        runner.edit(f -> f.withDt(0.3));                      // above 2√(m/k) = 0.2 s
        runner.play();
        await("the explosion", () -> runner.latest().exploded());
        ask(sim -> null);
        assertFalse(runner.latest().running(), "paused");
        assertTrue(ask(Simulation::exploded));
        assertTrue(runner.latest().explosion().message().contains("above the limit"),
                runner.latest().explosion().message());
        runner.play();
        ask(sim -> null);
        assertFalse(runner.latest().running(), "play after an explosion is refused");

        int generation = runner.latest().generation();
        runner.load(setup);
        assertFalse(ask(Simulation::exploded));
        assertEquals(0, number(Simulation::time));
        assertEquals(setup.dt(), ask(Simulation::dt));
        Snapshot s = runner.latest();
        assertNull(s.explosion());
        assertEquals(generation + 1, s.generation());
    }

    @Test
    void aRefusedChangeBecomesANoticeAndChangesNothing() throws Exception {
        runner = new SimulationRunner(SceneFile.defaults(SceneType.SPRING));
        long serial = runner.latest().notice().serial();
        runner.edit(f -> f.withMass(-1));
        ask(sim -> null);
        Snapshot s = runner.latest();
        assertEquals(serial + 1, s.notice().serial());
        assertEquals(Notice.Kind.REFUSED, s.notice().kind());
        assertTrue(s.notice().detail().startsWith("mass"), s.notice().detail());
        assertEquals(1, number(sim -> sim.system().mass(1)));
    }

    @Test
    void everyStepTakenOneAtATimeIsSampledWithTheEnginesEnergies() throws Exception {
        runner = new SimulationRunner(SceneFile.defaults(SceneType.SPRING));
        List<EnergySample> samples = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            runner.stepOnce();
        }
        double kinetic = ask(sim -> sim.observables().kinetic);
        double elastic = ask(sim -> sim.observables().elastic);
        double dt = ask(Simulation::dt);
        runner.drainSamples(samples);
        assertEquals(6, samples.size(), "the start and five steps");
        for (int i = 0; i < samples.size(); i++) {
            assertEquals(i * dt, samples.get(i).time(), 1e-15 * (i + 1));
        }
        EnergySample last = samples.get(5);
        assertEquals(kinetic, last.kinetic());
        assertEquals(elastic, last.elastic());
        assertEquals(last.kinetic() + last.elastic() + last.gravitational(), last.total());
    }
}
