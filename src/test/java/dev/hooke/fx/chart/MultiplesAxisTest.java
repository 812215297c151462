package dev.hooke.fx.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The phase portrait's axis puts its ticks on the multiples of the unit, whatever its bounds. */
class MultiplesAxisTest {

    private static List<Double> values(List<Number> ticks) {
        return ticks.stream().map(Number::doubleValue).toList();
    }

    @Test
    void ticksAreTheMultiplesInsideTheBounds() {
        assertEquals(List.of(-1.0, -0.5, 0.0, 0.5, 1.0), values(MultiplesAxis.multiples(-1.1, 1.1, 0.5)));
        assertEquals(List.of(-2.0, -1.0, 0.0, 1.0, 2.0), values(MultiplesAxis.multiples(-2.0, 2.0, 1.0)));
        assertEquals(List.of(0.2, 0.4), values(MultiplesAxis.multiples(0.13, 0.47, 0.2)));
    }

    @Test
    void aUnitThatCannotTickGivesNone() {
        assertTrue(MultiplesAxis.multiples(-1, 1, 0).isEmpty());
        assertTrue(MultiplesAxis.multiples(-1, 1, Double.NaN).isEmpty());
        assertTrue(MultiplesAxis.multiples(-1, 1, 1e-6).isEmpty(), "more than MAX_TICKS");
    }

    /**
     * A time axis of 10 s keeps whole seconds where there is room for them, and takes 2 or 5 s
     * where a short axis or large type leaves less than the spacing between ticks.
     */
    @Test
    void aShortAxisTakesTheNextRoundUnitThatLeavesRoom() {
        // 600 px, 12 px type, 3 em apart: room for 16 ticks, 10 are needed
        assertEquals(1.0, MultiplesAxis.unitFor(600, 12, 3, 0, 10, 1));
        // 300 px, 20 px type: room for 5 ticks, so every 2 s
        assertEquals(2.0, MultiplesAxis.unitFor(300, 20, 3, 0, 10, 1));
        // 150 px: room for 2, so every 5 s
        assertEquals(5.0, MultiplesAxis.unitFor(150, 20, 3, 3.5, 13.5, 1));
        // no spacing asked for: the unit as set, whatever the length
        assertEquals(1.0, MultiplesAxis.unitFor(50, 20, 0, 0, 10, 1));
        assertEquals(values(MultiplesAxis.multiples(3.5, 13.5, 2)), List.of(4.0, 6.0, 8.0, 10.0, 12.0));
    }
}
