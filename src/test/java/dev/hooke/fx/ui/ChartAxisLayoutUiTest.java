package dev.hooke.fx.ui;

import static dev.hooke.Tolerances.UI_TIMEOUT_SECONDS;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.scene.SceneType;
import dev.hooke.fx.Workbench;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.chart.Axis;
import javafx.scene.chart.LineChart;
import javafx.scene.control.Label;
import javafx.scene.text.Text;
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
 * The charts' value axes at the window's default size: the rotated axis label lies beside the
 * tick labels, never over them (the stability chart's log axis once measured its tick labels with
 * the default format, narrower than the ones it drew).
 */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class ChartAxisLayoutUiTest {

    private Workbench workbench;

    @Start
    void start(Stage stage) {
        workbench = UiFixture.show(stage, SceneType.CHAIN, 1600, 1000);
    }

    @Stop
    void stop() {
        workbench.close();
    }

    @Test
    void axisLabelsDoNotCoverTickLabels(FxRobot robot) throws Exception {
        robot.clickOn("#playButton");
        WaitForAsyncUtils.waitFor(UI_TIMEOUT_SECONDS, TimeUnit.SECONDS,
                () -> workbench.charts().stability().series().get(0).getData().size() > 3);
        robot.clickOn("#playButton");
        WaitForAsyncUtils.waitForFxEvents();
        for (LineChart<Number, Number> chart : List.of(workbench.charts().stability().node(), workbench.chart().node())) {
            AtomicReference<List<String>> overlaps = new AtomicReference<>();
            AtomicReference<Integer> ticks = new AtomicReference<>();
            robot.interact(() -> {
                Axis<Number> axis = chart.getYAxis();
                Label label = (Label) axis.lookup(".axis-label");
                Bounds labelBounds = label.getBoundsInParent();
                List<String> found = new ArrayList<>();
                int n = 0;
                for (Node child : axis.getChildrenUnmodifiable()) {
                    if (child instanceof Text && child.isVisible()) {
                        n++;
                        if (child.getBoundsInParent().intersects(labelBounds)) {
                            found.add(((Text) child).getText());
                        }
                    }
                }
                overlaps.set(found);
                ticks.set(n);
            });
            assertTrue(ticks.get() >= 2, chart.getId() + ": the value axis shows tick labels");
            assertTrue(overlaps.get().isEmpty(), chart.getId() + ": axis label covers ticks " + overlaps.get());
        }
    }
}
