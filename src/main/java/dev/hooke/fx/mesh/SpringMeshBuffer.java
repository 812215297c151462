package dev.hooke.fx.mesh;

import java.util.Arrays;

/**
 * Springs drawn as thin triangular prisms, all in one triangle mesh (vertex format point +
 * texcoord) whose points are recomputed from the particle positions and copied into a JavaFX
 * {@code TriangleMesh} with one bulk call per frame. Uses no toolkit class.
 *
 * <h2>Layout</h2>
 * <ul>
 *   <li>Points: spring s owns the six points 6s … 6s+5 (three floats each, {@code 3*p+k}).
 *       Points 6s+j (j = 0, 1, 2) lie on a circle of radius r around end A, at the angles
 *       θ_j = 2πj/3 in the frame (u, w) perpendicular to the spring's axis n; points 6s+3+j lie
 *       on the same circle around end B:
 *       <pre>  A_j = x_A + r (cos θ_j u + sin θ_j w),   B_j = x_B + r (cos θ_j u + sin θ_j w)</pre>
 *       with u = (n × e)/|n × e| for the coordinate axis e least aligned with n, and
 *       w = n × u. A spring of zero length gets the frame u = x̂, w = ẑ.</li>
 *   <li>Faces: six triangles per spring, two for each side j between corners j and j' = j+1
 *       (mod 3): (A_j, A_j', B_j') and (A_j, B_j', B_j), wound so that their normals, by the
 *       right-hand rule, point away from the axis.</li>
 *   <li>Texture coordinates: one entry per spring; every corner of spring s uses entry s,
 *       (u_s, ½). With a palette texture, u_s picks the spring's colour
 *       ({@link #setColour(int, float)}).</li>
 *   <li>Smoothing groups: all 1, so the prisms are shaded like round rods.</li>
 * </ul>
 */
public final class SpringMeshBuffer {

    private static final double[] COS = {1.0, Math.cos(2 * Math.PI / 3), Math.cos(4 * Math.PI / 3)};
    private static final double[] SIN = {0.0, Math.sin(2 * Math.PI / 3), Math.sin(4 * Math.PI / 3)};

    private final int[] springA;
    private final int[] springB;
    private float radius;
    private final float[] points;
    private final float[] texCoords;
    private final int[] faces;
    private final int[] smoothingGroups;
    private boolean dirty;
    private boolean texCoordsDirty;

    /**
     * @param springA the first particle of each spring
     * @param springB the second particle of each spring
     * @param radius  r, the prisms' radius; in m
     */
    public SpringMeshBuffer(int[] springA, int[] springB, float radius) {
        if (springA.length != springB.length) {
            throw new IllegalArgumentException("springA and springB differ in length");
        }
        if (!(radius > 0)) {
            throw new IllegalArgumentException("radius must be > 0, got " + radius);
        }
        this.springA = springA.clone();
        this.springB = springB.clone();
        this.radius = radius;
        int n = springA.length;
        points = new float[18 * n];
        texCoords = new float[2 * n];
        faces = new int[36 * n];
        smoothingGroups = new int[6 * n];
        Arrays.fill(smoothingGroups, 1);
        int at = 0;
        for (int s = 0; s < n; s++) {
            texCoords[2 * s] = 0.5f;
            texCoords[2 * s + 1] = 0.5f;
            int base = 6 * s;
            for (int j = 0; j < 3; j++) {
                int aj = base + j;
                int aj1 = base + (j + 1) % 3;
                int bj = base + 3 + j;
                int bj1 = base + 3 + (j + 1) % 3;
                at = triangle(at, aj, aj1, bj1, s);
                at = triangle(at, aj, bj1, bj, s);
            }
        }
    }

    private int triangle(int at, int p0, int p1, int p2, int tex) {
        faces[at] = p0;
        faces[at + 1] = tex;
        faces[at + 2] = p1;
        faces[at + 3] = tex;
        faces[at + 4] = p2;
        faces[at + 5] = tex;
        return at + 6;
    }

