package dev.hooke.core.stability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.integrate.LimitFormula;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The rules keep the English texts reports, CSV and JSON outputs have always printed. */
class LimitFormulaTest {

    @Test
    void eachMethodsRuleReadsAsBefore() {
        String[][] expected = {
            // kind, undamped, damped, undamped with Verlet's δ
            {"explicit-euler", "energy ×(1+Δt²ω²) per step", "2ζ/ω_max", "energy ×(1+Δt²ω²) per step"},
            {"symplectic-euler", "2/ω_max", "2(√(1+ζ²)−ζ)/ω_max", "2/ω_max"},
            {"verlet", "2/ω_max", "ρ(G(Δt)) = 1 with damping", "2√(1−δ/2)/ω_max"},
            {"velocity-verlet", "2/ω_max", "ρ(G(Δt)) = 1 with damping", "2/ω_max"},
            {"rk4", "2√2/ω_max", "|R(Δt·s)| = 1", "2√2/ω_max"},
        };
        for (String[] row : expected) {
            IntegratorKind k = IntegratorKind.fromId(row[0]);
            assertEquals(row[1], StabilityAnalysis.rule(k, 0, 0).text(), row[0]);
            assertEquals(row[2], StabilityAnalysis.rule(k, 0.1, 0).text(), row[0]);
            assertEquals(row[3], StabilityAnalysis.rule(k, 0, 0.01).text(), row[0]);
        }
    }

    @Test
    void describeGivesTheRulesText() {
        assertEquals("0.02000 s (2/ω_max)",
                new StabilityLimit(IntegratorKind.SYMPLECTIC_EULER, 0.02, 100, 0, LimitFormula.TWO_OVER_OMEGA).describe());
        assertEquals("unstable at every Δt (energy ×(1+Δt²ω²) per step)",
                new StabilityLimit(IntegratorKind.EXPLICIT_EULER, 0, 100, 0, LimitFormula.ENERGY_GROWTH).describe());
        assertEquals("implicit: none", LimitFormula.IMPLICIT_NONE.toString());
    }

    @Test
    void textsAndIdsAreDistinct() {
        Set<String> texts = new HashSet<>();
        Set<String> ids = new HashSet<>();
        for (LimitFormula r : LimitFormula.values()) {
            assertTrue(texts.add(r.text()), r.name());
            assertTrue(ids.add(r.id()), r.name());
        }
        assertEquals("energyGrowth", LimitFormula.ENERGY_GROWTH.id());
        assertFalse(LimitFormula.DAMPED_SPECTRAL.isFormula());
    }
}
