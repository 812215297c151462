package dev.hooke.fx.ui;

import static dev.hooke.Tolerances.ANALYSIS_TIMEOUT_SECONDS;
import static dev.hooke.Tolerances.MARK_RELATIVE;
import static dev.hooke.Tolerances.SETTLE_SECONDS;
import static dev.hooke.Tolerances.UI_TIMEOUT_SECONDS;
import static dev.hooke.fx.ui.UiFixture.bannerButtons;
import static dev.hooke.fx.ui.UiFixture.press;
import static dev.hooke.fx.ui.UiFixture.timeText;
import static dev.hooke.fx.ui.UiFixture.waitFor;
import static org.junit.jupiter.api.Assertions.fail;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.scene.SceneType;
import dev.hooke.fx.I18n;
import dev.hooke.fx.Phrases;
import dev.hooke.fx.Workbench;
import dev.hooke.fx.chart.ChartsPane;
import dev.hooke.fx.controls.ParameterSlider;
import dev.hooke.fx.lesson.LessonSession;
import dev.hooke.fx.sim.EnergySample;
import dev.hooke.fx.sim.Notice;
import dev.hooke.fx.sim.Snapshot;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A person clicking about: 60 actions (300 under -Pexhaustive) drawn from a fixed seed (scenes, lessons
 * and their steps, integrator keys, Reset, Halve Δt, Space, S, values typed into the fields, the
 * extremes included, compare mode on and off). After each one has settled, the window must agree
 * with itself: the Δt slider's marks, the side panel and the newest snapshot give the same
 * limits (while a limit is being computed, each view says so); each system's explosion banner
 * shown exactly while that system has exploded, with one Reset and one Halve Δt in all; every chart draws the present generation only; the status bar shows the
 * snapshot's t; nothing was thrown. How long an analysis takes is no part of it: a busy machine
 * computes the limit later, and the window says "computing" or "updating" until then; after the
 * last action the limit must arrive.
 *
 * <p>{@code -Dhooke.test.seed=N} replays another sequence; a failure names the seed, the action's
 * index and the actions before it.
 */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class RandomSessionUiTest {

    /** The sequence of actions replayed unless -Dhooke.test.seed says otherwise. */
    static final long SEED = 20261201L;
    /** The number of actions: the first 60 of the sequence, all 300 under -Pexhaustive. */
    static final int ACTIONS = dev.hooke.TestScale.of(60, 300);
    /** The actions a failure lists before the one that failed. */
    private static final int HISTORY = 10;
    /** The lessons the person opens: those whose steps play within seconds. */
    private static final List<String> LESSONS = List.of("01", "02", "03", "04", "05", "06", "07", "14");

    /** A parameter of the side panel: its id, its slider's range, whether logarithmic. */
    private record Parameter(String id, double min, double max, boolean log) {
    }

    /** The side panel's parameters, with their sliders' ranges (see Workbench). */
    private static final List<Parameter> PARAMETERS = List.of(
            new Parameter("dt", 1e-5, 0.5, true),
            new Parameter("ks", 1, 1e5, true),
            new Parameter("kd", 0, 2, false),
            new Parameter("mass", 1e-4, 10, true),
            new Parameter("gravity", 0, 20, false),
            new Parameter("airDamping", 0, 1, false));

    private Workbench workbench;
    private final List<Throwable> uncaught = new CopyOnWriteArrayList<>();
    private Thread.UncaughtExceptionHandler previous;

    @Start
    void start(Stage stage) {
        previous = Thread.getDefaultUncaughtExceptionHandler();
        Thread.UncaughtExceptionHandler record = (thread, error) -> uncaught.add(error);
        Thread.setDefaultUncaughtExceptionHandler(record);
        Thread.currentThread().setUncaughtExceptionHandler(record);
        workbench = UiFixture.show(stage, SceneType.SPRING, 1500, 1000);
    }

    @Stop
    void stop() {
        workbench.close();
        Thread.currentThread().setUncaughtExceptionHandler(null);
        Thread.setDefaultUncaughtExceptionHandler(previous);
    }

    @Test
    void randomActionsLeaveTheWindowConsistent(FxRobot robot) {
        long seed = Long.getLong("hooke.test.seed", SEED);
        Random random = new Random(seed);
        Deque<String> recent = new ArrayDeque<>();
        for (int i = 0; i < ACTIONS; i++) {
            String action = "?";
            String problem;
            try {
                action = act(robot, random);
                if (lessonStepPaused()) {
                    // Space paused a lesson's step: the step waits for the person, who plays it on
                    press(robot, workbench, KeyCode.SPACE);
                    action += ", then Space (the lesson's step goes on)";
                }
                recent.addLast(i + ": " + action);
                while (recent.size() > HISTORY) {
                    recent.removeFirst();
                }
                UiFixture.eventually("the window after " + action, SETTLE_SECONDS, this::inconsistency);
                problem = null;
            } catch (AssertionError | RuntimeException e) {
                if (recent.isEmpty() || !recent.peekLast().startsWith(i + ": ")) {
                    recent.addLast(i + ": " + action);
                }
                problem = e.getMessage() == null ? e.toString() : e.getMessage();
                if (e.getCause() != null) {
                    problem += " (" + e.getCause() + ")";
                }
                if (e instanceof RuntimeException) {
                    StringWriter trace = new StringWriter();
                    e.printStackTrace(new PrintWriter(trace));
                    problem += "\n" + trace;
                }
            }
            if (problem != null) {
                fail("seed " + seed + ", action " + i + " of " + ACTIONS + ": " + problem
                        + "\nthe last actions:\n  " + String.join("\n  ", recent));
            }
        }
        // a limit being computed is consistent while the window says so; in the end it arrives
        WaitForAsyncUtils.waitForFxEvents();
        UiFixture.eventually("the limit of the last scene shown", ANALYSIS_TIMEOUT_SECONDS, () -> {
            Snapshot s = UiFixture.latest(workbench);
            return s.limitCurrent() && s.limit() != null && s.limit().integrator() == s.integrator() ? inconsistency()
                    : "the limit is not current after the last action (" + String.join("; ", recent) + ")";
        });
    }

    // ------------------------------------------------------------------ actions

    /** Does one random action, as a person does it; says what it did. */
    private String act(FxRobot robot, Random random) {
        int roll = random.nextInt(100);
        if (roll < 8) {
            SceneType type = SceneType.values()[random.nextInt(SceneType.values().length)];
            UiFixture.chooseScene(robot, type);
            return "Scene › " + Phrases.scene(type);
        } else if (roll < 14) {
            String prefix = LESSONS.get(random.nextInt(LESSONS.size()));
            UiFixture.openLesson(robot, workbench, prefix);
            return "open lesson " + prefix;
        } else if (roll < 22) {
            if (session() == null) {
                return "play a step (no lesson open: nothing)";
            }
            int step = workbench.lessons().stepIndex() + 1;
            UiFixture.playStep(robot, workbench);
            return "play lesson " + lessonId() + "'s step " + step;
        } else if (roll < 27) {
            robot.interact(() -> workbench.lessons().next());
            return "next step" + (session() == null ? " (no lesson open)" : " of " + lessonId() + ": "
                    + (workbench.lessons().stepIndex() + 1));
        } else if (roll < 31) {
            String which = session() == null ? "none open" : lessonId();
            robot.interact(() -> workbench.lessons().closeLesson());
            return "close the lesson (" + which + ")";
        } else if (roll < 43) {
            int digit = random.nextInt(10);
            press(robot, workbench, KeyCode.valueOf("DIGIT" + digit));
            int index = (digit + 9) % 10;
            return "key " + digit + (index < IntegratorKind.values().length
                    ? " (" + IntegratorKind.values()[index].displayName() + ")" : " (no integrator)");
        } else if (roll < 53) {
            if (random.nextBoolean()) {
                robot.clickOn("#resetButton");
                return "Reset (toolbar)";
            }
            press(robot, workbench, KeyCode.R);
            return "Reset (key R)";
        } else if (roll < 58) {
            List<Node> halve = onFx(() -> bannerButtons(workbench, "explosion-halve-action"));
            if (!halve.isEmpty() && onFx(() -> workbench.notificationPane().isShowing() && halve.get(0).isVisible()
                    && workbench.notificationPane().getActions().size() == 2
                    || drawn(halve.get(0)) && onSystemsBanner(halve.get(0)))) {
                robot.clickOn(halve.get(0));
                return "Halve Δt (banner)";
            }
            double dt = workbench.model().dtProperty().get() / 2;
            String text = String.format(Locale.ROOT, "%.3g", dt);
            typeInto(robot, "#dtField", text);
            return "Δt halved in its field: " + text;
        } else if (roll < 70) {
            press(robot, workbench, KeyCode.SPACE);
            return "Space";
        } else if (roll < 76) {
            press(robot, workbench, KeyCode.S);
            return "S";
        } else if (roll < 92) {
            Parameter p = PARAMETERS.get(random.nextInt(PARAMETERS.size()));
            double v = valueOf(p, random);
            String text = String.format(Locale.ROOT, "%.3g", v);
            typeInto(robot, "#" + p.id() + "Field", text);
            return p.id() + " = " + text;
        } else {
            boolean was = workbench.model().compareProperty().get();
            UiFixture.scrollToAndClick(robot, "#compareToggle .thumb-area");
            return "compare " + (was ? "off" : "on");
        }
    }

    /** A value for a parameter: a slider end a quarter of the time each, otherwise one inside (log-uniform on a log slider). */
    private static double valueOf(Parameter p, Random random) {
        int pick = random.nextInt(4);
        if (pick == 0) {
            return p.min();
        }
        if (pick == 1) {
            return p.max();
        }
        double u = random.nextDouble();
        return p.log() ? Math.pow(10, Math.log10(p.min()) + u * (Math.log10(p.max()) - Math.log10(p.min())))
                : p.min() + u * (p.max() - p.min());
    }

    /**
     * Enters a value into a field of the side panel (focused from the keyboard: the panel may be
     * scrolled) and presses Enter. The text goes in as one edit of the focused field rather than
     * through TestFX's {@code write}, which picks its target among the open windows at each
     * character while tooltips open and close.
     */
    private static void typeInto(FxRobot robot, String id, String text) {
        TextField field = robot.lookup(id).queryAs(TextField.class);
        robot.interact(() -> {
            field.requestFocus();
            field.selectAll();
            field.replaceSelection(text);
        });
        robot.type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Whether a lesson's step holds the runner, paused (Space during a step pauses it). */
    private boolean lessonStepPaused() {
        // a Space just pressed shows in the newest snapshot once it counts every command queued so far
        long queued = workbench.runner().commandsQueued();
        waitFor("a snapshot after the commands sent", () -> workbench.runner().latest().commandsTaken() >= queued);
        return onFx(() -> {
            var s = workbench.runner().latest();
            return s.driven() && !s.running();
        });
    }

    private LessonSession session() {
        return workbench.lessons().session();
    }

    private String lessonId() {
        LessonSession s = session();
        return s == null ? "none" : s.lesson().id();
    }

    private static <T> T onFx(java.util.concurrent.Callable<T> question) {
        try {
            return WaitForAsyncUtils.asyncFx(question).get(UI_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    // ------------------------------------------------------------------ invariants

    /** What disagrees in the window now (FX thread), or null when it agrees with itself. */
    private String inconsistency() {
        if (!uncaught.isEmpty()) {
            StringWriter trace = new StringWriter();
            uncaught.get(0).printStackTrace(new PrintWriter(trace));
            return "an exception was thrown: " + trace;
        }
        if (session() != null && workbench.lessons().isBusy()) {
            return "the lesson is still busy";
        }
        Snapshot s = UiFixture.latest(workbench);
        if (s == null) {
            return "no snapshot";
        }
        // the views show the snapshot the window drew last; paused, that is the newest one
        Snapshot drawn = workbench.model().snapshotProperty().get();
        if (drawn == null || drawn.generation() != s.generation() || (!s.running() && drawn.sequence() != s.sequence())) {
            return "the window drew snapshot " + (drawn == null ? "none" : drawn.sequence() + " of generation "
                    + drawn.generation()) + ", the newest is " + s.sequence() + " of generation " + s.generation();
        }
        if (s.notice().kind() == Notice.Kind.STOPPED) {
            String notice = ((Label) workbench.root().lookup("#noticeLabel")).getText();
            return "the simulation stopped; the status bar says \"" + notice + "\"";
        }
        Node lessonStatus = workbench.lessons().node().lookup("#lessonStatus");
        String failed = I18n.text("lesson.failed", "");
        if (lessonStatus instanceof Label l && l.getText() != null && l.getText().startsWith(failed)) {
            return "the lesson panel says \"" + l.getText() + "\"";
        }
        String limits = limits(drawn);
        if (limits != null) {
            return limits;
        }
        String banner = banner(drawn);
        if (banner != null) {
            return banner;
        }
        String charts = charts(s);
        if (charts != null) {
            return charts;
        }
        return statusTimeOf(drawn);
    }

    /** The slider's marks, the side panel and the status bar against the snapshot's limit. */
    private String limits(Snapshot s) {
        ComboBox<?> box = (ComboBox<?>) workbench.root().lookup("#integratorChoice");
        if (box.getValue() != s.integrator()) {
            return "the integrator box shows " + box.getValue() + ", the snapshot " + s.integrator();
        }
        ParameterSlider dt = (ParameterSlider) workbench.root().lookup("#dt");
        double limitMark = dt.markValue("limitMark");
        double naiveMark = dt.markValue("naiveMark");
        String detail = ((Label) workbench.root().lookup("#limitDetail")).getText();
        String status = ((Label) workbench.root().lookup("#limitLabel")).getText();
        String updating = I18n.text("status.updating").trim();
        java.util.Set<dev.hooke.core.lesson.Readout> hidden = workbench.model().hidden();
        if (hidden.contains(dev.hooke.core.lesson.Readout.LIMIT)) {
            // predict mode: a lesson's open question hides the limit in every view
            if (!Double.isNaN(limitMark) || !status.equals(I18n.text("status.limitHidden"))
                    || !detail.equals(I18n.text("detail.hidden"))) {
                return "with the limit hidden the mark is at " + limitMark + " s, the status bar says '" + status
                        + "' and the panel '" + detail + "'";
            }
            if (hidden.contains(dev.hooke.core.lesson.Readout.NAIVE_BOUND) && !Double.isNaN(naiveMark)) {
                return "with the naive bound hidden its mark is at " + naiveMark + " s";
            }
            return null;
        }
        if (s.limit() == null || s.limit().integrator() != s.integrator()) {
            // no limit of this method yet (its analysis runs): every view says it is being computed
            if (s.limitCurrent()) {
                return "the snapshot's limit is " + (s.limit() == null ? "unknown" : s.limit().integrator() + "'s")
                        + " and called current, its integrator " + s.integrator();
            }
            if (!status.equals(I18n.text("status.limitComputing")) || !detail.equals(I18n.text("detail.limitComputing"))) {
                return "while " + s.integrator() + "'s limit is computed the status bar says \"" + status
                        + "\" and the panel \"" + detail + "\"";
            }
            return null;
        }
        if (!s.limitCurrent() && (!status.contains(updating) || !detail.contains(updating))) {
            // an analysis of the present state runs: the last limit is shown, marked as being updated
            return "while the limit is updated the status bar says \"" + status + "\" and the panel \"" + detail + "\"";
        }
        if (!same(s.limit().dtMax(), limitMark)) {
            return "the limit mark is at " + limitMark + " s, the snapshot's limit " + s.limit().dtMax()
                    + " s; the panel says \"" + detail + "\"";
        }
        if (!same(s.naiveBound(), naiveMark)) {
            return "the 2√(m/k) mark is at " + naiveMark + " s, the snapshot's " + s.naiveBound()
                    + " s; the panel says \"" + detail + "\"";
        }
        boolean named = s.limit().unlimited() || detail.contains(Phrases.limit(s.limit()));
        if (!detail.startsWith(Phrases.integrator(s.integrator())) || !named
                || (s.limitCurrent() && detail.contains(updating))) {
            return "the panel says \"" + detail + "\"; the snapshot: " + s.integrator() + ", " + Phrases.limit(s.limit());
        }
        if (!status.contains(Phrases.limit(s.limit())) || (s.limitCurrent() && status.contains(updating))) {
            return "the status bar says \"" + status + "\"; the snapshot's limit: " + Phrases.limit(s.limit());
        }
        return null;
    }

    private static boolean same(double expected, double actual) {
        if (!Double.isFinite(expected)) {
            return Double.compare(expected, actual) == 0;
        }
        return Math.abs(expected - actual) <= MARK_RELATIVE * Math.abs(expected);
    }

    /**
     * Each system's banner shown exactly while that system has exploded: in compare mode A's and
     * B's compact banners, each by its own system's state, and no banner across the view; outside
     * it the banner across the view, by the main system's, and no system's banner. One Reset and one
     * Halve Δt at most in all, and one of each on a banner of the workbench's own explosion.
     */
    private String banner(Snapshot s) {
        int resets = bannerButtons(workbench, "explosion-reset-action").size();
        int halves = bannerButtons(workbench, "explosion-halve-action").size();
        if (resets > 1 || halves > 1 || resets != halves) {
            return "the banners hold " + resets + " Reset and " + halves + " Halve Δt buttons";
        }
        long messages = workbench.notificationPane().lookupAll("#explosionMessage").stream()
                .filter(n -> n.isVisible() && n.getScene() != null).count();
        if (messages > 1) {
            return messages + " explosion messages shown";
        }
        boolean across = workbench.notificationPane().isShowing();
        boolean a = drawn(workbench.root().lookup("#explosionBannerA"));
        boolean b = drawn(workbench.root().lookup("#explosionBannerB"));
        if (s.compareMode() != null && s.compare() != null) {
            boolean bExploded = s.compare().explosion() != null;
            if (across) {
                return "in compare mode the banner across the view shows";
            }
            if (a != s.exploded()) {
                return s.exploded() ? "A has exploded and no banner says so" : "A's banner shows while A runs";
            }
            if (b != bExploded) {
                return bExploded ? "B has exploded and no banner says so" : "B's banner shows while B runs";
            }
        } else {
            if (a || b) {
                return "a system's banner shows outside compare mode";
            }
            if (across != s.exploded()) {
                return s.exploded() ? "the snapshot is exploded and no banner says so"
                        : "a banner shows while the snapshot is sound";
            }
        }
        if ((across || a || b) && session() == null && resets != 1) {
            return "the banner of the workbench's own explosion offers " + resets + " Reset buttons";
        }
        return null;
    }

    /** Whether {@code n} lies on compare mode's banner of system A or B. */
    private static boolean onSystemsBanner(Node n) {
        for (Node p = n; p != null; p = p.getParent()) {
            if ("explosionBannerA".equals(p.getId()) || "explosionBannerB".equals(p.getId())) {
                return true;
            }
        }
        return false;
    }

    private static boolean drawn(Node n) {
        return UiFixture.drawn(n);
    }

    /** Every chart shown draws the snapshot's generation only, nothing after its t. */
    private String charts(Snapshot s) {
        for (Map.Entry<ChartsPane.Kind, List<EnergySample>> e : UiFixture.shownChartSamples(workbench).entrySet()) {
            for (EnergySample sample : e.getValue()) {
                if (sample.generation() != s.generation()) {
                    return "the " + e.getKey() + " chart draws a sample of generation " + sample.generation()
                            + " (t = " + sample.time() + " s, lane " + sample.lane() + "), the window shows generation "
                            + s.generation();
                }
                if (sample.time() > s.time() + 1e-9 && sample.lane() == 0) {
                    return "the " + e.getKey() + " chart draws t = " + sample.time() + " s, the snapshot is at t = "
                            + s.time() + " s";
                }
            }
        }
        return null;
    }

    /** The status bar's t: the t of the snapshot the window drew. */
    private String statusTimeOf(Snapshot drawn) {
        Label label = (Label) workbench.root().lookup("#timeLabel");
        return label.getText().equals(timeText(drawn)) ? null
                : "the status bar says \"" + label.getText() + "\", the snapshot drawn " + timeText(drawn);
    }
}
