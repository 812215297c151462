package dev.hooke.core.stability;

/** The few dense vector operations the eigen solvers of this package use (Saad 2011, §6). */
final class Vectors {

    private Vectors() {
    }

    /** aᵀb. */
    static double dot(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }

    /** |a|. */
    static double norm(double[] a) {
        return Math.sqrt(dot(a, a));
    }

    /** y += α x. */
    static void axpy(double alpha, double[] x, double[] y) {
        for (int i = 0; i < x.length; i++) {
            y[i] += alpha * x[i];
        }
    }

    /** a *= s. */
    static void scale(double[] a, double s) {
        for (int i = 0; i < a.length; i++) {
            a[i] *= s;
        }
    }
}
