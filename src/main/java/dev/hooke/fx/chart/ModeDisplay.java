package dev.hooke.fx.chart;

import dev.hooke.core.scene.SceneFile;
import dev.hooke.core.stability.ModeShapes;
import dev.hooke.fx.I18n;
import dev.hooke.fx.sim.Snapshot;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * A mode chosen in the Modes window, shown in the scene view and measured in the running
 * simulation ({@link ModeShapes}).
 *
 * <ul>
 *   <li><b>Its shape.</b> While a mode is chosen the scene view draws x₀ + a sin(2πt/T) φ̂ over the
 *       live state: x₀ the state the modes are found at (the scene as built), φ̂ the mode's shape
 *       scaled so that its largest particle displacement is 1, a the amplitude slider's fraction of
 *       the scene's size, and T = {@value #SHOWN_PERIOD} s, slowed down so that the eye can follow
 *       a mode of any frequency. The simulation's own positions are not touched: the runner keeps
 *       stepping, the charts keep its numbers, and leaving the mode puts its state back in view.</li>
 *   <li><b>Its energy.</b> E = ½(q̇² + ω²q²), with q = φᵀM(x − x₀) and q̇ = φᵀMv of the running
 *       simulation's state, plotted against the simulation's time: constant for a mode alone
 *       in a linear system, falling under numerical (or physical) damping.</li>
 * </ul>
 */
final class ModeDisplay {

    /** The period the shape is animated with, whatever the mode's own; in s. */
    static final double SHOWN_PERIOD = 2.0;
    /** The amplitude slider's default: the largest displacement as a fraction of the scene's size. */
    static final double DEFAULT_AMPLITUDE = 0.15;
    /** How often the energy is sampled; in s. */
    private static final double SAMPLE_EVERY = 0.05;
    /** The energy chart keeps this many samples. */
    private static final int KEPT_SAMPLES = 600;

    private final ExecutorService solver;
    private final Supplier<CompletableFuture<double[][]>> engine;
    private final Slider amplitude = new Slider(0, 0.5, DEFAULT_AMPLITUDE);
    private final Label amplitudeLabel = new Label();
    private final Button live = new Button();
    private final Label chosenLabel = new Label();
    private final NumberAxis timeAxis = new NumberAxis();
    private final NumberAxis energyAxis = new NumberAxis();
    private final LineChart<Number, Number> energyChart = new ClearingLineChart(timeAxis, energyAxis);
    private final XYChart.Series<Number, Number> energySeries = new XYChart.Series<>();
    private final VBox box;

    private SceneFile shapesFor;
    private CompletableFuture<ModeShapes> shapes;
    private int chosen = -1;
    private double chosenOmega;
    /** The scene's size (the diagonal of its box at x₀), for the amplitude; in m. */
    private double extent;
    private double[] unitShape;
    private double shownCoefficient;
    private boolean sampling;
    private long lastSample;
    private double lastTime = Double.NEGATIVE_INFINITY;

    /**
     * @param solver the Modes window's thread, where the shapes are found
     * @param engine the running simulation's state on request: {x, v, {t}}, copies
     */
    ModeDisplay(ExecutorService solver, Supplier<CompletableFuture<double[][]>> engine, double width) {
        this.solver = solver;
        this.engine = engine;
        amplitude.setId("modesAmplitude");
        amplitude.setPrefWidth(200);
        live.setId("modesLive");
        live.setOnAction(e -> leave());
        chosenLabel.setId("modesChosen");
        chosenLabel.setWrapText(true);
        chosenLabel.setMaxWidth(width);
        chosenLabel.setPrefWidth(width);
        chosenLabel.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        energyChart.setId("modesEnergy");
        energyChart.setAnimated(false);
        energyChart.setCreateSymbols(false);
        energyChart.setLegendVisible(false);
        energyChart.setPrefSize(width, 150);
        energyChart.setMaxWidth(width);
        timeAxis.setForceZeroInRange(false);
        energyAxis.setForceZeroInRange(true);
        energyChart.getData().add(energySeries);
        // the slider gives way to the texts in large type
        amplitudeLabel.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        live.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        amplitude.setMinWidth(60);
        amplitude.setFocusTraversable(false);       // the keyboard is the workbench's (ModesWindow.forward)
        live.setFocusTraversable(false);
        HBox row = new HBox(8, amplitudeLabel, amplitude, live);
        row.setAlignment(Pos.CENTER_LEFT);
        HBox.setHgrow(amplitude, Priority.ALWAYS);
        row.setMaxWidth(width);
        box = new VBox(6, chosenLabel, row, energyChart);
        box.setMaxWidth(width);
        showChoice();
        localize();
    }

    /** The controls and the energy chart, for the window. */
    Node node() {
        return box;
    }

    void localize() {
        amplitudeLabel.setText(I18n.text("modes.amplitude"));
        live.setText(I18n.text("modes.live"));
        timeAxis.setLabel(I18n.text("modes.energyTime"));
        energyAxis.setLabel(I18n.text("modes.energyAxis"));
        describe();
    }

