package dev.hooke.fx.ui;

import static dev.hooke.Tolerances.SETTLE_SECONDS;
import static dev.hooke.fx.ui.UiFixture.eventually;
import static dev.hooke.fx.ui.UiFixture.onFx;
import static dev.hooke.fx.ui.UiFixture.waitFor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.scene.SceneType;
import dev.hooke.fx.Workbench;
import dev.hooke.fx.controls.ParameterSlider;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.chart.NumberAxis;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;

/**
 * No bar changes its size while a person works: a lesson's highlight of the controls a step uses
 * takes no room (the tool bar, the status bar and each highlighted control keep their sizes), the
 * status bar keeps its height as its solver and tearing items come and go, and the sliders' tick
 * labels never run into each other, highlighted or in large type, nor stay behind as a second,
 * stale set when the type size changes.
 */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class SteadyBarsUiTest {

    /** The ids of the side panel's sliders. */
    private static final List<String> SLIDERS = List.of("dt", "ks", "kd", "mass", "gravity", "airDamping");

    private Workbench workbench;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        // a projector's window: the side panel beside the view only from 1500 px on
        workbench = UiFixture.show(stage, SceneType.SPRING, 1600, 900);
    }

    @Stop
    void stop() {
        workbench.close();
    }

    private double height(String id) {
        return onFx(() -> workbench.root().lookup(id).getLayoutBounds().getHeight());
    }

    /** The layout size (width × height) of each node named, by id. */
    private Map<String, String> sizes(Set<String> ids) {
        return onFx(() -> {
            Map<String, String> out = new LinkedHashMap<>();
            for (String id : ids) {
                Bounds b = workbench.root().lookup("#" + id).getLayoutBounds();
                out.put(id, b.getWidth() + " × " + b.getHeight());
            }
            return out;
        });
    }

    /** Opens lesson 3 and plays its steps until one highlights controls; returns their ids. */
    private Set<String> highlightAStep(FxRobot robot) {
        UiFixture.openLesson(robot, workbench, "03");
        int steps = workbench.lessons().session().lesson().steps().size();
        for (int i = 0; i < steps; i++) {
            Set<String> ids = onFx(() -> workbench.lessons().highlightedControls());
            if (!ids.isEmpty()) {
                waitFor("the highlight", () -> workbench.root().lookup("#" + ids.iterator().next())
                        .getStyleClass().contains("lesson-highlight"));
                return ids;
            }
            UiFixture.playStep(robot, workbench);
            robot.interact(() -> workbench.lessons().next());
        }
        throw new AssertionError("no step of lesson 3 highlights a control");
    }

    /**
     * Lesson 3 highlights the controls a step uses: each keeps its size, the tool bar and the
     * status bar their heights, and a highlighted slider's tick labels stay apart.
     */
    @Test
    void aHighlightTakesNoRoom(FxRobot robot) {
        Set<String> all = new java.util.LinkedHashSet<>(dev.hooke.fx.lesson.LessonPanel.CONTROL_IDS);
        Map<String, String> before = sizes(all);
        double toolbar = height("#toolbar");
        double status = height("#statusBar");
        Set<String> lit = highlightAStep(robot);
        Map<String, String> after = sizes(all);
        onFx(() -> TextLayout.snapshot(workbench.root().getScene(), "highlight"));      // to be looked at
        for (String id : lit) {
            assertEquals(before.get(id), after.get(id), "#" + id + " highlighted keeps its size");
        }
        assertEquals(toolbar, height("#toolbar"), "the tool bar's height with " + lit + " highlighted");
        assertEquals(status, height("#statusBar"), "the status bar's height with " + lit + " highlighted");
        for (String id : lit) {
            if (SLIDERS.contains(id)) {
                assertNull(onFx(() -> overlap(id)), "#" + id + " highlighted");
            }
        }
    }

    /**
     * The status bar's height stays as its items come and go: the solver's statistics under
     * implicit Euler, the torn springs' count on a cloth that can tear, neither on the spring.
     */
    @Test
    void theStatusBarKeepsItsHeightAsItsItemsComeAndGo(FxRobot robot) {
        double status = height("#statusBar");
        double toolbar = height("#toolbar");
        robot.interact(() -> workbench.model().integratorProperty().set(IntegratorKind.IMPLICIT_EULER));
        robot.clickOn("#playButton");
        eventually("the solver's statistics in the status bar", SETTLE_SECONDS, () ->
                !robot.lookup("#solverStatus").queryAs(javafx.scene.control.Label.class).getText().isEmpty()
                        ? null : "no solver statistics yet");
        assertEquals(status, height("#statusBar"), "with the solver's statistics");
        robot.clickOn("#playButton");
        UiFixture.chooseScene(robot, SceneType.CLOTH);
        waitFor("the cloth", () -> workbench.runner().latest().topology().type() == SceneType.CLOTH);
        robot.interact(() -> {
            robot.lookup("#sceneTearStrain").queryAs(javafx.scene.control.TextField.class).setText("0.05");
            robot.lookup("#sceneApply").queryAs(javafx.scene.control.Button.class).fire();
        });
        waitFor("the torn springs' count", () -> robot.lookup("#tornLabel").query().isVisible());
        assertEquals(status, height("#statusBar"), "with the torn springs' count");
        robot.interact(() -> workbench.model().integratorProperty().set(IntegratorKind.SYMPLECTIC_EULER));
        UiFixture.chooseScene(robot, SceneType.SPRING);
        waitFor("the spring", () -> workbench.runner().latest().topology().type() == SceneType.SPRING
                && !robot.lookup("#tornLabel").query().isVisible());
        assertEquals(status, height("#statusBar"), "with neither");
        assertEquals(toolbar, height("#toolbar"), "the tool bar throughout");
    }

    /**
     * At a projector's 1280 × 720, with the side panel in its drawer: switching to large type and
     * back leaves each slider one set of tick labels (none of the old type size stays behind, not
     * even for the frames right after the switch), and no two of them overlap in either type size.
     */
    @Test
    void largeTypeLeavesOneSetOfTickLabelsThatNeverOverlap(FxRobot robot) {
        robot.interact(() -> {
            stage.setWidth(1280);
            stage.setHeight(720);
        });
        var drawer = robot.lookup("#drawerButton").queryAs(javafx.scene.control.ToggleButton.class);
        waitFor("the drawer's button", drawer::isVisible);
        robot.clickOn(drawer);
        waitFor("the drawer open", () -> drawer.isSelected() && workbench.root().lookup("#dt").getScene() != null
                && !tickLabels("dt").isEmpty());
        Map<String, Integer> before = new LinkedHashMap<>();
        for (String id : SLIDERS) {
            before.put(id, onFx(() -> tickLabels(id).size()));
            assertNull(onFx(() -> overlap(id)), "#" + id + " in normal type");
        }
        for (boolean large : new boolean[] {true, false}) {
            UiFixture.scrollToAndClick(robot, "#largeTypeToggle .thumb-area");
            waitFor(large ? "large type" : "normal type",
                    () -> workbench.root().getStyleClass().contains("large-type") == large);
            String what = large ? " right after large type" : " right after normal type";
            for (String id : SLIDERS) {
                // no stale labels of the type size before beside the new ones
                String ghost = onFx(() -> {
                    long marks = axis(id).getTickMarks().stream().filter(m -> m.isTextVisible()).count();
                    int shown = tickLabels(id).size();
                    return shown <= marks ? null : shown + " tick labels shown for " + marks + " ticks";
                });
                assertNull(ghost, "#" + id + what);
                assertNull(onFx(() -> overlap(id)), "#" + id + what);
            }
        }
        for (String id : SLIDERS) {
            assertEquals(before.get(id), onFx(() -> tickLabels(id).size()), "#" + id + " back in normal type");
        }
    }

    private NumberAxis axis(String id) {
        ParameterSlider s = (ParameterSlider) workbench.root().lookup("#" + id);
        return (NumberAxis) s.slider().lookup(".axis");
    }

    /** The tick labels of slider {@code id} a person sees: shown, not transparent. */
    private List<Text> tickLabels(String id) {
        List<Text> out = new ArrayList<>();
        for (Node n : axis(id).getChildrenUnmodifiable()) {
            if (n instanceof Text t && t.isVisible() && t.getOpacity() > 0 && t.getText() != null && !t.getText().isEmpty()) {
                out.add(t);
            }
        }
        return out;
    }

    /** Two tick labels of slider {@code id} that overlap, or null. */
    private String overlap(String id) {
        List<Text> labels = tickLabels(id);
        assertFalse(labels.isEmpty(), "#" + id + " has tick labels");
        for (int i = 0; i < labels.size(); i++) {
            for (int j = i + 1; j < labels.size(); j++) {
                Bounds a = labels.get(i).getBoundsInParent();
                Bounds b = labels.get(j).getBoundsInParent();
                if (a.intersects(b)) {
                    return "\"" + labels.get(i).getText() + "\" " + a + " and \"" + labels.get(j).getText() + "\" " + b;
                }
            }
        }
        return null;
    }
}
