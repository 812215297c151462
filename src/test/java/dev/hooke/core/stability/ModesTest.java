package dev.hooke.core.stability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.hooke.cli.HookeCli;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.scene.Scenes;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.ejml.data.Complex_F64;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code hooke modes --json} against an independent dense eigen solve: the test assembles
 * L = [[0, I], [−M⁻¹K, −M⁻¹C]] in the particles' own coordinates ({@link ReferenceAmplification},
 * no mass weighting), takes its eigenvalues λ with EJML, and holds every mode's ω = |λ| and each
 * method's |R| to the closed forms on z = Δt·λ (Hairer &amp; Wanner 1996, §IV.2); for the
 * partitioned methods, with damping proportional to the mass (air only, so modal), the largest
 * |R| is the spectral radius of the method's whole step matrix.
 */
class ModesTest {

    /** ω and |R| against the independent solve, relative. */
    private static final double RELATIVE = 1e-9;
    /**
     * The whole step matrix's spectral radius against the largest modal |R|: the matrix is
     * defective where a flat cloth has zero-stiffness modes and where a mode sits at ωΔt ≈ 2 (a
     * partitioned method's two roots meet there), and EJML's eigenvalues of a Jordan block are off
     * by about √ε times its scale.
     */
    private static final double WHOLE_MATRIX = 1e-4;
    /** Modes below this fraction of the fastest are rigid or zero-stiffness motion, left out of the comparison. */
    private static final double SLOW = 1e-6;

