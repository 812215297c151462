package dev.hooke.fx.mesh;

import java.util.Arrays;

/**
 * A cloth's surface as the flat arrays of a triangle mesh with vertex format point + texcoord,
 * ready for one bulk copy into a JavaFX {@code TriangleMesh} per frame. It uses no toolkit
 * class, so it can be tested without one.
 *
 * <h2>Layout</h2>
 * The grid has {@code rows × cols} vertices, N of them.
 * <ul>
 *   <li>Points: three floats per vertex, {@code 3*p + k}; vertex (r, c) has index
 *       p = r·cols + c, the index the cloth scene gives its particle (r, c), so the points are
 *       the particle positions in order.</li>
 *   <li>Texture coordinates: two floats (u, v) per entry; entry p belongs to vertex p seen from
 *       the front, entry N + p to vertex p seen from the back. By default every front entry is
 *       (¼, ½) and every back entry (¾, ½): with a texture whose left half has the front colour
 *       and whose right half the back colour, the two sides of the cloth differ in colour.</li>
 *   <li>Faces: six ints per triangle, (point, texcoord) for each corner. The cell (r, c), with
 *       corners a = p(r, c), b = p(r, c+1), d = p(r+1, c), e = p(r+1, c+1), has the front
 *       triangles (a, d, b) and (b, d, e). All 2(rows−1)(cols−1) front triangles come first,
 *       cell by cell in row order; then the back triangles, the same corners in reverse order,
 *       (a, b, d) and (b, e, d). A renderer that culls back faces then shows each side with its
 *       own outward normal: the cloth is lit on both sides.</li>
 *   <li>Smoothing groups: 1 for every front triangle, 2 for every back one, so that vertex
 *       normals are averaged over each side separately (averaged together they would cancel).</li>
 * </ul>
 * {@link #update(float[])} copies new positions and raises a dirty flag; the renderer copies the
 * points once and clears the flag with {@link #takeDirty()}.
 *
 * <p>A torn cloth hides triangles ({@link #setTriangleShown}): a hidden triangle's faces, front and
 * back, are made degenerate (all three corners the same point), so that it draws nothing while the
 * face count stays; {@link #takeFacesDirty()} tells the renderer to copy the faces again.
 */
public final class GridMeshBuffer {

    /** u of the front side's colour in the texture. */
    public static final float FRONT_U = 0.25f;
    /** u of the back side's colour in the texture. */
    public static final float BACK_U = 0.75f;

    private final int rows;
    private final int cols;
    private final float[] points;
    private final float[] texCoords;
    private final int[] faces;
    private final int[] smoothingGroups;
    private boolean dirty;
    private boolean texCoordsDirty;
    private boolean facesDirty;
    private final boolean[] hidden;

    /**
     * @param rows vertices along a column (at least 2)
     * @param cols vertices along a row (at least 2)
     */
    public GridMeshBuffer(int rows, int cols) {
        if (rows < 2 || cols < 2) {
            throw new IllegalArgumentException("a grid mesh needs at least 2 × 2 vertices, got " + rows + " × " + cols);
        }
        this.rows = rows;
        this.cols = cols;
        int n = rows * cols;
        points = new float[3 * n];
        texCoords = new float[4 * n];
        for (int p = 0; p < n; p++) {
            texCoords[2 * p] = FRONT_U;
            texCoords[2 * p + 1] = 0.5f;
            texCoords[2 * (n + p)] = BACK_U;
            texCoords[2 * (n + p) + 1] = 0.5f;
        }
        int cells = (rows - 1) * (cols - 1);
        int triangles = 4 * cells;
        faces = new int[6 * triangles];
        smoothingGroups = new int[triangles];
        int front = 0;
        int back = 6 * 2 * cells;
        for (int r = 0; r + 1 < rows; r++) {
            for (int c = 0; c + 1 < cols; c++) {
                int a = r * cols + c;
                int b = a + 1;
                int d = a + cols;
                int e = d + 1;
                front = triangle(front, a, d, b, 0);
                front = triangle(front, b, d, e, 0);
                back = triangle(back, a, b, d, n);
                back = triangle(back, b, e, d, n);
            }
        }
        Arrays.fill(smoothingGroups, 0, 2 * cells, 1);
        Arrays.fill(smoothingGroups, 2 * cells, triangles, 2);
        hidden = new boolean[2 * cells];
    }

