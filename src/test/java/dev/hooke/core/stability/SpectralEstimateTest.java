package dev.hooke.core.stability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.Tolerances;
import dev.hooke.core.integrate.Integrator;
import dev.hooke.core.integrate.SymplecticEuler;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.scene.ClothPins;
import dev.hooke.core.scene.Perturbation;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.scene.Scenes;
import java.util.ArrayList;
import java.util.List;
import org.ejml.data.DMatrixRMaj;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * ω_max = √λ_max(M⁻¹K): the matrix-free Lanczos estimate against EJML's dense symmetric solver,
 * both against an independently assembled matrix, and the theoretical bounds for grids.
 */
class SpectralEstimateTest {

    /** A system moved with symplectic Euler at half its limit for {@code steps} steps. */
    private static MassSpringSystem evolved(SceneSpec spec, int steps) {
        MassSpringSystem s = Scenes.build(spec);
        Integrator integrator = new SymplecticEuler();
        double h = 1.0 / StabilityAnalysis.omegaMax(s);
        for (int n = 0; n < steps; n++) {
            integrator.step(s, h);
        }
        return s;
    }

    /** Every position scaled by {@code factor} about the centroid: every spring compressed alike. */
    private static MassSpringSystem scaled(SceneSpec spec, double factor) {
        MassSpringSystem s = Scenes.build(spec);
        double[] c = new double[3];
        for (int i = 0; i < s.particleCount(); i++) {
            for (int k = 0; k < 3; k++) {
                c[k] += s.x[3 * i + k] / s.particleCount();
            }
        }
        for (int i = 0; i < s.particleCount(); i++) {
            int q = 3 * i;
            s.setParticleState(i, c[0] + factor * (s.x[q] - c[0]), c[1] + factor * (s.x[q + 1] - c[1]),
                    c[2] + factor * (s.x[q + 2] - c[2]), 0, 0, 0);
        }
        return s;
    }

    static List<Arguments> systems() {
        List<Arguments> out = new ArrayList<>();
        out.add(Arguments.of("spring at rest", Scenes.build(SceneSpec.of(SceneType.SPRING).gravity(0))));
        out.add(Arguments.of("spring swinging", evolved(SceneSpec.of(SceneType.SPRING).perturbation(Perturbation.RANDOM)
                .displacement(0.3).velocity(1).seed(3), 50)));
        out.add(Arguments.of("chain at rest", Scenes.build(SceneSpec.of(SceneType.CHAIN).nodes(16).gravity(0))));
        out.add(Arguments.of("chain swinging", evolved(SceneSpec.of(SceneType.CHAIN).nodes(16), 400)));
        out.add(Arguments.of("cloth hanging with gravity sag", evolved(SceneSpec.of(SceneType.CLOTH).size(12)
                .verticalCloth(true).pins(ClothPins.CORNERS).springDamping(0.002), 600)));
        out.add(Arguments.of("cloth compressed by 10 %", scaled(SceneSpec.of(SceneType.CLOTH).size(12).gravity(0), 0.9)));
        out.add(Arguments.of("cube at rest", Scenes.build(SceneSpec.of(SceneType.CUBE).size(4))));
        out.add(Arguments.of("cube deformed", evolved(SceneSpec.of(SceneType.CUBE).size(4).gravity(0)
                .perturbation(Perturbation.RANDOM).displacement(0.03).velocity(0.5).seed(9), 100)));
        return out;
    }

