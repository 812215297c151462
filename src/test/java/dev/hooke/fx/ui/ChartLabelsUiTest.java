package dev.hooke.fx.ui;

import static dev.hooke.fx.ui.UiFixture.onFx;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.hooke.core.scene.SceneType;
import dev.hooke.fx.I18n;
import dev.hooke.fx.Workbench;
import dev.hooke.fx.chart.ChartsPane;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import javafx.scene.Node;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;

/**
 * Every chart a lesson step can show, alone in the chart strip of a projector's 1280 × 720 in
 * large type, in English and Chinese, on its linear and its log scale: its axis names, tick labels
 * and legend are shown whole (no "energ…"), clear of each other.
 */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class ChartLabelsUiTest {

    @RegisterExtension
    final UiWindow window = new UiWindow();
    private Workbench workbench;

    /** Whether {@code n} lies in the chart strip. */
    private boolean inCharts(Node n) {
        for (Node p = n; p != null; p = p.getParent()) {
            if (p == workbench.charts()) {
                return true;
            }
        }
        return false;
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"en", "zh"})
    void everyChartAloneOnAProjectorShowsItsTextsWhole(String language, FxRobot robot) {
        robot.interact(() -> {
            workbench = window.show(SceneType.SPRING, 1280, 720);
            workbench.model().largeTypeProperty().set(true);
            I18n.setLocale("zh".equals(language) ? I18n.CHINESE : I18n.ENGLISH);
        });
        List<String> problems = new ArrayList<>();
        Set<ChartsPane.Kind> kinds = EnumSet.allOf(ChartsPane.Kind.class);
        for (ChartsPane.Kind k : kinds) {
            for (boolean log : new boolean[] {false, true}) {
                problems.addAll(onFx(() -> {
                    ChartsPane charts = workbench.charts();
                    charts.focus(Set.of(k));
                    charts.energy().setLogScale(log && k == ChartsPane.Kind.ENERGY);
                    workbench.root().applyCss();
                    workbench.root().layout();
                    List<String> out = new ArrayList<>();
                    // the problems that involve a text of the chart strip
                    List<String> described = new ArrayList<>();
                    for (TextLayout.Shown s : TextLayout.shownTexts(workbench.root().getScene())) {
                        if (inCharts(s.text())) {
                            described.add(s.describe());
                        }
                    }
                    for (String p : TextLayout.problems(workbench.root().getScene())) {
                        if (described.stream().anyMatch(p::contains)) {
                            out.add(k + (log ? " (log)" : "") + ": " + p);
                        }
                    }
                    return out;
                }));
                if (k != ChartsPane.Kind.ENERGY) {
                    break;
                }
            }
        }
        assertEquals(List.of(), problems, "chart texts at 1280 × 720 in large type, " + language);
    }
}
