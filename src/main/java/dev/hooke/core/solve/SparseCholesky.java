package dev.hooke.core.solve;

import org.ejml.data.DMatrixRMaj;
import org.ejml.data.DMatrixSparseCSC;
import org.ejml.data.DMatrixSparseTriplet;
import org.ejml.data.IGrowArray;
import org.ejml.interfaces.linsol.LinearSolverSparse;
import org.ejml.ops.DConvertMatrixStruct;
import org.ejml.sparse.FillReducing;
import org.ejml.sparse.csc.CommonOps_DSCC;
import org.ejml.sparse.csc.factory.LinearSolverFactory_DSCC;

/**
 * The direct solve: a sparse Cholesky factorisation A = L Lᵀ through EJML, the baseline and the
 * check for {@link ConjugateGradient}.
 *
 * <p>Each solve:
 * <ol>
 *   <li>the upper triangle of A goes into a {@link DMatrixSparseTriplet} (always the same entries
 *       in the same order, see {@link SystemMatrix#addUpperTriangleTo});</li>
 *   <li>{@link DConvertMatrixStruct#convert(DMatrixSparseTriplet, DMatrixSparseCSC, IGrowArray)}
 *       turns it into compressed columns; the conversion keeps duplicate entries (two springs
 *       between the same particles), which make an illegal matrix, so
 *       {@link CommonOps_DSCC#duplicatesAdd} sums them;</li>
 *   <li>EJML's up-looking Cholesky ({@code CholeskyUpLooking_DSCC}, which reads the upper
 *       triangle) factorises it. The structure is locked: the symbolic analysis (elimination tree,
 *       column counts) of the first factorisation is reused while {@link SystemMatrix#pattern()}
 *       stays the same, and redone when it changes (pins, another system);</li>
 *   <li>two triangular solves give x.</li>
 * </ol>
 * EJML 0.46 offers no fill-reducing ordering for sparse Cholesky beyond NONE, RANDOM and
 * IDENTITY (no AMD), so the natural order is used: particles in index order, which for a cloth
 * row by row gives a band of about 2 rows (the bend springs) and fill inside that band.
 *
 * <p>A pivot ≤ 0 (A not positive definite: the clamp off under compression) is reported as
 * {@link SolveOutcome#INDEFINITE} and x keeps the first guess. The final residual is computed from
 * x.
 *
 * <p>Allocation: the triplet, CSC, right-hand side and work arrays are reused, and EJML reuses its
 * own (elimination tree, column counts, L) while the structure is locked. Measured with the JVM's
 * per-thread allocation counter on a 10×10 cloth: the first solve allocates about 1.2 MB (the
 * symbolic analysis and the storage of L), later solves nothing, Newton iterations included (the
 * test {@code ImplicitIntegratorsTest.stepAllocatesNothingAfterTheFirst}).
 */
public final class SparseCholesky implements LinearSolver {

    private final DMatrixSparseTriplet triplets = new DMatrixSparseTriplet(1, 1, 1);
    private final DMatrixSparseCSC matrix = new DMatrixSparseCSC(1, 1, 1);
    private final IGrowArray work = new IGrowArray();
    private LinearSolverSparse<DMatrixSparseCSC, DMatrixRMaj> solver;
    private long pattern = Long.MIN_VALUE;
    private DMatrixRMaj rhs = new DMatrixRMaj(1, 1);
    private DMatrixRMaj solution = new DMatrixRMaj(1, 1);
    private double[] residual = new double[0];
    private int symbolicAnalyses;

    @Override
    public SolverKind kind() {
        return SolverKind.CHOLESKY;
    }

    /** How many times the symbolic analysis has been made (once per sparsity pattern). */
    public int symbolicAnalyses() {
        return symbolicAnalyses;
    }

    /** The assembled matrix of the last solve (upper triangle, compressed columns); for checks. */
    public DMatrixSparseCSC lastMatrix() {
        return matrix;
    }

    @Override
    public void solve(SystemMatrix a, double[] b, double[] x, LinearSolveStats st) {
        final int n = a.dimension();
        st.reset(0);
        if (rhs.numRows != n) {
            rhs = new DMatrixRMaj(n, 1);
            solution = new DMatrixRMaj(n, 1);
            residual = new double[n];
        }
        double bNorm = 0;
        for (int q = 0; q < n; q++) {
            bNorm += b[q] * b[q];
        }
        bNorm = Math.sqrt(bNorm);
        if (!Double.isFinite(bNorm)) {
            st.outcome = SolveOutcome.BREAKDOWN;
            st.initialResidual = Double.NaN;
            st.finalResidual = Double.NaN;
            return;
        }
        if (bNorm == 0 || n == 0) {
            for (int q = 0; q < n; q++) {
                x[q] = 0;
            }
            return;
        }
        st.initialResidual = 1;
        triplets.reshape(n, n);
        a.addUpperTriangleTo(triplets);
        DConvertMatrixStruct.convert(triplets, matrix, work);
        CommonOps_DSCC.duplicatesAdd(matrix, work);
        if (solver == null || pattern != a.pattern()) {
            solver = LinearSolverFactory_DSCC.cholesky(FillReducing.NONE);
            solver.setStructureLocked(true);
            pattern = a.pattern();
            symbolicAnalyses++;
        }
        boolean ok;
        try {
            ok = solver.setA(matrix);
        } catch (RuntimeException e) {
            ok = false;
        }
        if (!ok) {
            st.outcome = hasNonFinite(matrix) ? SolveOutcome.BREAKDOWN : SolveOutcome.INDEFINITE;
            st.finalResidual = residualNorm(a, b, x, n) / bNorm;
            return;
        }
        System.arraycopy(b, 0, rhs.data, 0, n);
        solver.solve(rhs, solution);
        System.arraycopy(solution.data, 0, x, 0, n);
        double res = residualNorm(a, b, x, n) / bNorm;
        st.finalResidual = res;
        st.outcome = Double.isFinite(res) ? SolveOutcome.CONVERGED : SolveOutcome.BREAKDOWN;
    }

    private double residualNorm(SystemMatrix a, double[] b, double[] x, int n) {
        a.multiply(x, residual);
        double sum = 0;
        for (int q = 0; q < n; q++) {
            double d = b[q] - residual[q];
            sum += d * d;
        }
        return Math.sqrt(sum);
    }

    private static boolean hasNonFinite(DMatrixSparseCSC m) {
        for (int q = 0; q < m.nz_length; q++) {
            if (!Double.isFinite(m.nz_values[q])) {
                return true;
            }
        }
        return false;
    }
}
