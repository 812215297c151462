package dev.hooke.core.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.integrate.Integrator;
import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.integrate.Integrators;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.model.SpringKind;
import dev.hooke.core.stability.StabilityLimit;
import dev.hooke.core.integrate.LimitFormula;
import org.junit.jupiter.api.Test;

/** An explosion's reason is a value; its English sentence reads as the command line has always printed it. */
class ExplosionReportTest {

    private static ExplosionReport report(ExplosionReport.Reason reason) {
        StabilityLimit limit = new StabilityLimit(IntegratorKind.SYMPLECTIC_EULER, 0.02, 100, 0,
                LimitFormula.TWO_OVER_OMEGA);
        return new ExplosionReport(1.27, 127, 0.021, IntegratorKind.SYMPLECTIC_EULER, limit, reason, 3);
    }

    @Test
    void eachCauseReadsInEnglish() {
        String head = "Exploded at t = 1.270 s (step 127): Δt = 0.02100 s is above the limit 0.02000 s"
                + " for Semi-implicit Euler. ";
        assertEquals(head + "a position or velocity became infinite or NaN.",
                report(ExplosionReport.Reason.nonFinite()).message());
        assertEquals(head + "The energy of motion grew to 1.23e+03 J, 12346 times its scale 0.100 J.",
                report(ExplosionReport.Reason.energyGrew(1234.56, 0.1)).message());
        assertEquals(head + "the step failed: singular matrix.",
                report(ExplosionReport.Reason.stepFailed("singular matrix")).message());
    }

    /** Explicit Euler on an undamped spring multiplies the energy by 1 + Δt²ω² = 51 every step. */
    @Test
    void anEnergyExplosionCarriesItsNumbers() {
        MassSpringSystem.Builder b = MassSpringSystem.builder();
        b.particle(0, 0, 0, 1);
        b.particle(1, 0, 0, 1);
        b.spring(0, 1, 100, 0, SpringKind.STRUCTURAL);
        MassSpringSystem s = b.build();
        s.x[3] = 1.1;
        Simulation sim = new Simulation(s, Integrators.create(IntegratorKind.EXPLICIT_EULER), 0.5);
        sim.step(10_000);
        assertTrue(sim.exploded());
        ExplosionReport.Reason reason = sim.explosion().reason();
        // the spring's total energy passes 100 scales before its energy of motion passes 10⁴
        assertEquals(ExplosionReport.Cause.ENERGY_CREATED, reason.cause(), reason.toString());
        assertTrue(reason.energy() > Simulation.ENERGY_GAIN_FACTOR * reason.scale(), reason.toString());
        assertEquals(reason.energy() / reason.scale(), reason.factor());
        assertTrue(sim.explosion().message().endsWith(reason.text() + "."));
    }

    /**
     * A method that makes a whole body fly off faster and faster (each step multiplies every
     * velocity by 1.5, as an unstable rigid mode would): the energy of motion relative to the
     * centre of mass stays 0, the total energy does not, and the run is marked exploded.
     */
    @Test
    void energyCreatedInTheFlightOfTheWholeBodyIsAnExplosion() {
        MassSpringSystem.Builder b = MassSpringSystem.builder();
        b.particle(0, 0, 0, 1);
        b.particle(1, 0, 0, 1);
        b.spring(0, 1, 100, 0, SpringKind.STRUCTURAL);
        MassSpringSystem s = b.build();
        for (int i = 0; i < 2; i++) {
            s.setParticleState(i, s.x[3 * i], 0, 0, 1, 0, 0);
        }
        Integrator runaway = new Integrator() {
            @Override
            public IntegratorKind kind() {
                return IntegratorKind.SYMPLECTIC_EULER;
            }

            @Override
            public void step(MassSpringSystem sys, double h) {
                for (int q = 0; q < sys.v.length; q++) {
                    sys.v[q] *= 1.5;
                    sys.x[q] += h * sys.v[q];
                }
            }
        };
        Simulation sim = new Simulation(s, runaway, 0.01);
        double k0 = sim.observables().kinetic;
        assertEquals(1.0, k0, 1e-15);
        sim.step(1000);
        assertTrue(sim.exploded(), "not marked exploded");
        ExplosionReport.Reason reason = sim.explosion().reason();
        assertEquals(ExplosionReport.Cause.ENERGY_CREATED, reason.cause(), reason.toString());
        assertEquals(sim.energyScale() + k0, reason.scale(), 1e-12);
        // the first step n whose kinetic energy 1.5^(2n)·K₀ rises more than 100 scales above K₀
        long expected = 1;
        while (k0 * Math.pow(1.5, 2 * expected) - k0 <= Simulation.ENERGY_GAIN_FACTOR * reason.scale()) {
            expected++;
        }
        assertEquals(expected, sim.explosion().step());
    }
}
