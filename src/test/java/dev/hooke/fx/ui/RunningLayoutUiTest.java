package dev.hooke.fx.ui;

import static dev.hooke.fx.ui.UiFixture.onFx;
import static dev.hooke.fx.ui.UiFixture.waitFor;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.scene.SceneType;
import dev.hooke.fx.Workbench;
import dev.hooke.fx.controls.SteadyLabel;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
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
 * status bar but when a text is wider than any before it (a number gaining a digit): counted over
 * {@value #PULSES} running pulses as the times these nodes are marked to need a layout
 * ({@link Parent#needsLayoutProperty()} turning true), each of which must fall in a pulse where a
 * {@link SteadyLabel} grew. Logic, not timing: a busy machine draws fewer new numbers per pulse,
 * and the count then waits longer for them.
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
        workbench = UiFixture.show(stage, SceneType.CHAIN, 1600, 900);
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
        List<SteadyLabel> cells = onFx(() -> watched.stream()
                .flatMap(p -> p.lookupAll(".steady-label").stream())
                .filter(SteadyLabel.class::isInstance).map(SteadyLabel.class::cast).toList());
        AtomicInteger pulses = new AtomicInteger();
        AtomicBoolean counting = new AtomicBoolean(true);
        long[] resizes = {totalResizes(cells)};
        // pulse k (0-based) is the one the k-th post-layout callback ends: its layouts, and whether
        // a steady cell grew for a wider text (the one layout a changing text may ask for) in it
        List<Integer> layoutPulses = new ArrayList<>();
        List<String> layouts = new ArrayList<>();
        Set<Integer> grewIn = new HashSet<>();
        Set<String> times = new HashSet<>();
        Runnable pulse = () -> {
            if (!counting.get()) {
                return;
            }
            long now = totalResizes(cells);
            if (now != resizes[0]) {
                grewIn.add(pulses.get());
                resizes[0] = now;
            }
            times.add(((Labeled) scene.lookup("#timeLabel")).getText());
            pulses.incrementAndGet();
        };
        onFx(() -> {
            for (Parent p : watched) {
                p.needsLayoutProperty().addListener((obs, was, now) -> {
                    if (now && counting.get()) {
                        layoutPulses.add(pulses.get());
                        layouts.add(p.getId() + " at pulse " + pulses.get());
                    }
                });
            }
            scene.addPostLayoutPulseListener(pulse);
            return null;
        });
        // however slowly a busy machine draws, the count covers PULSES pulses and a new time in
        // a quarter of them
        waitFor(PULSES + " pulses showing " + PULSES / 4 + " times",
                () -> pulses.get() >= PULSES && times.size() >= PULSES / 4);
        onFx(() -> {
            counting.set(false);
            scene.removePostLayoutPulseListener(pulse);
            return null;
        });
        assertTrue(onFx(() -> workbench.runner().latest().running()), what + ": still running at the end of the count");
        assertTrue(grewIn.size() <= PULSES / 6, what + ": a steady cell grew in " + grewIn.size() + " of "
                + pulses.get() + " pulses; a text grows past its widest only when a number gains a digit");
        List<String> unexplained = new ArrayList<>();
        for (int i = 0; i < layouts.size(); i++) {
            if (!grewIn.contains(layoutPulses.get(i))) {
                unexplained.add(layouts.get(i));
            }
        }
        assertTrue(unexplained.isEmpty(), what + ": " + unexplained.size() + " layouts of the side panel or the status"
                + " bar in " + pulses.get() + " running pulses that no text wider than before asked for, the first: "
                + unexplained.subList(0, Math.min(5, unexplained.size())));
    }

    /** How many times the steady cells have asked their parents for a layout, in all. */
    private static long totalResizes(List<SteadyLabel> cells) {
        long n = 0;
        for (SteadyLabel c : cells) {
            n += c.resizes();
        }
        return n;
    }
}
