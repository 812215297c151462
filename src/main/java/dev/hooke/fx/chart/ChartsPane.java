package dev.hooke.fx.chart;

import dev.hooke.core.lesson.SweepResult;
import dev.hooke.fx.I18n;
import dev.hooke.fx.sim.EnergySample;
import java.util.ArrayList;
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
 * the linear solves. The samples go to all of them, {@value #REDRAW_HZ} times a second.
 *
 * <p>A lesson step can ask for other charts instead ({@link #focus}): E(t)/E(start), the spring's
 * displacement u against the closed form u_exact (and the error u − u_exact), the largest spring
 * strain, the phase portrait, or a Δt sweep's results on a stability chart of its own
 * ({@link #showSweep}). A lesson's comparison may run more than two integrators: every chart then
 * draws one curve per run ({@link #setCompare(List)}), lane k for the k-th.
 */
public final class ChartsPane extends HBox {

    /**
     * How often the charts are redrawn; per second. Ten times a second: a curve that moves faster
     * is not read better, and each redraw costs the renderer as much as a fifth of a frame on a
     * machine without a GPU (rasterising the curves, uploading them, drawing them; measured in
     * docs/performance.md), whether the chart is JavaFX's, chart-fx's or a plain canvas.
     */
    public static final int REDRAW_HZ = 10;
    /** The time between two redraws; in ns. */
    public static final long REDRAW_NANOS = 1_000_000_000L / REDRAW_HZ;

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
        STRAIN,
        /** ω·u against v of the spring scene, with the exact orbit ({@link PhaseChart}). */
        PHASE
    }

    private final EnergyChart energy;
    private final StabilityChart stability = new StabilityChart();
    private final SolverChart solver = new SolverChart();
    private final StabilityChart sweep = new StabilityChart("sweepChart", StabilityChart.SWEEP_STYLE);
    private final TimeSeriesChart ratio = new TimeSeriesChart("energyRatioChart", "energy-ratio-chart",
            I18n.text("chart.ratio.axis"), I18n.text("chart.ratio.axis"));
    private final TimeSeriesChart motion = new TimeSeriesChart("displacementChart", "displacement-chart",
            I18n.text("chart.displacement.axis"), I18n.text("chart.displacement.axis"));
    private final TimeSeriesChart strain = new TimeSeriesChart("strainChart", "strain-chart",
            I18n.text("chart.strain.axis"), I18n.text("chart.strain.axis"));
    private final PhaseChart phase = new PhaseChart();
    private final Map<Kind, Region> nodes = new EnumMap<>(Kind.class);
    /** The samples taken since the charts were last drawn. */
    private final List<EnergySample> waiting = new ArrayList<>();
    private long lastRedraw = Long.MIN_VALUE / 2;
    /** The generation of the run the charts show. */
    private int shownGeneration = Integer.MIN_VALUE;
    /** Samples of a run not yet shown, or after the present shown, oldest first. */
    private final java.util.ArrayDeque<EnergySample> ahead = new java.util.ArrayDeque<>();
    /** E(start) of the ratio chart, by lane: the first total energy of the generation it shows; in J. */
    private final double[] ratioStart = new double[MAX_LANES];
    /** The names of the compared runs, by lane (empty: the main system alone). */
    private List<String> lanes = List.of();
    private int ratioGeneration = Integer.MIN_VALUE;
    private boolean solverOn;
    private Set<Kind> focus = Set.of();
    private SweepResult sweepShown;

    /** The most runs a comparison's charts draw. */
    public static final int MAX_LANES = 8;

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
        nodes.put(Kind.PHASE, phase.node());
        getChildren().addAll(nodes.values());
        for (Node n : List.copyOf(getChildren())) {
            HBox.setHgrow(n, Priority.ALWAYS);
            ((Region) n).setMinWidth(120);
            ((Region) n).setPrefWidth(400);
        }
        tabs.setId("chartTabs");
        tabs.getStyleClass().add("chart-tabs");
        tabs.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        getChildren().add(0, tabs);
        java.util.Arrays.fill(ratioStart, Double.NaN);
        ratio.setLogScale(true);
        localize();
        layoutCharts();
    }

    /** Writes the labels and legends of the charts a lesson asks for in the language in use. */
    public void localize() {
        String t = I18n.text("chart.time");
        ratio.setLabels(t, I18n.text("chart.ratio.axis"), I18n.text("chart.ratio.axis"));
        motion.setLabels(t, I18n.text("chart.displacement.axis"), I18n.text("chart.displacement.axis"));
        strain.setLabels(t, I18n.text("chart.strain.axis"), I18n.text("chart.strain.axis"));
        showLanes();
        showMotion(focus.contains(Kind.ERROR));
        sweep.localize();
        sweep.showSweep(sweepShown);
        stability.localize();
        solver.localize();
        phase.localize();
        if (single) {
            showTabs(wanted());
        }
    }

    /** The ratio and strain charts' lines: the main system's, or one per compared run. */
    private void showLanes() {
        List<TimeSeriesChart.Line> r = new ArrayList<>();
        List<TimeSeriesChart.Line> st = new ArrayList<>();
        if (lanes.isEmpty()) {
            r.add(new TimeSeriesChart.Line(I18n.text("chart.ratio"), 0, e -> e.total() / ratioStart[0]));
            st.add(new TimeSeriesChart.Line(I18n.text("chart.strain"), 0, EnergySample::maxStrain));
        } else {
            for (int k = 0; k < lanes.size(); k++) {
                int lane = k;
                r.add(new TimeSeriesChart.Line(lanes.get(k), k, e -> e.total() / ratioStart[lane]));
                st.add(new TimeSeriesChart.Line(lanes.get(k), k, EnergySample::maxStrain));
            }
        }
        ratio.setLines(r);
        strain.setLines(st);
        phase.setLanes(lanes);
    }

    private void showMotion(boolean withError) {
        List<TimeSeriesChart.Line> lines = new ArrayList<>();
        if (lanes.isEmpty()) {
            lines.add(new TimeSeriesChart.Line(I18n.text("chart.u"), 0, EnergySample::displacement));
        } else {
            for (int k = 0; k < lanes.size(); k++) {
                lines.add(new TimeSeriesChart.Line(I18n.text("chart.uOf", lanes.get(k)), k,
                        EnergySample::displacement));
            }
        }
        lines.add(new TimeSeriesChart.Line(I18n.text("chart.uExact"), 0, EnergySample::exact));
        if (withError) {
            if (lanes.isEmpty()) {
                lines.add(new TimeSeriesChart.Line(I18n.text("chart.error"), 0, EnergySample::error));
            } else {
                for (int k = 0; k < lanes.size(); k++) {
                    lines.add(new TimeSeriesChart.Line(I18n.text("chart.errorOf", lanes.get(k)), k,
                            EnergySample::error));
                }
            }
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
            chosen = null;      // a new step's charts: the strip shows the one it needs most
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

    /** The charts the moment asks for: a lesson step's, or energy, stability and (for an implicit method) the solves. */
    private Set<Kind> wanted() {
        Set<Kind> on = focus.isEmpty()
                ? (solverOn ? EnumSet.of(Kind.ENERGY, Kind.STABILITY, Kind.SOLVER) : EnumSet.of(Kind.ENERGY, Kind.STABILITY))
                : EnumSet.copyOf(focus);
        if (on.remove(Kind.ERROR)) {
            on.add(Kind.DISPLACEMENT);
        }
        return on;
    }

    /** Which chart one strip shows first: the one the moment needs most (a sweep, then Δt against the limit, …). */
    private static final List<Kind> FIRST = List.of(Kind.SWEEP, Kind.STABILITY, Kind.PHASE, Kind.ENERGY_RATIO,
            Kind.STRAIN, Kind.DISPLACEMENT, Kind.ENERGY, Kind.SOLVER);

    private void layoutCharts() {
        Set<Kind> on = wanted();
        if (single) {
            if (chosen == null || !on.contains(chosen)) {
                chosen = FIRST.stream().filter(on::contains).findFirst().orElse(null);
            }
            showTabs(on);
        }
        tabs.setVisible(single);
        tabs.setManaged(single);
        nodes.forEach((k, n) -> {
            boolean visible = single ? k == chosen : on.contains(k);
            n.setVisible(visible);
            n.setManaged(visible);
        });
    }

    /** Whether one chart is shown at a time, with a tab for each of the others (a narrow window). */
    private boolean single;
    /** The chart the strip shows (single mode), or null for the first the moment needs. */
    private Kind chosen;
    /** The strip's tabs, one per chart the moment asks for. */
    private final javafx.scene.layout.VBox tabs = new javafx.scene.layout.VBox(4);
    private final javafx.scene.control.ToggleGroup tabGroup = new javafx.scene.control.ToggleGroup();

    /**
     * Shows one chart at a time, chosen with a tab beside it (true), or every chart the moment asks
     * for side by side (false). A window too narrow for them all side by side shows one: the one
     * the moment needs (a lesson step's sweep, else Δt against the limit), the others a click away.
     */
    public void setSingle(boolean on) {
        if (single != on) {
            single = on;
            if (on) {
                getStyleClass().add("single");
            } else {
                getStyleClass().remove("single");
            }
            layoutCharts();
        }
    }

    /** Whether one chart is shown at a time. */
    public boolean isSingle() {
        return single;
    }

    /** Shows chart {@code k} in the strip (single mode); the charts the moment asks for only. */
    public void choose(Kind k) {
        chosen = k;
        layoutCharts();
    }

    private void showTabs(Set<Kind> on) {
        List<javafx.scene.Node> buttons = new ArrayList<>();
        for (Kind k : FIRST) {
            if (!on.contains(k)) {
                continue;
            }
            javafx.scene.control.ToggleButton b = new javafx.scene.control.ToggleButton(I18n.text("charts.tab." + k.name()));
            b.setId("chartTab" + k.name());
            b.getStyleClass().add("chart-tab");
            b.setToggleGroup(tabGroup);
            b.setSelected(k == chosen);
            b.setMaxWidth(Double.MAX_VALUE);
            b.setFocusTraversable(false);
            b.setOnAction(e -> choose(k));
            buttons.add(b);
        }
        tabs.getChildren().setAll(buttons);
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
        setCompare(nameA == null || nameB == null ? List.of() : List.of(nameA, nameB));
    }

    /**
     * Names the compared runs in every chart, lane k the k-th (at most {@value #MAX_LANES}), or
     * shows the main system only (an empty list).
     */
    public void setCompare(List<String> names) {
        List<String> next = names.size() < 2 ? List.of() : List.copyOf(names.subList(0, Math.min(names.size(), MAX_LANES)));
        energy.setCompare(next);
        stability.setCompare(next);
        solver.setCompare(next);
        if (!next.equals(lanes)) {
            lanes = next;
            showLanes();
            showMotion(focus.contains(Kind.ERROR));
        }
    }

    /** The names of the compared runs the charts draw, by lane (empty: the main system alone). */
    public List<String> compared() {
        return lanes;
    }

    /**
     * Takes a frame's batch of samples and draws, in every chart, the samples of the run the
     * window shows and no later than its present: samples of an older generation are dropped,
     * those of a newer one or after {@code present} wait until the window shows them (a lesson
     * played quickly samples ahead of the snapshot drawn). A change of {@code generation} (a reset,
     * another scene, a lesson's next run) empties every chart at once, whether or not its samples
     * have come. Every {@link #REDRAW_NANOS} ns the samples taken since the last redraw go to every
     * chart (the sweep chart excepted: no sample feeds it).
     *
     * @param batch      the samples recorded since the last frame, oldest first
     * @param generation the generation of the snapshot the window shows
     * @param present    that snapshot's time t; in s
     * @param now        the frame's time; in ns
     */
    public void add(List<EnergySample> batch, int generation, double present, long now) {
        boolean newRun = false;
        if (generation != shownGeneration) {
            shownGeneration = generation;
            restart();
            newRun = true;
        }
        ahead.addAll(batch);
        while (ahead.size() > MAX_AHEAD) {
            ahead.removeFirst();
        }
        for (java.util.Iterator<EnergySample> it = ahead.iterator(); it.hasNext(); ) {
            EnergySample e = it.next();
            if (e.generation() < generation) {
                it.remove();
            } else if (e.generation() == generation && e.time() <= present) {
                waiting.add(e);
                it.remove();
            }
        }
        if (waiting.isEmpty() || (!newRun && now - lastRedraw < REDRAW_NANOS)) {
            return;
        }
        lastRedraw = now;
        draw(waiting);
        waiting.clear();
    }

    /**
     * Sets the time window of every chart fed by samples: a lesson step's run time, so that its
     * run fills the width; NaN or 0 for the usual {@value TimeSeriesChart#WINDOW_SECONDS} s.
     */
    public void setWindow(double seconds) {
        energy.chart().setWindow(seconds);
        stability.chart().setWindow(seconds);
        solver.chart().setWindow(seconds);
        ratio.setWindow(seconds);
        motion.setWindow(seconds);
        strain.setWindow(seconds);
    }

    /** The most samples kept ahead of the window's present (the runner's queue holds as many). */
    static final int MAX_AHEAD = dev.hooke.fx.sim.SimulationRunner.SAMPLE_QUEUE_CAPACITY;

    /**
     * Hides the readouts predict mode hides (a lesson's open question): the Δt chart draws no
     * limit line while the limit is hidden, no naive-bound line while that is.
     */
    public void setHidden(Set<dev.hooke.core.lesson.Readout> hidden) {
        stability.setHidden(hidden);
    }

    private void draw(List<EnergySample> batch) {
        for (EnergySample e : batch) {
            if (e.generation() > ratioGeneration) {
                ratioGeneration = e.generation();
                java.util.Arrays.fill(ratioStart, Double.NaN);
            }
            if (e.generation() == ratioGeneration && e.lane() >= 0 && e.lane() < MAX_LANES
                    && Double.isNaN(ratioStart[e.lane()])) {
                ratioStart[e.lane()] = e.total();
            }
        }
        energy.add(batch);
        stability.add(batch);
        solver.add(batch);
        ratio.add(batch);
        motion.add(batch);
        strain.add(batch);
        phase.add(batch);
    }

    /** Forgets the samples of every chart (the window shows another simulation). */
    private void restart() {
        waiting.clear();
        energy.restart();
        stability.chart().restart();
        solver.restart();
        ratioGeneration = Integer.MIN_VALUE;
        ratio.restart();
        motion.restart();
        strain.restart();
        phase.restart();
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

    /** The spring's phase portrait. */
    public PhaseChart phase() {
        return phase;
    }
}
