package dev.hooke.fx.view;

import javafx.scene.image.PixelWriter;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;

/**
 * The colours of the workbench, and palette textures: an image of equal vertical stripes, one per
 * colour, so that a mesh picks colour i with the texture coordinate u = (i + ½)/n.
 */
public final class Palette {

    /** The 3D view's background. */
    public static final Color BACKGROUND = Color.web("#1d2431");
    /** The front of the cloth. */
    public static final Color CLOTH_FRONT = Color.web("#f28e2b");
    /** The back of the cloth. */
    public static final Color CLOTH_BACK = Color.web("#4e9bd8");
    /** Free particles. */
    public static final Color PARTICLE = Color.web("#e8eef5");
    /** Pinned particles. */
    public static final Color PINNED = Color.web("#ff4d5e");
    /** The mark of where an explosion started. */
    public static final Color EXPLOSION = Color.web("#ffe14d");
    /** Structural springs. */
    public static final Color STRUCTURAL = Color.web("#f1ce63");
    /** Shear springs. */
    public static final Color SHEAR = Color.web("#7f93b0");
    /** Bend springs. */
    public static final Color BEND = Color.web("#c38fd0");
    /**
     * Compare mode's second system, B: the Okabe–Ito vermillion (Okabe & Ito 2008), B's colour in
     * every chart too.
     */
    public static final Color COMPARE = Color.web("#D55E00");
    /** The ground plane's two checker colours. */
    public static final Color GROUND_LIGHT = Color.web("#59657a");
    public static final Color GROUND_DARK = Color.web("#414b5c");

    private static final int STRIPE = 8;

    private Palette() {
    }

    /** Strain colour map: compression. */
    public static final Color COMPRESSION = Color.web("#2f6fde");
    /** Strain colour map: rest length. */
    public static final Color REST = Color.web("#f4f4f4");
    /** Strain colour map: tension. */
    public static final Color TENSION = Color.web("#e0302b");
    /** Speed colour map, slow to fast. */
    private static final Color[] SPEED_STOPS = {Color.web("#1f3b9c"), Color.web("#1fa2b8"), Color.web("#7fcf4d"),
        Color.web("#f7d038"), Color.web("#e8412c")};

    /** The stops of a colour map's gradient, low end first. */
    public static Color[] stops(ColourMap.Mode mode) {
        return mode == ColourMap.Mode.STRAIN ? new Color[] {COMPRESSION, REST, TENSION} : SPEED_STOPS.clone();
    }

    /** A colour map's gradient as a {@link ColourMap#TEXELS} × 1 image (texel i at t = i/(N − 1)). */
    public static WritableImage gradient(ColourMap.Mode mode) {
        Color[] stops = stops(mode);
        WritableImage img = new WritableImage(ColourMap.TEXELS, 1);
        PixelWriter w = img.getPixelWriter();
        for (int i = 0; i < ColourMap.TEXELS; i++) {
            w.setColor(i, 0, at(stops, (double) i / (ColourMap.TEXELS - 1)));
        }
        return img;
    }

    /** The colour at t (0 … 1) of equally spaced stops, linearly interpolated. */
    public static Color at(Color[] stops, double t) {
        double pos = Math.max(0, Math.min(1, t)) * (stops.length - 1);
        int i = Math.min((int) Math.floor(pos), stops.length - 2);
        return stops[i].interpolate(stops[i + 1], pos - i);
    }

    /** An image of vertical stripes, one per colour. */
    public static WritableImage stripes(Color... colours) {
        WritableImage img = new WritableImage(STRIPE * colours.length, 2);
        PixelWriter w = img.getPixelWriter();
        for (int i = 0; i < colours.length; i++) {
            for (int x = 0; x < STRIPE; x++) {
                for (int y = 0; y < 2; y++) {
                    w.setColor(i * STRIPE + x, y, colours[i]);
                }
            }
        }
        return img;
    }

    /** The texture coordinate u of stripe i of n. */
    public static float u(int i, int n) {
        return (i + 0.5f) / n;
    }

    /** A checkerboard of {@code cells × cells} squares of {@code cellPixels} pixels. */
    public static WritableImage checker(int cells, int cellPixels, Color a, Color b) {
        int size = cells * cellPixels;
        WritableImage img = new WritableImage(size, size);
        PixelWriter w = img.getPixelWriter();
        for (int y = 0; y < size; y++) {
            for (int x = 0; x < size; x++) {
                w.setColor(x, y, ((x / cellPixels) + (y / cellPixels)) % 2 == 0 ? a : b);
            }
        }
        return img;
    }
}
