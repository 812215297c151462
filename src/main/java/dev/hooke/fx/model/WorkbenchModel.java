package dev.hooke.fx.model;

import dev.hooke.core.integrate.ImplicitOptions;
import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.integrate.PositionVerlet;
import dev.hooke.core.integrate.ProjectionIntegrator;
import dev.hooke.core.scene.SceneType;
import dev.hooke.fx.sim.SceneSetup;
import dev.hooke.fx.sim.SceneShape;
import dev.hooke.fx.sim.SimulationRunner;
import dev.hooke.fx.sim.Snapshot;
import java.util.function.DoubleConsumer;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;

/**
 * The workbench's view model: the values of the panels as JavaFX properties, bound to the
 * controls. A change of a parameter property becomes a command to the simulation thread, which
 * applies it between two steps without a reset; a change of scene loads that scene's defaults
 * and resets. The controls never touch the engine. Lives on the FX thread.
 */
public final class WorkbenchModel {

    private final SimulationRunner runner;
    private final ObjectProperty<SceneType> scene = new SimpleObjectProperty<>(this, "scene");
    private final ObjectProperty<IntegratorKind> integrator = new SimpleObjectProperty<>(this, "integrator");
    private final ReadOnlyObjectWrapper<SceneShape> shape = new ReadOnlyObjectWrapper<>(this, "shape");
    private final DoubleProperty stiffness = new SimpleDoubleProperty(this, "stiffness");
    private final DoubleProperty springDamping = new SimpleDoubleProperty(this, "springDamping");
    private final DoubleProperty mass = new SimpleDoubleProperty(this, "mass");
    private final DoubleProperty dt = new SimpleDoubleProperty(this, "dt");
    private final DoubleProperty gravity = new SimpleDoubleProperty(this, "gravity");
    private final DoubleProperty airDamping = new SimpleDoubleProperty(this, "airDamping");
    private final DoubleProperty speed = new SimpleDoubleProperty(this, "speed", 1.0);
    private final ObjectProperty<ImplicitOptions> implicitOptions =
            new SimpleObjectProperty<>(this, "implicitOptions", ImplicitOptions.defaults());
    private final DoubleProperty verletDelta = new SimpleDoubleProperty(this, "verletDelta", PositionVerlet.DEFAULT_DAMPING);
    private final IntegerProperty substeps = new SimpleIntegerProperty(this, "substeps", 0);
    private final IntegerProperty projectionIterations =
            new SimpleIntegerProperty(this, "projectionIterations", ProjectionIntegrator.DEFAULT_ITERATIONS);
    private final DoubleProperty pbdStiffness =
            new SimpleDoubleProperty(this, "pbdStiffness", SimulationRunner.DEFAULT_PBD_STIFFNESS);
    private final BooleanProperty compare = new SimpleBooleanProperty(this, "compare");
    private final ObjectProperty<IntegratorKind> compareIntegrator =
            new SimpleObjectProperty<>(this, "compareIntegrator", IntegratorKind.VERLET);
    private final BooleanProperty wireframe = new SimpleBooleanProperty(this, "wireframe");
    private final BooleanProperty largeType = new SimpleBooleanProperty(this, "largeType");
    private final ReadOnlyDoubleWrapper limit = new ReadOnlyDoubleWrapper(this, "limit", Double.NaN);
    private final ReadOnlyDoubleWrapper naiveBound = new ReadOnlyDoubleWrapper(this, "naiveBound", Double.NaN);
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(this, "running");
    private final ReadOnlyObjectWrapper<Snapshot> snapshot = new ReadOnlyObjectWrapper<>(this, "snapshot");
    private boolean loading;

