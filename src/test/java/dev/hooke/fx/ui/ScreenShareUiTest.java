package dev.hooke.fx.ui;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.scene.SceneType;
import dev.hooke.fx.I18n;
import dev.hooke.fx.Workbench;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.ScrollBar;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;

/**
 * The simulation first, on the screens classrooms project: at 1024 × 768, 1280 × 720 and
 * 1920 × 1080, in normal and large type, in English and Chinese, with the rope running, the 3D
 * view covers at least {@value #VIEW_SHARE} of the window, no scroll bar shows (but for the side
 * panel's, which scrolls its controls up and down), the status bar
 * and the timeline are one line each, and no text overlaps another or is cut.
 */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class ScreenShareUiTest {

    /** The least share of the window's area the view covers. */
    static final double VIEW_SHARE = 0.45;
    /** A bar of one line is at most this many times as tall as the tallest text in it. */
    private static final double ONE_LINE = 1.9;

    @RegisterExtension
    final UiWindow window = new UiWindow();
    private Workbench workbench;

    /** The columns of controls that scroll up and down by design (a lesson's text, the side panel). */
    private static final java.util.Set<String> COLUMNS = java.util.Set.of("sidePanel", "lessonPanel");

    /** The scroll bars shown in {@code n}'s tree, but for the vertical ones of {@link #COLUMNS}. */
    private static void scrollBars(Node n, List<String> out) {
        if (!n.isVisible()) {
            return;
        }
        if (n instanceof ScrollBar b && !(b.getOrientation() == javafx.geometry.Orientation.VERTICAL
                && b.getParent() != null && COLUMNS.contains(b.getParent().getId())) && b.getWidth() > 0 && b.getHeight() > 0 && b.getVisibleAmount() < b.getMax() - b.getMin()) {
            out.add(b.getOrientation() + " scroll bar in " + (b.getParent() == null ? "?" : b.getParent().getId()));
        }
        if (n instanceof javafx.scene.Parent p) {
            for (Node c : p.getChildrenUnmodifiable()) {
                scrollBars(c, out);
            }
        }
    }

    /** Whether {@code bar} is one line: no taller than {@link #ONE_LINE} times its tallest label. */
    private static String oneLine(Node bar, String name) {
        double tallest = 0;
        for (Node n : bar.lookupAll(".label")) {
            if (n.isVisible() && n instanceof javafx.scene.control.Label l && !l.getText().isEmpty()) {
                tallest = Math.max(tallest, l.getHeight());
            }
        }
        double h = bar.getLayoutBounds().getHeight();
        return tallest > 0 && h > ONE_LINE * tallest ? name + " is " + Math.round(h) + " px tall, its texts "
                + Math.round(tallest) + " px: more than one line" : null;
    }

    /** The toolbar's items a class needs at every size: the run's buttons, the scene and Reset view. */
    private static final List<String> TOOLBAR_ESSENTIALS =
            List.of("playButton", "stepButton", "resetButton", "sceneChoice", "resetViewButton");

    /**
     * What is wrong with the toolbar: an essential item hidden (as a tool bar hides what does not
     * fit behind "»"), or drawn outside the window, or the bar taller than one line of its buttons.
     */
    private static List<String> toolbarProblems(Scene scene, boolean compact) {
        List<String> out = new ArrayList<>();
        Node bar = scene.lookup("#toolbar");
        List<String> ids = new ArrayList<>(TOOLBAR_ESSENTIALS);
        if (compact) {
            ids.add("drawerButton");
        }
        double tallest = 0;
        for (String id : ids) {
            Node n = bar.lookup("#" + id);
            if (n == null || !n.isVisible() || !n.getParent().isVisible()) {
                out.add("the toolbar does not show " + id);
                continue;
            }
            Bounds b = n.localToScene(n.getLayoutBounds());
            if (b.getMinX() < 0 || b.getMaxX() > scene.getWidth()) {
                out.add("the toolbar's " + id + " is outside the window: " + b);
            }
            tallest = Math.max(tallest, b.getHeight());
        }
        if (bar.getLayoutBounds().getHeight() > 1.6 * tallest) {
            out.add("the toolbar is " + Math.round(bar.getLayoutBounds().getHeight()) + " px tall, its buttons "
                    + Math.round(tallest) + " px: more than one line");
        }
        return out;
    }

    @ParameterizedTest(name = "{0}×{1}, large type {2}, {3}")
    @CsvSource({
        "1024, 768, false, en", "1024, 768, true, en", "1024, 768, true, zh",
        "1280, 720, false, en", "1280, 720, true, en", "1280, 720, true, zh", "1280, 720, false, zh",
        "1920, 1080, false, en", "1920, 1080, true, en", "1920, 1080, true, zh"})
    void theViewIsTheBiggestThingOnTheScreen(int width, int height, boolean large, String language, FxRobot robot) {
        robot.interact(() -> {
            workbench = window.show(SceneType.CHAIN, width, height);
            I18n.setLocale("zh".equals(language) ? I18n.CHINESE : I18n.ENGLISH);
            workbench.model().largeTypeProperty().set(large);
            workbench.model().togglePlay();
        });
        UiFixture.waitFor("the rope running", () -> UiFixture.latest(workbench).time() > 0.5
                && workbench.chart().samples().size() > 3);
        AtomicReference<List<String>> problems = new AtomicReference<>();
        robot.interact(() -> {
            Scene scene = workbench.root().getScene();
            scene.getRoot().applyCss();
            scene.getRoot().layout();
            List<String> out = new ArrayList<>();
            Node view = workbench.view().node();
            Bounds b = view.localToScene(view.getLayoutBounds());
            double share = b.getWidth() * b.getHeight() / (scene.getWidth() * scene.getHeight());
            if (share < VIEW_SHARE) {
                out.add(String.format("the view covers %.2f of the window (%.0f × %.0f px)", share, b.getWidth(),
                        b.getHeight()));
            }
            scrollBars(scene.getRoot(), out);
            for (String p : new String[] {oneLine(scene.lookup("#statusBar"), "the status bar"),
                    oneLine(scene.lookup("#timelineBar"), "the timeline")}) {
                if (p != null) {
                    out.add(p);
                }
            }
            out.addAll(toolbarProblems(scene, workbench.isCompact()));
            out.addAll(TextLayout.problems(scene));
            try {
                TextLayout.snapshot(scene, "share-" + width + "x" + height + (large ? "-large" : "") + "-" + language);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            problems.set(out);
        });
        assertAll(() -> assertTrue(problems.get().isEmpty(), problems.get().size() + " problems at " + width + "×"
                + height + (large ? " in large type" : "") + ", " + language + ":\n" + String.join("\n", problems.get())));
    }
}
