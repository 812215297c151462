package dev.hooke.fx.lesson;

import dev.hooke.core.lesson.Lesson;
import dev.hooke.core.lesson.Question;
import dev.hooke.core.lesson.Readout;
import dev.hooke.core.lesson.Step;
import dev.hooke.core.lesson.StepResult;
import dev.hooke.core.lesson.SweepResult;
import dev.hooke.core.scene.SceneFile;
import dev.hooke.fx.I18n;
import dev.hooke.fx.chart.ChartsPane;
import dev.hooke.fx.model.WorkbenchModel;
import dev.hooke.fx.sim.Snapshot;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletionException;
import java.util.function.Consumer;
import javafx.application.Platform;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Alert;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * The lesson panel: choose a lesson, read a step's narration, answer its question, run it and
 * see its checks, then go on or back. A lesson drives the workbench's one simulation runner
 * ({@link LessonSession}): the window shows the lesson's simulation as it shows any other, the
 * side panel its parameters, and the controls a step uses are highlighted there. Closing the
 * lesson leaves the workbench where the lesson was.
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
 *
 * <p>The panel holds the lesson's state and its actions; {@link LessonPanelView} draws it,
 * {@link LessonOverrides} keeps the person's values and {@link StepCharts} reads a step's charts.
 */
public final class LessonPanel {

    /** The ids of the controls a step can highlight. */
    public static final Set<String> CONTROL_IDS = Set.of("mass", "ks", "kd", "gravity", "airDamping", "dt",
            "integratorChoice", "sceneChoice");

    private final WorkbenchModel model;
    private final Consumer<Set<String>> highlighter;
    private final BooleanProperty shown = new SimpleBooleanProperty(this, "shown");
    private final VBox content = new VBox(10);
    private final ScrollPane scroll = new ScrollPane(content);
    /** The heading and ×, above the scrolled content so that they stay in sight. */
    private final HBox header = new HBox(8);
    /** The step's buttons, below the scrolled content so that they stay in sight. */
    private final VBox footer = new VBox();
    private final VBox frame = new VBox(header, scroll, footer);
    private List<LessonLibrary.Entry> entries;

    private LessonSession session;
    private int index;
    /** Each step's result with the values it was played with (null: not run yet). */
    private Played[] played = new Played[0];
    private Object[] answers = new Object[0];
    private boolean busy;
    /** Whether the step shown is being played after its question was answered (its answers may show). */
    private boolean stepPlaying;
    private String status = "";
    /** The person's values in place of the lesson's. */
    private final LessonOverrides values;
    private final LessonPanelView view = new LessonPanelView(this, header, content, footer);

    /**
     * @param model       the workbench's view model (the lesson's parameters are shown in it)
     * @param highlighter marks the controls with the given ids
     */
    public LessonPanel(WorkbenchModel model, Consumer<Set<String>> highlighter) {
        this.model = model;
        this.highlighter = highlighter;
        content.setPadding(new Insets(4, 16, 16, 16));
        content.getStyleClass().add("lesson-panel");
        scroll.setFitToWidth(true);
        scroll.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        scroll.setId("lessonPanel");
        header.setPadding(new Insets(10, 16, 6, 16));
        header.setAlignment(Pos.CENTER_LEFT);
        header.getStyleClass().addAll("lesson-panel", "lesson-header");
        footer.setPadding(new Insets(8, 16, 10, 16));
        footer.setId("lessonFooter");
        footer.getStyleClass().addAll("lesson-panel", "lesson-footer");
        VBox.setVgrow(scroll, Priority.ALWAYS);
        frame.getStyleClass().add("lesson-frame");
        values = new LessonOverrides(model, () -> session, this::takeOverrides);
        render();
    }

    /** The panel's node. */
    public Node node() {
        return frame;
    }

    /** Whether the panel is shown (the window puts it on the left). */
    public BooleanProperty shownProperty() {
        return shown;
    }

    /** The lesson being played, or null. */
    public LessonSession session() {
        return session;
    }

    /**
     * Whether a lesson is open and the runner shows its simulation: the lesson then owns Reset,
     * the charts it chooses and recovery from an explosion, and there is no timeline. A scene the
     * person chooses (or compare mode, or a fork) leaves the lesson open in the panel, but what
     * runs is the person's until the next step is played.
     */
    public boolean showsItsSimulation(Snapshot s) {
        return session != null && !session.isLeftFor(s);
    }

    /** The index (0-based) of the step shown. */
    public int stepIndex() {
        return index;
    }

