package dev.hooke.fx.lesson;

import dev.hooke.core.integrate.ImplicitOptions;
import dev.hooke.core.scene.SceneFile;
import dev.hooke.fx.model.WorkbenchModel;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import javafx.animation.PauseTransition;
import javafx.beans.value.ObservableValue;
import javafx.util.Duration;

/**
 * The values a person chose with the side panel's controls in place of a lesson's: it watches the
 * model's properties (m, k_s, k_d, g, c, Δt, the integrator, Verlet's δ, the projection
 * iterations, PBD's stiffness, the implicit solver's settings) while the runner shows the
 * lesson's simulations, records each change as a scene-file value ({@link #chosen()}), and once
 * the control has rested for {@link #SETTLE_MILLIS} ms tells the panel to take them in. (Which values
 * each step's result was produced with is kept with the result, {@link LessonPanel.Played}.)
 */
final class LessonOverrides {

    /** How long a slider must rest before the lesson takes its value in; in ms. */
    static final double SETTLE_MILLIS = 350;

    /** The solver settings, in the order the note names them. */
    private static final List<SceneFile.Key> SOLVER_KEYS = List.of(SceneFile.Key.SOLVER, SceneFile.Key.PRECOND,
            SceneFile.Key.TOL, SceneFile.Key.MAX_ITER, SceneFile.Key.NEWTON_ITERS, SceneFile.Key.WARM_START,
            SceneFile.Key.CLAMP);

    private final WorkbenchModel model;
    private final Supplier<LessonSession> session;
    /** Values the person chose with the sliders in place of the lesson's, in the order chosen. */
    private final Map<SceneFile.Key, Object> chosen = new LinkedHashMap<>();
    /** A change of the overrides is taken in once the slider has settled. */
    private final PauseTransition settle = new PauseTransition(Duration.millis(SETTLE_MILLIS));
    /** Overrides changed while a step was running: taken in when it ends. */
    private boolean pending;

    /**
     * @param model   the workbench's view model, whose controls' values are watched
     * @param session the lesson open, or null
     * @param settled takes the values in, once a control has rested
     */
    LessonOverrides(WorkbenchModel model, Supplier<LessonSession> session, Runnable settled) {
        this.model = model;
        this.session = session;
        settle.setOnFinished(e -> settled.run());
        watch(model.massProperty(), SceneFile.Key.MASS);
        watch(model.stiffnessProperty(), SceneFile.Key.K);
        watch(model.springDampingProperty(), SceneFile.Key.KD);
        watch(model.gravityProperty(), SceneFile.Key.GRAVITY);
        watch(model.airDampingProperty(), SceneFile.Key.AIR_DAMPING);
        watch(model.dtProperty(), SceneFile.Key.DT);
        watch(model.integratorProperty(), SceneFile.Key.INTEGRATOR);
        watch(model.verletDeltaProperty(), SceneFile.Key.VERLET_DELTA);
        watch(model.projectionIterationsProperty(), SceneFile.Key.ITERATIONS);
        watch(model.pbdStiffnessProperty(), SceneFile.Key.PBD_STIFFNESS);
        watchSolver();
    }

    /** A lesson is opened: no values chosen. */
    void open() {
        chosen.clear();
    }

    /** The values the person chose (empty: none), in the order chosen. */
    Map<SceneFile.Key, Object> chosen() {
        return Collections.unmodifiableMap(chosen);
    }

    /** A copy of the values chosen, for a step to run with. */
    Map<SceneFile.Key, Object> copy() {
        return Map.copyOf(chosen);
    }

    /** Forgets the values chosen. */
    void clear() {
        chosen.clear();
    }

    /** Stops waiting for a control to settle and forgets a pending change. */
    void stop() {
        settle.stop();
        pending = false;
    }

    /** Stops waiting for a control to settle (the values are being taken in). */
    void settled() {
        settle.stop();
    }

    /** Whether a change waits to be taken in: a control has not rested yet, or one moved during a step. */
    boolean waiting() {
        return pending || settle.getStatus() == javafx.animation.Animation.Status.RUNNING;
    }

    /** Whether values changed while a step was running, to be taken in when it ends. */
    boolean isPending() {
        return pending;
    }

    void setPending(boolean pending) {
        this.pending = pending;
    }

    /** Whether a change of the model's values is the person's, to be taken as an override. */
    private boolean watching(LessonSession s) {
        return s != null && !model.isLoading() && s.isShownIn(model.snapshotProperty().get());
    }

    /** Follows a control of the side panel: a change the person makes becomes an override. */
    private <T> void watch(ObservableValue<T> p, SceneFile.Key key) {
        p.addListener((obs, old, value) -> {
            LessonSession s = session.get();
            if (value == null || !watching(s)) {
                return;
            }
            put(key, value, s.scene());
            settle.playFromStart();
        });
    }

    /** Follows the implicit solver's settings: each one the person changes becomes an override. */
    private void watchSolver() {
        model.implicitOptionsProperty().addListener((obs, old, o) -> {
            if (o == null || old == null || !watching(session.get())) {
                return;
            }
            boolean any = false;
            for (SceneFile.Key key : SOLVER_KEYS) {
                Object was = solverSetting(old, key);
                Object now = solverSetting(o, key);
                if (!now.equals(was)) {
                    chosen.put(key, now);
                    any = true;
                }
            }
            if (any) {
                settle.playFromStart();
            }
        });
    }

    /** The value of a solver setting, typed as the scene file takes it. */
    private static Object solverSetting(ImplicitOptions o, SceneFile.Key key) {
        return switch (key) {
            case SOLVER -> o.solver();
            case PRECOND -> o.preconditioner();
            case TOL -> o.tolerance();
            case MAX_ITER -> o.maxIterations();
            case NEWTON_ITERS -> o.newtonIterations();
            case WARM_START -> o.warmStart();
            case CLAMP -> o.clamp();
            default -> throw new IllegalArgumentException(key.id() + ": not a solver setting");
        };
    }

    /** Records the person's value of {@code key}; k_s sets every spring kind, keeping the scene's ratios. */
    private void put(SceneFile.Key key, Object value, SceneFile scene) {
        if (key == SceneFile.Key.ITERATIONS) {
            chosen.put(key, ((Number) value).intValue());
            return;
        }
        if (key != SceneFile.Key.K) {
            chosen.put(key, value instanceof Number n ? (Object) n.doubleValue() : value);
            return;
        }
        double k = ((Number) value).doubleValue();
        if (!SceneFile.Key.K_STRUCT.appliesTo(scene.type())) {
            chosen.put(SceneFile.Key.K, k);
            return;
        }
        var spec = scene.withStiffness(k).spec();      // the other kinds keep their ratio, as the slider has it
        chosen.put(SceneFile.Key.K_STRUCT, k);
        chosen.put(SceneFile.Key.K_SHEAR, spec.shearStiffness());
        if (SceneFile.Key.K_BEND.appliesTo(scene.type())) {
            chosen.put(SceneFile.Key.K_BEND, spec.bendStiffness());
        }
    }
}
