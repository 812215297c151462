package dev.hooke.core.stability;

import dev.hooke.core.integrate.IntegratorKind;
import java.util.ArrayList;
import java.util.List;

/**
 * A method's stability region {z : |R(z)| ≤ 1} within a rectangle of the z-plane, as the filled
 * pieces and the boundary a plot draws; R is the method's own amplification
 * ({@link Modes#amplificationAt}), so the region needs no table of shapes per method.
 *
 * <p>Traced by filled marching squares (Lorensen &amp; Cline 1987; the "isoband" variant): the
 * rectangle is cut into a lattice of {@code columns × rows} cells, each lattice point is inside
 * (|R| ≤ 1 + {@link Modes#STABLE_TOLERANCE}, the rule a mode's colour follows) or outside, and on
 * every cell edge whose two ends differ the boundary point is found by bisection on |R| along the
 * edge, to {@value #EDGE_BISECTIONS} halvings of the edge. Every vertex of the boundary therefore
 * lies on |R(z)| = 1 to round-off, whatever the lattice's size: explicit Euler's on the unit circle
 * about −1, RK4's crossing of the imaginary axis at 2√2. A cell whose inside corners sit on one
 * diagonal is decided by its centre. A part of the region or of its outside thinner than a cell can
 * be missed; the lattice is a few pixels of the plot.
 *
 * <p>The region may be unbounded (backward Euler's outside of the disc |z − 1| ≤ 1, the implicit
 * midpoint rule's half-plane): the pieces are clipped to the rectangle.
 */
public final class StabilityRegion {

    /** Halvings of a cell edge that place a boundary point (2⁻⁴⁰ of the edge). */
    static final int EDGE_BISECTIONS = 40;
    /** The square |Re z|, |Im z| ≤ this that {@link #boundaryBox} searches. */
    static final double SEARCH = 8;
    /** The lattice {@link #boundaryBox} searches on, cells per side. */
    static final int SEARCH_CELLS = 200;

    private final double reMin;
    private final double reMax;
    private final double imMin;
    private final double imMax;
    private final List<double[]> pieces;
    private final double[] boundary;

    private StabilityRegion(double reMin, double reMax, double imMin, double imMax, List<double[]> pieces,
                            double[] boundary) {
        this.reMin = reMin;
        this.reMax = reMax;
        this.imMin = imMin;
        this.imMax = imMax;
        this.pieces = pieces;
        this.boundary = boundary;
    }

    /**
     * The region of {@code kind} within [reMin, reMax] × [imMin, imMax].
     *
     * @param verletDelta δ of the position Verlet method (ignored by the others)
     * @param columns     lattice cells along Re z
     * @param rows        lattice cells along Im z
     * @throws IllegalArgumentException for a method without a region ({@link Modes#hasRegion}) or an empty rectangle
     */
    public static StabilityRegion of(IntegratorKind kind, double verletDelta, double reMin, double reMax,
                                     double imMin, double imMax, int columns, int rows) {
        if (!Modes.hasRegion(kind)) {
            throw new IllegalArgumentException(kind.id() + " has no stability region");
        }
        if (!(reMax > reMin) || !(imMax > imMin) || columns < 1 || rows < 1) {
            throw new IllegalArgumentException("an empty rectangle or lattice");
        }
        return new Tracer(kind, verletDelta, reMin, reMax, imMin, imMax, columns, rows).trace();
    }

    /**
     * The smallest box {reMin, reMax, imMin, imMax} holding the boundary of the method's region,
     * searched in |Re z|, |Im z| ≤ {@value #SEARCH}; null when the boundary reaches that square's
     * edge (an unbounded boundary, as the implicit midpoint rule's imaginary axis). The box is
     * the boundary's vertices' box; between vertices the boundary may bulge by a fraction of a
     * lattice cell ({@value #SEARCH} · 2 / {@value #SEARCH_CELLS}).
     */
    public static double[] boundaryBox(IntegratorKind kind, double verletDelta) {
        StabilityRegion r = of(kind, verletDelta, -SEARCH, SEARCH, -SEARCH, SEARCH, SEARCH_CELLS, SEARCH_CELLS);
        double[] b = r.boundary;
        if (b.length == 0) {
            return null;
        }
        double[] box = {Double.MAX_VALUE, -Double.MAX_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE};
        for (int i = 0; i < b.length; i += 2) {
            box[0] = Math.min(box[0], b[i]);
            box[1] = Math.max(box[1], b[i]);
            box[2] = Math.min(box[2], b[i + 1]);
            box[3] = Math.max(box[3], b[i + 1]);
        }
        double edge = 2 * SEARCH / SEARCH_CELLS;
        if (box[0] <= -SEARCH + edge || box[1] >= SEARCH - edge || box[2] <= -SEARCH + edge || box[3] >= SEARCH - edge) {
            return null;
        }
        return box;
    }

