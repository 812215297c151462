package dev.hooke;

/**
 * The size of the tests that can run short or exhaustive. {@code mvn verify} runs each of them at
 * its short size, which checks the same property on fewer cases; {@code mvn verify -Pexhaustive}
 * (as CI runs it) sets {@value #PROPERTY}{@code =true} for every test JVM and runs them at full
 * size. This is the one place the switch is read.
 */
public final class TestScale {

    /** The system property that asks for the full sizes. */
    public static final String PROPERTY = "hooke.test.exhaustive";

    private TestScale() {
    }

    /** Whether the tests run at their full size ({@code -D}{@value #PROPERTY}{@code =true}). */
    public static boolean exhaustive() {
        return Boolean.getBoolean(PROPERTY);
    }

    /** {@code exhaustive} under {@code -Pexhaustive}, else {@code quick}. */
    public static int of(int quick, int exhaustive) {
        return exhaustive() ? exhaustive : quick;
    }
}
