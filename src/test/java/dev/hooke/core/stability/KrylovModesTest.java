package dev.hooke.core.stability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
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
import org.ejml.data.Complex_F64;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;
import org.junit.jupiter.api.Test;

/**
 * The fastest modes by block Lanczos ({@link KrylovModes}) against independent dense eigen solves
 * built here (EJML on the test's own mass-weighted stiffness, {@link ReferenceStiffness}, and on
 * the test's own unweighted first-order matrix, {@link ReferenceAmplification}), on systems small
 * enough for both but large enough that the Krylov basis is a small part of the space; and on a
 * 40×40 cloth, too large for the dense solve, against the stability analysis's ω_max.
 */
class KrylovModesTest {

    /** ω and Re λ against the dense solve, relative to the fastest mode's |λ|. */
    private static final double RELATIVE = 1e-9;
    private static final int COUNT = 12;

    @Test
    void theUndampedFastestModesAreTheDenseSolvesLargest() {
        // a square cloth has symmetric twins among its fast modes, a hanging chain two transverse directions
        for (SceneSpec spec : List.of(SceneSpec.of(SceneType.CLOTH).size(16), SceneSpec.of(SceneType.CHAIN).nodes(200))) {
            MassSpringSystem s = Scenes.build(spec);
            LinearizedSystem lin = new LinearizedSystem(s);
            double[] oracle = ReferenceStiffness.eigenvalues(s);     // ascending
            KrylovModes.Found found = KrylovModes.fastest(lin, COUNT, dev.hooke.core.io.Progress.NONE);
            assertEquals(COUNT, found.lambdas().length);
            assertTrue(found.basisSize() < lin.dim / 2, spec.type() + ": the Krylov basis (" + found.basisSize()
                    + " vectors) is a small part of the " + lin.dim + " dimensions");
            double top = Math.sqrt(oracle[oracle.length - 1]);
            for (int k = 0; k < COUNT; k++) {
                double omega = Math.sqrt(oracle[oracle.length - 1 - k]);
                assertEquals(0, found.lambdas()[k][0], 0, spec.type() + ", mode " + k + ": undamped");
                assertEquals(omega, found.lambdas()[k][1], RELATIVE * top, spec.type() + ", mode " + k + ": ω");
            }
        }
    }

    @Test
    void airDampingOnEqualMassesGivesEachModeItsClosedFormRoot() {
        SceneSpec spec = SceneSpec.of(SceneType.CHAIN).nodes(200).airDamping(0.05);
        MassSpringSystem s = Scenes.build(spec);
        LinearizedSystem lin = new LinearizedSystem(s);
        List<Complex_F64> oracle = dampedEigenvalues(new ReferenceAmplification(s));
        double[][] found = KrylovModes.fastest(lin, COUNT, dev.hooke.core.io.Progress.NONE).lambdas();
        double top = oracle.get(0).getMagnitude();
        for (int k = 0; k < COUNT; k++) {
            assertEquals(oracle.get(k).getMagnitude(), Math.hypot(found[k][0], found[k][1]), RELATIVE * top,
                    "mode " + k + ": ω = |λ|");
            assertEquals(oracle.get(k).real, found[k][0], RELATIVE * top, "mode " + k + ": Re λ");
        }
    }

    @Test
    void springDampingIsRefusedAboveTheDenseSize() {
        MassSpringSystem s = Scenes.build(SceneSpec.of(SceneType.CHAIN).nodes(400).springDamping(0.4));
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> Modes.fastest(s, dev.hooke.core.integrate.IntegratorKind.SYMPLECTIC_EULER, 1e-3, 0, 5,
                        dev.hooke.core.io.Progress.NONE));
        assertTrue(e.getMessage().contains("air damping on equal masses"), e.getMessage());
    }

    @Test
    void aLargeClothsFastestModeIsTheStabilityAnalysisOmegaMax() throws Exception {
        String[] args = {"modes", "--scene", "cloth", "--size", "40", "--count", "10", "--json"};
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        assertEquals(0, HookeCli.run(args, new PrintWriter(out, true), new PrintWriter(err, true)), err.toString());
        JsonNode modes = new ObjectMapper().readTree(out.toString()).get("modes");
        assertEquals(10, modes.size());
        double omegaMax = StabilityAnalysis.omegaMax(Scenes.build(SceneSpec.of(SceneType.CLOTH).size(40)));
        assertEquals(omegaMax, modes.get(0).get("omega").asDouble(), RELATIVE * omegaMax, "ω of the fastest mode");
        for (int k = 1; k < modes.size(); k++) {
            assertTrue(modes.get(k).get("omega").asDouble() <= modes.get(k - 1).get("omega").asDouble(),
                    "fastest first");
        }
    }

    /** λ of L = [[0, I], [−M⁻¹K, −M⁻¹C]] with Im λ ≥ 0, fastest first. */
    private static List<Complex_F64> dampedEigenvalues(ReferenceAmplification ref) {
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
        all.sort(Comparator.comparingDouble(Complex_F64::getMagnitude).reversed());
        return all;
    }
}
