package dev.hooke.fx.ui;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.scene.SceneType;
import dev.hooke.fx.Workbench;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.chart.XYChart;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;

/**
 * Projector mode (large type) at the sizes projectors show, 1280×720 and 1920×1080: the whole
 * workbench with a running scene, then with a lesson open. Each window is written to
 * {@code target/screenshots/} to be looked at, and its texts are checked by {@link TextLayout}:
 * no two overlap, none is cut or shortened, and every chart keeps its legend.
 */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class ProjectorModeUiTest {

    /** Simulated time the charts get before the window is checked; in s. */
    private static final double RUN_SECONDS = 1.5;
    /** Fewer texts than this would mean the walk missed the window's texts, not that it is clean. */
    private static final int MIN_TEXTS = 40;

    @RegisterExtension
    final UiWindow window = new UiWindow();
    private Workbench workbench;

    @ParameterizedTest(name = "{0}×{1}")
    @CsvSource({"1280, 720", "1920, 1080"})
    void runningChainIsLaidOutCleanly(int width, int height, FxRobot robot) throws Exception {
        open(robot, width, height);
        run(robot);
        check(robot, "projector-chain-" + width + "x" + height, width, height);
    }

    @ParameterizedTest(name = "{0}×{1}")
    @CsvSource({"1280, 720", "1920, 1080"})
    void lessonIsLaidOutCleanly(int width, int height, FxRobot robot) throws Exception {
        open(robot, width, height);
        UiFixture.openLesson(robot, workbench, "01");
        run(robot);
        check(robot, "projector-lesson-" + width + "x" + height, width, height);
    }

    /**
     * An export's error dialog (the flat view has no 3D image to export) takes large type from
     * the window: a dialog is a window of its own, which the window's style class does not reach.
     */
    @ParameterizedTest(name = "{0}×{1}")
    @CsvSource({"1280, 720"})
    void dialogTakesLargeType(int width, int height, FxRobot robot) {
        open(robot, width, height);
        org.junit.jupiter.api.Assumptions.assumeFalse(workbench.view().is3D(), "the PNG export fails only without 3D");
        robot.interact(() -> workbench.exports().export(dev.hooke.fx.io.Exports.Kind.PNG,
                java.nio.file.Path.of("target", "screenshots", "never.png")));
        UiFixture.waitFor("the error dialog", () -> robot.lookup("#exportError").tryQuery().isPresent());
        AtomicReference<double[]> fonts = new AtomicReference<>();
        AtomicReference<List<String>> problems = new AtomicReference<>();
        AtomicReference<List<String>> classes = new AtomicReference<>();
        robot.interact(() -> {
            javafx.scene.control.DialogPane pane = robot.lookup("#exportError").queryAs(javafx.scene.control.DialogPane.class);
            classes.set(List.copyOf(pane.getStyleClass()));
            javafx.scene.text.Text content = (javafx.scene.text.Text) pane.lookup(".content").lookup(".text");
            javafx.scene.text.Text status = (javafx.scene.text.Text) workbench.root().lookup("#timeLabel").lookup(".text");
            fonts.set(new double[] {content.getFont().getSize(), status.getFont().getSize()});
            problems.set(TextLayout.problems(pane.getScene()));
            pane.getScene().getWindow().hide();
        });
        assertAll(
                () -> assertTrue(classes.get().contains("large-type"), "the dialog's style classes " + classes.get()),
                // the dialog's text is as large as the window's in large type, not the platform's default
                () -> assertTrue(fonts.get()[0] >= 0.9 * fonts.get()[1], "dialog font " + fonts.get()[0]
                        + " px against the status bar's " + fonts.get()[1] + " px"),
                () -> assertTrue(problems.get().isEmpty(), String.join("\n", problems.get())));
    }

    /** View › Large type turns large type on and off, as the side panel's switch does. */
    @org.junit.jupiter.api.Test
    void theViewMenuTurnsLargeTypeOnAndOff(FxRobot robot) {
        robot.interact(() -> workbench = window.show(SceneType.CHAIN, 1280, 720));
        for (boolean on : new boolean[] {true, false}) {
            robot.clickOn(dev.hooke.fx.I18n.text("menu.view"));
            robot.clickOn("#menuLargeType");
            UiFixture.waitFor("large type " + (on ? "on" : "off"),
                    () -> workbench.root().getStyleClass().contains("large-type") == on
                            && robot.lookup("#largeTypeToggle").queryAs(org.controlsfx.control.ToggleSwitch.class).isSelected() == on);
        }
    }

    /** The workbench on the chain at {@code width} × {@code height}, in large type. */
    private void open(FxRobot robot, int width, int height) {
        robot.interact(() -> {
            workbench = window.show(SceneType.CHAIN, width, height);
            workbench.model().largeTypeProperty().set(true);
        });
        UiFixture.waitFor("large type on the window", () -> workbench.root().getStyleClass().contains("large-type"));
    }

    /** Plays until the charts have {@link #RUN_SECONDS} of data, and leaves it playing. */
    private void run(FxRobot robot) {
        robot.interact(() -> workbench.model().togglePlay());
        UiFixture.waitFor("the charts' data", () -> UiFixture.latest(workbench).time() > RUN_SECONDS
                && workbench.chart().samples().size() > 3);
    }

    private void check(FxRobot robot, String name, int width, int height) throws Exception {
        AtomicReference<List<String>> problems = new AtomicReference<>();
        AtomicReference<Integer> count = new AtomicReference<>();
        AtomicReference<List<String>> legendless = new AtomicReference<>();
        AtomicReference<File> file = new AtomicReference<>();
        AtomicReference<double[]> size = new AtomicReference<>();
        robot.interact(() -> {
            Scene scene = workbench.root().getScene();
            // what the last frame wrote is laid out as the next pulse would, before it is measured
            scene.getRoot().applyCss();
            scene.getRoot().layout();
            size.set(new double[] {scene.getWidth(), scene.getHeight()});
            List<TextLayout.Shown> texts = TextLayout.shownTexts(scene);
            count.set(texts.size());
            problems.set(TextLayout.problems(scene));
            List<String> missing = new ArrayList<>();
            for (XYChart<?, ?> chart : UiFixture.shownCharts(workbench)) {
                Node legend = chart.lookup(".chart-legend");
                // a chart scrolled out of view keeps its legend too: its texts need not be in view
                boolean shown = chart.isLegendVisible() && legend != null && legend.isVisible()
                        && !legend.lookupAll(".text").stream().filter(n -> n instanceof javafx.scene.text.Text t
                                && !t.getText().isEmpty() && t.isVisible()).toList().isEmpty();
                if (!shown) {
                    missing.add(chart.getId() + " (" + String.join(".", chart.getStyleClass()) + ")");
                }
            }
            legendless.set(missing);
            try {
                file.set(TextLayout.snapshot(scene, name));
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        assertAll(name,
                () -> assertEquals(width, size.get()[0], "the window's width"),
                () -> assertEquals(height, size.get()[1], "the window's height"),
                () -> assertTrue(file.get().length() > 0, "a snapshot in " + file.get()),
                () -> assertTrue(count.get() >= MIN_TEXTS, "texts found: " + count.get()),
                () -> assertTrue(legendless.get().isEmpty(), "charts without a legend: " + legendless.get()),
                () -> assertTrue(problems.get().isEmpty(), problems.get().size() + " problems at " + width + "×"
                        + height + ":\n" + String.join("\n", problems.get())));
    }
}
