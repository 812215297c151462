package dev.hooke.core.integrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.Tolerances;
import dev.hooke.core.SpringProbe;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.observe.Observables;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.scene.Scenes;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Position Verlet (GAMES101 form) x⁺ = x + (1 − δ)(x − x⁻) + a h². The contract runs it with
 * δ = 0, where it is velocity Verlet written in positions (same invariant, same order); the
 * robustness tests also run the default δ = {@value PositionVerlet#DEFAULT_DAMPING}.
 *
 * <p>On the oscillator the recurrence is x_{n+1} = t x_n − d x_{n−1} with t = 2 − δ − h²ω² and
 * d = 1 − δ. For Q(a, b) = a² + p ab + r b², Q(x_{n+1}, x_n) = d Q(x_n, x_{n−1}) for every state
 * iff r = d and p = −t, so
 * <pre>
 *   Q_n = x_n² − (2 − δ − h²ω²) x_n x_{n−1} + (1 − δ) x_{n−1}²,   Q_{n+1} = (1 − δ) Q_n
 * </pre>
 * exactly (Q is positive definite when t² &lt; 4d, that is below the stability limit
 * h &lt; 2√(1 − δ/2)/ω): δ &gt; 0 removes the fraction δ of this energy every step.
 *
 * <p>δ drags every particle, not only relative motion: summed over particles the forces cancel,
 * so the centre of mass obeys X_{n+1} − X_n = (1 − δ)(X_n − X_{n−1}), and the momentum (of the
 * synchronised velocities, and from the Taylor-started first step on) is multiplied by 1 − δ per
 * step. The contract's free-flight test holds the default variant to that law.
 */
class PositionVerletTest extends ExplicitIntegratorContract {

    @Override
    Integrator newIntegrator() {
        return new PositionVerlet(0.0);
    }

    @Override
    int order() {
        return 2;
    }

    @Override
    int coarsestLevel() {
        return 7;
    }

    @Override
    double lawQuantity(double x, double v, double h, double omega) {
        return VelocityVerletTest.verletInvariant(x, v, h, omega);
    }

    @Override
    double lawRatio(double h, double omega) {
        return 1;
    }

    @Override
    double springLimitOmega() {
        return 2;
    }

    @Override
    List<Variant> variants() {
        double d = PositionVerlet.DEFAULT_DAMPING;
        return List.of(new Variant("verlet δ = 0", () -> new PositionVerlet(0.0), 2, 1.0),
                new Variant("verlet δ = " + d, () -> Integrators.create(IntegratorKind.VERLET), 2 * Math.sqrt(1 - d / 2), 1 - d));
    }

    @Test
    void theDefaultIsTheGames101Damping() {
        PositionVerlet v = (PositionVerlet) Integrators.create(IntegratorKind.VERLET);
        assertEquals(5e-5, v.damping());
    }

    /**
     * δ = 0 gives velocity Verlet's trajectory on a nonlinear problem: a 16-node chain released
     * horizontally under gravity swings through large angles for 2 s.
     */
    @Test
    void withoutDampingItFollowsVelocityVerletOnANonlinearChain() {
        SceneSpec spec = SceneSpec.of(SceneType.CHAIN).nodes(16).gravity(9.81);
        MassSpringSystem a = Scenes.build(spec);
        MassSpringSystem b = Scenes.build(spec);
        Integrator position = new PositionVerlet(0.0);
        Integrator velocity = new VelocityVerlet();
        double h = 0.002;
        double length = spec.length();
        double[] start = a.x.clone();
        for (int n = 1; n <= 1000; n++) {
            position.step(a, h);
            velocity.step(b, h);
            for (int q = 0; q < a.x.length; q++) {
                assertEquals(b.x[q], a.x[q], Tolerances.SAME_METHOD * length, "coordinate " + q + " at step " + n);
            }
        }
        double tipDrop = start[3 * 15 + 1] - a.x[3 * 15 + 1];
        assertTrue(tipDrop > 0.5 * length, "the chain must have swung far (nonlinear regime), tip fell " + tipDrop);
    }

    /** Q_{n+1} = (1 − δ) Q_n at every step, for the default δ and for a large one. */
    @Test
    void dampingRemovesTheFractionDeltaOfTheEnergyEveryStep() {
        for (double delta : new double[] {PositionVerlet.DEFAULT_DAMPING, 1e-3}) {
            double h = 0.02;
            double w = SpringProbe.OMEGA;
            double t = 2 - delta - h * h * w * w;
            MassSpringSystem s = SpringProbe.build(0);
            Observables obs = new Observables();
            obs.measure(s);
            double e0 = obs.total();
            PositionVerlet verlet = new PositionVerlet(delta);
            double previous = SpringProbe.displacement(s);
            verlet.step(s, h);
            double current = SpringProbe.displacement(s);
            double q = current * current - t * current * previous + (1 - delta) * previous * previous;
            double q1 = q;
            int steps = 2000;
            for (int n = 2; n <= steps; n++) {
                verlet.step(s, h);
                previous = current;
                current = SpringProbe.displacement(s);
                double next = current * current - t * current * previous + (1 - delta) * previous * previous;
                assertEquals(1.0, next / ((1 - delta) * q), Tolerances.ENERGY_LAW_PER_STEP, "δ = " + delta + ", step " + n);
                q = next;
            }
            assertEquals(1.0, q / (Math.pow(1 - delta, steps - 1) * q1), Tolerances.ENERGY_LAW_GLOBAL, "δ = " + delta);
            obs.measure(s);
            assertTrue(obs.total() < e0, "δ = " + delta + ": the mechanical energy must have dropped");
        }
    }
}
