package dev.hooke.core.solve;

import dev.hooke.Tolerances;

/** The contract with SSOR in Eisenstat's form, the solver that {@link PreconditionerKind#SSOR} gives. */
class ConjugateGradientSsorTest extends LinearSolverContractTest {
    @Override
    LinearSolver solver() {
        return new SsorConjugateGradient(SsorConjugateGradient.OMEGA, Tolerances.CG_TIGHT_TOLERANCE, 100_000);
    }
}
