package dev.hooke.fx.ui;

import static dev.hooke.Tolerances.UI_TIMEOUT_SECONDS;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.hooke.core.scene.SceneType;
import dev.hooke.fx.I18n;
import dev.hooke.fx.Workbench;
import dev.hooke.fx.lesson.LessonLibrary;
import dev.hooke.core.scene.SceneFile;
import dev.hooke.fx.Phrases;
import dev.hooke.fx.chart.ChartsPane;
import dev.hooke.fx.controls.ParameterSlider;
import dev.hooke.fx.sim.EnergySample;
import dev.hooke.fx.sim.Snapshot;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.chart.Axis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.ListCell;
import javafx.scene.control.RadioButton;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.controlsfx.control.NotificationPane;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/** What the workbench's UI tests share: a window on a scene, waiting for a condition, playing a lesson. */
final class UiFixture {

    private UiFixture() {
    }

    /**
     * Shows a workbench on {@code type}'s default scene in {@code stage}, in English, with its
     * keyboard shortcuts, at {@code width} × {@code height} pixels, in the screen's upper left
     * corner. The stage takes the scene's size and that place even when a test before resized or
     * moved it (the test classes share one stage).
     */
    static Workbench show(Stage stage, SceneType type, double width, double height) {
        I18n.setLocale(I18n.ENGLISH);
        Workbench workbench = new Workbench(SceneFile.defaults(type));
        Scene scene = new Scene(workbench.root(), width, height);
        workbench.installShortcuts(scene);
        stage.setScene(scene);
        stage.sizeToScene();        // a test before may have given the stage a size of its own
        stage.setX(0);              // and a place: a window reaching past Monocle's screen overflows its buffer
        stage.setY(0);
        stage.show();
        return workbench;
    }

    /**
     * Waits until {@code condition} holds, then for the FX events already queued (the condition
     * may have turned true inside an event that is still drawing). The condition is evaluated on
     * the FX thread, so that its lookups never walk a scene graph the FX thread is changing.
     *
     * @throws AssertionError naming {@code what} after {@link dev.hooke.Tolerances#UI_TIMEOUT_SECONDS}
     */
    static void waitFor(String what, Callable<Boolean> condition) {
        try {
            WaitForAsyncUtils.waitFor(UI_TIMEOUT_SECONDS, TimeUnit.SECONDS,
                    () -> WaitForAsyncUtils.asyncFx(condition).get());
            WaitForAsyncUtils.waitForFxEvents();
        } catch (TimeoutException e) {
            throw new AssertionError("timed out waiting for " + what, e);
        }
    }

    /**
     * Waits until {@code problem}, evaluated on the FX thread, answers null (the window agrees
     * with itself), for at most {@code seconds}.
     *
     * @throws AssertionError naming {@code what} and the last problem seen
     */
    static void eventually(String what, double seconds, Callable<String> problem) {
        String[] last = {null};
        Throwable[] failed = {null};
        try {
            WaitForAsyncUtils.waitFor((long) Math.ceil(seconds * 1000), TimeUnit.MILLISECONDS, () -> {
                try {
                    last[0] = WaitForAsyncUtils.asyncFx(problem).get(UI_TIMEOUT_SECONDS, TimeUnit.SECONDS);
                } catch (Exception e) {
                    failed[0] = e;
                    return true;
                }
                return last[0] == null;
            });
        } catch (TimeoutException e) {
            throw new AssertionError(what + ": " + last[0]);
        }
        if (failed[0] != null) {
            throw new AssertionError(what + ": the check failed", failed[0]);
        }
        WaitForAsyncUtils.waitForFxEvents();
    }

    /**
     * Evaluates {@code problem} on the FX thread after each of the next {@code pulses} pulses of
     * the window (every frame the window draws, however slowly a busy machine draws them) and
     * returns the first problem seen, or null. Counted in pulses, not seconds.
     */
    static String watchPulses(Workbench workbench, int pulses, Callable<String> problem) {
        int[] count = {0};
        String[] found = {null};
        Scene scene = onFx(() -> workbench.root().getScene());
        Runnable listener = () -> {
            if (count[0] >= pulses || found[0] != null) {
                return;
            }
            try {
                found[0] = problem.call();
            } catch (Exception e) {
                found[0] = "the check threw " + e;
            }
            count[0]++;
        };
        onFx(() -> {
            scene.addPostLayoutPulseListener(listener);
            return null;
        });
        try {
            waitFor(pulses + " pulses of the window", () -> count[0] >= pulses || found[0] != null);
        } finally {
            onFx(() -> {
                scene.removePostLayoutPulseListener(listener);
                return null;
            });
        }
        return found[0];
    }

