package dev.hooke.fx.mesh;

import dev.hooke.core.model.SpringKind;
import java.util.Arrays;

/**
 * Which triangles of a cloth drawn by a {@link GridMeshBuffer} a tear removes: a triangle
 * disappears when a structural spring along one of its edges has broken (the triangles the engine's
 * {@code ClothSurface} counts as not intact). Cell (r, c) with corners a = (r, c), b = (r, c+1),
 * d = (r+1, c), e = (r+1, c+1) has the triangles (a, d, b), edges a–d and a–b, and (b, d, e),
 * edges d–e and b–e (its diagonal b–d carries no structural spring).
 *
 * <p>A broken spring is known by its strain: NaN in a snapshot. No toolkit class is used.
 */
public final class TornTriangles {

    private final int n;
    /** The structural spring from p to p + 1 (across) and from p to p + n (down), −1 for none. */
    private final int[] across;
    private final int[] down;

    /**
     * @param n       vertices along an edge of the n × n grid
     * @param springA the springs' first particles
     * @param springB their second particles
     * @param kinds   their kinds
     */
    public TornTriangles(int n, int[] springA, int[] springB, SpringKind[] kinds) {
        this.n = n;
        across = new int[n * n];
        down = new int[n * n];
        Arrays.fill(across, -1);
        Arrays.fill(down, -1);
        for (int s = 0; s < springA.length; s++) {
            if (kinds[s] != SpringKind.STRUCTURAL) {
                continue;
            }
            int lo = Math.min(springA[s], springB[s]);
            int hi = Math.max(springA[s], springB[s]);
            if (hi == lo + 1 && lo % n != n - 1) {
                across[lo] = s;
            } else if (hi == lo + n) {
                down[lo] = s;
            }
        }
    }

    /** Shows the triangles whose structural edges are whole and hides the others; returns how many are hidden. */
    public int apply(float[] strains, GridMeshBuffer grid) {
        int hidden = 0;
        for (int r = 0; r + 1 < n; r++) {
            for (int c = 0; c + 1 < n; c++) {
                int a = r * n + c;
                int t = 2 * (r * (n - 1) + c);
                boolean first = whole(strains, down[a]) && whole(strains, across[a]);
                boolean second = whole(strains, across[a + n]) && whole(strains, down[a + 1]);
                grid.setTriangleShown(t, first);
                grid.setTriangleShown(t + 1, second);
                hidden += (first ? 0 : 1) + (second ? 0 : 1);
            }
        }
        return hidden;
    }

    private static boolean whole(float[] strains, int spring) {
        return spring < 0 || !Float.isNaN(strains[spring]);
    }
}
