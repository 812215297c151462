package dev.hooke.fx;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ErrorReporterTest {

    @Test
    void theMessageCarriesTheCauseButNoTrace() {
        IllegalStateException error = new IllegalStateException("mass must be > 0");
        String text = ErrorReporter.plainMessage(error);
        assertTrue(text.contains("mass must be > 0"), text);
        assertTrue(text.contains("paused"), text);
        assertFalse(text.contains("\n"), text);
        assertFalse(text.contains("at dev.hooke"), text);
        assertFalse(text.contains("IllegalStateException"), text);
    }

    @Test
    void anErrorWithoutAMessageIsNamedPlainly() {
        String text = ErrorReporter.plainMessage(new NullPointerException());
        assertTrue(text.contains("an internal error"), text);
        assertFalse(text.contains("null"), text);
    }
}