    static Stream<Arguments> systems() {
        return Stream.of(
                Arguments.of("spring", new String[] {"--scene", "spring"}),
                Arguments.of("damped spring", new String[] {"--scene", "spring", "--kd", "2", "--air-damping", "0.3"}),
                Arguments.of("chain", new String[] {"--scene", "chain", "--nodes", "5"}),
                Arguments.of("damped chain", new String[] {"--scene", "chain", "--nodes", "5", "--kd", "0.4",
                    "--air-damping", "0.05"}),
                Arguments.of("cloth", new String[] {"--scene", "cloth", "--size", "4"}),
                Arguments.of("damped cloth", new String[] {"--scene", "cloth", "--size", "4", "--kd", "0.01",
                    "--air-damping", "0.0005"}));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("systems")
    void everyModeAndEveryAmplificationAgreesWithTheIndependentSolve(String name, String[] scene) throws Exception {
        MassSpringSystem system = build(scene);
        List<Complex_F64> oracle = eigenvalues(new ReferenceAmplification(system));
        double fastest = Math.hypot(oracle.get(0).real, oracle.get(0).imaginary);
        double dt = 1.5 / fastest;      // a step where the methods differ: ω_max Δt = 1.5
        for (String method : new String[] {"explicit-euler", "rk4", "implicit-euler", "implicit-midpoint"}) {
            JsonNode modes = modes(scene, method, dt).get("modes");
            List<JsonNode> shown = new ArrayList<>();
            modes.forEach(m -> {
                if (m.get("omega").asDouble() > SLOW * fastest) {
                    shown.add(m);
                }
            });
            assertEquals(oracle.size(), shown.size(), name + ", " + method + ": the number of modes");
            for (int i = 0; i < oracle.size(); i++) {
                Complex_F64 l = oracle.get(i);
                JsonNode m = shown.get(i);
                String what = name + ", " + method + ", mode " + i;
                assertRelative(Math.hypot(l.real, l.imaginary), m.get("omega").asDouble(), what + ": ω");
                double a = dt * l.real;
                double b = dt * l.imaginary;
                assertRelative(a, m.get("z_re").asDouble(), Math.abs(b), what + ": Re z");
                assertRelative(b, m.get("z_im").asDouble(), Math.abs(a), what + ": Im z");
                double r = switch (method) {
                    case "explicit-euler" -> Math.hypot(1 + a, b);
                    case "implicit-euler" -> 1 / Math.hypot(1 - a, b);
                    case "implicit-midpoint" -> Math.hypot(1 + a / 2, b / 2) / Math.hypot(1 - a / 2, b / 2);
                    default -> rk4(a, b);
                };
                assertRelative(r, m.get("amplification").asDouble(), what + ": |R|");
                assertEquals(r <= 1 + Modes.STABLE_TOLERANCE, m.get("stable").asBoolean(), what + ": inside the region");
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("systems")
    void withoutDampingTheClosedFormsHold(String name, String[] scene) throws Exception {
        if (name.startsWith("damped")) {
            return;
        }
        MassSpringSystem system = build(scene);
        double fastest = Math.hypot(eigenvalues(new ReferenceAmplification(system)).get(0).imaginary, 0);
        double dt = 1.5 / fastest;
        for (JsonNode m : modes(scene, "explicit-euler", dt).get("modes")) {
            double y = m.get("omega").asDouble() * dt;
            if (y < SLOW * 1.5) {
                continue;       // rigid and zero-stiffness motion
            }
            assertRelative(Math.sqrt(1 + y * y), m.get("amplification").asDouble(), name + ": explicit Euler √(1+(ωΔt)²)");
            assertEquals(Math.sqrt(1 + y * y) <= 1 + Modes.STABLE_TOLERANCE, m.get("stable").asBoolean(),
                    name + ": explicit Euler is outside its disc but for (near-)zero modes");
        }
        for (JsonNode m : modes(scene, "implicit-euler", dt).get("modes")) {
            double y = m.get("omega").asDouble() * dt;
            assertRelative(1 / Math.sqrt(1 + y * y), m.get("amplification").asDouble(), name + ": backward Euler");
        }
        for (JsonNode m : modes(scene, "rk4", dt).get("modes")) {
            double y = m.get("omega").asDouble() * dt;
            double r2 = 1 - Math.pow(y, 6) / 72 + Math.pow(y, 8) / 576;
            assertRelative(Math.sqrt(r2), m.get("amplification").asDouble(), name + ": RK4 |R(iy)|² = 1 − y⁶/72 + y⁸/576");
        }
        // symplectic Euler: |R| = 1 below ωΔt = 2, above 1 beyond it
        for (double factor : new double[] {0.9, 1.1}) {
            double h = factor * 2 / fastest;
            JsonNode first = modes(scene, "symplectic-euler", h).get("modes").get(0);
            if (factor < 1) {
                assertEquals(1, first.get("amplification").asDouble(), RELATIVE, name + ": symplectic Euler below 2/ω");
                assertTrue(first.get("stable").asBoolean());
            } else {
                assertTrue(first.get("amplification").asDouble() > 1 + 1e-3, name + ": symplectic Euler beyond 2/ω");
                assertFalse(first.get("stable").asBoolean());
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("systems")
    void thePartitionedMethodsLargestAmplificationIsTheirStepMatrixsSpectralRadius(String name, String[] scene)
            throws Exception {
        // with air damping only C = c M⁻¹… is proportional to M, the damping is modal and each mode's
        // scalar step matrix is a block of the whole one
        List<String> args = new ArrayList<>(List.of(scene));
        int kd = args.indexOf("--kd");
        if (kd >= 0) {
            args.remove(kd + 1);
            args.remove(kd);
        }
        String[] modal = args.toArray(String[]::new);
        MassSpringSystem system = build(modal);
        ReferenceAmplification ref = new ReferenceAmplification(system);
        double fastest = Math.hypot(eigenvalues(ref).get(0).real, eigenvalues(ref).get(0).imaginary);
        String[][] methods = {{"symplectic-euler", "SYMPLECTIC_EULER"}, {"velocity-verlet", "VELOCITY_VERLET"},
            {"verlet", "POSITION_VERLET"}};
        for (double h : new double[] {0.8 / fastest, 1.9 / fastest, 2.1 / fastest}) {
            for (String[] m : methods) {
                double largest = 0;
                for (JsonNode mode : modes(modal, m[0], h).get("modes")) {
                    largest = Math.max(largest, mode.get("amplification").asDouble());
                }
                double rho = ref.spectralRadius(ReferenceAmplification.Method.valueOf(m[1]), h, 5e-5);
                assertEquals(rho, largest, WHOLE_MATRIX, name + ", " + m[0] + " at ωΔt = " + h * fastest);
            }
        }
    }

    /**
     * A zero-stiffness mode (the transverse motion of a straight chain or a flat cloth, whose springs
     * at rest length resist no sideways motion) has λ = 0: no frequency and no damping ratio. Every
     * scene lists exactly as many modes with ω = 0 as the null space of the independently assembled
     * M⁻¹K has dimensions (counted from its eigenvalues), each with ζ null in JSON and an empty
     * cell in the CSV, and every other mode a finite ζ in [−1, 1].
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("systems")
    void aZeroStiffnessModeHasNoDampingRatio(String name, String[] scene) throws Exception {
        ReferenceAmplification ref = new ReferenceAmplification(build(scene));
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(ref.n, false);
        assertTrue(eig.decompose(ref.k.copy()), "EJML's eigen solve of M⁻¹K");
        double largest = 0;
        for (int i = 0; i < ref.n; i++) {
            largest = Math.max(largest, eig.getEigenvalue(i).getMagnitude());
        }
        int nullity = 0;
        for (int i = 0; i < ref.n; i++) {
            nullity += eig.getEigenvalue(i).getMagnitude() <= Modes.ZERO_MODE * largest ? 1 : 0;
        }
        assertTrue(nullity > 0, name + " must have zero-stiffness modes");
        JsonNode modes = modes(scene, "rk4", 1e-3).get("modes");
        int zero = 0;
        for (JsonNode m : modes) {
            if (m.get("omega").asDouble() == 0) {
                zero++;
                assertTrue(m.get("zeta").isNull(), name + ": ζ of a zero-stiffness mode must be null, got " + m);
            } else {
                double zeta = m.get("zeta").asDouble(Double.NaN);
                assertTrue(m.get("zeta").isNumber() && zeta >= -1 && zeta <= 1, name + ": ζ of " + m);
            }
        }
        assertEquals(nullity, zero, name + ": the modes with ω = 0");
        List<String> args = new ArrayList<>(List.of("modes"));
        args.addAll(List.of(scene));
        StringWriter out = new StringWriter();
        assertEquals(0, HookeCli.run(args.toArray(String[]::new), new PrintWriter(out, true), new PrintWriter(new StringWriter(), true)));
        List<String> rows = out.toString().lines().skip(1).toList();
        assertEquals(modes.size(), rows.size(), name + ": CSV rows");
        assertEquals(nullity, rows.stream().filter(r -> r.startsWith("0.0,,")).count(),
                name + ": CSV rows of a zero-stiffness mode, with ω = 0 and an empty ζ");
    }

    @org.junit.jupiter.api.Test
    void aSceneTooLargeForTheDenseSolveIsRefusedInOneLine() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = HookeCli.run(new String[] {"modes", "--scene", "cloth", "--size", "30"}, new PrintWriter(out, true),
                new PrintWriter(err, true));
        assertEquals(2, code);
        assertEquals("hooke: the scene has 2694 free degrees of freedom; modes finds all the modes of at most "
                + Modes.DENSE_MAX_DOFS + " (a smaller --size or --nodes), or the fastest with --count N",
                err.toString().strip());
        assertEquals("", out.toString());
    }

    // ------------------------------------------------------------------ the oracle

    private static MassSpringSystem build(String[] scene) {
        String type = scene[1];
        SceneSpec spec = SceneSpec.of(SceneType.fromId(type));
        for (int i = 2; i < scene.length; i += 2) {
            double v = Double.parseDouble(scene[i + 1]);
            switch (scene[i]) {
                case "--nodes" -> spec.nodes((int) v);
                case "--size" -> spec.size((int) v);
                case "--kd" -> spec.springDamping(v);
                case "--air-damping" -> spec.airDamping(v);
                default -> throw new IllegalArgumentException(scene[i]);
            }
        }
        return Scenes.build(spec);
    }

    /** λ of L = [[0, I], [−M⁻¹K, −M⁻¹C]] with Im λ ≥ 0 and |λ| above {@link #SLOW} of the largest, fastest first. */
    private static List<Complex_F64> eigenvalues(ReferenceAmplification ref) {
        int n = ref.n;
        DMatrixRMaj l = new DMatrixRMaj(2 * n, 2 * n);
        for (int i = 0; i < n; i++) {
            l.set(i, n + i, 1);
            for (int q = 0; q < n; q++) {
                l.set(n + i, q, -ref.k.get(i, q));
                l.set(n + i, n + q, -ref.c.get(i, q));
            }
        }
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(2 * n, false);
        assertTrue(eig.decompose(l), "EJML's eigen solve");
        List<Complex_F64> all = new ArrayList<>();
        for (int i = 0; i < eig.getNumberOfEigenvalues(); i++) {
            Complex_F64 v = eig.getEigenvalue(i);
            if (v.imaginary >= 0) {
                all.add(new Complex_F64(v.real, v.imaginary));
            }
        }
        all.sort(Comparator.comparingDouble((Complex_F64 v) -> Math.hypot(v.real, v.imaginary)).reversed());
        double top = Math.hypot(all.get(0).real, all.get(0).imaginary);
        return all.stream().filter(v -> Math.hypot(v.real, v.imaginary) > SLOW * top).toList();
    }

    private static JsonNode modes(String[] scene, String method, double dt) throws Exception {
        List<String> args = new ArrayList<>(List.of("modes"));
        args.addAll(List.of(scene));
        args.addAll(List.of("--integrator", method, "--dt", Double.toString(dt), "--json"));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = HookeCli.run(args.toArray(String[]::new), new PrintWriter(out, true), new PrintWriter(err, true));
        assertEquals(0, code, "hooke " + String.join(" ", args) + ": " + err);
        return new ObjectMapper().readTree(out.toString());
    }

    /** |R(z)|, R = 1 + z + z²/2 + z³/6 + z⁴/24, written out term by term. */
    private static double rk4(double a, double b) {
        double re = 1;
        double im = 0;
        double tr = 1;
        double ti = 0;
        for (int k = 1; k <= 4; k++) {
            double nr = (tr * a - ti * b) / k;
            double ni = (tr * b + ti * a) / k;
            tr = nr;
            ti = ni;
            re += tr;
            im += ti;
        }
        return Math.hypot(re, im);
    }

    private static void assertRelative(double expected, double actual, String what) {
        assertRelative(expected, actual, 0, what);
    }

    /** |expected − actual| ≤ RELATIVE (|expected| + scale). */
    private static void assertRelative(double expected, double actual, double scale, String what) {
        assertEquals(expected, actual, RELATIVE * (Math.abs(expected) + scale), what);
    }
}
