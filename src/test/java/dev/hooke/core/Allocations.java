package dev.hooke.core;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;

/**
 * Bytes allocated by a piece of work, from the JVM's per-thread allocation counter, over the
 * calling thread and the engine's worker threads ({@code hooke-worker-…}). The optimising compiler
 * now and then charges a few hundred bytes of its own to a thread (none appear with {@code -Xint}),
 * so a check asks for the quietest of several windows of a few steps: work that allocates on
 * every step never gives a window of zero.
 */
public final class Allocations {

    private Allocations() {
    }

    /**
     * The fewest bytes allocated in any of {@code windows} windows of {@code steps} calls of
     * {@code step}; skips the test on a JVM without the counter. Call once the work is warm.
     */
    public static long quietestWindow(Runnable step, int steps, int windows) {
        ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        Assumptions.assumeTrue(bean instanceof com.sun.management.ThreadMXBean, "no per-thread allocation counter");
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) bean;
        Assumptions.assumeTrue(mx.isThreadAllocatedMemorySupported() && mx.isThreadAllocatedMemoryEnabled(),
                "no per-thread allocation counter");
        long[] ids = threads();
        long[] before = new long[ids.length];
        long least = Long.MAX_VALUE;
        for (int w = 0; w < windows; w++) {
            read(mx, ids, before);
            for (int i = 0; i < steps; i++) {
                step.run();
            }
            least = Math.min(least, since(mx, ids, before));
        }
        return least;
    }

    private static long[] threads() {
        List<Long> ids = new ArrayList<>();
        ids.add(Thread.currentThread().getId());
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t != Thread.currentThread() && t.getName().startsWith("hooke-worker")) {
                ids.add(t.getId());
            }
        }
        return ids.stream().mapToLong(Long::longValue).toArray();
    }

    private static void read(com.sun.management.ThreadMXBean mx, long[] ids, long[] out) {
        for (int k = 0; k < ids.length; k++) {
            out[k] = mx.getThreadAllocatedBytes(ids[k]);
        }
    }

    /**
     * The bytes the threads allocated since {@code before}, counting only threads alive at both
     * reads (−1 otherwise): an idle worker that ended in between (after 2 s without a job) drops
     * out instead of taking its earlier bytes off the sum.
     */
    private static long since(com.sun.management.ThreadMXBean mx, long[] ids, long[] before) {
        long total = 0;
        for (int k = 0; k < ids.length; k++) {
            long b = mx.getThreadAllocatedBytes(ids[k]);
            if (b >= 0 && before[k] >= 0) {
                total += b - before[k];
            }
        }
        return total;
    }
}
