package dev.hooke.core.solve;

import dev.hooke.core.force.WindForce;
import dev.hooke.core.model.Wind;
import dev.hooke.core.model.MassSpringSystem;
import java.util.Arrays;

/**
 * The wind's share of a {@link SystemMatrix}: per free node the symmetric block τ D_j that
 * {@link Wind#addDampingBlocks} keeps of the wind's velocity derivative, and the wind's force in the
 * right-hand side b = τ F − τ² K v (its position derivative is left out of K, see {@link Wind}):
 * <pre>
 *   A_jj += τ D_j,        b_j += τ F_wind,j
 * </pre>
 * The blocks depend on the velocities: they are made when an assembly is given velocities (the
 * first one of a step, at v₀) and kept for the assemblies of later Newton iterations, which are not.
 * Arrays are made when the pattern changes; nothing else allocates.
 */
final class WindBlocks {

    /** τ D_j, upper triangles (xx, xy, xz, yy, yz, zz), 6 per free node. */
    private double[] blocks = new double[0];
    /** The wind's force on every particle, 3n, in N. */
    private double[] force = new double[0];
    /** A triangle's unit normal, scratch. */
    private final double[] normal = new double[3];
    private boolean active;

    /** Whether the last assembly had wind. */
    boolean active() {
        return active;
    }

    /** The blocks, 6 per free node (shared). */
    double[] blocks() {
        return blocks;
    }

    /**
     * After an assembly pass: adds the wind's blocks to the diagonal blocks and its force to b.
     *
     * @param v   velocities, or null to keep the blocks of the last assembly with velocities
     * @param rhs b on the free DOFs, or null
     */
    void add(SystemPattern layout, MassSpringSystem s, double[] x, double[] v, double tau, double[] nodeBlocks,
             double[] rhs) {
        Wind wind = s.wind();
        active = wind != null && s.surface() != null;
        if (!active) {
            return;
        }
        int nodes = layout.nodes();
        if (blocks.length != 6 * nodes) {
            blocks = new double[6 * nodes];
        }
        if (v != null) {
            Arrays.fill(blocks, 0);
            WindForce.addDampingBlocks(wind, s, x, v, tau, layout.dofArray(), normal, blocks);
        }
        for (int o = 0; o < blocks.length; o++) {
            nodeBlocks[o] += blocks[o];
        }
        if (rhs == null || v == null) {
            return;
        }
        if (force.length != x.length) {
            force = new double[x.length];
        }
        Arrays.fill(force, 0);
        WindForce.addForces(wind, s, x, v, force);
        final int[] particleOfNode = layout.particleOfNode();
        for (int j = 0; j < nodes; j++) {
            int p = 3 * particleOfNode[j];
            int q = 3 * j;
            rhs[q] += tau * force[p];
            rhs[q + 1] += tau * force[p + 1];
            rhs[q + 2] += tau * force[p + 2];
        }
    }

    /** y_j += τ D_j u_j for the free nodes [from, to). */
    void multiplyAdd(int from, int to, double[] u, double[] y) {
        final double[] b = blocks;
        for (int j = from; j < to; j++) {
            int o = 6 * j;
            int q = 3 * j;
            double u0 = u[q];
            double u1 = u[q + 1];
            double u2 = u[q + 2];
            y[q] += b[o] * u0 + b[o + 1] * u1 + b[o + 2] * u2;
            y[q + 1] += b[o + 1] * u0 + b[o + 3] * u1 + b[o + 4] * u2;
            y[q + 2] += b[o + 2] * u0 + b[o + 4] * u1 + b[o + 5] * u2;
        }
    }
}
