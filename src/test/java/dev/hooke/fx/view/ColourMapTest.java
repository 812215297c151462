package dev.hooke.fx.view;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.Tolerances;
import org.junit.jupiter.api.Test;

class ColourMapTest {

    /** The ends of the scale land on the centres of the first and last texels. */
    @Test
    void scaleEndsHitTheEndTexelCentres() {
        int n = ColourMap.TEXELS;
        assertEquals(0.5 / n, ColourMap.u(0), Tolerances.MESH_FLOAT);
        assertEquals((n - 0.5) / n, ColourMap.u(1), Tolerances.MESH_FLOAT);
        assertEquals(0.5, ColourMap.u(0.5), Tolerances.MESH_FLOAT);
    }

    @Test
    void outOfScaleAndNonFiniteValuesClampToTheEnds() {
        assertEquals(ColourMap.u(0), ColourMap.u(-3));
        assertEquals(ColourMap.u(1), ColourMap.u(7));
        assertEquals(ColourMap.u(1), ColourMap.u(Double.NaN));
        assertEquals(ColourMap.u(1), ColourMap.u(Double.POSITIVE_INFINITY));
    }

    @Test
    void uAndTAreInverse() {
        for (int i = 0; i <= 10; i++) {
            double t = i / 10.0;
            assertEquals(t, ColourMap.t(ColourMap.u(t)), Tolerances.MESH_FLOAT);
        }
    }

    /** Compression below the middle (blue end), rest in the middle, tension above (red end). */
    @Test
    void strainIsSignedAndSymmetric() {
        assertEquals(0.5, ColourMap.strainT(0, 0.2), 0);
        assertEquals(0.0, ColourMap.strainT(-0.2, 0.2), 0);
        assertEquals(1.0, ColourMap.strainT(0.2, 0.2), 0);
        assertEquals(0.75, ColourMap.strainT(0.1, 0.2), 0);
        assertEquals(0.25, ColourMap.t(ColourMap.Mode.STRAIN, -0.1, 0.2), 0);
    }

    @Test
    void speedRunsFromZeroToTheScale() {
        assertEquals(0.0, ColourMap.speedT(0, 4), 0);
        assertEquals(0.25, ColourMap.t(ColourMap.Mode.SPEED, 1, 4), 0);
        assertEquals(1.0, ColourMap.speedT(4, 4), 0);
    }

    @Test
    void niceCeilIsTheNextOneTwoOrFive() {
        assertEquals(1.0, ColourMap.niceCeil(1.0), 0);
        assertEquals(2.0, ColourMap.niceCeil(1.01), 0);
        assertEquals(5.0, ColourMap.niceCeil(3.2), 0);
        assertEquals(10.0, ColourMap.niceCeil(5.5), 0);
        assertEquals(0.02, ColourMap.niceCeil(0.013), 1e-15);
        assertEquals(0.5, ColourMap.niceCeil(-0.4), 1e-15);
        assertEquals(ColourMap.MIN_SCALE, ColourMap.niceCeil(0), 1e-20);
        assertEquals(1.0, ColourMap.niceCeil(Double.NaN), 0);
        for (double m = 1e-5; m < 1e5; m *= 1.37) {
            double c = ColourMap.niceCeil(m);
            assertTrue(c >= m && c < 2.5 * m, "niceCeil(" + m + ") = " + c);
        }
    }

    @Test
    void ticksSpanTheScale() {
        assertArrayEquals(new double[] {0, 0.5, 1, 1.5, 2}, ColourMap.ticks(ColourMap.Mode.SPEED, 2), 1e-15);
        assertArrayEquals(new double[] {-0.1, -0.05, 0, 0.05, 0.1}, ColourMap.ticks(ColourMap.Mode.STRAIN, 0.1), 1e-15);
    }

    /** A path 0–1–2 with strains 0.1 and −0.3: the middle particle gets their mean. */
    @Test
    void meanPerParticleAveragesAdjacentSprings() {
        float[] out = new float[4];
        int[] count = new int[4];
        ColourMap.meanPerParticle(new int[] {0, 1}, new int[] {1, 2}, new float[] {0.1f, -0.3f}, out, count);
        assertEquals(0.1f, out[0], Tolerances.MESH_FLOAT);
        assertEquals(-0.1f, out[1], Tolerances.MESH_FLOAT);
        assertEquals(-0.3f, out[2], Tolerances.MESH_FLOAT);
        assertEquals(0f, out[3], 0);
    }
}
