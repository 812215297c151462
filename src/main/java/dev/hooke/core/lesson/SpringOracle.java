package dev.hooke.core.lesson;

import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.observe.DampedOscillator;

/**
 * The exact motion of the {@code spring} scene's bob while it moves along the spring's axis.
 *
 * <p>Particle 0 is the pinned anchor, particle 1 the bob, hanging along −y. With the stretch
 * q = (y₀ − y₁) − L, Newton's law along the axis is m q'' = −k q − c q' + m g, c = k_d + c_air
 * (the spring's axial damping and the air damping both act along the axis), so the displacement
 * from equilibrium u = q − mg/k is a {@link DampedOscillator} with ω = √(k/m),
 * ζ = c/(2√(km)), started from the present state. This holds while the bob stays below the
 * anchor (l = q + L &gt; 0) and moves on the axis.
 */
public final class SpringOracle {

    /** Off-axis position or velocity (in m, m/s) above which the motion is not one-dimensional. */
    static final double AXIS_TOLERANCE = 1e-12;

    private final DampedOscillator exact;
    private final double restLength;
    private final double equilibrium;
    private final double t0;

    private SpringOracle(DampedOscillator exact, double restLength, double equilibrium, double t0) {
        this.exact = exact;
        this.restLength = restLength;
        this.equilibrium = equilibrium;
        this.t0 = t0;
    }

    /** Why the closed form does not apply to s, or null if it does. */
    public static Text unavailable(MassSpringSystem s) {
        if (s.particleCount() != 2 || s.springCount() != 1 || !s.isPinned(0) || s.isPinned(1)) {
            return new Text("the closed-form solution needs the spring scene (one pinned anchor, one bob)",
                    "解析解只适用于弹簧场景（一个固定的锚点，一个质点）");
        }
        if (s.ground() != null) {
            return new Text("the closed-form solution does not know the ground", "解析解不考虑地面");
        }
        if (!(s.stiffness(0) > 0)) {
            return new Text("the closed-form solution needs k > 0", "解析解需要 k > 0");
        }
        double dx = s.x[3] - s.x[0];
        double dz = s.x[5] - s.x[2];
        if (Math.abs(dx) > AXIS_TOLERANCE || Math.abs(dz) > AXIS_TOLERANCE
                || Math.abs(s.v[3]) > AXIS_TOLERANCE || Math.abs(s.v[5]) > AXIS_TOLERANCE
                || s.gravity(0) != 0 || s.gravity(2) != 0) {
            return new Text("the bob does not move along the spring's vertical axis", "质点没有沿弹簧的竖直轴运动");
        }
        if (!(s.x[1] - s.x[4] > 0)) {
            return new Text("the bob is not below its anchor", "质点不在锚点下方");
        }
        return null;
    }

    /** The oracle for s from its present state at time t0 (s must pass {@link #unavailable}). */
    public static SpringOracle of(MassSpringSystem s, double t0) {
        double k = s.stiffness(0);
        double m = s.mass(1);
        double c = s.springDamping(0) + s.airDamping();
        double g = -s.gravity(1);
        double omega = Math.sqrt(k / m);
        double zeta = c / (2 * Math.sqrt(k * m));
        double eq = m * g / k;
        double l = s.restLength(0);
        double q = (s.x[1] - s.x[4]) - l;
        double qDot = -s.v[4];
        return new SpringOracle(new DampedOscillator(omega, zeta, q - eq, qDot), l, eq, t0);
    }

    /** u, the bob's measured displacement from equilibrium; in m. */
    public double displacement(MassSpringSystem s) {
        return (s.x[1] - s.x[4]) - restLength - equilibrium;
    }

    /** u_exact(t) at simulation time t; in m. */
    public double exact(double t) {
        return exact.position(t - t0);
    }

    /** v = u', the bob's measured velocity along the axis (positive as the spring stretches); in m/s. */
    public double velocity(MassSpringSystem s) {
        return s.v[1] - s.v[4];
    }

    /** v_exact(t) = u_exact'(t) at simulation time t; in m/s. */
    public double exactVelocity(double t) {
        return exact.velocity(t - t0);
    }

    /** ω = √(k/m), the undamped angular frequency; in rad/s. */
    public double omega() {
        return exact.omega();
    }
}
