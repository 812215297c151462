package dev.hooke.fx.lesson;

import dev.hooke.core.lesson.Action;
import dev.hooke.core.lesson.Step;
import dev.hooke.fx.chart.ChartsPane;
import java.util.EnumSet;
import java.util.Set;

/** The charts a lesson's step asks for with its {@code chart} actions, as the charts pane names them. */
final class StepCharts {

    private StepCharts() {
    }

    /** The charts {@code step} asks for; empty: the usual ones. */
    static Set<ChartsPane.Kind> of(Step step) {
        Set<ChartsPane.Kind> out = EnumSet.noneOf(ChartsPane.Kind.class);
        for (Action a : step.actions()) {
            if (a instanceof Action.Chart c && !c.chart().equals(Action.Chart.MODES)) {
                out.add(chartKind(c.chart()));
            }
        }
        return out;
    }

    /** Whether {@code step} asks for the Modes window ({@code chart: modes}). */
    static boolean wantsModes(Step step) {
        return step.actions().stream().anyMatch(a -> a instanceof Action.Chart c && c.chart().equals(Action.Chart.MODES));
    }

    /** The chart that shows a lesson's chart name ({@link Action.Chart#KINDS}). */
    static ChartsPane.Kind chartKind(String name) {
        return switch (name) {
            case "energy_ratio" -> ChartsPane.Kind.ENERGY_RATIO;
            case "displacement" -> ChartsPane.Kind.DISPLACEMENT;
            case "phase" -> ChartsPane.Kind.PHASE;
            case "error" -> ChartsPane.Kind.ERROR;
            case "sweep" -> ChartsPane.Kind.SWEEP;
            case "strain" -> ChartsPane.Kind.STRAIN;
            case "residuals" -> ChartsPane.Kind.SOLVER;
            default -> ChartsPane.Kind.ENERGY;
        };
    }
}