    /** The rectangle's least Re z. */
    public double reMin() {
        return reMin;
    }

    /** The rectangle's largest Re z. */
    public double reMax() {
        return reMax;
    }

    /** The rectangle's least Im z. */
    public double imMin() {
        return imMin;
    }

    /** The rectangle's largest Im z. */
    public double imMax() {
        return imMax;
    }

    /**
     * The filled pieces whose union is the region within the rectangle: convex polygons, each
     * {re₀, im₀, re₁, im₁, …} counter-clockwise (the arrays are the region's own: do not change them).
     */
    public List<double[]> pieces() {
        return pieces;
    }

    /**
     * The boundary inside the rectangle as segments, {re₀, im₀, re₁, im₁} per segment, one after
     * the other (a copy).
     */
    public double[] boundary() {
        return boundary.clone();
    }

    /**
     * Whether z = re + i·im is in a filled piece, or within {@code slack} of one (a point on the
     * boundary: an undamped mode of a symplectic method sits on its region's edge, the imaginary axis).
     */
    public boolean contains(double re, double im, double slack) {
        for (double[] p : pieces) {
            if (inConvex(p, re, im, slack)) {
                return true;
            }
        }
        return false;
    }

    /** Whether the point is inside the convex counter-clockwise polygon p or within slack of its edges. */
    private static boolean inConvex(double[] p, double x, double y, double slack) {
        int n = p.length / 2;
        boolean inside = true;
        for (int i = 0; i < n && inside; i++) {
            double ax = p[2 * i];
            double ay = p[2 * i + 1];
            double bx = p[2 * ((i + 1) % n)];
            double by = p[2 * ((i + 1) % n) + 1];
            inside = (bx - ax) * (y - ay) - (by - ay) * (x - ax) >= 0;
        }
        if (inside) {
            return true;
        }
        for (int i = 0; i < n; i++) {
            if (segmentDistance(p[2 * i], p[2 * i + 1], p[2 * ((i + 1) % n)], p[2 * ((i + 1) % n) + 1], x, y) <= slack) {
                return true;
            }
        }
        return false;
    }

