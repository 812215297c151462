package dev.hooke.fx.panel;

import dev.hooke.core.integrate.ImplicitOptions;
import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.integrate.IntegratorSetting;
import dev.hooke.core.integrate.ProjectionIntegrator;
import dev.hooke.core.scene.Range;
import dev.hooke.core.solve.PreconditionerKind;
import dev.hooke.core.solve.SolverKind;
import dev.hooke.fx.I18n;
import dev.hooke.fx.Phrases;
import dev.hooke.fx.Widgets;
import dev.hooke.fx.controls.Numbers;
import dev.hooke.fx.controls.ParameterSlider;
import dev.hooke.fx.controls.SteadyLabel;
import dev.hooke.fx.model.WorkbenchModel;
import dev.hooke.fx.sim.ProjectionSummary;
import dev.hooke.fx.sim.SimulationRunner;
import dev.hooke.fx.sim.Snapshot;
import dev.hooke.fx.sim.SolverSummary;
import java.util.function.UnaryOperator;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.control.Spinner;
import javafx.scene.control.SpinnerValueFactory;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;
import org.controlsfx.control.ToggleSwitch;

/**
 * The integrator's settings below the integrator choice: Verlet's δ (shown for Verlet), the
 * projection methods' iterations per step (shown for PBD, XPBD and the fast mass-spring method)
 * and PBD's stiffness k (shown for PBD), the substeps per frame, and the implicit methods' solver
 * options (shown for them): solver, preconditioner, tolerance, iteration cap, warm start, Newton
 * iterations, clamp. Every change applies to the running simulation at once. Also the status
 * bar's solver label, which for a projection method tells its iterations and strain.
 *
 * <p>Ids: {@code verletDelta…} (a {@link ParameterSlider}), {@code projectionBox},
 * {@code projectionIterationsSpinner}, {@code pbdStiffness…} (a {@link ParameterSlider}),
 * {@code substepsSlider},
 * {@code solverBox}, {@code solverChoice}, {@code precondChoice}, {@code tol…},
 * {@code maxIterSpinner}, {@code warmStartToggle}, {@code newtonSpinner}, {@code clampToggle},
 * {@code solverStatus}.
 */
public final class IntegratorPanel extends VBox {

    /** The substeps slider's largest value. */
    public static final int SUBSTEPS_SLIDER_MAX = 50;

    private final WorkbenchModel model;
    private final SteadyLabel status;
    private final DoubleProperty tolerance = new SimpleDoubleProperty(this, "tolerance");
    private final ComboBox<SolverKind> solver = new ComboBox<>();
    private final ComboBox<PreconditionerKind> precond = new ComboBox<>();
    private final Spinner<Integer> maxIter = new Spinner<>();
    private final Spinner<Integer> newton = new Spinner<>();
    private final Spinner<Integer> projectionIterations = new Spinner<>();
    private final ToggleSwitch warmStart = new ToggleSwitch(I18n.text("solver.warmStart"));
    private final ToggleSwitch clamp = new ToggleSwitch(I18n.text("solver.clamp"));
    private boolean showing;

