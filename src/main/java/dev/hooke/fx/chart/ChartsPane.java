package dev.hooke.fx.chart;

import dev.hooke.core.lesson.SweepResult;
import dev.hooke.fx.I18n;
import dev.hooke.fx.sim.EnergySample;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javafx.scene.Node;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;

/**
 * The charts below the view, side by side: energy, stability and (while an implicit method runs)
 * the linear solves. Each frame's batch of samples goes to all of them.
 *
 * <p>A lesson step can ask for other charts instead ({@link #focus}): E(t)/E(start), the spring's
 * displacement u against the closed form u_exact (and the error u − u_exact), the largest spring
 * strain, or a Δt sweep's results on a stability chart of its own ({@link #showSweep}).
 */
public final class ChartsPane extends HBox {

    /** The charts the pane can show. */
    public enum Kind {
        /** K, U_el, U_g, E and W_d ({@link EnergyChart}). */
        ENERGY,
        /** E(t)/E(start) on a log scale: a growth by a fixed factor per step is a straight line. */
        ENERGY_RATIO,
        /** Δt against the naive bound and the method's limit ({@link StabilityChart}). */
        STABILITY,
        /** CG iterations and residuals ({@link SolverChart}). */
        SOLVER,
        /** A Δt sweep: each run's Δt at the time it exploded, against the predicted limit. */
        SWEEP,
        /** u and u_exact of the spring scene. */
        DISPLACEMENT,
        /** u, u_exact and the error u − u_exact of the spring scene. */
        ERROR,
        /** The largest spring strain |l − L|/L. */
        STRAIN
    }

    private final EnergyChart energy;
    private final StabilityChart stability = new StabilityChart();
    private final SolverChart solver = new SolverChart();
    private final StabilityChart sweep = new StabilityChart("sweepChart", StabilityChart.SWEEP_STYLE);
    private final TimeSeriesChart ratio = new TimeSeriesChart("energyRatioChart", "energy-ratio-chart",
            I18n.text("ws.chart.ratio.axis"), I18n.text("ws.chart.ratio.axis"));
    private final TimeSeriesChart motion = new TimeSeriesChart("displacementChart", "displacement-chart",
            I18n.text("ws.chart.displacement.axis"), I18n.text("ws.chart.displacement.axis"));
    private final TimeSeriesChart strain = new TimeSeriesChart("strainChart", "strain-chart",
            I18n.text("ws.chart.strain.axis"), I18n.text("ws.chart.strain.axis"));
    private final Map<Kind, Region> nodes = new EnumMap<>(Kind.class);
    /** E(start) of the ratio chart: the first total energy of the generation it shows; in J. */
    private double ratioStart = Double.NaN;
    private int ratioGeneration = Integer.MIN_VALUE;
    private boolean solverOn;
    private Set<Kind> focus = Set.of();
    private SweepResult sweepShown;

    public ChartsPane(EnergyChart energy) {
        this.energy = energy;
        setId("charts");
        getStyleClass().add("charts");
        nodes.put(Kind.ENERGY, energy.node());
        nodes.put(Kind.ENERGY_RATIO, ratio.node());
        nodes.put(Kind.STABILITY, stability.node());
        nodes.put(Kind.SOLVER, solver.node());
        nodes.put(Kind.SWEEP, sweep.node());
        nodes.put(Kind.DISPLACEMENT, motion.node());
        nodes.put(Kind.STRAIN, strain.node());
        getChildren().addAll(nodes.values());
        for (Node n : getChildren()) {
            HBox.setHgrow(n, Priority.ALWAYS);
            ((Region) n).setMinWidth(120);
            ((Region) n).setPrefWidth(400);
        }
        ratio.setLogScale(true);
        localize();
        layoutCharts();
    }

    /** Writes the labels and legends of the charts a lesson asks for in the language in use. */
    public void localize() {
        String t = I18n.text("chart.time");
        ratio.setLabels(t, I18n.text("ws.chart.ratio.axis"), I18n.text("ws.chart.ratio.axis"));
        motion.setLabels(t, I18n.text("ws.chart.displacement.axis"), I18n.text("ws.chart.displacement.axis"));
        strain.setLabels(t, I18n.text("ws.chart.strain.axis"), I18n.text("ws.chart.strain.axis"));
        ratio.setLines(List.of(new TimeSeriesChart.Line(I18n.text("ws.chart.ratio"), 0,
                e -> e.total() / ratioStart)));
        strain.setLines(List.of(new TimeSeriesChart.Line(I18n.text("ws.chart.strain"), 0, EnergySample::maxStrain)));
        showMotion(focus.contains(Kind.ERROR));
        sweep.showSweep(sweepShown);
    }

