package dev.hooke.core.stability;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.io.Progress;
import dev.hooke.core.model.MassSpringSystem;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.ejml.data.Complex_F64;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;

/**
 * The modes of a system linearised at its present state, and what one step of an integrator does
 * to each: the picture behind every stability limit.
 *
 * <p>Linearised about its state, the system is x'' = −M⁻¹K x − M⁻¹C v, a first-order system
 * y' = L y with L = [[0, I], [−M⁻¹K, −M⁻¹C]] (pinned degrees of freedom removed; K and C as in
 * {@link LinearizedSystem}, Baraff &amp; Witkin 1998). Each eigenvalue λ of L is a mode: its natural
 * frequency ω = |λ| (rad/s) and damping ratio ζ = −Re λ / |λ|; one of each complex-conjugate pair
 * is listed (Im λ &gt; 0), and each real eigenvalue (an overdamped or a static mode) once; a
 * zero-stiffness mode (λ = 0, {@link #ZERO_EIGENVALUE}) has ω = 0 and no damping ratio. They are
 * found densely: without damping from the symmetric A = M^(−½) K M^(−½) (λ = i√ω² for ω² ≥ 0, or
 * the growing root +√(−ω²) of an unstable, compressed mode), with damping from L's general eigen
 * decomposition (EJML), the mass-weighted L, which has the same eigenvalues.
 *
 * <p>On a mode, one step of a linear method multiplies its amplitude by R, a function of z = Δt·λ
 * alone for Runge–Kutta and implicit methods (Hairer &amp; Wanner 1996, §IV.2):
 * <pre>
 *   explicit Euler      R = 1 + z
 *   RK4                 R = 1 + z + z²/2 + z³/6 + z⁴/24
 *   backward Euler      R = 1 / (1 − z)
 *   implicit midpoint   R = (1 + z/2) / (1 − z/2)
 * </pre>
 * The partitioned methods (symplectic Euler, velocity and position Verlet) treat position and
 * velocity differently, so R is the dominant eigenvalue of their step matrix on the scalar
 * oscillator q'' = −ω² q − 2ζω q' that has the same λ ({@link AmplificationLimit}; exact when the
 * damping is modal, as it is without damping). The exact step multiplies by e^z, so a mode is
 * stable when |R| ≤ 1 and its period is off by (Δt Im λ) / arg R − 1, relative. The position-based
 * methods (PBD, XPBD, fast mass-springs) project constraints instead of integrating these
 * equations: they have no such region.
 */
public final class Modes {

    /** The largest system whose modes are all found (free degrees of freedom). */
    public static final int DENSE_MAX_DOFS = 1000;
    /** ω² below this fraction of the largest is 0: a zero-stiffness or rigid mode, whose sign is round-off. */
    public static final double ZERO_MODE = 1e-12;
    /**
     * |λ| at most this fraction of the largest is 0: a zero-stiffness or rigid mode, λ = 0 up to
     * round-off. The dense solve of L finds such an eigenvalue to about √ε ‖L‖ (without damping it
     * is a double root, a Jordan block: Golub &amp; Van Loan, <i>Matrix Computations</i>, 4th ed.,
     * §7.2), that is 10⁻⁸ of the largest; its sign and its ζ = −Re λ / |λ| (±1 at random) are
     * round-off. It is listed with ω = 0 and ζ undefined (NaN). The square root of
     * {@link #ZERO_MODE}, which draws the same line on ω².
     */
    public static final double ZERO_EIGENVALUE = 1e-6;
    /** |R| above 1 by less than this counts as 1 (round-off). */
    public static final double STABLE_TOLERANCE = 1e-9;

    /**
     * One mode and what the integrator does to it.
     *
     * @param omega         natural frequency ω = |λ|; in rad/s
     * @param zeta          damping ratio ζ = −Re λ / |λ| (negative for a growing mode); NaN for a
     *                      mode with λ = 0 (zero stiffness, {@link #ZERO_EIGENVALUE}), which has none
     * @param zRe           Re z, z = Δt·λ
     * @param zIm           Im z
     * @param amplification |R|, the factor one step applies to the mode's amplitude (NaN: no region)
     * @param periodError   the relative error of the mode's period, (Δt Im λ)/arg R − 1 (NaN for a
     *                      mode that does not oscillate, or when the step does not rotate it forward)
     * @param stable        whether |R| ≤ 1 (true for a method without a region)
     */
    public record Mode(double omega, double zeta, double zRe, double zIm, double amplification, double periodError,
                       boolean stable) {
    }

