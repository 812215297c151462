package dev.hooke.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * Bytes allocated on the Java heap by the calling thread and the engine's worker threads (those
 * whose name starts with {@value #WORKER_PREFIX}), from the JVM's per-thread counter
 * ({@code com.sun.management.ThreadMXBean#getThreadAllocatedBytes}). The threads are looked up in
 * {@link #start()}, which allocates; {@link #stop()} allocates nothing.
 */
final class AllocationCounter {

    /** The name prefix of the engine's worker threads. */
    static final String WORKER_PREFIX = "hooke-worker";

    private final com.sun.management.ThreadMXBean bean;
    private long[] ids = new long[0];
    private long before;

    AllocationCounter() {
        ThreadMXBean b = ManagementFactory.getThreadMXBean();
        com.sun.management.ThreadMXBean mx = b instanceof com.sun.management.ThreadMXBean m ? m : null;
        if (mx != null && mx.isThreadAllocatedMemorySupported()) {
            if (!mx.isThreadAllocatedMemoryEnabled()) {
                mx.setThreadAllocatedMemoryEnabled(true);
            }
            bean = mx;
        } else {
            bean = null;
        }
    }

    /** Whether this JVM counts allocated bytes per thread. */
    boolean supported() {
        return bean != null;
    }

    /** Finds the threads to count and reads their counters. */
    void start() {
        if (bean == null) {
            return;
        }
        Thread current = Thread.currentThread();
        long[] found = new long[Thread.activeCount() + 8];
        int n = 0;
        found[n++] = current.getId();
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t != current && t.getName().startsWith(WORKER_PREFIX) && n < found.length) {
                found[n++] = t.getId();
            }
        }
        ids = java.util.Arrays.copyOf(found, n);
        before = sum();
    }

    /** Bytes allocated by the counted threads since {@link #start()}; −1 when not supported. */
    long stop() {
        if (bean == null) {
            return -1;
        }
        return sum() - before;
    }

    private long sum() {
        long total = 0;
        for (long id : ids) {
            long b = bean.getThreadAllocatedBytes(id);
            if (b > 0) {
                total += b;
            }
        }
        return total;
    }
}
