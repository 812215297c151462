package dev.hooke.core.integrate;

import dev.hooke.core.model.MassSpringSystem;

/**
 * The implicit midpoint rule (Gauss–Legendre, one stage; Hairer, Lubich &amp; Wanner, "Geometric
 * Numerical Integration", 2006, §II.1):
 * <pre>
 *   x₁ = x₀ + h v_m,   v₁ = v₀ + h M⁻¹ F(x_m, v_m),   x_m = (x₀ + x₁)/2,   v_m = (v₀ + v₁)/2
 * </pre>
 * Eliminating x₁ and v₁ leaves one equation for the midpoint velocity,
 * <pre>
 *   M (v_m − v₀) = (h/2) F(x₀ + (h/2) v_m, v_m),
 * </pre>
 * which is a backward-Euler step of length h/2: it is solved exactly as {@link BackwardEuler}
 * solves its step (the Baraff–Witkin linear system with τ = h/2, then optional Newton
 * iterations; see {@code ImplicitNewton}), after which
 * <pre>
 *   x₁ = x₀ + h v_m = 2 x_m − x₀,     v₁ = 2 v_m − v₀.
 * </pre>
 * For a linear spring the step is a Cayley transform of the harmonic oscillator: the energy
 * ½ m v² + ½ k (l − L)² is kept exactly, at every Δt (the method keeps every quadratic invariant:
 * Hairer, Lubich &amp; Wanner, "Geometric Numerical Integration", 2006, §IV.2), in contrast to
 * backward Euler's factor 1/(1 + h²ω²). For nonlinear springs it is symplectic, so the energy
 * error stays bounded instead of drifting, provided the equations are solved (more Newton
 * iterations make the step closer to the true midpoint rule). Like backward Euler it never
 * throws; the solve is reported in {@link #solverStats()}.
 *
 * <p>Order: the rule is second order (Hairer, Lubich &amp; Wanner, §II.1), and so is the step as
 * solved here with the default options (one linear solve, the compression clamp on) on a
 * nonlinear 3-D mesh whose springs compress: the right-hand side of the solve keeps the true
 * ∂F/∂x wherever the step resolves it, and the clamp changes only the matrix, which moves the
 * midpoint velocity by O(h³) (see {@code SystemMatrix#assembleStep}). Measured on a free 3×3×3
 * cube whose springs swing between 0.86 L and 1.15 L, error slopes 2.00 over
 * Δt = 0.5 … 0.0625 ms; with the clamp in the right-hand side too they fell to 1.3
 * (MidpointOrderTest in the test sources).
 *
 * <p>Stiff meshes: the method is A-stable but not L-stable, its amplification tends to modulus 1
 * for hω → ∞, so unresolved stiff modes are not damped, and neither is the error of linearising
 * them. Measured on a 32×32 cloth with k_s = 10⁵ N/m at Δt = 1/60 s, released flat: with one
 * Newton iteration the energy grows until the explosion detector stops the run after about
 * 4.5 s; with four iterations it runs 10 s but its energy of motion still climbs to thousands of
 * joules, where backward Euler (L-stable) comes to rest. A lesson in why cloth solvers damp.
 *
 * <p>Contact: on a step whose set of pinned particles changed (a contact caught particles or let
 * them go: {@code dev.hooke.core.sim.Contact} holds them as pinned for the step) the step is a
 * backward-Euler step of length h instead, which damps the stiff transient the sudden stop
 * excites; a midpoint step there lets it ring undamped, and a cloth dropped flat onto a sphere at
 * Δt = 1/60 s ended with seven times the drop's energy on E + W_d. Implicit Euler steps after a
 * discontinuity are Rannacher's remedy for the same lack of L-stability in the Crank–Nicolson
 * scheme (Rannacher, "Finite element solution of diffusion problems with irregular data",
 * Numer. Math. 43, 1984). The order is kept wherever the pinned set does not change.
 */
public final class ImplicitMidpoint extends ImplicitIntegrator {

    /** Implicit midpoint with {@link ImplicitOptions#defaults()}. */
    public ImplicitMidpoint() {
        this(ImplicitOptions.defaults());
    }

    /** Implicit midpoint with the given options. */
    public ImplicitMidpoint(ImplicitOptions options) {
        super(options, true);
    }

    @Override
    public IntegratorKind kind() {
        return IntegratorKind.IMPLICIT_MIDPOINT;
    }

    @Override
    public void step(MassSpringSystem s, double h) {
        if (newton.pinsDiffer(s)) {
            // a contact caught or let go of particles: a backward-Euler step damps what it excites
            newton.solve(s, h);
            recordDissipation(s, h);
            finish(s, h, false);
            return;
        }
        newton.solve(s, 0.5 * h);
        recordDissipation(s, h);
        finish(s, h, true);
    }

    /** Sets x₁ = x₀ + h v and v₁ = 2 v − v₀ (the midpoint rule) or v (a backward-Euler step). */
    private void finish(MassSpringSystem s, double h, boolean midpoint) {
        final double[] x = s.x;
        final double[] v = s.v;
        final double[] x0 = newton.x0;
        final double[] v0 = newton.v0;
        final double[] vm = newton.vk;
        for (int i = 0; i < s.particleCount(); i++) {
            if (s.isPinned(i)) {
                continue;
            }
            for (int q = 3 * i; q < 3 * i + 3; q++) {
                x[q] = x0[q] + h * vm[q];
                v[q] = midpoint ? 2 * vm[q] - v0[q] : vm[q];
            }
        }
        s.touch();
    }
}
