package dev.hooke.core.integrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.Tolerances;
import dev.hooke.core.force.Forces;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.observe.Observables;
import dev.hooke.core.scene.ClothPins;
import dev.hooke.core.scene.Perturbation;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.scene.Scenes;
import dev.hooke.core.stability.StabilityAnalysis;
import dev.hooke.core.stability.StabilityLimit;
import dev.hooke.core.integrate.LimitFormula;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** What PBD, XPBD and the fast mass-spring method share: names, factory, limits, pins, momentum, statistics, allocation. */
class ProjectionIntegratorsTest {

    private static final double DT = 1.0 / 60;
    private static final int WINDOW = 5;
    private static final int WINDOWS = 20;

    @Test
    void kindsAreNamedAndCreated() {
        assertInstanceOf(PositionBasedDynamics.class, Integrators.create("pbd"));
        assertInstanceOf(ExtendedPositionBasedDynamics.class, Integrators.create("xpbd"));
        assertInstanceOf(FastMassSpring.class, Integrators.create("fast-mass-spring"));
        for (IntegratorKind kind : IntegratorKind.values()) {
            boolean projection = kind == IntegratorKind.PBD || kind == IntegratorKind.XPBD
                    || kind == IntegratorKind.FAST_MASS_SPRING;
            assertEquals(projection, kind.isProjection(), kind.id());
            assertEquals(projection, Integrators.create(kind) instanceof ProjectionIntegrator, kind.id());
            assertEquals(kind.isImplicit() || projection, kind.isUnconditionallyStable(), kind.id());
            assertEquals(kind, Integrators.create(kind).kind());
            if (projection) {
                assertFalse(kind.isImplicit(), kind.id() + " takes no Newton options");
                assertEquals(ProjectionIntegrator.DEFAULT_ITERATIONS, ((ProjectionIntegrator) Integrators.create(kind)).iterations());
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"pbd", "xpbd", "fast-mass-spring"})
    void stabilityAnalysisReportsNoLimit(IntegratorKind kind) {
        MassSpringSystem s = Scenes.build(SceneSpec.of(SceneType.CHAIN));
        StabilityLimit limit = StabilityAnalysis.predictedLimit(s, Integrators.create(kind));
        assertTrue(limit.unlimited(), limit.describe());
        assertEquals(LimitFormula.PROJECTION_NONE, limit.rule());
        assertEquals("projection: none", limit.rule().text());
        assertEquals(Double.POSITIVE_INFINITY, StabilityAnalysis.modalLimit(kind, 100, 0, 0));
    }

    @ParameterizedTest
    @ValueSource(strings = {"pbd", "xpbd", "fast-mass-spring"})
    void iterationsAreCheckedByName(IntegratorKind kind) {
        ProjectionIntegrator p = (ProjectionIntegrator) Integrators.create(kind);
        p.setIterations(ProjectionIntegrator.MAX_ITERATIONS);
        assertEquals(ProjectionIntegrator.MAX_ITERATIONS, p.iterations());
        for (int bad : new int[] {0, -3, ProjectionIntegrator.MAX_ITERATIONS + 1}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> p.setIterations(bad));
            assertTrue(e.getMessage().startsWith("iterations: "), e.getMessage());
        }
        assertEquals(7, ProjectionIntegrator.parseIterations(" 7 "));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ProjectionIntegrator.parseIterations("many"));
        assertTrue(e.getMessage().startsWith("iterations: ") && e.getMessage().contains("'many'"), e.getMessage());
    }

    /** A cloth hanging from its top row, shaken at random: the top row stays exactly where it was, at rest. */
    @ParameterizedTest
    @ValueSource(strings = {"pbd", "xpbd", "fast-mass-spring"})
    void pinnedParticlesNeverMove(IntegratorKind kind) {
        MassSpringSystem s = Scenes.build(SceneSpec.of(SceneType.CLOTH).size(8).pins(ClothPins.TOP).airDamping(0.01)
                .springDamping(0.01).perturbation(Perturbation.RANDOM).displacement(0.02).velocity(0.5).seed(5));
        double[] start = s.x.clone();
        Integrator in = Integrators.create(kind);
        boolean moved = false;
        for (int i = 0; i < 30; i++) {
            in.step(s, DT);
        }
        for (int i = 0; i < s.particleCount(); i++) {
            for (int k = 0; k < 3; k++) {
                if (s.isPinned(i)) {
                    assertEquals(start[3 * i + k], s.x[3 * i + k], 0.0);
                    assertEquals(0.0, s.v[3 * i + k], 0.0);
                } else {
                    moved |= s.x[3 * i + k] != start[3 * i + k];
                }
            }
        }
        assertTrue(moved, "the free particles must have moved");
    }

    /**
     * Free flight: no pins, no gravity, no air damping, random positions and velocities. The
     * spring projections (PBD, XPBD) move the two ends of a spring by amounts inversely proportional
     * to their masses, and the fast mass-spring method's global matrix M + h²Lₖ has rows of Lₖ that
     * sum to zero: all three keep Σ m v, to round-off (the latter to a direct solve's round-off),
     * and the particles do move relative to each other (the springs act).
     */
    @ParameterizedTest
    @ValueSource(strings = {"pbd", "xpbd", "fast-mass-spring"})
    void freeFlightKeepsMomentum(IntegratorKind kind) {
        MassSpringSystem s = Scenes.build(SceneSpec.of(SceneType.CLOTH).size(6).pins(ClothPins.NONE).gravity(0)
                .springDamping(0.02).perturbation(Perturbation.RANDOM).displacement(0.03).velocity(0.7).seed(11));
        for (int i = 0; i < s.particleCount(); i++) {
            s.setMass(i, 0.001 * (1 + (i % 5)));
        }
        Observables o = new Observables();
        o.measure(s);
        double[] p0 = o.momentum.clone();
        double scale = 0;
        for (int i = 0; i < s.particleCount(); i++) {
            int q = 3 * i;
            scale += s.mass(i) * Math.sqrt(s.v[q] * s.v[q] + s.v[q + 1] * s.v[q + 1] + s.v[q + 2] * s.v[q + 2]);
        }
        double strain0 = o.maxStrain;
        Integrator in = Integrators.create(kind);
        for (int n = 0; n < 200; n++) {
            in.step(s, DT);
        }
        o.measure(s);
        double tolerance = kind == IntegratorKind.FAST_MASS_SPRING ? Tolerances.MOMENTUM_DIRECT_SOLVE : Tolerances.MOMENTUM;
        for (int k = 0; k < 3; k++) {
            assertEquals(p0[k], o.momentum[k], tolerance * scale, kind + " momentum " + k);
        }
        assertTrue(o.maxStrain < 0.5 * strain0, kind + ": the springs must have pulled the random strain in, "
                + strain0 + " -> " + o.maxStrain);
    }

    /**
     * The dissipated work is exactly E(before) − E(after) of each step, E measured here with
     * {@link Forces#mechanicalEnergy}, also in the step after someone else has changed the system
     * (a particle moved, a spring stiffened): the integrator then cannot reuse the energy it
     * measured at the end of its previous step.
     */
    @ParameterizedTest
    @ValueSource(strings = {"pbd", "xpbd", "fast-mass-spring"})
    void dissipatedWorkIsTheEnergyEachStepRemoved(IntegratorKind kind) {
        MassSpringSystem s = Scenes.build(SceneSpec.of(SceneType.CLOTH).size(8).springDamping(0.01)
                .perturbation(Perturbation.RANDOM).displacement(0.02).velocity(0.2).seed(5));
        Integrator in = Integrators.create(kind);
        for (int n = 0; n < 6; n++) {
            if (n == 2) {
                int q = 3 * (s.particleCount() - 1);
                s.setParticleState(s.particleCount() - 1, s.x[q], s.x[q + 1] - 0.05, s.x[q + 2], 0, 0, 0);
            }
            if (n == 4) {
                s.setStiffness(0, 3 * s.stiffness(0));
            }
            double before = Forces.mechanicalEnergy(s, s.x, s.v);
            in.step(s, DT);
            double removed = before - Forces.mechanicalEnergy(s, s.x, s.v);
            assertEquals(removed, in.dissipatedWork(), "step " + n);
        }
    }

    /**
     * The statistics describe the step just taken: the iteration count set, the strains of the
     * positions left in the system (the largest equals the observables' max strain, every spring
     * having k_s &gt; 0 and L &gt; 0), and a last correction that shrinks as the iterations grow.
     */
    @ParameterizedTest
    @ValueSource(strings = {"pbd", "xpbd", "fast-mass-spring"})
    void statisticsDescribeTheStep(IntegratorKind kind) {
        double[] corrections = new double[2];
        int[] counts = {4, 40};
        for (int c = 0; c < 2; c++) {
            MassSpringSystem s = Scenes.build(SceneSpec.of(SceneType.CLOTH).size(8)
                    .perturbation(Perturbation.RANDOM).displacement(0.02).velocity(0.2).seed(3));
            ProjectionIntegrator in = (ProjectionIntegrator) Integrators.create(kind);
            in.setIterations(counts[c]);
            for (int i = 0; i < 5; i++) {
                in.step(s, DT);
            }
            ProjectionStats st = in.projectionStats();
            Observables o = new Observables();
            o.measure(s);
            assertEquals(counts[c], st.iterations);
            assertEquals(s.springCount(), st.springs);
            assertEquals(o.maxStrain, st.maxStrain, Tolerances.FORMULA * o.maxStrain);
            assertTrue(st.rmsStrain > 0 && st.rmsStrain <= st.maxStrain, st.rmsStrain + " vs " + st.maxStrain);
            corrections[c] = st.lastCorrection;
            ProjectionStats copy = new ProjectionStats();
            copy.copyFrom(st);
            assertEquals(st.rmsStrain, copy.rmsStrain);
            assertEquals(st.lastCorrection, copy.lastCorrection);
        }
        assertTrue(corrections[1] < 0.5 * corrections[0], kind + ": last correction " + corrections[0]
                + " m with 4 iterations, " + corrections[1] + " m with 40");
    }

    /**
     * After the first step, a step allocates nothing (the fast mass-spring method factorises on its
     * first step and then only solves). Measured with the JVM's per-thread allocation counter as
     * in {@code ImplicitIntegratorsTest}: the quietest window of {@value #WINDOW} steps must
     * allocate no byte at all.
     */
    @ParameterizedTest
    @ValueSource(strings = {"pbd", "xpbd", "fast-mass-spring"})
    void stepAllocatesNothingAfterTheFirst(IntegratorKind kind) {
        ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        Assumptions.assumeTrue(bean instanceof com.sun.management.ThreadMXBean);
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) bean;
        Assumptions.assumeTrue(mx.isThreadAllocatedMemorySupported() && mx.isThreadAllocatedMemoryEnabled());
        long thread = Thread.currentThread().getId();
        MassSpringSystem s = Scenes.build(SceneSpec.of(SceneType.CLOTH).size(10).airDamping(0.01).springDamping(0.01));
        Integrator in = Integrators.create(kind);
        in.step(s, DT);
        long least = Long.MAX_VALUE;
        for (int w = 0; w < WINDOWS; w++) {
            long before = mx.getThreadAllocatedBytes(thread);
            for (int i = 0; i < WINDOW; i++) {
                in.step(s, DT);
            }
            least = Math.min(least, mx.getThreadAllocatedBytes(thread) - before);
        }
        assertEquals(0, least, kind + ": bytes allocated in the quietest " + WINDOW + " steps");
    }
}
