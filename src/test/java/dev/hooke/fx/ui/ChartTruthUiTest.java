package dev.hooke.fx.ui;

import static dev.hooke.Tolerances.SETTLE_SECONDS;
import static dev.hooke.fx.ui.UiFixture.bannerButtons;
import static dev.hooke.fx.ui.UiFixture.eventually;
import static dev.hooke.fx.ui.UiFixture.latest;
import static dev.hooke.fx.ui.UiFixture.waitFor;
import static dev.hooke.fx.ui.UiFixture.waitForExplosion;
import static dev.hooke.fx.ui.UiFixture.watchPulses;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.TestScale;
import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.scene.SceneType;
import dev.hooke.fx.I18n;
import dev.hooke.fx.Workbench;
import dev.hooke.fx.chart.TimeSeriesChart;
import dev.hooke.fx.io.SceneFiles;
import dev.hooke.fx.sim.EnergySample;
import dev.hooke.fx.sim.Snapshot;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import javafx.scene.Node;
import javafx.scene.chart.XYChart;
import javafx.stage.Stage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;

/**
 * The charts draw what ran and nothing else: a method without a limit has no limit line (explicit
 * Euler on an undamped spring is unstable at every Δt, XPBD at none), and after a scene, a lesson
 * and a scene file one after the other every point drawn belongs to the run the window shows and
 * lies no later than its present t.
 */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class ChartTruthUiTest {

    /** The frames a watch covers. */
    private static final int WATCHED_PULSES = TestScale.of(30, 90);

    private Workbench workbench;

    @TempDir
    Path folder;

    @Start
    void start(Stage stage) {
        workbench = UiFixture.show(stage, SceneType.SPRING, 1500, 1000);
    }

    @Stop
    void stop() {
        workbench.close();
    }

    /** The points of the Δt chart's limit series (of every lane), or null when it has none. */
    private String limitPoints() {
        String name = I18n.text("chart.limit");
        for (XYChart.Series<Number, Number> s : workbench.charts().stability().series()) {
            if (s.getName().startsWith(name) && !s.getData().isEmpty()) {
                return "the series '" + s.getName() + "' has " + s.getData().size() + " points, from "
                        + s.getData().get(0).getYValue() + " (log₁₀ s)";
            }
        }
        return null;
    }

    /** Explicit Euler on the undamped spring, before and after Halve Δt: no limit line. */
    @Test
    void explicitEulerAfterHalveDtDrawsNoLimitLine(FxRobot robot) {
        robot.interact(() -> workbench.model().integratorProperty().set(IntegratorKind.EXPLICIT_EULER));
        waitFor("explicit Euler's analysis", () -> latest(workbench).integrator() == IntegratorKind.EXPLICIT_EULER
                && latest(workbench).limitCurrent() && latest(workbench).limit() != null);
        assertTrue(latest(workbench).limit().unstableAtEveryDt(), "explicit Euler on an undamped spring");
        robot.clickOn("#playButton");
        waitForExplosion(workbench, "explicit Euler's explosion");
        assertNull(watchPulses(workbench, WATCHED_PULSES, this::limitPoints), "before Halve Δt");
        int before = latest(workbench).generation();
        List<Node> halve = bannerButtons(workbench, "explosion-halve-action");
        robot.clickOn(halve.get(0));
        waitFor("the run at half the Δt", () -> latest(workbench).generation() > before && latest(workbench).steps() > 0);
        eventually("the samples of the new run drawn", SETTLE_SECONDS, () ->
                workbench.charts().stability().chart().samples().isEmpty() ? "no samples yet" : null);
        assertNull(watchPulses(workbench, WATCHED_PULSES, this::limitPoints), "after Halve Δt");
        assertTrue(UiFixture.text(robot, "#limitLabel").contains(I18n.text("limit.unstable", "").trim().split(" ")[0]),
                "the status bar says explicit Euler has no stable Δt: " + UiFixture.text(robot, "#limitLabel"));
    }

    /** XPBD is stable at every Δt: the status bar says "limit none" and the chart draws no limit. */
    @Test
    void xpbdDrawsNoLimitLine(FxRobot robot) {
        UiFixture.chooseScene(robot, SceneType.CHAIN);
        waitFor("the chain", () -> latest(workbench).topology().type() == SceneType.CHAIN);
        robot.interact(() -> workbench.model().integratorProperty().set(IntegratorKind.XPBD));
        waitFor("XPBD's analysis", () -> latest(workbench).integrator() == IntegratorKind.XPBD
                && latest(workbench).limitCurrent() && latest(workbench).limit() != null);
        assertTrue(latest(workbench).limit().unlimited(), "XPBD has no limit");
        robot.clickOn("#playButton");
        eventually("the chain's samples drawn", SETTLE_SECONDS, () ->
                workbench.charts().stability().chart().samples().size() < 5 ? "too few samples yet" : null);
        assertNull(watchPulses(workbench, WATCHED_PULSES, this::limitPoints), "XPBD running");
        assertTrue(UiFixture.text(robot, "#limitLabel").contains(I18n.text("limit.none")),
                "the status bar: " + UiFixture.text(robot, "#limitLabel"));
    }

    /** The problem with what the charts draw, or null: every point of the shown run, none after its present. */
    private String foreignPoints() {
        Snapshot s = workbench.rendered();
        if (s == null) {
            return null;
        }
        for (Map.Entry<dev.hooke.fx.chart.ChartsPane.Kind, List<EnergySample>> e
                : UiFixture.shownChartSamples(workbench).entrySet()) {
            for (EnergySample sample : e.getValue()) {
                if (sample.generation() != s.generation()) {
                    return e.getKey() + " holds a sample of generation " + sample.generation() + " (t = "
                            + sample.time() + " s) while the window shows generation " + s.generation();
                }
                if (sample.time() > s.time()) {
                    return e.getKey() + " holds a sample at t = " + sample.time() + " s, after the present t = "
                            + s.time() + " s";
                }
            }
        }
        for (TimeSeriesChart c : List.of(workbench.charts().stability().chart(), workbench.charts().energyRatio(),
                workbench.charts().strain(), workbench.charts().displacement())) {
            for (XYChart.Series<Number, Number> series : c.series()) {
                for (XYChart.Data<Number, Number> d : series.getData()) {
                    if (d.getXValue().doubleValue() > s.time() + 1e-12) {
                        return c.node().getId() + "'s series '" + series.getName() + "' has a point at t = "
                                + d.getXValue() + " s, after the present t = " + s.time() + " s";
                    }
                }
            }
        }
        for (XYChart.Series<Number, Number> series : workbench.charts().energy().series()) {
            for (XYChart.Data<Number, Number> d : series.getData()) {
                if (d.getXValue().doubleValue() > s.time() + 1e-12) {
                    return "the energy chart's '" + series.getName() + "' has a point at t = " + d.getXValue()
                            + " s, after the present t = " + s.time() + " s";
                }
            }
        }
        return null;
    }

    /** Scene › Cloth played, then lesson 6 played a step, then File › Open of a chain: the charts draw the run shown. */
    @Test
    void afterASceneALessonAndASceneFileEveryPointIsOfTheRunShown(FxRobot robot) throws IOException {
        UiFixture.chooseScene(robot, SceneType.CLOTH);
        waitFor("the cloth", () -> latest(workbench).topology().type() == SceneType.CLOTH);
        robot.clickOn("#playButton");
        waitFor("the cloth's samples", () -> workbench.charts().energy().samples().size() > 10);
        assertNull(watchPulses(workbench, WATCHED_PULSES, this::foreignPoints), "the cloth running");

        UiFixture.openLesson(robot, workbench, "06");
        assertNull(watchPulses(workbench, WATCHED_PULSES, this::foreignPoints), "lesson 6 opened");
        UiFixture.playStep(robot, workbench);
        assertNull(watchPulses(workbench, WATCHED_PULSES, this::foreignPoints), "lesson 6's first step played");

        Path file = folder.resolve("chain.yaml");
        Files.writeString(file, "type: chain\nnodes: 8\nintegrator: symplectic-euler\ndt: 0.002\n");
        workbench.sceneFiles().setChooser(new SceneFiles.Chooser() {
            @Override
            public Path open(javafx.stage.Window w) {
                return file;
            }

            @Override
            public Path save(javafx.stage.Window w) {
                return null;
            }
        });
        int before = latest(workbench).generation();
        robot.interact(() -> workbench.sceneFiles().open());
        waitFor("the chain of the file", () -> latest(workbench).generation() > before
                && latest(workbench).topology().type() == SceneType.CHAIN);
        assertNull(watchPulses(workbench, WATCHED_PULSES, this::foreignPoints), "the file opened");
        if (!latest(workbench).running()) {
            robot.clickOn("#playButton");
        }
        waitFor("the chain running", () -> latest(workbench).steps() > 10);
        assertNull(watchPulses(workbench, WATCHED_PULSES, this::foreignPoints), "the file's chain running");
    }
}
