package dev.hooke.fx.controls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class NumbersTest {

    @Test
    void formatsPlainDecimalsWithoutTrailingZeros() {
        assertEquals("0.01", Numbers.format(0.01));
        assertEquals("250", Numbers.format(250));
        assertEquals("9.81", Numbers.format(9.81));
        assertEquals("0.0005", Numbers.format(0.0005));
        assertEquals("0.1235", Numbers.format(0.123456));
        assertEquals("0", Numbers.format(0));
        assertEquals("-2.5", Numbers.format(-2.5));
    }

    @Test
    void formatsVerySmallAndVeryLargeNumbersInScientificNotation() {
        assertEquals("1.5e-05", Numbers.format(1.5e-5));
        assertEquals("1e-05", Numbers.format(1e-5));
        assertEquals("2e+06", Numbers.format(2e6));
    }

    @Test
    void roundsToSignificantDigits() {
        assertEquals(123.0, Numbers.round(123.456, 3));
        assertEquals(0.00123, Numbers.round(0.0012345, 3));
    }

    @Test
    void parsesWhatPeopleType() {
        assertEquals(0.5, Numbers.parse(" 0,5 "));
        assertEquals(-3, Numbers.parse("−3"));
        assertEquals(1e-3, Numbers.parse("1e-3"));
        assertThrows(NumberFormatException.class, () -> Numbers.parse(""));
        assertThrows(NumberFormatException.class, () -> Numbers.parse("abc"));
        assertThrows(NumberFormatException.class, () -> Numbers.parse("Infinity"));
    }
}
