package dev.hooke.fx.ui;

import static dev.hooke.fx.ui.UiFixture.onFx;
import static dev.hooke.fx.ui.UiFixture.waitFor;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.scene.SceneType;
import dev.hooke.fx.Workbench;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Labeled;
import javafx.stage.Stage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;

/**
 * While the simulation runs, the texts that change every frame (time, steps, steps/s, frames/s,
 * the solver's statistics) and the charts' new points lay out nothing of the side panel and the
 * status bar: counted over {@value #PULSES} running pulses as the times these nodes are marked to
 * need a layout ({@link Parent#needsLayoutProperty()} turning true).
 */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class RunningLayoutUiTest {

    /** The running pulses counted. */
    private static final int PULSES = 60;
    /**
     * The simulated time to reach before counting; in s. The texts' widths have then settled:
     * from here to well past the end of the count, no number gains a digit (the time stays
     * under 10 s, the step count under 10,000).
     */
    private static final double SETTLED = 1.5;

    private Workbench workbench;

    @Start
    void start(Stage stage) {
        workbench = UiFixture.show(stage, SceneType.CHAIN, 1400, 900);
    }

    @Stop
    void stop() {
        workbench.close();
    }

    @Test
    void aRunningFrameLaysOutNeitherTheSidePanelNorTheStatusBar(FxRobot robot) {
        count(robot, "the explicit chain");
    }

    @Test
    void norWithAnImplicitMethodWhoseSolverStatisticsChangeEveryStep(FxRobot robot) {
        onFx(() -> {
            workbench.model().integratorProperty().set(IntegratorKind.IMPLICIT_EULER);
            return null;
        });
        waitFor("backward Euler to run", () -> workbench.runner().latest().integrator() == IntegratorKind.IMPLICIT_EULER);
        count(robot, "backward Euler on the chain");
    }

    private void count(FxRobot robot, String what) {
        robot.clickOn("#playButton");
        waitFor("the simulation to run past " + SETTLED + " s",
                () -> workbench.runner().latest().running() && workbench.runner().latest().time() >= SETTLED);
        Scene scene = onFx(() -> workbench.root().getScene());
        List<Parent> watched = onFx(() -> List.of(
                (Parent) scene.lookup("#sidePanel"), (Parent) scene.lookup("#statusBar")));
        AtomicInteger pulses = new AtomicInteger();
        List<String> layouts = new ArrayList<>();
        Set<String> times = new HashSet<>();
        Runnable pulse = () -> {
            pulses.incrementAndGet();
            times.add(((Labeled) scene.lookup("#timeLabel")).getText());
        };
        onFx(() -> {
            for (Parent p : watched) {
                p.needsLayoutProperty().addListener((obs, was, now) -> {
                    if (now && pulses.get() < PULSES) {
                        layouts.add(p.getId() + " at pulse " + pulses.get());
                    }
                });
            }
            scene.addPostLayoutPulseListener(pulse);
            return null;
        });
        waitFor(PULSES + " pulses", () -> pulses.get() >= PULSES);
        onFx(() -> {
            scene.removePostLayoutPulseListener(pulse);
            return null;
        });
        assertTrue(onFx(() -> workbench.runner().latest().running()), what + ": still running at the end of the count");
        assertTrue(times.size() >= PULSES / 4,
                what + ": the status bar's time changed in only " + times.size() + " of " + PULSES + " pulses");
        assertTrue(layouts.isEmpty(), what + ": " + layouts.size() + " layouts of the side panel or the status bar while"
                + " running, the first: " + layouts.subList(0, Math.min(5, layouts.size())));
    }
}
