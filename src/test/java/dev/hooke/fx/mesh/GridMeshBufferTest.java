package dev.hooke.fx.mesh;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.scene.Scenes;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class GridMeshBufferTest {

    private static final int ROWS = 4;
    private static final int COLS = 5;

    @Test
    void sizesFollowTheLayout() {
        GridMeshBuffer g = new GridMeshBuffer(ROWS, COLS);
        int n = ROWS * COLS;
        int cells = (ROWS - 1) * (COLS - 1);
        assertEquals(n, g.vertexCount());
        assertEquals(3 * n, g.points().length);
        assertEquals(4 * n, g.texCoords().length);
        assertEquals(4 * cells, g.triangleCount());
        assertEquals(6 * 4 * cells, g.faces().length);
        assertEquals(4 * cells, g.smoothingGroups().length);
    }

    @Test
    void frontTrianglesCoverEveryCellAndBackTrianglesMirrorThem() {
        GridMeshBuffer g = new GridMeshBuffer(ROWS, COLS);
        int[] f = g.faces();
        int n = ROWS * COLS;
        int half = g.triangleCount() / 2;
        Set<Set<Integer>> frontCorners = new HashSet<>();
        for (int t = 0; t < half; t++) {
            int[] front = corners(f, t);
            int[] back = corners(f, half + t);
            // the back triangle has the same corners in reverse order (a cyclic rotation allowed)
            assertTrue(sameCycle(front, new int[] {back[2], back[1], back[0]}),
                    "back triangle " + t + " does not reverse its front triangle");
            for (int k = 0; k < 3; k++) {
                assertEquals(front[k], f[6 * t + 2 * k + 1], "front texcoord index of triangle " + t);
                assertEquals(n + back[k], f[6 * (half + t) + 2 * k + 1], "back texcoord index of triangle " + t);
            }
            frontCorners.add(Set.of(front[0], front[1], front[2]));
        }
        for (int r = 0; r + 1 < ROWS; r++) {
            for (int c = 0; c + 1 < COLS; c++) {
                int a = r * COLS + c;
                int b = a + 1;
                int d = a + COLS;
                int e = d + 1;
                assertTrue(frontCorners.contains(Set.of(a, d, b)), "cell " + r + "," + c + " first triangle");
                assertTrue(frontCorners.contains(Set.of(b, d, e)), "cell " + r + "," + c + " second triangle");
            }
        }
    }

    @Test
    void onAFlatClothEveryFrontNormalPointsOneWayAndEveryBackNormalTheOther() {
        SceneSpec spec = SceneSpec.of(SceneType.CLOTH).size(6);
        MassSpringSystem cloth = Scenes.build(spec);
        GridMeshBuffer g = new GridMeshBuffer(6, 6);
        g.update(toFloat(cloth.x));
        int half = g.triangleCount() / 2;
        for (int t = 0; t < g.triangleCount(); t++) {
            double[] normal = normal(g.points(), corners(g.faces(), t));
            // the cloth lies flat in the x–z plane: normals along ±y
            assertEquals(0, normal[0], 1e-12);
            assertEquals(0, normal[2], 1e-12);
            double sign = Math.signum(normal[1]);
            assertEquals(t < half ? sign(g, 0) : -sign(g, 0), sign, "triangle " + t);
        }
        assertTrue(sign(g, 0) != 0);
    }

    @Test
    void smoothingGroupsSeparateTheSides() {
        GridMeshBuffer g = new GridMeshBuffer(ROWS, COLS);
        int half = g.triangleCount() / 2;
        for (int t = 0; t < g.triangleCount(); t++) {
            assertEquals(t < half ? 1 : 2, g.smoothingGroups()[t]);
        }
    }

    @Test
    void texCoordsPickTheFrontAndBackColours() {
        GridMeshBuffer g = new GridMeshBuffer(ROWS, COLS);
        int n = ROWS * COLS;
        float[] tc = g.texCoords();
        for (int p = 0; p < n; p++) {
            assertEquals(GridMeshBuffer.FRONT_U, tc[2 * p]);
            assertEquals(GridMeshBuffer.BACK_U, tc[2 * (n + p)]);
        }
        for (float v : tc) {
            assertTrue(v >= 0 && v <= 1);
        }
    }

    @Test
    void updateCopiesPositionsInParticleOrderAndRaisesTheDirtyFlagOnce() {
        GridMeshBuffer g = new GridMeshBuffer(ROWS, COLS);
        assertFalse(g.takeDirty());
        float[] positions = new float[3 * ROWS * COLS + 3];
        SplittableRandom rnd = new SplittableRandom(42);
        for (int q = 0; q < positions.length; q++) {
            positions[q] = (float) rnd.nextDouble(-1, 1);
        }
        g.update(positions);
        float[] expected = new float[3 * ROWS * COLS];
        System.arraycopy(positions, 0, expected, 0, expected.length);
        assertArrayEquals(expected, g.points());
        assertTrue(g.takeDirty());
        assertFalse(g.takeDirty());
    }

    @Test
    void rejectsDegenerateGridsAndShortPositionArrays() {
        assertThrows(IllegalArgumentException.class, () -> new GridMeshBuffer(1, 5));
        GridMeshBuffer g = new GridMeshBuffer(ROWS, COLS);
        assertThrows(IllegalArgumentException.class, () -> g.update(new float[3]));
    }

    private static double sign(GridMeshBuffer g, int triangle) {
        return Math.signum(normal(g.points(), corners(g.faces(), triangle))[1]);
    }

    static int[] corners(int[] faces, int t) {
        return new int[] {faces[6 * t], faces[6 * t + 2], faces[6 * t + 4]};
    }

    static double[] normal(float[] p, int[] c) {
        double[] e1 = new double[3];
        double[] e2 = new double[3];
        for (int k = 0; k < 3; k++) {
            e1[k] = p[3 * c[1] + k] - p[3 * c[0] + k];
            e2[k] = p[3 * c[2] + k] - p[3 * c[0] + k];
        }
        return new double[] {
            e1[1] * e2[2] - e1[2] * e2[1],
            e1[2] * e2[0] - e1[0] * e2[2],
            e1[0] * e2[1] - e1[1] * e2[0],
        };
    }

    private static boolean sameCycle(int[] a, int[] b) {
        for (int shift = 0; shift < 3; shift++) {
            if (a[0] == b[shift] && a[1] == b[(shift + 1) % 3] && a[2] == b[(shift + 2) % 3]) {
                return true;
            }
        }
        return false;
    }

    static float[] toFloat(double[] x) {
        float[] f = new float[x.length];
        for (int i = 0; i < x.length; i++) {
            f[i] = (float) x[i];
        }
        return f;
    }

    /** A colour sets both sides of a vertex; resetting brings back the front and back colours. */
    @Test
    void setColourSetsBothSidesAndResetRestoresThem() {
        GridMeshBuffer g = new GridMeshBuffer(ROWS, COLS);
        int n = ROWS * COLS;
        assertFalse(g.takeTexCoordsDirty());
        g.setColour(3, 0.1f);
        assertTrue(g.takeTexCoordsDirty());
        assertEquals(0.1f, g.texCoords()[2 * 3], 0);
        assertEquals(0.1f, g.texCoords()[2 * (n + 3)], 0);
        assertEquals(GridMeshBuffer.FRONT_U, g.texCoords()[2 * 4], 0);
        g.setColour(3, 0.1f);
        assertFalse(g.takeTexCoordsDirty());
        g.resetColours();
        assertTrue(g.takeTexCoordsDirty());
        assertEquals(GridMeshBuffer.FRONT_U, g.texCoords()[2 * 3], 0);
        assertEquals(GridMeshBuffer.BACK_U, g.texCoords()[2 * (n + 3)], 0);
    }
}
