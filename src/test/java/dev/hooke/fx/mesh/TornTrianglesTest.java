package dev.hooke.fx.mesh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.model.ClothSurface;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.model.SpringKind;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.scene.Scenes;
import dev.hooke.fx.sim.Snapshots;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The triangles the 3D view hides for a torn cloth, from the snapshot's strains (NaN for a broken
 * spring), against the engine's own rule: a triangle of the cloth's surface is intact while none
 * of its structural edge springs is broken. The grid draws the cells' triangles in the surface's
 * order, so triangle t of both must agree.
 */
class TornTrianglesTest {

    @Test
    void theHiddenTrianglesAreTheOnesTheEngineCountsAsTorn() {
        int n = 9;
        SplittableRandom rnd = new SplittableRandom(3);
        for (int trial = 0; trial < 10; trial++) {
            MassSpringSystem s = Scenes.build(SceneSpec.of(SceneType.CLOTH).size(n));
            for (int sp = 0; sp < s.springCount(); sp++) {
                if (rnd.nextDouble() < 0.05 * trial) {
                    s.breakSpring(sp);
                }
            }
            int[] a = s.springAArray();
            int[] b = s.springBArray();
            SpringKind[] kinds = new SpringKind[s.springCount()];
            for (int sp = 0; sp < kinds.length; sp++) {
                kinds[sp] = s.springKind(sp);
            }
            GridMeshBuffer grid = new GridMeshBuffer(n, n);
            int hidden = new TornTriangles(n, a, b, kinds).apply(Snapshots.strains(s), grid);
            ClothSurface surface = s.surface();
            int torn = 0;
            for (int t = 0; t < surface.triangleCount(); t++) {
                boolean intact = surface.intact(s, t);
                torn += intact ? 0 : 1;
                assertEquals(intact, grid.isTriangleShown(t), "triangle " + t + " in trial " + trial);
                int[] faces = grid.faces();
                int back = 6 * (surface.triangleCount() + t);
                boolean degenerate = faces[6 * t] == faces[6 * t + 2] && faces[6 * t] == faces[6 * t + 4]
                        && faces[back] == faces[back + 2] && faces[back] == faces[back + 4];
                assertEquals(!intact, degenerate, "the faces of triangle " + t + " (front and back)");
            }
            assertEquals(torn, hidden);
            if (trial > 2) {
                assertTrue(torn > 0, "trial " + trial + " tore something");
            }
        }
        // mended: a whole cloth shows every triangle again, with the faces it started with
        GridMeshBuffer grid = new GridMeshBuffer(n, n);
        int[] original = grid.faces().clone();
        MassSpringSystem s = Scenes.build(SceneSpec.of(SceneType.CLOTH).size(n));
        SpringKind[] kinds = new SpringKind[s.springCount()];
        for (int sp = 0; sp < kinds.length; sp++) {
            kinds[sp] = s.springKind(sp);
        }
        TornTriangles torn = new TornTriangles(n, s.springAArray(), s.springBArray(), kinds);
        float[] strains = Snapshots.strains(s);
        strains[0] = Float.NaN;
        torn.apply(strains, grid);
        assertTrue(grid.takeFacesDirty());
        torn.apply(Snapshots.strains(s), grid);
        assertEquals(java.util.Arrays.toString(original), java.util.Arrays.toString(grid.faces()));
    }
}
