package dev.hooke.fx.perf;

import dev.hooke.fx.I18n;
import dev.hooke.fx.sim.SceneTopology;
import dev.hooke.fx.sim.Snapshot;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Locale;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;

/**
 * Measures what the FX thread spends on Hooke's own work in each pulse, and shows it.
 *
 * <p>Per pulse (the workbench's animation timer calls {@link #begin()} first and
 * {@link #pulse(long, Snapshot)} last):
 * <ul>
 *   <li><b>FX work</b>: wall-clock time from the start of the workbench's frame handler to its
 *       end, by {@link System#nanoTime()}: taking the newest snapshot, the status texts, the mesh
 *       updates of the view and the new chart points. JavaFX's own share of the pulse comes
 *       after it.</li>
 *   <li><b>FX work, CPU</b>: the FX thread's CPU time over the same span
 *       ({@link ThreadMXBean#getCurrentThreadCpuTime()}, where the JVM offers it): the work
 *       without the time the thread waited for a core, which on a loaded machine is most of the
 *       difference.</li>
 *   <li><b>CSS and layout</b>: from the end of that work to the end of the scene's layout pass
 *       (a post-layout pulse listener), the JavaFX work that the new texts and chart points
 *       cause on the same thread. Synchronising the scene graph with the renderer and drawing
 *       come after and are not counted. Its CPU time is held too, as for the work.</li>
 *   <li><b>Frame interval</b>: the time between two pulses' timestamps; frames per second are
 *       1/median interval.</li>
 * </ul>
 * Each is held over the last {@value #WINDOW} pulses in a {@link RollingStatistic}; recording
 * allocates nothing. The readout ({@link #node()}, shown while {@link #shownProperty()} is true)
 * is rewritten every {@value #READOUT_MILLIS} ms, not every pulse.
 *
 * <p>With {@link #logAfter(double, PrintStream)} one line with the medians is printed once, the
 * given number of seconds after the first pulse (the system property {@code hooke.perfLog}).
 */
public final class PerformanceMonitor {

    /** How many of the latest pulses the statistics hold. */
    public static final int WINDOW = 240;
    /** How often the readout is rewritten; in ms. */
    public static final long READOUT_MILLIS = 500;

    private final RollingStatistic work = new RollingStatistic(WINDOW);
    private final RollingStatistic workCpu = new RollingStatistic(WINDOW);
    private final RollingStatistic layout = new RollingStatistic(WINDOW);
    private final RollingStatistic layoutCpu = new RollingStatistic(WINDOW);
    private final RollingStatistic interval = new RollingStatistic(WINDOW);
    private final BooleanProperty shown = new SimpleBooleanProperty(this, "shown");
    private final Label workLabel = line("perfWork");
    private final Label cpuLabel = line("perfCpu");
    private final Label layoutLabel = line("perfLayout");
    private final Label framesLabel = line("perfFrames");
    private final Label stepsLabel = line("perfSteps");
    private final Label titleLabel = line("perfTitle");
    private final VBox readout = new VBox(2, titleLabel, workLabel, cpuLabel, layoutLabel, framesLabel, stepsLabel);
    private final StackPane holder = new StackPane(readout);

    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final boolean cpuTime = threads.isCurrentThreadCpuTimeSupported();
    private long workStarted;
    private long cpuStarted;
    private long lastPulse;
    private long workEnded;
    private long cpuEnded = -1;
    private boolean layoutPending;
    private long lastReadout;
    private double stepsPerSecond = Double.NaN;
    /** The snapshot shown at the last pulse (its scene is named in the log line). */
    private Snapshot lastShown;
    private long firstPulse;
    private long logAfterNanos = -1;
    private PrintStream log;
    private Runnable afterLog = () -> { };
    private Scene listenedTo;
    private final Runnable afterLayout = this::afterLayout;

