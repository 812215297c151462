package dev.hooke.core.integrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.Tolerances;
import dev.hooke.core.Allocations;
import dev.hooke.core.DampedOscillator;
import dev.hooke.core.SpringProbe;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.model.SpringKind;
import dev.hooke.core.observe.Observables;
import dev.hooke.core.scene.ClothPins;
import dev.hooke.core.scene.Perturbation;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.scene.Scenes;
import dev.hooke.core.sim.ExplosionReport;
import dev.hooke.core.sim.Simulation;
import dev.hooke.core.stability.StabilityAnalysis;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * What every explicit integrator must do, checked against closed forms. Each integrator has a
 * subclass that states its order, its exact energy law on the linear oscillator and its stability
 * limit on one spring.
 *
 * <p>The oscillator is the {@code spring} scene without gravity, read along the spring's axis
 * ({@link SpringProbe}): x'' = −ω²x − 2ζωx' exactly, ω = 10 rad/s, x0 = 0.1 m, v0 = 0.5 m/s.
 */
abstract class ExplicitIntegratorContract {

    /** The end time of the convergence study; in s. A power of two, so that h = 2^−j divides it. */
    static final double T_END = 1.0;
    /** Successive halvings of h in the convergence study. */
    static final int HALVINGS = 4;
    /** ζ of the damped oscillator in the convergence study. */
    static final double ZETA = 0.1;
    /** A cloth edge with more springs than {@code Team.PARALLEL_MIN_SPRINGS}: 13 346 springs. */
    static final int PARALLEL_CLOTH = 48;
    /** Steps per allocation window. */
    static final int ALLOCATION_WINDOW = 5;
    /** Allocation windows; the quietest must allocate nothing. */
    static final int ALLOCATION_WINDOWS = 20;

    /**
     * One configuration of the integrator under test.
     *
     * @param name             for messages
     * @param make             creates a fresh integrator
     * @param springLimitOmega the predicted stability limit on one undamped spring times ω
     *                         (0: unstable at every Δt)
     * @param momentumFactor   what one step multiplies the momentum by in free flight: 1, or 1 − δ
     *                         for position Verlet, whose δ drags every particle like air damping
     */
    record Variant(String name, Supplier<Integrator> make, double springLimitOmega, double momentumFactor) {
    }

    /** A new integrator of the kind under test, in its configuration for the accuracy tests. */
    abstract Integrator newIntegrator();

    /** p, the global order of accuracy. */
    abstract int order();

    /**
     * j of the coarsest step h = 2^−j s of the convergence study: where the leading error term
     * dominates (the next term changes the order by under 0.07) and round-off stays 10³ below
     * the error at the finest of the {@value #HALVINGS} halvings.
     */
    abstract int coarsestLevel();

    /**
     * A quadratic form Q(x, v) that the method maps to {@link #lawRatio} · Q exactly in one step of
     * the linear oscillator x'' = −ω²x (per unit mass; x the displacement from rest and v = x').
     */
    abstract double lawQuantity(double x, double v, double h, double omega);

    /** The exact factor by which one step multiplies {@link #lawQuantity}. */
    abstract double lawRatio(double h, double omega);

    /** The step used for the energy law; hω = 0.5 unless a method needs a smaller one; in s. */
    double energyLawStep() {
        return 0.05;
    }

    /**
     * hω_max for the free-flight test: 0.3, well inside every limit; explicit Euler needs less
     * (its energy grows by 1 + h²ω² per step).
     */
    double freeFlightStepOmega() {
        return 0.3;
    }

    /** The predicted stability limit on one undamped spring, times ω (0: unstable at every Δt). */
    abstract double springLimitOmega();

    /** Every configuration the robustness tests must hold for. */
    List<Variant> variants() {
        return List.of(new Variant(newIntegrator().kind().id(), this::newIntegrator, springLimitOmega(), 1.0));
    }

    // ------------------------------------------------------------------ accuracy

    @Test
    void undampedOscillatorConvergesToTheClosedFormAtTheMethodsOrder() {
        assertConvergesAtOrder(0.0);
    }

    @Test
    void dampedOscillatorConvergesToTheClosedFormAtTheMethodsOrder() {
        assertConvergesAtOrder(ZETA);
    }

