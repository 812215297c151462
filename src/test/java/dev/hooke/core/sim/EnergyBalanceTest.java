package dev.hooke.core.sim;

import static dev.hooke.Tolerances.ORDER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.SpringProbe;
import dev.hooke.core.integrate.Integrator;
import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.integrate.Integrators;
import dev.hooke.core.integrate.PositionVerlet;
import dev.hooke.core.integrate.RungeKutta4;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.scene.Perturbation;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.scene.Scenes;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The energy balance E + W_d − E₀, which is 0 for the exact solution, measures the integrator's
 * error alone: each method integrates the dissipated work W' = P_d with its own quadrature, so the
 * balance converges at the method's order (not at the order of a separate quadrature rule).
 */
class EnergyBalanceTest {

    /** RK4's balance at Δt·ω = 0.05 on the damped spring, relative to E₀ (the required bound). */
    private static final double RK4_BALANCE = 1e-6;
    /**
     * How much larger than RK4's own energy error (the state's energy against the closed form) the
     * balance may be: the two are the same order, h⁴, and measured within 5 % of each other here.
     */
    private static final double SAME_SIZE = 2;
    /**
     * The balance of the projection methods, relative to E₀: exact by construction, round-off of
     * two energy sums per step (about 10⁻¹⁶ each) over 10³ steps.
     */
    private static final double PROJECTION_BALANCE = 1e-12;

    /**
     * RK4 on the damped spring (ω = 10 rad/s, ζ = 0.1, Δt = 0.005 s, 3 s): the balance stays below
     * 10⁻⁶ E₀, and is no larger than RK4's true energy error, the distance of E(x_n, v_n) from the
     * closed-form damped oscillator's energy, built here:
     * x(t) = e^(−ζωt) [x₀ cos ω_d t + (v₀ + ζω x₀)/ω_d sin ω_d t], ω_d = ω √(1 − ζ²).
     */
    @Test
    void rk4BalanceIsItsTrueEnergyError() {
        double zeta = 0.1;
        double h = 0.005;
        double w = SpringProbe.OMEGA;
        double a = zeta * w;
        double wd = w * Math.sqrt(1 - zeta * zeta);
        double x0 = SpringProbe.X0;
        double v0 = SpringProbe.V0;
        double b = (v0 + a * x0) / wd;
        Simulation sim = new Simulation(SpringProbe.build(SpringProbe.dampingFor(zeta)), new RungeKutta4(), h);
        double e0 = sim.observables().balance();
        double balance = 0;
        double energyError = 0;
        for (int n = 1; n <= Math.round(3 / h); n++) {
            assertTrue(sim.step());
            double t = sim.time();
            double decay = Math.exp(-a * t);
            double x = decay * (x0 * Math.cos(wd * t) + b * Math.sin(wd * t));
            double v = decay * ((b * wd - a * x0) * Math.cos(wd * t) - (a * b + x0 * wd) * Math.sin(wd * t));
            double exact = 0.5 * SpringProbe.M * v * v + 0.5 * SpringProbe.K * x * x;
            balance = Math.max(balance, Math.abs(sim.observables().balance() - e0));
            energyError = Math.max(energyError, Math.abs(sim.observables().total() - exact));
        }
        assertTrue(sim.observables().dissipated > 0.9 * e0, "most of the energy is dissipated");
        assertTrue(balance < RK4_BALANCE * e0, "balance " + balance / e0 + " E₀");
        assertTrue(energyError > 0, "RK4 has an energy error");
        assertTrue(balance <= SAME_SIZE * energyError, "balance " + balance + " J, RK4's energy error " + energyError + " J");
    }

    /** A 3-D damped chain: five nodes, one pinned, spring and air damping, no gravity, set moving at random. */
    private static MassSpringSystem chain() {
        return Scenes.build(SceneSpec.of(SceneType.CHAIN).nodes(5).gravity(0).springDamping(0.3).airDamping(0.01)
                .perturbation(Perturbation.RANDOM).displacement(0.02).velocity(0.2).seed(3));
    }

