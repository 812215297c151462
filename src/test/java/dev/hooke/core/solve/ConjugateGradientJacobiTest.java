package dev.hooke.core.solve;

import dev.hooke.Tolerances;

class ConjugateGradientJacobiTest extends LinearSolverContractTest {
    @Override
    LinearSolver solver() {
        return new ConjugateGradient(PreconditionerKind.JACOBI.create(), Tolerances.CG_TIGHT_TOLERANCE, 100_000);
    }
}
