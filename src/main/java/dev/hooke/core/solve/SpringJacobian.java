package dev.hooke.core.solve;

import dev.hooke.core.force.Forces;
import dev.hooke.core.force.SpringGeometry;
import dev.hooke.core.model.MassSpringSystem;

/**
 * The 3×3 Jacobian blocks of one spring's force (Baraff &amp; Witkin 1998, §5).
 *
 * <p>For the spring from a to b, with d = x_b − x_a, l = |d|, n = d/l, rest length L and
 * relative velocity u = v_b − v_a, the force on a is (see {@link Forces})
 * <pre>
 *   f_a = k_s (l − L) n + k_d (n·u) n,     f_b = −f_a.
 * </pre>
 * Its derivatives, each a 3×3 block (units: K_s in N/m, D_s in N·s/m):
 * <pre>
 *   stiffness   K_s = k_s [ n nᵀ + (1 − L/l)(I − n nᵀ) ]
 *               ∂f_a/∂x_a = −K_s,   ∂f_a/∂x_b = +K_s,   ∂f_b/∂x_a = +K_s,   ∂f_b/∂x_b = −K_s
 *   damping     D_s = k_d n nᵀ
 *               ∂f_a/∂v_a = −D_s,   ∂f_a/∂v_b = +D_s    (and the same pattern for b)
 *   damping, through the direction n:
 *               E_s = (k_d / l) [ (n·u) I + n uᵀ ] (I − n nᵀ)
 *               ∂f_a/∂x_b = +E_s,   ∂f_a/∂x_a = −E_s    (added to the stiffness terms)
 * </pre>
 * K_s and D_s are symmetric. E_s is not; Baraff &amp; Witkin leave it out of the implicit matrix to
 * keep the system symmetric, and so does Hooke ({@link SystemMatrix}): the step then solves a
 * slightly different linearisation, and further Newton iterations converge linearly instead of
 * quadratically. E_s is offered here so that the full derivative can be checked; the step's
 * right-hand side uses it ({@link SystemMatrix#assembleStep}).
 *
 * <h2>Compression</h2>
 * For l &lt; L the transverse factor 1 − L/l is negative: K_s has the eigenvalue k_s (1 − L/l)
 * &lt; 0 twice (directions ⟂ n), and the implicit matrix can lose positive definiteness, a
 * caveat derivations of ∂F/∂x often leave out. With the
 * <em>clamp</em> of Choi &amp; Ko 2002 the factor becomes max(0, 1 − L/l): the block then differs
 * from the true derivative by exactly k_s (L/l − 1)(I − n nᵀ), a positive semidefinite term, and
 * is positive semidefinite itself. Without the clamp the block is the exact derivative.
 *
 * <p>A spring shorter than {@link Forces#MIN_LENGTH} exerts no force, so all its blocks are 0.
 *
 * <p>Blocks are written row-major into {@code out[off .. off+8]}: entry (r, c) at
 * {@code off + 3r + c}, by {@link SpringGeometry}, for a spring of a {@link MassSpringSystem}.
 * Nothing here allocates.
 */
public final class SpringJacobian {

    private SpringJacobian() {
    }

    /**
     * Writes K_s (N/m), clamped or not, for spring {@code sp} at positions x.
     *
     * @param clamp whether to apply the Choi &amp; Ko clamp max(0, 1 − L/l)
     * @return the transverse factor used, max(0, 1 − L/l) or 1 − L/l; 0 for a degenerate spring
     */
    public static double stiffnessBlock(MassSpringSystem s, int sp, double[] x, boolean clamp, double[] out, int off) {
        int a = 3 * s.springA(sp);
        int b = 3 * s.springB(sp);
        return stiffnessBlock(s.stiffness(sp), s.restLength(sp),
                x[b] - x[a], x[b + 1] - x[a + 1], x[b + 2] - x[a + 2], clamp, out, off);
    }

    /**
     * K_s = k_s [ n nᵀ + g (I − n nᵀ) ], g = 1 − L/l (or max(0, 1 − L/l) with the clamp), for the
     * spring vector d = (dx, dy, dz) = x_b − x_a in m ({@link SpringGeometry#stiffnessBlock}).
     *
     * @param ks   k_s, in N/m
     * @param rest L, in m
     * @return g as used; 0 when l &lt; {@link Forces#MIN_LENGTH} (then the block is 0)
     */
    public static double stiffnessBlock(double ks, double rest, double dx, double dy, double dz,
                                        boolean clamp, double[] out, int off) {
        return SpringGeometry.stiffnessBlock(ks, rest, dx, dy, dz, clamp, out, off);
    }

    /** Writes D_s = k_d n nᵀ (N·s/m) for spring {@code sp} at positions x. */
    public static void dampingBlock(MassSpringSystem s, int sp, double[] x, double[] out, int off) {
        int a = 3 * s.springA(sp);
        int b = 3 * s.springB(sp);
        SpringGeometry.dampingBlock(s.springDamping(sp), x[b] - x[a], x[b + 1] - x[a + 1], x[b + 2] - x[a + 2],
                out, off);
    }

    /**
     * Writes E_s = (k_d/l) [ (n·u) I + n uᵀ ] (I − n nᵀ) (N/m), the non-symmetric derivative of
     * the damping force on a with respect to x_b, for spring {@code sp} at (x, v). Left out of the
     * implicit matrix (see the class comment); for checks.
     */
    public static void dampingPositionBlock(MassSpringSystem s, int sp, double[] x, double[] v, double[] out, int off) {
        int a = 3 * s.springA(sp);
        int b = 3 * s.springB(sp);
        SpringGeometry.dampingPositionBlock(s.springDamping(sp), x[b] - x[a], x[b + 1] - x[a + 1], x[b + 2] - x[a + 2],
                v[b] - v[a], v[b + 1] - v[a + 1], v[b + 2] - v[a + 2], out, off);
    }
}
