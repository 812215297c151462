package dev.hooke.core.stability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.integrate.IntegratorKind;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/**
 * The traced stability regions against their closed forms (Hairer &amp; Wanner 1996, §IV.2): explicit
 * Euler's boundary is the circle |z + 1| = 1, RK4's crosses the imaginary axis where
 * |R(iy)|² = 1 − y⁶/72 + y⁸/576 = 1, at y = 2√2, semi-implicit Euler's (derived from its step
 * matrix on q'' = −ω²q − 2ζωq', whose determinant is 1 + 2 Re z and trace 2 + 2 Re z − |z|²; the
 * Jury conditions) is the segment Re z = 0, |Im z| ≤ 2 closed by the arc |z − 2| = 2√2, backward
 * Euler's the circle |z − 1| = 1; and whatever the method, the pieces hold the points where |R| is
 * clearly below 1 and none where it is clearly above.
 */
class StabilityRegionTest {

    /**
     * A boundary vertex against the closed-form curve, in z: the region's edge is where |R| reaches
     * 1 + {@link Modes#STABLE_TOLERANCE} (the rule a mode's colour follows), and the bisection stops
     * at 2⁻⁴⁰ of a cell edge.
     */
    private static final double ON_CURVE = 10 * Modes.STABLE_TOLERANCE;
    /**
     * The drawn boundary's crossing of the imaginary axis against 2√2, relative: interpolated on the
     * chord between two vertices on the curve, which sags from it by the order of a cell squared.
     */
    private static final double CROSSING = 1e-3;
    /** The box of the boundary against the closed form: the search lattice's cell. */
    private static final double BOX = 2 * StabilityRegion.SEARCH / StabilityRegion.SEARCH_CELLS;
    /** |R| this far from 1 is clearly inside or outside (the pieces' chords sag by far less between vertices). */
    private static final double CLEAR = 0.02;

    @Test
    void explicitEulersBoundaryIsTheUnitCircleAboutMinusOne() {
        StabilityRegion r = StabilityRegion.of(IntegratorKind.EXPLICIT_EULER, 0, -3, 1, -1.5, 1.5, 90, 70);
        double[] b = r.boundary();
        assertTrue(b.length >= 4 * 100, "a traced circle, " + b.length / 4 + " segments");
        for (int k = 0; k < b.length; k += 2) {
            assertEquals(1, Math.hypot(b[k] + 1, b[k + 1]), ON_CURVE, "vertex " + b[k] + " + " + b[k + 1] + "i");
        }
    }

    @Test
    void rk4CrossesTheImaginaryAxisAtTwoRootTwo() {
        StabilityRegion r = StabilityRegion.of(IntegratorKind.RK4, 0, -3.2, 1, -3.2, 3.2, 80, 100);
        double top = crossingOfImaginaryAxis(r.boundary(), 1);
        assertEquals(2 * Math.sqrt(2), top, CROSSING * 2 * Math.sqrt(2), "the upper crossing");
        double bottom = crossingOfImaginaryAxis(r.boundary(), -1);
        assertEquals(-2 * Math.sqrt(2), bottom, CROSSING * 2 * Math.sqrt(2), "the lower crossing");
    }

    @Test
    void semiImplicitEulersBoundaryIsTheSegmentAndTheArc() {
        StabilityRegion r = StabilityRegion.of(IntegratorKind.SYMPLECTIC_EULER, 0, -1.3, 0.7, -2.5, 2.5, 60, 90);
        double[] b = r.boundary();
        double highest = 0;
        for (int k = 0; k < b.length; k += 2) {
            double re = b[k];
            double im = b[k + 1];
            boolean segment = Math.abs(re) <= ON_CURVE && Math.abs(im) <= 2 + ON_CURVE;
            boolean arc = Math.abs(Math.hypot(re - 2, im) - 2 * Math.sqrt(2)) <= ON_CURVE && re <= ON_CURVE;
            assertTrue(segment || arc, "vertex " + re + " + " + im + "i on neither the segment nor the arc");
            highest = Math.max(highest, im);
        }
        assertEquals(2, highest, BOX, "the segment reaches Im z = 2");
        // the undamped modes sit on the segment: on the region's edge, inside within the bisection's reach
        assertTrue(r.contains(0, 1.95, ON_CURVE), "z = 1.95 i");
        assertFalse(r.contains(0, 2.05, ON_CURVE), "z = 2.05 i");
    }