    public PerformanceMonitor() {
        readout.setId("performanceReadout");
        readout.getStyleClass().add("performance-readout");
        readout.setStyle("-fx-background-color: rgba(20,26,36,0.75); -fx-padding: 6 8 6 8; -fx-background-radius: 4;");
        readout.setMaxSize(javafx.scene.layout.Region.USE_PREF_SIZE, javafx.scene.layout.Region.USE_PREF_SIZE);
        titleLabel.setStyle("-fx-text-fill: #e8eef5; -fx-font-weight: bold;");
        StackPane.setAlignment(readout, Pos.BOTTOM_RIGHT);
        holder.setPickOnBounds(false);
        holder.setMouseTransparent(true);
        holder.visibleProperty().bind(shown);
        holder.setStyle("-fx-padding: 10;");
        shown.addListener((obs, was, on) -> {
            if (on) {
                showReadout();
            }
        });
        localize();
    }

    private static Label line(String id) {
        Label l = new Label();
        l.setId(id);
        l.setStyle("-fx-text-fill: #e8eef5;");
        return l;
    }

    /** The readout, to lay over the view: in its lower right corner, passing the mouse through. */
    public Node node() {
        return holder;
    }

    /** Whether the readout is shown. */
    public BooleanProperty shownProperty() {
        return shown;
    }

    /** FX work per pulse (ns), over the last pulses. */
    public RollingStatistic work() {
        return work;
    }

    /** The FX thread's CPU time for its work per pulse (ns), over the last pulses (none held where the JVM cannot tell). */
    public RollingStatistic workCpu() {
        return workCpu;
    }

    /** The FX thread's CPU time for CSS and layout per pulse (ns), over the last pulses. */
    public RollingStatistic layoutCpu() {
        return layoutCpu;
    }

    /** CSS and layout per pulse (ns), over the last pulses. */
    public RollingStatistic layout() {
        return layout;
    }

    /** The interval between pulses (ns), over the last pulses. */
    public RollingStatistic frameInterval() {
        return interval;
    }

    /** Frames per second: 1/median frame interval; NaN before two pulses. */
    public double framesPerSecond() {
        return interval.count() == 0 ? Double.NaN : 1e9 / Math.max(1, interval.median());
    }

    /**
     * Prints one line with the medians to {@code out}, once, {@code seconds} after the first
     * pulse.
     */
    public void logAfter(double seconds, PrintStream out) {
        logAfter(seconds, out, () -> { });
    }

    /** As {@link #logAfter(double, PrintStream)}, then runs {@code then} (on the FX thread). */
    public void logAfter(double seconds, PrintStream out, Runnable then) {
        afterLog = then;
        if (!(seconds >= 0) || Double.isInfinite(seconds)) {
            throw new IllegalArgumentException("seconds: must be a number ≥ 0, got " + seconds);
        }
        logAfterNanos = (long) (seconds * 1e9);
        log = out;
    }

    /** Listens to the layout passes of {@code node}'s scene (now and whenever it changes). */
    public void attach(Node node) {
        node.sceneProperty().addListener((obs, was, scene) -> listenTo(scene));
        listenTo(node.getScene());
    }

    private void listenTo(Scene scene) {
        if (listenedTo != null) {
            listenedTo.removePostLayoutPulseListener(afterLayout);
        }
        listenedTo = scene;
        if (scene != null) {
            scene.addPostLayoutPulseListener(afterLayout);
        }
    }

    private void afterLayout() {
        if (layoutPending) {
            layoutPending = false;
            layout.add(System.nanoTime() - workEnded);
            if (cpuTime && cpuEnded >= 0) {
                long cpu = threads.getCurrentThreadCpuTime();
                if (cpu >= 0) {
                    layoutCpu.add(cpu - cpuEnded);
                }
            }
        }
    }

    /** Marks the start of the frame handler's work (FX thread). */
    public void begin() {
        if (cpuTime) {
            cpuStarted = threads.getCurrentThreadCpuTime();
        }
        workStarted = System.nanoTime();
    }

