package dev.hooke.fx.ui;

import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.embed.swing.SwingFXUtils;
import javafx.geometry.BoundingBox;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Labeled;
import javafx.scene.control.ScrollPane;
import javafx.scene.image.WritableImage;
import javafx.scene.text.Text;
import javax.imageio.ImageIO;

/**
 * What a window's texts look like laid out: each visible {@link Text} node (a label's, a tick
 * label, a legend's, a title…) must stand clear of every other and be shown whole, neither cut by
 * the window or a clipping container nor shortened to an ellipsis. A text that only the scroll of
 * a scroll pane hides is shown whole: scrolling brings it into view.
 *
 * <p>Call {@link #problems} and {@link #snapshot} on the FX thread.
 */
final class TextLayout {

    /**
     * How far two texts' bounds may overlap, or a text reach past what holds it, before it counts;
     * in px. Glyph bounds are rounded to pixels when laid out, so touching texts may share one.
     */
    static final double TOLERANCE_PX = 1.0;

    private TextLayout() {
    }

    /**
     * A text the window shows, with its bounds in the scene's coordinates: all of them, and the
     * part the scroll panes around it leave in view.
     */
    record Shown(Text text, Bounds bounds, Bounds inView) {

        /** The text, the node that owns it (its id or style class) and where it is. */
        String describe() {
            Node owner = text;
            for (Node n = text; n != null; n = n.getParent()) {
                if (n.getId() != null || (n != text && !n.getStyleClass().isEmpty())) {
                    owner = n;
                    break;
                }
            }
            String name = owner.getId() != null ? "#" + owner.getId()
                    : owner.getStyleClass().isEmpty() ? owner.getClass().getSimpleName()
                    : "." + String.join(".", owner.getStyleClass());
            return String.format(Locale.ROOT, "%s \"%s\" at [%.1f, %.1f – %.1f, %.1f]", name,
                    text.getText().replace("\n", "⏎"), bounds.getMinX(), bounds.getMinY(),
                    bounds.getMaxX(), bounds.getMaxY());
        }
    }

    /**
     * Every problem with the texts of {@code scene}, one line each: two texts that overlap, a text
     * that the window or a container cuts, a label showing less than its text. Empty when the
     * texts are all laid out cleanly.
     */
    static List<String> problems(Scene scene) {
        List<Shown> texts = new ArrayList<>();
        List<String> out = new ArrayList<>();
        collect(scene.getRoot(), texts);
        Bounds window = new BoundingBox(0, 0, scene.getWidth(), scene.getHeight());
        for (Shown s : texts) {
            String cut = clipped(s, window);
            if (cut != null) {
                out.add(s.describe() + " " + cut);
            }
        }
        for (int i = 0; i < texts.size(); i++) {
            for (int j = i + 1; j < texts.size(); j++) {
                Shown a = texts.get(i);
                Shown b = texts.get(j);
                if (overlap(a.inView(), b.inView()) && !related(a.text(), b.text())) {
                    out.add(a.describe() + " overlaps " + b.describe());
                }
            }
        }
        return out;
    }

    /** The texts {@code scene} shows (for tests that look for a particular one). */
    static List<Shown> shownTexts(Scene scene) {
        List<Shown> texts = new ArrayList<>();
        collect(scene.getRoot(), texts);
        return texts;
    }

    /**
     * Writes the scene as drawn to {@code target/screenshots/<name>.png} and answers the file.
     */
    static File snapshot(Scene scene, String name) throws IOException {
        WritableImage image = scene.snapshot(null);
        File dir = new File("target/screenshots");
        if (!dir.isDirectory() && !dir.mkdirs()) {
            throw new IOException("cannot make " + dir);
        }
        File file = new File(dir, name + ".png");
        ImageIO.write(SwingFXUtils.fromFXImage(image, null), "png", file);
        return file;
    }

    // ------------------------------------------------------------------ the walk

    /** Adds the texts shown under {@code node}: skips what is invisible, transparent or scrolled out. */
    private static void collect(Node node, List<Shown> texts) {
        if (!node.isVisible() || node.getOpacity() <= 0) {
            return;
        }
        if (node instanceof Text t) {
            if (t.getText() != null && !t.getText().isEmpty()) {
                Bounds b = t.localToScene(t.getBoundsInLocal());
                Bounds inView = inView(t, b);
                if (inView != null) {
                    texts.add(new Shown(t, b, inView));
                }
            }
            return;
        }
        if (node instanceof Parent p) {
            for (Node child : p.getChildrenUnmodifiable()) {
                collect(child, texts);
            }
        }
    }

    /**
     * The part of {@code b} (a text's bounds) that the scroll panes around the text leave in view,
     * or null when they hide all of it: scrolling shows it, nothing hides it for good.
     */
    private static Bounds inView(Text t, Bounds b) {
        Bounds shown = b;
        for (Node n = t.getParent(); n != null; n = n.getParent()) {
            if (n instanceof ScrollPane pane && inContent(pane, t)) {
                shown = intersection(shown, viewport(pane));
                if (shown.getWidth() <= TOLERANCE_PX || shown.getHeight() <= TOLERANCE_PX) {
                    return null;
                }
            }
        }
        return shown;
    }