    static Stream<IntegratorKind> methods() {
        return Stream.of(IntegratorKind.EXPLICIT_EULER, IntegratorKind.SYMPLECTIC_EULER, IntegratorKind.VERLET,
                IntegratorKind.VELOCITY_VERLET, IntegratorKind.RK4, IntegratorKind.IMPLICIT_EULER,
                IntegratorKind.IMPLICIT_MIDPOINT);
    }

    @ParameterizedTest
    @MethodSource("methods")
    void thePiecesHoldWhereRIsBelowOneAndNotWhereItIsAbove(IntegratorKind kind) {
        double delta = kind == IntegratorKind.VERLET ? 0.01 : 0;
        StabilityRegion r = StabilityRegion.of(kind, delta, -3.5, 1.5, -3.2, 3.2, 100, 128);
        Random random = new Random(15);
        int inside = 0;
        int outside = 0;
        for (int n = 0; n < 4000; n++) {
            double re = -3.5 + 5 * random.nextDouble();
            double im = -3.2 + 6.4 * random.nextDouble();
            double a = Modes.amplificationAt(kind, delta, re, im);
            if (a < 1 - CLEAR) {
                inside++;
                assertTrue(r.contains(re, im, 0), kind.id() + ": |R| = " + a + " at " + re + " + " + im + "i, not shaded");
            } else if (a > 1 + CLEAR) {
                outside++;
                assertFalse(r.contains(re, im, 0), kind.id() + ": |R| = " + a + " at " + re + " + " + im + "i, shaded");
            }
        }
        assertTrue(inside > 100 && outside > 100, kind.id() + ": " + inside + " inside, " + outside + " outside");
    }

    @Test
    void theBoundarysBoxIsTheClosedFormsOrNoneWhenUnbounded() {
        double[] euler = StabilityRegion.boundaryBox(IntegratorKind.EXPLICIT_EULER, 0);
        assertBox(new double[] {-2, 0, -1, 1}, euler, "explicit Euler");
        double[] semi = StabilityRegion.boundaryBox(IntegratorKind.SYMPLECTIC_EULER, 0);
        assertBox(new double[] {2 - 2 * Math.sqrt(2), 0, -2, 2}, semi, "semi-implicit Euler");
        double[] backward = StabilityRegion.boundaryBox(IntegratorKind.IMPLICIT_EULER, 0);
        assertBox(new double[] {0, 2, -1, 1}, backward, "backward Euler");
        assertNull(StabilityRegion.boundaryBox(IntegratorKind.IMPLICIT_MIDPOINT, 0), "the midpoint rule's axis");
    }

    private static void assertBox(double[] expected, double[] actual, String what) {
        assertNotNull(actual, what);
        for (int k = 0; k < 4; k++) {
            assertEquals(expected[k], actual[k], BOX, what + ", side " + k);
        }
    }

    /** Where the boundary's segments cross Re z = 0 farthest from 0 on the side of {@code sign}, interpolated. */
    static double crossingOfImaginaryAxis(double[] segments, double sign) {
        double best = 0;
        for (int k = 0; k < segments.length; k += 4) {
            double ax = segments[k];
            double ay = segments[k + 1];
            double bx = segments[k + 2];
            double by = segments[k + 3];
            if ((ax <= 0) != (bx <= 0)) {
                double y = ay + (by - ay) * (0 - ax) / (bx - ax);
                if (y * sign > best * sign) {
                    best = y;
                }
            }
        }
        return best;
    }
}
