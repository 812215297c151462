package dev.hooke.core.stability;

/**
 * The fastest mode of a linearised system.
 *
 * @param omegaMax  ω_max = √λ_max(M⁻¹K); in rad/s (0 when no mode oscillates)
 * @param zeta      the damping ratio of that mode, wᵀ M^−½ C M^−½ w / (2 ω_max); dimensionless
 * @param method    how λ_max was found: "dense" (EJML's symmetric eigen solver) or "lanczos"
 * @param iterations Lanczos iterations (0 for dense)
 * @param dofs      the number of free degrees of freedom
 */
public record ModalEstimate(double omegaMax, double zeta, String method, int iterations, int dofs) {
}
