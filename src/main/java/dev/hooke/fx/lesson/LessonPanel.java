package dev.hooke.fx.lesson;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.lesson.Action;
import dev.hooke.core.lesson.CheckResult;
import dev.hooke.core.lesson.Lesson;
import dev.hooke.core.lesson.Question;
import dev.hooke.core.lesson.Step;
import dev.hooke.core.lesson.StepResult;
import dev.hooke.core.lesson.SweepResult;
import dev.hooke.core.scene.SceneFile;
import dev.hooke.fx.I18n;
import dev.hooke.fx.Phrases;
import dev.hooke.fx.chart.ChartsPane;
import dev.hooke.fx.controls.Numbers;
import dev.hooke.fx.model.WorkbenchModel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletionException;
import java.util.function.Consumer;
import javafx.animation.PauseTransition;
import javafx.application.Platform;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.value.ObservableValue;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.RadioButton;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.Duration;

/**
 * The lesson panel: choose a lesson, read a step's narration, answer its question, run it and
 * see its checks, then go on or back. While a lesson is open the window shows the lesson's
 * simulation ({@link LessonSession}, on its own thread), and the controls a step uses are
 * highlighted in the side panel. After each step the side panel shows the lesson's parameters,
 * so that closing the lesson leaves the workbench where the lesson was.
 *
 * <p>Node ids: {@code lessonChoice}, {@code lessonTitle}, {@code lessonStepLabel},
 * {@code lessonNarration}, {@code lessonQuestion}, {@code answer1} … (choices),
 * {@code answerField}, {@code lessonRun}, {@code lessonSkip}, {@code lessonNext},
 * {@code lessonBack}, {@code lessonRestart}, {@code lessonAnswer}, {@code lessonStatus},
 * {@code lessonCompareDrawn} (a comparison of more than two methods: which two the view draws),
 * {@code lessonChecks} (rows with style class {@code check-row} and {@code pass} or {@code fail},
 * or {@code changed} when the step ran with the person's values), {@code lessonOverride},
 * {@code lessonRevert}.
 *
 * <p>The step shown chooses the charts ({@link #charts()}, {@link #sweepShown()}). Moving a slider
 * of the side panel (m, k_s, k_d, g, c, Δt, the integrator, Verlet's δ, the projection iterations,
 * PBD's stiffness, the implicit solver's settings) while a lesson is open puts the value
 * in place of the lesson's ({@link #overrides()}): before the step has run, the lesson's
 * simulation takes it at once; after, the step is played again with it. Its checks were written
 * for the lesson's values, so they are shown with what was measured, but neither passed nor
 * failed, until the person goes back to the lesson's values ({@link #useLessonValues()}), goes
 * back a step or restarts.
 */
public final class LessonPanel {

    /** How long a slider must rest before the lesson takes its value in; in ms. */
    static final double SETTLE_MILLIS = 350;

    /** The ids of the controls a step can highlight. */
    public static final Set<String> CONTROL_IDS = Set.of("mass", "ks", "kd", "gravity", "airDamping", "dt",
            "integratorChoice", "sceneChoice");

    private final WorkbenchModel model;
    private final Consumer<Set<String>> highlighter;
    private final BooleanProperty shown = new SimpleBooleanProperty(this, "shown");
    private final VBox content = new VBox(10);
    private final ScrollPane scroll = new ScrollPane(content);
    private List<LessonLibrary.Entry> entries;

    private LessonSession session;
    private int index;
    private StepResult[] results = new StepResult[0];
    private Object[] answers = new Object[0];
    private boolean busy;
    private String status = "";
    /** Values the person chose with the sliders in place of the lesson's, in the order chosen. */
    private final Map<SceneFile.Key, Object> overrides = new LinkedHashMap<>();
    /** The overrides each step's result was produced with (empty: the lesson's values). */
    private List<Map<SceneFile.Key, Object>> ranWith = new ArrayList<>();
    /** A change of the overrides is taken in once the slider has settled. */
    private final PauseTransition settle = new PauseTransition(Duration.millis(SETTLE_MILLIS));
    /** Overrides changed while a step was running: taken in when it ends. */
    private boolean overridesPending;

