package dev.hooke.bench;

import java.util.Arrays;

/** Order statistics of timings; nearest-rank percentiles of the recorded values. */
final class Samples {

    private final double[] values;
    private int count;

    Samples(int capacity) {
        values = new double[Math.max(1, capacity)];
    }

    void add(double v) {
        if (count < values.length) {
            values[count++] = v;
        }
    }

    int count() {
        return count;
    }

    /** The p-quantile, 0 ≤ p ≤ 1, nearest rank; NaN when empty. */
    double quantile(double p) {
        if (count == 0) {
            return Double.NaN;
        }
        double[] sorted = Arrays.copyOf(values, count);
        Arrays.sort(sorted);
        int rank = (int) Math.round(p * (count - 1));
        return sorted[Math.max(0, Math.min(count - 1, rank))];
    }

    double median() {
        return quantile(0.5);
    }

    double mean() {
        if (count == 0) {
            return Double.NaN;
        }
        double s = 0;
        for (int i = 0; i < count; i++) {
            s += values[i];
        }
        return s / count;
    }
}