    /**
     * The modes of a system under one integrator.
     *
     * @param integrator the method
     * @param dt         Δt; in s
     * @param hasRegion  whether the method has a stability region (false for position-based methods)
     * @param modes      the modes, fastest first
     */
    public record Result(IntegratorKind integrator, double dt, boolean hasRegion, List<Mode> modes) {

        /** How many modes are outside the stability region. */
        public int unstableCount() {
            return (int) modes.stream().filter(m -> !m.stable()).count();
        }
    }

    private Modes() {
    }

    /** The free degrees of freedom of s (three per particle that is not pinned). */
    public static int degreesOfFreedom(MassSpringSystem s) {
        int d = 0;
        for (int i = 0; i < s.particleCount(); i++) {
            d += s.isPinned(i) ? 0 : 3;
        }
        return d;
    }

    /**
     * The modes of s at its present state under {@code kind} at Δt.
     *
     * @param verletDelta δ of the position Verlet method (ignored by the others)
     * @throws IllegalArgumentException when s has more than {@link #DENSE_MAX_DOFS} free degrees of freedom
     */
    public static Result of(MassSpringSystem s, IntegratorKind kind, double dt, double verletDelta) {
        return of(eigenvalues(s), kind, dt, verletDelta);
    }

    /**
     * The eigenvalues λ of s's first-order system, one of each conjugate pair, as {Re λ, Im λ}
     * (the part of {@link #of(MassSpringSystem, IntegratorKind, double, double)} that does not
     * depend on the method or Δt).
     *
     * @throws IllegalArgumentException when s has more than {@link #DENSE_MAX_DOFS} free degrees of freedom
     */
    public static double[][] eigenvalues(MassSpringSystem s) {
        int dofs = degreesOfFreedom(s);
        if (dofs > DENSE_MAX_DOFS) {
            throw new IllegalArgumentException("the system has " + dofs + " free degrees of freedom; its modes are "
                    + "found for at most " + DENSE_MAX_DOFS);
        }
        LinearizedSystem lin = new LinearizedSystem(s);
        List<Complex_F64> lambdas = lin.hasDamping() ? damped(lin) : undamped(lin);
        double[][] out = new double[lambdas.size()][];
        for (int i = 0; i < out.length; i++) {
            out[i] = new double[] {lambdas.get(i).real, lambdas.get(i).imaginary};
        }
        return out;
    }

    /**
     * The {@code count} fastest modes of s at its present state under {@code kind} at Δt, at any
     * size: every mode by the dense solve up to {@link #DENSE_MAX_DOFS} free degrees of freedom (then
     * the fastest kept), above it by block Lanczos on the mass-weighted stiffness
     * ({@link KrylovModes}; without damping, or with air damping on equal masses).
     *
     * @param progress    told how far a large system's Lanczos solve is ({@link KrylovModes})
     * @throws IllegalStateException when a large system's modes do not converge, or its damping is
     *                               not proportional to the mass
     */
    public static Result fastest(MassSpringSystem s, IntegratorKind kind, double dt, double verletDelta, int count,
                                 Progress progress) {
        Result all = of(fastestEigenvalues(s, count, progress), kind, dt, verletDelta);
        return all.modes().size() <= count ? all
                : new Result(kind, dt, all.hasRegion(), List.copyOf(all.modes().subList(0, count)));
    }

    /**
     * The eigenvalues of s's {@code count} fastest modes, {Re λ, Im λ}: from the dense solve up to
     * {@link #DENSE_MAX_DOFS} free degrees of freedom, from {@link KrylovModes} above (which
     * reports its progress).
     */
    public static double[][] fastestEigenvalues(MassSpringSystem s, int count, Progress progress) {
        if (degreesOfFreedom(s) <= DENSE_MAX_DOFS) {
            return eigenvalues(s);
        }
        return KrylovModes.fastest(new LinearizedSystem(s), count, progress).lambdas();
    }