    /**
     * @param runner  the simulation thread to command
     * @param initial the values the runner was started with
     */
    public WorkbenchModel(SimulationRunner runner, SceneSetup initial) {
        this.runner = runner;
        load(initial);
        snapshot.set(runner.latest());
        forward(stiffness, runner::setStiffness);
        forward(springDamping, runner::setSpringDamping);
        forward(mass, runner::setMass);
        forward(dt, runner::setDt);
        forward(gravity, runner::setGravity);
        forward(airDamping, runner::setAirDamping);
        forward(speed, runner::setSpeed);
        forward(verletDelta, runner::setVerletDelta);
        substeps.addListener((obs, old, n) -> runner.setSubsteps(n.intValue()));
        projectionIterations.addListener((obs, old, n) -> runner.setProjectionIterations(n.intValue()));
        forward(pbdStiffness, runner::setPbdStiffness);
        compare.addListener((obs, was, on) -> runner.setCompare(on ? compareIntegrator.get() : null, setup()));
        compareIntegrator.addListener((obs, old, kind) -> {
            if (kind == null) {
                compareIntegrator.set(old);
            } else {
                runner.setCompareIntegrator(kind);
            }
        });
        implicitOptions.addListener((obs, old, options) -> {
            if (options == null) {
                implicitOptions.set(old);
            } else {
                runner.setImplicitOptions(options);
            }
        });
        integrator.addListener((obs, old, kind) -> {
            if (kind == null) {
                integrator.set(old);
            } else if (!loading) {
                runner.setIntegrator(kind);
            }
        });
        scene.addListener((obs, old, type) -> {
            if (type == null) {
                scene.set(old);
            } else if (!loading) {
                SceneSetup fresh = SceneSetup.defaults(type).withIntegrator(integrator.get());
                load(fresh);
                runner.reset(fresh);
            }
        });
    }

    private void forward(DoubleProperty p, DoubleConsumer command) {
        p.addListener((obs, old, value) -> {
            if (!loading) {
                command.accept(value.doubleValue());
            }
        });
    }

    private void load(SceneSetup s) {
        loading = true;
        try {
            scene.set(s.type());
            integrator.set(s.integrator());
            stiffness.set(s.stiffness());
            springDamping.set(s.springDamping());
            mass.set(s.mass());
            dt.set(s.dt());
            gravity.set(s.gravity());
            airDamping.set(s.airDamping());
            shape.set(s.shape());
        } finally {
            loading = false;
        }
    }

    /** The present values of the panels, as a setup to build a fresh scene from. */
    public SceneSetup setup() {
        return new SceneSetup(scene.get(), stiffness.get(), springDamping.get(), mass.get(), gravity.get(),
                airDamping.get(), dt.get(), integrator.get(), shape.get());
    }

    // ------------------------------------------------------------------ actions

    /**
     * Takes every value from {@code setup} (an opened scene file, a lesson's scene) and builds
     * the scene afresh with them, playing or paused as before.
     */
    public void open(SceneSetup setup) {
        load(setup);
        runner.reset(setup);
    }

    /**
     * Like {@link #open(SceneSetup)}, and takes the method settings a scene file holds besides
     * the setup: Verlet's δ, the implicit methods' solver options, the projection methods'
     * iterations per step and PBD's stiffness k. They reach the simulation thread before the
     * scene is built afresh, so that its first step uses them.
     *
     * @param verletDelta  δ; dimensionless, 0 ≤ δ &lt; 1
     * @param options      the implicit methods' solver options
     * @param iterations   the projection methods' iterations per step
     * @param pbdStiffness PBD's k; dimensionless, 0 &lt; k ≤ 1
     */
    public void open(SceneSetup setup, double verletDelta, ImplicitOptions options, int iterations,
                     double pbdStiffness) {
        this.verletDelta.set(verletDelta);
        implicitOptions.set(options);
        projectionIterations.set(iterations);
        this.pbdStiffness.set(pbdStiffness);
        open(setup);
    }

    /**
     * Rebuilds the scene (a reset) with {@code newShape} and the present parameter values.
     *
     * @throws IllegalArgumentException naming the field at fault, the workbench's size caps
     *                                  included ({@link SceneShape#validate}); nothing changes then
     */
    public void applyShape(SceneShape newShape) {
        newShape.validate(scene.get());
        shape.set(newShape);
        runner.reset(setup());
    }

    /** The particles, pins, spring kinds and perturbation the present scene was built with. */
    public ReadOnlyObjectProperty<SceneShape> shapeProperty() {
        return shape.getReadOnlyProperty();
    }

    /** Plays when paused, pauses when playing. */
    public void togglePlay() {
        runner.togglePlay();
    }

    /** Takes one step (when paused). */
    public void step() {
        if (running.get()) {
            runner.pause();
        }
        runner.stepOnce();
    }

