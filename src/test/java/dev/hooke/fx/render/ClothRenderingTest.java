package dev.hooke.fx.render;

import static dev.hooke.Tolerances.MIN_CLOTH_COLOURED;
import static dev.hooke.Tolerances.MIN_CLOTH_SHARE;
import static dev.hooke.Tolerances.PIXEL_DIFFERENCE;
import static dev.hooke.Tolerances.UI_TIMEOUT_SECONDS;
import static dev.hooke.Tolerances.WIND_ARROW_DEGREES;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.scene.SceneFile;
import dev.hooke.core.sim.MotionBounds;
import dev.hooke.fx.sim.SimulationRunner;
import dev.hooke.fx.sim.Snapshot;
import dev.hooke.fx.view.ColourMap;
import dev.hooke.fx.view.Palette;
import dev.hooke.fx.view.Framing;
import dev.hooke.fx.view.ThreeDView;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.geometry.Point2D;
import javafx.scene.Group;
import javafx.scene.Node;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import javafx.scene.shape.Box;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Renders the cloth with the real 3D pipeline and checks that it is drawn. Needs a display with
 * 3D (under Xvfb: -Dprism.forceGPU=true); elsewhere it is skipped, saying why, unless
 * {@code -Dhooke.render.required=true} (set by .ci/run) turns the skip into a failure.
 */
@Tag("render")
class ClothRenderingTest {

    private static final int WIDTH = 800;
    private static final int HEIGHT = 600;

    private static ThreeDView view;
    private static final SimpleBooleanProperty WIREFRAME = new SimpleBooleanProperty(false);

    /** Whether the reason for skipping has been printed. */
    private static boolean skipSaid;

    /** Why the test cannot run here, or null. */
    private static String unavailable;

    @BeforeAll
    static void startToolkit() throws Exception {
        unavailable = RenderToolkit.start();
        if (unavailable != null) {
            return;
        }
        view = onFx(() -> RenderToolkit.showView(WIREFRAME, WIDTH, HEIGHT));
    }

    /** Skips each test, saying why, where there is no 3D; fails instead when the test is required. */
    @BeforeEach
    void require3d() {
        if (unavailable == null) {
            return;
        }
        if (Boolean.getBoolean("hooke.render.required")) {
            fail("the rendering test must run but cannot: " + unavailable);
        }
        if (!skipSaid) {
            skipSaid = true;        // the build's output says why, not only "Skipped: 4"
            System.out.println("ClothRenderingTest: skipped: " + unavailable);
        }
        assumeTrue(false, unavailable);
    }

    @AfterAll
    static void closeStage() throws Exception {
        if (view != null) {
            onFx(() -> {
                RenderToolkit.close(view);
                return null;
            });
        }
    }

    private static <T> T onFx(Supplier<T> task) throws Exception {
        return RenderToolkit.onFx(task);
    }

