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
}
