package dev.hooke.core;

import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.scene.Perturbation;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.scene.Scenes;

/**
 * The {@code spring} scene without gravity, read as a one-dimensional oscillator.
 *
 * <p>The anchor (particle 0) is pinned at the origin and the bob (particle 1) starts at
 * (0, −L − x0, 0) with velocity (0, −v0, 0). Measure the displacement from rest along −y,
 * x = −y_bob − L, and v = −v_y. Then the spring's length is l = L + x, its direction from anchor
 * to bob is n = (0, −1, 0), and the force on the bob is −k(l − L) n = (0, kx, 0), that is −kx
 * along −y; the axial damping adds −k_d v along −y. So, exactly and not only to first order,
 * <pre>
 *   x'' = −(k/m) x − (k_d/m) x' = −ω² x − 2ζω x',   ω = √(k/m),  ζ = k_d / (2√(km))
 * </pre>
 * as long as l &gt; 0 (x &gt; −L). The x and z components stay exactly 0.
 */
public final class SpringProbe {

    /** k, the spring's stiffness; in N/m. */
    public static final double K = 100;
    /** m, the bob's mass; in kg. */
    public static final double M = 1;
    /** L, the rest length; in m. */
    public static final double L = 1;
    /** ω = √(k/m); in rad/s. */
    public static final double OMEGA = Math.sqrt(K / M);
    /** The initial displacement along −y; in m. */
    public static final double X0 = 0.1;
    /** The initial velocity along −y; in m/s. */
    public static final double V0 = 0.5;

    private SpringProbe() {
    }

    /** The spring scene, gravity 0, bob displaced by {@link #X0} and moving at {@link #V0}. */
    public static MassSpringSystem build(double kd) {
        return Scenes.build(SceneSpec.of(SceneType.SPRING).gravity(0).length(L).mass(M).stiffness(K)
                .springDamping(kd).perturbation(Perturbation.END).displacement(X0).velocity(V0));
    }

    /** k_d giving the damping ratio ζ: k_d = 2ζ√(km); in N·s/m. */
    public static double dampingFor(double zeta) {
        return 2 * zeta * Math.sqrt(K * M);
    }

    /** The closed form for the system {@link #build} makes with damping ratio ζ. */
    public static DampedOscillator exact(double zeta) {
        return new DampedOscillator(OMEGA, zeta, X0, V0);
    }

    /** x = −y_bob − L, the displacement from rest along −y; in m. */
    public static double displacement(MassSpringSystem s) {
        return -s.x[4] - L;
    }

    /** −v_y of the bob; in m/s. */
    public static double velocity(MassSpringSystem s) {
        return -s.v[4];
    }
}
