package dev.hooke.core.integrate;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.Allocations;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.scene.ClothPins;
import dev.hooke.core.scene.Perturbation;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.scene.Scenes;
import dev.hooke.core.sim.Simulation;
import dev.hooke.core.solve.PreconditionerKind;
import dev.hooke.core.solve.SolveOutcome;
import dev.hooke.core.solve.SolverKind;
import dev.hooke.core.stability.StabilityAnalysis;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/** What both implicit integrators share: names, factory, pins, failure handling, allocation. */
class ImplicitIntegratorsTest {

    private static final double DT = 1.0 / 60;
    private static final int WINDOW = 5;
    private static final int WINDOWS = 20;
    /** A cloth edge with more springs than {@code Team.PARALLEL_MIN_SPRINGS}: 13 346 springs. */
    private static final int PARALLEL_CLOTH = 48;

    @Test
    void kindsAreNamedAndImplicit() {
        assertEquals(IntegratorKind.IMPLICIT_EULER, IntegratorKind.fromId("implicit-euler"));
        assertEquals(IntegratorKind.IMPLICIT_MIDPOINT, IntegratorKind.fromId("implicit-midpoint"));
        assertTrue(IntegratorKind.IMPLICIT_EULER.isImplicit());
        assertTrue(IntegratorKind.IMPLICIT_MIDPOINT.isImplicit());
        assertInstanceOf(BackwardEuler.class, Integrators.create("implicit-euler"));
        assertInstanceOf(ImplicitMidpoint.class, Integrators.create("implicit-midpoint"));
        ImplicitOptions o = ImplicitOptions.defaults().withSolver(SolverKind.CHOLESKY);
        assertEquals(o, ((BackwardEuler) Integrators.create(IntegratorKind.IMPLICIT_EULER, o)).options());
        assertEquals(o, ((ImplicitMidpoint) Integrators.create("implicit-midpoint", o)).options());
    }

    @ParameterizedTest
    @ValueSource(strings = {"implicit-euler", "implicit-midpoint"})
    void stabilityAnalysisReportsNoLimit(IntegratorKind kind) {
        MassSpringSystem s = Scenes.build(SceneSpec.of(SceneType.CHAIN));
        assertEquals(Double.POSITIVE_INFINITY, StabilityAnalysis.predictedLimit(s, kind, 0).dtMax());
        assertEquals(Double.POSITIVE_INFINITY, StabilityAnalysis.modalLimit(kind, 100, 0, 0));
    }

    @ParameterizedTest
    @ValueSource(strings = {"implicit-euler", "implicit-midpoint"})
    void pinnedParticlesNeverMove(IntegratorKind kind) {
        MassSpringSystem s = Scenes.build(SceneSpec.of(SceneType.CLOTH).size(8).pins(ClothPins.TOP)
                .perturbation(Perturbation.RANDOM).displacement(0.01).velocity(0.3).seed(5));
        double[] start = s.x.clone();
        Integrator in = Integrators.create(kind);
        for (int i = 0; i < 30; i++) {
            in.step(s, DT);
        }
        for (int i = 0; i < s.particleCount(); i++) {
            if (s.isPinned(i)) {
                for (int k = 0; k < 3; k++) {
                    assertEquals(start[3 * i + k], s.x[3 * i + k], 0.0);
                    assertEquals(0.0, s.v[3 * i + k], 0.0);
                }
            }
        }
        assertTrue(in.solverStats().converged);
        assertTrue(in.solverStats().iterations > 0);
        assertEquals(in.solverStats().historyLength, in.solverStats().iterations + 1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"implicit-euler", "implicit-midpoint"})
    void nonFiniteStateIsReportedNotThrown(IntegratorKind kind) {
        MassSpringSystem s = Scenes.build(SceneSpec.of(SceneType.CLOTH).size(6));
        s.v[3 * 10 + 1] = Double.NaN;
        Integrator in = Integrators.create(kind);
        assertDoesNotThrow(() -> in.step(s, DT));
        assertFalse(in.solverStats().converged);
        assertEquals(SolveOutcome.BREAKDOWN, in.solverStats().outcome);
    }

    @ParameterizedTest
    @ValueSource(strings = {"implicit-euler", "implicit-midpoint"})
    void iterationCapIsReported(IntegratorKind kind) {
        MassSpringSystem s = Scenes.build(SceneSpec.of(SceneType.CLOTH).size(10).stiffness(1e4)
                .perturbation(Perturbation.RANDOM).displacement(0.01).seed(8));
        Integrator in = Integrators.create(kind, ImplicitOptions.defaults().withMaxIterations(2).withTolerance(1e-10));
        in.step(s, DT);
        assertFalse(in.solverStats().converged);
        assertEquals(SolveOutcome.ITERATION_CAP, in.solverStats().outcome);
        assertEquals(2, in.solverStats().iterations);
        assertTrue(in.solverStats().finalResidual < in.solverStats().initialResidual);
    }

