package dev.hooke.core.solve;

import dev.hooke.Tolerances;

class ConjugateGradientBlockJacobiTest extends LinearSolverContractTest {
    @Override
    LinearSolver solver() {
        return new ConjugateGradient(PreconditionerKind.BLOCK_JACOBI.create(), Tolerances.CG_TIGHT_TOLERANCE, 100_000);
    }
}