    /**
     * Lanczos within {@link Tolerances#LANCZOS_VS_DENSE} of the dense solver; the dense solver
     * within {@link Tolerances#EIGENVALUE} of the matrix the test assembles itself.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("systems")
    void lanczosAgreesWithTheDenseSolver(String what, MassSpringSystem s) {
        double reference = Math.sqrt(ReferenceStiffness.lambdaMax(s));
        ModalEstimate dense = StabilityAnalysis.fastestModeDense(s);
        ModalEstimate lanczos = StabilityAnalysis.fastestModeLanczos(s);
        assertEquals("dense", dense.method());
        assertEquals("lanczos", lanczos.method());
        assertTrue(reference > 0, what);
        assertEquals(reference, dense.omegaMax(), Tolerances.EIGENVALUE * reference, what + ": dense against the test's matrix");
        assertEquals(dense.omegaMax(), lanczos.omegaMax(), Tolerances.LANCZOS_VS_DENSE * dense.omegaMax(), what + ": Lanczos");
    }

    /**
     * λ_max(M⁻¹K) ≤ 2 max_i (Σ_{springs at i} k_s) / m_i, in every state. Proof: K_s ≤ k_s I
     * (its eigenvalues are k_s and k_s(1 − L/l) ≤ k_s), so for any u,
     * uᵀKu = Σ_s (u_a − u_b)ᵀ K_s (u_a − u_b) ≤ Σ_s k_s |u_a − u_b|² ≤ Σ_s 2k_s (|u_a|² + |u_b|²)
     * = 2 Σ_i |u_i|² Σ_{s ∋ i} k_s; put u = M^(−½) w.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("systems")
    void lambdaMaxIsBelowTwiceTheLargestNodeStiffnessOverMass(String what, MassSpringSystem s) {
        double[] nodeStiffness = new double[s.particleCount()];
        for (int sp = 0; sp < s.springCount(); sp++) {
            nodeStiffness[s.springA(sp)] += s.stiffness(sp);
            nodeStiffness[s.springB(sp)] += s.stiffness(sp);
        }
        double bound = 0;
        for (int i = 0; i < s.particleCount(); i++) {
            if (!s.isPinned(i)) {
                bound = Math.max(bound, 2 * nodeStiffness[i] / s.mass(i));
            }
        }
        double omega = StabilityAnalysis.omegaMax(s);
        assertTrue(omega * omega <= bound * (1 + Tolerances.EIGENVALUE), what + ": λ_max " + omega * omega + " > " + bound);
    }

    /**
     * A free n×n grid at rest with structural springs only. At rest length only the axial
     * stiffness acts (1 − L/l = 0), so a spring along x couples only the x displacements of its
     * two ends: x motion splits into n free–free chains of n masses (the rows), z motion into the
     * columns, and y motion (out of plane) has no stiffness. A free–free chain has
     * λ_j = (4k/m) sin²(jπ/(2n)), j = 0 … n−1, so
     * <pre>
     *   λ_max = (4k/m) cos²(π/(2n))  →  4k/m
     * </pre>
     * from below (4k/m).
     */
    @ParameterizedTest
    @ValueSource(ints = {3, 6, 12})
    void structuralGridApproachesFourKOverM(int n) {
        double k = 150;
        double m = 0.02;
        MassSpringSystem s = Scenes.build(SceneSpec.of(SceneType.CLOTH).size(n).gravity(0).pins(ClothPins.NONE)
                .shear(false).bend(false).structuralStiffness(k).mass(m));
        double expected = 4 * k / m * Math.pow(Math.cos(Math.PI / (2 * n)), 2);
        double omega = StabilityAnalysis.omegaMax(s);
        assertEquals(expected, omega * omega, Tolerances.EIGENVALUE * expected);
        assertEquals(expected, ReferenceStiffness.lambdaMax(s), Tolerances.EIGENVALUE * expected);
        assertTrue(omega * omega < 4 * k / m);
    }

    /**
     * Structural and shear springs of equal k on a free n×n grid at rest. Upper bound: the grid's
     * energy uᵀKu is at most that of the infinite lattice for u extended by 0 (springs to the
     * outside add uᵀK_s u ≥ 0), and the infinite lattice's λ_max is the supremum over wave
     * vectors q of D(q) = Σ_r 2(k/m)(1 − cos q·r) n_r n_rᵀ, r over (1,0), (0,1), (1,1), (1,−1).
     * At q = (π, 0) that is diag(8, 4) k/m, and no q does better: 8k/m. Lower bound:
     * the Rayleigh quotient of u = (−1)^c along x (c the column): each of the n(n−1) row springs
     * stores k·2², each of the 2(n−1)² shear springs k·(2/√2)², the column springs nothing:
     * <pre>
     *   λ_max ≥ (4n(n−1) + 4(n−1)²) k / (n² m) = (4k/m)(n−1)(2n−1)/n²
     * </pre>
     */
    @Test
    void gridWithShearLiesBetweenItsRayleighBoundAndEightKOverM() {
        double k = 80;
        double m = 0.005;
        int n = 12;
        MassSpringSystem s = Scenes.build(SceneSpec.of(SceneType.CLOTH).size(n).gravity(0).pins(ClothPins.NONE)
                .bend(false).structuralStiffness(k).shearStiffness(k).mass(m));
        double lower = 4 * k / m * (n - 1) * (2.0 * n - 1) / (n * n);
        double[] trial = new double[3 * n * n];
        for (int r = 0; r < n; r++) {
            for (int c = 0; c < n; c++) {
                trial[3 * (r * n + c)] = (c % 2 == 0) ? 1 : -1;
            }
        }
        assertEquals(lower, rayleigh(s, trial), Tolerances.EIGENVALUE * lower, "the trial vector's Rayleigh quotient");
        double omega = StabilityAnalysis.omegaMax(s);
        assertTrue(omega * omega >= lower * (1 - Tolerances.EIGENVALUE), "λ_max " + omega * omega + " < " + lower);
        assertTrue(omega * omega <= 8 * k / m, "λ_max " + omega * omega + " > 8k/m");
        assertEquals(8 * k / m, supremum(k / m, false), Tolerances.EIGENVALUE * 8 * k / m, "the lattice's supremum");
    }

