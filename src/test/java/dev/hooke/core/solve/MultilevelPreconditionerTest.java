package dev.hooke.core.solve;

import static dev.hooke.Tolerances.CG_TIGHT_TOLERANCE;
import static dev.hooke.Tolerances.CG_VS_DIRECT_REL;
import static dev.hooke.Tolerances.MULTILEVEL_CONTRACTION_SLACK;
import static dev.hooke.Tolerances.MULTILEVEL_SYMMETRY;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.force.Forces;
import dev.hooke.core.integrate.BackwardEuler;
import dev.hooke.core.integrate.ImplicitOptions;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.scene.ClothPins;
import dev.hooke.core.scene.Perturbation;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.scene.Scenes;
import org.junit.jupiter.api.Test;

/**
 * The multilevel V-cycle: symmetric and positive definite (built column by column on a small
 * cloth, and on random vectors on a cloth with three levels), an A-contraction, CG with it against
 * a direct solve, and CG's iterations with it as the cloth is refined.
 */
class MultilevelPreconditionerTest {

    private static final double TAU = 1.0 / 60;

    /** A cloth of n × n particles, randomly displaced and moving, stretched by 5 %, assembled with the clamp. */
    private static SystemMatrix stretched(int n, MassSpringSystem[] out) {
        MassSpringSystem s = Scenes.build(SceneSpec.of(SceneType.CLOTH).size(n).springDamping(0.02)
                .perturbation(Perturbation.RANDOM).displacement(0.2 / n).velocity(0.5).seed(7));
        LinearSolverContractTest.scaleAboutCentroid(s, 1.05);
        if (out != null) {
            out[0] = s;
        }
        SystemMatrix a = new SystemMatrix();
        a.prepare(s);
        a.assemble(s, s.x, TAU, true, null, null);
        return a;
    }

    private static double dot(double[] u, double[] v) {
        double s = 0;
        for (int q = 0; q < u.length; q++) {
            s += u[q] * v[q];
        }
        return s;
    }

    private static double norm(double[] u) {
        return Math.sqrt(dot(u, u));
    }

    @Test
    void isSymmetricPositiveDefiniteColumnByColumn() {
        SystemMatrix a = stretched(14, null);
        MultilevelPreconditioner p = new MultilevelPreconditioner(MultilevelPreconditioner.DEFAULT_THETA, 1);
        p.update(a);
        assertTrue(p.levels() >= 2, "levels: " + p.levels());
        PreconditionerMatrices.assertSymmetricPositiveDefinite(p, a.dimension(), MULTILEVEL_SYMMETRY);
    }

    /**
     * On a 48 × 48 cloth (three levels or more, so that the coarse levels' own sweeps run):
     * uᵀBv = vᵀBu and uᵀBu &gt; 0 for random u, v; and for y = A w, 0 &lt; yᵀBy ≤ wᵀAw.
     */
    @Test
    void isSymmetricPositiveDefiniteAndContractsOnRandomVectors() {
        SystemMatrix a = stretched(48, null);
        MultilevelPreconditioner p = new MultilevelPreconditioner(MultilevelPreconditioner.DEFAULT_THETA, 1);
        p.update(a);
        assertTrue(p.levels() >= 3, "levels: " + p.levels());
        int n = a.dimension();
        double[] bu = new double[n];
        double[] bv = new double[n];
        double[] y = new double[n];
        double[] by = new double[n];
        for (int k = 0; k < 10; k++) {
            double[] u = LinearSolverContractTest.randomVector(n, 100 + k);
            double[] v = LinearSolverContractTest.randomVector(n, 200 + k);
            p.apply(u, bu, n);
            p.apply(v, bv, n);
            double ubv = dot(u, bv);
            double vbu = dot(v, bu);
            double scale = norm(u) * norm(bv) + norm(v) * norm(bu);
            assertTrue(Math.abs(ubv - vbu) <= MULTILEVEL_SYMMETRY * scale, "uᵀBv " + ubv + ", vᵀBu " + vbu);
            assertTrue(dot(u, bu) > 0, "uᵀBu = " + dot(u, bu));

            a.multiply(u, y);
            p.apply(y, by, n);
            double yby = dot(y, by);
            double waw = dot(u, y);
            assertTrue(yby > 0 && yby <= waw * (1 + MULTILEVEL_CONTRACTION_SLACK), "yᵀBy " + yby + ", wᵀAw " + waw);
        }
    }

