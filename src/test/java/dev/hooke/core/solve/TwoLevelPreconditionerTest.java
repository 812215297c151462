package dev.hooke.core.solve;

import static dev.hooke.Tolerances.TWO_LEVEL_SYMMETRY;
import static dev.hooke.Tolerances.TWO_LEVEL_VS_DENSE;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.integrate.BackwardEuler;
import dev.hooke.core.integrate.ImplicitOptions;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.scene.ClothPins;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.scene.Scenes;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.junit.jupiter.api.Test;

/**
 * The two-level preconditioner against its formula P⁻¹ = B⁻¹ + W E⁻¹ Wᵀ, E = Wᵀ A W, formed with
 * dense matrices; its symmetry and positive definiteness; its aggregates; and CG's iterations with
 * it against block-Jacobi on a hanging cloth.
 */
class TwoLevelPreconditionerTest {

    private static final double TAU = 1.0 / 60;

    private static SystemMatrix assembled(MassSpringSystem s) {
        SystemMatrix a = new SystemMatrix();
        a.assemble(s, s.x, TAU, true, null, null);
        return a;
    }

    @Test
    void appliesTheDenseFormula() {
        MassSpringSystem s = LinearSolverContractTest.cloth(31, 0.02);
        SystemMatrix a = assembled(s);
        TwoLevelPreconditioner p = new TwoLevelPreconditioner(5, 1);
        p.update(a);
        assertTrue(p.coarseActive());
        int n = a.dimension();
        int nc = 3 * p.aggregates();
        assertTrue(p.aggregates() > 2, "several aggregates: " + p.aggregates());

        DMatrixRMaj dense = new DMatrixRMaj(SystemMatrixTest.dense(a));
        DMatrixRMaj w = new DMatrixRMaj(n, nc);
        for (int j = 0; j < n / 3; j++) {
            for (int k = 0; k < 3; k++) {
                w.set(3 * j + k, 3 * p.aggregateOf()[j] + k, 1);
            }
        }
        DMatrixRMaj aw = new DMatrixRMaj(n, nc);
        CommonOps_DDRM.mult(dense, w, aw);
        DMatrixRMaj e = new DMatrixRMaj(nc, nc);
        CommonOps_DDRM.multTransA(w, aw, e);
        assertTrue(CommonOps_DDRM.invert(e));
        DMatrixRMaj coarse = new DMatrixRMaj(n, n);
        DMatrixRMaj we = new DMatrixRMaj(n, nc);
        CommonOps_DDRM.mult(w, e, we);
        CommonOps_DDRM.multTransB(we, w, coarse);
        DMatrixRMaj blocks = new DMatrixRMaj(n, n);
        for (int j = 0; j < n / 3; j++) {
            DMatrixRMaj block = CommonOps_DDRM.extract(dense, 3 * j, 3 * j + 3, 3 * j, 3 * j + 3);
            assertTrue(CommonOps_DDRM.invert(block));
            CommonOps_DDRM.insert(block, blocks, 3 * j, 3 * j);
        }
        DMatrixRMaj inverse = new DMatrixRMaj(n, n);
        CommonOps_DDRM.add(blocks, coarse, inverse);

        double[] r = LinearSolverContractTest.randomVector(n, 32);
        double[] z = new double[n];
        p.apply(r, z, n);
        DMatrixRMaj expected = new DMatrixRMaj(n, 1);
        CommonOps_DDRM.mult(inverse, new DMatrixRMaj(n, 1, true, r), expected);
        double diff = LinearSolverContractTest.relativeDifference(z, expected.data);
        assertTrue(diff <= TWO_LEVEL_VS_DENSE, "relative difference " + diff);
    }

    @Test
    void isSymmetricPositiveDefinite() {
        MassSpringSystem s = LinearSolverContractTest.cloth(33, 0.05);
        SystemMatrix a = assembled(s);
        TwoLevelPreconditioner p = new TwoLevelPreconditioner(4, 1);
        p.update(a);
        PreconditionerMatrices.assertSymmetricPositiveDefinite(p, a.dimension(), TWO_LEVEL_SYMMETRY);
    }

