package dev.hooke.core.integrate;

import dev.hooke.core.integrate.LimitFormula;
import dev.hooke.core.force.ForceEvaluator;
import dev.hooke.core.model.MassSpringSystem;
import java.util.Set;

/**
 * A method that is not built in, for the registry's tests: the other order of symplectic Euler,
 * x then v (x⁺ = x + h v, v⁺ = v + h M⁻¹ F(x⁺, v)); on an undamped oscillator it is stable for
 * hω &lt; 2 (Hairer et al., Geometric Numerical Integration, §I.1). It reaches Hooke only through
 * {@link Integrators#register}.
 */
public final class ToyIntegrator implements Integrator {

    /** Its names. */
    public static final IntegratorKind KIND = new IntegratorKind("toy-euler", "Toy Euler (x then v)", false, false);

    /**
     * Its registry entry: no settings; as stability rule the undamped bound hω ≤ 2 for every mode
     * (the tests run it on undamped springs only).
     */
    public static final IntegratorEntry ENTRY = new IntegratorEntry(KIND, Set.of(), s -> new ToyIntegrator(),
            StabilityRule.of((omega, zeta, verletDelta) -> 2 / omega, (zeta, verletDelta) -> LimitFormula.TWO_OVER_OMEGA));

    private final ForceEvaluator forces = new ForceEvaluator();

    @Override
    public IntegratorKind kind() {
        return KIND;
    }

    @Override
    public void step(MassSpringSystem s, double h) {
        double[] x = s.x;
        double[] v = s.v;
        double[] f = s.f;
        double[] invMass = s.inverseMassArray();
        for (int i = 0; i < s.particleCount(); i++) {
            if (invMass[i] == 0) {
                continue;
            }
            for (int q = 3 * i; q < 3 * i + 3; q++) {
                x[q] += h * v[q];
            }
        }
        forces.compute(s, x, v, f);
        for (int i = 0; i < s.particleCount(); i++) {
            double w = invMass[i];
            for (int q = 3 * i; q < 3 * i + 3; q++) {
                v[q] += h * w * f[q];
            }
        }
        s.touch();
    }
}