    /**
     * Shows or hides front triangle t (0 … 2(rows−1)(cols−1) − 1: cell (r, c)'s triangles are
     * 2(r(cols−1) + c) and the one after it) and its back twin.
     */
    public void setTriangleShown(int t, boolean shown) {
        if (hidden[t] != shown) {
            return;
        }
        hidden[t] = !shown;
        int cells = hidden.length / 2;
        int n = vertexCount();
        int cell = t / 2;
        int r = cell / (cols - 1);
        int c = cell % (cols - 1);
        int a = r * cols + c;
        int b = a + 1;
        int d = a + cols;
        int e = d + 1;
        boolean first = t % 2 == 0;
        int front = 6 * t;
        int back = 6 * (2 * cells + t);
        if (!shown) {
            triangle(front, a, a, a, 0);
            triangle(back, a, a, a, n);
        } else if (first) {
            triangle(front, a, d, b, 0);
            triangle(back, a, b, d, n);
        } else {
            triangle(front, b, d, e, 0);
            triangle(back, b, e, d, n);
        }
        facesDirty = true;
    }

    /** Whether front triangle t is shown. */
    public boolean isTriangleShown(int t) {
        return !hidden[t];
    }

    /** Whether the faces changed since the last call; clears the flag. */
    public boolean takeFacesDirty() {
        boolean was = facesDirty;
        facesDirty = false;
        return was;
    }

    private int triangle(int at, int p0, int p1, int p2, int texOffset) {
        faces[at] = p0;
        faces[at + 1] = texOffset + p0;
        faces[at + 2] = p1;
        faces[at + 3] = texOffset + p1;
        faces[at + 4] = p2;
        faces[at + 5] = texOffset + p2;
        return at + 6;
    }

    public int rows() {
        return rows;
    }

    public int cols() {
        return cols;
    }

    /** The number of vertices, rows·cols. */
    public int vertexCount() {
        return rows * cols;
    }

    /** The number of triangles, front and back: 4(rows−1)(cols−1). */
    public int triangleCount() {
        return smoothingGroups.length;
    }

    /**
     * Copies the first 3·N floats of {@code positions} (particle positions, {@code 3*p+k}) into
     * the points and marks the buffer dirty.
     */
    public void update(float[] positions) {
        if (positions.length < points.length) {
            throw new IllegalArgumentException("positions: need " + points.length + " floats, got " + positions.length);
        }
        System.arraycopy(positions, 0, points, 0, points.length);
        dirty = true;
    }

    /**
     * Gives vertex p the palette position u (0 … 1) on both sides (front entry p and back entry
     * N + p) and marks the texture coordinates dirty when it changed.
     */
    public void setColour(int p, float u) {
        int back = 2 * (vertexCount() + p);
        if (texCoords[2 * p] != u || texCoords[back] != u) {
            texCoords[2 * p] = u;
            texCoords[back] = u;
            texCoordsDirty = true;
        }
    }

    /** Puts back the default texture coordinates (front ¼, back ¾; see the class comment). */
    public void resetColours() {
        int n = vertexCount();
        for (int p = 0; p < n; p++) {
            if (texCoords[2 * p] != FRONT_U || texCoords[2 * (n + p)] != BACK_U) {
                texCoords[2 * p] = FRONT_U;
                texCoords[2 * (n + p)] = BACK_U;
                texCoordsDirty = true;
            }
        }
    }

    /** Whether the texture coordinates changed since the last call; clears the flag. */
    public boolean takeTexCoordsDirty() {
        boolean was = texCoordsDirty;
        texCoordsDirty = false;
        return was;
    }

    /** Whether the points changed since the last call; clears the flag. */
    public boolean takeDirty() {
        boolean was = dirty;
        dirty = false;
        return was;
    }

    /** The points (live: read them, do not keep them). */
    public float[] points() {
        return points;
    }

    /** The texture coordinates (see the class comment). */
    public float[] texCoords() {
        return texCoords;
    }

    /** The faces (see the class comment). */
    public int[] faces() {
        return faces;
    }

    /** The smoothing group of each triangle. */
    public int[] smoothingGroups() {
        return smoothingGroups;
    }
}
