package dev.hooke.fx.ui;

import static dev.hooke.fx.ui.UiFixture.waitFor;
import static dev.hooke.Tolerances.PHASE_RADIUS_LAW;
import static dev.hooke.Tolerances.UI_TIMEOUT_SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.lesson.Action;
import dev.hooke.core.scene.SceneType;
import dev.hooke.fx.I18n;
import dev.hooke.fx.Workbench;
import dev.hooke.fx.chart.ChartsPane;
import dev.hooke.fx.lesson.LessonLibrary;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import javafx.scene.chart.XYChart;
import javafx.stage.Stage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The charts a lesson step asks for: the phase portrait against the laws of explicit and
 * symplectic Euler, a comparison of four methods drawn as four curves, and the charts' titles in
 * the language in use (TestFX on Monocle's headless platform).
 */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class LessonChartsUiTest {

    private Workbench workbench;

    @Start
    void start(Stage stage) {
        workbench = UiFixture.show(stage, SceneType.SPRING, 1500, 1000);
    }

    @Stop
    void stop() {
        workbench.close();
        I18n.setLocale(I18n.ENGLISH);
    }

    private void openLesson(FxRobot robot, String filePrefix) {
        UiFixture.openLesson(robot, workbench, filePrefix);
    }

    /** Answers the question of the step shown (rightly), plays it without pacing and waits for it. */
    private void playStep(FxRobot robot) {
        UiFixture.playStep(robot, workbench);
    }

    /** Plays the steps before the first one with a compare action; returns it. */
    private Action.Compare playUpToCompare(FxRobot robot) {
        var steps = workbench.lessons().session().lesson().steps();
        for (int i = 0; i < steps.size(); i++) {
            for (Action a : steps.get(i).actions()) {
                if (a instanceof Action.Compare c) {
                    while (workbench.lessons().stepIndex() < i) {
                        playStep(robot);
                        robot.interact(() -> workbench.lessons().next());
                    }
                    return c;
                }
            }
        }
        throw new AssertionError("the lesson has no comparison");
    }

    private static double radius(XYChart.Data<Number, Number> d) {
        return Math.hypot(d.getXValue().doubleValue(), d.getYValue().doubleValue());
    }

    /** The texts of an axis's tick labels that are shown. */
    private static List<String> tickLabels(javafx.scene.chart.Axis<?> axis) {
        return axis.lookupAll("Text").stream().filter(javafx.scene.Node::isVisible)
                .map(n -> ((javafx.scene.text.Text) n).getText()).toList();
    }

    private static double time(XYChart.Data<Number, Number> d) {
        return ((Number) d.getExtraValue()).doubleValue();
    }

    /**
     * Lesson 3 plays its Δt sweep in the view, at its own pace, while the sweep chart stands in for
     * the Δt chart; the Δt chart, hidden, takes the sweep's runs and is emptied again. At the next
     * step it is shown: it draws exactly the points it holds, and no limit line of the sweep's runs.
     */
    @Test
    void theDeltaTChartShownAfterASweepDrawsNoLineOfTheSweepsRuns(FxRobot robot) {
        openLesson(robot, "03");
        playStep(robot);
        robot.interact(() -> workbench.lessons().next());
        robot.interact(() -> {
            UiFixture.answer(robot, workbench);
            workbench.lessons().runStep();      // paced: the runs play in the view
        });
        waitFor("the sweep", () -> workbench.lessons().result() != null && !workbench.lessons().isBusy());
        assertTrue(workbench.lessons().result().sweep() != null, "step 2 is the sweep");
        robot.interact(() -> workbench.lessons().next());
        org.testfx.util.WaitForAsyncUtils.waitForFxEvents();
        List<String> stale = UiFixture.onFx(() -> {
            workbench.root().applyCss();
            workbench.root().layout();
            assertTrue(workbench.charts().shown().contains(ChartsPane.Kind.STABILITY), "step 3 shows the Δt chart");
            return UiFixture.staleLines(workbench);
        });
        assertEquals(List.of(), stale, "lines drawn from points the chart no longer holds");
    }

    /**
     * Lesson 2 compares explicit and symplectic Euler on the spring m = 1 kg, k = 100 N/m
     * (ω = 10 rad/s), released from u₀ = 0.1 m at rest, h = Δt = 0.01 s, on the phase portrait
     * (x, y) = (ω·u, v), where r₀ = ω·u₀ = 1 m/s. Explicit Euler maps r² to (1 + h²ω²)·r² every
     * step: after n steps r = r₀·(1 + h²ω²)^(n/2), while the bob stays below its anchor (beyond,
     * the spring flips over and the motion is no longer linear). Symplectic Euler keeps x² + y² − hω·x·y = r₀²
     * exactly, a closed ellipse, so its radius stays within r₀/√(1 ± hω/2). The exact orbit is
     * the circle r = r₀.
     */
    @Test
    void thePhasePortraitShowsExplicitEulerSpiralOutAndSymplecticEulerStayOnAClosedOrbit(FxRobot robot) {
        openLesson(robot, "02");
        Action.Compare compare = playUpToCompare(robot);
        assertEquals(List.of(IntegratorKind.EXPLICIT_EULER, IntegratorKind.SYMPLECTIC_EULER), compare.integrators());
        waitFor("the step's charts", () -> workbench.charts().shown().contains(ChartsPane.Kind.PHASE));
        assertTrue(robot.lookup("#phaseChart").query().isVisible());
        // before the run, with only the exact circle drawn, both axes label round numbers, 0 among them
        javafx.scene.chart.LineChart<?, ?> chart = robot.lookup("#phaseChart").queryAs(javafx.scene.chart.LineChart.class);
        for (javafx.scene.chart.Axis<?> axis : List.of(chart.getXAxis(), chart.getYAxis())) {
            waitFor("tick labels on the phase portrait's axes", () -> tickLabels(axis).contains("0")
                    && tickLabels(axis).stream().filter(t -> !t.isEmpty()).count() >= 3);
        }
        playStep(robot);
        var phase = workbench.charts().phase();
        waitFor("both runs drawn", () -> phase.runs().size() == 2
                && phase.runs().stream().allMatch(s -> s.getData().size() > 100));
        double h = 0.01;
        double omega = 10;
        double r0 = omega * 0.1;
        assertEquals(r0, phase.startRadius(), PHASE_RADIUS_LAW * r0);

        var euler = phase.runs().get(0).getData();
        assertTrue(euler.get(0).getExtraValue() != null);
        // the linear law holds while the bob stays below its anchor: amplitude r/ω below the rest length L
        double length = workbench.lessons().session().scene().spec().length();
        double grown = 0;
        for (var d : euler) {
            long n = Math.round(time(d) / h);
            double law = r0 * Math.pow(1 + h * h * omega * omega, n / 2.0);
            if (law / omega >= length) {
                break;
            }
            assertEquals(law, radius(d), PHASE_RADIUS_LAW * law, "explicit Euler's radius after " + n + " steps");
            grown = Math.max(grown, radius(d) / r0);
        }
        assertTrue(grown > 5, "explicit Euler spirals outward, by " + grown);

        var symplectic = phase.runs().get(1).getData();
        double lo = r0 / Math.sqrt(1 + h * omega / 2);
        double hi = r0 / Math.sqrt(1 - h * omega / 2);
        double turns = 0;
        for (var d : symplectic) {
            double x = d.getXValue().doubleValue();
            double y = d.getYValue().doubleValue();
            assertEquals(r0 * r0, x * x + y * y - h * omega * x * y, PHASE_RADIUS_LAW * r0 * r0,
                    "symplectic Euler's modified energy at t = " + time(d));
            assertTrue(radius(d) >= lo * (1 - PHASE_RADIUS_LAW) && radius(d) <= hi * (1 + PHASE_RADIUS_LAW),
                    "symplectic Euler's radius " + radius(d) + " at t = " + time(d));
            turns = Math.max(turns, time(d) * omega / (2 * Math.PI));
        }
        assertTrue(turns > 30, "the orbit is closed over many turns, " + turns);

        assertFalse(phase.exactIsDamped(), "the undamped spring's exact orbit is the circle of its initial energy");
        var exact = phase.exact().getData();
        assertTrue(exact.size() > 100, "a whole circle");
        for (var d : exact) {
            assertEquals(r0, radius(d), PHASE_RADIUS_LAW * r0, "the exact orbit");
        }
        var names = phase.runs().stream().map(XYChart.Series::getName).toList();
        assertTrue(names.get(0).contains(dev.hooke.fx.Phrases.integrator(IntegratorKind.EXPLICIT_EULER)), names.toString());
        assertTrue(names.get(1).contains(dev.hooke.fx.Phrases.integrator(IntegratorKind.SYMPLECTIC_EULER)), names.toString());
    }

    /** Lesson 14 compares four methods on the stiff cloth: the strain chart draws one curve per run. */
    @Test
    void aFourWayComparisonShowsFourCurves(FxRobot robot) {
        openLesson(robot, "14");
        Action.Compare compare = playUpToCompare(robot);
        assertEquals(4, compare.integrators().size());
        var note = robot.lookup("#lessonCompareDrawn").queryLabeled().getText();
        assertTrue(note.contains("4"), note);
        playStep(robot);
        waitFor("the charts named after the four runs", () -> workbench.charts().compared().size() == 4);
        var strain = workbench.charts().strain().series();
        assertEquals(4, strain.size());
        for (int k = 0; k < 4; k++) {
            String name = dev.hooke.fx.Phrases.integrator(compare.integrators().get(k));
            assertTrue(strain.get(k).getName().contains(name), strain.get(k).getName() + " names " + name);
            assertEquals(k, workbench.charts().strain().lines().get(k).lane());
        }
        waitFor("every run drawn", () -> strain.stream().allMatch(s -> !s.getData().isEmpty()));
        assertEquals(4, workbench.chart().lines().stream().mapToInt(l -> l.lane()).distinct().count(),
                "the energy chart plots the four runs too");
        assertEquals(4, workbench.lessons().session().compared().size());
    }

    /** Switching the language relabels the lesson's charts at once: axis titles and legends. */
    @Test
    void switchingTheLanguageRelabelsTheLessonsCharts(FxRobot robot) {
        openLesson(robot, "02");
        Action.Compare compare = playUpToCompare(robot);
        assertEquals(2, compare.integrators().size());
        waitFor("the phase chart", () -> workbench.charts().shown().contains(ChartsPane.Kind.PHASE));
        var phase = workbench.charts().phase().node();
        var sweepAxis = workbench.charts().sweep().node().getYAxis();
        var stabilityAxis = workbench.charts().stability().node().getYAxis();
        String englishPhase = phase.getXAxis().getLabel();
        String englishStability = stabilityAxis.getLabel();
        String englishLegend = workbench.charts().stability().series().get(1).getName();
        assertEquals(I18n.text("chart.phase.x"), englishPhase);

        robot.interact(() -> I18n.setLocale(I18n.CHINESE));
        assertEquals(I18n.text("chart.phase.x"), phase.getXAxis().getLabel());
        assertNotEquals(englishPhase, phase.getXAxis().getLabel());
        assertEquals(I18n.text("chart.phase.y"), phase.getYAxis().getLabel());
        assertEquals(I18n.text("chart.stability.axis"), sweepAxis.getLabel());
        assertEquals(I18n.text("chart.stability.axis"), stabilityAxis.getLabel());
        assertNotEquals(englishStability, stabilityAxis.getLabel());
        assertEquals(I18n.text("chart.naive"), workbench.charts().stability().series().get(1).getName());
        assertNotEquals(englishLegend, workbench.charts().stability().series().get(1).getName());
        assertEquals(I18n.text("chart.phase.exact"), workbench.charts().phase().exact().getName());
        assertEquals(I18n.text("chart.solver.axis"), workbench.charts().solver().node().getYAxis().getLabel());
        assertEquals(Set.of(ChartsPane.Kind.ENERGY, ChartsPane.Kind.PHASE), workbench.charts().shown());

        robot.interact(() -> I18n.setLocale(I18n.ENGLISH));
        assertEquals(englishPhase, phase.getXAxis().getLabel());
        assertEquals(englishStability, stabilityAxis.getLabel());
    }

    /**
     * Verlet's δ and the implicit solver's tolerance changed during a lesson are the person's
     * values, as the sliders are: the lesson's simulation takes them, the panel names them and
     * goes back to the lesson's on request.
     */
    @Test
    void verletDeltaAndSolverSettingsChangedDuringALessonAreThePersonsValues(FxRobot robot) {
        openLesson(robot, "01");
        double lessonDelta = workbench.lessons().session().scene().verletDelta();
        double lessonTol = workbench.lessons().session().scene().implicitOptions().tolerance();
        double delta = 2e-3;
        double tol = 1e-4;
        assertNotEquals(lessonDelta, delta);
        assertNotEquals(lessonTol, tol);
        robot.interact(() -> {
            workbench.model().verletDeltaProperty().set(delta);
            workbench.model().implicitOptionsProperty().set(
                    workbench.model().implicitOptionsProperty().get().withTolerance(tol));
        });
        waitFor("the lesson's simulation to take the values", () -> {
            var f = workbench.lessons().session().scene();
            return f.verletDelta() == delta && f.implicitOptions().tolerance() == tol;
        });
        assertEquals(java.util.Map.of(dev.hooke.core.scene.SceneFile.Key.VERLET_DELTA, delta,
                dev.hooke.core.scene.SceneFile.Key.TOL, tol), workbench.lessons().overrides());
        String note = robot.lookup("#lessonOverride").queryLabeled().getText();
        assertTrue(note.contains(I18n.text("param.verletDelta")) && note.contains(I18n.text("solver.tol")), note);

        assertFalse(robot.lookup("#lessonRevert").tryQuery().isEmpty(), "the way back to the lesson's values");
        robot.interact(() -> workbench.lessons().useLessonValues());
        try {
            WaitForAsyncUtils.waitFor(UI_TIMEOUT_SECONDS, TimeUnit.SECONDS, () -> !workbench.lessons().isBusy()
                    && workbench.lessons().overrides().isEmpty()
                    && workbench.lessons().session().scene().verletDelta() == lessonDelta);
            WaitForAsyncUtils.waitForFxEvents();
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("the lesson's values back: busy " + workbench.lessons().isBusy() + ", overrides "
                    + workbench.lessons().overrides() + ", δ " + workbench.lessons().session().scene().verletDelta(), e);
        }
        assertEquals(lessonTol, workbench.lessons().session().scene().implicitOptions().tolerance());
        assertEquals(lessonDelta, workbench.model().verletDeltaProperty().get());
        assertTrue(robot.lookup("#lessonOverride").tryQuery().isEmpty());
    }

    /**
     * Lesson 3's sweep step, before it runs: the empty sweep chart spans the decades of Δt
     * (10⁻⁴ … 1 s), not the axis's own 10⁰ … 10¹⁰⁰.
     */
    @Test
    void anEmptySweepChartSpansTheDecadesOfTheTimeStep(FxRobot robot) {
        openLesson(robot, "03");
        UiFixture.playStep(robot, workbench);
        robot.interact(() -> workbench.lessons().next());
        waitFor("the sweep chart", () -> workbench.charts().shown().contains(ChartsPane.Kind.SWEEP));
        var axis = (javafx.scene.chart.NumberAxis) workbench.charts().sweep().node().getYAxis();
        assertEquals(-4, axis.getLowerBound(), "log₁₀ of the lowest Δt shown, in s");
        assertEquals(0, axis.getUpperBound(), "log₁₀ of the highest Δt shown, in s");
    }
}
