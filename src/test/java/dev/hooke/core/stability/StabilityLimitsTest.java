package dev.hooke.core.stability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.Tolerances;
import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.integrate.Integrators;
import dev.hooke.core.integrate.PositionVerlet;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.scene.Scenes;
import java.util.Arrays;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Predicted stability limits against independent formulas: the single-spring bounds, the
 * closed-form spectrum of a chain fixed at one end, an independently assembled cloth stiffness
 * matrix, and, for the damped and Verlet-δ limits, a brute-force search for the largest h whose
 * amplification matrix has spectral radius ≤ 1.
 */
class StabilityLimitsTest {

    private static StabilityLimit limit(MassSpringSystem s, IntegratorKind kind) {
        return StabilityAnalysis.predictedLimit(s, Integrators.create(kind));
    }

    /**
     * One spring, m = 0.1 kg, k = 1000 N/m: 2√(m/k) = 0.02 s, not
     * 0.002 s. Symplectic Euler and velocity Verlet 2√(m/k); position Verlet 2√(1 − δ/2)√(m/k);
     * RK4 2√2·√(m/k); explicit Euler unstable at every Δt.
     */
    @Test
    void oneSpringHasTheSingleSpringLimits() {
        MassSpringSystem s = Scenes.build(SceneSpec.of(SceneType.SPRING).gravity(0).mass(0.1).stiffness(1000));
        double base = 2 * Math.sqrt(0.1 / 1000);
        assertEquals(0.02, base, 1e-15);
        double tol = Tolerances.EIGENVALUE * base;
        assertEquals(base, StabilityAnalysis.naiveBound(s), tol);
        assertEquals(Math.sqrt(1000 / 0.1), StabilityAnalysis.omegaMax(s), Tolerances.EIGENVALUE * 100);
        assertEquals(base, limit(s, IntegratorKind.SYMPLECTIC_EULER).dtMax(), tol);
        assertEquals(base, limit(s, IntegratorKind.VELOCITY_VERLET).dtMax(), tol);
        assertEquals(base * Math.sqrt(1 - PositionVerlet.DEFAULT_DAMPING / 2), limit(s, IntegratorKind.VERLET).dtMax(), tol);
        assertEquals(base, StabilityAnalysis.predictedLimit(s, IntegratorKind.VERLET, 0.0).dtMax(), tol);
        assertEquals(base * Math.sqrt(2), limit(s, IntegratorKind.RK4).dtMax(), tol);
        StabilityLimit euler = limit(s, IntegratorKind.EXPLICIT_EULER);
        assertTrue(euler.unstableAtEveryDt());
        assertTrue(euler.describe().contains("unstable at every Δt"), euler.describe());
    }