    /**
     * @param model       the workbench's view model (the lesson's parameters are shown in it)
     * @param highlighter marks the controls with the given ids
     */
    public LessonPanel(WorkbenchModel model, Consumer<Set<String>> highlighter) {
        this.model = model;
        this.highlighter = highlighter;
        content.setPadding(new Insets(10, 16, 16, 16));
        content.getStyleClass().add("lesson-panel");
        scroll.setFitToWidth(true);
        scroll.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        scroll.setId("lessonPanel");
        settle.setOnFinished(e -> takeOverrides());
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
        render();
    }

    /** The panel's node. */
    public Node node() {
        return scroll;
    }

    /** Whether the panel is shown (the window puts it on the left). */
    public BooleanProperty shownProperty() {
        return shown;
    }

    /** The lesson being played, or null. */
    public LessonSession session() {
        return session;
    }

    /** The index (0-based) of the step shown. */
    public int stepIndex() {
        return index;
    }

    /** The result of the step shown, or null before it ran. */
    public StepResult result() {
        return index < results.length ? results[index] : null;
    }

    /** Whether a step is being played or the lesson is being replayed. */
    public boolean isBusy() {
        return busy;
    }

    /** The lessons offered (read once, on first use). */
    public List<LessonLibrary.Entry> entries() {
        if (entries == null) {
            entries = LessonLibrary.load();
        }
        return entries;
    }

    /** Opens a lesson at its first step (an entry that could not be read shows its error). */
    public void open(LessonLibrary.Entry entry) {
        if (entry.lesson() == null) {
            Alert a = new Alert(Alert.AlertType.ERROR, entry.error());
            a.getDialogPane().setId("lessonError");
            a.setTitle(I18n.text("error.title"));
            a.setHeaderText(I18n.text("lesson.loadFailed"));
            a.show();
            return;
        }
        open(entry.lesson());
    }

    /** Opens a lesson at its first step. */
    public void open(Lesson lesson) {
        closeSession();
        session = new LessonSession(lesson, model.runner());
        model.setResetAction(this::resetSimulation);
        int n = lesson.steps().size();
        results = new StepResult[n];
        answers = new Object[n];
        ranWith = new ArrayList<>(Collections.nCopies(n, Map.of()));
        overrides.clear();
        index = 0;
        busy = false;
        status = "";
        shown.set(true);
        render();
    }

    /** Closes the lesson; the workbench goes on with its own simulation. */
    public void closeLesson() {
        closeSession();
        overrides.clear();
        results = new StepResult[0];
        answers = new Object[0];
        status = "";
        render();
    }

    /** Stops the lesson's thread. */
    public void close() {
        closeSession();
    }

    private void closeSession() {
        settle.stop();
        overridesPending = false;
        if (session != null) {
            session.close();
            session = null;
            model.setResetAction(null);
        }
        busy = false;
    }

    /** Writes the panel in the language in use. */
    public void localize() {
        render();
    }

    /** The ids of the controls the step shown uses. */
    public Set<String> highlightedControls() {
        if (session == null) {
            return Set.of();
        }
        Set<String> ids = new LinkedHashSet<>();
        for (SceneFile.Key k : step().controls()) {
            ids.add(controlId(k));
        }
        return ids;
    }

    /** The id of the control that shows a scene key. */
    static String controlId(SceneFile.Key k) {
        return switch (k) {
            case MASS -> "mass";
            case K, K_STRUCT, K_SHEAR, K_BEND -> "ks";
            case KD -> "kd";
            case GRAVITY -> "gravity";
            case AIR_DAMPING -> "airDamping";
            case DT -> "dt";
            case INTEGRATOR, VERLET_DELTA, ITERATIONS, PBD_STIFFNESS -> "integratorChoice";
            default -> "sceneChoice";
        };
    }

