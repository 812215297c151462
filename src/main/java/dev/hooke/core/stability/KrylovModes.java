package dev.hooke.core.stability;

import dev.hooke.core.io.Progress;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;

/**
 * The fastest modes of a system too large for a dense eigen solve, by Rayleigh–Ritz on a block
 * Krylov subspace with full reorthogonalisation (block Lanczos; Saad, "Numerical Methods for Large
 * Eigenvalue Problems", 2nd ed., 2011, §6.2 and §6.6).
 *
 * <p>Without damping the modes are the eigenvalues ω² of the symmetric mass-weighted stiffness
 * A = M^(−½) K M^(−½) ({@link LinearizedSystem}); the largest come first out of a Krylov space of A.
 * Damping proportional to the mass (B = β I) keeps the undamped mode shapes, and each mode's λ
 * follows from its ω² in closed form. General damping couples the modes; Arnoldi on the
 * first-order system converged too slowly on a 40×40 cloth's clustered fast modes (1500 vectors
 * did not hold ten of them) and is not offered.
 *
 * <p>The subspace starts from {@value #BLOCK} random vectors, so a mode repeated up to
 * {@value #BLOCK} times (the two transverse directions of a hanging chain, the symmetric twins of a
 * square cloth) is found as often as it occurs. Its basis V grows by the images A vᵢ of its own
 * vectors, orthogonalised twice against all of V; the projection H = Vᵀ A V is the Rayleigh
 * quotient, and a Ritz pair (θ, V s) counts as converged when its true residual ‖A V s − θ V s‖ is
 * at most {@value #TOLERANCE}·θ_max, which bounds |ω² − θ| by the same amount (Saad 2011, §3.2).
 *
 * <p>A large system's solve takes a minute or more (a 60 × 60 cloth); it reports the basis's growth
 * to a {@link Progress}, every {@value #REPORT_EVERY} vectors, out of its {@link #capacity}, with
 * how many of the wanted modes had converged at the last Rayleigh–Ritz.
 */
final class KrylovModes {

    /** The number of random starting vectors (the largest multiplicity found in full). */
    static final int BLOCK = 4;
    /** The Ritz residual, relative to the largest Ritz value, at which a mode is taken as found. */
    static final double TOLERANCE = 1e-10;
    /** The most basis vectors (memory: two vectors of the operator's size each). */
    static final int MAX_BASIS = 1500;
    /** The memory the basis may take (V and A V); in bytes. A larger system keeps fewer vectors. */
    static final long MAX_BASIS_BYTES = 256L << 20;
    /** B x = β x to this relative precision makes the damping proportional. */
    private static final double PROPORTIONAL = 1e-12;
    /** How many basis vectors are added between two progress reports. */
    static final int REPORT_EVERY = 10;
    /** A candidate shrunk below this fraction by the orthogonalisation is already in the basis. */
    private static final double DEFLATED = 1e-10;

    /**
     * The fastest eigenvalues found.
     *
     * @param lambdas   {Re λ, Im λ}, one of each conjugate pair, fastest first
     * @param basisSize the number of Krylov vectors it took
     */
    record Found(double[][] lambdas, int basisSize) {
    }

    /** y = A x for the operator whose largest eigenvalues are wanted. */
    interface Operator {
        void apply(double[] x, double[] y);
    }

    private KrylovModes() {
    }

    /**
     * The {@code count} fastest eigenvalues λ of lin's first-order system, one of each conjugate
     * pair, as {Re λ, Im λ}, fastest first (fewer when the system has fewer).
     *
     * @param progress told of the basis's growth (see the class comment)
     * @throws IllegalStateException when they have not converged in {@link #capacity} basis vectors,
     *                               or a third of that is fewer than {@code count}
     */
    static Found fastest(LinearizedSystem lin, int count, Progress progress) {
        if (lin.dim == 0 || count <= 0) {
            return new Found(new double[0][], 0);
        }
        if (!lin.hasDamping()) {
            return undamped(lin, count, progress);
        }
        double beta = proportional(lin);
        if (Double.isNaN(beta)) {
            throw new IllegalStateException("the fastest modes of a damped system over " + Modes.DENSE_MAX_DOFS
                    + " free degrees of freedom are found only when its damping is air damping on equal masses");
        }
        Found undamped = undamped(lin, count, progress);
        List<double[]> out = new ArrayList<>();
        for (double[] l : undamped.lambdas()) {
            double w2 = l[1] * l[1] - l[0] * l[0];        // ω² (negative for a growing mode)
            double half = beta / 2;
            if (w2 >= half * half) {
                out.add(new double[] {-half, Math.sqrt(w2 - half * half)});
            } else {                                      // overdamped or growing: two real roots
                double r = Math.sqrt(half * half - w2);
                out.add(new double[] {-half + r, 0});
                out.add(new double[] {-half - r, 0});
            }
        }
        out.sort(Comparator.comparingDouble(l -> -Math.hypot(l[0], l[1])));
        return new Found(out.subList(0, Math.min(count, out.size())).toArray(new double[0][]), undamped.basisSize());
    }

