package dev.hooke.fx.perf;

/**
 * The last {@code capacity} values of a series of durations (in ns), with their median, other
 * quantiles and maximum. Recording and reading allocate nothing: the values live in a ring
 * buffer, and a quantile is read from a sorted copy kept in a second array of the same size.
 * Uses no toolkit class; not thread-safe (one thread records and reads).
 *
 * <p>Quantiles are by nearest rank (Hyndman and Fan 1996, definition 1): of the n values held,
 * sorted ascending as x₍₁₎ ≤ … ≤ x₍ₙ₎, the p-quantile is
 * <pre>  Q(p) = x₍ⱼ₎,  j = max(1, ⌈p·n⌉)</pre>
 * the smallest value such that at least a share p of the values are at or below it. The median
 * is Q(½): for an even n the lower of the two middle values. Every quantile is a value that was
 * recorded.
 */
public final class RollingStatistic {

    private final long[] ring;
    private final long[] sorted;
    private int next;
    private int count;
    private long total;
    private boolean sortedCurrent;

    /** @param capacity how many of the latest values are held (at least 1) */
    public RollingStatistic(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity: must be at least 1, got " + capacity);
        }
        ring = new long[capacity];
        sorted = new long[capacity];
    }

    /** How many of the latest values are held at most. */
    public int capacity() {
        return ring.length;
    }

    /** How many values are held now (at most the capacity). */
    public int count() {
        return count;
    }

    /** How many values were recorded since the last clear (the ones no longer held included). */
    public long total() {
        return total;
    }

    /** Records a value; in ns. The oldest one is forgotten once the capacity is reached. */
    public void add(long nanos) {
        ring[next] = nanos;
        next = next + 1 == ring.length ? 0 : next + 1;
        if (count < ring.length) {
            count++;
        }
        total++;
        sortedCurrent = false;
    }

    /** Forgets every value. */
    public void clear() {
        next = 0;
        count = 0;
        total = 0;
        sortedCurrent = false;
    }

    /**
     * Q(p) of the values held, by nearest rank (see the class comment); in ns.
     *
     * @param p the share, 0 ≤ p ≤ 1
     * @throws IllegalStateException when no value is held
     */
    public long quantile(double p) {
        if (!(p >= 0 && p <= 1)) {
            throw new IllegalArgumentException("p: must be from 0 to 1, got " + p);
        }
        if (count == 0) {
            throw new IllegalStateException("no values recorded");
        }
        sort();
        int rank = Math.max(1, (int) Math.ceil(p * count));
        return sorted[Math.min(rank, count) - 1];
    }

    /** The median Q(½); in ns. */
    public long median() {
        return quantile(0.5);
    }

    /** The largest value held; in ns. */
    public long max() {
        return quantile(1);
    }

    /** Q(p) in ms, or NaN when no value is held. */
    public double quantileMillis(double p) {
        return count == 0 ? Double.NaN : quantile(p) * 1e-6;
    }

    /** Sorts the values held into {@code sorted[0 … count)}, by heapsort (in place, no allocation). */
    private void sort() {
        if (sortedCurrent) {
            return;
        }
        System.arraycopy(ring, 0, sorted, 0, count);
        for (int i = count / 2 - 1; i >= 0; i--) {
            siftDown(i, count);
        }
        for (int end = count - 1; end > 0; end--) {
            long top = sorted[0];
            sorted[0] = sorted[end];
            sorted[end] = top;
            siftDown(0, end);
        }
        sortedCurrent = true;
    }

    private void siftDown(int i, int n) {
        long v = sorted[i];
        int at = i;
        while (true) {
            int child = 2 * at + 1;
            if (child >= n) {
                break;
            }
            if (child + 1 < n && sorted[child + 1] > sorted[child]) {
                child++;
            }
            if (sorted[child] <= v) {
                break;
            }
            sorted[at] = sorted[child];
            at = child;
        }
        sorted[at] = v;
    }
}