    /** Finds the shapes of a scene, off the FX thread, when it is not the one they are known for. */
    void solveFor(SceneFile scene) {
        if (scene.equals(shapesFor)) {
            return;
        }
        shapesFor = scene;
        if (shapes != null) {
            shapes.cancel(false);
        }
        shapes = CompletableFuture.supplyAsync(() -> ModeShapes.of(scene.build()), solver);
        chosen = -1;
        unitShape = null;
        showChoice();
    }

    /** Chooses mode k (fastest first), with its frequency ω for the caption; −1 leaves it. */
    void choose(int k, double omega) {
        ModeShapes m = ready();
        if (k < 0 || m == null || k >= m.count()) {
            leave();
            return;
        }
        chosen = k;
        chosenOmega = omega;
        double[] phi = m.shape(k);
        double[] x0 = m.linearisationPoint();
        double largest = 0;
        for (int i = 0; 3 * i + 2 < phi.length; i++) {
            largest = Math.max(largest, Math.sqrt(phi[3 * i] * phi[3 * i] + phi[3 * i + 1] * phi[3 * i + 1]
                    + phi[3 * i + 2] * phi[3 * i + 2]));
        }
        unitShape = new double[phi.length];
        for (int c = 0; c < phi.length; c++) {
            unitShape[c] = largest > 0 ? phi[c] / largest : 0;
        }
        double[] lo = {Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE};
        double[] hi = {-Double.MAX_VALUE, -Double.MAX_VALUE, -Double.MAX_VALUE};
        for (int c = 0; c < x0.length; c++) {
            lo[c % 3] = Math.min(lo[c % 3], x0[c]);
            hi[c % 3] = Math.max(hi[c % 3], x0[c]);
        }
        extent = Math.max(1e-3, Math.sqrt(Math.pow(hi[0] - lo[0], 2) + Math.pow(hi[1] - lo[1], 2)
                + Math.pow(hi[2] - lo[2], 2)));
        energySeries.getData().clear();
        lastTime = Double.NEGATIVE_INFINITY;
        showChoice();
    }

    /** Leaves the chosen mode: the view shows the live state again. */
    void leave() {
        chosen = -1;
        unitShape = null;
        showChoice();
    }

    /** The chosen mode (fastest first), or −1. */
    int chosen() {
        return chosen;
    }

    /** The chosen mode's shape as drawn, its largest particle displacement 1; a copy, or null. */
    double[] unitShape() {
        return unitShape == null ? null : unitShape.clone();
    }

    /** The positions the modes are found at; null until the shapes are known. */
    double[] linearisationPoint() {
        ModeShapes m = ready();
        return m == null ? null : m.linearisationPoint();
    }

    /** The displacement's factor in the positions last drawn: x = x₀ + c φ̂; in m. */
    double shownCoefficient() {
        return shownCoefficient;
    }

    /** The amplitude slider. */
    Slider amplitude() {
        return amplitude;
    }

    /** The energy samples plotted, (t, E). */
    XYChart.Series<Number, Number> energy() {
        return energySeries;
    }

    /**
     * The snapshot to draw instead of {@code s} while a mode is chosen: its positions x₀ + c φ̂ at
     * the time {@code now} (ns); null when no mode is chosen (draw the live state).
     */
    Snapshot overlay(Snapshot s, long now) {
        if (chosen < 0 || unitShape == null || s.positions().length != unitShape.length) {
            return null;
        }
        double[] x0 = linearisationPoint();
        shownCoefficient = amplitude.getValue() * extent * Math.sin(2 * Math.PI * (now * 1e-9) / SHOWN_PERIOD);
        float[] p = new float[x0.length];
        for (int c = 0; c < p.length; c++) {
            p[c] = (float) (x0[c] + shownCoefficient * unitShape[c]);
        }
        return s.withPositions(p);
    }

    /** Asks the simulation for its state every {@link #SAMPLE_EVERY} s and plots the chosen mode's energy. */
    void sample(long now) {
        ModeShapes m = ready();
        if (chosen < 0 || m == null || sampling || (now - lastSample) * 1e-9 < SAMPLE_EVERY) {
            return;
        }
        sampling = true;
        lastSample = now;
        int k = chosen;
        engine.get().whenComplete((state, failure) -> Platform.runLater(() -> {
            sampling = false;
            if (failure != null || k != chosen || state[0].length != m.shape(k).length) {
                return;
            }
            double t = state[2][0];
            if (t < lastTime) {
                energySeries.getData().clear();     // a reset: the run starts again
            }
            if (t != lastTime) {
                lastTime = t;
                energySeries.getData().add(new XYChart.Data<>(t, m.energy(k, state[0], state[1])));
                if (energySeries.getData().size() > KEPT_SAMPLES) {
                    energySeries.getData().remove(0);
                }
            }
        }));
    }

    private ModeShapes ready() {
        if (shapes == null || !shapes.isDone() || shapes.isCompletedExceptionally() || shapes.isCancelled()) {
            return null;
        }
        return shapes.join();
    }

    private void showChoice() {
        amplitude.setDisable(chosen < 0);
        live.setDisable(chosen < 0);
        energyChart.setVisible(chosen >= 0);
        energyChart.setManaged(chosen >= 0);
        describe();
    }

    private void describe() {
        chosenLabel.setText(chosen < 0 ? I18n.text("modes.choose")
                : I18n.text("modes.chosen", chosen + 1, String.format(Locale.ROOT, "%.4g", chosenOmega)));
    }
}
