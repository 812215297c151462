package dev.hooke.fx.mesh;

import static dev.hooke.Tolerances.MESH_FLOAT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SpringMeshBufferTest {

    private static final float RADIUS = 0.05f;

    @Test
    void sizesFollowTheLayout() {
        SpringMeshBuffer b = new SpringMeshBuffer(new int[] {0, 1}, new int[] {1, 2}, RADIUS);
        assertEquals(2, b.springCount());
        assertEquals(2 * 18, b.points().length);
        assertEquals(2 * 36, b.faces().length);
        assertEquals(2 * 2, b.texCoords().length);
        assertEquals(2 * 6, b.smoothingGroups().length);
    }

    @Test
    void prismCornersLieOnCirclesOfTheRadiusAroundEachEnd() {
        SplittableRandom rnd = new SplittableRandom(7);
        int particles = 6;
        float[] x = new float[3 * particles];
        for (int q = 0; q < x.length; q++) {
            x[q] = (float) rnd.nextDouble(-2, 2);
        }
        int[] a = {0, 1, 2, 3, 4};
        int[] b = {1, 2, 3, 4, 5};
        SpringMeshBuffer buf = new SpringMeshBuffer(a, b, RADIUS);
        buf.update(x);
        float[] p = buf.points();
        for (int s = 0; s < a.length; s++) {
            double[] n = unit(sub(x, 3 * b[s], x, 3 * a[s]));
            for (int j = 0; j < 6; j++) {
                int end = j < 3 ? a[s] : b[s];
                double[] offset = sub(p, 3 * (6 * s + j), x, 3 * end);
                assertEquals(RADIUS, norm(offset), MESH_FLOAT, "corner " + j + " of spring " + s);
                assertEquals(0, dot(offset, n), MESH_FLOAT, "corner " + j + " of spring " + s + " leaves the end's plane");
            }
            // three corners 120° apart: they sum to zero around the end
            for (int end = 0; end < 2; end++) {
                double[] sum = new double[3];
                int centre = 3 * (end == 0 ? a[s] : b[s]);
                for (int j = 0; j < 3; j++) {
                    double[] o = sub(p, 3 * (6 * s + 3 * end + j), x, centre);
                    for (int k = 0; k < 3; k++) {
                        sum[k] += o[k];
                    }
                }
                assertEquals(0, norm(sum), 3 * MESH_FLOAT);
            }
        }
    }

    @Test
    void everyTriangleFacesAwayFromTheAxis() {
        float[] x = {0, 0, 0, 1, 0.5f, -0.25f, 1, 0.5f, 2, 1, 3, 2};
        int[] a = {0, 1, 2};
        int[] b = {1, 2, 3};
        SpringMeshBuffer buf = new SpringMeshBuffer(a, b, RADIUS);
        buf.update(x);
        float[] p = buf.points();
        int[] f = buf.faces();
        for (int t = 0; t < f.length / 6; t++) {
            int s = t / 6;
            int[] c = GridMeshBufferTest.corners(f, t);
            double[] normal = GridMeshBufferTest.normal(p, c);
            double[] centroid = new double[3];
            for (int k = 0; k < 3; k++) {
                centroid[k] = (p[3 * c[0] + k] + p[3 * c[1] + k] + p[3 * c[2] + k]) / 3.0;
            }
            // the centroid's offset from the spring's axis
            double[] axis = unit(sub(x, 3 * b[s], x, 3 * a[s]));
            double[] rel = new double[3];
            for (int k = 0; k < 3; k++) {
                rel[k] = centroid[k] - x[3 * a[s] + k];
            }
            double along = dot(rel, axis);
            for (int k = 0; k < 3; k++) {
                rel[k] -= along * axis[k];
            }
            assertTrue(dot(normal, rel) > 0, "triangle " + t + " faces the axis");
            for (int k = 0; k < 3; k++) {
                assertTrue(c[k] >= 6 * s && c[k] < 6 * s + 6, "triangle " + t + " uses another spring's points");
                assertEquals(s, f[6 * t + 2 * k + 1], "texcoord of triangle " + t);
            }
        }
    }

    @Test
    void aZeroLengthSpringGivesFinitePoints() {
        SpringMeshBuffer buf = new SpringMeshBuffer(new int[] {0}, new int[] {1}, RADIUS);
        buf.update(new float[] {1, 2, 3, 1, 2, 3});
        for (float v : buf.points()) {
            assertTrue(Float.isFinite(v));
        }
    }

    @Test
    void coloursAndPointsRaiseTheirOwnDirtyFlags() {
        SpringMeshBuffer buf = new SpringMeshBuffer(new int[] {0}, new int[] {1}, RADIUS);
        assertFalse(buf.takeDirty());
        buf.update(new float[] {0, 0, 0, 1, 0, 0});
        assertTrue(buf.takeDirty());
        assertFalse(buf.takeDirty());
        assertFalse(buf.takeTexCoordsDirty());
        buf.setColour(0, 0.9f);
        assertEquals(0.9f, buf.texCoords()[0]);
        assertTrue(buf.takeTexCoordsDirty());
        buf.setColour(0, 0.9f);
        assertFalse(buf.takeTexCoordsDirty());
    }

    @Test
    void rejectsMismatchedEndsAndABadRadius() {
        assertThrows(IllegalArgumentException.class, () -> new SpringMeshBuffer(new int[] {0}, new int[0], RADIUS));
        assertThrows(IllegalArgumentException.class, () -> new SpringMeshBuffer(new int[] {0}, new int[] {1}, 0f));
    }

    private static double[] sub(float[] p, int i, float[] q, int j) {
        return new double[] {p[i] - q[j], p[i + 1] - q[j + 1], p[i + 2] - q[j + 2]};
    }

    private static double dot(double[] a, double[] b) {
        return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    }

    private static double norm(double[] a) {
        return Math.sqrt(dot(a, a));
    }

    private static double[] unit(double[] a) {
        double l = norm(a);
        return new double[] {a[0] / l, a[1] / l, a[2] / l};
    }
}