    /**
     * Errors at t = {@value #T_END} s with h = 2^−j, j = coarsest … coarsest + 4, in the phase-space
     * norm √(δx² + (δv/ω)²) (which does not vanish by chance at one instant as δx alone can);
     * each successive order log₂(e(h)/e(h/2)) is within {@link Tolerances#ORDER} of p.
     */
    private void assertConvergesAtOrder(double zeta) {
        DampedOscillator exact = SpringProbe.exact(zeta);
        double[] errors = new double[HALVINGS + 1];
        for (int j = 0; j <= HALVINGS; j++) {
            int level = coarsestLevel() + j;
            double h = Math.scalb(1.0, -level);
            MassSpringSystem s = SpringProbe.build(SpringProbe.dampingFor(zeta));
            Integrator integrator = newIntegrator();
            long steps = Math.round(T_END / h);
            for (long n = 0; n < steps; n++) {
                integrator.step(s, h);
            }
            double dx = SpringProbe.displacement(s) - exact.position(T_END);
            double dv = SpringProbe.velocity(s) - exact.velocity(T_END);
            errors[j] = Math.hypot(dx, dv / SpringProbe.OMEGA);
        }
        for (int j = 0; j < HALVINGS; j++) {
            double measured = Math.log(errors[j] / errors[j + 1]) / Math.log(2);
            assertEquals(order(), measured, Tolerances.ORDER, String.format(Locale.ROOT,
                    "ζ = %s: order between h = 2^-%d and 2^-%d (errors %.3e, %.3e)", zeta,
                    coarsestLevel() + j, coarsestLevel() + j + 1, errors[j], errors[j + 1]));
        }
    }

    @Test
    void motionAlongTheSpringAxisStaysOnIt() {
        MassSpringSystem s = SpringProbe.build(SpringProbe.dampingFor(ZETA));
        Integrator integrator = newIntegrator();
        for (int n = 0; n < 1000; n++) {
            integrator.step(s, 0.01);
            assertEquals(0.0, s.x[3], "x of the bob, step " + n);
            assertEquals(0.0, s.x[5], "z of the bob, step " + n);
            assertEquals(0.0, s.v[3], "v_x of the bob, step " + n);
            assertEquals(0.0, s.v[5], "v_z of the bob, step " + n);
        }
    }

    /**
     * The exact energy law of the method on the undamped oscillator: every step multiplies
     * {@link #lawQuantity} by {@link #lawRatio}, to {@link Tolerances#ENERGY_LAW_PER_STEP}, and
     * 10⁴ steps by its power, to {@link Tolerances#ENERGY_LAW_GLOBAL}.
     */
    @Test
    void energyFollowsTheMethodsExactLaw() {
        double h = energyLawStep();
        double w = SpringProbe.OMEGA;
        double ratio = lawRatio(h, w);
        MassSpringSystem s = SpringProbe.build(0);
        Integrator integrator = newIntegrator();
        double q0 = lawQuantity(SpringProbe.displacement(s), SpringProbe.velocity(s), h, w);
        double q = q0;
        int steps = 10_000;
        for (int n = 1; n <= steps; n++) {
            integrator.step(s, h);
            assertTrue(SpringProbe.displacement(s) > -SpringProbe.L, "the spring must keep a positive length");
            double next = lawQuantity(SpringProbe.displacement(s), SpringProbe.velocity(s), h, w);
            assertEquals(1.0, next / (ratio * q), Tolerances.ENERGY_LAW_PER_STEP, "step " + n);
            q = next;
        }
        assertEquals(1.0, q / (Math.pow(ratio, steps) * q0), Tolerances.ENERGY_LAW_GLOBAL, "after " + steps + " steps");
    }

    // ------------------------------------------------------------------ robustness

    /**
     * Pinned particles do not move by a single bit, with gravity, with springs pulling on them,
     * and even with a stray velocity written into their slot of {@code v}: a hanging chain and a
     * cloth pinned at its corners.
     */
    @Test
    void pinnedParticlesNeverMove() {
        for (Variant variant : variants()) {
            MassSpringSystem chain = Scenes.build(SceneSpec.of(SceneType.CHAIN).nodes(8).gravity(9.81));
            MassSpringSystem cloth = Scenes.build(SceneSpec.of(SceneType.CLOTH).size(5).gravity(9.81)
                    .verticalCloth(false).pins(ClothPins.CORNERS));
            for (MassSpringSystem s : List.of(chain, cloth)) {
                double[] start = s.x.clone();
                for (int i = 0; i < s.particleCount(); i++) {
                    if (s.isPinned(i)) {
                        s.v[3 * i + 1] = 3.0; // a stray velocity: inverse mass 0 must still win
                    }
                }
                Integrator integrator = variant.make().get();
                double h = 0.05 / StabilityAnalysis.omegaMax(s);
                for (int n = 0; n < 500; n++) {
                    integrator.step(s, h);
                }
                boolean anyMoved = false;
                for (int i = 0; i < s.particleCount(); i++) {
                    for (int k = 0; k < 3; k++) {
                        int q = 3 * i + k;
                        if (s.isPinned(i)) {
                            assertEquals(Double.doubleToRawLongBits(start[q]), Double.doubleToRawLongBits(s.x[q]),
                                    variant.name() + ": pinned particle " + i + " moved");
                        } else if (s.x[q] != start[q]) {
                            anyMoved = true;
                        }
                    }
                }
                assertTrue(anyMoved, variant.name() + ": the free particles must have moved");
            }
        }
    }

