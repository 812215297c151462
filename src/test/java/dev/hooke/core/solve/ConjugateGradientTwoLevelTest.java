package dev.hooke.core.solve;

import dev.hooke.Tolerances;

/** The contract with the two-level preconditioner, on aggregates small enough that the 6×6 cloth has several. */
class ConjugateGradientTwoLevelTest extends LinearSolverContractTest {
    @Override
    LinearSolver solver() {
        return new ConjugateGradient(new TwoLevelPreconditioner(4, 1), Tolerances.CG_TIGHT_TOLERANCE, 100_000);
    }
}