    /** CG with the V-cycle reaches EJML's sparse Cholesky solution of a step's system on the stretched, moving cloth. */
    @Test
    void cgReachesTheDirectSolution() {
        MassSpringSystem[] s = new MassSpringSystem[1];
        SystemMatrix a = stretched(40, s);
        int n = a.dimension();
        double[] kv = new double[n];
        a.assemble(s[0], s[0].x, TAU, true, s[0].v, kv);
        double[] f = new double[s[0].x.length];
        Forces.compute(s[0], s[0].x, s[0].v, f);
        double[] b = new double[n];
        a.gather(f, b);
        for (int q = 0; q < n; q++) {
            b[q] = TAU * b[q] - TAU * TAU * kv[q];
        }
        double[] direct = new double[n];
        LinearSolveStats directStats = new LinearSolveStats();
        new SparseCholesky().solve(a, b, direct, directStats);
        assertTrue(directStats.converged(), directStats.outcome.description());

        MultilevelPreconditioner p = new MultilevelPreconditioner(MultilevelPreconditioner.DEFAULT_THETA, 1);
        double[] cg = new double[n];
        LinearSolveStats cgStats = new LinearSolveStats();
        new ConjugateGradient(p, CG_TIGHT_TOLERANCE, 10_000).solve(a, b, cg, cgStats);
        assertTrue(p.levels() >= 3, "levels: " + p.levels());
        assertTrue(cgStats.converged(), cgStats.outcome.description());
        double diff = LinearSolverContractTest.relativeDifference(cg, direct);
        assertTrue(diff <= CG_VS_DIRECT_REL, "relative difference " + diff + " after " + cgStats.iterations + " iterations");
    }

    /**
     * Mesh independence: on the benchmark's cloth (1 m, 10⁻⁴ kg per particle, two top corners)
     * let go from rest at Δt = 1/60 s, CG (tolerance 10⁻³, warm start) needs at most
     * {@value #GROWTH} times as many iterations per step on 64 × 64 as on 16 × 16 over the
     * same steps while it moves. Why that bound: CG's count is bounded by about
     * √κ(BA) ln(2/tol) / 2, and smoothed aggregation bounds κ(BA) independently of the mesh size
     * (Vaněk, Mandel &amp; Brezina 1996) up to a slow growth with the number of levels (2 on 16 × 16,
     * 3 or 4 on 64 × 64); so the count may grow, but not with the number of particles, which grows
     * sixteen-fold. A one-level method's count grows with √κ ∝ the particles along an edge: the
     * same measure for block-Jacobi must grow by more than {@value #GROWTH}, or the case would not
     * tell the two apart.
     */
    @Test
    void iterationsDoNotGrowWithTheMesh() {
        double ml16 = movingIterations(16, PreconditionerKind.MULTILEVEL);
        double ml32 = movingIterations(32, PreconditionerKind.MULTILEVEL);
        double ml64 = movingIterations(64, PreconditionerKind.MULTILEVEL);
        double bj16 = movingIterations(16, PreconditionerKind.BLOCK_JACOBI);
        double bj64 = movingIterations(64, PreconditionerKind.BLOCK_JACOBI);
        String all = "multilevel " + ml16 + ", " + ml32 + ", " + ml64 + "; block-Jacobi " + bj16 + ", " + bj64;
        assertTrue(ml32 <= GROWTH * ml16 && ml64 <= GROWTH * ml16, all);
        assertTrue(bj64 > GROWTH * bj16, all);
    }

    private static final double GROWTH = 1.5;

    /** The mean CG iterations per step over steps 10–60 from rest. */
    private static double movingIterations(int size, PreconditionerKind kind) {
        MassSpringSystem s = Scenes.build(SceneSpec.of(SceneType.CLOTH).size(size).length(1).mass(1e-4)
                .structuralStiffness(1000).shearStiffness(500).bendStiffness(100).pins(ClothPins.CORNERS).verticalCloth(true));
        BackwardEuler be = new BackwardEuler(ImplicitOptions.defaults().withPreconditioner(kind).withTolerance(1e-3));
        long total = 0;
        for (int i = 0; i < 60; i++) {
            be.step(s, TAU);
            assertTrue(be.solverStats().converged, kind + " on " + size + " at step " + i);
            if (i >= 10) {
                total += be.solverStats().iterations;
            }
        }
        return total / 50.0;
    }
}
