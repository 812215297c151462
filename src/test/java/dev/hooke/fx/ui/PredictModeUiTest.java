package dev.hooke.fx.ui;

import static dev.hooke.Tolerances.SETTLE_SECONDS;
import static dev.hooke.fx.ui.UiFixture.eventually;
import static dev.hooke.fx.ui.UiFixture.onFx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.lesson.Readout;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.stability.StabilityLimit;
import dev.hooke.fx.Phrases;
import dev.hooke.fx.Workbench;
import dev.hooke.fx.sim.Snapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Labeled;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;

/**
 * Predict mode: while a lesson step's question is open, no view of any window shows the number it
 * asks for (the side panel, the status bar, the slider's marks, the Δt chart's lines, the Modes
 * window); once the step has run, every one of them shows it. Turned off from the View menu,
 * nothing is hidden.
 */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class PredictModeUiTest {

    private Workbench workbench;

    @Start
    void start(Stage stage) {
        workbench = UiFixture.show(stage, SceneType.SPRING, 1500, 1000);
    }

    @Stop
    void stop() {
        workbench.close();
    }

    /** Every text any shown window of the application draws (labels, buttons, chart legends and ticks). */
    private static List<String> textsOnScreen() {
        List<String> out = new ArrayList<>();
        for (Window w : Window.getWindows()) {
            if (w.isShowing() && w.getScene() != null) {
                collect(w.getScene().getRoot(), out);
            }
        }
        return out;
    }

    private static void collect(Node n, List<String> out) {
        if (!n.isVisible()) {
            return;
        }
        if (n instanceof Labeled l && l.getText() != null) {
            out.add(l.getText());
        } else if (n instanceof Text t && t.getText() != null) {
            out.add(t.getText());
        }
        if (n instanceof Parent p) {
            for (Node c : p.getChildrenUnmodifiable()) {
                collect(c, out);
            }
        }
    }

    /** The ways the window writes the limit Δt_max: as the status bar and side panel do, in s and in ms. */
    private static List<String> spellings(StabilityLimit limit) {
        double h = limit.dtMax();
        return List.of(Phrases.limit(limit), String.format(Locale.ROOT, "%.4g", h),
                String.format(Locale.ROOT, "%.6f", h), String.format(Locale.ROOT, "%.4g", 1e3 * h));
    }

    /** The texts on screen that show one of {@code spellings}, or an empty list. */
    private static List<String> showing(List<String> spellings) {
        List<String> found = new ArrayList<>();
        for (String t : textsOnScreen()) {
            for (String sp : spellings) {
                if (t.contains(sp)) {
                    found.add("'" + t + "' shows " + sp);
                }
            }
        }
        return found;
    }

    /** The names of the Δt chart's series that hold points. */
    private List<String> stabilitySeriesWithPoints() {
        List<String> out = new ArrayList<>();
        for (XYChart.Series<Number, Number> s : workbench.charts().stability().series()) {
            if (!s.getData().isEmpty()) {
                out.add(s.getName());
            }
        }
        return out;
    }

    /** Lesson 16 step 1 asks for semi-implicit Euler's limit on the cloth: nothing shows it until the step has run. */
    @Test
    void lessonSixteenStepOneHidesTheLimitEverywhereUntilTheStepHasRun(FxRobot robot) {
        UiFixture.openLesson(robot, workbench, "16");
        robot.interact(() -> workbench.modes().shownProperty().set(true));
        eventually("the lesson's limit analysed", SETTLE_SECONDS, () -> {
            Snapshot s = UiFixture.latest(workbench);
            return s.limit() != null && s.limitCurrent() && Double.isFinite(s.limit().dtMax())
                    && workbench.lessons().showsItsSimulation(s) ? null : "the limit is not known yet";
        });
        StabilityLimit limit = UiFixture.latest(workbench).limit();
        List<String> spellings = spellings(limit);
        // let the charts take samples and the Modes window solve, so that a leak would have shown
        eventually("the Δt chart drawing Δt", SETTLE_SECONDS, () -> stabilitySeriesWithPoints().isEmpty()
                ? "the Δt chart has no points yet" : null);
        eventually("the Modes window's solve", SETTLE_SECONDS, () -> workbench.modes().result() != null
                ? null : "the modes are not solved yet");
        onFx(() -> {
            assertEquals(Set.of(Readout.LIMIT, Readout.NAIVE_BOUND), workbench.model().hidden(), "what predict mode hides");
            assertEquals(List.of(), showing(spellings), "no text of any window shows the limit while the question is open");
            assertTrue(Double.isNaN(UiFixture.dtSlider(robot).markValue("limitMark")), "the slider's limit mark");
            assertTrue(Double.isNaN(UiFixture.dtSlider(robot).markValue("naiveMark")), "the slider's 2√(m/k) mark");
            assertTrue(robot.lookup("#limitLabel").queryLabeled().getText().contains("?"), "the status bar's limit");
            assertTrue(robot.lookup("#limitDetail").queryLabeled().getText().contains("?"), "the side panel's limit");
            assertEquals(List.of(workbench.charts().stability().series().get(0).getName()),
                    stabilitySeriesWithPoints(), "the Δt chart draws Δt alone");
            return null;
        });

        UiFixture.playStep(robot, workbench);
        if (!UiFixture.latest(workbench).running()) {
            robot.clickOn("#playButton");       // the chart's lines need points: the cloth falls on
        }
        eventually("the limit shown once the step has run", SETTLE_SECONDS, () -> {
            if (!workbench.model().hidden().isEmpty()) {
                return "still hidden: " + workbench.model().hidden();
            }
            Snapshot s = UiFixture.latest(workbench);
            if (s.limit() == null || !s.limitCurrent()) {
                return "the limit is being analysed";
            }
            String detail = robot.lookup("#limitDetail").queryLabeled().getText();
            String status = robot.lookup("#limitLabel").queryLabeled().getText();
            String want = Phrases.limit(s.limit());
            if (!detail.contains(want) || !status.contains(want)) {
                return "the side panel says '" + detail + "', the status bar '" + status + "', not " + want;
            }
            if (Double.isNaN(UiFixture.dtSlider(robot).markValue("limitMark"))) {
                return "the slider has no limit mark";
            }
            return stabilitySeriesWithPoints().size() >= 3 ? null
                    : "the Δt chart draws " + stabilitySeriesWithPoints();
        });
    }

    /** View › Predict mode off: a stability question's limit shows while it is open. */
    @Test
    void turnedOffFromTheViewMenuNothingIsHidden(FxRobot robot) {
        assertTrue(onFx(() -> workbench.model().predictModeProperty().get()), "predict mode is on by default");
        robot.clickOn(dev.hooke.fx.I18n.text("menu.view"));
        robot.clickOn("#menuPredictMode");
        UiFixture.waitFor("predict mode off", () -> !workbench.model().predictModeProperty().get());
        UiFixture.openLesson(robot, workbench, "16");
        eventually("the limit shown with the question open", SETTLE_SECONDS, () -> {
            Snapshot s = UiFixture.latest(workbench);
            if (s.limit() == null || !s.limitCurrent()) {
                return "the limit is being analysed";
            }
            String detail = robot.lookup("#limitDetail").queryLabeled().getText();
            return detail.contains(Phrases.limit(s.limit())) ? null : "the side panel says '" + detail + "'";
        });
        onFx(() -> {
            assertNull(workbench.lessons().result(), "the question is still open");
            assertEquals(Set.of(), workbench.model().hidden(), "nothing hidden");
            assertFalse(Double.isNaN(UiFixture.dtSlider(robot).markValue("limitMark")), "the slider's limit mark");
            return null;
        });
    }
}
