package dev.hooke.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.hooke.Tolerances;
import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.integrate.PositionVerlet;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.scene.Scenes;
import dev.hooke.core.stability.StabilityAnalysis;
import dev.hooke.core.stability.StabilityLimit;
import java.io.IOException;
import org.junit.jupiter.api.Test;

class StabilityCommandTest {

    private static final double M = 1;
    private static final double K = 100;

    private static JsonNode json(Hooke.Result r) throws IOException {
        assertEquals(0, r.code(), r.err());
        assertEquals("", r.err());
        return new ObjectMapper().readTree(r.out());
    }

    private static Hooke.Result stability(String integrator, String... more) {
        String[] base = {"stability", "--scene", "spring", "--mass", Double.toString(M), "--k", Double.toString(K),
            "--gravity", "0", "--integrator", integrator};
        String[] args = new String[base.length + more.length];
        System.arraycopy(base, 0, args, 0, base.length);
        System.arraycopy(more, 0, args, base.length, more.length);
        return Hooke.run(args);
    }

    private static void assertRelative(double expected, double actual, double rel, String what) {
        assertTrue(Math.abs(actual - expected) <= rel * Math.abs(expected),
                what + ": expected " + expected + " within " + rel + " (relative), got " + actual);
    }

    @Test
    void symplecticEulerOnTheSpringPredictsTwoOverOmegaAndMeasuresIt() throws IOException {
        JsonNode j = json(stability("symplectic-euler", "--json"));
        double omega = Math.sqrt(K / M);
        double limit = 2 * Math.sqrt(M / K);
        assertRelative(limit, j.get("naive_bound").asDouble(), Tolerances.EIGENVALUE, "naive_bound");
        assertRelative(omega, j.get("omega_max").asDouble(), Tolerances.EIGENVALUE, "omega_max");
        assertRelative(limit, j.get("predicted_dt_max").asDouble(), Tolerances.EIGENVALUE, "predicted_dt_max");
        assertEquals("limit", j.get("predicted_status").asText());
        assertRelative(limit, j.get("measured_dt_max").asDouble(), Tolerances.EXPLOSION_DT, "measured_dt_max");
        assertEquals("measured", j.get("measured_status").asText());
        assertEquals("symplectic-euler", j.get("integrator").asText());
        assertEquals("dense", j.get("method").asText());
        assertTrue(j.get("measured_dt_exploded").asDouble() > j.get("measured_dt_max").asDouble());
    }

    @Test
    void theTextSaysWhenGravityMovesTheRunsAwayFromThePredictedState() {
        Hooke.Result withGravity = Hooke.run("stability", "--scene", "chain", "--nodes", "6",
                "--integrator", "symplectic-euler", "--gravity", "9.81");
        assertEquals(0, withGravity.code(), withGravity.err());
        assertTrue(withGravity.out().contains("gravity is on"), withGravity.out());
        Hooke.Result without = stability("symplectic-euler");
        assertEquals(0, without.code(), without.err());
        assertTrue(without.out().contains("measured / predicted"), without.out());
        assertTrue(!without.out().contains("gravity is on"), without.out());
    }

    /**
     * {@code --at equilibrium}: a cloth pinned at two corners sags to its equilibrium (the static
     * solve's residual is reported), its limit there is below the flat cloth's, and the runs,
     * started from the equilibrium, measure that lower limit.
     */
    @Test
    void atEquilibriumTakesTheLimitWhereTheClothSagsAndMeasuresItThere() throws IOException {
        String[] cloth = {"stability", "--scene", "cloth", "--size", "5", "--mass", "0.05", "--k-struct", "20",
            "--k-shear", "5", "--k-bend", "1", "--kd", "0", "--air-damping", "0.001", "--integrator", "rk4",
            "--json", "--gravity", "9.81", "--at"};
        // the flat cloth's limit does not depend on gravity; without it the runs stay flat too
        String[] flat = cloth.clone();
        flat[flat.length - 2] = "0";
        JsonNode initial = json(Hooke.run(concat(flat, "initial")));
        JsonNode equilibrium = json(Hooke.run(concat(cloth, "equilibrium")));
        assertEquals("initial", initial.get("at").asText());
        assertEquals("equilibrium", equilibrium.get("at").asText());
        assertTrue(equilibrium.get("equilibrium_converged").asBoolean());
        double predicted = equilibrium.get("predicted_dt_max").asDouble();
        assertTrue(predicted < 0.99 * initial.get("predicted_dt_max").asDouble(), equilibrium.toString());
        assertRelative(predicted, equilibrium.get("measured_dt_max").asDouble(), Tolerances.EXPLOSION_DT,
                "measured_dt_max at equilibrium");
        assertEquals(2, Hooke.run(concat(cloth, "sideways")).code());
    }

