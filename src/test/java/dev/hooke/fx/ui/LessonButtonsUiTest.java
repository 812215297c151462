package dev.hooke.fx.ui;

import static dev.hooke.fx.ui.UiFixture.onFx;
import static dev.hooke.fx.ui.UiFixture.waitFor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.scene.SceneType;
import dev.hooke.fx.I18n;
import dev.hooke.fx.Workbench;
import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.ButtonBase;
import javafx.scene.control.ScrollPane;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;

/**
 * A lesson's Back, Run step and Next on a projector's 1280 × 720 in large type: after a step has
 * run and its checks and sweep fill the panel, the buttons are still in sight (below the scrolled
 * text, not scrolled out of it), a click on Next goes on to the next step and ⋯ › Restart back
 * to the first.
 */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class LessonButtonsUiTest {

    @RegisterExtension
    final UiWindow window = new UiWindow();
    private Workbench workbench;

    /** What keeps {@code id}'s button from being seen: outside the window, or outside its scroll pane's viewport. */
    private String hidden(String id) {
        Node n = workbench.root().lookup("#" + id);
        List<String> out = new ArrayList<>();
        if (!(n instanceof ButtonBase b) || !b.isVisible() || b.getScene() == null) {
            return "#" + id + " is not drawn";
        }
        Bounds r = n.localToScene(n.getLayoutBounds());
        double w = n.getScene().getWidth();
        double h = n.getScene().getHeight();
        if (r.getMinX() < 0 || r.getMinY() < 0 || r.getMaxX() > w || r.getMaxY() > h) {
            out.add("#" + id + " " + r + " leaves the window " + w + " × " + h);
        }
        for (Node p = n.getParent(); p != null; p = p.getParent()) {
            if (p instanceof ScrollPane s) {
                Bounds v = s.localToScene(s.getLayoutBounds());
                if (!v.contains(r)) {
                    out.add("#" + id + " " + r + " is scrolled out of the panel's visible part " + v);
                }
            }
        }
        return out.isEmpty() ? null : String.join("; ", out);
    }

    @ParameterizedTest(name = "lesson {0}")
    @ValueSource(strings = {"03", "16"})
    void afterAStepHasRunNextIsInSightAndGoesOn(String lesson, FxRobot robot) {
        robot.interact(() -> {
            workbench = window.show(SceneType.SPRING, 1280, 720);
            workbench.model().largeTypeProperty().set(true);
        });
        UiFixture.openLesson(robot, workbench, lesson);
        UiFixture.playStep(robot, workbench);
        List<String> problems = onFx(() -> {
            workbench.root().applyCss();
            workbench.root().layout();
            List<String> out = new ArrayList<>();
            for (String id : List.of("lessonBack", "lessonRun", "lessonNext")) {
                String p = hidden(id);
                if (p != null) {
                    out.add(p);
                }
            }
            try {
                TextLayout.snapshot(workbench.root().getScene(), "lesson-" + lesson + "-played-1280x720-large");
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            return out;
        });
        assertTrue(problems.isEmpty(), String.join("\n", problems));
        robot.clickOn("#lessonNext");
        waitFor("the next step", () -> workbench.lessons().stepIndex() == 1);
        assertEquals(I18n.text("lesson.stepOf", 2, workbench.lessons().session().lesson().steps().size()),
                UiFixture.text(robot, "#lessonStepLabel"));
        assertNull(onFx(() -> hidden("lessonMore")), "⋯ is in sight with the step's buttons");

        // ⋯ › Restart goes back to the lesson's first step
        robot.clickOn("#lessonMore");
        robot.clickOn(I18n.text("lesson.restart"));
        waitFor("the first step again", () -> workbench.lessons().stepIndex() == 0 && !workbench.lessons().isBusy());
        assertNull(workbench.lessons().result(), "the restarted lesson's first step has not run");
    }
}
