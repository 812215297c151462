package dev.hooke.bench;

/**
 * A STREAM-style triad (McCalpin, "Memory Bandwidth and Machine Balance in Current High
 * Performance Computers", IEEE TCCA Newsletter, 1995):
 * <pre>
 *   a_i = b_i + q c_i,   i = 0 … N − 1
 * </pre>
 * counted, as STREAM counts it, as 24 bytes per element (two 8-byte reads, one 8-byte write; the
 * write-allocate read is not counted). With arrays much larger than the last-level cache it
 * measures the sustainable memory bandwidth; with small ones the cache's. Threads split the
 * index range into equal contiguous parts.
 */
final class StreamTriad {

    private final double[] a;
    private final double[] b;
    private final double[] c;

    /** Three arrays of {@code n} doubles. */
    StreamTriad(int n) {
        a = new double[n];
        b = new double[n];
        c = new double[n];
        for (int i = 0; i < n; i++) {
            a[i] = 1;
            b[i] = 2;
            c[i] = 0.5;
        }
    }

    int length() {
        return a.length;
    }

    /** The bytes one triad counts: 24 N. */
    long bytes() {
        return 24L * a.length;
    }

    /**
     * The best bandwidth over {@code repeats} timed triads (after one untimed), in bytes per
     * second, as STREAM reports it.
     */
    double bandwidth(int threads, int repeats) {
        int inner = Math.max(1, (1 << 24) / a.length);
        run(threads, 3.0, inner);
        double best = Double.MAX_VALUE;
        for (int r = 0; r < repeats; r++) {
            long t0 = System.nanoTime();
            run(threads, 3.0, inner);
            best = Math.min(best, (System.nanoTime() - t0) * 1e-9);
        }
        return (double) bytes() * inner / best;
    }

    /** A check that the triad really ran: a_0 after the last one. */
    double first() {
        return a[0];
    }

    /** {@code inner} triads in a row, each thread on its part (small arrays: enough work to time). */
    private void run(int threads, double q, int inner) {
        int n = a.length;
        if (threads <= 1) {
            triad(0, n, q, inner);
            return;
        }
        Thread[] workers = new Thread[threads - 1];
        for (int t = 1; t < threads; t++) {
            int lo = (int) ((long) n * t / threads);
            int hi = (int) ((long) n * (t + 1) / threads);
            workers[t - 1] = new Thread(() -> triad(lo, hi, q, inner), "triad-" + t);
            workers[t - 1].start();
        }
        triad(0, (int) ((long) n / threads), q, inner);
        for (Thread w : workers) {
            try {
                w.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private void triad(int lo, int hi, double q, int inner) {
        final double[] x = a;
        final double[] y = b;
        final double[] z = c;
        for (int k = 0; k < inner; k++) {
            for (int i = lo; i < hi; i++) {
                x[i] = y[i] + q * z[i];
            }
        }
    }
}