    /**
     * Two particles at the same point joined by a spring (rest length 0, and rest length 0.5 m:
     * the spring has no direction) make no NaN: both free and falling together, and one pinned
     * with the other thrown through it.
     */
    @Test
    void aZeroLengthSpringMakesNoNaN() {
        for (Variant variant : variants()) {
            for (double rest : new double[] {0.0, 0.5}) {
                for (boolean pinFirst : new boolean[] {false, true}) {
                    MassSpringSystem.Builder b = MassSpringSystem.builder().gravity(0, -9.81, 0);
                    int a = b.particle(0.3, 0.2, -0.1, 1.0);
                    int c = b.particle(0.3, 0.2, -0.1, 1.0);
                    b.spring(a, c, rest, 100.0, 0.5, SpringKind.STRUCTURAL);
                    if (pinFirst) {
                        b.pin(a);
                    }
                    MassSpringSystem s = b.build();
                    if (pinFirst) {
                        s.setParticleState(c, 0.3, 0.2, -0.1, 0.5, 0.0, 0.0);
                    }
                    Integrator integrator = variant.make().get();
                    Observables obs = new Observables();
                    String what = variant.name() + ", rest length " + rest + (pinFirst ? ", one end pinned" : ", both free");
                    for (int n = 0; n < 200; n++) {
                        integrator.step(s, 0.001);
                        for (int q = 0; q < 6; q++) {
                            assertTrue(Double.isFinite(s.x[q]) && Double.isFinite(s.v[q]), what + ", step " + n);
                        }
                        obs.measure(s);
                        assertTrue(obs.isFinite(), what + ": observables at step " + n);
                    }
                    if (!pinFirst) {
                        for (int k = 0; k < 3; k++) {
                            assertEquals(s.x[k], s.x[3 + k], what + ": the two particles fall together");
                        }
                        assertTrue(s.v[1] < -1.9, what + ": they fall");
                    }
                }
            }
        }
    }

    /**
     * A run far above the limit (Δt = 10 · 2/ω on one spring) explodes without an exception:
     * the simulation is marked exploded, its report names the method, the step, Δt and the
     * limit (checked against the closed form), and further steps return false.
     */
    @Test
    void anExplosionNeverThrows() {
        for (Variant variant : variants()) {
            MassSpringSystem s = SpringProbe.build(0);
            double dt = 10 * 2 / SpringProbe.OMEGA;
            Integrator integrator = variant.make().get();
            Simulation sim = new Simulation(s, integrator, dt);
            int guard = 0;
            while (sim.step()) {
                assertTrue(++guard < 10_000, variant.name() + ": never exploded");
            }
            assertTrue(sim.exploded(), variant.name());
            ExplosionReport report = sim.explosion();
            assertNotNull(report, variant.name());
            assertEquals(integrator.kind(), report.integrator());
            assertEquals(dt, report.dt());
            assertEquals(sim.steps(), report.step());
            String message = report.message();
            assertTrue(message.contains(integrator.kind().displayName()), message);
            assertTrue(message.contains("step " + report.step()), message);
            assertTrue(message.contains(String.format(Locale.ROOT, "%.4g", dt)), message);
            assertTrue(message.contains(String.format(Locale.ROOT, "%.4g", report.time())), message);
            assertNotNull(report.limit(), variant.name() + ": the report carries the predicted limit");
            double expectedLimit = variant.springLimitOmega() / SpringProbe.OMEGA;
            if (expectedLimit == 0) {
                assertTrue(report.limit().unstableAtEveryDt(), message);
                assertTrue(message.contains("unstable at every Δt"), message);
            } else {
                assertEquals(expectedLimit, report.limit().dtMax(), Tolerances.EIGENVALUE * expectedLimit, message);
                assertTrue(message.contains(String.format(Locale.ROOT, "%.4g", expectedLimit)), message);
            }
            long steps = sim.steps();
            double time = sim.time();
            assertFalse(sim.step(), variant.name());
            assertEquals(0, sim.step(10), variant.name());
            assertEquals(0, sim.advance(1.0, 100), variant.name());
            assertEquals(steps, sim.steps(), variant.name());
            assertEquals(time, sim.time(), variant.name());
        }
    }

