package dev.hooke.fx.chart;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.scene.SceneFile;
import dev.hooke.core.stability.Modes;
import dev.hooke.core.stability.StabilityRegion;
import dev.hooke.fx.I18n;
import dev.hooke.fx.Phrases;
import dev.hooke.fx.sim.Snapshot;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.geometry.Bounds;
import javafx.geometry.Insets;
import javafx.geometry.Rectangle2D;
import javafx.geometry.VPos;
import javafx.scene.Scene;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.ToggleButton;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.TextAlignment;
import javafx.stage.Screen;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * The modes of the shown scene on its integrator's stability region, in the complex plane of
 * z = Δt·λ ({@link Modes}), linearised at the scene as built without its perturbation (as the
 * stability analysis is): the region where one step does not grow a mode (|R(z)| ≤ 1) shaded,
 * every mode a point, red when it is outside, so that the class sees which mode leaves the region
 * as Δt grows and why the step explodes. The axes fit the modes shown (at a small Δt they
 * crowd about z = 0), or, with "Whole region", the region's whole boundary; the region is traced
 * from the method's own R(z) to its true boundary ({@link StabilityRegion}). The eigen solve runs
 * on a thread of its own when the scene's values change (Δt and the method only move the points),
 * and so does the tracing of the region; the window follows the newest snapshot while it is shown.
 *
 * <p>The window belongs to the workbench's (it stays in front of it) and opens beside it, or, on a
 * screen without room, over the 3D view but never over the side panel's controls.
 */
public final class ModesWindow {

    private static final double WIDTH = 560;
    private static final double HEIGHT = 420;
    /** WIDTH / HEIGHT: one unit of z is as long on both axes. */
    private static final double ASPECT = WIDTH / HEIGHT;
    /** The lattice's cell the region is traced on, in px ({@link StabilityRegion}). */
    private static final int CELL = 4;
    /** The axes' half-ranges over the points' (or the region's) own. */
    private static final double PAD = 1.25;
    /** The least half-height of the axes (all z tiny, or all 0: the axes stay readable). */
    private static final double MIN_HALF = 1e-6;
    /** The half-height the axes take when every mode is at z = 0, and for a region without a bounded boundary. */
    private static final double DEFAULT_HALF = 3;
    /** The canvases' font sizes, in px, in normal and in large type. */
    private static final double FONT = 12;
    private static final double FONT_LARGE = 16;
    /** Room for a vertical scroll bar, in px. */
    private static final double SCROLL_BAR = 18;
    /** The space kept between the window and the controls, in px. */
    private static final double GAP = 8;
    private static final Color INSIDE = Color.web("#cfe8d4");
    private static final Color EDGE = Color.web("#5e9e6e");
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
    private final ToggleButton wholeRegion = new ToggleButton();
    private final BooleanProperty largeType = new SimpleBooleanProperty(false);
    private VBox content;
    private Stage stage;
    private final Supplier<Window> owner;
    private final Supplier<List<Bounds>> controls;

    /** The snapshot's scene value last seen (the same instance until an edit). */
    private SceneFile seen;
    /** The scene whose eigenvalues are known or being found (its Δt and method left out). */
    private SceneFile solvedFor;
    private CompletableFuture<double[][]> lambdas;
    private String failure;
    /** What the plot shows now, to redraw only when it changes. */
    private Object drawnKey;
    private Modes.Result result;

    /**
     * The plot's axes, in z: one unit is as long along Re z as along Im z.
     *
     * @param reMin the left edge's Re z
     * @param reMax the right edge's Re z
     * @param imMin the bottom edge's Im z
     * @param imMax the top edge's Im z
     */
    public record Axes(double reMin, double reMax, double imMin, double imMax) {

        /** Axes of half-height {@code half} about Re z = {@code centre}, Im z = 0, as wide as the plot. */
        static Axes about(double centre, double half) {
            return new Axes(centre - ASPECT * half, centre + ASPECT * half, -half, half);
        }

