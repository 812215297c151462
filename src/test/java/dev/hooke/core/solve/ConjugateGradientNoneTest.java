package dev.hooke.core.solve;

import dev.hooke.Tolerances;

class ConjugateGradientNoneTest extends LinearSolverContractTest {
    @Override
    LinearSolver solver() {
        return new ConjugateGradient(PreconditionerKind.NONE.create(), Tolerances.CG_TIGHT_TOLERANCE, 100_000);
    }
}
