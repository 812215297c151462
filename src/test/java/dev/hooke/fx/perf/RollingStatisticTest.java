package dev.hooke.fx.perf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.Allocations;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The rolling statistic's quantiles against their definition by nearest rank. */
class RollingStatisticTest {

    private static final long SEED = 20261130L;
    private static final double[] SHARES = {0, 0.1, 0.25, 0.5, 0.9, 0.99, 1};

    /** Shuffles 1 … n with a seeded generator. */
    private static long[] shuffled(int n, Random random) {
        long[] v = new long[n];
        for (int i = 0; i < n; i++) {
            v[i] = i + 1;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            long t = v[i];
            v[i] = v[j];
            v[j] = t;
        }
        return v;
    }

    /** Of the values 1 … n, Q(p) is the rank ⌈p·n⌉ itself (at least 1). */
    @Test
    void quantilesOfAPermutationAreTheirRanks() {
        Random random = new Random(SEED);
        for (int n = 1; n <= 64; n++) {
            RollingStatistic s = new RollingStatistic(64);
            for (long v : shuffled(n, random)) {
                s.add(v);
            }
            assertEquals(n, s.count());
            for (double p : SHARES) {
                long rank = Math.max(1, (long) Math.ceil(p * n));
                assertEquals(rank, s.quantile(p), "n = " + n + ", p = " + p);
            }
            assertEquals(n, s.max());
        }
    }

    /** The median of an even count is the lower of the two middle values. */
    @Test
    void medianOfAnEvenCountIsTheLowerMiddle() {
        RollingStatistic s = new RollingStatistic(8);
        for (long v : new long[] {40, 10, 30, 20}) {
            s.add(v);
        }
        assertEquals(20, s.median());
        assertEquals(40, s.quantile(0.9));
        assertEquals(10, s.quantile(0));
    }

    /** Once full, the statistic describes the latest values only, as a sort of them does. */
    @Test
    void holdsTheLatestValuesOnly() {
        Random random = new Random(SEED + 1);
        int capacity = 240;
        RollingStatistic s = new RollingStatistic(capacity);
        long[] all = new long[1000];
        for (int i = 0; i < all.length; i++) {
            all[i] = (long) (1e6 * Math.exp(random.nextGaussian()));
            s.add(all[i]);
            int held = Math.min(i + 1, capacity);
            if (i % 97 == 0 || i == all.length - 1) {
                long[] window = Arrays.copyOfRange(all, i + 1 - held, i + 1);
                Arrays.sort(window);
                for (double p : SHARES) {
                    int rank = Math.max(1, (int) Math.ceil(p * held));
                    assertEquals(window[rank - 1], s.quantile(p), "after " + (i + 1) + ", p = " + p);
                }
            }
        }
        assertEquals(capacity, s.count());
        assertEquals(all.length, s.total());
    }

    @Test
    void quantileInMillisecondsIsTheNanosecondOneScaled() {
        RollingStatistic s = new RollingStatistic(4);
        assertTrue(Double.isNaN(s.quantileMillis(0.5)));
        s.add(2_500_000);
        s.add(1_000_000);
        assertEquals(1.0, s.quantileMillis(0.5), 0);
        assertEquals(2.5, s.quantileMillis(1), 0);
    }

    @Test
    void clearForgetsEverything() {
        RollingStatistic s = new RollingStatistic(4);
        s.add(5);
        s.add(7);
        s.clear();
        assertEquals(0, s.count());
        assertEquals(0, s.total());
        s.add(3);
        assertEquals(3, s.median());
    }

    @Test
    void badArgumentsAreNamed() {
        IllegalArgumentException capacity = assertThrows(IllegalArgumentException.class, () -> new RollingStatistic(0));
        assertTrue(capacity.getMessage().startsWith("capacity"), capacity.getMessage());
        RollingStatistic s = new RollingStatistic(4);
        assertThrows(IllegalStateException.class, s::median);
        s.add(1);
        IllegalArgumentException p = assertThrows(IllegalArgumentException.class, () -> s.quantile(1.5));
        assertTrue(p.getMessage().startsWith("p"), p.getMessage());
        assertThrows(IllegalArgumentException.class, () -> s.quantile(Double.NaN));
    }

    /** Recording a value and reading the median and p90 allocate nothing. */
    @Test
    void recordingAndReadingAllocateNothing() {
        RollingStatistic s = new RollingStatistic(PerformanceMonitor.WINDOW);
        long[] sink = new long[1];
        Random random = new Random(SEED + 2);
        long[] values = new long[4096];
        for (int i = 0; i < values.length; i++) {
            values[i] = random.nextInt(10_000_000);
        }
        int[] at = new int[1];
        Runnable pulse = () -> {
            s.add(values[at[0]++ & (values.length - 1)]);
            sink[0] += s.median() + s.quantile(0.9) + s.max();
        };
        for (int i = 0; i < 20_000; i++) {
            pulse.run();
        }
        assertEquals(0, Allocations.quietestWindow(pulse, 50, 10));
        assertTrue(sink[0] > 0);
    }
}