    private static double segmentDistance(double ax, double ay, double bx, double by, double x, double y) {
        double dx = bx - ax;
        double dy = by - ay;
        double len2 = dx * dx + dy * dy;
        double t = len2 == 0 ? 0 : Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / len2));
        return Math.hypot(ax + t * dx - x, ay + t * dy - y);
    }

    /** One tracing: the lattice's inside flags, the edges' boundary points, the pieces. */
    private static final class Tracer {
        private final IntegratorKind kind;
        private final double delta;
        private final double reMin;
        private final double imMin;
        private final double dx;
        private final double dy;
        private final int nx;
        private final int ny;
        private final double reMax;
        private final double imMax;
        /** inside[i][j]: lattice point (reMin + i dx, imMin + j dy). */
        private final boolean[][] inside;
        /** Where the boundary cuts the edge from (i, j) to (i + 1, j), as a fraction of it; NaN when it does not. */
        private final double[][] alongRe;
        /** Where the boundary cuts the edge from (i, j) to (i, j + 1). */
        private final double[][] alongIm;
        private final List<double[]> pieces = new ArrayList<>();
        private final List<double[]> segments = new ArrayList<>();

        Tracer(IntegratorKind kind, double delta, double reMin, double reMax, double imMin, double imMax, int nx, int ny) {
            this.kind = kind;
            this.delta = delta;
            this.reMin = reMin;
            this.imMin = imMin;
            this.reMax = reMax;
            this.imMax = imMax;
            this.nx = nx;
            this.ny = ny;
            this.dx = (reMax - reMin) / nx;
            this.dy = (imMax - imMin) / ny;
            inside = new boolean[nx + 1][ny + 1];
            alongRe = new double[nx][ny + 1];
            alongIm = new double[nx + 1][ny];
        }

        private double re(int i) {
            return i == nx ? reMax : reMin + i * dx;
        }

        private double im(int j) {
            return j == ny ? imMax : imMin + j * dy;
        }

        private boolean in(double re, double im) {
            return Modes.amplificationAt(kind, delta, re, im) <= 1 + Modes.STABLE_TOLERANCE;
        }

        /** The fraction t of the way from a to b where the boundary is; a and b on either side. */
        private double cut(double aRe, double aIm, double bRe, double bIm) {
            boolean aIn = in(aRe, aIm);
            double lo = 0;
            double hi = 1;
            for (int k = 0; k < EDGE_BISECTIONS; k++) {
                double mid = 0.5 * (lo + hi);
                if (in(aRe + mid * (bRe - aRe), aIm + mid * (bIm - aIm)) == aIn) {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            return 0.5 * (lo + hi);
        }

        StabilityRegion trace() {
            for (int i = 0; i <= nx; i++) {
                for (int j = 0; j <= ny; j++) {
                    inside[i][j] = in(re(i), im(j));
                }
            }
            for (int i = 0; i < nx; i++) {
                for (int j = 0; j <= ny; j++) {
                    alongRe[i][j] = inside[i][j] == inside[i + 1][j] ? Double.NaN : cut(re(i), im(j), re(i + 1), im(j));
                }
            }
            for (int i = 0; i <= nx; i++) {
                for (int j = 0; j < ny; j++) {
                    alongIm[i][j] = inside[i][j] == inside[i][j + 1] ? Double.NaN : cut(re(i), im(j), re(i), im(j + 1));
                }
            }
            for (int j = 0; j < ny; j++) {
                int run = -1;       // the first cell of a run of whole cells in this row
                for (int i = 0; i <= nx; i++) {
                    boolean whole = i < nx && inside[i][j] && inside[i + 1][j] && inside[i + 1][j + 1] && inside[i][j + 1];
                    if (whole && run < 0) {
                        run = i;
                    } else if (!whole && run >= 0) {
                        pieces.add(new double[] {re(run), im(j), re(i), im(j), re(i), im(j + 1), re(run), im(j + 1)});
                        run = -1;
                    }
                    if (i < nx && !whole) {
                        cell(i, j);
                    }
                }
            }
            double[] flat = new double[4 * segments.size()];
            for (int s = 0; s < segments.size(); s++) {
                System.arraycopy(segments.get(s), 0, flat, 4 * s, 4);
            }
            return new StabilityRegion(reMin, reMax, imMin, imMax, List.copyOf(pieces), flat);
        }

        /** The part of cell (i, j) inside the region, and the boundary across it; the cell is not whole. */
        private void cell(int i, int j) {
            // corners counter-clockwise from the lower left, and the edge after each
            double[] cx = {re(i), re(i + 1), re(i + 1), re(i)};
            double[] cy = {im(j), im(j), im(j + 1), im(j + 1)};
            boolean[] in = {inside[i][j], inside[i + 1][j], inside[i + 1][j + 1], inside[i][j + 1]};
            double[][] cross = new double[4][];
            for (int e = 0; e < 4; e++) {
                if (in[e] != in[(e + 1) % 4]) {
                    double t = switch (e) {
                        case 0 -> alongRe[i][j];
                        case 1 -> alongIm[i + 1][j];
                        case 2 -> 1 - alongRe[i][j + 1];
                        default -> 1 - alongIm[i][j];
                    };
                    // the stored fraction runs from the lower or left end; edges 2 and 3 run the other way
                    cross[e] = new double[] {cx[e] + t * (cx[(e + 1) % 4] - cx[e]), cy[e] + t * (cy[(e + 1) % 4] - cy[e])};
                }
            }
            int count = (in[0] ? 1 : 0) + (in[1] ? 1 : 0) + (in[2] ? 1 : 0) + (in[3] ? 1 : 0);
            if (count == 0) {
                return;
            }
            boolean saddle = count == 2 && in[0] == in[2];
            if (saddle && !in(0.5 * (cx[0] + cx[2]), 0.5 * (cy[0] + cy[2]))) {
                // two separate corners of the region: a triangle at each
                for (int c = 0; c < 4; c++) {
                    if (in[c]) {
                        double[] before = cross[(c + 3) % 4];
                        double[] after = cross[c];
                        pieces.add(new double[] {cx[c], cy[c], after[0], after[1], before[0], before[1]});
                        segments.add(new double[] {after[0], after[1], before[0], before[1]});
                    }
                }
                return;
            }
            List<Double> polygon = new ArrayList<>(12);
            double[] open = null;       // the crossing where the walk left the region
            for (int e = 0; e < 4; e++) {
                if (in[e]) {
                    polygon.add(cx[e]);
                    polygon.add(cy[e]);
                }
                if (cross[e] != null) {
                    polygon.add(cross[e][0]);
                    polygon.add(cross[e][1]);
                    if (in[e]) {
                        open = cross[e];
                    } else if (open != null) {
                        segments.add(new double[] {open[0], open[1], cross[e][0], cross[e][1]});
                        open = null;
                    }
                }
            }
            if (open != null) {
                // the walk left the region last and came back into it at the first crossing
                for (int e = 0; e < 4; e++) {
                    if (cross[e] != null && !in[e]) {
                        segments.add(new double[] {open[0], open[1], cross[e][0], cross[e][1]});
                        break;
                    }
                }
            }
            double[] p = new double[polygon.size()];
            for (int k = 0; k < p.length; k++) {
                p[k] = polygon.get(k);
            }
            pieces.add(p);
        }
    }
}