    /**
     * The chain of N nodes, node 0 pinned, at rest without gravity: its longitudinal motion is
     * u'' = −(k/m) T u, T the (N−1)×(N−1) tridiagonal matrix with 2 on the diagonal except 1 in
     * the last place (the free end) and −1 beside it. Try u_i = sin(iθ) (u_0 = 0 is the pin):
     * the rows i = 1 … N−2 read 2u_i − u_{i−1} − u_{i+1} = (2 − 2cos θ) u_i, so λ = 4 sin²(θ/2).
     * The last row, u_{N−1} − u_{N−2} = λ u_{N−1}, minus the same recurrence continued to i = N−1
     * leaves u_N = u_{N−1}: sin(Nθ) − sin((N−1)θ) = 2 cos((N − ½)θ) sin(θ/2) = 0, so
     * θ_j = (2j − 1)π/(2N − 1), j = 1 … N−1 (N−1 free masses, 2(N−1) + 1 = 2N − 1). So
     * <pre>
     *   ω_j = 2√(k/m) sin((2j − 1)π / (2(2N − 1))),   j = 1 … N − 1,
     * </pre>
     * and the transverse modes have frequency 0 (1 − L/l = 0 at rest length). ω_max tends to
     * 2√(k/m): half the single-spring Δt.
     */
    @Test
    void aChainFixedAtOneEndHasTheClosedFormSpectrum() {
        double k = 100;
        double m = 0.1;
        for (int nodes : new int[] {2, 3, 8, 16, 41}) {
            MassSpringSystem s = Scenes.build(SceneSpec.of(SceneType.CHAIN).nodes(nodes).gravity(0).mass(m).stiffness(k));
            double[] expected = new double[3 * (nodes - 1)];
            for (int j = 1; j <= nodes - 1; j++) {
                double w = 2 * Math.sqrt(k / m) * Math.sin((2 * j - 1) * Math.PI / (2 * (2 * nodes - 1)));
                expected[expected.length - j] = w * w;
            }
            Arrays.sort(expected);
            double[] reference = ReferenceStiffness.eigenvalues(s);
            double top = expected[expected.length - 1];
            for (int i = 0; i < expected.length; i++) {
                assertEquals(expected[i], reference[i], Tolerances.EIGENVALUE * top, "N = " + nodes + ", eigenvalue " + i);
            }
            double omegaMax = Math.sqrt(top);
            assertEquals(omegaMax, StabilityAnalysis.omegaMax(s), Tolerances.EIGENVALUE * omegaMax, "N = " + nodes);
            assertEquals(omegaMax, StabilityAnalysis.fastestModeLanczos(s).omegaMax(), Tolerances.LANCZOS_VS_DENSE * omegaMax);
            assertEquals(2 / omegaMax, limit(s, IntegratorKind.SYMPLECTIC_EULER).dtMax(), Tolerances.EIGENVALUE / omegaMax);
            assertEquals(2 * Math.sqrt(2) / omegaMax, limit(s, IntegratorKind.RK4).dtMax(), Tolerances.EIGENVALUE / omegaMax);
            assertEquals(2 * Math.sqrt(m / k), StabilityAnalysis.naiveBound(s), 1e-15);
        }
        MassSpringSystem n2 = Scenes.build(SceneSpec.of(SceneType.CHAIN).nodes(2).gravity(0).mass(m).stiffness(k));
        assertEquals(Math.sqrt(k / m), StabilityAnalysis.omegaMax(n2), Tolerances.EIGENVALUE * Math.sqrt(k / m),
                "two nodes are one spring");
        MassSpringSystem n41 = Scenes.build(SceneSpec.of(SceneType.CHAIN).nodes(41).gravity(0).mass(m).stiffness(k));
        double ratio = StabilityAnalysis.naiveBound(n41) / limit(n41, IntegratorKind.SYMPLECTIC_EULER).dtMax();
        assertTrue(ratio > 1.99 && ratio < 2, "a long chain halves the single-spring Δt, ratio " + ratio);
    }

    /** A 10×10 cloth at rest: every limit is its formula with ω_max from the independent dense solve. */
    @Test
    void clothLimitsUseOmegaMaxOfTheWholeMesh() {
        MassSpringSystem s = Scenes.build(SceneSpec.of(SceneType.CLOTH).size(10).gravity(0));
        double omegaMax = Math.sqrt(ReferenceStiffness.lambdaMax(s));
        double tol = Tolerances.EIGENVALUE / omegaMax;
        assertEquals(omegaMax, StabilityAnalysis.omegaMax(s), Tolerances.EIGENVALUE * omegaMax);
        assertEquals(2 / omegaMax, limit(s, IntegratorKind.SYMPLECTIC_EULER).dtMax(), tol);
        assertEquals(2 / omegaMax, limit(s, IntegratorKind.VELOCITY_VERLET).dtMax(), tol);
        assertEquals(2 * Math.sqrt(1 - PositionVerlet.DEFAULT_DAMPING / 2) / omegaMax, limit(s, IntegratorKind.VERLET).dtMax(), tol);
        assertEquals(2 * Math.sqrt(2) / omegaMax, limit(s, IntegratorKind.RK4).dtMax(), tol);
        assertTrue(StabilityAnalysis.naiveBound(s) > 2 / omegaMax, "the mesh limit is below the single-spring bound");
    }

