package dev.hooke.core.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.integrate.Integrators;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.observe.Observables;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.scene.Scenes;
import dev.hooke.core.stability.Equilibrium;
import dev.hooke.core.stability.StabilityAnalysis;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * One explosion rule under gravity: a chain hanging at its equilibrium, the state the prediction is
 * taken at. The bisection's runs are {@link Simulation}s judged by the simulation's own detector
 * (and, from rest, by the growth of a twin's distance); the measured limit is within 1 % of the
 * prediction, and the detector flags a run of the same chain just past the measured limit, while
 * it still hangs (before any strain has grown visibly), and not one just below the prediction.
 * Before, the detector let RK4 runs up to 3 % past the limit jitter on with their strain rising
 * from 0.55 to 2, and a chain of 1 kg masses, whose top spring hangs stretched 5.5 times its
 * length, was called exploded at every Δt by the measurement.
 */
class ExplosionRuleTest {

    /** Measured within 1 % of the predicted limit. */
    private static final double MEASURED_REL = 0.01;
    /** The run past the limit: 1 % above the measured Δt. */
    private static final double ABOVE = 1.01;
    /** The run below the limit: 1 % under the predicted Δt. */
    private static final double BELOW = 0.99;
    /** How many steps each run may take. */
    private static final int STEPS = 20_000;
    /** The flag comes while the chain hangs: no strain more than this above the equilibrium's. */
    private static final double VISIBLE_STRAIN = 0.1;

    static List<Arguments> cases() {
        SceneSpec light = SceneSpec.of(SceneType.CHAIN).nodes(16).length(4).mass(0.1).stiffness(100).gravity(9.81)
                .airDamping(0);
        List<Arguments> out = new ArrayList<>();
        for (IntegratorKind kind : List.of(IntegratorKind.RK4, IntegratorKind.SYMPLECTIC_EULER,
                IntegratorKind.VELOCITY_VERLET)) {
            out.add(Arguments.of("chain of 0.1 kg masses", light.copy(), kind));
            out.add(Arguments.of("chain of 1 kg masses", light.copy().mass(1), kind));
        }
        out.add(Arguments.of("damped chain", light.copy().springDamping(0.5), IntegratorKind.RK4));
        return out;
    }

    @ParameterizedTest(name = "{0} with {2}")
    @MethodSource("cases")
    void everyRunPastTheMeasuredLimitIsFlaggedAndTheLimitIsThePredictedOne(String name, SceneSpec spec,
                                                                          IntegratorKind kind) {
        MassSpringSystem start = Scenes.build(spec);
        assertTrue(Equilibrium.solve(start).converged(), name + ": the static solve converged");
        double predicted = StabilityAnalysis.predictedLimit(start, kind, 0).dtMax();
        ExplosionBisection.Result measured = ExplosionBisection.measure(start::copy, () -> Integrators.create(kind),
                predicted, ExplosionBisection.Options.defaults());
        assertEquals(predicted, measured.dtMax(), MEASURED_REL * predicted,
                String.format("%s with %s: measured %.6g s, predicted %.6g s", name, kind.id(), measured.dtMax(),
                        predicted));

        Observables rest = new Observables();
        rest.measure(start);
        MassSpringSystem past = start.copy();
        Simulation above = new Simulation(past, Integrators.create(kind), ABOVE * measured.dtMax());
        above.step(STEPS);
        assertTrue(above.exploded(), String.format("%s with %s: a run at %.6g s, 1 %% past the measured limit, "
                + "is flagged within %d steps", name, kind.id(), ABOVE * measured.dtMax(), STEPS));
        Observables flagged = new Observables();
        flagged.measure(past);
        assertTrue(flagged.maxStrain <= rest.maxStrain + VISIBLE_STRAIN, String.format(
                "%s with %s: flagged at step %d with the largest strain %.4g against %.4g at rest", name, kind.id(),
                above.steps(), flagged.maxStrain, rest.maxStrain));

        Simulation below = new Simulation(start.copy(), Integrators.create(kind), BELOW * predicted);
        below.step(STEPS);
        assertFalse(below.exploded(), () -> String.format("%s with %s: a run 1 %% below the predicted limit is not "
                + "flagged: %s", name, kind.id(), below.explosion()));
    }
}