    /**
     * Scrolls the side panel (or any scroll pane holding it) so that the node {@code query} finds is
     * in view, as a person scrolls to a control before clicking it; then clicks it.
     */
    static void scrollToAndClick(FxRobot robot, String query) {
        Node node = robot.lookup(query).query();
        robot.interact(() -> {
            for (javafx.scene.Parent p = node.getParent(); p != null; p = p.getParent()) {
                if (p instanceof javafx.scene.control.ScrollPane pane && pane.getContent() != null) {
                    Node content = pane.getContent();
                    double y = content.sceneToLocal(node.localToScene(node.getBoundsInLocal())).getMinY();
                    double hidden = content.getBoundsInLocal().getHeight() - pane.getViewportBounds().getHeight();
                    if (hidden > 0) {
                        double top = pane.getVvalue() * hidden;
                        double viewport = pane.getViewportBounds().getHeight();
                        if (y < top || y + node.getBoundsInLocal().getHeight() > top + viewport) {
                            pane.setVvalue(Math.max(0, Math.min(1, (y - viewport / 3) / hidden)));
                        }
                    }
                    break;
                }
            }
        });
        WaitForAsyncUtils.waitForFxEvents();
        robot.clickOn(node);
    }

    /** Opens the lesson whose file name starts with {@code filePrefix} and waits for its first snapshot. */
    static void openLesson(FxRobot robot, Workbench workbench, String filePrefix) {
        LessonLibrary.Entry entry = workbench.lessons().entries().stream()
                .filter(e -> e.fileName().startsWith(filePrefix)).findFirst().orElseThrow();
        assertNotNull(entry.lesson(), entry.error());
        int before = workbench.runner().latest().generation();
        robot.interact(() -> workbench.lessons().open(entry));
        waitFor("the lesson's scene in the runner's snapshot", () -> workbench.runner().latest().generation() > before
                && !workbench.runner().latest().driven()
                && workbench.runner().latest().scene().equals(workbench.lessons().session().scene()));
    }

    /** Answers the question of the step shown (rightly), as a person picks a choice or types the number; FX thread. */
    static void answer(FxRobot robot, Workbench workbench) {
        var q = workbench.lessons().session().lesson().steps().get(workbench.lessons().stepIndex()).question();
        if (q != null && q.isMultipleChoice()) {
            robot.lookup("#answer" + q.answer()).queryAs(RadioButton.class).setSelected(true);
        } else if (q != null) {
            robot.lookup("#answerField").queryTextInputControl().setText(Double.toString(q.value()));
        }
    }

    /** Answers the question of the step shown (rightly), plays it without pacing and waits for it. */
    static void playStep(FxRobot robot, Workbench workbench) {
        robot.interact(() -> {
            answer(robot, workbench);
            workbench.lessons().runStep();
            workbench.lessons().finishQuickly();
        });
        waitFor("the step", () -> workbench.lessons().result() != null && !workbench.lessons().isBusy());
    }

    /** Plays the lesson's steps from the one shown up to step {@code last} (1-based), each after the other. */
    static void playStepsTo(FxRobot robot, Workbench workbench, int last) {
        while (true) {
            playStep(robot, workbench);
            if (workbench.lessons().stepIndex() + 1 >= last) {
                return;
            }
            robot.interact(() -> workbench.lessons().next());
        }
    }

    /** Waits until the simulation shown has exploded and the banner says so. */
    static void waitForExplosion(Workbench workbench, String what) {
        waitFor(what, () -> latest(workbench).exploded() && bannerInPlace(workbench));
    }

