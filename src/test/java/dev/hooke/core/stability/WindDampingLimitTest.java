package dev.hooke.core.stability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.force.WindForce;
import dev.hooke.core.model.Wind;
import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.integrate.PositionVerlet;
import dev.hooke.core.model.ClothSurface;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.model.SpringKind;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.scene.Scenes;
import dev.hooke.core.stability.ReferenceAmplification.Method;
import org.junit.jupiter.api.Test;

/**
 * The wind's velocity derivative in the damping of the stability analysis: limits against the full
 * amplification matrix with C completed by a central finite difference of the wind's force, and
 * one mode the wind damps against its closed form.
 */
class WindDampingLimitTest {

    /** The limits must agree with the oracle's bisection (relative width 10⁻⁷) to this. */
    private static final double LIMIT_REL = 1e-6;
    /** The closed forms are met to the analysis's bisection and eigen solve round-off. */
    private static final double CLOSED_FORM_REL = 1e-9;
    /** The finite-difference step of the wind's velocity derivative, relative to the wind speed. */
    private static final double FD_STEP_REL = 1e-6;
    /** A change of a limit counts as a change when it is this many times the tolerance. */
    private static final double MOVED = 100;

    /** ρ C of the scenes' wind; kg/m³. */
    private static final double RHO_C = Wind.AIR_DENSITY * Wind.DEFAULT_COEFFICIENT;

    /**
     * A 4×4 cloth in the x–z plane stretched by a fifth (so its out-of-plane modes are stiff), with
     * axial and air damping and a wind of 5 m/s along its normal. The oracle's C gains −M⁻¹ ∂F/∂v of
     * {@link Wind#addForces} by central differences; every explicit method's limit matches the
     * bisection on ρ(G(h)) (explicit Euler's: the spectrum of the oracle's L). Explicit Euler's limit, set by an out-of-plane mode that only the air
     * damps, rises with the wind as the oracle says.
     */
    @Test
    void aStretchedClothInAWindAlongItsNormalMatchesTheAmplificationMatrixWithTheWindsDerivative() {
        MassSpringSystem calm = stretchedCloth(null);
        MassSpringSystem windy = stretchedCloth(Wind.steady(0, 5, 0));
        ReferenceAmplification oracle = new ReferenceAmplification(windy);
        addWindDerivative(windy, oracle);
        double delta = PositionVerlet.DEFAULT_DAMPING;
        Object[][] cases = {
            {IntegratorKind.EXPLICIT_EULER, Method.EXPLICIT_EULER},
            {IntegratorKind.SYMPLECTIC_EULER, Method.SYMPLECTIC_EULER},
            {IntegratorKind.VELOCITY_VERLET, Method.VELOCITY_VERLET},
            {IntegratorKind.VERLET, Method.POSITION_VERLET},
            {IntegratorKind.RK4, Method.RK4},
        };
        for (Object[] c : cases) {
            IntegratorKind kind = (IntegratorKind) c[0];
            double predicted = StabilityAnalysis.predictedLimit(windy, kind, delta).dtMax();
            // explicit Euler grows by only ~ 10⁻⁸ per step just past its limit, below the bisection's
            // slack: its limit is read from the eigenvalues s of the oracle's L, min −2 Re s/|s|²
            double truth = kind == IntegratorKind.EXPLICIT_EULER ? oracle.explicitEulerFromSpectrum()
                    : oracle.bisect((Method) c[1], delta, 0.5 * predicted, 2 * predicted);
            assertEquals(truth, predicted, LIMIT_REL * truth, kind.id());
        }
        double withWind = StabilityAnalysis.predictedLimit(windy, IntegratorKind.EXPLICIT_EULER, 0).dtMax();
        double without = StabilityAnalysis.predictedLimit(calm, IntegratorKind.EXPLICIT_EULER, 0).dtMax();
        double calmTruth = new ReferenceAmplification(calm).explicitEulerFromSpectrum();
        assertEquals(calmTruth, without, LIMIT_REL * calmTruth, "explicit Euler without wind");
        assertTrue(withWind > (1 + MOVED * LIMIT_REL) * without,
                "the wind damps the binding mode: " + without + " s → " + withWind + " s");
    }