    /** The largest |E + W_d − E₀| over 1 s at Δt = 2^−level; in J. */
    private static double worstBalance(IntegratorKind kind, int level) {
        double h = Math.scalb(1.0, -level);
        Integrator in = kind == IntegratorKind.VERLET ? new PositionVerlet(0) : Integrators.create(kind);
        Simulation sim = new Simulation(chain(), in, h);
        double e0 = sim.observables().balance();
        double worst = 0;
        for (long n = Math.round(1 / h); n > 0; n--) {
            assertTrue(sim.step());
            worst = Math.max(worst, Math.abs(sim.observables().balance() - e0));
        }
        assertTrue(sim.observables().dissipated > 0, "the chain dissipates");
        return worst;
    }

    /**
     * The balance converges at the method's order: the least-squares slope of ln |E + W_d − E₀|
     * against ln Δt over four halvings, from a coarsest step where the next error term is small
     * (ω_max ≈ 59 rad/s; each method from its own Δt·ω_max) down to where CG's tolerance or
     * round-off is still far below. Position Verlet runs with δ = 0 (its drag rate δ/h does not
     * vanish as h → 0).
     */
    @ParameterizedTest
    @CsvSource({"explicit-euler, 1, 12", "symplectic-euler, 1, 11", "verlet, 2, 8", "velocity-verlet, 2, 8",
        "rk4, 4, 10", "implicit-euler, 1, 13", "implicit-midpoint, 2, 7"})
    void balanceConvergesAtTheMethodsOrder(String id, double order, int coarsest) {
        IntegratorKind kind = IntegratorKind.fromId(id);
        int levels = 4;
        double[] lx = new double[levels];
        double[] ly = new double[levels];
        for (int j = 0; j < levels; j++) {
            lx[j] = -(coarsest + j) * Math.log(2);
            ly[j] = Math.log(worstBalance(kind, coarsest + j));
        }
        double mx = Arrays.stream(lx).average().orElseThrow();
        double my = Arrays.stream(ly).average().orElseThrow();
        double sxy = 0;
        double sxx = 0;
        for (int j = 0; j < levels; j++) {
            sxy += (lx[j] - mx) * (ly[j] - my);
            sxx += (lx[j] - mx) * (lx[j] - mx);
        }
        assertEquals(order, sxy / sxx, ORDER, () -> id + ": ln balances " + Arrays.toString(ly));
    }

    /**
     * A 5 × 5 cloth (0.5 m, corners pinned, spring and air damping) in a steady oblique wind of
     * 4 m/s, which both feeds energy in and damps the motion, for 1 s.
     */
    private static MassSpringSystem windyCloth() {
        return Scenes.build(SceneSpec.of(SceneType.CLOTH).size(5).length(0.5).springDamping(0.05).airDamping(0.001)
                .wind(2, 1, 3.3));
    }

    /** E + W_d − W_w − E₀ at the end of 1 s at Δt = 2^−level, and W_w there; in J. */
    private static double[] windBalance(IntegratorKind kind, int level) {
        double h = Math.scalb(1.0, -level);
        Simulation sim = new Simulation(windyCloth(), Integrators.create(kind), h);
        double e0 = sim.observables().balance();
        double worst = 0;
        for (long n = Math.round(1 / h); n > 0; n--) {
            assertTrue(sim.step());
            worst = Math.max(worst, Math.abs(sim.observables().balance() - e0));
        }
        return new double[] {worst, sim.observables().windWork};
    }

