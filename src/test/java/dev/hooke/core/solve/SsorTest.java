package dev.hooke.core.solve;

import static dev.hooke.Tolerances.SSOR_FORMS_AGREE;
import static dev.hooke.Tolerances.SSOR_HISTORIES_AGREE;
import static dev.hooke.Tolerances.SSOR_HISTORY_ROUND_OFF;
import static dev.hooke.Tolerances.SSOR_RESIDUAL_RECURRENCE;
import static dev.hooke.Tolerances.SSOR_VS_DENSE;
import static org.junit.jupiter.api.Assertions.assertEquals;
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
 * SSOR preconditioning: the plain form against its formula with dense matrices, Eisenstat's form
 * against the plain form iterate by iterate, Eisenstat's residual recurrence against the true
 * residual, and the iterations against block-Jacobi on a hanging cloth.
 */
class SsorTest {

    private static final double TAU = 1.0 / 60;
    private static final double OMEGA = SsorConjugateGradient.OMEGA;

    private static SystemMatrix assembled(MassSpringSystem s, boolean clamp) {
        SystemMatrix a = new SystemMatrix();
        a.assemble(s, s.x, TAU, clamp, null, null);
        return a;
    }

    /**
     * P⁻¹ r = (D̃ + Lᵀ)⁻¹ D̃ (D̃ + L)⁻¹ r with D̃ = D/ω, D and L the block diagonal and strictly
     * block-lower parts of the dense A in the splitting's numbering (each group's interior, then
     * the separator). The 6 × 6 cloth has pinned corners, and particles in both groups' interiors
     * and in the separator.
     */
    @Test
    void appliesTheDenseFormula() {
        MassSpringSystem s = LinearSolverContractTest.cloth(41, 0.02);
        SystemMatrix a = assembled(s, true);
        int n = a.dimension();
        SsorPreconditioner p = new SsorPreconditioner(OMEGA);
        p.update(a);
        SsorSplitting split = p.splitting();
        for (int g = 0; g <= SsorSplitting.GROUPS; g++) {
            assertTrue(split.endNode(g) > split.firstNode(g), "group " + g + " is not empty");
        }
        int[] perm = split.permutation();
        double[][] dense = SystemMatrixTest.dense(a);
        DMatrixRMaj lower = new DMatrixRMaj(n, n);
        DMatrixRMaj upper = new DMatrixRMaj(n, n);
        DMatrixRMaj diag = new DMatrixRMaj(n, n);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double aij = dense[3 * perm[i / 3] + i % 3][3 * perm[j / 3] + j % 3];
                if (i / 3 == j / 3) {
                    diag.set(i, j, aij / OMEGA);
                    lower.set(i, j, aij / OMEGA);
                    upper.set(i, j, aij / OMEGA);
                } else if (i > j) {
                    lower.set(i, j, aij);
                } else {
                    upper.set(i, j, aij);
                }
            }
        }
        double[] r = LinearSolverContractTest.randomVector(n, 42);
        double[] rHere = new double[n];
        for (int i = 0; i < n; i++) {
            rHere[i] = r[3 * perm[i / 3] + i % 3];
        }
        DMatrixRMaj u = new DMatrixRMaj(n, 1);
        assertTrue(CommonOps_DDRM.solve(lower, new DMatrixRMaj(n, 1, true, rHere), u));
        DMatrixRMaj w = new DMatrixRMaj(n, 1);
        CommonOps_DDRM.mult(diag, u, w);
        DMatrixRMaj zHere = new DMatrixRMaj(n, 1);
        assertTrue(CommonOps_DDRM.solve(upper, w, zHere));
        double[] expected = new double[n];
        for (int i = 0; i < n; i++) {
            expected[3 * perm[i / 3] + i % 3] = zHere.get(i);
        }

        double[] z = new double[n];
        p.apply(r, z, n);
        double diff = LinearSolverContractTest.relativeDifference(z, expected);
        assertTrue(diff <= SSOR_VS_DENSE, "relative difference " + diff);
    }

    /** The numbering keeps every spring between the two groups' interiors out: they meet only at the separator. */
    @Test
    void noSpringJoinsTheInteriorsOfTwoGroups() {
        for (SceneSpec spec : new SceneSpec[] {SceneSpec.of(SceneType.CLOTH).size(30), SceneSpec.of(SceneType.CHAIN).nodes(200),
                                               SceneSpec.of(SceneType.CUBE).size(6)}) {
            MassSpringSystem s = Scenes.build(spec);
            SystemMatrix a = assembled(s, true);
            SsorSplitting split = new SsorSplitting(OMEGA);
            split.update(a);
            int[] rank = new int[split.nodes()];
            int[] perm = split.permutation();
            for (int i = 0; i < perm.length; i++) {
                rank[perm[i]] = i;
            }
            int sep = split.firstNode(SsorSplitting.GROUPS);
            for (int sp = 0; sp < s.springCount(); sp++) {
                int da = a.dof(s.springA(sp));
                int db = a.dof(s.springB(sp));
                if (da < 0 || db < 0) {
                    continue;
                }
                int ra = rank[da / 3];
                int rb = rank[db / 3];
                if (ra < sep && rb < sep) {
                    int ga = ra < split.firstNode(1) ? 0 : 1;
                    int gb = rb < split.firstNode(1) ? 0 : 1;
                    assertEquals(ga, gb, spec.type() + ": spring " + sp + " joins two interiors");
                }
            }
            assertTrue(sep < split.nodes(), spec.type() + ": a separator");
        }
    }

    /**
     * Eisenstat's form runs the same CG as the plain form: the same number of iterations, each
     * iteration's residual and the solution the same to round-off, from a zero start and from a
     * warm start.
     */
    @Test
    void eisenstatsFormGivesThePlainFormsIterates() {
        MassSpringSystem s = LinearSolverContractTest.cloth(43, 0.05);
        SystemMatrix a = assembled(s, true);
        int n = a.dimension();
        double[] b = LinearSolverContractTest.randomVector(n, 44);
        for (double[] start : new double[][] {new double[n], LinearSolverContractTest.randomVector(n, 45)}) {
            double[] x1 = start.clone();
            double[] x2 = start.clone();
            LinearSolveStats plain = new LinearSolveStats();
            LinearSolveStats fast = new LinearSolveStats();
            new ConjugateGradient(new SsorPreconditioner(OMEGA), 1e-10, 1000).solve(a, b, x1, plain);
            new SsorConjugateGradient(OMEGA, 1e-10, 1000).solve(a, b, x2, fast);
            assertTrue(plain.converged() && fast.converged());
            assertTrue(fast.iterations > 5, "a solve of several iterations: " + fast.iterations);
            assertEquals(plain.iterations, fast.iterations, "iterations");
            for (int k = 0; k < plain.historyLength; k++) {
                double diff = Math.abs(plain.residualHistory[k] - fast.residualHistory[k]);
                assertTrue(diff <= SSOR_HISTORIES_AGREE * plain.residualHistory[k] + SSOR_HISTORY_ROUND_OFF, "iteration " + k + ": " + plain.residualHistory[k] + " against "
                        + fast.residualHistory[k]);
            }
            double diff = LinearSolverContractTest.relativeDifference(x2, x1);
            assertTrue(diff <= SSOR_FORMS_AGREE, "solutions differ by " + diff);
        }
    }

    /**
     * The residual Eisenstat's form records for iteration k is ‖b − A x_k‖ / ‖b‖: stopping it after
     * k iterations (the cap) leaves x_k, whose residual the solver computes from x.
     */
    @Test
    void recordedResidualIsTheTrueOne() {
        MassSpringSystem s = LinearSolverContractTest.cloth(47, 0.05);
        SystemMatrix a = assembled(s, true);
        int n = a.dimension();
        double[] b = LinearSolverContractTest.randomVector(n, 48);
        double[] w = LinearSolverContractTest.randomVector(n, 49);
        for (int cap = 1; cap <= 30; cap++) {
            double[] x = w.clone();
            LinearSolveStats st = new LinearSolveStats();
            new SsorConjugateGradient(OMEGA, 1e-14, cap).solve(a, b, x, st);
            assertEquals(cap, st.iterations);
            double recorded = st.residualHistory[st.historyLength - 1];
            assertEquals(st.finalResidual, recorded, SSOR_RESIDUAL_RECURRENCE, "after " + cap + " iterations");
        }
    }

    /**
     * Without the clamp, compressed, some diagonal blocks are not positive definite; D̃ takes
     * their diagonals' absolute values instead, so P stays positive definite: rᵀP⁻¹r &gt; 0.
     */
    @Test
    void staysPositiveDefiniteWhenADiagonalBlockIsNot() {
        MassSpringSystem s = LinearSolverContractTest.cloth(27, 0.0);
        LinearSolverContractTest.scaleAboutCentroid(s, 0.6);
        SystemMatrix a = assembled(s, false);
        int n = a.dimension();
        double[] blocks = a.nodeBlocks();
        boolean someNot = false;
        for (int o = 0; o < 2 * n; o += 6) {
            double det = blocks[o] * (blocks[o + 3] * blocks[o + 5] - blocks[o + 4] * blocks[o + 4])
                    - blocks[o + 1] * (blocks[o + 1] * blocks[o + 5] - blocks[o + 4] * blocks[o + 2])
                    + blocks[o + 2] * (blocks[o + 1] * blocks[o + 4] - blocks[o + 3] * blocks[o + 2]);
            someNot |= !(blocks[o] > 0 && det > 0 && blocks[o] * blocks[o + 3] - blocks[o + 1] * blocks[o + 1] > 0);
        }
        assertTrue(someNot, "a diagonal block that is not positive definite");
        SsorPreconditioner p = new SsorPreconditioner(OMEGA);
        p.update(a);
        double[] z = new double[n];
        for (long seed = 50; seed < 60; seed++) {
            double[] r = LinearSolverContractTest.randomVector(n, seed);
            p.apply(r, z, n);
            double rz = 0;
            for (int q = 0; q < n; q++) {
                rz += r[q] * z[q];
            }
            assertTrue(rz > 0, "rᵀP⁻¹r = " + rz);
        }
    }

    /**
     * On the benchmark's cloth at 40 × 40, come to hang (10 s), CG with SSOR needs at most half the
     * iterations of block-Jacobi over the next second at tolerance 10⁻³ with warm start (about a
     * third on the 100 × 100 cloth; while the cloth still swings the gain is smaller).
     */
    @Test
    void needsHalfTheIterationsOfBlockJacobiOnAHangingCloth() {
        SceneSpec spec = SceneSpec.of(SceneType.CLOTH).size(40).length(1).mass(1e-4).structuralStiffness(1000)
                .shearStiffness(500).bendStiffness(100).pins(ClothPins.CORNERS).verticalCloth(true);
        long[] total = new long[2];
        PreconditionerKind[] kinds = {PreconditionerKind.BLOCK_JACOBI, PreconditionerKind.SSOR};
        for (int k = 0; k < 2; k++) {
            MassSpringSystem s = Scenes.build(spec);
            BackwardEuler be = new BackwardEuler(ImplicitOptions.defaults().withPreconditioner(kinds[k]).withTolerance(1e-3));
            for (int i = 0; i < 660; i++) {
                be.step(s, TAU);
                assertTrue(be.solverStats().converged, kinds[k] + " at step " + i);
                if (i >= 600) {
                    total[k] += be.solverStats().iterations;
                }
            }
        }
        assertTrue(2 * total[1] <= total[0], "SSOR " + total[1] + " against block-Jacobi " + total[0]);
    }
}
