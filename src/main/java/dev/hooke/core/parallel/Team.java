package dev.hooke.core.parallel;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * A small fixed team of threads that runs one {@link Job} at a time on every member: member 0 on
 * the calling thread, members 1 … size − 1 on worker threads the team owns. {@link #run} returns
 * when every member has finished (fork–join), so a job sees the results of the one before.
 *
 * <p>No allocation per job: jobs are objects made once by their owner, the workers wait for the
 * next job by spinning briefly ({@value #SPIN_NANOS} ns) and then parking. Workers are daemon
 * threads named {@code hooke-worker-…}, started on the first job and ended after
 * {@value #IDLE_MILLIS} ms without one (a later job starts them again), so an idle or forgotten
 * team holds no threads.
 *
 * <p>A team is meant for one owner thread at a time (an integrator steps on one thread); a job
 * that throws on any member makes {@link #run} throw once all members are done.
 */
public final class Team {

    /** The most threads a team uses: the number of parts of a {@link SpringPartition}. */
    public static final int MAX_SIZE = SpringPartition.PARTS;
    /**
     * Loops over fewer springs than this run on the calling thread. A fork and join costs about
     * 1 µs while the worker spins on a core of its own, but about 120 µs when it must be woken
     * or has lost its core to another process (measured on a busy 2-core machine,
     * docs/performance.md); a loop over fewer springs takes less than that (about 4 ns a spring).
     */
    public static final int PARALLEL_MIN_SPRINGS = 10_000;
    /** How long a waiting thread spins before it parks, in ns. */
    static final long SPIN_NANOS = 50_000;
    /** How long a worker waits for a job before it ends, in ms. */
    static final long IDLE_MILLIS = 2_000;

    /** Work for the members of a team. */
    public interface Job {
        /**
         * Does member {@code member}'s share of the work.
         *
         * @param member  0 … members − 1
         * @param members the team's size
         */
        void run(int member, int members);
    }

    private final int size;
    private final Object lock = new Object();
    private final Slot[] slots;
    private final AtomicInteger remaining = new AtomicInteger();
    private volatile long epoch;
    private volatile Job job;
    private volatile Thread waiter;
    private volatile Throwable failure;
    private static final AtomicInteger THREAD_NUMBER = new AtomicInteger();

    /** The system property that sets {@link #defaultSize()}: {@value}. */
    public static final String THREADS_PROPERTY = "hooke.threads";

    private static final int DEFAULT_SIZE = sizeFrom(System.getProperty(THREADS_PROPERTY), System.err::println);

    /**
     * The default size: 1, or the value of {@code -Dhooke.threads} (1 … {@link #MAX_SIZE}). On the
     * 2-core machines this is measured on, a second thread pays only while the other core is free;
     * with the workbench's window (or any other load) on that core, a worker that must be woken
     * costs about 120 µs per fork–join, and the implicit step with block-Jacobi once got slower
     * (15.7 ms against 10.4 ms, docs/performance.md). More threads are asked for with
     * {@code -Dhooke.threads=2} or {@code Integrator.setThreads}.
     */
    public static int defaultSize() {
        return DEFAULT_SIZE;
    }

    /**
     * The size a value of {@value #THREADS_PROPERTY} asks for: 1 when it is absent; a value that is
     * not a whole number from 1 to {@link #MAX_SIZE} is said in one line to {@code problems} (the
     * standard error, for the property itself), naming the property, and gives 1.
     */
    static int sizeFrom(String value, Consumer<String> problems) {
        if (value == null) {
            return 1;
        }
        try {
            int n = Integer.parseInt(value.trim());
            if (n >= 1 && n <= MAX_SIZE) {
                return n;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        problems.accept("-D" + THREADS_PROPERTY + "=" + value + ": must be a whole number from 1 to " + MAX_SIZE
                + "; using 1");
        return 1;
    }

    /** The available processors, at most {@link #MAX_SIZE}: the most threads worth asking for. */
    public static int availableSize() {
        return Math.max(1, Math.min(MAX_SIZE, Runtime.getRuntime().availableProcessors()));
    }

    /**
     * @param size the number of members, 1 … {@link #MAX_SIZE} (1: every job runs on the caller)
     */
    public Team(int size) {
        if (size < 1 || size > MAX_SIZE) {
            throw new IllegalArgumentException("threads: must be from 1 to " + MAX_SIZE + ", got " + size);
        }
        this.size = size;
        slots = new Slot[size - 1];
        for (int i = 0; i < slots.length; i++) {
            slots[i] = new Slot(i + 1);
        }
    }

    /** The number of members (threads, the caller included). */
    public int size() {
        return size;
    }

    /**
     * The parts of a {@link SpringPartition} that member {@code member} of {@code members} takes:
     * {@code [first, last)}, contiguous and fixed.
     */
    public static int firstPart(int member, int members) {
        return member * SpringPartition.PARTS / members;
    }

    /** The end (exclusive) of member {@code member}'s parts; see {@link #firstPart}. */
    public static int endPart(int member, int members) {
        return (member + 1) * SpringPartition.PARTS / members;
    }

    /**
     * Runs {@code j} on every member and returns when all are done.
     *
     * @throws RuntimeException (or Error) what a member's part threw
     */
    public void run(Job j) {
        if (size == 1) {
            j.run(0, 1);
            return;
        }
        synchronized (lock) {
            for (Slot s : slots) {
                if (!s.alive) {
                    s.start(epoch);
                }
            }
            failure = null;
            job = j;
            remaining.set(size - 1);
            epoch = epoch + 1;
        }
        for (Slot s : slots) {
            LockSupport.unpark(s.thread);
        }
        Throwable own = null;
        try {
            j.run(0, size);
        } catch (RuntimeException | Error e) {
            own = e;
        }
        awaitWorkers();
        job = null;
        Throwable t = own != null ? own : failure;
        if (t instanceof RuntimeException re) {
            throw re;
        }
        if (t instanceof Error er) {
            throw er;
        }
    }

    private void awaitWorkers() {
        long start = System.nanoTime();
        int spins = 0;
        while (remaining.get() != 0) {
            if (++spins < 64 || System.nanoTime() - start < SPIN_NANOS) {
                Thread.onSpinWait();
                continue;
            }
            waiter = Thread.currentThread();
            if (remaining.get() != 0) {
                LockSupport.parkNanos(this, 1_000_000);
            }
            waiter = null;
        }
    }

    /** One worker thread's place in the team. */
    private final class Slot implements Runnable {
        private final int member;
        private volatile boolean alive;
        private volatile Thread thread;
        private long seen;

        Slot(int member) {
            this.member = member;
        }

        /** Starts the worker; called under the lock. */
        void start(long currentEpoch) {
            seen = currentEpoch;
            alive = true;
            Thread t = new Thread(this, "hooke-worker-" + THREAD_NUMBER.incrementAndGet());
            t.setDaemon(true);
            thread = t;
            t.start();
        }

        @Override
        public void run() {
            while (true) {
                if (!awaitJob()) {
                    return;
                }
                seen = epoch;
                Job j = job;
                try {
                    if (j != null) {
                        j.run(member, size);
                    }
                } catch (RuntimeException | Error e) {
                    failure = e;
                }
                if (remaining.decrementAndGet() == 0) {
                    Thread w = waiter;
                    if (w != null) {
                        LockSupport.unpark(w);
                    }
                }
            }
        }

        /** Waits for a new epoch; false when the worker should end (idle too long). */
        private boolean awaitJob() {
            long start = System.nanoTime();
            int spins = 0;
            while (epoch == seen) {
                long waited = System.nanoTime() - start;
                if (++spins < 64 || waited < SPIN_NANOS) {
                    Thread.onSpinWait();
                    continue;
                }
                if (waited > IDLE_MILLIS * 1_000_000L) {
                    synchronized (lock) {
                        if (epoch == seen) {
                            alive = false;
                            return false;
                        }
                    }
                    return true;
                }
                LockSupport.parkNanos(this, 10_000_000);
            }
            return true;
        }
    }
}