    // ------------------------------------------------------------------ modal limits, brute force

    private static final double OMEGA = 7.3;
    private static final double[] ZETAS = {0, 1e-3, 0.01, 0.05, 0.2, 0.5, 0.9, 0.999, 1.0, 1.5, 3.0};

    /**
     * Explicit Euler on x'' = −ω²x − 2ζωx': the amplification matrix is I + hA,
     * A = [[0, 1], [−ω², −2ζω]]. Its spectral radius stays ≤ 1 up to 2ζ/ω (ζ &lt; 1) and
     * 2/(ω(ζ + √(ζ² − 1))) (ζ ≥ 1); undamped, at no h.
     */
    @Test
    void explicitEulerDampedLimitMatchesTheSpectralRadius() {
        for (double zeta : ZETAS) {
            double w = OMEGA;
            double z = zeta;
            double brute = largestStableStep(h -> radius(1, h, -h * w * w, 1 - 2 * z * w * h), 10 / w);
            double formula = StabilityAnalysis.modalLimit(IntegratorKind.EXPLICIT_EULER, w, z, 0);
            assertClose(brute, formula, "explicit Euler, ζ = " + z);
            if (z > 0 && z < 1) {
                assertEquals(2 * z / w, formula, Tolerances.STABILITY_FORMULA * formula);
            }
        }
    }

    /**
     * Symplectic Euler, v then x: v⁺ = (1 − 2ζωh) v − hω² x, x⁺ = x + h v⁺, so the matrix on
     * (x, v) is [[1 − h²ω², h(1 − 2ζωh)], [−hω², 1 − 2ζωh]] (the one in modalLimit's javadoc).
     */
    @Test
    void symplecticEulerDampedLimitMatchesTheSpectralRadius() {
        for (double zeta : ZETAS) {
            double w = OMEGA;
            double z = zeta;
            double brute = largestStableStep(h -> radius(1 - h * h * w * w, h * (1 - 2 * z * w * h), -h * w * w, 1 - 2 * z * w * h), 10 / w);
            double formula = StabilityAnalysis.modalLimit(IntegratorKind.SYMPLECTIC_EULER, w, z, 0);
            assertClose(brute, formula, "symplectic Euler, ζ = " + z);
            assertEquals(2 * (Math.sqrt(1 + z * z) - z) / w, formula, Tolerances.STABILITY_FORMULA * formula);
        }
    }

    /**
     * RK4: the matrix R(hA) = I + hA + (hA)²/2 + (hA)³/6 + (hA)⁴/24, multiplied out in 2×2.
     * At ζ = 1 A is defective (a double eigenvalue −ω with one eigenvector), so the computed
     * radius is only good to √ε there; that case is checked against the scalar root instead: both
     * eigenvalues of R(hA) are R(−hω), which leaves the unit disc where R(−y) = 1 again
     * (y ≈ 2.785, the end of RK4's real stability interval).
     */
    @Test
    void rungeKuttaDampedLimitMatchesTheSpectralRadius() {
        for (double zeta : ZETAS) {
            if (zeta == 1.0) {
                continue;
            }
            double w = OMEGA;
            double z = zeta;
            double brute = largestStableStep(h -> {
                double[] a = {0, h, -h * w * w, -2 * z * w * h};
                double[] r = {1, 0, 0, 1};
                double[] term = {1, 0, 0, 1};
                for (int p = 1; p <= 4; p++) {
                    term = times(term, a);
                    for (int i = 0; i < 4; i++) {
                        term[i] /= p;
                        r[i] += term[i];
                    }
                }
                return radius(r[0], r[1], r[2], r[3]);
            }, 10 / w);
            double formula = StabilityAnalysis.modalLimit(IntegratorKind.RK4, w, z, 0);
            assertClose(brute, formula, "RK4, ζ = " + z);
        }
        assertEquals(2 * Math.sqrt(2) / OMEGA, StabilityAnalysis.modalLimit(IntegratorKind.RK4, OMEGA, 0, 0), 1e-15);
        double lo = 2;
        double hi = 3;
        for (int it = 0; it < 200; it++) {
            double y = 0.5 * (lo + hi);
            double r = 1 - y + y * y / 2 - y * y * y / 6 + y * y * y * y / 24;
            if (r < 1) {
                lo = y;
            } else {
                hi = y;
            }
        }
        double critical = lo / OMEGA;
        assertEquals(critical, StabilityAnalysis.modalLimit(IntegratorKind.RK4, OMEGA, 1.0, 0),
                Tolerances.STABILITY_FORMULA * critical, "RK4, ζ = 1");
    }