    /**
     * With a wind blowing, E + W_d − W_w is constant to the method's order, and W_w itself, the
     * work the wind did, converges at that order to the work an independent RK4 of the same cloth
     * finds ({@link WindyClothOracle}: the documented flat-plate law, ½ ρ C A |u| (u·n) n on each
     * triangle, a third to each corner, written out there, with W_w' = Σ F_w·v integrated as a
     * state of its own at a step of 1/16384 s). RK4 and backward Euler (orders 4 and 1) from
     * Δt = 1/2048 s over two halvings, where the next error term is small (further down, backward
     * Euler's error in W_w falls faster than Δt, 2.7-fold a halving at 1/16384 s: its linear
     * solves' tolerance, summed over more steps, begins to show): the least-squares slopes of ln |balance| and of ln |W_w − W_w,oracle| within
     * {@value dev.hooke.Tolerances#ORDER} of the order, and the last W_w within {@code tolerance}
     * of the oracle's, relative ({@link dev.hooke.Tolerances#WIND_WORK_RK4},
     * {@link dev.hooke.Tolerances#WIND_WORK_FIRST_ORDER}).
     */
    @ParameterizedTest
    @CsvSource({"rk4, 4, 11, 3, 1e-7", "implicit-euler, 1, 11, 3, 3e-2"})
    void withWindTheBalanceHoldsAtTheMethodsOrder(String id, double order, int coarsest, int levels, double tolerance) {
        assertTrue(tolerance == dev.hooke.Tolerances.WIND_WORK_RK4 || tolerance == dev.hooke.Tolerances.WIND_WORK_FIRST_ORDER,
                "a named tolerance");
        IntegratorKind kind = IntegratorKind.fromId(id);
        double reference = new WindyClothOracle(windyCloth()).run(1.0, 1 << 14);
        assertTrue(Math.abs(reference) > 0.01, "the wind does work on the cloth: " + reference + " J");
        double[] lx = new double[levels];
        double[] ly = new double[levels];
        double[] lw = new double[levels];
        double[] wind = new double[levels];
        for (int j = 0; j < levels; j++) {
            double[] r = windBalance(kind, coarsest + j);
            lx[j] = -(coarsest + j) * Math.log(2);
            ly[j] = Math.log(r[0]);
            wind[j] = r[1];
            lw[j] = Math.log(Math.abs(r[1] - reference));
        }
        assertEquals(order, slope(lx, ly), dev.hooke.Tolerances.ORDER, () -> id + ": ln balances " + Arrays.toString(ly));
        assertEquals(order, slope(lx, lw), dev.hooke.Tolerances.ORDER,
                () -> id + ": W_w at the steps " + Arrays.toString(wind) + ", the oracle's " + reference);
        assertEquals(reference, wind[levels - 1], tolerance * Math.abs(reference),
                () -> id + ": W_w at the steps " + Arrays.toString(wind) + ", the oracle's " + reference);
    }

    /** The least-squares slope of y against x. */
    private static double slope(double[] lx, double[] ly) {
        double mx = Arrays.stream(lx).average().orElseThrow();
        double my = Arrays.stream(ly).average().orElseThrow();
        double sxy = 0;
        double sxx = 0;
        for (int j = 0; j < lx.length; j++) {
            sxy += (lx[j] - mx) * (ly[j] - my);
            sxx += (lx[j] - mx) * (lx[j] - mx);
        }
        return sxy / sxx;
    }

    /** The projection methods' W_d is the energy their steps remove: the balance is 0 to round-off. */
    @ParameterizedTest
    @ValueSource(strings = {"pbd", "xpbd", "fast-mass-spring"})
    void projectionMethodsCountWhatTheyRemove(String id) {
        Simulation sim = new Simulation(chain(), Integrators.create(id), 1e-3);
        double e0 = sim.observables().balance();
        for (int n = 0; n < 1000; n++) {
            assertTrue(sim.step());
            assertEquals(e0, sim.observables().balance(), PROJECTION_BALANCE * e0, "step " + n);
        }
        assertTrue(sim.observables().dissipated > 0, "the step removes energy");
    }

    /**
     * Position Verlet's drag δ is counted: on the undamped spring (Δt·ω = 0.01, 1 s) with
     * δ = 10⁻³ it takes a few per cent of E₀, and the balance stays at the size it has with
     * δ = 0, the method's own second-order energy error.
     */
    @Test
    void verletDragIsCounted() {
        double h = 1e-3;
        double[] worst = new double[2];
        double[] removed = new double[2];
        double[] deltas = {0, 1e-3};
        for (int c = 0; c < 2; c++) {
            Simulation sim = new Simulation(SpringProbe.build(0), new PositionVerlet(deltas[c]), h);
            double e0 = sim.observables().balance();
            for (int n = 0; n < 1000; n++) {
                assertTrue(sim.step());
                worst[c] = Math.max(worst[c], Math.abs(sim.observables().balance() - e0));
            }
            removed[c] = sim.observables().dissipated / e0;
        }
        assertEquals(0.0, removed[0]);
        assertTrue(removed[1] > 0.01, "the drag removes " + removed[1] + " E₀");
        assertTrue(worst[1] <= SAME_SIZE * worst[0], "balance " + worst[1] + " J with the drag, " + worst[0] + " J without");
    }
}