    /**
     * @param model  the workbench's view model
     * @param status the status bar's solver label, which this panel keeps up to date (it outlives
     *               the panel, which is rebuilt when the language changes)
     */
    public IntegratorPanel(WorkbenchModel model, SteadyLabel status) {
        super(8);
        this.model = model;
        this.status = status;
        getStyleClass().add("integrator-panel");

        ParameterSlider delta = new ParameterSlider("verletDelta", I18n.text("param.verletDelta"), "",
                model.verletDeltaProperty(), 1e-6, 0.1, true, Range.upTo(0.999, ""));
        Label deltaNote = detail(I18n.text("param.verletDelta.note"));
        VBox verletBox = new VBox(4, delta, deltaNote);
        showOnlyWhen(verletBox, k -> k.takes(IntegratorSetting.VERLET_DELTA));

        projectionIterations.setId("projectionIterationsSpinner");
        projectionIterations.setEditable(true);
        projectionIterations.setValueFactory(integers(1, ProjectionIntegrator.MAX_ITERATIONS,
                model.projectionIterationsProperty().get(), 1));
        projectionIterations.setPrefWidth(120);
        projectionIterations.valueProperty().addListener((obs, old, n) -> {
            if (n != null) {
                model.projectionIterationsProperty().set(n);
            }
        });
        model.projectionIterationsProperty().addListener((obs, old, n) ->
                projectionIterations.getValueFactory().setValue(n.intValue()));
        ParameterSlider pbdStiffness = new ParameterSlider("pbdStiffness", I18n.text("param.pbdStiffness"), "",
                model.pbdStiffnessProperty(), 1e-4, 1, true, Range.positive(1e-6, 1, ""));
        showOnlyWhen(pbdStiffness, k -> k.takes(IntegratorSetting.PBD_STIFFNESS));
        VBox projectionBox = new VBox(4, labelled(I18n.text("param.iterations"), projectionIterations),
                detail(I18n.text("param.iterations.note")), pbdStiffness);
        projectionBox.setId("projectionBox");
        showOnlyWhen(projectionBox, k -> k.takes(IntegratorSetting.ITERATIONS));

        Slider substeps = new Slider(0, SUBSTEPS_SLIDER_MAX, model.substepsProperty().get());
        substeps.setId("substepsSlider");
        substeps.setMajorTickUnit(10);
        substeps.setMinorTickCount(9);
        substeps.setSnapToTicks(true);
        substeps.setShowTickMarks(true);
        substeps.setShowTickLabels(true);
        substeps.setBlockIncrement(1);
        Label substepsValue = new Label();
        substepsValue.setId("substepsValue");
        substepsValue.getStyleClass().add("parameter-field-text");
        substeps.valueProperty().addListener((obs, old, v) -> model.substepsProperty().set((int) Math.round(v.doubleValue())));
        model.substepsProperty().addListener((obs, old, n) -> {
            substeps.setValue(n.intValue());
            substepsValue.setText(substepsText(n.intValue()));
        });
        substepsValue.setText(substepsText(model.substepsProperty().get()));
        VBox substepsBox = new VBox(2, header(I18n.text("param.substeps"), substepsValue), substeps);
        substepsBox.getStyleClass().add("parameter");

        solver.setId("solverChoice");
        solver.getItems().setAll(SolverKind.values());
        solver.setConverter(Widgets.converter(SolverKind::displayName));
        solver.setMaxWidth(Double.MAX_VALUE);
        precond.setId("precondChoice");
        precond.getItems().setAll(PreconditionerKind.values());
        precond.setConverter(Widgets.converter(Phrases::preconditioner));
        precond.setMaxWidth(Double.MAX_VALUE);
        ParameterSlider tol = new ParameterSlider("tol", I18n.text("solver.tol"), "", tolerance, 1e-12, 1e-1,
                true, Range.positive(1e-15, 0.5, ""));
        maxIter.setId("maxIterSpinner");
        maxIter.setEditable(true);
        maxIter.setValueFactory(integers(1, ImplicitOptions.MAX_ITERATIONS_LIMIT,
                ImplicitOptions.DEFAULT_MAX_ITERATIONS, 10));
        maxIter.setPrefWidth(120);
        newton.setId("newtonSpinner");
        newton.setEditable(true);
        newton.setValueFactory(integers(1, ImplicitOptions.NEWTON_ITERATIONS_LIMIT, 1, 1));
        newton.setPrefWidth(120);
        warmStart.setId("warmStartToggle");
        clamp.setId("clampToggle");

        show(model.implicitOptionsProperty().get());
        model.implicitOptionsProperty().addListener((obs, old, o) -> show(o));
        solver.valueProperty().addListener((obs, old, v) -> change(o -> v == null ? o : o.withSolver(v)));
        precond.valueProperty().addListener((obs, old, v) -> change(o -> v == null ? o : o.withPreconditioner(v)));
        tolerance.addListener((obs, old, v) -> change(o -> o.withTolerance(v.doubleValue())));
        maxIter.valueProperty().addListener((obs, old, v) -> change(o -> v == null ? o : o.withMaxIterations(v)));
        newton.valueProperty().addListener((obs, old, v) -> change(o -> v == null ? o : o.withNewtonIterations(v)));
        warmStart.selectedProperty().addListener((obs, old, v) -> change(o -> o.withWarmStart(v)));
        clamp.selectedProperty().addListener((obs, old, v) -> change(o -> o.withClamp(v)));
        precond.disableProperty().bind(solver.valueProperty().isEqualTo(SolverKind.CHOLESKY));
        tol.disableProperty().bind(solver.valueProperty().isEqualTo(SolverKind.CHOLESKY));
        maxIter.disableProperty().bind(solver.valueProperty().isEqualTo(SolverKind.CHOLESKY));
        warmStart.disableProperty().bind(solver.valueProperty().isEqualTo(SolverKind.CHOLESKY));

        VBox solverBox = new VBox(8,
                labelled(I18n.text("solver.kind"), solver),
                labelled(I18n.text("solver.precond"), precond),
                tol,
                labelled(I18n.text("solver.maxIter"), maxIter),
                labelled(I18n.text("solver.newton"), newton),
                warmStart, clamp);
        solverBox.setId("solverBox");
        solverBox.getStyleClass().add("solver-box");
        showOnlyWhen(solverBox, k -> k.takes(IntegratorSetting.IMPLICIT_SOLVER));

        getChildren().addAll(verletBox, projectionBox, substepsBox, solverBox);
    }

