package dev.hooke.fx.ui;

import static dev.hooke.Tolerances.COMMAND_LATENCY_SECONDS;
import static dev.hooke.Tolerances.MARK_RELATIVE;
import static dev.hooke.Tolerances.MAX_TICK_DIGITS;
import static dev.hooke.Tolerances.SETTLE_SECONDS;
import static dev.hooke.Tolerances.UI_TIMEOUT_SECONDS;
import static dev.hooke.fx.ui.UiFixture.bannerButtons;
import static dev.hooke.fx.ui.UiFixture.eventually;
import static dev.hooke.fx.ui.UiFixture.latest;
import static dev.hooke.fx.ui.UiFixture.press;
import static dev.hooke.fx.ui.UiFixture.statusTime;
import static dev.hooke.fx.ui.UiFixture.timeText;
import static dev.hooke.fx.ui.UiFixture.type;
import static dev.hooke.fx.ui.UiFixture.waitFor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.scene.SceneType;
import dev.hooke.fx.I18n;
import dev.hooke.fx.Phrases;
import dev.hooke.fx.Workbench;
import dev.hooke.fx.chart.ChartsPane;
import dev.hooke.fx.controls.Numbers;
import dev.hooke.fx.sim.EnergySample;
import dev.hooke.fx.sim.Snapshot;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.Region;
import javafx.scene.paint.Paint;
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
 * What the window shows after a person goes from one thing to the next: explosions one after
 * another, a scene then a lesson, one lesson then another, a lesson then a scene, compare mode
 * past an explosion, commands while the simulation is busy. Every check reads the views the
 * person sees (the banner, the slider marks, the side panel, the charts, the status bar), not
 * only the one the action touched.
 */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class TransitionsUiTest {

    private Workbench workbench;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        workbench = UiFixture.show(stage, SceneType.SPRING, 1500, 1000);
    }

    @Stop
    void stop() {
        workbench.close();
    }

    // ------------------------------------------------------------------ helpers

    private Snapshot latest() {
        return UiFixture.latest(workbench);
    }

    private <T> T onFx(Callable<T> question) {
        try {
            return WaitForAsyncUtils.asyncFx(question).get(UI_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    /** Plays the lesson's steps from the one shown up to step {@code last} (1-based), each after the other. */
    private void playStepsTo(FxRobot robot, int last) {
        while (true) {
            UiFixture.playStep(robot, workbench);
            if (workbench.lessons().stepIndex() + 1 >= last) {
                return;
            }
            robot.interact(() -> workbench.lessons().next());
        }
    }

    private void waitForExplosion(String what) {
        waitFor(what, () -> latest().exploded() && workbench.notificationPane().isShowing());
    }

    private static String text(FxRobot robot, String id) {
        return robot.lookup(id).queryLabeled().getText();
    }

    /** The problem with the samples a chart holds, or null: all of {@code s}'s generation, none after its t. */
    private static String foreign(String chart, List<EnergySample> samples, Snapshot s) {
        for (EnergySample e : samples) {
            if (e.generation() != s.generation()) {
                return chart + " holds a sample of generation " + e.generation() + " (t = " + e.time()
                        + " s, lane " + e.lane() + ") while the window shows generation " + s.generation()
                        + " at t = " + s.time() + " s";
            }
        }
        return null;
    }

    private static boolean close(double expected, double actual) {
        if (Double.isNaN(expected) || Double.isInfinite(expected)) {
            return Double.compare(expected, actual) == 0;
        }
        return Math.abs(expected - actual) <= MARK_RELATIVE * Math.abs(expected);
    }

    // ------------------------------------------------------------------ the explosion banner

    /**
     * Explicit Euler on the spring explodes at any Δt; after Reset and Space it explodes again.
     * The banner then offers one Reset and one Halve Δt, as after the first explosion, and its
     * message is a paragraph, not a column of single characters.
     */
    @Test
    void aSecondExplosionLeavesTheBannerWithOneResetAndOneHalve(FxRobot robot) {
        press(robot, workbench, KeyCode.DIGIT1);
        type(robot, "#dtField", "0.3");
        robot.clickOn("#playButton");
        waitForExplosion("the first explosion");
        int first = latest().generation();
        robot.clickOn("#resetButton");
        waitFor("the reset", () -> latest().generation() > first && !latest().exploded());
        if (!latest().running()) {
            press(robot, workbench, KeyCode.SPACE);
        }
        waitForExplosion("the second explosion");
        eventually("the banner after two explosions", SETTLE_SECONDS, () -> {
            int resets = bannerButtons(workbench, "explosion-reset-action").size();
            int halves = bannerButtons(workbench, "explosion-halve-action").size();
            return resets == 1 && halves == 1 ? null
                    : "the banner holds " + resets + " Reset and " + halves + " Halve Δt buttons, expected one each";
        });
        assertMessageIsAParagraph(robot);
    }

    private void assertMessageIsAParagraph(FxRobot robot) {
        eventually("the explosion message's shape", SETTLE_SECONDS, () -> {
            List<Label> shown = new ArrayList<>();
            for (Node n : workbench.notificationPane().lookupAll("#explosionMessage")) {
                if (n instanceof Label l && l.isVisible() && l.getScene() != null) {
                    shown.add(l);
                }
            }
            if (shown.size() != 1) {
                return shown.size() + " explosion messages shown, expected one";
            }
            Label l = shown.get(0);
            return l.getWidth() > l.getHeight() ? null
                    : "the message \"" + l.getText() + "\" is " + l.getWidth() + " px wide and " + l.getHeight()
                            + " px tall: squeezed (the banner is " + workbench.notificationPane().getWidth() + " px wide)";
        });
    }

    /**
     * Lesson 3's last step makes the spring four times stiffer while it runs: it explodes, the
     * banner says so, in a window of a laptop's size (1280 × 800) with the lesson panel open.
     */
    @Test
    void theBannerOfLessonThreesExplosionIsWiderThanTall(FxRobot robot) {
        robot.interact(() -> {
            stage.setWidth(1280);
            stage.setHeight(800);
        });
        UiFixture.openLesson(robot, workbench, "03");
        playStepsTo(robot, 4);
        waitForExplosion("lesson 3's explosion");
        assertMessageIsAParagraph(robot);
    }

    // ------------------------------------------------------------------ the Δt slider's marks

    /** Scene › Soft cube, then lesson 3: the marks move to the lesson's limit and 2√(m/k), as the panel says. */
    @Test
    void afterSoftCubeThenLessonThreeTheSliderMarksShowTheLessonsBounds(FxRobot robot) {
        UiFixture.chooseScene(robot, SceneType.CUBE);
        eventually("the cube's limit on the slider", SETTLE_SECONDS, () -> {
            Snapshot s = latest();
            return s.topology().type() == SceneType.CUBE && s.limitCurrent() && s.limit() != null
                    && close(s.limit().dtMax(), UiFixture.dtSlider(robot).markValue("limitMark")) ? null
                    : "the cube's limit is not marked yet";
        });
        double cubeLimit = onFx(() -> UiFixture.dtSlider(robot).markValue("limitMark"));

        UiFixture.openLesson(robot, workbench, "03");
        eventually("the lesson's limit", SETTLE_SECONDS, () -> latest().limit() != null && latest().limitCurrent()
                ? null : "the lesson's limit is not known yet");
        eventually("the slider's marks against the panel and the snapshot", SETTLE_SECONDS, () -> {
            Snapshot s = latest();
            double limit = UiFixture.dtSlider(robot).markValue("limitMark");
            double naive = UiFixture.dtSlider(robot).markValue("naiveMark");
            String detail = text(robot, "#limitDetail");
            if (!close(s.limit().dtMax(), limit)) {
                return "the limit mark is at " + limit + " s (the cube's was " + cubeLimit + " s) while the panel says \""
                        + detail + "\" and the snapshot " + s.limit().dtMax() + " s";
            }
            if (!close(s.naiveBound(), naive)) {
                return "the 2√(m/k) mark is at " + naive + " s while the panel says \"" + detail
                        + "\" and the snapshot " + s.naiveBound() + " s";
            }
            if (!detail.contains(Phrases.limit(s.limit())) || !detail.contains(Numbers.format(s.naiveBound()))) {
                return "the panel says \"" + detail + "\", not the snapshot's limit " + Phrases.limit(s.limit())
                        + " and 2√(m/k) = " + Numbers.format(s.naiveBound());
            }
            return null;
        });
    }

    // ------------------------------------------------------------------ the charts' data

    /** Lesson 3 ends in an explosion; lesson 6 opened next draws only its own samples. */
    @Test
    void afterLessonThreeTheEnergyChartOfLessonSixHoldsOnlyLessonSix(FxRobot robot) {
        UiFixture.openLesson(robot, workbench, "03");
        playStepsTo(robot, 4);
        waitFor("lesson 3's energies drawn", () -> !workbench.charts().energy().samples().isEmpty());

        UiFixture.openLesson(robot, workbench, "06");
        WaitForAsyncUtils.sleep(300, TimeUnit.MILLISECONDS);
        eventually("the energy chart after lesson 3 → lesson 6", SETTLE_SECONDS,
                () -> foreign("the energy chart", workbench.charts().energy().samples(), latest()));

        UiFixture.playStep(robot, workbench);
        eventually("the energy chart after lesson 6's first step", SETTLE_SECONDS, () -> {
            List<EnergySample> samples = workbench.charts().energy().samples();
            return samples.isEmpty() ? "the energy chart draws nothing of lesson 6's first step"
                    : foreign("the energy chart", samples, latest());
        });
    }

    /** Lesson 12's cloth hangs for 3 s; lesson 14's first step then draws the strain of its four runs alone. */
    @Test
    void afterLessonTwelveTheStrainChartOfLessonFourteenHoldsOnlyItsRuns(FxRobot robot) {
        UiFixture.openLesson(robot, workbench, "12");
        playStepsTo(robot, 5);
        waitFor("lesson 12's strains recorded", () -> !workbench.charts().strain().samples().isEmpty());

        UiFixture.openLesson(robot, workbench, "14");
        UiFixture.playStep(robot, workbench);
        waitFor("the strain chart", () -> workbench.charts().shown().contains(ChartsPane.Kind.STRAIN));
        eventually("the strain chart after lesson 12 → lesson 14", SETTLE_SECONDS, () -> {
            List<EnergySample> samples = workbench.charts().strain().samples();
            if (samples.isEmpty()) {
                return "the strain chart draws nothing of lesson 14's runs";
            }
            String problem = foreign("the strain chart", samples, latest());
            if (problem != null) {
                return problem;
            }
            long lanes = samples.stream().mapToInt(EnergySample::lane).distinct().count();
            return lanes == 4 ? null : "the strain chart draws " + lanes + " runs, lesson 14 compares 4";
        });
    }

    /**
     * The spring plays, then Scene › Cloth: from the first frame of the cloth on, the stability
     * chart draws the cloth's limits (or none while they are computed), never the spring's.
     */
    @Test
    void afterASceneSwitchTheStabilityChartNeverShowsThePreviousScenesLimits(FxRobot robot) {
        press(robot, workbench, KeyCode.SPACE);
        waitFor("the spring's limit drawn", () -> workbench.charts().stability().chart().samples().stream()
                .anyMatch(e -> Double.isFinite(e.limit())));
        double springLimit = latest().limit().dtMax();
        double springNaive = latest().naiveBound();
        UiFixture.chooseScene(robot, SceneType.CLOTH);
        List<String> seen = new ArrayList<>();
        long end = System.nanoTime() + 3_000_000_000L;
        while (System.nanoTime() < end) {
            String problem = onFx(() -> {
                Snapshot s = latest();
                if (s.topology().type() != SceneType.CLOTH) {
                    return null;
                }
                for (EnergySample e : workbench.charts().stability().chart().samples()) {
                    if (e.limit() == springLimit || e.naiveBound() == springNaive) {
                        return "t = " + e.time() + " s of generation " + e.generation()
                                + " draws the spring's bounds (limit " + e.limit() + " s, 2√(m/k) " + e.naiveBound()
                                + " s) over the cloth (shown: generation "
                                + s.generation() + ")";
                    }
                    if (e.generation() != s.generation()) {
                        return "a sample of generation " + e.generation() + " drawn over the cloth's generation "
                                + s.generation();
                    }
                }
                return null;
            });
            if (problem != null) {
                seen.add(problem);
                break;
            }
            WaitForAsyncUtils.sleep(15, TimeUnit.MILLISECONDS);
        }
        assertTrue(seen.isEmpty(), () -> String.join("; ", seen));
        assertEquals(SceneType.CLOTH, latest().topology().type());
    }

    // ------------------------------------------------------------------ Reset after a lesson's step

    /** After lesson 14's comparison, the toolbar's Reset brings t back to 0 in the status bar and the snapshot. */
    @Test
    void resetAfterLessonFourteensFirstStepReturnsTimeToZero(FxRobot robot) {
        UiFixture.openLesson(robot, workbench, "14");
        UiFixture.playStep(robot, workbench);
        waitFor("time to have passed", () -> latest().time() > 0 && statusTime(robot) > 0);
        robot.clickOn("#resetButton");
        assertTimeBackToZero(robot, "the toolbar's Reset");
    }

    /** The same with the key R. */
    @Test
    void keyRAfterLessonFourteensFirstStepReturnsTimeToZero(FxRobot robot) {
        UiFixture.openLesson(robot, workbench, "14");
        UiFixture.playStep(robot, workbench);
        waitFor("time to have passed", () -> latest().time() > 0 && statusTime(robot) > 0);
        press(robot, workbench, KeyCode.R);
        assertTimeBackToZero(robot, "the key R");
    }

    private void assertTimeBackToZero(FxRobot robot, String how) {
        eventually(how + " after lesson 14's first step", SETTLE_SECONDS, () -> {
            Snapshot s = latest();
            String shown = text(robot, "#timeLabel");
            return s.time() == 0 && shown.equals(timeText(s)) ? null
                    : "the status bar says \"" + shown + "\", the snapshot t = " + s.time() + " s; expected t = 0";
        });
    }

    /** Once lesson 14's comparison has ended, the compare panel does not call its runs running. */
    @Test
    void afterLessonFourteensComparisonTheComparePanelDoesNotSayRunning(FxRobot robot) {
        UiFixture.openLesson(robot, workbench, "14");
        UiFixture.playStep(robot, workbench);
        eventually("the compare legend after the step", SETTLE_SECONDS, () -> {
            Snapshot s = latest();
            Label legend = (Label) workbench.root().lookup("#compareLegend");
            String running = I18n.text("ws.compare.running");
            if (s.running() || legend == null || !legend.isVisible()) {
                return null;
            }
            return legend.getText().contains(running)
                    ? "the step has ended (the snapshot is not running) and the compare panel says \""
                            + legend.getText().replace('\n', ' ') + "\""
                    : null;
        });
    }

    // ------------------------------------------------------------------ the integrator box and its description

    /**
     * Lesson 6's second step runs Verlet, its third compares explicit Euler with Verlet: all the
     * while the integrator box names the method the description under it describes.
     */
    @Test
    void duringLessonSixsStepsTwoAndThreeTheIntegratorBoxMatchesItsDescription(FxRobot robot) {
        UiFixture.openLesson(robot, workbench, "06");
        UiFixture.playStep(robot, workbench);
        for (int step = 2; step <= 3; step++) {
            robot.interact(() -> workbench.lessons().next());
            int shown = step;
            robot.interact(() -> {
                var q = workbench.lessons().session().lesson().steps().get(workbench.lessons().stepIndex()).question();
                if (q != null && q.isMultipleChoice()) {
                    robot.lookup("#answer" + q.answer()).queryAs(javafx.scene.control.RadioButton.class).setSelected(true);
                } else if (q != null) {
                    robot.lookup("#answerField").queryTextInputControl().setText(Double.toString(q.value()));
                }
                workbench.lessons().runStep();
            });
            // watch the step play for a while, then let it finish and watch the end
            String during = watchIntegrator(robot, "during step " + shown, 1.5);
            robot.interact(() -> workbench.lessons().finishQuickly());
            waitFor("step " + shown, () -> workbench.lessons().result() != null && !workbench.lessons().isBusy());
            String after = watchIntegrator(robot, "after step " + shown, 0.5);
            assertTrue(during == null && after == null, during != null ? during : after);
        }
    }

    /** The first mismatch between the box and the description that lasts several frames, or null. */
    private String watchIntegrator(FxRobot robot, String when, double seconds) {
        long end = System.nanoTime() + (long) (seconds * 1e9);
        int run = 0;
        String problem = null;
        while (System.nanoTime() < end) {
            String now = onFx(() -> integratorMismatch(robot));
            run = now == null ? 0 : run + 1;
            if (run >= 5) {
                problem = when + ": " + now;
                break;
            }
            WaitForAsyncUtils.sleep(40, TimeUnit.MILLISECONDS);
        }
        return problem;
    }

    private String integratorMismatch(FxRobot robot) {
        ComboBox<?> box = robot.lookup("#integratorChoice").queryAs(ComboBox.class);
        String detail = text(robot, "#limitDetail");
        IntegratorKind chosen = (IntegratorKind) box.getValue();
        if (chosen == null) {
            return "the integrator box is empty";
        }
        for (IntegratorKind k : IntegratorKind.values()) {
            if (k != chosen && detail.startsWith(Phrases.integrator(k))) {
                return "the box says " + Phrases.integrator(chosen) + ", the description \"" + detail + "\"";
            }
        }
        return null;
    }

    /** On the exploded spring, the key 2 picks semi-implicit Euler: the box and its description say so, settled. */
    @Test
    void pressingTwoWhileExplodedDescribesSemiImplicitEuler(FxRobot robot) {
        press(robot, workbench, KeyCode.DIGIT1);
        type(robot, "#dtField", "0.3");
        press(robot, workbench, KeyCode.SPACE);
        waitForExplosion("the explosion");
        press(robot, workbench, KeyCode.DIGIT2);
        eventually("the description after pressing 2", SETTLE_SECONDS, () -> {
            ComboBox<?> box = robot.lookup("#integratorChoice").queryAs(ComboBox.class);
            String detail = text(robot, "#limitDetail");
            String status = text(robot, "#limitLabel");
            String updating = I18n.text("status.updating").trim();
            Snapshot s = latest();
            if (box.getValue() != IntegratorKind.SYMPLECTIC_EULER) {
                return "the box shows " + box.getValue();
            }
            if (s.limit() == null || s.limit().integrator() != IntegratorKind.SYMPLECTIC_EULER || !s.limitCurrent()) {
                return "the box shows semi-implicit Euler; the snapshot's limit is "
                        + (s.limit() == null ? "unknown" : s.limit().integrator() + "'s " + s.limit().describe())
                        + (s.limitCurrent() ? "" : ", not current") + "; the panel says \"" + detail
                        + "\", the status bar \"" + status + "\"";
            }
            if (!detail.startsWith(Phrases.integrator(IntegratorKind.SYMPLECTIC_EULER))
                    || !detail.contains(Phrases.limit(s.limit())) || detail.contains(updating) || status.contains(updating)) {
                return "the box shows semi-implicit Euler, the panel says \"" + detail + "\", the status bar \""
                        + status + "\"";
            }
            return null;
        });
    }

    // ------------------------------------------------------------------ compare mode

    /** Sets up compare mode on the spring: A explicit Euler at Δt = 0.05 s (it explodes), B semi-implicit Euler. */
    private void compareExplicitWithSemiImplicit(FxRobot robot) {
        press(robot, workbench, KeyCode.DIGIT1);
        type(robot, "#dtField", "0.05");
        robot.clickOn("#compareToggle .thumb-area");
        waitFor("compare mode on", () -> workbench.model().compareProperty().get());
        UiFixture.chooseIn(robot, "#compareChoice", IntegratorKind.SYMPLECTIC_EULER.displayName());
        waitFor("compare mode", () -> latest().compare() != null
                && latest().compare().integrator() == IntegratorKind.SYMPLECTIC_EULER);
    }

    /** After A explodes, B goes on: the status bar's t, the snapshot's t and B's curves all advance. */
    @Test
    void afterAExplodesInCompareModeTimeAndChartsFollowB(FxRobot robot) {
        compareExplicitWithSemiImplicit(robot);
        press(robot, workbench, KeyCode.SPACE);
        waitFor("A's explosion", () -> latest().exploded() && latest().compare().explosion() == null);
        WaitForAsyncUtils.sleep(200, TimeUnit.MILLISECONDS);
        double[] before = onFx(() -> new double[] {statusTime(robot), latest().time(), laneTime(1)});
        WaitForAsyncUtils.sleep(1500, TimeUnit.MILLISECONDS);
        double[] after = onFx(() -> new double[] {statusTime(robot), latest().time(), laneTime(1)});
        assertFalse(latest().compare().explosion() != null, "B exploded: the setup is wrong");
        assertAll(before, after);
    }

    private static void assertAll(double[] before, double[] after) {
        String[] names = {"the status bar's t", "the snapshot's t", "B's last sample in the energy chart"};
        List<String> stuck = new ArrayList<>();
        for (int i = 0; i < names.length; i++) {
            if (!(after[i] > before[i] + 0.5)) {
                stuck.add(names[i] + " went from " + before[i] + " s to " + after[i] + " s in 1.5 s");
            }
        }
        assertTrue(stuck.isEmpty(), "B plays on after A exploded, but " + String.join("; ", stuck));
    }

    /** The time of the energy chart's newest sample of lane {@code lane}; in s (NaN: none). */
    private double laneTime(int lane) {
        return workbench.charts().energy().samples().stream().filter(e -> e.lane() == lane)
                .mapToDouble(EnergySample::time).max().orElse(Double.NaN);
    }

    /** In compare mode the energy chart's legend tells each of its four curves by colour. */
    @Test
    void inCompareModeEachEnergyLegendEntryHasItsOwnColour(FxRobot robot) {
        compareExplicitWithSemiImplicit(robot);
        press(robot, workbench, KeyCode.SPACE);
        waitFor("samples of both", () -> !Double.isNaN(laneTime(1)));
        eventually("the legend's colours", SETTLE_SECONDS, () -> {
            List<XYChart.Series<Number, Number>> series = workbench.charts().energy().series();
            List<String> names = series.stream().map(XYChart.Series::getName).toList();
            List<Paint> fills = new ArrayList<>();
            for (String name : names) {
                Paint fill = null;
                for (Node n : workbench.charts().energy().node().lookupAll(".chart-legend-item")) {
                    if (n instanceof Label l && name.equals(l.getText()) && l.getGraphic() instanceof Region r
                            && r.getBackground() != null && !r.getBackground().getFills().isEmpty()) {
                        fill = r.getBackground().getFills().get(0).getFill();
                    }
                }
                if (fill == null) {
                    return "no legend entry for " + name;
                }
                fills.add(fill);
            }
            for (int i = 0; i < fills.size(); i++) {
                for (int j = i + 1; j < fills.size(); j++) {
                    if (fills.get(i).equals(fills.get(j))) {
                        return "the legend entries \"" + names.get(i) + "\" and \"" + names.get(j)
                                + "\" share the colour " + fills.get(i);
                    }
                }
            }
            return names.size() == 4 ? null : "the energy chart has " + names.size() + " curves in compare mode";
        });
    }

    // ------------------------------------------------------------------ tick labels

    /**
     * On every scene, Reset while playing and Reset while paused: no axis of any chart shown
     * labels a tick with more than six significant digits, in the seconds after either.
     */
    @Test
    void afterResetEveryTickLabelIsShort(FxRobot robot) {
        List<String> bad = new ArrayList<>();
        for (SceneType type : SceneType.values()) {
            if (latest().topology().type() != type) {
                UiFixture.chooseScene(robot, type);
            }
            waitFor("the " + type, () -> latest().topology().type() == type);
            if (!latest().running()) {
                press(robot, workbench, KeyCode.SPACE);
            }
            double t0 = latest().time();
            waitFor("some motion", () -> latest().time() > t0 + 0.5);
            press(robot, workbench, KeyCode.R);
            watchTicks(type + ", after Reset while playing", bad);
            press(robot, workbench, KeyCode.SPACE);
            waitFor("the pause", () -> !latest().running());
            press(robot, workbench, KeyCode.R);
            watchTicks(type + ", after Reset while paused", bad);
        }
        // and Reset after an explosion, on the spring with explicit Euler
        UiFixture.chooseScene(robot, SceneType.SPRING);
        waitFor("the spring", () -> latest().topology().type() == SceneType.SPRING);
        press(robot, workbench, KeyCode.DIGIT1);
        type(robot, "#dtField", "0.3");
        if (!latest().running()) {
            press(robot, workbench, KeyCode.SPACE);
        }
        waitForExplosion("the spring's explosion");
        robot.clickOn("#resetButton");
        watchTicks("the spring, after Reset from its explosion", bad);
        assertTrue(bad.isEmpty(), () -> String.join("; ", bad));
    }

    private void watchTicks(String when, List<String> bad) {
        long end = System.nanoTime() + 1_500_000_000L;
        while (System.nanoTime() < end) {
            String found = onFx(this::longTickLabel);
            if (found != null) {
                bad.add(when + ": " + found);
                return;
            }
            WaitForAsyncUtils.sleep(30, TimeUnit.MILLISECONDS);
        }
    }

    private String longTickLabel() {
        for (XYChart<?, ?> chart : UiFixture.shownCharts(workbench)) {
            for (var axis : List.of(chart.getXAxis(), chart.getYAxis())) {
                for (String label : UiFixture.tickLabels(axis)) {
                    if (UiFixture.significantDigits(label) > MAX_TICK_DIGITS) {
                        return chart.getId() + " labels a tick \"" + label + "\"";
                    }
                }
            }
        }
        return null;
    }

    // ------------------------------------------------------------------ commands while the simulation is busy

    /** The 100 × 100 cloth of lessons/scenes/cloth-100.yaml plays; Pause stops its clock within 0.2 s. */
    @Test
    void pauseStopsTheHundredByHundredClothAtOnce(FxRobot robot) {
        workbench.sceneFiles().setChooser(new dev.hooke.fx.io.SceneFiles.Chooser() {
            @Override
            public Path open(javafx.stage.Window w) {
                return Path.of("lessons/scenes/cloth-100.yaml").toAbsolutePath();
            }

            @Override
            public Path save(javafx.stage.Window w) {
                return null;
            }
        });
        robot.interact(() -> workbench.sceneFiles().open());
        waitFor("the 100 × 100 cloth", () -> latest().topology().particleCount() == 100 * 100);
        robot.clickOn("#playButton");
        waitFor("the cloth to move", () -> latest().running() && latest().steps() > 0);
        assertPauseIsPrompt(robot);
    }

    /**
     * On the chain (the scene the workbench starts with), Δt typed as 10⁻⁷ s: every frame has more
     * steps to take than fit in it. After a few seconds of that, Pause stops the clock within 0.2 s.
     */
    @Test
    void pauseStopsATinyTimeStepAtOnce(FxRobot robot) {
        UiFixture.chooseScene(robot, SceneType.CHAIN);
        waitFor("the chain", () -> latest().topology().type() == SceneType.CHAIN);
        press(robot, workbench, KeyCode.SPACE);
        waitFor("the chain to move", () -> latest().running() && latest().steps() > 0);
        type(robot, "#dtField", "1e-7");
        waitFor("Δt = 1e-7 s to be taken", () -> latest().dt() == 1e-7);
        WaitForAsyncUtils.sleep(3000, TimeUnit.MILLISECONDS);
        assertPauseIsPrompt(robot);
    }

    private void assertPauseIsPrompt(FxRobot robot) {
        Button play = robot.lookup("#playButton").queryButton();
        robot.clickOn(play);
        long clicked = System.nanoTime();
        String pausedText = I18n.text("toolbar.play");
        double[] latency = {Double.NaN};
        long end = clicked + (long) (5 * COMMAND_LATENCY_SECONDS * 1e9);
        while (System.nanoTime() < end) {
            boolean stopped = onFx(() -> !latest().running() && pausedText.equals(play.getText()));
            if (stopped) {
                latency[0] = (System.nanoTime() - clicked) * 1e-9;
                break;
            }
            WaitForAsyncUtils.sleep(5, TimeUnit.MILLISECONDS);
        }
        assertTrue(latency[0] <= COMMAND_LATENCY_SECONDS,
                () -> "Pause took " + (Double.isNaN(latency[0]) ? "more than " + 5 * COMMAND_LATENCY_SECONDS
                        : latency[0]) + " s to stop the clock (snapshot running: " + latest().running()
                        + ", button: \"" + play.getText() + "\")");
        double t = latest().time();
        String shown = text(robot, "#timeLabel");
        WaitForAsyncUtils.sleep(500, TimeUnit.MILLISECONDS);
        assertEquals(t, latest().time(), "the clock moved after Pause");
        assertEquals(shown, text(robot, "#timeLabel"), "the status bar's t moved after Pause");
    }

    // ------------------------------------------------------------------ a lesson, then a scene

    /**
     * Lesson 14 open, then Scene › Soft cube: the scene box, the view, the side panel and the
     * status bar all show the cube, and Play runs it.
     */
    @Test
    void afterLessonFourteenSoftCubeIsShownEverywhereAndPlays(FxRobot robot) {
        UiFixture.openLesson(robot, workbench, "14");
        UiFixture.chooseScene(robot, SceneType.CUBE);
        String cubeDt = Numbers.format(SceneType.CUBE.recipe().defaultDt());
        eventually("the cube everywhere", SETTLE_SECONDS, () -> {
            ComboBox<?> box = robot.lookup("#sceneChoice").queryAs(ComboBox.class);
            Snapshot rendered = workbench.rendered();
            Snapshot s = latest();
            List<String> wrong = new ArrayList<>();
            if (box.getValue() != SceneType.CUBE) {
                wrong.add("the scene box shows " + box.getValue());
            }
            if (rendered == null || rendered.topology().type() != SceneType.CUBE) {
                wrong.add("the view shows the " + (rendered == null ? "nothing" : rendered.topology().type()));
            }
            if (s.topology().type() != SceneType.CUBE) {
                wrong.add("the newest snapshot is of the " + s.topology().type());
            }
            String field = robot.lookup("#dtField").queryTextInputControl().getText();
            if (!field.equals(cubeDt)) {
                wrong.add("the panel's Δt is " + field);
            }
            if (!text(robot, "#dtLabel").equals(I18n.text("status.dt", cubeDt))) {
                wrong.add("the status bar says \"" + text(robot, "#dtLabel") + "\"");
            }
            return wrong.isEmpty() ? null : String.join("; ", wrong) + " (expected the cube, Δt = " + cubeDt + " s)";
        });
        double t0 = latest().time();
        robot.clickOn("#playButton");
        eventually("the cube to play", SETTLE_SECONDS, () -> {
            Snapshot s = latest();
            return s.running() && s.topology().type() == SceneType.CUBE && s.time() > t0 + 0.05
                    && workbench.rendered().topology().type() == SceneType.CUBE ? null
                    : "after Play the " + s.topology().type() + " shows t = " + s.time() + " s (running: " + s.running() + ")";
        });
        assertNotEquals(SceneType.CLOTH, workbench.rendered().topology().type());
    }

    /**
     * Lesson 13 open, Scene › Soft cube, Play for a second, Pause, then the lesson closed: the
     * window goes on showing the same cube at the same t, with no jump.
     */
    @Test
    void closingLessonThirteenAfterSoftCubeKeepsTheCubeAndItsTime(FxRobot robot) {
        UiFixture.openLesson(robot, workbench, "13");
        UiFixture.chooseScene(robot, SceneType.CUBE);
        robot.clickOn("#playButton");
        WaitForAsyncUtils.sleep(1000, TimeUnit.MILLISECONDS);
        robot.clickOn("#playButton");
        eventually("the pause", SETTLE_SECONDS, () -> latest().running() ? "still running" : null);
        WaitForAsyncUtils.sleep(200, TimeUnit.MILLISECONDS);
        String before = onFx(() -> text(robot, "#timeLabel"));
        SceneType shownBefore = onFx(() -> workbench.rendered().topology().type());
        robot.interact(() -> workbench.lessons().closeLesson());
        eventually("the window after closing the lesson", SETTLE_SECONDS, () -> {
            String after = text(robot, "#timeLabel");
            SceneType shown = workbench.rendered().topology().type();
            return after.equals(before) && shown == SceneType.CUBE && shownBefore == SceneType.CUBE ? null
                    : "before closing, the " + shownBefore + " at \"" + before + "\"; after, the " + shown
                            + " at \"" + after + "\"";
        });
    }
}