    /**
     * A step's result together with the values it was played with: one value, published at once,
     * so that no reader sees a result without the values it came from, or the values without it.
     *
     * @param result  what the step did and its checks
     * @param ranWith the person's values it was played with in place of the lesson's (empty: the
     *                lesson's own)
     */
    public record Played(StepResult result, Map<SceneFile.Key, Object> ranWith) {
        public Played {
            Objects.requireNonNull(result, "result");
            ranWith = Map.copyOf(ranWith);
        }

        /** Whether the result was produced with the person's values (its checks are then not judged). */
        public boolean changed() {
            return !ranWith.isEmpty();
        }
    }

    /** The step shown as it was played, or null before it ran (and while it is played again). */
    public Played played() {
        return index < played.length ? played[index] : null;
    }

    /** The result of the step shown, or null before it ran. */
    public StepResult result() {
        Played p = played();
        return p == null ? null : p.result();
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
        played = new Played[n];
        answers = new Object[n];
        values.open();
        index = 0;
        busy = false;
        status = "";
        shown.set(true);
        render();
    }

    /** Closes the lesson; the workbench goes on with its own simulation. */
    public void closeLesson() {
        closeSession();
        values.clear();
        played = new Played[0];
        answers = new Object[0];
        status = "";
        render();
    }

    /** Stops the lesson's thread. */
    public void close() {
        closeSession();
    }