        /** Whether z = re + i·im is within the axes. */
        public boolean contains(double re, double im) {
            return re >= reMin && re <= reMax && im >= imMin && im <= imMax;
        }

        double scale() {
            return HEIGHT / (imMax - imMin);
        }

        double x(double re) {
            return (re - reMin) * scale();
        }

        double y(double im) {
            return (imMax - im) * scale();
        }
    }

    /** Which region: a method, its δ (position Verlet) and the axes it is traced within. */
    private record RegionKey(IntegratorKind kind, double delta, Axes axes) {
    }

    /** The axes drawn last. */
    private Axes axes = Axes.about(0, DEFAULT_HALF);
    /** The region drawn last, and for which method and axes. */
    private StabilityRegion regionShown;
    private RegionKey regionShownKey;
    /** The region being traced off the FX thread, and for which method and axes. */
    private CompletableFuture<StabilityRegion> regionJob;
    private RegionKey regionJobKey;
    /** The box of a method's boundary ({@link StabilityRegion#boundaryBox}; empty: unbounded), and for which method and δ. */
    private CompletableFuture<double[]> box;
    private IntegratorKind boxKind;
    private double boxDelta;

    /**
     * @param owner    the workbench's window, once it has one
     * @param controls the screen bounds of the workbench's controls the window must not cover (the
     *                 side panel, where it is or, as a closed drawer, would be)
     * @param engine   the running simulation's state on request, {x, v, {t}} (copies), for a mode's energy
     */
    public ModesWindow(Supplier<Window> owner, Supplier<List<Bounds>> controls,
                       Supplier<CompletableFuture<double[][]>> engine) {
        this.owner = owner;
        this.controls = controls;
        this.display = new ModeDisplay(SOLVER, engine, WIDTH);
        bars.setId("modesAmplification");
        canvas.setOnMouseClicked(e -> choose(nearestInPlane(e.getX(), e.getY())));
        bars.setOnMouseClicked(e -> choose(nearestInBars(e.getX(), e.getY())));
        for (Label l : new Label[] {summary, detail}) {
            l.setWrapText(true);
            l.setPrefWidth(WIDTH);
            l.setMaxWidth(WIDTH);
            l.setMinHeight(Region.USE_PREF_SIZE);
        }
        summary.setId("modesSummary");
        detail.setId("modesDetail");
        canvas.setId("modesPlot");
        wholeRegion.setId("modesWholeRegion");
        wholeRegion.setFocusTraversable(false);     // the keyboard is the workbench's (forward)
        wholeRegion.selectedProperty().addListener(o -> drawnKey = null);
        largeType.addListener(o -> {
            if (content != null) {
                content.getStyleClass().remove("large-type");
                if (largeType.get()) {
                    content.getStyleClass().add("large-type");
                }
            }
            drawnKey = null;
        });
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

    /** Whether the window's texts are in large type (the workbench's View › Large type). */
    public BooleanProperty largeTypeProperty() {
        return largeType;
    }

    /**
     * Puts the window beside the workbench's on its screen, right or left of it; where the screen
     * has no room beside it, over the workbench but clear of its controls (over the 3D view). The
     * window is no taller than the screen (its content scrolls).
     */
    private void placeBesideOwner(Stage st) {
        Window w = owner.get();
        if (w == null) {
            return;
        }
        Rectangle2D screen = Screen.getScreensForRectangle(w.getX(), w.getY(),
                Math.max(1, w.getWidth()), Math.max(1, w.getHeight())).stream().findFirst()
                .orElse(Screen.getPrimary()).getVisualBounds();
        st.sizeToScene();
        double height = Math.min(st.getHeight(), screen.getHeight());
        // a window cut to the screen's height scrolls: room for the scroll bar beside the content
        double width = Math.min(st.getWidth() + (height < st.getHeight() ? SCROLL_BAR : 0), screen.getWidth());
        st.setWidth(width);
        st.setHeight(height);
        double y = Math.max(screen.getMinY(), Math.min(w.getY(), screen.getMaxY() - height));
        List<Bounds> avoid = controls.get().stream().filter(b -> b != null && !b.isEmpty()).toList();
        // beside the workbench, then against each control's side over the workbench
        java.util.List<Double> candidates = new java.util.ArrayList<>(List.of(w.getX() + w.getWidth(), w.getX() - width));
        for (Bounds b : avoid) {
            candidates.add(b.getMinX() - GAP - width);
            candidates.add(b.getMaxX() + GAP);
        }
        double x = Double.NaN;
        for (double c : candidates) {
            if (c >= screen.getMinX() && c + width <= screen.getMaxX() && clear(c, y, width, height, avoid)) {
                x = c;
                break;
            }
        }
        if (Double.isNaN(x)) {
            // no room clear of the controls: narrower, between the screen's left edge and the first control
            double left = screen.getMinX();
            double right = avoid.isEmpty() ? screen.getMaxX() : avoid.get(0).getMinX() - GAP;
            x = left;
            st.setWidth(Math.max(200, Math.min(width, right - left)));
        }
        st.setX(x);
        st.setY(y);
        st.toFront();       // in sight: without a window manager, focus given back to the workbench would raise it over this one
    }

    /**
     * Hands a key typed while this window has the focus to the workbench's focused control: the
     * window is one to watch beside the controls, they keep the keyboard (Space plays, Δt's field
     * takes its digits) whichever window has the focus. Its own controls take the mouse only.
     */
    private void forward(KeyEvent e) {
        Window w = owner.get();
        if (e.isConsumed() || w == null || w.getScene() == null) {
            return;
        }
        javafx.scene.Node focused = w.getScene().getFocusOwner();
        javafx.event.EventTarget target = focused != null ? focused : w.getScene();
        e.consume();
        javafx.event.Event.fireEvent(target, e.copyFor(target, target));
    }

    /** Whether the rectangle (x, y, w, h) on the screen meets none of the bounds. */
    private static boolean clear(double x, double y, double w, double h, List<Bounds> avoid) {
        for (Bounds b : avoid) {
            if (x < b.getMaxX() && x + w > b.getMinX() && y < b.getMaxY() && y + h > b.getMinY()) {
                return false;
            }
        }
        return true;
    }

    /** Whether the window is shown. */
    public BooleanProperty shownProperty() {
        return shown;
    }

    /** The plot's axes as drawn last. */
    public Axes axes() {
        return axes;
    }

    /**
     * The region shaded in the plot, traced within the axes drawn last; null until it is traced
     * (and for a method without a region).
     */
    public StabilityRegion region() {
        return regionShown != null && regionShownKey.axes().equals(axes) ? regionShown : null;
    }

    /** What the modes are now (for tests): null until the first solve has finished. */
    public Modes.Result result() {
        return result;
    }

    private Stage stage() {
        if (stage == null) {
            content = new VBox(8, summary, wholeRegion, canvas, detail, bars, display.node());
            content.setPadding(new Insets(10));
            content.setId("modesWindow");
            content.getStyleClass().add("modes-window");
            if (largeType.get()) {
                content.getStyleClass().add("large-type");
            }
            ScrollPane scroll = new ScrollPane(content);
            scroll.setFocusTraversable(false);
            scroll.setFitToWidth(true);
            scroll.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
            stage = new Stage();
            Window w = owner.get();
            if (w != null) {
                stage.initOwner(w);
            }
            Scene scene = new Scene(scroll);
            scene.addEventHandler(KeyEvent.ANY, this::forward);
            scene.getStylesheets().add(ModesWindow.class.getResource("/dev/hooke/fx/hooke.css").toExternalForm());
            stage.setScene(scene);
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
        wholeRegion.setText(I18n.text("modes.wholeRegion"));
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
        double[] box = wholeRegion.isSelected() && Modes.hasRegion(s.integrator())
                ? boundaryBox(s.integrator(), s.scene().verletDelta()) : null;
        Object key = java.util.Arrays.asList(solvedFor, s.dt(), s.integrator(), lambdas.isDone(), I18n.locale(),
                regionShown, display.chosen(), concealed, wholeRegion.isSelected(), box, largeType.get());
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
        summary.setText(headline(result, s.integrator()));
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

    /**
     * The headline: how many modes are outside the region, and by how much a step grows the worst
     * of them (all inside: that no mode grows).
     */
    private static String headline(Modes.Result r, IntegratorKind kind) {
        if (!r.hasRegion()) {
            return I18n.text("modes.noRegion", Phrases.integrator(kind));
        }
        String dt = Double.toString(r.dt());
        int outside = r.unstableCount();
        if (outside == 0) {
            return I18n.text("modes.summary.inside", r.modes().size(), dt);
        }
        double worst = 0;
        for (Modes.Mode m : r.modes()) {
            if (!m.stable()) {
                worst = Math.max(worst, m.amplification());
            }
        }
        return I18n.text("modes.summary.outside", outside, r.modes().size(), dt, factor(worst));
    }

    /**
     * A growth factor |R| &gt; 1 with the digits that show it is above 1: two decimals, more when it
     * is closer to 1 (1.0000003, not 1.00); three significant digits from 100 on.
     */
    static String factor(double r) {
        if (!Double.isFinite(r)) {
            return "∞";
        }
        if (r >= 100) {
            return String.format(Locale.ROOT, "%.3g", r);
        }
        int decimals = r > 1 ? Math.max(2, Math.min(12, 1 + (int) Math.ceil(-Math.log10(r - 1)))) : 2;
        return new BigDecimal(r).setScale(decimals, RoundingMode.HALF_UP).stripTrailingZeros().toPlainString();
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
        int best = -1;
        double bestD = PICK;
        for (int i = 0; i < result.modes().size(); i++) {
            Modes.Mode m = result.modes().get(i);
            for (double im : new double[] {m.zIm(), -m.zIm()}) {
                double d = Math.hypot(axes.x(m.zRe()) - x, axes.y(im) - y);
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
        g.setFont(font());
        g.setTextBaseline(VPos.BASELINE);
        g.setTextAlign(TextAlignment.LEFT);
        g.fillText(I18n.text("modes.amplificationAxis"), 4, R_TOP - 3);
        g.fillText(I18n.text("modes.periodAxis"), 4, PERIOD_TOP - 6);
        g.setTextAlign(TextAlignment.RIGHT);
        g.fillText(I18n.text("modes.omegaAxis"), WIDTH - 4, BARS_HEIGHT - 4);
        g.setTextAlign(TextAlignment.LEFT);
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

    /** Grows the window to its texts when they took more lines than it had room for, as far as the screen's bottom. */
    private void fitWindow() {
        if (stage == null || !stage.isShowing()) {
            return;
        }
        Scene scene = stage.getScene();
        double want = scene.getRoot().prefHeight(scene.getWidth());
        Rectangle2D screen = Screen.getScreensForRectangle(stage.getX(), stage.getY(), Math.max(1, stage.getWidth()),
                Math.max(1, stage.getHeight())).stream().findFirst().orElse(Screen.getPrimary()).getVisualBounds();
        double room = screen.getMaxY() - stage.getY();
        if (want > scene.getHeight() + 0.5 && stage.getHeight() < room - 0.5) {
            stage.setHeight(Math.min(want + stage.getHeight() - scene.getHeight(), room));
        }
    }

    /** The canvases' font: larger in large type. */
    private Font font() {
        return Font.font(largeType.get() ? FONT_LARGE : FONT);
    }

    /** The lattice's cells across the plot ({@link #CELL} px each). */
    private static final int COLUMNS = (int) (WIDTH / CELL);
    private static final int ROWS = (int) (HEIGHT / CELL);

    /** Takes the region traced off the FX thread, once it is ready. */
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

    /**
     * The box of the method's region's boundary ({@link StabilityRegion#boundaryBox}), traced once
     * per method and δ off the FX thread: null while it is traced, empty for an unbounded boundary.
     */
    private double[] boundaryBox(IntegratorKind kind, double delta) {
        if (box == null || kind != boxKind || delta != boxDelta) {
            boxKind = kind;
            boxDelta = delta;
            box = CompletableFuture.supplyAsync(() -> {
                double[] b = StabilityRegion.boundaryBox(kind, delta);
                return b == null ? new double[0] : b;
            }, SOLVER);
        }
        return box.isDone() && !box.isCompletedExceptionally() ? box.join() : null;
    }

    /**
     * The axes for the modes: every point (and its conjugate) inside, with z = 0, padded by
     * {@value #PAD}; or, with "Whole region" and the region's boundary box known ({@code box}), that
     * box padded (a boundary without a box: |Im z| ≤ {@value #DEFAULT_HALF}).
     */
    static Axes axesFor(Modes.Result r, boolean whole, double[] box) {
        if (whole && box != null) {
            if (box.length == 0) {
                return Axes.about(0, DEFAULT_HALF);
            }
            double half = Math.max(Math.max(Math.abs(box[2]), Math.abs(box[3])), (box[1] - box[0]) / 2 / ASPECT);
            return Axes.about((box[0] + box[1]) / 2, PAD * half);
        }
        double lo = 0;
        double hi = 0;
        double top = 0;
        if (r != null) {
            for (Modes.Mode m : r.modes()) {
                if (Double.isFinite(m.zRe()) && Double.isFinite(m.zIm())) {
                    lo = Math.min(lo, m.zRe());
                    hi = Math.max(hi, m.zRe());
                    top = Math.max(top, Math.abs(m.zIm()));
                }
            }
        }
        double half = Math.max(top, (hi - lo) / 2 / ASPECT);
        return Axes.about((lo + hi) / 2, half == 0 ? DEFAULT_HALF : Math.max(MIN_HALF, PAD * half));
    }

    private void draw(Modes.Result r, IntegratorKind kind, double delta) {
        boolean whole = wholeRegion.isSelected() && Modes.hasRegion(kind);
        axes = axesFor(r, whole, whole ? boundaryBox(kind, delta) : null);
        GraphicsContext g = canvas.getGraphicsContext2D();
        g.setFill(Color.WHITE);
        g.fillRect(0, 0, WIDTH, HEIGHT);
        if (Modes.hasRegion(kind)) {
            RegionKey want = new RegionKey(kind, delta, axes);
            if (!want.equals(regionShownKey) && !want.equals(regionJobKey)) {
                if (regionJob != null) {
                    regionJob.cancel(false);
                }
                regionJobKey = want;
                Axes a = axes;
                regionJob = CompletableFuture.supplyAsync(() -> StabilityRegion.of(kind, delta, a.reMin(), a.reMax(),
                        a.imMin(), a.imMax(), COLUMNS, ROWS), SOLVER);
            }
            if (regionShown != null && regionShownKey.kind() == kind && regionShownKey.delta() == delta) {
                // until the region within these axes is traced, the last one (in z: it is drawn where it is)
                drawRegion(g, regionShown);
            }
        }
        g.setStroke(Color.gray(0.45));
        g.setLineWidth(1);
        double x0 = axes.x(0);
        double y0 = axes.y(0);
        g.strokeLine(0, y0, WIDTH, y0);
        g.strokeLine(x0, 0, x0, HEIGHT);
        drawTicks(g, x0, y0);
        if (r == null) {
            return;
        }
        for (int i = 0; i < r.modes().size(); i++) {
            Modes.Mode m = r.modes().get(i);
            g.setFill(m.stable() ? STABLE : UNSTABLE);
            double x = axes.x(m.zRe());
            for (double im : new double[] {m.zIm(), -m.zIm()}) {
                double y = axes.y(im);
                g.fillOval(x - 3.5, y - 3.5, 7, 7);
                if (i == display.chosen()) {
                    g.setStroke(Color.BLACK);
                    g.setLineWidth(1.5);
                    g.strokeOval(x - 7, y - 7, 14, 14);
                }
            }
        }
    }

    /** The region's pieces filled and its boundary stroked, in the axes drawn. */
    private void drawRegion(GraphicsContext g, StabilityRegion region) {
        double[] xs = new double[8];
        double[] ys = new double[8];
        g.setFill(INSIDE);
        for (double[] p : region.pieces()) {
            int n = p.length / 2;
            for (int k = 0; k < n; k++) {
                xs[k] = axes.x(p[2 * k]);
                ys[k] = axes.y(p[2 * k + 1]);
            }
            g.fillPolygon(xs, ys, n);
            g.setStroke(INSIDE);     // the pieces' seams closed
            g.setLineWidth(0.6);
            g.strokePolygon(xs, ys, n);
        }
        double[] b = region.boundary();
        g.setStroke(EDGE);
        g.setLineWidth(1.5);
        for (int k = 0; k < b.length; k += 4) {
            g.strokeLine(axes.x(b[k]), axes.y(b[k + 1]), axes.x(b[k + 2]), axes.y(b[k + 3]));
        }
    }

    /** Ticks of 1, 2 or 5 times a power of ten along both axes, and the axes' names. */
    private void drawTicks(GraphicsContext g, double x0, double y0) {
        double unit = Ticks.niceUnit((axes.imMax() - axes.imMin()) / 6);
        int decimals = Math.max(0, (int) -Math.floor(Math.log10(unit) + 1e-9));
        g.setFont(font());
        g.setFill(Color.gray(0.3));
        g.setTextBaseline(VPos.TOP);
        g.setTextAlign(TextAlignment.CENTER);
        double labelY = Math.min(y0 + 5, HEIGHT - font().getSize() - 2);
        for (long t = (long) Math.ceil(axes.reMin() / unit); t <= (long) Math.floor(axes.reMax() / unit); t++) {
            double x = axes.x(t * unit);
            if (t != 0 && x > 12 && x < WIDTH - 12) {
                g.strokeLine(x, y0 - 3, x, y0 + 3);
                g.fillText(String.format(Locale.ROOT, "%." + decimals + "f", t * unit), x, labelY);
            }
        }
        g.setTextBaseline(VPos.CENTER);
        g.setTextAlign(x0 > WIDTH - 60 ? TextAlignment.RIGHT : TextAlignment.LEFT);
        double labelX = x0 > WIDTH - 60 ? x0 - 6 : x0 + 6;
        for (long t = (long) Math.ceil(axes.imMin() / unit); t <= (long) Math.floor(axes.imMax() / unit); t++) {
            double y = axes.y(t * unit);
            if (t != 0 && y > 10 && y < HEIGHT - 10) {
                g.strokeLine(x0 - 3, y, x0 + 3, y);
                g.fillText(String.format(Locale.ROOT, "%." + decimals + "fi", t * unit), labelX, y);
            }
        }
        g.setTextBaseline(VPos.BOTTOM);
        g.setTextAlign(TextAlignment.RIGHT);
        g.fillText("Re z = Δt·Re λ", WIDTH - 4, y0 - 4);
        g.setTextBaseline(VPos.TOP);
        g.setTextAlign(x0 > WIDTH - 60 ? TextAlignment.RIGHT : TextAlignment.LEFT);
        g.fillText("Im z", labelX, 4);
        g.setTextAlign(TextAlignment.LEFT);
        g.setTextBaseline(VPos.BASELINE);
    }
}
