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
import dev.hooke.core.solve.PreconditionerKind;
import dev.hooke.core.solve.SolverKind;
import dev.hooke.fx.I18n;
import dev.hooke.fx.Phrases;
import dev.hooke.fx.controls.Numbers;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import javafx.application.Platform;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.RadioButton;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * What the lesson panel shows, drawn afresh from the panel's state on every change: the lesson
 * chooser, the lesson's title, the step's narration and the controls it uses, its question and
 * answer controls, the buttons, the note on the person's values, the answer, the status line, the
 * step's checks (one row each, {@code pass}, {@code fail} or {@code changed}) and its Δt sweep.
 * Node ids are listed in {@link LessonPanel}'s description; the buttons and answer controls call
 * the panel's actions.
 */
final class LessonPanelView {

    private final LessonPanel panel;
    private final HBox header;
    private final VBox content;
    private final VBox footer;

    /**
     * @param panel   the panel whose state is drawn and whose actions the controls call
     * @param header  the row above the scrolled content: the heading and × (always in sight)
     * @param content the box the panel's nodes go into
     * @param footer  the row below the scrolled content: the step's buttons (always in sight)
     */
    LessonPanelView(LessonPanel panel, HBox header, VBox content, VBox footer) {
        this.panel = panel;
        this.header = header;
        this.footer = footer;
        this.content = content;
    }

    /** Whether the lesson's introduction is unfolded (it stays as the person left it while the panel is drawn again). */
    private boolean introExpanded;

