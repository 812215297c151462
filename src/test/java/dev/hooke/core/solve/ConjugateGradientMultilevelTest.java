package dev.hooke.core.solve;

import dev.hooke.Tolerances;

/** The contract with the multilevel preconditioner, its hierarchy refreshed at every update. */
class ConjugateGradientMultilevelTest extends LinearSolverContractTest {
    @Override
    LinearSolver solver() {
        return new ConjugateGradient(new MultilevelPreconditioner(MultilevelPreconditioner.DEFAULT_THETA, 1),
                Tolerances.CG_TIGHT_TOLERANCE, 100_000);
    }
}
