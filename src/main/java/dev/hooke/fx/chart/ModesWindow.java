package dev.hooke.fx.chart;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.scene.SceneFile;
import dev.hooke.core.stability.Modes;
import dev.hooke.fx.I18n;
import dev.hooke.fx.sim.Snapshot;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.geometry.Insets;
import javafx.scene.Scene;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Label;
import javafx.scene.image.PixelWriter;
import javafx.scene.image.WritableImage;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import javafx.stage.Window;
import java.util.function.Supplier;

/**
 * The modes of the shown scene on its integrator's stability region, in the complex plane of
 * z = Δt·λ ({@link Modes}), linearised at the scene as built without its perturbation (as the
 * stability analysis is): the region where one step does not grow a mode (|R(z)| ≤ 1) shaded,
 * every mode a point, red when it is outside, so that the class sees which mode leaves the region
 * as Δt grows and why the step explodes. The eigen solve runs on a thread of its own when the
 * scene's values change (Δt and the method only move the points); the window follows the newest
 * snapshot while it is shown.
 */
public final class ModesWindow {

    private static final double WIDTH = 560;
    private static final double HEIGHT = 420;
    /** The plot's cells, in pixels, where |R| is evaluated to shade the region. */
    private static final int CELL = 3;
    private static final Color INSIDE = Color.web("#cfe8d4");
    private static final Color STABLE = Color.web("#1b7a3a");
    private static final Color UNSTABLE = Color.web("#d1242f");

