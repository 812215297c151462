package dev.hooke.fx.ui;

import static dev.hooke.fx.ui.UiFixture.waitFor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.scene.ClothPins;
import dev.hooke.core.scene.SceneFile;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.scene.Scenes;
import dev.hooke.core.stability.Equilibrium;
import dev.hooke.core.stability.StabilityAnalysis;
import dev.hooke.fx.Workbench;
import java.util.List;
import javafx.scene.chart.XYChart;
import javafx.stage.Stage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;

/**
 * A user opens a soft cloth pinned at two corners and presses Play: as the cloth sags, the Δt
 * chart's limit line falls from the flat cloth's limit to the limit at the equilibrium it settles
 * into (both computed here from the engine's analysis of the states themselves).
 */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class StateLimitUiTest {

    /** How close to the equilibrium's limit the line must come once the cloth has settled. */
    private static final double SETTLED_LIMIT_RELATIVE = 1e-3;
    /** The limit series of the Δt chart (Δt, the naive bound, the limit). */
    private static final int LIMIT_SERIES = 2;

    private Workbench workbench;

    @Start
    void start(Stage stage) {
        workbench = UiFixture.show(stage, SceneType.CLOTH, 1600, 900);
    }

    @Stop
    void stop() {
        workbench.close();
    }

    /** A point's value in s: the chart's axis is logarithmic and holds log₁₀ of the value. */
    private static double seconds(XYChart.Data<Number, Number> d) {
        return Math.pow(10, d.getYValue().doubleValue());
    }

    @Test
    void theLimitLineFallsAsTheClothSags(FxRobot robot) {
        SceneSpec spec = SceneSpec.of(SceneType.CLOTH).size(5).length(1).mass(0.05).structuralStiffness(20)
                .shearStiffness(5).bendStiffness(1).springDamping(0.3).airDamping(0.1).gravity(9.81)
                .pins(ClothPins.CORNERS);
        double flat = StabilityAnalysis.predictedLimit(Scenes.build(spec.copy()), IntegratorKind.RK4, 0).dtMax();
        MassSpringSystem hanging = Scenes.build(spec.copy());
        assertTrue(Equilibrium.solve(hanging).converged());
        double sagging = StabilityAnalysis.predictedLimit(hanging, IntegratorKind.RK4, 0).dtMax();
        assertTrue(sagging < 0.99 * flat, sagging + " vs " + flat);

        robot.interact(() -> workbench.model().open(SceneFile.defaults(SceneType.CLOTH).withSpec(spec)
                .withIntegrator(IntegratorKind.RK4).withDt(0.002)));
        waitFor("the flat cloth's limit", () -> {
            var s = workbench.runner().latest();
            return s.limitCurrent() && s.limit() != null && s.parameters() != null
                    && Math.abs(s.limit().dtMax() - flat) <= 1e-9 * flat;
        });
        robot.clickOn("#playButton");
        double[] first = {Double.NaN};
        waitFor("the line's first point", () -> {
            for (XYChart.Data<Number, Number> d : workbench.charts().stability().series().get(LIMIT_SERIES).getData()) {
                if (Double.isFinite(d.getYValue().doubleValue())) {
                    first[0] = seconds(d);
                    return true;
                }
            }
            return false;
        });
        assertEquals(flat, first[0], 1e-12 * flat, "the line starts at the flat cloth's limit");
        UiFixture.eventually("the line at the sagging cloth's limit " + sagging, 30, () -> {
            List<XYChart.Data<Number, Number>> line = workbench.charts().stability().series().get(LIMIT_SERIES).getData();
            if (line.isEmpty()) {
                return "no limit line yet; snapshot limit " + workbench.runner().latest().limit();
            }
            double last = seconds(line.get(line.size() - 1));
            return Math.abs(last - sagging) <= SETTLED_LIMIT_RELATIVE * sagging ? null
                    : "the line ends at " + last + " (" + line.size() + " points), t = " + workbench.runner().latest().time()
                    + ", snapshot limit " + workbench.runner().latest().limit().dtMax();
        });
    }
}
