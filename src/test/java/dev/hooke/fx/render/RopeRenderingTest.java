package dev.hooke.fx.render;

import static dev.hooke.Tolerances.PIXEL_DIFFERENCE;
import static dev.hooke.Tolerances.UI_TIMEOUT_SECONDS;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.scene.SceneFile;
import dev.hooke.core.scene.SceneType;
import dev.hooke.fx.sim.SimulationRunner;
import dev.hooke.fx.sim.Snapshot;
import dev.hooke.fx.view.Palette;
import dev.hooke.fx.view.ThreeDView;
import dev.hooke.fx.view.Thickness;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The rope rendered with the real 3D pipeline in a view as small as a projector's (1280 × 720 in
 * large type leaves the view about 340 px of height): every particle is drawn, around where the
 * camera projects its centre, at the radius {@link Thickness} promises: {@link
 * Thickness#MIN_PARTICLE_PX} px, or {@link Thickness#MAX_SHARE_OF_REST} of the drawn distance to its
 * neighbour where that is less; a rope drawn at its size in metres has particles of about 1.7 px
 * here. Needs 3D (under Xvfb: -Dprism.forceGPU=true); skipped
 * elsewhere, saying why, unless {@code -Dhooke.render.required=true}.
 */
@Tag("render")
class RopeRenderingTest {

    private static final int WIDTH = 1280;
    private static final int HEIGHT = 340;
    /** The pixels by which a drawn radius may fall short: an antialiased edge and the centre's rounding. */
    private static final double EDGE_PX = 1.5;

    private static ThreeDView view;
    private static String unavailable;

    @BeforeAll
    static void startToolkit() throws Exception {
        unavailable = RenderToolkit.start();
        if (unavailable != null) {
            return;
        }
        view = onFx(() -> RenderToolkit.showView(new SimpleBooleanProperty(false), WIDTH, HEIGHT));
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

    private static double distance(Color p, Color q) {
        return RenderToolkit.distance(p, q);
    }

    @Test
    void everyParticleOfTheRopeIsDrawnLargeEnoughToSee() throws Exception {
        RenderToolkit.require(unavailable, "RopeRenderingTest");
        Snapshot rope;
        try (SimulationRunner runner = new SimulationRunner(SceneFile.defaults(SceneType.CHAIN))) {
            runner.query(sim -> null).get(UI_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            rope = runner.latest();
        }
        rope.topology().awaitMotion(UI_TIMEOUT_SECONDS);    // the box the swing sweeps: what the window frames while it runs
        List<Point2D> centres = new ArrayList<>();
        WritableImage image = onFx(() -> {
            view.update(rope);
            view.resetView();
            view.update(rope);
            Point2D origin = view.subScene().localToScreen(0, 0);
            for (Node n : view.subScene().getRoot().lookupAll(".particle")) {
                Point2D p = n.localToScreen(0, 0, 0);
                centres.add(new Point2D(p.getX() - origin.getX(), p.getY() - origin.getY()));
            }
            return view.subScene().snapshot(null, null);
        });
        assertTrue(centres.size() >= 10, "the rope's free particles are drawn: " + centres.size());
        java.io.File dir = new java.io.File("target/screenshots");
        dir.mkdirs();
        javax.imageio.ImageIO.write(javafx.embed.swing.SwingFXUtils.fromFXImage(image, null), "png",
                new java.io.File(dir, "rope-1280x340.png"));
        double spacing = Double.POSITIVE_INFINITY;
        for (int i = 1; i < centres.size(); i++) {
            spacing = Math.min(spacing, centres.get(i).distance(centres.get(i - 1)));
        }
        double promised = Math.min(Thickness.MIN_PARTICLE_PX, Thickness.MAX_SHARE_OF_REST * spacing);
        PixelReader px = image.getPixelReader();
        List<String> thin = new ArrayList<>();
        for (Point2D c : centres) {
            int x = (int) Math.round(c.getX());
            int y = (int) Math.round(c.getY());
            // the drawn radius: how far from the centre, across the rope (left, right, up, down:
            // the rope's springs run along one of them at most), the nearest background pixel lies
            int radius = Integer.MAX_VALUE;
            int along = Integer.MAX_VALUE;
            for (int[] d : new int[][] {{1, 0}, {-1, 0}, {0, 1}, {0, -1}}) {
                int r = 0;
                while (r < 40 && inside(image, x + (r + 1) * d[0], y + (r + 1) * d[1])
                        && distance(px.getColor(x + (r + 1) * d[0], y + (r + 1) * d[1]), Palette.BACKGROUND)
                        > PIXEL_DIFFERENCE) {
                    r++;
                }
                if (r < radius) {
                    along = radius;
                    radius = r;
                } else if (r < along) {
                    along = r;
                }
            }
            // the second smallest of the four: one direction may run along no spring at all,
            // the smallest may lie between two springs; both must reach the minimum
            if (along < promised - EDGE_PX) {
                thin.add("(" + x + ", " + y + "): " + along + " px");
            }
        }
        assertTrue(thin.isEmpty(), String.format(java.util.Locale.ROOT,
                "particles drawn under %.2f px in radius (neighbours %.2f px apart) in a %d × %d view, scale %.3f: %s",
                promised, spacing, WIDTH, HEIGHT, view.thickness(), thin));
    }

    private static boolean inside(WritableImage image, int x, int y) {
        return x >= 0 && y >= 0 && x < image.getWidth() && y < image.getHeight();
    }
}