    private static String[] concat(String[] a, String... b) {
        String[] out = new String[a.length + b.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    @Test
    void theJsonIsExactlyOneObjectWithTheContractKeys() throws IOException {
        Hooke.Result r = stability("rk4", "--json");
        JsonNode j = json(r);
        assertTrue(j.isObject());
        for (String key : new String[] {"naive_bound", "omega_max", "predicted_dt_max", "measured_dt_max"}) {
            assertTrue(j.has(key), "missing key " + key);
            assertTrue(j.get(key).isNumber(), key + " is a number");
        }
        // RK4 on the spring measures within 200 periods, far below the cap, and says so
        assertTrue(j.get("runs_cut").isBoolean(), "runs_cut is a boolean");
        assertFalse(j.get("runs_cut").asBoolean(), "the runs on the spring were not cut");
        assertFalse(stability("rk4").out().contains("was cut"), "neither does the text say so");
        // Nothing but whitespace after the object.
        try (var parser = new ObjectMapper().createParser(r.out())) {
            parser.readValueAsTree();
            assertEquals(null, parser.nextToken());
        }
    }

    /**
     * Runs asked to last 10⁷ periods need about 2·10⁷ steps at RK4's limit on the spring, more than
     * the 10⁶ a run may take: the JSON says the runs were cut (the text's warning comes from the
     * same test).
     */
    @Test
    void theJsonSaysWhenTheRunsWereCut() throws IOException {
        JsonNode j = json(stability("rk4", "--periods", "1e7", "--json"));
        assertEquals("measured", j.get("measured_status").asText());
        assertTrue(j.get("runs_cut").asBoolean(), "runs of 10⁶ steps for 10⁷ periods were cut: " + j);
    }

    @Test
    void rk4PredictsTwoRootTwoOverOmega() throws IOException {
        JsonNode j = json(stability("rk4", "--json"));
        double limit = 2 * Math.sqrt(2) * Math.sqrt(M / K);
        assertRelative(limit, j.get("predicted_dt_max").asDouble(), Tolerances.EIGENVALUE, "predicted_dt_max");
        assertRelative(limit, j.get("measured_dt_max").asDouble(), Tolerances.EXPLOSION_DT, "measured_dt_max");
    }

    @Test
    void verletDampingEntersThePrediction() throws IOException {
        double delta = 0.5;
        JsonNode j = json(stability("verlet", "--verlet-damping", Double.toString(delta), "--json"));
        double limit = 2 * Math.sqrt(1 - delta / 2) * Math.sqrt(M / K);
        assertRelative(limit, j.get("predicted_dt_max").asDouble(), Tolerances.EIGENVALUE, "predicted_dt_max");
        assertRelative(limit, j.get("measured_dt_max").asDouble(), Tolerances.EXPLOSION_DT, "measured_dt_max");
        assertEquals(delta, j.get("verlet_damping").asDouble());
    }

    @Test
    void explicitEulerIsUnstableAtEveryDt() throws IOException {
        Hooke.Result text = stability("explicit-euler");
        assertEquals(0, text.code(), text.err());
        assertTrue(text.out().contains("predicted Δt limit     unstable at every Δt"), text.out());
        // no Δt stays bounded: the search gives up 2⁶ below its start
        assertTrue(text.out().contains("every Δt tried exploded"), text.out());

        JsonNode j = json(stability("explicit-euler", "--json"));
        assertEquals(0.0, j.get("predicted_dt_max").asDouble());
        assertTrue(j.get("predicted_dt_max").isNumber());
        assertEquals("unstable_at_every_dt", j.get("predicted_status").asText());
    }

    @Test
    void textNamesEachQuantity() {
        Hooke.Result r = stability("symplectic-euler");
        assertEquals(0, r.code(), r.err());
        double limit = 2 * Math.sqrt(M / K);
        assertTrue(r.out().contains("naive bound 2·√(m/k)   " + Numbers.num(limit) + " s"), r.out());
        assertTrue(r.out().contains("ω_max                  " + Numbers.num(Math.sqrt(K / M)) + " rad/s"), r.out());
        assertTrue(r.out().contains("EJML dense"), r.out());
        StabilityLimit predicted = StabilityAnalysis.predictedLimit(
                Scenes.build(SceneSpec.of(SceneType.SPRING).mass(M).stiffness(K).gravity(0)),
                IntegratorKind.SYMPLECTIC_EULER, PositionVerlet.DEFAULT_DAMPING);
        assertTrue(r.out().contains("predicted Δt limit     " + predicted.describe()), r.out());
        assertTrue(r.out().contains("measured explosion Δt  "), r.out());
    }

    @Test
    void nothingToMeasureWithoutStiffness() throws IOException {
        JsonNode j = json(Hooke.run("stability", "--k", "0", "--json"));
        assertEquals(0.0, j.get("omega_max").asDouble());
        assertTrue(j.get("naive_bound").isNull());
        assertTrue(j.get("measured_dt_max").isNull());
        assertEquals("not_measured", j.get("measured_status").asText());
    }

    /**
     * Backward Euler has no limit: the prediction is "none" (null in JSON), and the bisection,
     * doubling Δt from 2/ω up to 2²⁰ times that, finds no run that explodes.
     */
    @Test
    void backwardEulerHasNoLimitAndNothingExplodes() throws IOException {
        JsonNode j = json(stability("implicit-euler", "--solver", "cholesky", "--json"));
        assertTrue(j.get("predicted_dt_max").isNull(), j.toString());
        assertEquals("none", j.get("predicted_status").asText());
        assertTrue(j.get("measured_dt_max").isNull(), j.toString());
        assertEquals("no_explosion_found", j.get("measured_status").asText());
    }
    /** --no-measure prints the bound and the prediction and runs nothing. */
    @Test
    void noMeasureSkipsTheRuns() throws IOException {
        JsonNode j = json(stability("symplectic-euler", "--no-measure", "--json"));
        assertEquals("skipped", j.get("measured_status").asText());
        assertTrue(j.get("measured_dt_max").isNull(), j.toString());
        assertEquals(0, j.get("trials").asLong());
        assertRelative(2 * Math.sqrt(M / K), j.get("predicted_dt_max").asDouble(), Tolerances.EIGENVALUE,
                "predicted_dt_max");
        Hooke.Result text = stability("symplectic-euler", "--measure=false");
        assertEquals(0, text.code(), text.err());
        assertTrue(text.out().contains("not measured (--no-measure)"), text.out());
    }

    /**
     * A sagging cloth under explicit Euler: its critical mode, a slow swing damped by the air
     * alone, grows so slowly just above the limit that a run would need billions of steps to show
     * it; nothing is run, and the output says how many steps it would take (a cut run's figure
     * came out five times the prediction).
     */
    @Test
    void aGrowthTooSlowToSeeIsNotMeasuredAndSaysSo() throws IOException {
        JsonNode j = json(Hooke.run("stability", "--scene", "cloth", "--size", "7", "--kd", "0.05",
                "--integrator", "explicit-euler", "--at", "equilibrium", "--json"));
        assertEquals("too_slow", j.get("measured_status").asText(), j.toString());
        assertTrue(j.get("steps_needed").asDouble() > 1e6, j.toString());
        assertEquals(0, j.get("trials").asLong());
        assertTrue(j.get("measured_dt_max").isNull(), j.toString());
        assertFalse(j.get("runs_cut").asBoolean());
    }
}