    /** Draws the panel as its lesson, step and result now are. */
    void render() {
        Locale locale = I18n.locale();
        content.getChildren().clear();
        footer.getChildren().clear();
        // the chooser names the lesson, above the scrolled content: the step's text and question
        // get the panel's height (on a projector's 1280 × 720 in large type, every line counts)
        Node chooser = chooser(locale);
        HBox.setHgrow(chooser, Priority.ALWAYS);
        Button hide = new Button("×");
        hide.setId("lessonHide");
        hide.getStyleClass().add("lesson-hide");
        hide.setOnAction(e -> panel.shownProperty().set(false));
        header.getChildren().setAll(chooser, hide);

        LessonSession session = panel.session();
        if (session == null) {
            return;
        }
        Lesson lesson = session.lesson();
        int index = panel.stepIndex();
        Step step = lesson.steps().get(index);
        StepResult result = panel.result();

        Label stepLabel = label("lessonStepLabel", I18n.text("lesson.stepOf", index + 1, lesson.steps().size()),
                "lesson-step");
        content.getChildren().add(stepLabel);
        if (index == 0) {
            // the lesson's introduction folds away, so that the step's question is in sight at once
            // (a projector's 1280 × 720 in large type); the teacher opens it to read it out
            javafx.scene.control.TitledPane about = new javafx.scene.control.TitledPane(I18n.text("lesson.about"),
                    label("lessonIntro", lesson.narration().get(locale), "lesson-intro"));
            about.setId("lessonAbout");
            about.getStyleClass().add("lesson-about");
            about.setExpanded(introExpanded);
            about.setAnimated(false);
            about.expandedProperty().addListener((o, was, now) -> introExpanded = now);
            content.getChildren().add(about);
        }
        content.getChildren().add(label("lessonNarration", step.narration().get(locale), "lesson-narration"));
        if (step.question() != null) {
            content.getChildren().add(question(step.question(), result != null, locale));
        }
        // Back, Run step and Next below the scrolled content: in sight however long the step's
        // checks and sweep are (a projector's 1280 × 720 in large type shows few lines)
        footer.getChildren().setAll(buttons(result));
        content.getChildren().add(label("lessonKeys", I18n.text("lesson.keys"), "lesson-keys"));
        // what the step uses and draws, below the question: the question comes first into sight
        Set<String> controls = panel.highlightedControls();
        if (!controls.isEmpty()) {
            List<String> names = new ArrayList<>();
            controls.forEach(id -> names.add(controlName(id)));
            content.getChildren().add(label("lessonControls", I18n.text("lesson.controls", String.join(", ", names)),
                    "lesson-controls"));
        }
        Node drawn = compareDrawn(step);
        if (drawn != null) {
            content.getChildren().add(drawn);
        }
        if (!panel.overrides().isEmpty() || panel.resultChanged()) {
            content.getChildren().add(overrideNote());
        }
        if (result != null && step.question() != null) {
            content.getChildren().add(answer(step.question(), panel.answer(index), locale));
        }
        String line = panel.status();
        if (line.isEmpty() && result != null) {
            line = panel.resultChanged() && !LessonPanel.aborted(result) ? I18n.text("lesson.changedSummary") : summary(result);
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
        Map<SceneFile.Key, Object> shown = panel.overrides().isEmpty() ? panel.ranWith() : panel.overrides();
        List<String> parts = new ArrayList<>();
        Set<String> named = new LinkedHashSet<>();
        for (Map.Entry<SceneFile.Key, Object> e : shown.entrySet()) {
            String setting = settingName(e.getKey());
            String id = setting != null ? e.getKey().id() : LessonPanel.controlId(e.getKey());
            if (named.add(id)) {
                parts.add((setting != null ? setting : controlName(id)) + " = " + valueText(e.getKey(), e.getValue()));
            }
        }
        Label note = label("lessonOverride", I18n.text("lesson.overridden", String.join(", ", parts)),
                "lesson-override");
        Button back = button("lessonRevert", "lesson.revert", panel::useLessonValues);
        back.setDisable(panel.isBusy());
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
        if (value instanceof SolverKind k) {
            return k.id();
        }
        if (value instanceof PreconditionerKind k) {
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
        choice.getItems().setAll(panel.entries());
        choice.setMaxWidth(Double.MAX_VALUE);
        choice.setButtonCell(new EntryCell(locale, true));
        choice.setCellFactory(list -> new EntryCell(locale, false));
        LessonSession session = panel.session();
        if (session != null) {
            for (LessonLibrary.Entry e : choice.getItems()) {
                if (e.lesson() == session.lesson()) {
                    choice.setValue(e);
                }
            }
        }
        choice.valueProperty().addListener((obs, old, e) -> {
            LessonSession open = panel.session();
            if (e != null && (open == null || e.lesson() != open.lesson())) {
                Platform.runLater(() -> panel.open(e));
            }
        });
        return choice;
    }

    /**
     * A lesson's title in the chooser. The chooser's own cell wraps a long title onto more lines
     * instead of cutting it short: a combo box asks its cell's height for no width in particular,
     * so the cell answers for the width it was given last, and lays the chooser out again when
     * that width changes.
     */
    private static final class EntryCell extends ListCell<LessonLibrary.Entry> {
        private final Locale locale;
        private final boolean wraps;

        EntryCell(Locale locale, boolean wraps) {
            this.locale = locale;
            this.wraps = wraps;
            if (wraps) {
                setWrapText(true);
                widthProperty().addListener((obs, was, w) -> {
                    if (getParent() != null) {
                        getParent().requestLayout();
                    }
                });
            }
        }

        @Override
        protected double computePrefHeight(double width) {
            return super.computePrefHeight(wraps && width < 0 && getWidth() > 0 ? getWidth() : width);
        }

        @Override
        protected double computeMinHeight(double width) {
            return wraps ? computePrefHeight(width) : super.computeMinHeight(width);
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
        int at = panel.stepIndex();
        boolean busy = panel.isBusy();
        if (q.isMultipleChoice()) {
            ToggleGroup group = new ToggleGroup();
            for (int i = 0; i < q.choices().size(); i++) {
                int number = i + 1;
                RadioButton b = new RadioButton(q.choices().get(i).get(locale));
                b.setId("answer" + number);
                b.setWrapText(true);
                b.setToggleGroup(group);
                b.setSelected(Integer.valueOf(number).equals(panel.answer(at)));
                b.setDisable(revealed || busy);
                if (revealed) {
                    b.getStyleClass().add(q.accepts(number) ? "right-choice" : "other-choice");
                }
                b.selectedProperty().addListener((obs, was, on) -> {
                    if (on) {
                        panel.answer(at, number);
                    }
                });
                box.getChildren().add(b);
            }
        } else {
            TextField field = new TextField(panel.answer(at) instanceof String s ? s : "");
            field.setId("answerField");
            field.setPromptText(I18n.text("lesson.answerNumber", q.unit().isEmpty() ? "–" : q.unit()));
            field.setDisable(revealed || busy);
            field.textProperty().addListener((obs, old, text) -> panel.answer(at, text));
            field.setOnAction(e -> panel.runStep());
            Label unit = new Label(q.unit());
            HBox row = new HBox(8, field, unit);
            row.setAlignment(Pos.CENTER_LEFT);
            box.getChildren().add(row);
        }
        return box;
    }

    private Node buttons(StepResult result) {
        int n = panel.session().lesson().steps().size();
        int index = panel.stepIndex();
        boolean busy = panel.isBusy();
        Button back = button("lessonBack", "lesson.back", panel::back);
        back.setDisable(busy || index == 0);
        Button run = button("lessonRun", busy ? "lesson.running" : "lesson.run", panel::runStep);
        run.setDisable(busy || result != null);
        run.setDefaultButton(result == null && !busy);
        run.getStyleClass().add("lesson-run");
        Button next = button("lessonNext", "lesson.next", panel::next);
        next.setDisable(busy || result == null || index + 1 >= n || LessonPanel.aborted(result));
        FlowPane row = new FlowPane(8, 8);
        if (busy) {
            // while a step plays there is nowhere to go but to its end
            Button skip = button("lessonSkip", "lesson.skip", panel::finishQuickly);
            row.getChildren().addAll(run, skip);
        } else {
            // one row: Restart and Close under ⋯ (the Lessons menu closes a lesson too)
            MenuItem restart = new MenuItem(I18n.text("lesson.restart"));
            restart.setId("lessonRestart");
            restart.setDisable(index == 0 && result == null);
            restart.setOnAction(e -> panel.restart());
            MenuItem close = new MenuItem(I18n.text("lesson.close"));
            close.setId("lessonClose");
            close.setOnAction(e -> panel.closeLesson());
            MenuButton more = new MenuButton("⋯", null, restart, close);
            more.setId("lessonMore");
            more.getStyleClass().add("lesson-more");
            more.setTooltip(new Tooltip(I18n.text("lesson.more")));
            more.setMinWidth(Region.USE_PREF_SIZE);
            row.getChildren().addAll(back, run, next, more);
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
        if (LessonPanel.aborted(r)) {
            return I18n.text("lesson.aborted");
        }
        long failed = rows.stream().filter(c -> !c.pass()).count();
        String line = rows.isEmpty() ? I18n.text("lesson.noChecks")
                : failed == 0 ? I18n.text("lesson.passedAll", rows.size())
                : I18n.text("lesson.failedSome", failed, rows.size());
        if (r.paused()) {
            line = sentences(line, I18n.text("lesson.paused"));
        }
        if (panel.stepIndex() + 1 >= panel.session().lesson().steps().size()) {
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
            boolean changed = panel.resultChanged();
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

    /** The name of a highlighted control, as the side panel labels it. */
    static String controlName(String id) {
        return switch (id) {
            case "integratorChoice" -> I18n.text("side.integrator");
            case "sceneChoice" -> I18n.text("toolbar.scene");
            default -> I18n.text("param." + id);
        };
    }


    /** Whether an answer's text is a finite number. */
    static boolean parses(String s) {
        try {
            return Double.isFinite(Numbers.parse(s.trim()));
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