    /** The modes with eigenvalues {@code lambdas} ({Re λ, Im λ}, from {@link #eigenvalues}) under a method at Δt. */
    public static Result of(double[][] lambdas, IntegratorKind kind, double dt, double verletDelta) {
        boolean region = hasRegion(kind);
        double largest = 0;
        for (double[] l : lambdas) {
            largest = Math.max(largest, Math.hypot(l[0], l[1]));
        }
        List<Mode> modes = new ArrayList<>(lambdas.length);
        for (double[] l : lambdas) {
            boolean zero = Math.hypot(l[0], l[1]) <= ZERO_EIGENVALUE * largest;
            modes.add(zero ? mode(kind, verletDelta, dt, 0, 0, region) : mode(kind, verletDelta, dt, l[0], l[1], region));
        }
        modes.sort(Comparator.comparingDouble(Mode::omega).reversed());
        return new Result(kind, dt, region, List.copyOf(modes));
    }

    /**
     * |R(z)|, what one step of a method with a stability region does to a mode at z = Δt·λ
     * (for the partitioned methods: to the scalar oscillator with that λ); the region is where
     * it is at most 1.
     */
    public static double amplificationAt(IntegratorKind kind, double verletDelta, double zRe, double zIm) {
        double[] r = amplification(kind, verletDelta, 1, zRe, zIm);
        return Math.hypot(r[0], r[1]);
    }

    /** Whether the method has a stability region in the z-plane (the position-based ones do not). */
    public static boolean hasRegion(IntegratorKind kind) {
        return kind == IntegratorKind.IMPLICIT_EULER || kind == IntegratorKind.IMPLICIT_MIDPOINT
                || AmplificationLimit.supports(kind);
    }

    /**
     * What one step of the method does to a mode with eigenvalue λ = re + i·im.
     *
     * @param region whether the method has a stability region ({@link #hasRegion})
     */
    static Mode mode(IntegratorKind kind, double delta, double dt, double re, double im, boolean region) {
        double omega = Math.hypot(re, im);
        double zeta = omega > 0 ? -re / omega + 0.0 : Double.NaN;     // + 0.0: no −0
        double a = dt * re;
        double b = dt * im;
        if (!region) {
            return new Mode(omega, zeta, a, b, Double.NaN, Double.NaN, true);
        }
        double[] r = amplification(kind, delta, dt, re, im);
        double modulus = Math.hypot(r[0], r[1]);
        double turn = Math.atan2(r[1], r[0]);
        double periodError = b > 0 && turn > 0 ? b / turn - 1 : Double.NaN;
        return new Mode(omega, zeta, a, b, modulus, periodError, modulus <= 1 + STABLE_TOLERANCE);
    }

    /** R for the mode λ = re + i·im, as {Re R, Im R}. */
    static double[] amplification(IntegratorKind kind, double delta, double dt, double re, double im) {
        double a = dt * re;
        double b = dt * im;
        if (kind == IntegratorKind.EXPLICIT_EULER) {
            return new double[] {1 + a, b};
        }
        if (kind == IntegratorKind.RK4) {
            // Horner: 1 + z(1 + z/2 (1 + z/3 (1 + z/4)))
            double[] p = {1, 0};
            for (int k = 4; k >= 1; k--) {
                double pr = p[0] * a / k - p[1] * b / k;
                double pi = p[0] * b / k + p[1] * a / k;
                p = new double[] {1 + pr, pi};
            }
            return p;
        }
        if (kind == IntegratorKind.IMPLICIT_EULER) {
            return divide(1, 0, 1 - a, -b);
        }
        if (kind == IntegratorKind.IMPLICIT_MIDPOINT) {
            return divide(1 + a / 2, b / 2, 1 - a / 2, -b / 2);
        }
        AmplificationLimit.Scheme scheme = AmplificationLimit.Scheme.of(kind);
        if (scheme == null) {
            throw new IllegalArgumentException(kind.id() + " has no stability region");
        }
        // the scalar oscillator with this λ: ω² = |λ|², 2ζω = −2 Re λ
        DMatrixRMaj damping = new DMatrixRMaj(1, 1);
        damping.set(0, 0, -2 * re);
        Complex_F64[] values = AmplificationLimit.stepEigenvalues(scheme, delta, new double[] {re * re + im * im},
                damping, dt);
        if (values == null) {
            return new double[] {Double.NaN, Double.NaN};
        }
        Complex_F64 best = null;
        for (Complex_F64 v : values) {
            if (best == null || v.getMagnitude() > best.getMagnitude() + 1e-14
                    || (Math.abs(v.getMagnitude() - best.getMagnitude()) <= 1e-14 && v.imaginary > best.imaginary)) {
                best = v;
            }
        }
        return new double[] {best.real, best.imaginary};
    }