    private static String controlName(String id) {
        return switch (id) {
            case "integratorChoice" -> I18n.text("side.integrator");
            case "sceneChoice" -> I18n.text("toolbar.scene");
            default -> I18n.text("param." + id);
        };
    }

    private Step step() {
        return session.lesson().steps().get(index);
    }

    // ------------------------------------------------------------------ actions

    /** Plays the step shown (after its question was answered). */
    public void runStep() {
        if (session == null || busy || results[index] != null) {
            return;
        }
        Question q = step().question();
        if (q != null && !answered(q, answers[index])) {
            status = I18n.text("lesson.answerNeeded");
            render();
            return;
        }
        busy = true;
        status = I18n.text("lesson.running");
        LessonSession s = session;
        int at = index;
        Map<SceneFile.Key, Object> with = Map.copyOf(overrides);
        s.runNext(with).whenComplete((r, e) -> Platform.runLater(() -> stepPlayed(s, at, with, r, e)));
        render();
    }

    /** Takes in a step just played (on the FX thread). */
    private void stepPlayed(LessonSession s, int at, Map<SceneFile.Key, Object> with, StepResult r, Throwable e) {
        if (s != session) {
            return;
        }
        busy = false;
        if (e != null) {
            status = failure(e);
        } else {
            results[at] = r;
            ranWith.set(at, with);
            status = "";
        }
        render();
        // the answer and the checks are what the class looks at now
        Platform.runLater(() -> scroll.setVvalue(scroll.getVmax()));
        if (overridesPending) {
            takeOverrides();
        }
    }

    /** Shows the next step (the step shown must have run). */
    public void next() {
        if (session != null && !busy && results[index] != null && index + 1 < results.length
                && session.lesson().steps().size() > index + 1 && !aborted(results[index])) {
            index++;
            status = "";
            render();
        }
    }

    /** Goes back one step: the lesson is replayed up to the step before the one shown. */
    public void back() {
        if (session != null && !busy && index > 0) {
            overrides.clear();
            goTo(index - 1);
        }
    }

    /** Starts the lesson again. */
    public void restart() {
        if (session != null && !busy) {
            Arrays.fill(answers, null);
            overrides.clear();
            goTo(0);
        }
    }

    /**
     * Reset while the lesson is open: the lesson's simulation starts again from its scene as now
     * set (t = 0); a step under way stops first.
     */
    private void resetSimulation() {
        LessonSession s = session;
        if (s == null) {
            return;
        }
        s.reset().whenComplete((done, e) -> Platform.runLater(() -> {
            if (s == session && e != null) {
                status = failure(e);
                render();
            }
        }));
    }

    /** Plays the rest of the running step without pacing. */
    public void finishQuickly() {
        if (session != null) {
            session.finishQuickly();
        }
    }

    private void goTo(int target) {
        busy = true;
        status = I18n.text("lesson.replaying");
        LessonSession s = session;
        s.goTo(target).whenComplete((done, e) -> Platform.runLater(() -> {
            if (s != session) {
                return;
            }
            busy = false;
            Arrays.fill(results, null);
            Collections.fill(ranWith, Map.of());
            if (e != null) {
                status = failure(e);
            } else {
                for (int i = 0; i < done.size(); i++) {
                    results[i] = done.get(i);
                }
                status = "";
            }
            index = target;
            render();
        }));
        render();
    }

    /** A notice that the lesson's thread failed, in the language in use (the cause's own message is English). */
    private static String failure(Throwable e) {
        Throwable cause = e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
        if (cause instanceof java.util.concurrent.CancellationException) {
            return I18n.text("lesson.stopped");
        }
        return I18n.text("lesson.failed",
                cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage());
    }

    private static boolean aborted(StepResult r) {
        return r.checks().stream().anyMatch(c -> !c.pass() && r.step().actions().stream()
                .anyMatch(a -> a.name().equals(c.check()) && a.line() == c.line()));
    }

    // ------------------------------------------------------------------ the person's values

