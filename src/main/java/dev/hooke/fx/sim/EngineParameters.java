package dev.hooke.fx.sim;

/**
 * The parameters as the engine holds them, read back from the system after every change (so
 * that what the panels show can be checked against what the engine does).
 *
 * @param stiffness     k_s of the first structural spring; in N/m
 * @param springDamping k_d of the first spring; in N·s/m
 * @param mass          m of the first free particle; in kg
 * @param gravity       |g|, the magnitude of the gravity vector; in m/s²
 * @param airDamping    c, global viscous damping; in N·s/m
 */
public record EngineParameters(double stiffness, double springDamping, double mass, double gravity,
                               double airDamping) {
}
