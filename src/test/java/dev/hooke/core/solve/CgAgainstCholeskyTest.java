package dev.hooke.core.solve;

import static dev.hooke.Tolerances.CG_TIGHT_TOLERANCE;
import static dev.hooke.Tolerances.CG_VS_DIRECT_REL;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.force.Forces;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.scene.Perturbation;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.scene.Scenes;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * CG, with each preconditioner, solves the Baraff–Witkin system of a real step to the same answer
 * as EJML's sparse Cholesky factorisation, on a cloth and on a cube, each started from a seeded
 * random displacement and velocity.
 */
class CgAgainstCholeskyTest {

    private static final double H = 1.0 / 60;

    static Stream<Arguments> cases() {
        return Stream.of(SceneType.CLOTH, SceneType.CUBE)
                .flatMap(scene -> Stream.of(PreconditionerKind.values()).map(p -> Arguments.of(scene, p)));
    }

    private static MassSpringSystem scene(SceneType type) {
        SceneSpec spec = SceneSpec.of(type).perturbation(Perturbation.RANDOM).displacement(0.01).velocity(0.5).seed(42);
        if (type == SceneType.CLOTH) {
            spec.size(12).springDamping(0.02);
        }
        return Scenes.build(spec);
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("cases")
    void cgEqualsDirectSolution(SceneType type, PreconditionerKind preconditioner) {
        MassSpringSystem s = scene(type);
        SystemMatrix a = new SystemMatrix();
        int n = a.prepare(s);
        double[] kv = new double[n];
        a.assemble(s, s.x, H, true, s.v, kv);
        double[] f = new double[s.x.length];
        Forces.compute(s, s.x, s.v, f);
        double[] b = new double[n];
        a.gather(f, b);
        for (int q = 0; q < n; q++) {
            b[q] = H * b[q] - H * H * kv[q];
        }

        double[] direct = new double[n];
        LinearSolveStats directStats = new LinearSolveStats();
        new SparseCholesky().solve(a, b, direct, directStats);
        assertTrue(directStats.converged(), directStats.outcome.description());

        double[] cg = new double[n];
        LinearSolveStats cgStats = new LinearSolveStats();
        new ConjugateGradient(preconditioner.create(), CG_TIGHT_TOLERANCE, 100_000).solve(a, b, cg, cgStats);
        assertTrue(cgStats.converged(), cgStats.outcome.description());
        double diff = LinearSolverContractTest.relativeDifference(cg, direct);
        assertTrue(diff <= CG_VS_DIRECT_REL, "relative difference " + diff + " after " + cgStats.iterations + " iterations");
    }
}
