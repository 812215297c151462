package dev.hooke.core.stability;

import dev.hooke.core.model.MassSpringSystem;
import java.util.Arrays;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;

/**
 * The shapes of a system's undamped modes at the state it is linearised at, and how much of each
 * a state holds: the modal coordinates of vibration theory (Géradin &amp; Rixen, "Mechanical
 * Vibrations", 3rd ed., 2015, §2.6).
 *
 * <p>With A = M^(−½) K M^(−½) = W Ω² Wᵀ ({@link LinearizedSystem}, W orthonormal), the mode shapes
 * φ_k = M^(−½) w_k are mass-normalised, φ_jᵀ M φ_k = δ_jk, and K φ_k = ω_k² M φ_k. A state (x, v)
 * near the linearisation point x₀ is Σ q_k φ_k with
 * <pre>
 *   q_k = φ_kᵀ M (x − x₀),   q̇_k = φ_kᵀ M v,   E_k = ½ (q̇_k² + ω_k² q_k²)
 * </pre>
 * and the linear system's energy is the sum of the E_k, each constant in time (the modes do not
 * exchange energy). A damped system's modes are listed with the undamped shapes: with damping
 * proportional to the mass they are its modes' shapes too; otherwise the damping couples them.
 * Shapes are found densely, for at most {@link Modes#DENSE_MAX_DOFS} free degrees of freedom, in the
 * order of {@link Modes}'s undamped modes: fastest first.
 */
public final class ModeShapes {

    private final double[] x0;
    private final double[] mass;      // per coordinate 3i + k (0 for a pinned particle)
    private final double[] omega2;    // descending
    private final double[][] shapes;  // [mode][3i + k], 0 at pinned particles

    private ModeShapes(double[] x0, double[] mass, double[] omega2, double[][] shapes) {
        this.x0 = x0;
        this.mass = mass;
        this.omega2 = omega2;
        this.shapes = shapes;
    }

    /**
     * The mode shapes of s at its present positions.
     *
     * @throws IllegalArgumentException when s has more than {@link Modes#DENSE_MAX_DOFS} free degrees of freedom
     */
    public static ModeShapes of(MassSpringSystem s) {
        int dofs = Modes.degreesOfFreedom(s);
        if (dofs > Modes.DENSE_MAX_DOFS) {
            throw new IllegalArgumentException("the system has " + dofs + " free degrees of freedom; its mode shapes"
                    + " are found for at most " + Modes.DENSE_MAX_DOFS);
        }
        int n = s.particleCount();
        double[] mass = new double[3 * n];
        int[] coordinate = new int[dofs];         // free DOF → 3i + k
        int d = 0;
        for (int i = 0; i < n; i++) {
            if (!s.isPinned(i)) {
                for (int k = 0; k < 3; k++) {
                    mass[3 * i + k] = s.mass(i);
                    coordinate[d++] = 3 * i + k;
                }
            }
        }
        double[][] shapes = new double[dofs][];
        double[] omega2 = new double[dofs];
        if (dofs > 0) {
            LinearizedSystem lin = new LinearizedSystem(s);
            EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(dofs, true, true);
            if (!eig.decompose(lin.denseA())) {
                throw new IllegalStateException("the eigen solve of the stiffness matrix failed");
            }
            Integer[] order = new Integer[dofs];
            for (int i = 0; i < dofs; i++) {
                order[i] = i;
            }
            Arrays.sort(order, (a, b) -> Double.compare(eig.getEigenvalue(b).real, eig.getEigenvalue(a).real));
            for (int m = 0; m < dofs; m++) {
                DMatrixRMaj w = eig.getEigenVector(order[m]);
                double norm = Math.sqrt(org.ejml.dense.row.CommonOps_DDRM.dot(w, w));
                double[] phi = new double[3 * n];
                for (int q = 0; q < dofs; q++) {
                    int c = coordinate[q];
                    phi[c] = w.get(q) / norm / Math.sqrt(mass[c]);
                }
                shapes[m] = phi;
                omega2[m] = eig.getEigenvalue(order[m]).real;
            }
        }
        return new ModeShapes(s.x.clone(), mass, omega2, shapes);
    }

    /** The number of modes (free degrees of freedom). */
    public int count() {
        return shapes.length;
    }

    /** ω_k² of mode k (fastest first; negative for a compressed mode that grows); in 1/s². */
    public double omega2(int k) {
        return omega2[k];
    }

    /** Mode k's shape φ_k, mass-normalised (φᵀ M φ = 1), at coordinate 3i + c (0 at pinned particles); a copy. */
    public double[] shape(int k) {
        return shapes[k].clone();
    }

    /** The positions the system is linearised at; a copy. */
    public double[] linearisationPoint() {
        return x0.clone();
    }

    /** q_k = φ_kᵀ M (x − x₀), mode k's coordinate in positions x; in m·√kg. */
    public double coordinate(int k, double[] x) {
        double[] phi = shapes[k];
        double q = 0;
        for (int c = 0; c < phi.length; c++) {
            q += phi[c] * mass[c] * (x[c] - x0[c]);
        }
        return q;
    }

    /** q̇_k = φ_kᵀ M v, mode k's velocity in velocities v. */
    public double velocity(int k, double[] v) {
        double[] phi = shapes[k];
        double qd = 0;
        for (int c = 0; c < phi.length; c++) {
            qd += phi[c] * mass[c] * v[c];
        }
        return qd;
    }

    /** E_k = ½ (q̇_k² + ω_k² q_k²), the energy of mode k in the state (x, v); in J. */
    public double energy(int k, double[] x, double[] v) {
        double q = coordinate(k, x);
        double qd = velocity(k, v);
        return 0.5 * (qd * qd + omega2[k] * q * q);
    }
}