    /**
     * Records one pulse: called at the end of the frame handler, after {@link #begin()}.
     *
     * @param now   the pulse's timestamp, as the animation timer gives it; in ns
     * @param shown the snapshot the view shows (its rate and scene are reported)
     */
    public void pulse(long now, Snapshot shown) {
        workEnded = System.nanoTime();
        work.add(workEnded - workStarted);
        cpuEnded = -1;
        if (cpuTime) {
            long cpu = threads.getCurrentThreadCpuTime();
            if (cpu >= 0 && cpuStarted >= 0) {
                workCpu.add(cpu - cpuStarted);
                cpuEnded = cpu;
            }
        }
        layoutPending = listenedTo != null;
        if (lastPulse != 0) {
            interval.add(now - lastPulse);
        } else {
            firstPulse = now;
        }
        lastPulse = now;
        if (shown != null) {
            stepsPerSecond = shown.stepsPerSecond();
            lastShown = shown;
        }
        if (this.shown.get() && now - lastReadout >= READOUT_MILLIS * 1_000_000L) {
            lastReadout = now;
            showReadout();
        }
        if (log != null && logAfterNanos >= 0 && now - firstPulse >= logAfterNanos) {
            log.println(logLine());
            log.flush();
            logAfterNanos = -1;
            afterLog.run();
        }
    }

    /** The scene and method the snapshot shows: "cloth 100×100, implicit-euler". */
    private static String describe(Snapshot s) {
        if (s == null) {
            return "";
        }
        SceneTopology t = s.topology();
        if (t == null) {
            return s.integrator().id();
        }
        String size = t.gridSize() >= 2 ? " " + t.gridSize() + "×" + t.gridSize() : " " + t.particleCount();
        return t.type().id() + size + ", " + s.integrator().id()
                + (s.compare() != null ? " + " + s.compare().integrator().id() : "");
    }

    /** The line {@link #logAfter} prints: medians, p90 and max over the last pulses; in ms. */
    public String logLine() {
        return String.format(Locale.ROOT,
                "hooke.perf: %s; last %d pulses: fx work median %.3f ms, p90 %.3f ms, max %.3f ms;"
                        + " fx work cpu median %.3f ms, p90 %.3f ms;"
                        + " css+layout median %.3f ms, p90 %.3f ms; css+layout cpu median %.3f ms, p90 %.3f ms;"
                        + " %.1f frames/s; %.0f steps/s",
                describe(lastShown), work.count(), work.quantileMillis(0.5), work.quantileMillis(0.9), work.quantileMillis(1),
                workCpu.quantileMillis(0.5), workCpu.quantileMillis(0.9),
                layout.quantileMillis(0.5), layout.quantileMillis(0.9),
                layoutCpu.quantileMillis(0.5), layoutCpu.quantileMillis(0.9), framesPerSecond(), stepsPerSecond);
    }

    /** Writes the readout's texts in the language in use. */
    public void localize() {
        titleLabel.setText(I18n.text("perf.title"));
        showReadout();
    }

    private void showReadout() {
        workLabel.setText(I18n.text("perf.work", ms(work.quantileMillis(0.5)), ms(work.quantileMillis(0.9))));
        cpuLabel.setText(I18n.text("perf.cpu", ms(workCpu.quantileMillis(0.5)), ms(workCpu.quantileMillis(0.9))));
        layoutLabel.setText(I18n.text("perf.layout", ms(layout.quantileMillis(0.5)), ms(layout.quantileMillis(0.9)),
                ms(layoutCpu.quantileMillis(0.5))));
        framesLabel.setText(I18n.text("perf.frames", number(framesPerSecond(), "%.1f")));
        stepsLabel.setText(I18n.text("perf.steps", number(stepsPerSecond, "%,.0f")));
    }

    private static String ms(double millis) {
        return number(millis, "%.2f");
    }

    private static String number(double v, String format) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, format, v) : "–";
    }
}