    private static double[] divide(double ar, double ai, double br, double bi) {
        double d = br * br + bi * bi;
        return new double[] {(ar * br + ai * bi) / d, (ai * br - ar * bi) / d};
    }

    /** λ of the undamped system: i ω for ω² ≥ 0, +√(−ω²) (growing) for ω² &lt; 0. */
    private static List<Complex_F64> undamped(LinearizedSystem lin) {
        List<Complex_F64> out = new ArrayList<>(lin.dim);
        if (lin.dim == 0) {
            return out;
        }
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(lin.dim, false, true);
        if (!eig.decompose(lin.denseA())) {
            throw new IllegalStateException("the eigen solve of the stiffness matrix failed");
        }
        double largest = 0;
        for (int i = 0; i < eig.getNumberOfEigenvalues(); i++) {
            largest = Math.max(largest, Math.abs(eig.getEigenvalue(i).real));
        }
        for (int i = 0; i < eig.getNumberOfEigenvalues(); i++) {
            double w2 = eig.getEigenvalue(i).real;
            if (Math.abs(w2) <= ZERO_MODE * largest) {
                w2 = 0;         // a zero-stiffness or rigid mode: its sign is round-off
            }
            out.add(w2 >= 0 ? new Complex_F64(0, Math.sqrt(w2)) : new Complex_F64(Math.sqrt(-w2), 0));
        }
        return out;
    }

    /** λ of L = [[0, I], [−A, −B]] (mass-weighted): one of each conjugate pair, every real one. */
    private static List<Complex_F64> damped(LinearizedSystem lin) {
        int n = lin.dim;
        List<Complex_F64> out = new ArrayList<>(n);
        if (n == 0) {
            return out;
        }
        DMatrixRMaj a = lin.denseA();
        DMatrixRMaj b = lin.denseB();
        DMatrixRMaj l = new DMatrixRMaj(2 * n, 2 * n);
        for (int i = 0; i < n; i++) {
            l.set(i, n + i, 1);
            for (int j = 0; j < n; j++) {
                l.set(n + i, j, -a.get(i, j));
                l.set(n + i, n + j, -b.get(i, j));
            }
        }
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(2 * n, false);
        if (!eig.decompose(l)) {
            throw new IllegalStateException("the eigen solve of the first-order system failed");
        }
        double largest = 0;
        for (int i = 0; i < eig.getNumberOfEigenvalues(); i++) {
            largest = Math.max(largest, eig.getEigenvalue(i).getMagnitude());
        }
        for (int i = 0; i < eig.getNumberOfEigenvalues(); i++) {
            Complex_F64 v = eig.getEigenvalue(i);
            if (v.imaginary >= 0 && v.getMagnitude() > ZERO_EIGENVALUE * largest) {
                out.add(new Complex_F64(v.real, v.imaginary));
            }
        }
        for (int k = nullity(a); k > 0; k--) {
            out.add(new Complex_F64(0, 0));
        }
        return out;
    }

    /**
     * The number of zero-stiffness modes: eigenvalues of the symmetric A within {@link #ZERO_MODE}
     * of its largest. L's eigenvalues near 0 are its round-off (a cluster that splits into real
     * roots and conjugate pairs at random, a double root where the damping leaves the mode alone),
     * so the damped solve lists exactly these, each once with λ = 0, as the undamped one does.
     */
    private static int nullity(DMatrixRMaj a) {
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(a.numRows, false, true);
        if (!eig.decompose(a.copy())) {
            throw new IllegalStateException("the eigen solve of the stiffness matrix failed");
        }
        double largest = 0;
        for (int i = 0; i < eig.getNumberOfEigenvalues(); i++) {
            largest = Math.max(largest, Math.abs(eig.getEigenvalue(i).real));
        }
        int zero = 0;
        for (int i = 0; i < eig.getNumberOfEigenvalues(); i++) {
            zero += Math.abs(eig.getEigenvalue(i).real) <= ZERO_MODE * largest ? 1 : 0;
        }
        return zero;
    }
}
