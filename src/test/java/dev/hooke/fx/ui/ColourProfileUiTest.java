package dev.hooke.fx.ui;

import static dev.hooke.fx.ui.UiFixture.onFx;
import static dev.hooke.fx.ui.UiFixture.waitFor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.scene.SceneType;
import dev.hooke.fx.Workbench;
import dev.hooke.fx.view.Palette;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.chart.Axis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Label;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.paint.Paint;
import javafx.scene.shape.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;

/**
 * The colours a class sees: every chart line in the Okabe–Ito colours (Okabe & Ito 2008), run A
 * blue and run B vermillion in the energy chart (their totals) and B's mesh in the view vermillion too; lines thicker
 * in large type; and with View › Projector colours, white charts and panels whose lines and texts
 * keep the WCAG 2.1 contrast ratios (3:1 for lines, 7:1 for texts) on that white.
 */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class ColourProfileUiTest {

    /** The five Okabe–Ito colours with a contrast of at least 3:1 on white. */
    private static final Set<Color> OKABE_ITO = Set.of(Color.web("#000000"), Color.web("#0072B2"),
            Color.web("#D55E00"), Color.web("#009E73"), Color.web("#CC79A7"));
    private static final Color BLUE = Color.web("#0072B2");
    private static final Color VERMILLION = Color.web("#D55E00");
    /** WCAG 2.1's least contrast for graphics (1.4.11) and for texts at level AAA (1.4.6). */
    private static final double LINE_CONTRAST = 3;
    private static final double TEXT_CONTRAST = 7;
    /** How much thicker a chart's lines are in large type, at least. */
    private static final double LARGE_TYPE_WIDENING = 1.4;
    /** Simulated time the charts get before their lines are read; in s. */
    private static final double RUN_SECONDS = 0.4;

    @RegisterExtension
    final UiWindow window = new UiWindow();
    private Workbench workbench;

    /** WCAG 2.1's relative luminance of an sRGB colour. */
    static double luminance(Color c) {
        return 0.2126 * linear(c.getRed()) + 0.7152 * linear(c.getGreen()) + 0.0722 * linear(c.getBlue());
    }

    private static double linear(double v) {
        return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    }

    /** WCAG 2.1's contrast ratio of two colours, 1 … 21. */
    static double contrast(Color a, Color b) {
        double la = luminance(a);
        double lb = luminance(b);
        return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
    }

    private static Color opaque(Paint p) {
        Color c = (Color) p;
        return Color.color(c.getRed(), c.getGreen(), c.getBlue());
    }

    /** Every drawn line of every chart on screen, by chart and series: its stroke and width. */
    private Map<String, Path> lines() {
        Map<String, Path> out = new TreeMap<>();
        for (Node n : workbench.root().lookupAll(".chart")) {
            if (!(n instanceof XYChart<?, ?> chart) || !chart.isVisible() || chart.getScene() == null) {
                continue;
            }
            for (XYChart.Series<?, ?> s : chart.getData()) {
                if (s.getNode() instanceof Path p && !s.getData().isEmpty() && !p.getStyleClass().contains("marks-only")) {
                    out.put(chart.getStyleClass() + " / " + s.getName(), p);
                }
            }
        }
        return out;
    }

    /** The chain comparing with implicit Euler at 1600 × 900: all charts side by side in normal type, one in large. */
    private void openComparing(FxRobot robot, boolean large, boolean projector) {
        robot.interact(() -> {
            workbench = window.show(SceneType.CHAIN, 1600, 900);
            workbench.model().largeTypeProperty().set(large);
            workbench.model().projectorColoursProperty().set(projector);
            workbench.model().compareIntegratorProperty().set(IntegratorKind.IMPLICIT_EULER);
            workbench.model().compareProperty().set(true);
            workbench.model().togglePlay();
        });
        waitFor("both runs charted", () -> UiFixture.latest(workbench).compare() != null
                && UiFixture.latest(workbench).time() > RUN_SECONDS && lines().size() >= (large ? 3 : 6));
        robot.interact(() -> {
            workbench.root().applyCss();
            workbench.root().layout();
        });
    }

    @Test
    void everyLineIsOkabeItoAndRunsAreBlueAndVermillionEverywhere(FxRobot robot) {
        openComparing(robot, false, false);
        onFx(() -> {
            List<String> wrong = new ArrayList<>();
            for (Map.Entry<String, Path> e : lines().entrySet()) {
                Color c = opaque(e.getValue().getStroke());
                if (!OKABE_ITO.contains(c)) {
                    wrong.add(e.getKey() + " is " + c);
                }
            }
            assertEquals(List.of(), wrong, "chart lines outside the Okabe–Ito colours");
            // in compare mode the energy chart plots K and E of A, then K and E of B
            List<XYChart.Series<Number, Number>> energy = workbench.charts().energy().series();
            assertEquals(4, energy.size(), "K and E of two runs");
            assertEquals(BLUE, opaque(((Path) energy.get(1).getNode()).getStroke()), "run A's total " + energy.get(1).getName());
            assertEquals(VERMILLION, opaque(((Path) energy.get(3).getNode()).getStroke()), "run B's total " + energy.get(3).getName());
            assertEquals(VERMILLION, Palette.COMPARE, "run B's mesh in the view has B's colour in the charts");
            return null;
        });
    }

    @Test
    void largeTypeDrawsThickerLines(FxRobot robot) {
        openComparing(robot, false, false);
        Map<String, Double> normal = onFx(() -> widths(lines()));
        robot.interact(workbench::close);
        openComparing(robot, true, false);
        Map<String, Double> large = onFx(() -> widths(lines()));
        // large type shows one chart at this width (the Δt chart), normal type all of them
        normal.keySet().retainAll(large.keySet());
        assertTrue(normal.size() >= 3, "the Δt chart's lines in both type sizes: " + large.keySet());
        for (Map.Entry<String, Double> e : normal.entrySet()) {
            assertTrue(large.get(e.getKey()) >= LARGE_TYPE_WIDENING * e.getValue(),
                    e.getKey() + ": " + e.getValue() + " px, in large type " + large.get(e.getKey()) + " px");
        }
    }

    private static Map<String, Double> widths(Map<String, Path> lines) {
        Map<String, Double> out = new TreeMap<>();
        lines.forEach((k, p) -> out.put(k, p.getStrokeWidth()));
        return out;
    }

    @Test
    void projectorColoursAreWhiteWithDarkLinesAndBlackTexts(FxRobot robot) {
        openComparing(robot, true, true);
        onFx(() -> {
            Scene scene = workbench.root().getScene();
            List<String> wrong = new ArrayList<>();
            for (Node n : workbench.root().lookupAll(".chart-plot-background")) {
                Paint fill = ((Region) n).getBackground().getFills().get(0).getFill();
                if (!Color.WHITE.equals(fill)) {
                    wrong.add("a chart's plot is " + fill);
                }
            }
            for (Map.Entry<String, Path> e : lines().entrySet()) {
                double r = contrast(opaque(e.getValue().getStroke()), Color.WHITE);
                if (r < LINE_CONTRAST) {
                    wrong.add(e.getKey() + String.format(": contrast %.2f on white", r));
                }
            }
            for (Node n : workbench.root().lookupAll(".axis")) {
                if (n instanceof Axis<?> a && a.isVisible() && !Color.BLACK.equals(a.getTickLabelFill())) {
                    wrong.add("an axis' tick labels are " + a.getTickLabelFill());
                }
            }
            Region side = (Region) scene.lookup("#sidePanel");
            assertEquals(Color.WHITE, side.getBackground().getFills().get(0).getFill(), "the side panel's white");
            for (String panel : List.of("#sidePanel", "#charts")) {
                for (Node n : scene.lookup(panel).lookupAll(".label")) {
                    if (n instanceof Label l && l.isVisible() && !l.getText().isEmpty()
                            && l.getTextFill() instanceof Color c && contrast(opaque(c), Color.WHITE) < TEXT_CONTRAST) {
                        wrong.add(String.format("'%s' in %s: contrast %.2f on white", l.getText(), panel,
                                contrast(opaque(c), Color.WHITE)));
                    }
                }
            }
            assertEquals(List.of(), wrong, "what a projector would wash out");
            try {
                TextLayout.snapshot(scene, "projector-colours-1600x900-large");
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            return null;
        });
    }

    /** The luminance and contrast formulas against WCAG 2.1's own worked values. */
    @Test
    void contrastFollowsWcag() {
        assertEquals(21, contrast(Color.BLACK, Color.WHITE), 1e-12);
        assertEquals(1, contrast(Color.web("#777777"), Color.web("#777777")), 1e-12);
        // #767676 is the lightest grey with 4.5:1 on white
        assertEquals(4.54, contrast(Color.web("#767676"), Color.WHITE), 0.01);
    }
}