    /**
     * Whether the banner across the view is up and has finished sliding in: showing, and its bar
     * wholly inside the notification pane (while it slides, part of it lies above the pane's top).
     * To be asked on the FX thread (as {@link #waitFor} asks its condition).
     */
    static boolean bannerInPlace(Workbench workbench) {
        NotificationPane pane = workbench.notificationPane();
        Node bar = pane.lookup(".notification-bar");
        if (!pane.isShowing() || bar == null || !drawn(bar)) {
            return false;
        }
        Bounds p = pane.localToScene(pane.getLayoutBounds());
        Bounds b = bar.localToScene(bar.getLayoutBounds());
        return b.getHeight() > 0 && b.getMinY() >= p.getMinY() - 0.5 && b.getMaxY() <= p.getMaxY() + 0.5;
    }

    /** The answer to {@code question}, asked on the FX thread. */
    static <T> T onFx(Callable<T> question) {
        try {
            return WaitForAsyncUtils.asyncFx(question).get(UI_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    /** The text of the labeled node {@code id}. */
    static String text(FxRobot robot, String id) {
        return robot.lookup(id).queryLabeled().getText();
    }

    // ------------------------------------------------------------------ what the window shows

    /**
     * The newest snapshot of the simulation the window shows: the open lesson's, or the
     * workbench's own. Tests read the window's state through this one method, so that it can
     * follow the window when a lesson drives the workbench's one runner.
     */
    static Snapshot latest(Workbench workbench) {
        return workbench.runner().latest();
    }

    /** The status bar's time as the window writes it for {@code s}: "t = 1.234 s". */
    static String timeText(Snapshot s) {
        return I18n.text("status.time", String.format(Locale.ROOT, "%.3f", s.time()));
    }

    /** The time the status bar shows; in s (NaN when it shows none). */
    static double statusTime(FxRobot robot) {
        String text = robot.lookup("#timeLabel").queryLabeled().getText();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(-?[0-9]+\\.[0-9]+)").matcher(text);
        return m.find() ? Double.parseDouble(m.group(1)) : Double.NaN;
    }

    /** The Δt slider of the side panel. */
    static ParameterSlider dtSlider(FxRobot robot) {
        return robot.lookup("#dt").queryAs(ParameterSlider.class);
    }

    /** The buttons of the explosion notification with the style class {@code styleClass}. */
    static List<Node> bannerButtons(Workbench workbench, String styleClass) {
        List<Node> out = new ArrayList<>();
        for (Node n : workbench.notificationPane().lookupAll("." + styleClass)) {
            if (n instanceof Button) {
                out.add(n);
            }
        }
        return out;
    }

    /**
     * The samples each chart shown holds, by chart (the sweep chart and the phase portrait hold
     * none of their own).
     */
    static Map<ChartsPane.Kind, List<EnergySample>> shownChartSamples(Workbench workbench) {
        ChartsPane charts = workbench.charts();
        Map<ChartsPane.Kind, List<EnergySample>> out = new LinkedHashMap<>();
        for (ChartsPane.Kind k : charts.shown()) {
            List<EnergySample> samples = switch (k) {
                case ENERGY -> charts.energy().samples();
                case ENERGY_RATIO -> charts.energyRatio().samples();
                case STABILITY -> charts.stability().chart().samples();
                case SOLVER -> charts.solver().chart().samples();
                case DISPLACEMENT, ERROR -> charts.displacement().samples();
                case STRAIN -> charts.strain().samples();
                case SWEEP, PHASE -> null;
            };
            if (samples != null) {
                out.put(k, samples);
            }
        }
        return out;
    }

    /**
     * Every line drawn in the charts shown that does not draw the points its series holds: a line
     * chart's path has a move and a line per point, none for an empty series. Empty when every
     * line is drawn from its points.
     */
    static List<String> staleLines(Workbench workbench) {
        List<String> out = new ArrayList<>();
        for (XYChart<?, ?> c : shownCharts(workbench)) {
            for (XYChart.Series<?, ?> s : c.getData()) {
                if (s.getNode() instanceof javafx.scene.shape.Path p) {
                    int n = s.getData().size();
                    int drawn = p.getElements().size();
                    if (drawn != (n == 0 ? 0 : n + 1)) {
                        out.add(c.getId() + " draws \"" + s.getName() + "\" with " + drawn + " path elements for "
                                + n + " points");
                    }
                }
            }
        }
        return out;
    }

    /** Whether {@code n} is drawn: in the window, it and every node above it visible. */
    static boolean drawn(Node n) {
        if (n == null || n.getScene() == null) {
            return false;
        }
        for (Node p = n; p != null; p = p.getParent()) {
            if (!p.isVisible()) {
                return false;
            }
        }
        return true;
    }

    /** The charts below the view that are shown, each with its axes. */
    static List<XYChart<?, ?>> shownCharts(Workbench workbench) {
        List<XYChart<?, ?>> out = new ArrayList<>();
        for (Node n : workbench.charts().getChildren()) {
            if (n.isVisible() && n instanceof XYChart<?, ?> c) {
                out.add(c);
            }
        }
        return out;
    }

    /** The tick labels an axis shows: its own text children (the axis's name is a label of its own). */
    static List<String> tickLabels(Axis<?> axis) {
        List<String> out = new ArrayList<>();
        for (Node n : axis.getChildrenUnmodifiable()) {
            if (n instanceof javafx.scene.text.Text t && t.isVisible() && t.getText() != null && !t.getText().isEmpty()) {
                out.add(t.getText());
            }
        }
        return out;
    }

    /**
     * The significant digits a number shows as written: from its first non-zero digit to its last
     * digit, the zeros after the decimal point included ("0.00125" 3, "2.50" 3, "1.5e-7" 2,
     * "1,200" 2). A zero counts the decimals it is written with ("0" 1, "0.000" 3): they claim
     * that precision as much as any other digits.
     */
    static int significantDigits(String label) {
        String mantissa = label.replaceAll("[eE×].*$", "").replaceAll("[^0-9.]", "");
        String digits = mantissa.replace(".", "").replaceFirst("^0+", "");
        int dot = mantissa.indexOf('.');
        if (digits.isEmpty()) {
            return dot < 0 ? 1 : Math.max(1, mantissa.length() - dot - 1);
        }
        if (dot < 0) {
            digits = digits.replaceFirst("0+$", "");
        }
        return Math.max(1, digits.length());
    }

    // ------------------------------------------------------------------ what a person does

    /** Picks {@code type} in the toolbar's scene box, as a person does: opens it and clicks the name. */
    static void chooseScene(FxRobot robot, SceneType type) {
        chooseIn(robot, "#sceneChoice", Phrases.scene(type));
    }

    /** Opens the combo box {@code comboId} and clicks the entry showing {@code text}. */
    static void chooseIn(FxRobot robot, String comboId, String text) {
        ComboBox<?> combo = robot.lookup(comboId).queryAs(ComboBox.class);
        robot.clickOn(combo);
        waitFor("the list of " + comboId, combo::isShowing);
        Node cell = robot.lookup(n -> n instanceof ListCell<?> c && text.equals(c.getText())
                && n.getScene() != combo.getScene() && n.isVisible()).query();
        robot.clickOn(cell);
        WaitForAsyncUtils.waitForFxEvents();
    }

    /**
     * Asks the engine a question on the simulation thread, once the window has handled the events
     * so far (the answer sees every command a click or a key sent).
     */
    static <T> T engine(Workbench workbench, java.util.function.Function<dev.hooke.core.sim.Simulation, T> question)
            throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        return workbench.runner().query(question).get(UI_TIMEOUT_SECONDS, TimeUnit.SECONDS);
    }

    /** As {@link #engine(Workbench, java.util.function.Function)}, of compare mode's system {@code lane}. */
    static <T> T engine(Workbench workbench, int lane,
                        java.util.function.Function<dev.hooke.core.sim.Simulation, T> question) throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        return workbench.runner().query(lane, question).get(UI_TIMEOUT_SECONDS, TimeUnit.SECONDS);
    }

    /** Types {@code text} into the field {@code fieldId}, replacing what it held, and presses Enter. */
    static void type(FxRobot robot, String fieldId, String text) {
        TextField field = robot.lookup(fieldId).queryAs(TextField.class);
        robot.clickOn(field);
        robot.interact(field::selectAll);
        robot.write(text);
        robot.type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
    }

    /**
     * Presses a key of the window's shortcuts, with the focus away from any text field (as after
     * a click on the view).
     */
    static void press(FxRobot robot, Workbench workbench, KeyCode key) {
        robot.interact(() -> workbench.root().requestFocus());
        robot.type(key);
        WaitForAsyncUtils.waitForFxEvents();
    }
}