    /**
     * One free corner of a triangle whose other two are pinned, its two springs stretched, in a wind
     * W along the normal y. Its out-of-plane motion is m ÿ = −k_y y − (C_w) ẏ with
     * k_y = Σ k_s (1 − L/l) and, from F = ½ρCA|u|(u·n)n shared by three corners, C_w = ρ C A W / 9.
     * The analysis's modes hold λ = −b/2 + i√(ω² − b²/4) (b = C_w/m, ω² = k_y/m), and symplectic
     * Euler's limit drops from 2/ω_max of the undamped in-plane motion to that mode's
     * h = (√(b² + 4ω²) − b)/ω², the root of 1 + tr G + det G = 0 for G = [[1 − h²ω², h(1 − hb)],
     * [−hω², 1 − hb]].
     */
    @Test
    void aStrongWindDampsTheOutOfPlaneModeAndLowersSymplecticEulersLimitToItsClosedForm() {
        double mass = 0.01;
        double ks = 100;
        double speed = 20;
        MassSpringSystem.Builder b = MassSpringSystem.builder().gravity(0, 0, 0);
        int p0 = b.particle(0, 0, 0, mass);
        int p1 = b.particle(1, 0, 0, mass);
        int p2 = b.particle(0, 0, 1, mass);
        b.pin(p0).pin(p1);
        double rest0 = 0.5;
        double rest1 = 0.7;
        int s0 = b.spring(p0, p2, rest0, ks, 0, SpringKind.STRUCTURAL);
        int s1 = b.spring(p1, p2, rest1, ks, 0, SpringKind.STRUCTURAL);
        b.surface(new ClothSurface(new int[] {p0, p1, p2}, new int[] {-1, s1, s0}));
        MassSpringSystem calm = b.build();
        MassSpringSystem windy = calm.copy();
        windy.setWind(Wind.steady(0, speed, 0));

        double area = 0.5;
        double damping = RHO_C * area * speed / 9 / mass;
        double omega2 = (ks * (1 - rest0 / 1) + ks * (1 - rest1 / Math.sqrt(2))) / mass;
        double[][] lambdas = Modes.eigenvalues(windy);
        double[] damped = lambdas[0];
        for (double[] l : lambdas) {
            if (l[0] < damped[0]) {
                damped = l;
            }
        }
        double omega = Math.sqrt(omega2);
        assertEquals(-damping / 2, damped[0], CLOSED_FORM_REL * omega, "Re λ = −C_w/(2m)");
        assertEquals(Math.sqrt(omega2 - damping * damping / 4), damped[1], CLOSED_FORM_REL * omega, "Im λ");

        double closedForm = (Math.sqrt(damping * damping + 4 * omega2) - damping) / omega2;
        double before = StabilityAnalysis.predictedLimit(calm, IntegratorKind.SYMPLECTIC_EULER, 0).dtMax();
        double after = StabilityAnalysis.predictedLimit(windy, IntegratorKind.SYMPLECTIC_EULER, 0).dtMax();
        assertEquals(closedForm, after, CLOSED_FORM_REL * closedForm, "the damped mode's limit");
        assertTrue(before > (1 + MOVED * LIMIT_REL) * after, "the wind lowers the limit: " + before + " s → " + after + " s");
    }

    private static MassSpringSystem stretchedCloth(Wind wind) {
        SceneSpec spec = SceneSpec.of(SceneType.CLOTH).size(4).length(1).gravity(0)
                .structuralStiffness(400).shearStiffness(90).bendStiffness(20).mass(0.01)
                .springDamping(0.4).airDamping(0.002);
        MassSpringSystem s = Scenes.build(spec);
        for (int q = 0; q < s.x.length; q++) {
            s.x[q] *= 1.2;
        }
        s.setWind(wind);
        return s;
    }

    /** oracle.c −= M⁻¹ ∂F_wind/∂v over the free DOFs, by central differences of {@link Wind#addForces}. */
    private static void addWindDerivative(MassSpringSystem s, ReferenceAmplification oracle) {
        int count = s.particleCount();
        int[] dof = new int[count];
        int d = 0;
        for (int i = 0; i < count; i++) {
            dof[i] = s.isPinned(i) ? -1 : d;
            d += s.isPinned(i) ? 0 : 3;
        }
        double speed = Math.sqrt(s.wind().mean(0) * s.wind().mean(0) + s.wind().mean(1) * s.wind().mean(1)
                + s.wind().mean(2) * s.wind().mean(2));
        double eps = FD_STEP_REL * speed;
        double[] v = s.v.clone();
        double[] plus = new double[3 * count];
        double[] minus = new double[3 * count];
        for (int j = 0; j < count; j++) {
            if (dof[j] < 0) {
                continue;
            }
            for (int c = 0; c < 3; c++) {
                java.util.Arrays.fill(plus, 0);
                java.util.Arrays.fill(minus, 0);
                v[3 * j + c] += eps;
                WindForce.addForces(s.wind(), s, s.x, v, plus);
                v[3 * j + c] -= 2 * eps;
                WindForce.addForces(s.wind(), s, s.x, v, minus);
                v[3 * j + c] += eps;
                for (int i = 0; i < count; i++) {
                    if (dof[i] < 0) {
                        continue;
                    }
                    for (int r = 0; r < 3; r++) {
                        double dfdv = (plus[3 * i + r] - minus[3 * i + r]) / (2 * eps);
                        oracle.c.add(dof[i] + r, dof[j] + c, -dfdv / s.mass(i));
                    }
                }
            }
        }
    }
}
