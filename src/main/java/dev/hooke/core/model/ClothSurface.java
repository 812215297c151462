package dev.hooke.core.model;

import java.util.Objects;

/**
 * The triangles of a cloth's surface, for the forces that act on the surface rather than on the
 * springs (the wind) and for a renderer that hides torn triangles.
 *
 * <h2>Layout</h2>
 * Triangle t has the corners {@code corner(t, 0..2)}, particle indices kept at {@code 3t + k}; its
 * edges are (corner 0, corner 1), (corner 1, corner 2), (corner 2, corner 0), and
 * {@code edgeSpring(t, e)} is the structural spring along edge e, or −1 when that edge has none
 * (the cell's diagonal, which a shear spring or nothing spans).
 *
 * <p>A triangle is <em>intact</em> while none of its structural edge springs is broken
 * ({@link MassSpringSystem#isBroken}): a tear removes the triangles next to it, from the wind and
 * from the drawing alike.
 *
 * <p>The cloth's thickness d (m) is the distance below which its particles repel each other
 * (self-collision, resolved by the simulation after each step); 0: they pass through each other.
 */
public final class ClothSurface {

    private final int[] corners;
    private final int[] edgeSprings;
    private final double thickness;

    /** A surface whose particles do not collide with each other (see {@link #ClothSurface(int[], int[], double)}). */
    public ClothSurface(int[] corners, int[] edgeSprings) {
        this(corners, edgeSprings, 0);
    }

    /**
     * @param corners     3 particle indices per triangle
     * @param edgeSprings 3 spring indices per triangle (the structural spring along each edge, −1 for none)
     * @param thickness   d, the self-collision distance in m, finite and ≥ 0 (0: no self-collision)
     */
    public ClothSurface(int[] corners, int[] edgeSprings, double thickness) {
        if (!(thickness >= 0) || !Double.isFinite(thickness)) {
            throw new IllegalArgumentException("thickness must be finite and >= 0, got " + thickness);
        }
        this.thickness = thickness;
        Objects.requireNonNull(corners, "corners");
        Objects.requireNonNull(edgeSprings, "edgeSprings");
        if (corners.length % 3 != 0 || edgeSprings.length != corners.length) {
            throw new IllegalArgumentException("a surface needs 3 corners and 3 edge springs per triangle, got "
                    + corners.length + " and " + edgeSprings.length);
        }
        this.corners = corners.clone();
        this.edgeSprings = edgeSprings.clone();
    }

    /** d, the distance below which the particles repel each other; in m (0: no self-collision). */
    public double thickness() {
        return thickness;
    }

    /** The number of triangles. */
    public int triangleCount() {
        return corners.length / 3;
    }

    /** The particle at corner k (0, 1, 2) of triangle t. */
    public int corner(int t, int k) {
        return corners[3 * t + k];
    }

    /** The structural spring along edge e (0, 1, 2) of triangle t, or −1. */
    public int edgeSpring(int t, int e) {
        return edgeSprings[3 * t + e];
    }

    /** Direct read access to the corners, {@code 3t + k}, for kernels; do not modify. */
    public int[] cornerArray() {
        return corners;
    }

    /** Whether triangle t is intact in system s: none of its structural edge springs is broken. */
    public boolean intact(MassSpringSystem s, int t) {
        int o = 3 * t;
        for (int e = 0; e < 3; e++) {
            int sp = edgeSprings[o + e];
            if (sp >= 0 && s.isBroken(sp)) {
                return false;
            }
        }
        return true;
    }
}