    @Test
    void aggregatesPartitionTheFreeParticlesAndAreCapped() {
        for (SceneSpec spec : new SceneSpec[] {SceneSpec.of(SceneType.CLOTH).size(100), SceneSpec.of(SceneType.CHAIN).nodes(500),
                                               SceneSpec.of(SceneType.CUBE).size(8)}) {
            MassSpringSystem s = Scenes.build(spec);
            SystemMatrix a = assembled(s);
            TwoLevelPreconditioner p = new TwoLevelPreconditioner();
            p.update(a);
            int nodes = a.dimension() / 3;
            int[] size = new int[p.aggregates()];
            for (int j = 0; j < nodes; j++) {
                size[p.aggregateOf()[j]]++;
            }
            for (int c = 0; c < size.length; c++) {
                assertTrue(size[c] > 0, spec.type() + ": aggregate " + c + " is empty");
            }
            assertTrue(p.aggregates() <= TwoLevelPreconditioner.MAX_AGGREGATES, spec.type() + ": " + p.aggregates());
            assertTrue(p.aggregates() >= Math.min(TwoLevelPreconditioner.MAX_AGGREGATES,
                    nodes / (4 * TwoLevelPreconditioner.DEFAULT_AGGREGATE_SIZE)), spec.type() + ": " + p.aggregates());
            assertTrue(p.coarseActive(), spec.type().toString());
        }
    }

    /** Without the clamp, compressed: E is not positive definite, and P falls back to block-Jacobi. */
    @Test
    void indefiniteCoarseMatrixLeavesBlockJacobi() {
        MassSpringSystem s = LinearSolverContractTest.cloth(27, 0.0);
        LinearSolverContractTest.scaleAboutCentroid(s, 0.6);
        SystemMatrix a = new SystemMatrix();
        a.assemble(s, s.x, TAU, false, null, null);
        TwoLevelPreconditioner p = new TwoLevelPreconditioner(4, 1);
        p.update(a);
        assertFalse(p.coarseActive());
        int n = a.dimension();
        double[] r = LinearSolverContractTest.randomVector(n, 34);
        double[] z = new double[n];
        double[] y = new double[n];
        p.apply(r, z, n);
        Preconditioner blockJacobi = PreconditionerKind.BLOCK_JACOBI.create();
        blockJacobi.update(a);
        blockJacobi.apply(r, y, n);
        org.junit.jupiter.api.Assertions.assertArrayEquals(y, z, 0.0);
    }

    /**
     * On the benchmark's cloth at 40 × 40, hanging, CG needs fewer iterations with the two-level
     * preconditioner (its coarse matrix refreshed every few steps) than with block-Jacobi.
     */
    @Test
    void needsFewerIterationsThanBlockJacobiOnAHangingCloth() {
        SceneSpec spec = SceneSpec.of(SceneType.CLOTH).size(40).length(1).mass(1e-4).structuralStiffness(1000)
                .shearStiffness(500).bendStiffness(100).pins(ClothPins.CORNERS).verticalCloth(true);
        long[] total = new long[2];
        PreconditionerKind[] kinds = {PreconditionerKind.BLOCK_JACOBI, PreconditionerKind.TWO_LEVEL};
        for (int k = 0; k < 2; k++) {
            MassSpringSystem s = Scenes.build(spec);
            BackwardEuler be = new BackwardEuler(ImplicitOptions.defaults().withPreconditioner(kinds[k]).withTolerance(1e-3));
            for (int i = 0; i < 120; i++) {
                be.step(s, TAU);
                assertTrue(be.solverStats().converged, kinds[k] + " at step " + i);
                total[k] += be.solverStats().iterations;
            }
        }
        assertTrue(total[1] < total[0], "two-level " + total[1] + " against block-Jacobi " + total[0]);
    }
}