    public int springCount() {
        return springA.length;
    }

    /** r, the prisms' radius; in m. */
    public float radius() {
        return radius;
    }

    /** Sets r, the prisms' radius (in m, &gt; 0); the next {@link #update} uses it. */
    public void setRadius(float radius) {
        if (!(radius > 0)) {
            throw new IllegalArgumentException("radius must be > 0, got " + radius);
        }
        this.radius = radius;
    }

    /** Gives spring s the palette position u (0 … 1) and marks the texture coordinates dirty. */
    public void setColour(int s, float u) {
        if (texCoords[2 * s] != u) {
            texCoords[2 * s] = u;
            texCoordsDirty = true;
        }
    }

    /**
     * Recomputes the points from particle positions ({@code 3*i+k}, in m) and marks the buffer
     * dirty (see the class comment for the formula).
     */
    public void update(float[] positions) {
        for (int s = 0; s < springA.length; s++) {
            int a = 3 * springA[s];
            int b = 3 * springB[s];
            double ax = positions[a];
            double ay = positions[a + 1];
            double az = positions[a + 2];
            double bx = positions[b];
            double by = positions[b + 1];
            double bz = positions[b + 2];
            double nx = bx - ax;
            double ny = by - ay;
            double nz = bz - az;
            double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
            double ux;
            double uy;
            double uz;
            double wx;
            double wy;
            double wz;
            if (len > 1e-12 && Double.isFinite(len)) {
                nx /= len;
                ny /= len;
                nz /= len;
                // u = n × e for the axis e least aligned with n
                double anx = Math.abs(nx);
                double any = Math.abs(ny);
                double anz = Math.abs(nz);
                if (anx <= any && anx <= anz) {          // e = x̂
                    ux = 0;
                    uy = nz;
                    uz = -ny;
                } else if (any <= anz) {                  // e = ŷ
                    ux = -nz;
                    uy = 0;
                    uz = nx;
                } else {                                  // e = ẑ
                    ux = ny;
                    uy = -nx;
                    uz = 0;
                }
                double ul = Math.sqrt(ux * ux + uy * uy + uz * uz);
                ux /= ul;
                uy /= ul;
                uz /= ul;
                wx = ny * uz - nz * uy;
                wy = nz * ux - nx * uz;
                wz = nx * uy - ny * ux;
            } else {
                ux = 1;
                uy = 0;
                uz = 0;
                wx = 0;
                wy = 0;
                wz = 1;
            }
            int p = 18 * s;
            for (int j = 0; j < 3; j++) {
                double ox = radius * (COS[j] * ux + SIN[j] * wx);
                double oy = radius * (COS[j] * uy + SIN[j] * wy);
                double oz = radius * (COS[j] * uz + SIN[j] * wz);
                points[p + 3 * j] = (float) (ax + ox);
                points[p + 3 * j + 1] = (float) (ay + oy);
                points[p + 3 * j + 2] = (float) (az + oz);
                points[p + 9 + 3 * j] = (float) (bx + ox);
                points[p + 9 + 3 * j + 1] = (float) (by + oy);
                points[p + 9 + 3 * j + 2] = (float) (bz + oz);
            }
        }
        dirty = true;
    }

    /** Whether the points changed since the last call; clears the flag. */
    public boolean takeDirty() {
        boolean was = dirty;
        dirty = false;
        return was;
    }

    /** Whether the texture coordinates changed since the last call; clears the flag. */
    public boolean takeTexCoordsDirty() {
        boolean was = texCoordsDirty;
        texCoordsDirty = false;
        return was;
    }

    /** The points (live: read them, do not keep them). */
    public float[] points() {
        return points;
    }

    public float[] texCoords() {
        return texCoords;
    }

    public int[] faces() {
        return faces;
    }

    public int[] smoothingGroups() {
        return smoothingGroups;
    }
}