    /**
     * Momentum is conserved in free flight: no pins, no gravity, no ground, a random perturbation
     * in position and velocity (seeded). Spring forces cancel in pairs, so every step changes
     * Σ m v only by round-off (or multiplies it by the variant's {@code momentumFactor}): {@link Tolerances#MOMENTUM} of Σ m|v|. Position Verlet rebuilds v
     * from (x⁺ − x)/h, which carries a round-off of about ε|x|/(h|v|) relative per particle
     * (bounded, not drifting), so the step is {@link #freeFlightStepOmega()}/ω_max, not smaller.
     */
    @Test
    void momentumIsConservedInFreeFlight() {
        for (Variant variant : variants()) {
            MassSpringSystem cloth = Scenes.build(SceneSpec.of(SceneType.CLOTH).size(6).gravity(0).pins(ClothPins.NONE)
                    .perturbation(Perturbation.RANDOM).displacement(0.01).velocity(1.0).seed(11));
            MassSpringSystem cube = Scenes.build(SceneSpec.of(SceneType.CUBE).size(3).gravity(0)
                    .perturbation(Perturbation.RANDOM).displacement(0.01).velocity(1.0).seed(12));
            cube.setGround(null);
            for (MassSpringSystem s : List.of(cloth, cube)) {
                double[] p0 = momentum(s);
                double scale = 0;
                for (int i = 0; i < s.particleCount(); i++) {
                    scale += s.mass(i) * Math.sqrt(s.v[3 * i] * s.v[3 * i] + s.v[3 * i + 1] * s.v[3 * i + 1]
                            + s.v[3 * i + 2] * s.v[3 * i + 2]);
                }
                assertTrue(Math.abs(p0[0]) + Math.abs(p0[1]) + Math.abs(p0[2]) > 1e-3 * scale,
                        "the perturbation must give the system some momentum to keep");
                Integrator integrator = variant.make().get();
                double h = freeFlightStepOmega() / StabilityAnalysis.omegaMax(s);
                for (int n = 1; n <= 400; n++) {
                    integrator.step(s, h);
                    double[] p = momentum(s);
                    double factor = Math.pow(variant.momentumFactor(), n);
                    for (int k = 0; k < 3; k++) {
                        assertEquals(factor * p0[k], p[k], Tolerances.MOMENTUM * scale,
                                variant.name() + ": momentum component " + k + " at step " + n);
                    }
                }
            }
        }
    }

    /**
     * Once warmed up, a step allocates nothing (workspaces are created once and reused): not in
     * the integrator alone, and not in a {@link Simulation} step, which adds ground contacts,
     * observables and the explosion check. On one thread on a small cloth, and on two threads on
     * a cloth large enough for the force loop to run on the integrator's team (its workers'
     * allocations are counted too).
     */
    @Test
    void aStepAllocatesNothing() {
        for (int threads : new int[] {1, 2}) {
            int size = threads == 1 ? 8 : PARALLEL_CLOTH;
            MassSpringSystem s = Scenes.build(SceneSpec.of(SceneType.CLOTH).size(size).springDamping(0.01).airDamping(0.001));
            Integrator integrator = newIntegrator();
            integrator.setThreads(threads);
            double h = 0.1 / StabilityAnalysis.omegaMax(s);
            for (int n = 0; n < 200; n++) {
                integrator.step(s, h);
            }
            assertEquals(0, Allocations.quietestWindow(() -> integrator.step(s, h), ALLOCATION_WINDOW, ALLOCATION_WINDOWS),
                    threads + " thread(s): bytes allocated in the quietest " + ALLOCATION_WINDOW + " steps");
            Simulation sim = new Simulation(s, integrator, h);
            sim.step(20);
            assertEquals(0, Allocations.quietestWindow(sim::step, ALLOCATION_WINDOW, ALLOCATION_WINDOWS),
                    threads + " thread(s): bytes allocated in the quietest " + ALLOCATION_WINDOW + " simulation steps");
            assertFalse(sim.exploded());
        }
    }

    private static double[] momentum(MassSpringSystem s) {
        double[] p = new double[3];
        for (int i = 0; i < s.particleCount(); i++) {
            for (int k = 0; k < 3; k++) {
                p[k] += s.mass(i) * s.v[3 * i + k];
            }
        }
        return p;
    }
}