    /** Follows a control of the side panel: a change the person makes becomes an override. */
    private <T> void watch(ObservableValue<T> p, SceneFile.Key key) {
        p.addListener((obs, old, value) -> {
            if (session == null || model.isLoading() || value == null
                    || !session.isShownIn(model.snapshotProperty().get())) {
                return;
            }
            putOverride(key, value, session.scene());
            settle.playFromStart();
        });
    }

    /** Follows the implicit solver's settings: each one the person changes becomes an override. */
    private void watchSolver() {
        model.implicitOptionsProperty().addListener((obs, old, o) -> {
            if (session == null || model.isLoading() || o == null || old == null
                    || !session.isShownIn(model.snapshotProperty().get())) {
                return;
            }
            boolean any = false;
            for (SceneFile.Key key : SOLVER_KEYS) {
                Object was = solverSetting(old, key);
                Object now = solverSetting(o, key);
                if (!now.equals(was)) {
                    overrides.put(key, now);
                    any = true;
                }
            }
            if (any) {
                settle.playFromStart();
            }
        });
    }

    /** The solver settings, in the order the note names them. */
    private static final List<SceneFile.Key> SOLVER_KEYS = List.of(SceneFile.Key.SOLVER, SceneFile.Key.PRECOND,
            SceneFile.Key.TOL, SceneFile.Key.MAX_ITER, SceneFile.Key.NEWTON_ITERS, SceneFile.Key.WARM_START,
            SceneFile.Key.CLAMP);