    /**
     * Null when {@code s} is shown whole; otherwise what cuts it: the window, a clipping ancestor
     * (a scroll pane's viewport only across a direction it cannot scroll in), or its label's ellipsis.
     */
    private static String clipped(Shown s, Bounds window) {
        Bounds b = s.bounds();
        if (!inside(s.inView(), window)) {
            return "reaches out of the window";
        }
        // a labeled's skin draws its text as a child of the labeled: shortened, it ends with an ellipsis
        if (s.text().getParent() instanceof Labeled l && l.getGraphic() != s.text() && l.getText() != null) {
            String full = l.isMnemonicParsing() ? stripMnemonic(l.getText()) : l.getText();
            if (!full.equals(s.text().getText())) {
                return "is shortened to \"" + s.text().getText() + "\" from \"" + full + "\"";
            }
        }
        // beyond a scroll pane, only the part in its viewport counts: scrolling shows the rest
        Bounds shown = b;
        for (Node n = s.text().getParent(); n != null; n = n.getParent()) {
            ScrollPane pane = viewportOf(n);
            if (pane != null && inContent(pane, s.text())) {
                Bounds view = viewport(pane);
                Bounds content = pane.getContent().localToScene(pane.getContent().getLayoutBounds());
                boolean scrollsX = pane.getHbarPolicy() != ScrollPane.ScrollBarPolicy.NEVER
                        && content.getWidth() > view.getWidth() + TOLERANCE_PX;
                boolean scrollsY = pane.getVbarPolicy() != ScrollPane.ScrollBarPolicy.NEVER
                        && content.getHeight() > view.getHeight() + TOLERANCE_PX;
                boolean cutX = shown.getMinX() < view.getMinX() - TOLERANCE_PX || shown.getMaxX() > view.getMaxX() + TOLERANCE_PX;
                boolean cutY = shown.getMinY() < view.getMinY() - TOLERANCE_PX || shown.getMaxY() > view.getMaxY() + TOLERANCE_PX;
                if ((cutX && !scrollsX) || (cutY && !scrollsY)) {
                    return "is cut by the viewport of " + name(pane) + " " + format(view) + ", which cannot scroll to it";
                }
                shown = intersection(shown, view);
            } else if (n.getClip() != null) {
                Bounds clip = n.localToScene(n.getClip().getBoundsInParent());
                if (!inside(shown, clip)) {
                    return "is cut by the clip of " + name(n) + " " + format(clip);
                }
            }
        }
        return null;
    }

    private static String stripMnemonic(String text) {
        int i = text.indexOf('_');
        return i < 0 || i == text.length() - 1 ? text : text.substring(0, i) + text.substring(i + 1);
    }

    /** The scroll pane whose viewport {@code n} is (the node of its skin that clips the content), or null. */
    private static ScrollPane viewportOf(Node n) {
        if (n.getClip() == null) {
            return null;
        }
        for (Node p = n.getParent(); p != null; p = p.getParent()) {
            if (p instanceof ScrollPane pane) {
                Node content = pane.getContent();
                return content != null && isAncestor(n, content) ? pane : null;
            }
        }
        return null;
    }

    private static boolean inContent(ScrollPane pane, Node n) {
        return pane.getContent() != null && isAncestor(pane.getContent(), n);
    }

    /** The scroll pane's viewport in the scene's coordinates: the clip of its skin's node around the content. */
    private static Bounds viewport(ScrollPane pane) {
        for (Node n = pane.getContent().getParent(); n != null && n != pane; n = n.getParent()) {
            if (n.getClip() != null) {
                return n.localToScene(n.getClip().getBoundsInParent());
            }
        }
        return pane.localToScene(pane.getLayoutBounds());
    }

    /** The part of {@code a} inside {@code b}; empty (zero width or height) when they do not meet. */
    private static Bounds intersection(Bounds a, Bounds b) {
        double minX = Math.max(a.getMinX(), b.getMinX());
        double minY = Math.max(a.getMinY(), b.getMinY());
        double maxX = Math.max(minX, Math.min(a.getMaxX(), b.getMaxX()));
        double maxY = Math.max(minY, Math.min(a.getMaxY(), b.getMaxY()));
        return new BoundingBox(minX, minY, maxX - minX, maxY - minY);
    }

    private static boolean isAncestor(Node ancestor, Node n) {
        for (Node p = n; p != null; p = p.getParent()) {
            if (p == ancestor) {
                return true;
            }
        }
        return false;
    }

    /** Texts one of which holds the other (they never count as a pair). */
    private static boolean related(Text a, Text b) {
        return isAncestor(a, b) || isAncestor(b, a);
    }

    private static boolean overlap(Bounds a, Bounds b) {
        double w = Math.min(a.getMaxX(), b.getMaxX()) - Math.max(a.getMinX(), b.getMinX());
        double h = Math.min(a.getMaxY(), b.getMaxY()) - Math.max(a.getMinY(), b.getMinY());
        return w > TOLERANCE_PX && h > TOLERANCE_PX;
    }

    private static boolean inside(Bounds b, Bounds outer) {
        return b.getMinX() >= outer.getMinX() - TOLERANCE_PX && b.getMinY() >= outer.getMinY() - TOLERANCE_PX
                && b.getMaxX() <= outer.getMaxX() + TOLERANCE_PX && b.getMaxY() <= outer.getMaxY() + TOLERANCE_PX;
    }

    private static String name(Node n) {
        return n.getId() != null ? "#" + n.getId()
                : n.getStyleClass().isEmpty() ? n.getClass().getSimpleName() : "." + String.join(".", n.getStyleClass());
    }

    private static String format(Bounds b) {
        return String.format(Locale.ROOT, "[%.1f, %.1f – %.1f, %.1f]", b.getMinX(), b.getMinY(), b.getMaxX(), b.getMaxY());
    }
}
