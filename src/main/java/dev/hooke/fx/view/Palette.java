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
    /** The ground plane's two checker colours. */
    /** Compare mode's second system. */
    public static final Color COMPARE = Color.web("#ff8a3d");
    public static final Color GROUND_LIGHT = Color.web("#59657a");
    public static final Color GROUND_DARK = Color.web("#414b5c");

    private static final int STRIPE = 8;

    private Palette() {
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
