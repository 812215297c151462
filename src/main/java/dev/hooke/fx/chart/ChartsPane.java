package dev.hooke.fx.chart;

import dev.hooke.fx.sim.EnergySample;
import java.util.List;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;

/**
 * The charts below the view, side by side: energy, stability and (while an implicit method runs)
 * the linear solves. Each frame's batch of samples goes to all of them.
 */
public final class ChartsPane extends HBox {

    private final EnergyChart energy;
    private final StabilityChart stability = new StabilityChart();
    private final SolverChart solver = new SolverChart();

    public ChartsPane(EnergyChart energy) {
        this.energy = energy;
        setId("charts");
        getStyleClass().add("charts");
        getChildren().addAll(energy.node(), stability.node(), solver.node());
        for (var n : getChildren()) {
            HBox.setHgrow(n, Priority.ALWAYS);
            ((javafx.scene.layout.Region) n).setMinWidth(120);
            ((javafx.scene.layout.Region) n).setPrefWidth(400);
        }
        showSolver(false);
    }

    /** Shows or hides the solver chart. */
    public void showSolver(boolean on) {
        if (solver.node().isVisible() != on) {
            solver.node().setVisible(on);
            solver.node().setManaged(on);
        }
    }

    /** Names the two systems in every chart (compare mode), or shows the main one only (nulls). */
    public void setCompare(String nameA, String nameB) {
        energy.setCompare(nameA, nameB);
        stability.setCompare(nameA, nameB);
        solver.setCompare(nameA, nameB);
    }

    /** Adds a batch of samples to every chart. */
    public void add(List<EnergySample> batch) {
        energy.add(batch);
        stability.add(batch);
        solver.add(batch);
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
}