    @Test
    void optionsChangeBetweenSteps() {
        MassSpringSystem s = Scenes.build(SceneSpec.of(SceneType.CLOTH).size(6));
        BackwardEuler be = new BackwardEuler();
        be.step(s, DT);
        be.setOptions(be.options().withSolver(SolverKind.CHOLESKY).withNewtonIterations(2));
        be.step(s, DT);
        assertEquals(SolverKind.CHOLESKY, be.linearSolver().kind());
        assertEquals(0, be.solverStats().iterations);
        assertTrue(be.solverStats().converged);
    }

    /**
     * After the first step at a given size, a step allocates nothing, CG and EJML Cholesky paths
     * alike (EJML reuses its workspaces once the structure is locked), with three Newton iterations
     * so that the re-linearisation is covered too, in the integrator and in a {@link Simulation}
     * step (observables, explosion check). Measured with the JVM's per-thread allocation counter
     * over windows of {@value #WINDOW} steps ({@link Allocations}): the optimising compiler now and
     * then charges a few hundred bytes of its own to the thread, so the test asks for a window
     * with no allocation at all, which a step that allocates would never give.
     */
    @ParameterizedTest
    @EnumSource(SolverKind.class)
    void stepAllocatesNothingAfterTheFirst(SolverKind solver) {
        ImplicitOptions options = ImplicitOptions.defaults().withSolver(solver).withNewtonIterations(3);
        for (IntegratorKind kind : Arrays.asList(IntegratorKind.IMPLICIT_EULER, IntegratorKind.IMPLICIT_MIDPOINT)) {
            MassSpringSystem s = Scenes.build(SceneSpec.of(SceneType.CLOTH).size(10));
            Integrator in = Integrators.create(kind, options);
            in.step(s, DT);
            assertEquals(0, Allocations.quietestWindow(() -> in.step(s, DT), WINDOW, WINDOWS),
                    kind + " with " + solver + ": bytes allocated in the quietest " + WINDOW + " steps");
            Simulation sim = new Simulation(s, in, DT);
            sim.step();
            assertEquals(0, Allocations.quietestWindow(sim::step, WINDOW, WINDOWS),
                    kind + " with " + solver + ": bytes allocated in the quietest " + WINDOW + " simulation steps");
        }
    }

    /**
     * The same with each CG preconditioner (the two-level one refactorises its coarse matrix every
     * few steps, inside the measured windows).
     */
    @ParameterizedTest
    @EnumSource(PreconditionerKind.class)
    void stepAllocatesNothingWithEachPreconditioner(PreconditionerKind preconditioner) {
        ImplicitOptions options = ImplicitOptions.defaults().withPreconditioner(preconditioner);
        MassSpringSystem s = Scenes.build(SceneSpec.of(SceneType.CLOTH).size(24));
        Integrator in = Integrators.create(IntegratorKind.IMPLICIT_EULER, options);
        in.step(s, DT);
        assertEquals(0, Allocations.quietestWindow(() -> in.step(s, DT), WINDOW, WINDOWS),
                preconditioner + ": bytes allocated in the quietest " + WINDOW + " steps");
    }

    /**
     * The same on two threads, on a cloth large enough for assembly, products, CG's vector passes
     * and forces to run on the integrator's team: neither the caller nor the workers allocate.
     */
    @ParameterizedTest
    @ValueSource(strings = {"implicit-euler", "implicit-midpoint"})
    void parallelStepAllocatesNothing(IntegratorKind kind) {
        for (PreconditionerKind preconditioner : Arrays.asList(PreconditionerKind.BLOCK_JACOBI, PreconditionerKind.TWO_LEVEL,
                PreconditionerKind.SSOR, PreconditionerKind.MULTILEVEL)) {
            MassSpringSystem s = Scenes.build(SceneSpec.of(SceneType.CLOTH).size(PARALLEL_CLOTH));
            Integrator in = Integrators.create(kind, ImplicitOptions.defaults().withTolerance(1e-3).withNewtonIterations(2)
                    .withPreconditioner(preconditioner));
            in.setThreads(2);
            in.step(s, DT);
            in.step(s, DT);
            assertEquals(0, Allocations.quietestWindow(() -> in.step(s, DT), 3, WINDOWS / 2),
                    kind + " with " + preconditioner + ": bytes allocated in the quietest 3 steps on two threads");
        }
    }
}
