package dev.hooke.fx.ui;

import static dev.hooke.fx.ui.UiFixture.onFx;
import static dev.hooke.fx.ui.UiFixture.waitFor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.scene.SceneFile;
import dev.hooke.core.scene.SceneType;
import dev.hooke.fx.I18n;
import dev.hooke.fx.Settings;
import dev.hooke.fx.Workbench;
import java.util.List;
import java.util.UUID;
import java.util.prefs.BackingStoreException;
import java.util.prefs.Preferences;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Presenter mode, as a teacher uses it: F5 (or View › Presenter) turns the window into what a
 * class watches: full screen, the view large, one chart, Δt and the limit in big type over the
 * view, the side panel in its closed drawer, the timeline away; F5 or Esc brings the workbench
 * back; the next start opens as the last one ended.
 */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class PresenterModeUiTest {

    /** The share of the window the view covers at least in presenter mode. */
    private static final double PRESENTER_VIEW_SHARE = 0.6;
    /** How many times the status bar's type the readout's is at least: big, read from the back row. */
    private static final double BIG_TYPE = 1.5;

    private final Preferences node = Preferences.userRoot().node("dev/hooke/test/" + UUID.randomUUID());
    private Stage stage;
    private Workbench workbench;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    @AfterEach
    void close(FxRobot robot) throws BackingStoreException {
        robot.interact(() -> {
            if (workbench != null) {
                workbench.close();
            }
            stage.setFullScreen(false);
            I18n.setLocale(I18n.ENGLISH);
        });
        node.removeNode();
    }

    private static Label label(Scene scene, String id) {
        return (Label) scene.lookup("#" + id);
    }

    private static boolean shown(Node n) {
        for (Node p = n; p != null; p = p.getParent()) {
            if (!p.isVisible()) {
                return false;
            }
        }
        return n.getScene() != null;
    }

    private CheckMenuItem presenterItem() {
        MenuBar bar = (MenuBar) workbench.root().getScene().lookup("#menuBar");
        for (Menu m : bar.getMenus()) {
            for (MenuItem i : m.getItems()) {
                if ("menuPresenter".equals(i.getId())) {
                    return (CheckMenuItem) i;
                }
            }
        }
        throw new AssertionError("View has no Presenter item");
    }

    @Test
    void f5PresentsTheRunAndEscBringsTheWorkbenchBack(FxRobot robot) {
        robot.interact(() -> {
            workbench = UiFixture.show(stage, SceneType.CHAIN, 1280, 720);
            workbench.model().largeTypeProperty().set(true);
            workbench.model().togglePlay();
        });
        waitFor("the rope running", () -> UiFixture.latest(workbench).time() > 0.3);
        robot.clickOn(workbench.view().node());
        robot.type(KeyCode.F5);
        waitFor("presenter mode", () -> workbench.model().presenterProperty().get() && stage.isFullScreen());

        onFx(() -> {
            Scene scene = workbench.root().getScene();
            scene.getRoot().applyCss();
            scene.getRoot().layout();
            assertTrue(presenterItem().isSelected(), "View › Presenter is ticked");
            assertTrue(workbench.isCompact(), "one chart strip and the side panel a drawer");
            assertFalse(shown(scene.lookup("#sidePanel")), "the side panel is hidden");
            assertFalse(shown(scene.lookup("#timelineBar")), "the timeline is away");
            Node view = workbench.view().node();
            Bounds b = view.localToScene(view.getLayoutBounds());
            double share = b.getWidth() * b.getHeight() / (scene.getWidth() * scene.getHeight());
            assertTrue(share >= PRESENTER_VIEW_SHARE, "the view covers " + share + " of the screen");

            Label dt = label(scene, "presenterDt");
            Label limit = label(scene, "presenterLimit");
            assertTrue(shown(dt) && shown(limit), "Δt and the limit are shown over the view");
            assertEquals(label(scene, "dtLabel").getText(), dt.getText(), "the big Δt says what the status bar says");
            assertEquals(label(scene, "limitLabel").getText(), limit.getText(), "the big limit too");
            assertTrue(dt.getText().contains("0.005"), dt.getText());
            assertTrue(dt.getFont().getSize() >= BIG_TYPE * label(scene, "dtLabel").getFont().getSize(),
                    "big type: " + dt.getFont().getSize() + " px");
            Bounds r = dt.localToScene(dt.getLayoutBounds());
            assertTrue(b.contains(r.getMinX(), r.getMinY()) && b.contains(r.getMaxX(), r.getMaxY()),
                    "the readout lies on the view: " + r + " in " + b);
            List<String> problems = TextLayout.problems(scene);
            assertEquals(List.of(), problems, "texts in presenter mode");
            try {
                TextLayout.snapshot(scene, "presenter-1280x720-large");
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            return null;
        });

        // Esc leaves full screen, and presenter mode with it
        robot.type(KeyCode.ESCAPE);
        onFx(() -> {
            stage.setFullScreen(false);         // Monocle has no window manager to take Esc out of full screen
            return null;
        });
        waitFor("the workbench back", () -> !workbench.model().presenterProperty().get());
        onFx(() -> {
            Scene scene = workbench.root().getScene();
            assertFalse(presenterItem().isSelected(), "View › Presenter unticked");
            assertTrue(shown(scene.lookup("#timelineBar")), "the timeline is back");
            assertFalse(shown(scene.lookup("#presenterDt")), "no big readout");
            return null;
        });

        // and F5 both ways
        robot.type(KeyCode.F5);
        waitFor("presenter mode again", () -> workbench.model().presenterProperty().get() && stage.isFullScreen());
        robot.type(KeyCode.F5);
        waitFor("the workbench again", () -> !workbench.model().presenterProperty().get() && !stage.isFullScreen());
    }

    /**
     * With explicit Euler, whose limit is the longest text ("unstable at every Δt …"), the big
     * readout keeps to the view's left corner: at most {@value #READOUT_MOST} of the view's width,
     * its texts wrapped and whole, clear of the mesh framed in the view's middle.
     */
    @Test
    void aLongLimitWrapsInTheViewsCorner(FxRobot robot) {
        robot.interact(() -> {
            workbench = UiFixture.show(stage, SceneType.CHAIN, 1280, 720);
            workbench.model().largeTypeProperty().set(true);
        });
        robot.clickOn(workbench.view().node());
        robot.type(KeyCode.DIGIT1);
        robot.type(KeyCode.F5);
        waitFor("presenter mode with explicit Euler's limit", () -> workbench.model().presenterProperty().get()
                && UiFixture.latest(workbench).limit() != null && UiFixture.latest(workbench).limit().unstableAtEveryDt()
                && label(workbench.root().getScene(), "presenterLimit").getText().contains("every"));
        onFx(() -> {
            Scene scene = workbench.root().getScene();
            scene.getRoot().applyCss();
            scene.getRoot().layout();
            Node view = workbench.view().node();
            Bounds v = view.localToScene(view.getLayoutBounds());
            Node readout = scene.lookup("#presenterReadout");
            Bounds r = readout.localToScene(readout.getLayoutBounds());
            assertTrue(r.getWidth() <= READOUT_MOST * v.getWidth(), "the readout " + r + " spans more than "
                    + READOUT_MOST + " of the view " + v);
            assertTrue(v.contains(r), "the readout " + r + " lies on the view " + v);
            assertEquals(List.of(), TextLayout.problems(scene), "texts in presenter mode");
            return null;
        });
    }

    /** The most of the view's width the big readout may take. */
    private static final double READOUT_MOST = 0.34;

    @Test
    void theNextStartPresentsAsTheLastOneEnded(FxRobot robot) {
        robot.interact(() -> {
            workbench = UiFixture.show(stage, SceneType.CHAIN, 1280, 720);
            workbench.model().presenterProperty().set(true);
        });
        waitFor("presenter mode", () -> stage.isFullScreen());
        onFx(() -> {
            new Settings(node).save(workbench, stage);
            workbench.close();
            workbench = null;
            stage.setFullScreen(false);
            return null;
        });
        waitFor("out of full screen", () -> !stage.isFullScreen());

        // the next start, as HookeApp makes it
        onFx(() -> {
            Settings settings = new Settings(node);
            workbench = new Workbench(SceneFile.defaults(SceneType.CHAIN));
            Scene scene = new Scene(workbench.root(), 1280, 720);
            workbench.installShortcuts(scene);
            workbench.setSettings(settings);
            settings.applyTo(workbench);
            stage.setScene(scene);
            stage.show();
            return null;
        });
        waitFor("presenting again", () -> workbench.model().presenterProperty().get() && stage.isFullScreen()
                && shown(workbench.root().getScene().lookup("#presenterDt")));

        // View › Reset settings ends it
        robot.clickOn(I18n.text("menu.view"));
        robot.clickOn("#menuResetSettings");
        waitFor("the workbench", () -> !workbench.model().presenterProperty().get() && !stage.isFullScreen());
    }
}
