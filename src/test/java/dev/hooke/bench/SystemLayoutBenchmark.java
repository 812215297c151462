package dev.hooke.bench;

import dev.hooke.core.force.Forces;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.scene.Scenes;
import dev.hooke.core.solve.SystemMatrix;
import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Times the product y = A u of the implicit step's matrix in three layouts, to choose one (the
 * result is recorded in the javadoc of {@link SystemMatrix}). Not a test: run it by hand,
 * <pre>
 *   mvn -q test-compile
 *   java -cp target/classes:target/test-classes:$(mvn -q dependency:build-classpath -Dmdep.outputFile=/dev/stdout) \
 *        dev.hooke.bench.SystemLayoutBenchmark
 * </pre>
 * Layouts: matrix-free (each spring's direction and length recomputed from x in every product),
 * {@link SystemMatrix}'s per-spring 3×3 blocks, and block rows per node pair (BSR: each free
 * node's diagonal block and one block per neighbour, so every spring block is stored twice).
 * The three products are first checked to agree.
 */
public final class SystemLayoutBenchmark {

    private static final int ROUNDS = 7;
    private static final int PRODUCTS = 2000;
    private static final double TAU = 1.0 / 60;

    private SystemLayoutBenchmark() {
    }

    public static void main(String[] args) {
        for (int size : new int[] {32, 64}) {
            run(size);
        }
    }

    private static void run(int size) {
        MassSpringSystem s = Scenes.build(SceneSpec.of(SceneType.CLOTH).size(size).stiffness(1e4).springDamping(0.01)
                .airDamping(0.001));
        SplittableRandom rnd = new SplittableRandom(7);
        for (int q = 0; q < s.x.length; q++) {
            s.x[q] += 0.002 * (2 * rnd.nextDouble() - 1);
        }
        SystemMatrix a = new SystemMatrix();
        a.assemble(s, s.x, TAU, true, null, null);
        int n = a.dimension();
        MatrixFree free = new MatrixFree(s, a, TAU);
        Bsr bsr = new Bsr(s, a);
        double[] u = new double[n];
        for (int q = 0; q < n; q++) {
            u[q] = 2 * rnd.nextDouble() - 1;
        }
        double[] y1 = new double[n];
        double[] y2 = new double[n];
        double[] y3 = new double[n];
        a.multiply(u, y1);
        free.multiply(u, y2);
        bsr.multiply(u, y3);
        double scale = 0;
        double d2 = 0;
        double d3 = 0;
        for (int q = 0; q < n; q++) {
            scale = Math.max(scale, Math.abs(y1[q]));
            d2 = Math.max(d2, Math.abs(y1[q] - y2[q]));
            d3 = Math.max(d3, Math.abs(y1[q] - y3[q]));
        }
        if (d2 > 1e-12 * scale || d3 > 1e-12 * scale) {
            throw new IllegalStateException("layouts disagree: " + d2 / scale + ", " + d3 / scale);
        }
        double[] tFree = new double[ROUNDS];
        double[] tBlock = new double[ROUNDS];
        double[] tBsr = new double[ROUNDS];
        double sink = 0;
        for (int warm = 0; warm < 3; warm++) {
            for (int r = 0; r < ROUNDS; r++) {
                long t0 = System.nanoTime();
                for (int k = 0; k < PRODUCTS; k++) {
                    free.multiply(u, y2);
                }
                long t1 = System.nanoTime();
                for (int k = 0; k < PRODUCTS; k++) {
                    a.multiply(u, y1);
                }
                long t2 = System.nanoTime();
                for (int k = 0; k < PRODUCTS; k++) {
                    bsr.multiply(u, y3);
                }
                long t3 = System.nanoTime();
                tFree[r] = (t1 - t0) / (double) PRODUCTS;
                tBlock[r] = (t2 - t1) / (double) PRODUCTS;
                tBsr[r] = (t3 - t2) / (double) PRODUCTS;
                sink += y1[0] + y2[0] + y3[0];
            }
        }
        long t0 = System.nanoTime();
        for (int k = 0; k < 200; k++) {
            a.assemble(s, s.x, TAU, true, null, null);
        }
        double assemble = (System.nanoTime() - t0) / 200.0;
        System.out.printf(Locale.ROOT, "%dx%d cloth, %d springs, %d unknowns: ns per product: matrix-free %.0f,"
                        + " per-spring blocks %.0f, BSR %.0f; assembly %.0f ns (checksum %.3g)%n",
                size, size, s.springCount(), n, median(tFree), median(tBlock), median(tBsr), assemble, sink);
    }

    private static double median(double[] t) {
        double[] c = t.clone();
        Arrays.sort(c);
        return c[c.length / 2];
    }

    /** y = A u with each spring's geometry recomputed from x. */
    private static final class MatrixFree {
        private final int[] dofA;
        private final int[] dofB;
        private final int[] pa;
        private final int[] pb;
        private final double[] x;
        private final double[] rest;
        private final double[] ks;
        private final double[] kd;
        private final double[] diag;
        private final double tau;

        MatrixFree(MassSpringSystem s, SystemMatrix a, double tau) {
            int m = s.springCount();
            dofA = new int[m];
            dofB = new int[m];
            pa = s.springAArray();
            pb = s.springBArray();
            for (int sp = 0; sp < m; sp++) {
                dofA[sp] = a.dof(pa[sp]);
                dofB[sp] = a.dof(pb[sp]);
            }
            x = s.x;
            rest = s.restLengthArray();
            ks = s.stiffnessArray();
            kd = s.springDampingArray();
            diag = new double[a.dimension() / 3];
            for (int j = 0; j < diag.length; j++) {
                diag[j] = s.mass(a.particleOfNode(j)) + tau * s.airDamping();
            }
            this.tau = tau;
        }

        void multiply(double[] u, double[] y) {
            for (int j = 0, q = 0; j < diag.length; j++, q += 3) {
                y[q] = diag[j] * u[q];
                y[q + 1] = diag[j] * u[q + 1];
                y[q + 2] = diag[j] * u[q + 2];
            }
            double tau2 = tau * tau;
            for (int sp = 0; sp < dofA.length; sp++) {
                int da = dofA[sp];
                int db = dofB[sp];
                if (da < 0 && db < 0) {
                    continue;
                }
                int a = 3 * pa[sp];
                int b = 3 * pb[sp];
                double dx = x[b] - x[a];
                double dy = x[b + 1] - x[a + 1];
                double dz = x[b + 2] - x[a + 2];
                double l = Math.sqrt(dx * dx + dy * dy + dz * dz);
                if (l < Forces.MIN_LENGTH) {
                    continue;
                }
                double nx = dx / l;
                double ny = dy / l;
                double nz = dz / l;
                double g = Math.max(0, 1 - rest[sp] / l);
                double ux = (da >= 0 ? u[da] : 0) - (db >= 0 ? u[db] : 0);
                double uy = (da >= 0 ? u[da + 1] : 0) - (db >= 0 ? u[db + 1] : 0);
                double uz = (da >= 0 ? u[da + 2] : 0) - (db >= 0 ? u[db + 2] : 0);
                double along = (nx * ux + ny * uy + nz * uz) * (tau2 * ks[sp] * (1 - g) + tau * kd[sp]);
                double across = tau2 * ks[sp] * g;
                double wx = across * ux + along * nx;
                double wy = across * uy + along * ny;
                double wz = across * uz + along * nz;
                if (da >= 0) {
                    y[da] += wx;
                    y[da + 1] += wy;
                    y[da + 2] += wz;
                }
                if (db >= 0) {
                    y[db] -= wx;
                    y[db + 1] -= wy;
                    y[db + 2] -= wz;
                }
            }
        }
    }

    /** y = A u with block rows: the diagonal block and one block per neighbour, row by row. */
    private static final class Bsr {
        private final int[] rowStart;
        private final int[] col;
        private final double[] val;
        private final double[] diagBlocks;

        Bsr(MassSpringSystem s, SystemMatrix a) {
            int nodes = a.dimension() / 3;
            diagBlocks = new double[9 * nodes];
            a.diagonalBlocks(diagBlocks);
            int[] count = new int[nodes + 1];
            for (int sp = 0; sp < s.springCount(); sp++) {
                int da = a.dof(s.springA(sp));
                int db = a.dof(s.springB(sp));
                if (da >= 0 && db >= 0) {
                    count[da / 3 + 1]++;
                    count[db / 3 + 1]++;
                }
            }
            for (int j = 0; j < nodes; j++) {
                count[j + 1] += count[j];
            }
            rowStart = count.clone();
            int[] fill = Arrays.copyOf(count, nodes);
            col = new int[count[nodes]];
            val = new double[9 * count[nodes]];
            double[] block = new double[9];
            for (int sp = 0; sp < s.springCount(); sp++) {
                int da = a.dof(s.springA(sp));
                int db = a.dof(s.springB(sp));
                if (da < 0 || db < 0) {
                    continue;
                }
                a.springBlock(sp, block, 0);
                int ea = fill[da / 3]++;
                col[ea] = db;
                int eb = fill[db / 3]++;
                col[eb] = da;
                for (int q = 0; q < 9; q++) {
                    val[9 * ea + q] = -block[q];
                    val[9 * eb + q] = -block[q];
                }
            }
        }

        void multiply(double[] u, double[] y) {
            int nodes = rowStart.length - 1;
            for (int j = 0; j < nodes; j++) {
                int q = 3 * j;
                int o = 9 * j;
                double u0 = u[q];
                double u1 = u[q + 1];
                double u2 = u[q + 2];
                double y0 = diagBlocks[o] * u0 + diagBlocks[o + 1] * u1 + diagBlocks[o + 2] * u2;
                double y1 = diagBlocks[o + 3] * u0 + diagBlocks[o + 4] * u1 + diagBlocks[o + 5] * u2;
                double y2 = diagBlocks[o + 6] * u0 + diagBlocks[o + 7] * u1 + diagBlocks[o + 8] * u2;
                for (int e = rowStart[j]; e < rowStart[j + 1]; e++) {
                    int c = col[e];
                    int v = 9 * e;
                    double w0 = u[c];
                    double w1 = u[c + 1];
                    double w2 = u[c + 2];
                    y0 += val[v] * w0 + val[v + 1] * w1 + val[v + 2] * w2;
                    y1 += val[v + 3] * w0 + val[v + 4] * w1 + val[v + 5] * w2;
                    y2 += val[v + 6] * w0 + val[v + 7] * w1 + val[v + 8] * w2;
                }
                y[q] = y0;
                y[q + 1] = y1;
                y[q + 2] = y2;
            }
        }
    }
}