    /** The value of a solver setting, typed as the scene file takes it. */
    private static Object solverSetting(dev.hooke.core.integrate.ImplicitOptions o, SceneFile.Key key) {
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
    private void putOverride(SceneFile.Key key, Object value, SceneFile scene) {
        if (key == SceneFile.Key.ITERATIONS) {
            overrides.put(key, ((Number) value).intValue());
            return;
        }
        if (key != SceneFile.Key.K) {
            overrides.put(key, value instanceof Number n ? (Object) n.doubleValue() : value);
            return;
        }
        double k = ((Number) value).doubleValue();
        var spec = scene.spec();
        if (!SceneFile.Key.K_SHEAR.appliesTo(scene.type())) {
            overrides.put(SceneFile.Key.K, k);
            return;
        }
        double ratio = k / spec.structuralStiffness();
        overrides.put(SceneFile.Key.K_STRUCT, k);
        overrides.put(SceneFile.Key.K_SHEAR, spec.shearStiffness() * ratio);
        if (SceneFile.Key.K_BEND.appliesTo(scene.type())) {
            overrides.put(SceneFile.Key.K_BEND, spec.bendStiffness() * ratio);
        }
    }

    /** The values the person chose in place of the lesson's (empty: none). */
    public Map<SceneFile.Key, Object> overrides() {
        return Collections.unmodifiableMap(overrides);
    }

    /** Whether the result of the step shown was produced with the person's values. */
    public boolean resultChanged() {
        return index < ranWith.size() && !ranWith.get(index).isEmpty();
    }

    /**
     * Takes the person's values in: before the step shown has run, the lesson's simulation takes
     * them at once; after, the step is played again with them (the lesson replayed to the step
     * before, unpaced). A step under way plays its rest unpaced, so that the new values follow at once.
     */
    void takeOverrides() {
        settle.stop();
        if (session == null) {
            return;
        }
        if (busy) {
            overridesPending = true;
            session.finishQuickly();
            return;
        }
        overridesPending = false;
        LessonSession s = session;
        Map<SceneFile.Key, Object> with = Map.copyOf(overrides);
        if (results[index] == null) {
            if (!with.isEmpty()) {
                s.override(with).whenComplete((f, e) -> Platform.runLater(() -> {
                    if (s == session && e != null) {
                        status = failure(e);
                        render();
                    }
                }));
            }
            render();
            return;
        }
        replayStep(with);
    }

    /** Plays the step shown again, from the state before it, with {@code with} in place of the lesson's values. */
    private void replayStep(Map<SceneFile.Key, Object> with) {
        busy = true;
        status = I18n.text("lesson.rerunning");
        LessonSession s = session;
        int at = index;
        results[at] = null;
        s.goTo(at).thenCompose(done -> s.runNext(with))
                .whenComplete((r, e) -> Platform.runLater(() -> stepPlayed(s, at, with, r, e)));
        render();
    }

    /** Goes back to the lesson's values: the step shown is replayed (and played again when it had run). */
    public void useLessonValues() {
        if (session == null || busy) {
            return;
        }
        settle.stop();
        overridesPending = false;
        overrides.clear();
        if (results[index] != null) {
            replayStep(Map.of());
        } else {
            goTo(index);
        }
    }

    /** The charts the step shown asks for ({@code chart} actions); empty: the usual ones. */
    public Set<ChartsPane.Kind> charts() {
        if (session == null) {
            return Set.of();
        }
        Set<ChartsPane.Kind> out = EnumSet.noneOf(ChartsPane.Kind.class);
        for (Action a : step().actions()) {
            if (a instanceof Action.Chart c) {
                out.add(chartKind(c.chart()));
            }
        }
        return out;
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

    /** The Δt sweep of the step shown once it has run, or null. */
    public SweepResult sweepShown() {
        StepResult r = result();
        return r == null ? null : r.sweep();
    }

    private static boolean answered(Question q, Object answer) {
        if (q.isMultipleChoice()) {
            return answer instanceof Integer;
        }
        return answer instanceof String s && parses(s);
    }

    private static boolean parses(String s) {
        try {
            return Double.isFinite(Numbers.parse(s.trim()));
        } catch (NumberFormatException e) {
            return false;
        }
    }

    // ------------------------------------------------------------------ drawing

    private void render() {
        Locale locale = I18n.locale();
        content.getChildren().clear();
        Label heading = new Label(I18n.text("lesson.panel"));
        heading.getStyleClass().add("section");
        heading.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(heading, Priority.ALWAYS);
        Button hide = new Button("×");
        hide.setId("lessonHide");
        hide.getStyleClass().add("lesson-hide");
        hide.setOnAction(e -> shown.set(false));
        HBox top = new HBox(8, heading, hide);
        top.setAlignment(Pos.CENTER_LEFT);
        content.getChildren().addAll(top, chooser(locale));

        if (session == null) {
            highlighter.accept(Set.of());
            return;
        }
        Lesson lesson = session.lesson();
        Step step = step();
        StepResult result = results[index];

        Label title = label("lessonTitle", lesson.title().get(locale), "lesson-title");
        Label stepLabel = label("lessonStepLabel", I18n.text("lesson.stepOf", index + 1, lesson.steps().size()),
                "lesson-step");
        content.getChildren().addAll(title, stepLabel);
        if (index == 0) {
            content.getChildren().add(label("lessonIntro", lesson.narration().get(locale), "lesson-intro"));
        }
        content.getChildren().add(label("lessonNarration", step.narration().get(locale), "lesson-narration"));
        Set<String> controls = highlightedControls();
        if (!controls.isEmpty()) {
            List<String> names = new ArrayList<>();
            controls.forEach(id -> names.add(controlName(id)));
            content.getChildren().add(label("lessonControls", I18n.text("lesson.controls", String.join(", ", names)),
                    "lesson-controls"));
        }
        highlighter.accept(controls);
        Node drawn = compareDrawn(step);
        if (drawn != null) {
            content.getChildren().add(drawn);
        }
        if (step.question() != null) {
            content.getChildren().add(question(step.question(), result != null, locale));
        }
        content.getChildren().add(buttons(result));
        if (!overrides.isEmpty() || resultChanged()) {
            content.getChildren().add(overrideNote());
        }
        if (result != null && step.question() != null) {
            content.getChildren().add(answer(step.question(), answers[index], locale));
        }
        String line = status;
        if (line.isEmpty() && result != null) {
            line = resultChanged() && !aborted(result) ? I18n.text("lesson.changedSummary") : summary(result);
        }
        if (!line.isEmpty()) {
            content.getChildren().add(label("lessonStatus", line, "lesson-status"));
        }
        if (result != null) {
            content.getChildren().add(checks(result));
            if (result.sweep() != null) {
                content.getChildren().add(sweep(result.sweep()));
            }
        }
    }

    /**
     * Which runs of a comparison of more than two methods the view draws (its first two; the
     * charts draw every run), or null when the step compares two or none.
     */
    private static Node compareDrawn(Step step) {
        for (Action a : step.actions()) {
            if (a instanceof Action.Compare c && c.integrators().size() > 2) {
                return label("lessonCompareDrawn", I18n.text("lesson.compareDrawn", c.integrators().size(),
                        Phrases.integrator(c.integrators().get(0)), Phrases.integrator(c.integrators().get(1))),
                        "lesson-controls");
            }
        }
        return null;
    }

    /** The person's values in place of the lesson's, and the way back to the lesson's. */
    private Node overrideNote() {
        Map<SceneFile.Key, Object> shown = overrides.isEmpty() ? ranWith.get(index) : overrides;
        List<String> parts = new ArrayList<>();
        Set<String> named = new LinkedHashSet<>();
        for (Map.Entry<SceneFile.Key, Object> e : shown.entrySet()) {
            String setting = settingName(e.getKey());
            String id = setting != null ? e.getKey().id() : controlId(e.getKey());
            if (named.add(id)) {
                parts.add((setting != null ? setting : controlName(id)) + " = " + valueText(e.getKey(), e.getValue()));
            }
        }
        Label note = label("lessonOverride", I18n.text("lesson.overridden", String.join(", ", parts)),
                "lesson-override");
        Button back = button("lessonRevert", "lesson.revert", this::useLessonValues);
        back.setDisable(busy);
        VBox box = new VBox(6, note, back);
        box.getStyleClass().add("lesson-override-box");
        return box;
    }

    /** The name of an integrator's or solver's setting as its control shows it, or null for another key. */
    private static String settingName(SceneFile.Key key) {
        String bundleKey = switch (key) {
            case VERLET_DELTA -> "param.verletDelta";
            case ITERATIONS -> "param.iterations";
            case PBD_STIFFNESS -> "param.pbdStiffness";
            case SOLVER -> "solver.kind";
            case PRECOND -> "solver.precond";
            case TOL -> "solver.tol";
            case MAX_ITER -> "solver.maxIter";
            case NEWTON_ITERS -> "solver.newton";
            case WARM_START -> "solver.warmStart";
            case CLAMP -> "solver.clamp";
            default -> null;
        };
        return bundleKey == null ? null : I18n.text(bundleKey);
    }

    private static String valueText(SceneFile.Key key, Object value) {
        if (value instanceof IntegratorKind k) {
            return Phrases.integrator(k);
        }
        if (value instanceof Boolean b) {
            return I18n.text(b ? "lesson.on" : "lesson.off");
        }
        if (value instanceof dev.hooke.core.solve.SolverKind k) {
            return k.id();
        }
        if (value instanceof dev.hooke.core.solve.PreconditionerKind k) {
            return k.id();
        }
        if (value instanceof Integer i) {
            return Integer.toString(i);
        }
        String unit = switch (key) {
            case MASS -> " kg";
            case K, K_STRUCT, K_SHEAR, K_BEND -> " N/m";
            case KD, AIR_DAMPING -> " N·s/m";
            case GRAVITY -> " m/s²";
            case DT -> " s";
            default -> "";
        };
        return Numbers.format(((Number) value).doubleValue()) + unit;
    }

    private Node chooser(Locale locale) {
        ComboBox<LessonLibrary.Entry> choice = new ComboBox<>();
        choice.setId("lessonChoice");
        choice.setPromptText(I18n.text("lesson.choose"));
        choice.getItems().setAll(entries());
        choice.setMaxWidth(Double.MAX_VALUE);
        choice.setButtonCell(new EntryCell(locale));
        choice.setCellFactory(list -> new EntryCell(locale));
        if (session != null) {
            for (LessonLibrary.Entry e : choice.getItems()) {
                if (e.lesson() == session.lesson()) {
                    choice.setValue(e);
                }
            }
        }
        choice.valueProperty().addListener((obs, old, e) -> {
            if (e != null && (session == null || e.lesson() != session.lesson())) {
                Platform.runLater(() -> open(e));
            }
        });
        return choice;
    }

    private static final class EntryCell extends ListCell<LessonLibrary.Entry> {
        private final Locale locale;

        EntryCell(Locale locale) {
            this.locale = locale;
        }

        @Override
        protected void updateItem(LessonLibrary.Entry e, boolean empty) {
            super.updateItem(e, empty);
            setText(empty || e == null ? I18n.text("lesson.choose") : e.title(locale));
        }
    }

    private Node question(Question q, boolean revealed, Locale locale) {
        VBox box = new VBox(6);
        box.setId("lessonQuestion");
        box.getStyleClass().add("lesson-question");
        box.getChildren().addAll(label(null, I18n.text("lesson.question"), "lesson-question-head"),
                label(null, q.prompt().get(locale), "lesson-prompt"));
        int at = index;
        if (q.isMultipleChoice()) {
            ToggleGroup group = new ToggleGroup();
            for (int i = 0; i < q.choices().size(); i++) {
                int number = i + 1;
                RadioButton b = new RadioButton(q.choices().get(i).get(locale));
                b.setId("answer" + number);
                b.setWrapText(true);
                b.setToggleGroup(group);
                b.setSelected(Integer.valueOf(number).equals(answers[at]));
                b.setDisable(revealed || busy);
                if (revealed) {
                    b.getStyleClass().add(q.accepts(number) ? "right-choice" : "other-choice");
                }
                b.selectedProperty().addListener((obs, was, on) -> {
                    if (on) {
                        answers[at] = number;
                    }
                });
                box.getChildren().add(b);
            }
        } else {
            TextField field = new TextField(answers[at] instanceof String s ? s : "");
            field.setId("answerField");
            field.setPromptText(I18n.text("lesson.answerNumber", q.unit().isEmpty() ? "–" : q.unit()));
            field.setDisable(revealed || busy);
            field.textProperty().addListener((obs, old, text) -> answers[at] = text);
            field.setOnAction(e -> runStep());
            Label unit = new Label(q.unit());
            HBox row = new HBox(8, field, unit);
            row.setAlignment(Pos.CENTER_LEFT);
            box.getChildren().add(row);
        }
        return box;
    }

    private Node buttons(StepResult result) {
        int n = results.length;
        Button back = button("lessonBack", "lesson.back", this::back);
        back.setDisable(busy || index == 0);
        Button run = button("lessonRun", busy ? "lesson.running" : "lesson.run", this::runStep);
        run.setDisable(busy || result != null);
        run.setDefaultButton(result == null && !busy);
        run.getStyleClass().add("lesson-run");
        Button next = button("lessonNext", "lesson.next", this::next);
        next.setDisable(busy || result == null || index + 1 >= n || aborted(result));
        FlowPane row = new FlowPane(8, 8, back, run, next);
        if (busy) {
            Button skip = button("lessonSkip", "lesson.skip", this::finishQuickly);
            row.getChildren().add(skip);
        } else {
            Button restart = button("lessonRestart", "lesson.restart", this::restart);
            restart.setDisable(index == 0 && result == null);
            Button close = button("lessonClose", "lesson.close", this::closeLesson);
            row.getChildren().addAll(restart, close);
        }
        return row;
    }

    private Node answer(Question q, Object given, Locale locale) {
        boolean right = q.isMultipleChoice() ? given instanceof Integer c && q.accepts(c)
                : given instanceof String s && parses(s) && q.accepts(Numbers.parse(s.trim()));
        String verdict = I18n.text(right ? "lesson.right" : "lesson.wrong");
        StringBuilder text = new StringBuilder();
        if (q.isMultipleChoice()) {
            text.append(sentences(verdict, I18n.text("lesson.theAnswerIs", q.choices().get(q.answer() - 1).get(locale))));
        } else {
            text.append(sentences(verdict, I18n.text("lesson.theNumberIs", Numbers.format(q.value()), q.unit(),
                    String.format(Locale.ROOT, "%.3g %%", 100 * q.within()))));
        }
        if (q.explanation() != null) {
            text.append("\n").append(q.explanation().get(locale));
        }
        Label l = label("lessonAnswer", text.toString(), "lesson-answer");
        l.getStyleClass().add(right ? "right" : "wrong");
        return l;
    }

    private String summary(StepResult r) {
        List<CheckResult> rows = r.checks();
        if (aborted(r)) {
            return I18n.text("lesson.aborted");
        }
        long failed = rows.stream().filter(c -> !c.pass()).count();
        String line = rows.isEmpty() ? I18n.text("lesson.noChecks")
                : failed == 0 ? I18n.text("lesson.passedAll", rows.size())
                : I18n.text("lesson.failedSome", failed, rows.size());
        if (r.paused()) {
            line = sentences(line, I18n.text("lesson.paused"));
        }
        if (index + 1 >= results.length) {
            line = sentences(line, I18n.text("lesson.done"));
        }
        return line;
    }

    /** Two sentences in a row: a space between them in English, none after a Chinese full stop. */
    private static String sentences(String first, String second) {
        return I18n.text("lesson.sentences", first, second);
    }

    /** The step's checks in the language in use (core reports each in English and Chinese, with the same numbers). */
    private Node checks(StepResult r) {
        Locale locale = I18n.locale();
        VBox box = new VBox(6);
        box.setId("lessonChecks");
        if (!r.checks().isEmpty()) {
            box.getChildren().add(label(null, I18n.text("lesson.checks"), "lesson-checks-head"));
        }
        for (CheckResult c : r.checks()) {
            boolean changed = resultChanged();
            Label badge = new Label(I18n.text(changed ? "lesson.changed" : c.pass() ? "lesson.pass" : "lesson.fail"));
            badge.getStyleClass().add("check-badge");
            badge.setMinWidth(Region.USE_PREF_SIZE);
            VBox text = new VBox(2,
                    label(null, c.title().get(locale), "check-name"),
                    label(null, I18n.text("lesson.expectedIs", c.expectedText().get(locale)), "check-detail"),
                    label(null, I18n.text("lesson.measuredIs", c.measuredText().get(locale)), "check-detail"));
            HBox.setHgrow(text, Priority.ALWAYS);
            HBox row = new HBox(10, badge, text);
            row.getStyleClass().addAll("check-row", changed ? "changed" : c.pass() ? "pass" : "fail");
            box.getChildren().add(row);
        }
        return box;
    }

    private Node sweep(SweepResult s) {
        VBox box = new VBox(2);
        box.setId("lessonSweep");
        box.getChildren().add(label(null, I18n.text("lesson.sweep", Phrases.integrator(s.integrator()),
                Numbers.format(s.predictedLimit())), "lesson-checks-head"));
        for (SweepResult.Row row : s.rows()) {
            Label l = label(null, I18n.text("lesson.sweepRow", Numbers.format(row.dt()),
                    I18n.text(row.predicted() ? "lesson.explodes" : "lesson.bounded"),
                    I18n.text(row.exploded() ? "lesson.explodes" : "lesson.bounded")), "check-detail");
            l.getStyleClass().add(row.agrees() ? "agrees" : "disagrees");
            box.getChildren().add(l);
        }
        return box;
    }

    private static Label label(String id, String text, String styleClass) {
        Label l = new Label(text);
        if (id != null) {
            l.setId(id);
        }
        l.setWrapText(true);
        l.setMinHeight(Region.USE_PREF_SIZE);
        l.getStyleClass().add(styleClass);
        return l;
    }

    private static Button button(String id, String key, Runnable action) {
        Button b = new Button(I18n.text(key));
        b.setId(id);
        b.setOnAction(e -> action.run());
        b.setMinWidth(Region.USE_PREF_SIZE);
        return b;
    }
}