    private static final ExecutorService SOLVER = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "hooke-modes");
        t.setDaemon(true);
        t.setPriority(Thread.MIN_PRIORITY);
        return t;
    });

    /** The per-mode plot's height: |R| above, the period error below; in px. */
    private static final double BARS_HEIGHT = 180;
    private static final double BARS_LEFT = 46;
    private static final double R_TOP = 16;
    private static final double R_HEIGHT = 80;
    private static final double PERIOD_TOP = 122;
    private static final double PERIOD_HEIGHT = 40;
    /** A click this close to a mode's point (px) chooses it. */
    private static final double PICK = 10;

    private final BooleanProperty shown = new SimpleBooleanProperty(false);
    private final Canvas canvas = new Canvas(WIDTH, HEIGHT);
    private final Canvas bars = new Canvas(WIDTH, BARS_HEIGHT);
    private final ModeDisplay display;
    private final Label summary = new Label();
    private final Label detail = new Label();
    private Stage stage;
    private final Supplier<Window> owner;

    /** The snapshot's scene value last seen (the same instance until an edit). */
    private SceneFile seen;
    /** The scene whose eigenvalues are known or being found (its Δt and method left out). */
    private SceneFile solvedFor;
    private CompletableFuture<double[][]> lambdas;
    private String failure;
    /** What the plot shows now, to redraw only when it changes. */
    private Object drawnKey;
    private Modes.Result result;

    /** Which region: a method, its δ (position Verlet) and the window's half-height in z. */
    private record RegionKey(IntegratorKind kind, double delta, double reach) {
    }

    /** The region drawn last, and for which window. */
    private WritableImage regionShown;
    private RegionKey regionShownKey;
    /** The region being drawn off the FX thread, and for which window. */
    private CompletableFuture<WritableImage> regionJob;
    private RegionKey regionJobKey;

    /**
     * @param owner  the workbench's window, once it has one
     * @param engine the running simulation's state on request, {x, v, {t}} (copies), for a mode's energy
     */
    public ModesWindow(Supplier<Window> owner, Supplier<CompletableFuture<double[][]>> engine) {
        this.owner = owner;
        this.display = new ModeDisplay(SOLVER, engine, WIDTH);
        bars.setId("modesAmplification");
        canvas.setOnMouseClicked(e -> choose(nearestInPlane(e.getX(), e.getY())));
        bars.setOnMouseClicked(e -> choose(nearestInBars(e.getX(), e.getY())));
        summary.setId("modesSummary");
        summary.setWrapText(true);
        summary.setMaxWidth(WIDTH);
        summary.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        detail.setId("modesDetail");
        detail.setWrapText(true);
        detail.setMaxWidth(WIDTH);
        detail.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        canvas.setId("modesPlot");
        shown.addListener((o, was, now) -> {
            if (now) {
                Stage st = stage();
                st.show();
                placeBesideOwner(st);
            } else if (stage != null) {
                stage.hide();
                display.leave();
            }
        });
    }

    /** Puts the window beside the workbench's, on its screen, where it covers the least of it. */
    private void placeBesideOwner(Stage st) {
        Window w = owner.get();
        if (w == null) {
            return;
        }
        javafx.geometry.Rectangle2D screen = javafx.stage.Screen.getScreensForRectangle(w.getX(), w.getY(),
                Math.max(1, w.getWidth()), Math.max(1, w.getHeight())).stream().findFirst()
                .orElse(javafx.stage.Screen.getPrimary()).getVisualBounds();
        double x = Math.min(w.getX() + w.getWidth(), screen.getMaxX() - st.getWidth());
        st.setX(Math.max(screen.getMinX(), x));
        st.setY(Math.max(screen.getMinY(), Math.min(w.getY(), screen.getMaxY() - st.getHeight())));
        w.requestFocus();       // a window to watch beside the controls: they keep the keyboard
    }

    /** Whether the window is shown. */
    public BooleanProperty shownProperty() {
        return shown;
    }

    /** What the modes are now (for tests): null until the first solve has finished. */
    public Modes.Result result() {
        return result;
    }

    private Stage stage() {
        if (stage == null) {
            VBox box = new VBox(8, summary, canvas, detail, bars, display.node());
            box.setPadding(new Insets(10));
            box.setId("modesWindow");
            stage = new Stage();
            Window w = owner.get();
            if (w != null) {
                stage.initOwner(w);
            }
            stage.setScene(new Scene(box));
            stage.setOnHidden(e -> shown.set(false));
            localize();
        }
        return stage;
    }

    /** Writes the title in the language in use. */
    public void localize() {
        if (stage != null) {
            stage.setTitle(I18n.text("modes.title"));
        }
        display.localize();
        drawnKey = null;
    }

    /** Shows the snapshot's scene: solves again when its values changed, redraws when anything shown did. */
    public void update(Snapshot s) {
        update(s, java.util.Set.of());
    }

    /**
     * As {@link #update(Snapshot)}; while {@code hidden} holds the limit (predict mode: a lesson's
     * open question), the window shows the region without the modes' points and numbers.
     */
    public void update(Snapshot s, java.util.Set<dev.hooke.core.lesson.Readout> hidden) {
        if (!shown.get() || s == null) {
            return;
        }
        // linearised at the scene as built without its perturbation, as the stability analysis and the
        // lessons' limit checks are: the perturbation is a small motion about that state
        SceneFile scene = s.scene() == seen ? solvedFor
                : s.scene().withSpec(s.scene().spec().perturbation(dev.hooke.core.scene.Perturbation.NONE))
                        .withDt(SceneFile.defaults(s.scene().type()).dt()).withIntegrator(IntegratorKind.RK4);
        seen = s.scene();
        if (!scene.equals(solvedFor)) {
            solvedFor = scene;
            failure = null;
            if (lambdas != null) {
                lambdas.cancel(false);
            }
            SceneFile built = scene;
            lambdas = CompletableFuture.supplyAsync(() -> Modes.eigenvalues(built.build()), SOLVER);
            display.solveFor(scene);
            drawnKey = null;
        }
        display.sample(System.nanoTime());
        if (lambdas.isCompletedExceptionally()) {
            try {
                lambdas.join();
            } catch (RuntimeException e) {
                failure = e.getCause() != null ? e.getCause().getMessage() : e.getMessage();
            }
        }
        adoptRegion();
        boolean concealed = hidden.contains(dev.hooke.core.lesson.Readout.LIMIT);
        Object key = java.util.Arrays.asList(solvedFor, s.dt(), s.integrator(), lambdas.isDone(), I18n.locale(),
                regionShown, display.chosen(), concealed);
        if (key.equals(drawnKey)) {
            return;
        }
        drawnKey = key;
        double delta = s.scene().verletDelta();
        if (!lambdas.isDone() || failure != null) {
            result = null;
            summary.setText(failure != null ? I18n.text("modes.tooLarge", failure) : I18n.text("modes.solving"));
            draw(null, s.integrator(), delta);
            drawBars(null);
            fitWindow();
            return;
        }
        result = Modes.of(lambdas.join(), s.integrator(), s.dt(), delta);
        if (concealed) {
            summary.setText(I18n.text("modes.hidden"));
            detail.setText("");
            draw(null, s.integrator(), delta);
            drawBars(null);
            fitWindow();
            return;
        }
        if (!result.hasRegion()) {
            summary.setText(I18n.text("modes.noRegion", s.integrator().displayName()));
        } else {
            summary.setText(I18n.text("modes.summary", result.unstableCount(), result.modes().size(),
                    Double.toString(s.dt())));
        }
        Modes.Mode fastest = result.modes().isEmpty() ? null : result.modes().get(0);
        detail.setText(fastest == null || !result.hasRegion() ? ""
                : I18n.text("modes.fastest", String.format(java.util.Locale.ROOT, "%.4g", fastest.omega()),
                        String.format(java.util.Locale.ROOT, "%.4g", fastest.amplification()),
                        Double.isFinite(fastest.periodError())
                                ? String.format(java.util.Locale.ROOT, "%+.2f %%", 100 * fastest.periodError()) : "–"));
        draw(result, s.integrator(), delta);
        drawBars(result);
        fitWindow();
    }

    // ------------------------------------------------------------------ a chosen mode

    /**
     * The snapshot the scene view should draw instead of {@code s}: the chosen mode's shape
     * animated about the state the modes are found at (time {@code now}, ns), or null when no mode
     * is chosen and the view shows the live state. The simulation is not touched.
     */
    public Snapshot overlay(Snapshot s, long now) {
        return shown.get() && s != null ? display.overlay(s, now) : null;
    }

    /** Chooses mode k of the shown result (fastest first; −1: none, the view goes back to the live state). */
    public void choose(int k) {
        if (result == null || k < 0 || k >= result.modes().size()) {
            display.leave();
        } else if (k == display.chosen()) {
            display.leave();        // a second click on the chosen mode leaves it
        } else {
            display.choose(k, result.modes().get(k).omega());
        }
        drawnKey = null;
    }

    /** The chosen mode, fastest first, or −1. */
    public int chosenMode() {
        return display.chosen();
    }

    /** The chosen mode's shape as drawn (largest particle displacement 1), {@code 3*i+k}; null when none. */
    public double[] chosenShape() {
        return display.unitShape();
    }

    /** The positions the modes are found at (the scene as built), {@code 3*i+k}; null until known. */
    public double[] linearisationPoint() {
        return display.linearisationPoint();
    }

    /** c in the positions last drawn for the chosen mode, x₀ + c·{@link #chosenShape()}; in m. */
    public double shownCoefficient() {
        return display.shownCoefficient();
    }

    /** The chosen mode's energy samples plotted so far, {t, E}. */
    public java.util.List<double[]> energySamples() {
        return display.energy().getData().stream()
                .map(d -> new double[] {d.getXValue().doubleValue(), d.getYValue().doubleValue()}).toList();
    }

    /** Where mode k's point is in the per-mode plot (node {@code #modesAmplification}'s coordinates). */
    public javafx.geometry.Point2D amplificationPoint(int k) {
        Modes.Mode m = result.modes().get(k);
        return new javafx.geometry.Point2D(barX(m), rY(m));
    }

    private int nearestInPlane(double x, double y) {
        if (result == null) {
            return -1;
        }
        double reach = reach(result);
        double scale = Math.min(WIDTH, HEIGHT) / (2 * reach);
        int best = -1;
        double bestD = PICK;
        for (int i = 0; i < result.modes().size(); i++) {
            Modes.Mode m = result.modes().get(i);
            for (double im : new double[] {m.zIm(), -m.zIm()}) {
                double d = Math.hypot(WIDTH / 2 + m.zRe() * scale - x, HEIGHT / 2 - im * scale - y);
                if (d < bestD) {
                    bestD = d;
                    best = i;
                }
            }
        }
        return best;
    }

    private int nearestInBars(double x, double y) {
        if (result == null) {
            return -1;
        }
        int best = -1;
        double bestD = PICK;
        for (int i = 0; i < result.modes().size(); i++) {
            Modes.Mode m = result.modes().get(i);
            double d = Math.hypot(barX(m) - x, rY(m) - y);
            if (d < bestD) {
                bestD = d;
                best = i;
            }
        }
        return best;
    }

    /** The per-mode plot's largest |R|. */
    private double rMax() {
        double top = 1.2;
        for (Modes.Mode m : result.modes()) {
            if (Double.isFinite(m.amplification())) {
                top = Math.max(top, Math.min(3, 1.05 * m.amplification()));
            }
        }
        return top;
    }

    private double barX(Modes.Mode m) {
        double fastest = result.modes().isEmpty() ? 1 : Math.max(1e-300, result.modes().get(0).omega());
        return BARS_LEFT + (WIDTH - BARS_LEFT - 10) * m.omega() / fastest;
    }

    private double rY(Modes.Mode m) {
        double a = Double.isFinite(m.amplification()) ? Math.min(m.amplification(), rMax()) : 1;
        return R_TOP + R_HEIGHT * (1 - a / rMax());
    }

    /**
     * Each mode's |R| per step (above) and relative period error (below) against its ω: backward
     * Euler's damping of the fast modes, explicit Euler's growth, the symplectic methods' |R| = 1
     * with a period error that grows with ωΔt.
     */
    private void drawBars(Modes.Result r) {
        GraphicsContext g = bars.getGraphicsContext2D();
        g.setFill(Color.WHITE);
        g.fillRect(0, 0, WIDTH, BARS_HEIGHT);
        g.setFill(Color.gray(0.3));
        g.fillText(I18n.text("modes.amplificationAxis"), 4, 11);
        g.fillText(I18n.text("modes.periodAxis"), 4, PERIOD_TOP - 6);
        g.fillText(I18n.text("modes.omegaAxis"), WIDTH - 150, BARS_HEIGHT - 4);
        if (r == null || r.modes().isEmpty() || !r.hasRegion()) {
            return;
        }
        double top = rMax();
        g.setStroke(Color.gray(0.45));
        g.setLineWidth(1);
        double one = R_TOP + R_HEIGHT * (1 - 1 / top);
        g.strokeLine(BARS_LEFT, one, WIDTH - 6, one);
        g.strokeLine(BARS_LEFT, R_TOP + R_HEIGHT, WIDTH - 6, R_TOP + R_HEIGHT);
        g.fillText("1", BARS_LEFT - 14, one + 4);
        g.fillText("0", BARS_LEFT - 14, R_TOP + R_HEIGHT + 4);
        double errMax = 0;
        for (Modes.Mode m : r.modes()) {
            if (Double.isFinite(m.periodError())) {
                errMax = Math.max(errMax, Math.abs(m.periodError()));
            }
        }
        double mid = PERIOD_TOP + PERIOD_HEIGHT / 2;
        g.strokeLine(BARS_LEFT, mid, WIDTH - 6, mid);
        if (errMax > 0) {
            String format = 100 * errMax >= 10 ? "%+.0f %%" : "%+.2g %%";
            g.fillText(String.format(java.util.Locale.ROOT, format, 100 * errMax), 2, PERIOD_TOP + 8);
            g.fillText(String.format(java.util.Locale.ROOT, format, -100 * errMax), 2, PERIOD_TOP + PERIOD_HEIGHT);
        }
        int chosen = display.chosen();
        for (int i = 0; i < r.modes().size(); i++) {
            Modes.Mode m = r.modes().get(i);
            double x = barX(m);
            g.setFill(m.stable() ? STABLE : UNSTABLE);
            g.fillOval(x - 2.5, rY(m) - 2.5, 5, 5);
            if (errMax > 0 && Double.isFinite(m.periodError())) {
                g.fillOval(x - 2, mid - PERIOD_HEIGHT / 2 * m.periodError() / errMax - 2, 4, 4);
            }
            if (i == chosen) {
                g.setStroke(Color.BLACK);
                g.setLineWidth(1.5);
                g.strokeOval(x - 6, rY(m) - 6, 12, 12);
                g.setStroke(Color.gray(0.45));
                g.setLineWidth(1);
            }
        }
    }

    /** Grows the window to its texts when they took more lines than it had room for. */
    private void fitWindow() {
        if (stage != null && stage.isShowing() && stage.getScene().getRoot().prefHeight(stage.getScene().getWidth())
                > stage.getScene().getHeight()) {
            stage.sizeToScene();
        }
    }

    /**
     * The shaded region |R(z)| ≤ 1 of a method over a window of half-height {@code reach} in z,
     * drawn off the FX thread: a partitioned method's |R| is an eigen solve per cell, tens of
     * milliseconds for the whole plot.
     */
    private static WritableImage region(RegionKey key) {
        WritableImage region = new WritableImage((int) WIDTH, (int) HEIGHT);
        PixelWriter px = region.getPixelWriter();
        double scale = Math.min(WIDTH, HEIGHT) / (2 * key.reach());
        double cx = WIDTH / 2;
        double cy = HEIGHT / 2;
        for (int y = 0; y < HEIGHT; y += CELL) {
            for (int x = 0; x < WIDTH; x += CELL) {
                double re = (x + CELL / 2.0 - cx) / scale;
                double im = (cy - y - CELL / 2.0) / scale;
                double a = Modes.amplificationAt(key.kind(), key.delta(), re, im);
                Color c = a <= 1 + Modes.STABLE_TOLERANCE ? INSIDE : Color.WHITE;
                for (int dy = 0; dy < CELL && y + dy < HEIGHT; dy++) {
                    for (int dx = 0; dx < CELL && x + dx < WIDTH; dx++) {
                        px.setColor(x + dx, y + dy, c);
                    }
                }
            }
        }
        return region;
    }

    /** Takes the region drawn off the FX thread, once it is ready. */
    private void adoptRegion() {
        if (regionJob != null && regionJob.isDone()) {
            if (!regionJob.isCancelled() && !regionJob.isCompletedExceptionally()) {
                regionShown = regionJob.join();
                regionShownKey = regionJobKey;
            }
            regionJob = null;
            regionJobKey = null;
        }
    }

    /** The z-plane's half-height: every mode inside, and at least |z| ≤ 3 (explicit Euler's disc reaches −2, RK4's 2.8). */
    private static double reach(Modes.Result r) {
        double reach = 3;
        if (r != null) {
            for (Modes.Mode m : r.modes()) {
                reach = Math.max(reach, 1.15 * Math.max(Math.abs(m.zRe()), Math.abs(m.zIm())));
            }
        }
        return reach;
    }

    private void draw(Modes.Result r, IntegratorKind kind, double delta) {
        GraphicsContext g = canvas.getGraphicsContext2D();
        g.setFill(Color.WHITE);
        g.fillRect(0, 0, WIDTH, HEIGHT);
        double reach = reach(r);
        double scale = Math.min(WIDTH, HEIGHT) / (2 * reach);
        double cx = WIDTH / 2;
        double cy = HEIGHT / 2;
        if (Modes.hasRegion(kind)) {
            RegionKey want = new RegionKey(kind, delta, reach);
            if (!want.equals(regionShownKey) && !want.equals(regionJobKey)) {
                if (regionJob != null) {
                    regionJob.cancel(false);
                }
                regionJobKey = want;
                regionJob = CompletableFuture.supplyAsync(() -> region(want), SOLVER);
            }
            if (regionShown != null && regionShownKey.kind() == kind && regionShownKey.delta() == delta) {
                // until the region for this window is drawn, the last one, scaled to it about z = 0
                double f = regionShownKey.reach() / reach;
                g.drawImage(regionShown, cx - cx * f, cy - cy * f, WIDTH * f, HEIGHT * f);
            }
        }
        g.setStroke(Color.gray(0.45));
        g.setLineWidth(1);
        g.strokeLine(0, cy, WIDTH, cy);
        g.strokeLine(cx, 0, cx, HEIGHT);
        g.setFill(Color.gray(0.3));
        g.fillText("Re z = Δt·Re λ", WIDTH - 110, cy - 6);
        g.fillText("Im z", cx + 6, 14);
        for (int t = (int) -Math.floor(reach); t <= Math.floor(reach); t++) {
            if (t != 0) {
                g.strokeLine(cx + t * scale, cy - 3, cx + t * scale, cy + 3);
                g.fillText(Integer.toString(t), cx + t * scale - 4, cy + 15);
            }
        }
        if (r == null) {
            return;
        }
        for (int i = 0; i < r.modes().size(); i++) {
            Modes.Mode m = r.modes().get(i);
            g.setFill(m.stable() ? STABLE : UNSTABLE);
            double x = cx + m.zRe() * scale;
            for (double im : new double[] {m.zIm(), -m.zIm()}) {
                double y = cy - im * scale;
                g.fillOval(x - 3.5, y - 3.5, 7, 7);
                if (i == display.chosen()) {
                    g.setStroke(Color.BLACK);
                    g.setLineWidth(1.5);
                    g.strokeOval(x - 7, y - 7, 14, 14);
                }
            }
        }
    }
}
