package dev.hooke.core.solve;

import static dev.hooke.Tolerances.SPARSE_VS_DENSE_REL;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.model.MassSpringSystem;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.junit.jupiter.api.Test;

class SparseCholeskyTest extends LinearSolverContractTest {
    @Override
    LinearSolver solver() {
        return new SparseCholesky();
    }

    @Test
    void matchesDenseSolveClosely() {
        MassSpringSystem s = cloth(31, 0.03);
        SystemMatrix a = new SystemMatrix();
        a.assemble(s, s.x, TAU, true, null, null);
        int n = a.dimension();
        double[] b = randomVector(n, 32);
        double[] x = new double[n];
        new SparseCholesky().solve(a, b, x, new LinearSolveStats());
        DMatrixRMaj expected = new DMatrixRMaj(n, 1);
        assertTrue(CommonOps_DDRM.solve(new DMatrixRMaj(SystemMatrixTest.dense(a)), new DMatrixRMaj(n, 1, true, b), expected));
        assertTrue(relativeDifference(x, expected.data) <= SPARSE_VS_DENSE_REL);
    }

    @Test
    void symbolicAnalysisIsReusedWhileThePatternStays() {
        MassSpringSystem s = cloth(33, 0.02);
        SystemMatrix a = new SystemMatrix();
        SparseCholesky chol = new SparseCholesky();
        LinearSolveStats st = new LinearSolveStats();
        for (int round = 0; round < 3; round++) {
            s.x[3 * 7 + 1] += 0.01;
            a.assemble(s, s.x, TAU, true, null, null);
            double[] b = randomVector(a.dimension(), 34 + round);
            double[] x = new double[a.dimension()];
            chol.solve(a, b, x, st);
            assertTrue(st.converged());
        }
        assertEquals(1, chol.symbolicAnalyses());
        s.setPinned(7, true);
        a.assemble(s, s.x, TAU, true, null, null);
        double[] b = randomVector(a.dimension(), 40);
        chol.solve(a, b, new double[a.dimension()], st);
        assertTrue(st.converged());
        assertEquals(2, chol.symbolicAnalyses());
    }
}