    private void showMotion(boolean withError) {
        List<TimeSeriesChart.Line> lines = new java.util.ArrayList<>(List.of(
                new TimeSeriesChart.Line(I18n.text("ws.chart.u"), 0, EnergySample::displacement),
                new TimeSeriesChart.Line(I18n.text("ws.chart.uExact"), 0, EnergySample::exact)));
        if (withError) {
            lines.add(new TimeSeriesChart.Line(I18n.text("ws.chart.error"), 0, EnergySample::error));
        }
        motion.setLines(lines);
    }

    /** Shows or hides the solver chart (when no lesson step chose the charts). */
    public void showSolver(boolean on) {
        if (solverOn != on) {
            solverOn = on;
            layoutCharts();
        }
    }

    /**
     * Shows exactly the charts a lesson step asks for, or, with an empty set, the usual ones
     * (energy, stability, and the solves while an implicit method runs).
     */
    public void focus(Set<Kind> kinds) {
        Set<Kind> next = kinds.isEmpty() ? Set.of() : EnumSet.copyOf(kinds);
        if (!next.equals(focus)) {
            focus = next;
            showMotion(focus.contains(Kind.ERROR));
            layoutCharts();
        }
    }

    /** The charts shown. */
    public Set<Kind> shown() {
        Set<Kind> out = EnumSet.noneOf(Kind.class);
        nodes.forEach((k, n) -> {
            if (n.isVisible()) {
                out.add(k);
            }
        });
        if (out.contains(Kind.DISPLACEMENT) && focus.contains(Kind.ERROR)) {
            out.add(Kind.ERROR);
            if (!focus.contains(Kind.DISPLACEMENT)) {
                out.remove(Kind.DISPLACEMENT);
            }
        }
        return out;
    }

    private void layoutCharts() {
        Set<Kind> on = focus.isEmpty()
                ? (solverOn ? EnumSet.of(Kind.ENERGY, Kind.STABILITY, Kind.SOLVER) : EnumSet.of(Kind.ENERGY, Kind.STABILITY))
                : EnumSet.copyOf(focus);
        if (on.remove(Kind.ERROR)) {
            on.add(Kind.DISPLACEMENT);
        }
        nodes.forEach((k, n) -> {
            boolean visible = on.contains(k);
            n.setVisible(visible);
            n.setManaged(visible);
        });
    }

    /** Shows a Δt sweep on the sweep chart, or none (null); see {@link StabilityChart#showSweep}. */
    public void showSweep(SweepResult s) {
        if (s != sweepShown) {
            sweepShown = s;
            sweep.showSweep(s);
        }
    }

    /** Names the two systems in every chart (compare mode), or shows the main one only (nulls). */
    public void setCompare(String nameA, String nameB) {
        energy.setCompare(nameA, nameB);
        stability.setCompare(nameA, nameB);
        solver.setCompare(nameA, nameB);
    }

    /** Adds a batch of samples to every chart (the sweep chart excepted: no sample feeds it). */
    public void add(List<EnergySample> batch) {
        for (EnergySample e : batch) {
            if (e.lane() == 0 && e.generation() > ratioGeneration) {
                ratioGeneration = e.generation();
                ratioStart = e.total();
            }
        }
        energy.add(batch);
        stability.add(batch);
        solver.add(batch);
        ratio.add(batch);
        motion.add(batch);
        strain.add(batch);
    }

    /** Forgets the samples of every chart (the window shows another simulation). */
    public void restart() {
        energy.restart();
        ratioGeneration = Integer.MIN_VALUE;
        ratio.restart();
        motion.restart();
        strain.restart();
    }

    public EnergyChart energy() {
        return energy;
    }

    public StabilityChart stability() {
        return stability;
    }

    public SolverChart solver() {
        return solver;
    }

    /** The chart of a lesson's Δt sweep. */
    public StabilityChart sweep() {
        return sweep;
    }

    /** E(t)/E(start). */
    public TimeSeriesChart energyRatio() {
        return ratio;
    }

    /** u, u_exact (and u − u_exact) of the spring scene. */
    public TimeSeriesChart displacement() {
        return motion;
    }

    /** The largest spring strain. */
    public TimeSeriesChart strain() {
        return strain;
    }
}