    /**
     * With bend springs (offsets (2,0), (0,2)) too, on the diagonal q = (θ, θ) along (1,1)/√2
     * D = (k/m)[2(1 − cos θ) + 4(1 − cos 2θ)] = (k/m)[2(1 − c) + 8(1 − c²)], c = cos θ, largest at
     * c = −1/8: 81/8 k/m = 10.125 k/m (about 10.1 k/m); a scan over all q finds nothing
     * larger. The Rayleigh quotient of that wave on the finite grid is a lower bound.
     */
    @Test
    void gridWithBendStaysBelowEightyOneEighthsKOverM() {
        double k = 80;
        double m = 0.005;
        int n = 12;
        MassSpringSystem s = Scenes.build(SceneSpec.of(SceneType.CLOTH).size(n).gravity(0).pins(ClothPins.NONE)
                .structuralStiffness(k).shearStiffness(k).bendStiffness(k).mass(m));
        double upper = 81.0 / 8 * k / m;
        assertEquals(upper, supremum(k / m, true), Tolerances.EIGENVALUE * upper, "the lattice's supremum");
        double theta = Math.acos(-1.0 / 8);
        double[] trial = new double[3 * n * n];
        for (int r = 0; r < n; r++) {
            for (int c = 0; c < n; c++) {
                double wave = Math.cos(theta * (r + c));
                trial[3 * (r * n + c)] = wave; // x
                trial[3 * (r * n + c) + 2] = wave; // z: the grid lies in the x–z plane
            }
        }
        double lower = rayleigh(s, trial);
        double omega = StabilityAnalysis.omegaMax(s);
        assertTrue(lower > 8 * k / m, "the bend springs raise the Rayleigh bound past 8k/m: " + lower);
        assertTrue(omega * omega >= lower * (1 - Tolerances.EIGENVALUE), "λ_max " + omega * omega + " < " + lower);
        assertTrue(omega * omega <= upper, "λ_max " + omega * omega + " > 81k/(8m)");
    }

    /** uᵀAu / uᵀu with A the test's own M^(−½) K M^(−½) (no pins: rows follow particles). */
    private static double rayleigh(MassSpringSystem s, double[] u) {
        DMatrixRMaj a = ReferenceStiffness.matrix(s);
        double num = 0;
        double den = 0;
        for (int i = 0; i < u.length; i++) {
            double row = 0;
            for (int j = 0; j < u.length; j++) {
                row += a.get(i, j) * u[j];
            }
            num += u[i] * row;
            den += u[i] * u[i];
        }
        return num / den;
    }

    /**
     * sup over q ∈ [0, π]² of λ_max(D(q)), D(q) = Σ_r 2 (k/m)(1 − cos q·r) n_r n_rᵀ, on a 601² scan
     * that contains the maximisers (π, 0) and (θ, θ) with cos θ = −1/8 to within 10⁻⁵ in q, plus
     * the exact values at those points.
     */
    private static double supremum(double kOverM, boolean withBend) {
        int[][] offsets = withBend
                ? new int[][] {{1, 0}, {0, 1}, {1, 1}, {1, -1}, {2, 0}, {0, 2}}
                : new int[][] {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
        double best = 0;
        List<double[]> points = new ArrayList<>();
        int scan = 600;
        for (int i = 0; i <= scan; i++) {
            for (int j = 0; j <= scan; j++) {
                points.add(new double[] {Math.PI * i / scan, Math.PI * j / scan});
            }
        }
        double theta = Math.acos(-1.0 / 8);
        points.add(new double[] {theta, theta});
        for (double[] q : points) {
            double a = 0;
            double b = 0;
            double d = 0;
            for (int[] r : offsets) {
                double len2 = r[0] * r[0] + r[1] * r[1];
                double w = 2 * kOverM * (1 - Math.cos(q[0] * r[0] + q[1] * r[1])) / len2;
                a += w * r[0] * r[0];
                b += w * r[0] * r[1];
                d += w * r[1] * r[1];
            }
            double top = 0.5 * (a + d) + Math.sqrt(0.25 * (a - d) * (a - d) + b * b);
            best = Math.max(best, top);
        }
        return best;
    }
}