    /** The largest eigenvalues ω² of A, as λ = i ω (or the growing +√(−ω²)). */
    private static Found undamped(LinearizedSystem lin, int count, Progress progress) {
        int n = lin.dim;
        int wanted = Math.min(count, n);
        int cap = capacity(n);
        Basis basis = new Basis(n, lin::applyA, progress, cap);
        basis.stage = "block Lanczos: 0 of " + wanted + " modes converged";
        if (3 * wanted > cap) {
            throw new IllegalStateException("at most " + cap / 3 + " of the fastest modes are found for a system of "
                    + n + " free degrees of freedom; ask for fewer");
        }
        for (int target = firstSize(n, wanted); ; target = nextSize(target, cap)) {
            basis.growTo(target);
            int m = basis.size;
            DMatrixRMaj h = basis.projection(true);
            EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(m, true, true);
            if (!eig.decompose(h)) {
                throw new IllegalStateException("the projected eigen solve did not converge");
            }
            Integer[] order = new Integer[m];
            for (int i = 0; i < m; i++) {
                order[i] = i;
            }
            Arrays.sort(order, Comparator.comparingDouble(i -> -eig.getEigenvalue(i).real));
            double top = Math.abs(eig.getEigenvalue(order[0]).real);
            int take = Math.min(wanted, m);
            boolean converged = basis.exhausted;
            if (!converged) {
                int done = 0;
                while (done < take && basis.residual(eig.getEigenVector(order[done]).data,
                        eig.getEigenvalue(order[done]).real) <= TOLERANCE * top) {
                    done++;
                }
                converged = take == wanted && done == take;
                basis.stage = "block Lanczos: " + done + " of " + wanted + " modes converged";
                progress.at(basis.stage, m, cap);
            }
            if (converged) {
                double[][] out = new double[take][];
                for (int k = 0; k < take; k++) {
                    double w2 = eig.getEigenvalue(order[k]).real;
                    out[k] = w2 >= 0 ? new double[] {0, Math.sqrt(w2)} : new double[] {Math.sqrt(-w2), 0};
                }
                return new Found(out, m);
            }
            if (m >= cap) {
                throw notConverged(count, m);
            }
        }
    }

    /**
     * β when B = β I (damping proportional to the mass: air damping on particles of equal mass,
     * so every undamped mode keeps its shape and gets λ = −β/2 ± i√(ω² − β²/4)), NaN otherwise;
     * tested on B's action on two random vectors.
     */
    static double proportional(LinearizedSystem lin) {
        int n = lin.dim;
        SplittableRandom rnd = new SplittableRandom(11);
        double beta = Double.NaN;
        double[] x = new double[n];
        double[] y = new double[n];
        for (int trial = 0; trial < 2; trial++) {
            for (int i = 0; i < n; i++) {
                x[i] = rnd.nextDouble() - 0.5;
            }
            lin.applyB(x, y);
            double b = Vectors.dot(x, y) / Vectors.dot(x, x);
            Vectors.axpy(-b, x, y);
            if (Vectors.norm(y) > PROPORTIONAL * Math.abs(b) * Vectors.norm(x)
                    || (trial > 0 && Math.abs(b - beta) > PROPORTIONAL * Math.abs(beta))) {
                return Double.NaN;
            }
            beta = b;
        }
        return beta;
    }

    private static IllegalStateException notConverged(int count, int m) {
        return new IllegalStateException("the " + count + " fastest modes did not converge in " + m
                + " Krylov vectors; ask for fewer");
    }

    private static int firstSize(int dim, int wanted) {
        return Math.min(dim, Math.max(60, 3 * wanted + 2 * BLOCK));
    }