    /** Rebuilds the scene with the present parameter values; playing or paused as before. */
    public void reset() {
        runner.reset(setup());
    }

    /** Rebuilds the scene with the present values and plays (the recovery after an explosion). */
    public void resetAndPlay() {
        runner.resetAndPlay(setup());
    }

    /** Halves Δt, rebuilds the scene and plays. */
    public void halveDtAndReset() {
        dt.set(dt.get() / 2);
        runner.resetAndPlay(setup());
    }

    /** Takes in a snapshot the window is about to render (FX thread). */
    public void accept(Snapshot s) {
        snapshot.set(s);
        running.set(s.running());
        limit.set(s.limit() == null ? Double.NaN : s.limit().dtMax());
        naiveBound.set(s.naiveBound());
    }

    // ------------------------------------------------------------------ properties

    public SimulationRunner runner() {
        return runner;
    }

    public ObjectProperty<SceneType> sceneProperty() {
        return scene;
    }

    public ObjectProperty<IntegratorKind> integratorProperty() {
        return integrator;
    }

    /** k_s of the structural springs; in N/m. */
    public DoubleProperty stiffnessProperty() {
        return stiffness;
    }

    /** k_d of every spring; in N·s/m. */
    public DoubleProperty springDampingProperty() {
        return springDamping;
    }

    /** m of every particle; in kg. */
    public DoubleProperty massProperty() {
        return mass;
    }

    /** Δt; in s. */
    public DoubleProperty dtProperty() {
        return dt;
    }

    /** |g|, along −y; in m/s². */
    public DoubleProperty gravityProperty() {
        return gravity;
    }

    /** c, global viscous damping; in N·s/m. */
    public DoubleProperty airDampingProperty() {
        return airDamping;
    }

    /** Simulated seconds per wall-clock second. */
    public DoubleProperty speedProperty() {
        return speed;
    }

    /** The options of the implicit methods (solver, preconditioner, tolerance, …). */
    public ObjectProperty<ImplicitOptions> implicitOptionsProperty() {
        return implicitOptions;
    }

    /** Verlet's damping factor δ; dimensionless, 0 ≤ δ &lt; 1. */
    public DoubleProperty verletDeltaProperty() {
        return verletDelta;
    }

    /** Substeps per frame (0: the simulation follows the clock); see {@link SimulationRunner#setSubsteps}. */
    public IntegerProperty substepsProperty() {
        return substeps;
    }

    /**
     * The iterations per step of the projection methods (PBD, XPBD, the fast mass-spring method);
     * see {@link SimulationRunner#setProjectionIterations}.
     */
    public IntegerProperty projectionIterationsProperty() {
        return projectionIterations;
    }

    /** PBD's stiffness k; dimensionless, 0 &lt; k ≤ 1. */
    public DoubleProperty pbdStiffnessProperty() {
        return pbdStiffness;
    }

    /** Whether compare mode is on: the scene also runs with {@link #compareIntegratorProperty()}. */
    public BooleanProperty compareProperty() {
        return compare;
    }

    /** Compare mode's second method. */
    public ObjectProperty<IntegratorKind> compareIntegratorProperty() {
        return compareIntegrator;
    }

    /** Whether the cloth is drawn as a wireframe. */
    public BooleanProperty wireframeProperty() {
        return wireframe;
    }

    /** Whether the window uses large type (for a projector). */
    public BooleanProperty largeTypeProperty() {
        return largeType;
    }

    /**
     * The integrator's predicted stability limit on Δt, as the newest snapshot says; in s (NaN
     * while unknown, +∞ when there is none, 0 when every Δt is unstable).
     */
    public ReadOnlyDoubleProperty limitProperty() {
        return limit.getReadOnlyProperty();
    }

    /** The naive bound 2·√(m/k_s), as the newest snapshot says; in s (NaN while unknown). */
    public ReadOnlyDoubleProperty naiveBoundProperty() {
        return naiveBound.getReadOnlyProperty();
    }

    /** Whether the simulation is playing, as the newest snapshot says. */
    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }

    /** The snapshot being shown. */
    public ReadOnlyObjectProperty<Snapshot> snapshotProperty() {
        return snapshot.getReadOnlyProperty();
    }
}