    /**
     * Whole numbers from min to max; text that is not one (or lies outside) is refused and the
     * spinner keeps its value.
     */
    static SpinnerValueFactory<Integer> integers(int min, int max, int initial, int step) {
        SpinnerValueFactory.IntegerSpinnerValueFactory f =
                new SpinnerValueFactory.IntegerSpinnerValueFactory(min, max, initial, step);
        f.setConverter(new StringConverter<>() {
            @Override
            public String toString(Integer v) {
                return v == null ? "" : Integer.toString(v);
            }

            @Override
            public Integer fromString(String text) {
                try {
                    int v = Integer.parseInt(text.trim());
                    return v >= min && v <= max ? v : f.getValue();
                } catch (NumberFormatException e) {
                    return f.getValue();
                }
            }
        });
        return f;
    }

    private static String substepsText(int n) {
        return n == 0 ? I18n.text("param.substeps.clock") : I18n.text("param.substeps.value", n,
                Numbers.format(SimulationRunner.FRAMES_PER_SECOND * n, 3));
    }

    private void show(ImplicitOptions o) {
        showing = true;
        try {
            solver.setValue(o.solver());
            precond.setValue(o.preconditioner());
            tolerance.set(o.tolerance());
            maxIter.getValueFactory().setValue(o.maxIterations());
            newton.getValueFactory().setValue(o.newtonIterations());
            warmStart.setSelected(o.warmStart());
            clamp.setSelected(o.clamp());
        } finally {
            showing = false;
        }
    }

    private void change(UnaryOperator<ImplicitOptions> edit) {
        if (!showing) {
            model.implicitOptionsProperty().set(edit.apply(model.implicitOptionsProperty().get()));
        }
    }

    private void showOnlyWhen(Node n, java.util.function.Predicate<IntegratorKind> when) {
        Runnable update = () -> {
            IntegratorKind k = model.integratorProperty().get();
            boolean on = k != null && when.test(k);
            n.setVisible(on);
            n.setManaged(on);
        };
        model.integratorProperty().addListener((obs, old, k) -> update.run());
        update.run();
    }

    /** The status bar's solver label: iterations and residual of the last implicit step. */
    public Label statusLabel() {
        return status.label();
    }

    /** Shows a snapshot's solver or projection statistics in the status label (FX thread). */
    public void update(Snapshot s) {
        SolverSummary solve = s.solver();
        String text;
        if (s.integrator().isProjection()) {
            ProjectionSummary p = s.projection();
            text = p == null ? I18n.text("solver.status.none") : projectionText(p);
        } else if (!s.integrator().isImplicit()) {
            text = "";
        } else if (solve == null) {
            text = I18n.text("solver.status.none");
        } else if (solve.solver() == SolverKind.CHOLESKY) {
            text = I18n.text("solver.status.direct", solve.newtonIterations(), Numbers.format(solve.finalResidual(), 2));
        } else {
            text = I18n.text("solver.status.cg", solve.iterations(), solve.newtonIterations(),
                    Numbers.format(solve.finalResidual(), 2));
        }
        if (solve != null && !solve.converged()) {
            text += " · " + solve.outcome();
        }
        status.setText(text);
        boolean bad = solve != null && !solve.converged();
        Widgets.toggleClass(status.label(), "above-limit", bad);
    }

    /** The status bar's words for a projection step: iterations, RMS and largest strain. */
    public static String projectionText(ProjectionSummary p) {
        return I18n.text("projection.status", p.iterations(), Numbers.format(p.rmsStrain(), 3),
                Numbers.format(p.maxStrain(), 3));
    }

    private static Label detail(String text) {
        Label l = new Label(text);
        l.setWrapText(true);
        l.getStyleClass().add("detail");
        return l;
    }

    private static Node header(String name, Label value) {
        Label title = new Label(name);
        title.getStyleClass().add("parameter-name");
        title.setMinWidth(Region.USE_PREF_SIZE);
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox box = new HBox(8, title, gap, value);
        box.setAlignment(Pos.CENTER_LEFT);
        return box;
    }

    private static Node labelled(String name, Region control) {
        Label title = new Label(name);
        title.getStyleClass().add("parameter-name");
        title.setMinWidth(Region.USE_PREF_SIZE);
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox.setHgrow(control, Priority.SOMETIMES);
        HBox box = new HBox(8, title, gap, control);
        box.setAlignment(Pos.CENTER_LEFT);
        return box;
    }
}