    private void closeSession() {
        values.stop();
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

    /** The ids of the controls the step shown uses, while the runner shows the lesson's simulation. */
    public Set<String> highlightedControls() {
        if (!showsItsSimulation(model.runner().latest())) {
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

    private Step step() {
        return session.lesson().steps().get(index);
    }

    // ------------------------------------------------------------------ actions

    /** Plays the step shown (after its question was answered). */
    public void runStep() {
        if (session == null || busy || played[index] != null) {
            return;
        }
        Question q = step().question();
        if (q != null && !answered(q, answers[index])) {
            status = I18n.text("lesson.answerNeeded");
            render();
            return;
        }
        busy = true;
        stepPlaying = true;
        status = I18n.text("lesson.running");
        LessonSession s = session;
        int at = index;
        Map<SceneFile.Key, Object> with = values.copy();
        values.settled();       // the step runs with every value chosen so far: none is left to take in
        s.runNext(with).whenComplete((r, e) -> Platform.runLater(() -> stepPlayed(s, at, with, r, e)));
        render();
    }

    /** Takes in a step just played (on the FX thread). */
    private void stepPlayed(LessonSession s, int at, Map<SceneFile.Key, Object> with, StepResult r, Throwable e) {
        if (s != session) {
            return;
        }
        busy = false;
        stepPlaying = false;
        if (e != null) {
            status = failure(e);
        } else {
            played[at] = new Played(r, with);
            status = "";
        }
        render();
        // the answer and the checks are what the class looks at now
        Platform.runLater(() -> scroll.setVvalue(scroll.getVmax()));
        if (values.isPending()) {
            takeOverrides();
        }
    }

    /** Shows the next step (the step shown must have run). */
    public void next() {
        if (session != null && !busy && played[index] != null && index + 1 < played.length
                && session.lesson().steps().size() > index + 1 && !aborted(played[index].result())) {
            index++;
            status = "";
            render();
        }
    }

    /** Goes back one step: the lesson is replayed up to the step before the one shown. */
    public void back() {
        if (session != null && !busy && index > 0) {
            values.clear();
            goTo(index - 1);
        }
    }

    /** Starts the lesson again. */
    public void restart() {
        if (session != null && !busy) {
            Arrays.fill(answers, null);
            values.clear();
            goTo(0);
        }
    }

    /**
     * Reset while the lesson is open: the lesson's simulation starts again from its scene as now
     * set (t = 0); a step under way stops first.
     */
    private void resetSimulation() {
        LessonSession s = session;
        if (s == null || s.isLeftFor(model.runner().latest())) {
            // the person's own scene runs (chosen since the lesson's last step): Reset rebuilds it
            model.runner().reset();
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
            Arrays.fill(played, null);
            if (e != null) {
                status = failure(e);
            } else {
                for (int i = 0; i < done.size(); i++) {
                    played[i] = new Played(done.get(i), Map.of());
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

    /** Whether one of the step's actions failed, which stops the lesson at that step. */
    static boolean aborted(StepResult r) {
        return r.checks().stream().anyMatch(c -> !c.pass() && r.step().actions().stream()
                .anyMatch(a -> a.name().equals(c.check()) && a.line() == c.line()));
    }

    // ------------------------------------------------------------------ the person's values

    /** The values the person chose in place of the lesson's (empty: none). */
    public Map<SceneFile.Key, Object> overrides() {
        return values.chosen();
    }

    /**
     * Whether values the person chose wait to be taken in: a control has not rested yet, or moved
     * while a step was being played.
     */
    public boolean valuesWaiting() {
        return values.waiting();
    }

    /** Whether the result of the step shown was produced with the person's values. */
    public boolean resultChanged() {
        Played p = played();
        return p != null && p.changed();
    }

    /**
     * Takes the person's values in: before the step shown has run, the lesson's simulation takes
     * them at once; after, the step is played again with them (the lesson replayed to the step
     * before, unpaced). A step under way plays its rest unpaced, so that the new values follow at once.
     */
    void takeOverrides() {
        values.settled();
        if (session == null) {
            return;
        }
        if (busy) {
            values.setPending(true);
            session.finishQuickly();
            return;
        }
        values.setPending(false);
        LessonSession s = session;
        Map<SceneFile.Key, Object> with = values.copy();
        if (played[index] == null) {
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
        stepPlaying = true;
        status = I18n.text("lesson.rerunning");
        LessonSession s = session;
        int at = index;
        played[at] = null;
        s.goTo(at).thenCompose(done -> s.runNext(with))
                .whenComplete((r, e) -> Platform.runLater(() -> stepPlayed(s, at, with, r, e)));
        render();
    }

    /** Goes back to the lesson's values: the step shown is replayed (and played again when it had run). */
    public void useLessonValues() {
        if (session == null || busy) {
            return;
        }
        values.stop();
        values.clear();
        if (played[index] != null) {
            replayStep(Map.of());
        } else {
            goTo(index);
        }
    }

    /**
     * The readouts that would give the answer of the step shown away, while its question is open:
     * predict mode is on, the window shows the lesson's simulation, and the step has neither run
     * nor begun to run since it was answered ({@link Step#hidden()}). Empty otherwise.
     */
    public Set<Readout> hiddenReadouts(Snapshot s) {
        if (session == null || !model.predictModeProperty().get() || !showsItsSimulation(s)
                || stepPlaying || played() != null) {
            return Set.of();
        }
        return step().hidden();
    }

    /** The charts the step shown asks for ({@code chart} actions); empty: the usual ones. */
    public Set<ChartsPane.Kind> charts() {
        if (session == null) {
            return Set.of();
        }
        return StepCharts.of(step());
    }

    /** The simulated time the step shown runs, which its charts' time window fits; in s (NaN: no lesson, or no run). */
    public double chartSeconds() {
        return session == null ? Double.NaN : LessonSession.runSeconds(step(), session.scene());
    }

    /**
     * The step shown when it is an eigen-analysis (it checks ω_max or the modes and runs nothing)
     * and has run: the window then animates the fastest mode it found, so that the view is not
     * still under it. Null otherwise.
     */
    public Step modeToAnimate() {
        if (session == null || played() == null || !Double.isNaN(chartSeconds())) {
            return null;
        }
        for (dev.hooke.core.lesson.Check c : step().checks()) {
            if (c instanceof dev.hooke.core.lesson.Check.OmegaMax || c instanceof dev.hooke.core.lesson.Check.ModeAmplification
                    || c instanceof dev.hooke.core.lesson.Check.ModesOutside
                    || c instanceof dev.hooke.core.lesson.Check.ModesLimit) {
                return step();
            }
        }
        return null;
    }

    /** The step shown when it asks for the Modes window ({@code chart: modes}), else null. */
    public Step modesStep() {
        return session != null && StepCharts.wantsModes(step()) ? step() : null;
    }

    /** The Δt sweep of the step shown: its rows so far while it plays, all of them once it has run; or null. */
    public SweepResult sweepShown() {
        StepResult r = result();
        if (r != null) {
            return r.sweep();
        }
        return stepPlaying && session != null ? session.sweepSoFar() : null;
    }

    private static boolean answered(Question q, Object answer) {
        if (q.isMultipleChoice()) {
            return answer instanceof Integer;
        }
        return answer instanceof String s && LessonPanelView.parses(s);
    }

    // ------------------------------------------------------------------ drawing

    /** Draws the panel afresh and marks the controls the step shown uses. */
    private void render() {
        view.render();
        highlighter.accept(highlightedControls());
    }

    /** The answer given to step {@code at}'s question (a choice's number or a number's text), or null. */
    Object answer(int at) {
        return answers[at];
    }

    /** Records the answer given to step {@code at}'s question. */
    void answer(int at, Object value) {
        answers[at] = value;
    }

    /** The status line (empty: none; then the step's result sums itself up). */
    String status() {
        return status;
    }

    /** The values the step shown was last played with (empty: the lesson's). */
    Map<SceneFile.Key, Object> ranWith() {
        Played p = played();
        return p == null ? Map.of() : p.ranWith();
    }
}
