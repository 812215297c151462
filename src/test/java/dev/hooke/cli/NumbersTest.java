package dev.hooke.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class NumbersTest {

    @Test
    void sixSignificantDigitsWithoutTrailingZeros() {
        assertEquals("10", Numbers.num(10.0));
        assertEquals("0", Numbers.num(0.0));
        assertEquals("0.2", Numbers.num(0.2));
        assertEquals("142.487", Numbers.num(142.48713173656037));
        assertEquals("-2781.1", Numbers.num(-2781.1007118975776));
        assertEquals("1.23457e-05", Numbers.num(1.2345678e-5));
        assertEquals("4.2e+08", Numbers.num(4.2e8));
        assertEquals("NaN", Numbers.num(Double.NaN));
    }

    @Test
    void plainNumbersHaveNoExponent() {
        assertEquals("0.001", Numbers.plain(1e-3));
        assertEquals("16", Numbers.plain(16.0));
        assertEquals("0.00005", Numbers.plain(5e-5));
    }
}
