package dev.hooke.fx.model;

import dev.hooke.core.integrate.ImplicitOptions;
import dev.hooke.core.lesson.Readout;
import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.integrate.PositionVerlet;
import dev.hooke.core.integrate.ProjectionIntegrator;
import dev.hooke.core.scene.SceneFile;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import dev.hooke.fx.sim.SimulationRunner;
import dev.hooke.fx.sim.Snapshot;
import java.util.Set;
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
 * controls. The scene value the runner holds ({@link Snapshot#scene()}) is the one source of
 * these values: {@link #accept(Snapshot)} loads them from the newest snapshot whenever the runner's
 * scene changed by anything but this model's own edits still on their way (a reset, a scene file,
 * a lesson). A change a person makes to a property becomes an edit of that scene value on the
 * simulation thread, which applies it between two steps without a reset; a change of scene loads
 * that scene's defaults. The controls never touch the engine. Lives on the FX thread.
 */
public final class WorkbenchModel {

    private final SimulationRunner runner;
    private final ObjectProperty<SceneType> scene = new SimpleObjectProperty<>(this, "scene");
    private final ObjectProperty<IntegratorKind> integrator = new SimpleObjectProperty<>(this, "integrator");
    private final ReadOnlyObjectWrapper<SceneFile> sceneValue = new ReadOnlyObjectWrapper<>(this, "sceneValue");
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
    private final DoubleProperty pbdStiffness = new SimpleDoubleProperty(this, "pbdStiffness", 1);
    private final BooleanProperty compare = new SimpleBooleanProperty(this, "compare");
    private final ObjectProperty<IntegratorKind> compareIntegrator =
            new SimpleObjectProperty<>(this, "compareIntegrator", IntegratorKind.VERLET);
    private final BooleanProperty wireframe = new SimpleBooleanProperty(this, "wireframe");
    private final BooleanProperty largeType = new SimpleBooleanProperty(this, "largeType");
    private final BooleanProperty presenter = new SimpleBooleanProperty(this, "presenter");
    private final BooleanProperty projectorColours = new SimpleBooleanProperty(this, "projectorColours");
    private final ReadOnlyDoubleWrapper limit = new ReadOnlyDoubleWrapper(this, "limit", Double.NaN);
    private final ReadOnlyDoubleWrapper naiveBound = new ReadOnlyDoubleWrapper(this, "naiveBound", Double.NaN);
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(this, "running");
    private final ReadOnlyObjectWrapper<Snapshot> snapshot = new ReadOnlyObjectWrapper<>(this, "snapshot");
    private final BooleanProperty predictMode = new SimpleBooleanProperty(this, "predictMode", true);
    private final ReadOnlyObjectWrapper<Set<Readout>> hidden =
            new ReadOnlyObjectWrapper<>(this, "hidden", Set.of());
    private boolean loading;
    /** The edits this model sent to the runner; a snapshot that has not taken them all is not loaded. */
    private long editsSent;
    /** What the properties were last loaded from. */
    private SceneFile loadedScene;
    private IntegratorKind loadedIntegrator;
    private IntegratorKind loadedCompare;
    private long loadedEdits = -1;
    private boolean loadedComparing;

    /** @param runner the simulation thread to command; the properties take its first snapshot's values */
    public WorkbenchModel(SimulationRunner runner) {
        this.runner = runner;
        accept(runner.latest());
        hidden.addListener((obs, was, now) -> showBounds(snapshot.get()));
        forward(stiffness, k -> edit(s -> s.withStiffness(k)));
        forward(springDamping, kd -> edit(s -> s.withSpringDamping(kd)));
        forward(mass, m -> edit(s -> s.withMass(m)));
        forward(dt, h -> edit(s -> s.withDt(h)));
        forward(gravity, g -> edit(s -> s.withGravity(g)));
        forward(airDamping, c -> edit(s -> s.withAirDamping(c)));
        forward(verletDelta, d -> edit(s -> s.withVerletDelta(d)));
        forward(pbdStiffness, k -> edit(s -> s.withPbdStiffness(k)));
        speed.addListener((obs, old, v) -> runner.setSpeed(v.doubleValue()));
        substeps.addListener((obs, old, n) -> runner.setSubsteps(n.intValue()));
        projectionIterations.addListener((obs, old, n) -> {
            if (!loading) {
                edit(s -> s.withIterations(n.intValue()));
            }
        });
        compare.addListener((obs, was, on) -> {
            if (!loading) {
                runner.setCompare(on ? compareIntegrator.get() : null);
            }
        });
        compareIntegrator.addListener((obs, old, kind) -> {
            if (kind == null) {
                compareIntegrator.set(old);
            } else if (!loading) {
                runner.setCompareIntegrator(kind);
            }
        });
        implicitOptions.addListener((obs, old, options) -> {
            if (options == null) {
                implicitOptions.set(old);
            } else if (!loading) {
                edit(s -> s.withImplicitOptions(options));
            }
        });
        integrator.addListener((obs, old, kind) -> {
            if (kind == null) {
                integrator.set(old);
            } else if (!loading) {
                edit(s -> s.withIntegrator(kind));
            }
        });
        scene.addListener((obs, old, type) -> {
            if (type == null) {
                scene.set(old);
            } else if (!loading) {
                open(SceneFile.defaults(type).withIntegrator(integrator.get()));
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

    /** Sends an edit of the scene value to the runner. */
    private void edit(java.util.function.UnaryOperator<SceneFile> change) {
        editsSent++;
        runner.edit(change);
    }

    /**
     * Takes in a snapshot the window is about to render (FX thread): the limits and the running
     * state always; the scene's values when the runner's scene changed and this model's own edits
     * have all arrived (so that a slider being dragged does not jump back to a value it left).
     */
    public void accept(Snapshot s) {
        snapshot.set(s);
        running.set(s.running());
        showBounds(s);
        if (s.edits() < editsSent) {
            return;
        }
        boolean comparing = s.compare() != null;
        if (s.scene() == loadedScene && s.integrator() == loadedIntegrator && s.compareMode() == loadedCompare
                && s.edits() == loadedEdits && comparing == loadedComparing) {
            return;
        }
        loadedScene = s.scene();
        loadedIntegrator = s.integrator();
        loadedCompare = s.compareMode();
        loadedEdits = s.edits();
        loadedComparing = comparing;
        load(s.scene(), s.integrator(), s.compareMode(), comparing);
    }

    /** The limit and the naive bound of {@code s}, each NaN while predict mode hides it. */
    private void showBounds(Snapshot s) {
        if (s == null) {
            return;
        }
        Set<Readout> h = hidden.get();
        limit.set(s.limit() == null || h.contains(Readout.LIMIT) ? Double.NaN : s.limit().dtMax());
        naiveBound.set(h.contains(Readout.NAIVE_BOUND) ? Double.NaN : s.naiveBound());
    }

    /** Whether the properties are being loaded from a snapshot (those changes are not a person's). */
    public boolean isLoading() {
        return loading;
    }

    /**
     * @param comparing whether a second system runs beside the main one (compare mode, or a
     *                  lesson's comparison): the compare switch shows it
     */
    private void load(SceneFile f, IntegratorKind shownIntegrator, IntegratorKind compareMode, boolean comparing) {
        loading = true;
        try {
            sceneValue.set(f);
            scene.set(f.type());
            integrator.set(shownIntegrator);
            stiffness.set(f.stiffness());
            SceneSpec spec = f.spec();
            springDamping.set(spec.springDamping());
            mass.set(spec.mass());
            dt.set(f.dt());
            gravity.set(spec.gravity());
            airDamping.set(spec.airDamping());
            verletDelta.set(f.verletDelta());
            implicitOptions.set(f.implicitOptions());
            projectionIterations.set(f.iterations());
            pbdStiffness.set(f.pbdStiffness());
            compare.set(compareMode != null || comparing);
            if (compareMode != null) {
                compareIntegrator.set(compareMode);
            }
        } finally {
            loading = false;
        }
    }

    /** The scene value the runner held at the newest snapshot taken in (what File › Save writes). */
    public ReadOnlyObjectProperty<SceneFile> sceneValueProperty() {
        return sceneValue.getReadOnlyProperty();
    }

    // ------------------------------------------------------------------ actions

    /** Builds {@code f} afresh (an opened scene file, a new scene type), playing or paused as before. */
    public void open(SceneFile f) {
        runner.load(f);
    }

    /**
     * Builds the scene afresh with {@code change} applied to its present value (a new shape).
     *
     * @throws IllegalArgumentException naming the field at fault, the workbench's size caps
     *                                  included ({@link SceneFile#requireWorkbenchSize}); nothing changes then
     */
    public void applyShape(java.util.function.UnaryOperator<SceneSpec> change) {
        SceneFile now = sceneValue.get();
        SceneFile next = now.withSpec(change.apply(now.spec())).requireWorkbenchSize();
        runner.load(next);
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

    /** What Reset does: builds the scene afresh; a lesson, when one is open, resets its own simulation. */
    private Runnable resetAction;

    /** Lets a lesson take over Reset (null: the runner's own). */
    public void setResetAction(Runnable action) {
        resetAction = action;
    }

    /** Rebuilds the scene with the present values; playing or paused as before. */
    public void reset() {
        if (resetAction != null) {
            resetAction.run();
        } else {
            runner.reset();
        }
    }

    /** Rebuilds the scene with the present values and plays (the recovery after an explosion). */
    public void resetAndPlay() {
        runner.resetAndPlay();
    }

    /** Halves Δt, rebuilds the scene and plays. */
    public void halveDtAndReset() {
        editsSent++;
        runner.halveDtAndReset();
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
     * Whether the window is in presenter mode (View › Presenter, F5): full screen, the view large,
     * one chart, Δt and the limit in big type over the view, the side panel in its closed drawer.
     */
    public BooleanProperty presenterProperty() {
        return presenter;
    }

    /**
     * Whether the window uses the projector colours (View › Projector colours): white panels and
     * charts, black texts, a dark grid and bold lines, which a projector does not wash out.
     */
    public BooleanProperty projectorColoursProperty() {
        return projectorColours;
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

    /**
     * Whether predict mode is on: while a lesson step's question is open, the readouts that would
     * give its answer away are hidden ({@link #hiddenProperty()}). On by default; View › Predict mode.
     */
    public BooleanProperty predictModeProperty() {
        return predictMode;
    }

    /**
     * The readouts hidden now (empty: none): the open lesson step's while its question waits for
     * an answer and predict mode is on. The limit and naive-bound properties are NaN while hidden.
     */
    public ReadOnlyObjectProperty<Set<Readout>> hiddenProperty() {
        return hidden.getReadOnlyProperty();
    }

    /** The readouts hidden now. */
    public Set<Readout> hidden() {
        return hidden.get();
    }

    /** Hides {@code readouts} (the lesson panel's open question), or none (an empty set). */
    public void hide(Set<Readout> readouts) {
        Set<Readout> next = Set.copyOf(readouts);
        if (!next.equals(hidden.get())) {
            hidden.set(next);
        }
    }

    /** The snapshot being shown. */
    public ReadOnlyObjectProperty<Snapshot> snapshotProperty() {
        return snapshot.getReadOnlyProperty();
    }
}
