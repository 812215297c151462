package dev.hooke.fx.ui;

import static dev.hooke.Tolerances.UI_TIMEOUT_SECONDS;
import static dev.hooke.fx.ui.UiFixture.waitFor;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.sim.Simulation;
import dev.hooke.fx.I18n;
import dev.hooke.fx.Workbench;
import dev.hooke.fx.sim.Snapshot;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Labeled;
import javafx.scene.control.Slider;
import javafx.stage.Stage;
import org.controlsfx.control.ToggleSwitch;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The timeline under the view, on the chain: scrubbing back shows the chosen state in every view
 * (the drawn positions, the status bar's time, the timeline's energy), resuming from it runs the
 * recorded trajectory again bit for bit, and a fork starts compare mode with lane B at lane A's
 * state, with the method and Δt chosen.
 */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class TimelineUiTest {

    /** Exact: the resumed run is the recorded one. */
    private static final double BIT_FOR_BIT = 0.0;
    /** How far the two lanes' clocks may differ after summing t in steps of Δt and Δt/2; in s. */
    private static final double CLOCKS = 1e-12;
    /** How close the fork's two lanes start; in m. */
    private static final double FORK_POSITIONS = 1e-12;

    private Workbench workbench;

    @Start
    void start(Stage stage) {
        workbench = UiFixture.show(stage, SceneType.CHAIN, 1600, 900);
    }

    @Stop
    void stop() {
        workbench.close();
    }

    private <T> T lane(int lane, Function<Simulation, T> question) throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        return workbench.runner().query(lane, question).get(UI_TIMEOUT_SECONDS, TimeUnit.SECONDS);
    }

    private Snapshot snapshot() {
        return workbench.runner().latest();
    }

    /** Plays until the timeline holds {@code frames} frames, then pauses. */
    private void record(FxRobot robot, int frames) {
        robot.clickOn("#playButton");
        waitFor(frames + " frames", () -> snapshot().timeline().frames() >= frames);
        robot.clickOn("#playButton");
        waitFor("paused", () -> !snapshot().running() && workbench.rendered() == snapshot());
    }

    /** Drags the timeline's slider to frame {@code k} and waits until the window shows it. */
    private void scrub(FxRobot robot, int k) {
        Slider slider = robot.lookup("#timelineSlider").queryAs(Slider.class);
        waitFor("the slider to take scrubbing", () -> !slider.isDisabled());
        robot.interact(() -> slider.setValue(k));
        waitFor("frame " + k + " shown", () -> workbench.rendered() == snapshot()
                && snapshot().timeline().shown() == k);
    }

    /**
     * What every view shows is lane 0's state: the drawn positions, the status bar's time, the
     * timeline's t and energy E = K + U_el + U_g.
     */
    private void assertViewsShow(FxRobot robot, String when) throws Exception {
        double[] x = lane(0, sim -> sim.system().x.clone());
        double t = lane(0, Simulation::time);
        double energy = lane(0, sim -> sim.observables().total());
        Snapshot drawn = workbench.rendered();
        float[] expected = new float[x.length];
        for (int q = 0; q < x.length; q++) {
            expected[q] = (float) x[q];
        }
        assertArrayEquals(expected, drawn.positions(), when + ": the view draws the state");
        assertEquals(t, drawn.time(), BIT_FOR_BIT, when + ": the snapshot's time");
        String time = String.format(Locale.ROOT, "%.3f", t);
        assertEquals(I18n.text("status.time", time), robot.lookup("#timeLabel").queryAs(Labeled.class).getText(),
                when + ": the status bar's time");
        double scale = lane(0, Simulation::energyScale);
        String state = robot.lookup("#timelineState").queryAs(Labeled.class).getText();
        String prefix = I18n.text("timeline.state", time, "@@").split("@@")[0];
        assertTrue(state.startsWith(prefix), when + ": the timeline's t: " + state);
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("^(-?[0-9.eE+-]+)").matcher(state.substring(prefix.length()));
        assertTrue(m.find(), when + ": the timeline's E: " + state);
        // E rounded at the run's energy scale E_ref: six significant digits of E_ref, or of E when larger
        double quantum = Math.max(Math.pow(10, Math.floor(Math.log10(scale)) - 5),
                Math.abs(energy) >= scale ? Math.pow(10, Math.floor(Math.log10(Math.abs(energy))) - 5) : 0);
        assertEquals(energy, Double.parseDouble(m.group(1)), 0.5 * quantum + 1e-15 * Math.abs(energy),
                when + ": the timeline's E against the engine's, at the run's scale: " + state);
    }

    @Test
    void scrubbingBackAndResumingRunsTheRecordedTrajectoryAgain(FxRobot robot) throws Exception {
        record(robot, 8);
        int stride = snapshot().timeline().stride();
        assertViewsShow(robot, "paused");

        scrub(robot, 4);
        assertEquals(4L * stride, (long) lane(0, Simulation::steps), "frame 4 is step 4k");
        assertViewsShow(robot, "at frame 4");
        double[] x4 = lane(0, sim -> sim.system().x.clone());
        double[] v4 = lane(0, sim -> sim.system().v.clone());

        scrub(robot, 3);
        assertViewsShow(robot, "at frame 3");
        double t3 = lane(0, Simulation::time);
        int generation = snapshot().generation();
        assertFalse(robot.lookup("#resumeHereButton").queryButton().isDisabled(), "resume is offered at a frame");

        robot.clickOn("#resumeHereButton");
        waitFor("the run to pass frame 5 again", () -> snapshot().running() && snapshot().steps() > 5L * stride);
        assertTrue(snapshot().generation() > generation, "resuming is a transition");
        robot.clickOn("#playButton");
        waitFor("paused", () -> !snapshot().running() && workbench.rendered() == snapshot());
        waitFor("the charts to start again at frame 3", () -> {
            List<XYChart.Data<Number, Number>> d = workbench.chart().series().get(0).getData();
            return !d.isEmpty() && d.get(0).getXValue().doubleValue() == t3;
        });

        scrub(robot, 4);
        assertArrayEquals(x4, lane(0, sim -> sim.system().x.clone()), BIT_FOR_BIT, "frame 4's positions again");
        assertArrayEquals(v4, lane(0, sim -> sim.system().v.clone()), BIT_FOR_BIT, "frame 4's velocities again");
        assertViewsShow(robot, "at frame 4 again");
    }

    @Test
    void aForkStartsLaneBAtTheChosenState(FxRobot robot) throws Exception {
        record(robot, 6);
        scrub(robot, 2);
        double t2 = lane(0, Simulation::time);
        long forkedAt = lane(0, Simulation::steps);
        double[] x2 = lane(0, sim -> sim.system().x.clone());
        robot.clickOn("#forkDt");
        robot.clickOn("× 0.5");
        robot.clickOn("#forkHereButton");
        robot.clickOn("#fork-rk4");
        waitFor("compare mode", () -> snapshot().compare() != null && workbench.rendered() == snapshot());
        assertEquals(IntegratorKind.RK4, lane(1, Simulation::integratorKind));
        assertEquals(lane(0, Simulation::dt) / 2, lane(1, Simulation::dt), BIT_FOR_BIT, "B steps with half A's Δt");
        assertEquals(t2, lane(1, Simulation::time), BIT_FOR_BIT, "B starts at A's time");
        assertEquals(t2, lane(0, Simulation::time), BIT_FOR_BIT, "A stays at the chosen time");
        assertArrayEquals(x2, lane(1, sim -> sim.system().x.clone()), FORK_POSITIONS, "B starts at A's positions");
        assertArrayEquals(x2, lane(0, sim -> sim.system().x.clone()), FORK_POSITIONS);
        assertViewsShow(robot, "forked");
        Snapshot s = workbench.rendered();
        assertNotNull(s.compare());
        assertArrayEquals(s.positions(), s.compare().positions(), "the view draws B on A");
        assertEquals(IntegratorKind.RK4, s.compareMode());
        waitFor("the compare panel shows the fork", () -> robot.lookup("#compareToggle")
                .queryAs(ToggleSwitch.class).isSelected());

        robot.clickOn("#playButton");
        waitFor("both to run on", () -> snapshot().compare().steps() > snapshot().timeline().stride() * 3L);
        robot.clickOn("#playButton");
        waitFor("paused", () -> !snapshot().running());
        assertEquals(lane(0, Simulation::time), lane(1, Simulation::time), CLOCKS, "one clock");
        assertEquals(2 * (lane(0, Simulation::steps) - forkedAt), lane(1, Simulation::steps) - forkedAt,
                "two steps of B for each of A");
    }
}
