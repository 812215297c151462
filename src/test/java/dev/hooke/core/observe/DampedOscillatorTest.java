package dev.hooke.core.observe;

import static dev.hooke.Tolerances.FD_STEP;
import static dev.hooke.Tolerances.OSCILLATOR_INITIAL_VELOCITY;
import static dev.hooke.Tolerances.OSCILLATOR_NEAR_CRITICAL;
import static dev.hooke.Tolerances.OSCILLATOR_ODE_RESIDUAL;
import static dev.hooke.Tolerances.OSCILLATOR_UNDAMPED;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class DampedOscillatorTest {

    private static final double OMEGA = 10;
    private static final double U0 = 0.1;
    private static final double V0 = -0.7;

    @ParameterizedTest
    @ValueSource(doubles = {0, 0.1, 0.5, 1, 1.5, 3})
    void satisfiesTheOdeAndTheInitialConditions(double zeta) {
        DampedOscillator o = new DampedOscillator(OMEGA, zeta, U0, V0);
        double h = FD_STEP;
        assertEquals(U0, o.position(0), 1e-15 * Math.abs(U0));
        double v0 = (o.position(h) - o.position(-h)) / (2 * h);
        assertEquals(V0, v0, OSCILLATOR_INITIAL_VELOCITY * (OMEGA * Math.abs(U0) + Math.abs(V0)));
        double scale = OMEGA * OMEGA * Math.max(Math.abs(U0), Math.abs(V0) / OMEGA);
        for (double t = 0.05; t < 2; t += 0.137) {
            double um = o.position(t - h);
            double u = o.position(t);
            double up = o.position(t + h);
            double acc = (up - 2 * u + um) / (h * h);
            double vel = (up - um) / (2 * h);
            double residual = acc + 2 * zeta * OMEGA * vel + OMEGA * OMEGA * u;
            assertEquals(0, residual, OSCILLATOR_ODE_RESIDUAL * scale, "ζ = " + zeta + ", t = " + t);
        }
    }

    @ParameterizedTest
    @ValueSource(doubles = {0, 0.1, 0.5, 1, 1.5, 3})
    void velocityIsTheDerivativeOfThePosition(double zeta) {
        DampedOscillator o = new DampedOscillator(OMEGA, zeta, U0, V0);
        double h = FD_STEP;
        double scale = OMEGA * Math.abs(U0) + Math.abs(V0);
        assertEquals(V0, o.velocity(0), 1e-15 * scale);
        for (double t = 0.05; t < 2; t += 0.137) {
            double fd = (o.position(t + h) - o.position(t - h)) / (2 * h);
            assertEquals(fd, o.velocity(t), OSCILLATOR_INITIAL_VELOCITY * scale, "ζ = " + zeta + ", t = " + t);
        }
    }

    @Test
    void undampedIsTheCosineAndSine() {
        DampedOscillator o = new DampedOscillator(OMEGA, 0, U0, V0);
        double amplitude = Math.hypot(U0, V0 / OMEGA);
        for (double t = 0; t < 5; t += 0.31) {
            assertEquals(U0 * Math.cos(OMEGA * t) + V0 / OMEGA * Math.sin(OMEGA * t), o.position(t),
                    OSCILLATOR_UNDAMPED * amplitude);
        }
    }

    @Test
    void nearCriticalMatchesCritical() {
        DampedOscillator critical = new DampedOscillator(OMEGA, 1, U0, V0);
        DampedOscillator above = new DampedOscillator(OMEGA, 1 + 1e-9, U0, V0);
        DampedOscillator below = new DampedOscillator(OMEGA, 1 - 1e-9, U0, V0);
        for (double t = 0; t < 1; t += 0.05) {
            assertEquals(critical.position(t), above.position(t), OSCILLATOR_NEAR_CRITICAL * Math.abs(U0));
            assertEquals(critical.position(t), below.position(t), OSCILLATOR_NEAR_CRITICAL * Math.abs(U0));
        }
    }

    @Test
    void rejectsNonPhysicalParameters() {
        assertThrows(IllegalArgumentException.class, () -> new DampedOscillator(0, 0.1, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> new DampedOscillator(1, -0.1, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> new DampedOscillator(Double.NaN, 0.1, 1, 0));
    }
}
