package dev.hooke.core.solve;

import dev.hooke.Tolerances;

/** The contract with the plain form of SSOR preconditioning, Eisenstat's form's check. */
class ConjugateGradientSsorPreconditionerTest extends LinearSolverContractTest {
    @Override
    LinearSolver solver() {
        return new ConjugateGradient(new SsorPreconditioner(SsorConjugateGradient.OMEGA), Tolerances.CG_TIGHT_TOLERANCE, 100_000);
    }
}
