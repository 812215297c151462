package dev.hooke.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.integrate.Integrators;
import dev.hooke.core.integrate.ToyIntegrator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A method added to the table is a choice of the command line without any change to it. */
class RegisteredIntegratorCommandTest {

    @AfterEach
    void removeTheToy() {
        Integrators.unregister(ToyIntegrator.KIND);
    }

    @Test
    void runAcceptsARegisteredIntegrator() {
        Integrators.register(ToyIntegrator.ENTRY);
        Hooke.Result r = Hooke.run("run", "--scene", "spring", "--integrator", "toy-euler", "--steps", "20",
                "--csv", "-");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("step,t,"), r.out());
        assertTrue(r.out().lines().count() > 2, r.out());
    }

    @Test
    void withoutRegistrationItIsUnknown() {
        Hooke.Result r = Hooke.run("run", "--scene", "spring", "--integrator", "toy-euler", "--steps", "20",
                "--csv", "-");
        assertEquals(2, r.code(), r.out());
        assertTrue(r.err().contains("unknown integrator 'toy-euler'"), r.err());
    }
}
