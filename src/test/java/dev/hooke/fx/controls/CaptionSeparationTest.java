package dev.hooke.fx.controls;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The slider marks' captions side by side: never one over another, inside the track when they fit. */
class CaptionSeparationTest {

    private static final double WIDTH = 400;

    @Test
    void captionsApartStayWhereTheyAre() {
        double[] x = {50, 200};
        ParameterSlider.separate(x, new double[] {60, 40}, WIDTH);
        assertArrayEquals(new double[] {50, 200}, x);
    }

    @Test
    void closeCaptionsAreSetSideBySide() {
        double[] x = {300, 310};
        double[] w = {60, 40};
        ParameterSlider.separate(x, w, WIDTH);
        assertApart(x, w);
    }

    @Test
    void captionsAtTheRightEndArePulledBackInside() {
        double[] x = {381, 390};
        double[] w = {70, 45};
        ParameterSlider.separate(x, w, WIDTH);
        assertApart(x, w);
        assertTrue(x[1] + w[1] <= WIDTH, "the last ends at " + (x[1] + w[1]));
    }

    @Test
    void captionsAtTheLeftEndArePushedInside() {
        double[] x = {-40, 2};
        double[] w = {70, 45};
        ParameterSlider.separate(x, w, WIDTH);
        assertApart(x, w);
        assertTrue(x[0] >= 0, "the first starts at " + x[0]);
    }

    private static void assertApart(double[] x, double[] w) {
        for (int i = 1; i < x.length; i++) {
            assertTrue(x[i] >= x[i - 1] + w[i - 1], "caption " + i + " at " + x[i] + " covers the one ending at "
                    + (x[i - 1] + w[i - 1]));
        }
    }
}
