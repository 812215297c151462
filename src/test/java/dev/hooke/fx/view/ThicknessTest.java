package dev.hooke.fx.view;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The scale of the drawn thickness against the pinhole projection's closed form: at distance d a
 * camera of vertical field of view φ sees 2 d tan(φ/2) m over the view's height.
 */
class ThicknessTest {

    /** Rounding of a few operations on doubles. */
    private static final double EXACT = 1e-12;
    private static final double FOV = 30;
    /** The distance at which a 30° camera sees exactly 1 m over the view's height; in m. */
    private static final double ONE_METRE = 0.5 / Math.tan(Math.toRadians(15));

    @Test
    void aMetreSeenWholeCoversTheViewsHeight() {
        assertEquals(720, Thickness.pixelsPerMetre(720, ONE_METRE, FOV), 720 * EXACT);
        assertEquals(360, Thickness.pixelsPerMetre(720, 2 * ONE_METRE, FOV), 360 * EXACT);
    }

    @Test
    void aThinParticleIsDrawnAtTheLeastRadius() {
        // r = 0.004 m covers 2.88 px of a 720 px view showing 1 m: scaled to 5 px
        double s = Thickness.scale(720, ONE_METRE, FOV, 0.004, 0.1);
        assertEquals(Thickness.MIN_PARTICLE_PX / (0.004 * 720), s, EXACT * s);
        assertEquals(Thickness.MIN_PARTICLE_PX, s * 0.004 * 720, 1e-9);
    }

    @Test
    void aParticleLargeEnoughKeepsItsSize() {
        assertEquals(1, Thickness.scale(720, ONE_METRE, FOV, 0.02, 0.1));     // 14.4 px already
    }

    @Test
    void neighboursAtRestLengthNeverTouch() {
        // 0.4 mm at 720 px/m would need 17×; the rest length of 5 mm allows 0.45 · 5 / 0.4 = 5.6×, the cap 4×
        assertEquals(Thickness.MAX_SCALE, Thickness.scale(720, ONE_METRE, FOV, 0.0004, 0.005));
        // r = 0.002 m, rest 0.01 m: 3.47× wanted, 0.45 · 0.01 / 0.002 = 2.25× allowed
        assertEquals(2.25, Thickness.scale(720, ONE_METRE, FOV, 0.002, 0.01), EXACT);
    }

    @Test
    void aViewNotLaidOutYetScalesNothing() {
        assertEquals(1, Thickness.scale(0, ONE_METRE, FOV, 0.004, 0.1));
        assertEquals(1, Thickness.scale(720, 0, FOV, 0.004, 0.1));
    }
}