    /**
     * Position Verlet with δ on the undamped oscillator: (x_{n+1}, x_n) = C (x_n, x_{n−1}),
     * C = [[2 − δ − h²ω², −(1 − δ)], [1, 0]]; the formula is 2√(1 − δ/2)/ω. Velocity Verlet's
     * undamped limit is 2/ω.
     */
    @Test
    void verletLimitMatchesTheSpectralRadius() {
        for (double delta : new double[] {0, PositionVerlet.DEFAULT_DAMPING, 1e-3, 0.1, 0.5}) {
            double w = OMEGA;
            double d = delta;
            double brute = largestStableStep(h -> radius(2 - d - h * h * w * w, -(1 - d), 1, 0), 10 / w);
            double formula = StabilityAnalysis.modalLimit(IntegratorKind.VERLET, w, 0, d);
            assertClose(brute, formula, "Verlet, δ = " + d);
        }
        assertEquals(2 / OMEGA, StabilityAnalysis.modalLimit(IntegratorKind.VELOCITY_VERLET, OMEGA, 0, 0), 1e-15);
    }

    private static void assertClose(double brute, double formula, String what) {
        if (brute == 0) {
            assertEquals(0.0, formula, what + ": unstable at every h");
        } else {
            assertEquals(brute, formula, Tolerances.STABILITY_FORMULA * brute, what);
        }
    }

    /** The spectral radius of the 2×2 matrix [[a, b], [c, d]]. */
    private static double radius(double a, double b, double c, double d) {
        double half = 0.5 * (a + d);
        double det = a * d - b * c;
        double disc = half * half - det;
        if (disc < 0) {
            return Math.sqrt(det);
        }
        double root = Math.sqrt(disc);
        return Math.max(Math.abs(half + root), Math.abs(half - root));
    }

    private static double[] times(double[] p, double[] q) {
        return new double[] {p[0] * q[0] + p[1] * q[2], p[0] * q[1] + p[1] * q[3],
            p[2] * q[0] + p[3] * q[2], p[2] * q[1] + p[3] * q[3]};
    }

    /**
     * The largest h such that every step in (0, h] has spectral radius ≤ 1 + 10⁻¹⁵: a scan of
     * 20 000 points up to {@code hMax}, then bisection of the first stable-to-unstable bracket.
     * 0 when the smallest step scanned is already unstable.
     */
    private static double largestStableStep(DoubleUnaryOperator radius, double hMax) {
        int points = 20_000;
        double previous = 0;
        for (int i = 1; i <= points; i++) {
            double h = hMax * i / points;
            if (!stable(radius, h)) {
                if (previous == 0) {
                    return 0;
                }
                double lo = previous;
                double hi = h;
                for (int it = 0; it < 100 && hi - lo > 1e-15 * hi; it++) {
                    double mid = 0.5 * (lo + hi);
                    if (stable(radius, mid)) {
                        lo = mid;
                    } else {
                        hi = mid;
                    }
                }
                return lo;
            }
            previous = h;
        }
        return Double.POSITIVE_INFINITY;
    }

    private static boolean stable(DoubleUnaryOperator radius, double h) {
        return radius.applyAsDouble(h) <= 1 + 1e-15;
    }
}