    /** A cloth that has fallen for 0.3 s from lying flat, pinned at two corners. */
    private static Snapshot fallenCloth() throws Exception {
        try (SimulationRunner runner = new SimulationRunner(SceneFile.defaults(SceneType.CLOTH))) {
            for (int i = 0; i < 600; i++) {
                runner.stepOnce();
            }
            runner.query(sim -> null).get(UI_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            return runner.latest();
        }
    }

    private static WritableImage render(Snapshot s, boolean clothVisible) throws Exception {
        return onFx(() -> {
            view.update(s);
            Node cloth = view.subScene().getRoot().lookup("#clothMesh");
            cloth.setVisible(clothVisible);
            return view.subScene().snapshot(null, null);
        });
    }

    @Test
    void theClothIsDrawnInItsColoursWhereItHangs() throws Exception {
        Snapshot cloth = fallenCloth();
        WritableImage with = render(cloth, true);
        WritableImage without = render(cloth, false);
        int w = (int) with.getWidth();
        int h = (int) with.getHeight();
        assertEquals(WIDTH, w);
        assertEquals(HEIGHT, h);

        PixelReader a = with.getPixelReader();
        PixelReader b = without.getPixelReader();
        assertTrue(distance(b.getColor(3, 3), Palette.BACKGROUND) < PIXEL_DIFFERENCE, "the corner shows the background");

        int changed = 0;
        int coloured = 0;
        long sumX = 0;
        long sumY = 0;
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                Color c = a.getColor(x, y);
                if (distance(c, b.getColor(x, y)) > PIXEL_DIFFERENCE) {
                    changed++;
                    sumX += x;
                    sumY += y;
                    if (isClothColour(c)) {
                        coloured++;
                    }
                }
            }
        }
        double share = changed / (double) (w * h);
        assertTrue(share > MIN_CLOTH_SHARE, "the cloth covers " + share + " of the view");
        assertTrue(coloured >= MIN_CLOTH_COLOURED * changed,
                coloured + " of " + changed + " changed pixels are in the cloth's colours");
        double cx = sumX / (double) changed;
        double cy = sumY / (double) changed;
        assertTrue(cx > w / 4.0 && cx < 3 * w / 4.0 && cy > h / 4.0 && cy < 3 * h / 4.0,
                "the cloth is framed in the middle of the view, its centre is at " + cx + ", " + cy);
    }

    /**
     * The framing's projection ({@link Framing#project}) is the camera's own: points of the box the
     * cloth's motion sweeps land where JavaFX's perspective camera draws them, to a pixel's
     * thousandth.
     */
    @Test
    void theFramingProjectsAsTheCameraDraws() throws Exception {
        Snapshot cloth = fallenCloth();
        Framing f = onFx(() -> {
            view.update(cloth);
            view.resetView();
            return view.shownFraming();
        });
        MotionBounds box = cloth.topology().motion();
        Box marker = new Box(0.01, 0.01, 0.01);
        Random rnd = new Random(5);
        try {
            for (int n = 0; n < 40; n++) {
                double x = box.minX() + rnd.nextDouble() * (box.maxX() - box.minX());
                double y = box.minY() + rnd.nextDouble() * (box.maxY() - box.minY());
                double z = box.minZ() + rnd.nextDouble() * (box.maxZ() - box.minZ());
                double[] ndc = f.project(x, y, z, 30);
                assertNotNull(ndc, "behind the camera");
                Point2D drawn = onFx(() -> {
                    Group root = (Group) view.subScene().getRoot();
                    if (marker.getParent() == null) {
                        root.getChildren().add(marker);
                    }
                    marker.setTranslateX(x);
                    marker.setTranslateY(-y);
                    marker.setTranslateZ(-z);
                    Point2D p = marker.localToScreen(0, 0, 0);
                    Point2D origin = view.subScene().localToScreen(0, 0);
                    return new Point2D(p.getX() - origin.getX(), p.getY() - origin.getY());
                });
                double px = WIDTH / 2.0 + ndc[0] * HEIGHT / 2.0;
                double py = HEIGHT / 2.0 + ndc[1] * HEIGHT / 2.0;
                String where = "(" + x + ", " + y + ", " + z + ")";
                assertEquals(drawn.getX(), px, 1e-3, "x of " + where);
                assertEquals(drawn.getY(), py, 1e-3, "y of " + where);
            }
        } finally {
            onFx(() -> ((Group) view.subScene().getRoot()).getChildren().remove(marker));
        }
    }

    /** A snapshot of {@code scene} after its first step. */
    private static Snapshot start(SceneFile scene) throws Exception {
        try (SimulationRunner runner = new SimulationRunner(scene)) {
            runner.stepOnce();
            runner.query(sim -> null).get(UI_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            return runner.latest();
        }
    }

    /**
     * A wind on the cloth shows the arrow in the 3D view, pointing where the camera draws the wind:
     * the image of a short step along the wind from the point the camera looks at, through the
     * framing's own projection; the speed is written under it. The rope has no arrow.
     */
    @Test
    void theWindsArrowPointsWhereTheCameraDrawsTheWind() throws Exception {
        SceneFile file = SceneFile.defaults(SceneType.CLOTH);
        double[] w = {6, 0, 8};                 // 10 m/s, 53° from +x towards +z
        Snapshot windy = start(file.withSpec(file.spec().wind(w[0], w[1], w[2])));
        Framing f = onFx(() -> {
            view.update(windy);
            view.resetView();
            return view.shownFraming();
        });
        javafx.scene.shape.Line shaft = (javafx.scene.shape.Line) view.windArrow().lookup("#windShaft");
        double[] drawn = onFx(() -> {
            assertTrue(view.windArrow().isVisible() && shaft.isVisible(), "the wind's arrow is shown");
            return new double[] {shaft.getEndX() - shaft.getStartX(), shaft.getEndY() - shaft.getStartY()};
        });
        // the point looked at, in engine coordinates (view coordinates negate y and z)
        double[] a = f.project(f.tx(), -f.ty(), -f.tz(), 30);
        double[] b = f.project(f.tx() + 0.001 * w[0], -f.ty() + 0.001 * w[1], -f.tz() + 0.001 * w[2], 30);
        double want = Math.atan2(b[1] - a[1], b[0] - a[0]);
        double got = Math.atan2(drawn[1], drawn[0]);
        assertEquals(0, Math.toDegrees(Math.IEEEremainder(got - want, 2 * Math.PI)), WIND_ARROW_DEGREES,
                "the arrow's angle against the wind's image");
        String label = onFx(() -> ((javafx.scene.control.Label) view.windArrow().lookup("#windLabel")).getText());
        assertTrue(label.contains("10") && label.contains("m/s"), label);

        Snapshot rope = start(SceneFile.defaults(SceneType.CHAIN));
        assertFalse(onFx(() -> {
            view.update(rope);
            return view.windArrow().isVisible();
        }), "the rope has no arrow");
    }

    /** A cloth torn by a 15 m/s wind at a tear strain of 0.05, after 4 s: pieces hang and pieces fall. */
    private static Snapshot tornCloth() throws Exception {
        SceneFile file = SceneFile.defaults(SceneType.CLOTH);
        SceneFile scene = file.withSpec(file.spec().wind(15, 0, 0).tearStrain(0.05));
        try (SimulationRunner runner = new SimulationRunner(scene)) {
            int steps = (int) Math.ceil(4 / scene.dt());
            for (int i = 0; i < steps; i++) {
                runner.stepOnce();
            }
            int torn = runner.query(sim -> sim.system().brokenCount()).get(UI_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            assertTrue(torn > 0, "the wind tore the cloth");
            return runner.latest();
        }
    }

    /** The particles of {@code s} that the camera's framing {@code f} puts outside the view, as a sentence, or null. */
    private static String outside(Snapshot s, Framing f) {
        float[] x = s.positions();
        int out = 0;
        for (int q = 0; q + 2 < x.length; q += 3) {
            double[] ndc = f.project(x[q], x[q + 1], x[q + 2], 30);
            if (ndc == null || Math.abs(ndc[0]) > WIDTH / (double) HEIGHT || Math.abs(ndc[1]) > 1) {
                out++;
            }
        }
        return out == 0 ? null : out + " of " + x.length / 3 + " particles outside the view";
    }

    /**
     * A torn cloth, whose pieces fall below the part that still hangs, is in view whole: every
     * particle lands inside the view's bounds, as the camera follows it and after Reset view.
     */
    @Test
    void aTornClothIsInViewWholeAndResetViewFramesItAsItIsNow() throws Exception {
        Snapshot torn = tornCloth();
        Framing followed = onFx(() -> {
            view.update(torn);
            return view.shownFraming();
        });
        assertNull(outside(torn, followed), "followed");
        Framing reset = onFx(() -> {
            view.resetView();
            return view.shownFraming();
        });
        assertNull(outside(torn, reset), "after Reset view");
    }

    @Test
    void theWireframeDrawsLessThanTheSurfaceButStillDraws() throws Exception {
        Snapshot cloth = fallenCloth();
        WritableImage without = render(cloth, false);
        WritableImage filled = render(cloth, true);
        onFx(() -> {
            WIREFRAME.set(true);
            return null;
        });
        WritableImage wire;
        try {
            wire = render(cloth, true);
        } finally {
            onFx(() -> {
                WIREFRAME.set(false);
                return null;
            });
        }
        int filledPixels = changed(filled, without);
        int wirePixels = changed(wire, without);
        assertTrue(wirePixels > 0, "the wireframe is drawn");
        assertTrue(wirePixels < filledPixels, "the wireframe (" + wirePixels + " pixels) covers less than the surface ("
                + filledPixels + ")");
    }

    /**
     * Coloured by strain, the cloth is drawn in the strain map's colours, not its own: most of
     * its pixels change; the legend shows, and goes again with the scene's colours.
     */
    @Test
    void theStrainMapRecoloursTheClothAndShowsItsLegend() throws Exception {
        Snapshot cloth = fallenCloth();
        WritableImage without = render(cloth, false);
        WritableImage plain = render(cloth, true);
        WritableImage strain;
        boolean legendShown;
        try {
            onFx(() -> {
                view.setColourMode(ColourMap.Mode.STRAIN);
                return null;
            });
            strain = render(cloth, true);
            legendShown = onFx(() -> view.legend().isVisible());
        } finally {
            onFx(() -> {
                view.setColourMode(ColourMap.Mode.NONE);
                return null;
            });
        }
        assertTrue(legendShown, "the legend shows");
        assertTrue(!onFx(() -> view.legend().isVisible()), "the legend goes with the scene's colours");
        int cloth3d = changed(plain, without);
        int recoloured = changed(strain, plain);
        assertTrue(recoloured > cloth3d / 2, recoloured + " of the cloth's " + cloth3d + " pixels changed colour");
    }

    /**
     * In compare mode the second cloth (a wireframe in its own colour) is coloured by the same
     * map as the first: coloured by strain, most of its pixels change colour.
     */
    @Test
    void compareModesSecondClothIsColouredByTheMapToo() throws Exception {
        Snapshot both;
        try (SimulationRunner runner = new SimulationRunner(SceneFile.defaults(SceneType.CLOTH))) {
            runner.setCompare(IntegratorKind.VERLET);
            for (int i = 0; i < 600; i++) {
                runner.stepOnce();
            }
            runner.query(sim -> null).get(UI_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            both = runner.latest();
        }
        assertTrue(both.compare() != null, "compare mode is on");
        WritableImage without;
        WritableImage plain;
        WritableImage strain;
        try {
            without = renderSecond(both, false);
            plain = renderSecond(both, true);
            onFx(() -> {
                view.setColourMode(ColourMap.Mode.STRAIN);
                return null;
            });
            strain = renderSecond(both, true);
        } finally {
            onFx(() -> {
                view.setColourMode(ColourMap.Mode.NONE);
                view.subScene().getRoot().lookup("#clothMesh").setVisible(true);
                return null;
            });
        }
        int second = changed(plain, without);
        int recoloured = changed(strain, plain);
        assertTrue(second > 0, "the second cloth is drawn");
        assertTrue(recoloured > second / 2, recoloured + " of the second cloth's " + second + " pixels changed colour");
    }

    /** Renders the second system of compare mode alone (the first cloth hidden). */
    private static WritableImage renderSecond(Snapshot s, boolean secondVisible) throws Exception {
        return onFx(() -> {
            view.update(s);
            view.update(s);         // the second system is built in the first update, coloured from the next
            view.subScene().getRoot().lookup("#clothMesh").setVisible(false);
            view.subScene().getRoot().lookup("#compareClothMesh").setVisible(secondVisible);
            return view.subScene().snapshot(null, null);
        });
    }

    private static int changed(WritableImage p, WritableImage q) {
        int n = 0;
        for (int y = 0; y < (int) p.getHeight(); y++) {
            for (int x = 0; x < (int) p.getWidth(); x++) {
                if (distance(p.getPixelReader().getColor(x, y), q.getPixelReader().getColor(x, y)) > PIXEL_DIFFERENCE) {
                    n++;
                }
            }
        }
        return n;
    }

    /** Orange (the front) or blue (the back), lit or in shade, but clearly not the background. */
    private static boolean isClothColour(Color c) {
        double hue = c.getHue();
        boolean front = Math.abs(hue - Palette.CLOTH_FRONT.getHue()) < 15;
        boolean back = Math.abs(hue - Palette.CLOTH_BACK.getHue()) < 15;
        return (front || back) && c.getSaturation() > 0.35 && c.getBrightness() > 0.25;
    }

    private static double distance(Color p, Color q) {
        return RenderToolkit.distance(p, q);
    }
}