    private static int nextSize(int size, int cap) {
        return Math.min(cap, size + Math.max(40, size / 2));
    }

    /** The most basis vectors for a system of {@code dim} unknowns: {@link #MAX_BASIS}, less when memory is short. */
    static int capacity(int dim) {
        return (int) Math.min(dim, Math.min(MAX_BASIS, Math.max(3 * BLOCK, MAX_BASIS_BYTES / (16L * dim))));
    }

    /** An orthonormal Krylov basis V and its image W = L V, grown one vector at a time. */
    private static final class Basis {
        final int dim;
        final Operator op;
        final List<double[]> v = new ArrayList<>();
        final List<double[]> w = new ArrayList<>();
        int size;
        /** The next basis vector whose image is the next candidate. */
        int source;
        /** Whether the basis spans an invariant subspace (every candidate deflated): it is exact. */
        boolean exhausted;
        /** Rows of Vᵀ W computed so far, for the first {@code knownSize} vectors. */
        private double[][] known = new double[0][];
        private int knownSize;

        /** Told of the growth every {@link #REPORT_EVERY} vectors, with {@link #stage}, out of {@link #cap}. */
        private final Progress progress;
        private final int cap;
        /** What the last Rayleigh–Ritz found, for the progress reports. */
        String stage = "";

        Basis(int dim, Operator op, Progress progress, int cap) {
            this.dim = dim;
            this.op = op;
            this.progress = progress;
            this.cap = cap;
            SplittableRandom rnd = new SplittableRandom(0x5eed);
            for (int b = 0; b < Math.min(BLOCK, dim); b++) {
                double[] x = new double[dim];
                for (int i = 0; i < dim; i++) {
                    x[i] = rnd.nextDouble() - 0.5;
                }
                add(x);
            }
        }

        void growTo(int target) {
            while (size < target && !exhausted) {
                if (source >= size) {
                    exhausted = true;
                    break;
                }
                add(w.get(source++).clone());
            }
        }

        /** Orthogonalises x against V (twice) and keeps it unless it was already in V's span. */
        private void add(double[] x) {
            double before = Vectors.norm(x);
            for (int pass = 0; pass < 2; pass++) {
                for (double[] q : v) {
                    Vectors.axpy(-Vectors.dot(q, x), q, x);
                }
            }
            double after = Vectors.norm(x);
            if (before == 0 || after <= DEFLATED * before || size >= dim) {
                return;
            }
            Vectors.scale(x, 1 / after);
            double[] image = new double[dim];
            op.apply(x, image);
            v.add(x);
            w.add(image);
            size++;
            if (size % REPORT_EVERY == 0) {
                progress.at(stage, size, cap);
            }
        }

        /** H = Vᵀ W, symmetrised when the operator is symmetric; the entries known from a smaller basis are kept. */
        DMatrixRMaj projection(boolean symmetric) {
            if (known.length < size) {
                double[][] grown = new double[Math.max(size, 2 * known.length)][];
                System.arraycopy(known, 0, grown, 0, known.length);
                known = grown;
            }
            for (int i = 0; i < size; i++) {
                double[] row = known[i] == null ? new double[size] : Arrays.copyOf(known[i], size);
                int from = known[i] == null ? 0 : Math.min(knownSize, size);
                for (int j = 0; j < size; j++) {
                    if (j >= from || i >= knownSize) {
                        row[j] = Vectors.dot(v.get(i), w.get(j));
                    }
                }
                known[i] = row;
            }
            knownSize = size;
            DMatrixRMaj h = new DMatrixRMaj(size, size);
            for (int i = 0; i < size; i++) {
                for (int j = 0; j < size; j++) {
                    h.set(i, j, symmetric ? 0.5 * (known[i][j] + known[j][i]) : known[i][j]);
                }
            }
            return h;
        }

        /** ‖W s − θ V s‖ / ‖s‖ for a real Ritz pair (V orthonormal: ‖V s‖ = ‖s‖). */
        double residual(double[] s, double theta) {
            double[] r = new double[dim];
            double norm = 0;
            for (int j = 0; j < size; j++) {
                Vectors.axpy(s[j], w.get(j), r);
                Vectors.axpy(-theta * s[j], v.get(j), r);
                norm += s[j] * s[j];
            }
            return Vectors.norm(r) / Math.sqrt(norm);
        }
    }
}
