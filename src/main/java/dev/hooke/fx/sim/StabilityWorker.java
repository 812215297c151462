package dev.hooke.fx.sim;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.stability.StabilityAnalysis;
import dev.hooke.core.stability.StabilityLimit;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Computes stability limits on a thread of its own, so that neither the window nor the stepping
 * waits for an eigen solve (a 16×16 cloth has 762 free degrees of freedom; EJML's dense solver
 * needs about a second for it). Requests coalesce: while one analysis runs, newer requests
 * replace each other and only the newest is computed next.
 */
final class StabilityWorker implements AutoCloseable {

    /**
     * A copy of the system to analyse, with the method and Verlet's δ (dimensionless); a refresh
     * analyses a running system's present state, with parameters unchanged.
     */
    record Request(long id, MassSpringSystem system, IntegratorKind kind, double verletDelta, boolean refresh) {
    }

    /**
     * The outcome of a request.
     *
     * @param limit      the predicted limit, or null when the analysis failed
     * @param naiveBound 2·√(m/k_s); in s
     * @param failure    why the analysis failed, or null
     */
    record Result(long id, StabilityLimit limit, double naiveBound, String failure, boolean refresh) {
    }

    private final ExecutorService executor = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "hooke-stability");
        t.setDaemon(true);
        t.setPriority(Thread.NORM_PRIORITY - 1);
        return t;
    });
    private final AtomicReference<Request> pending = new AtomicReference<>();
    private final AtomicReference<Result> result = new AtomicReference<>();
    private final AtomicBoolean scheduled = new AtomicBoolean();
    private volatile long lastNanos;

    /** Queues an analysis; any request not yet started is dropped in its favour. */
    void request(Request r) {
        pending.set(r);
        schedule();
    }

    /** Whether no analysis is queued or running. */
    boolean idle() {
        return pending.get() == null && !scheduled.get();
    }

    /** How long the last analysis took; in ns (0 before the first). */
    long lastDurationNanos() {
        return lastNanos;
    }

    /** The newest result, or null before the first. */
    Result latest() {
        return result.get();
    }

    private void schedule() {
        if (scheduled.compareAndSet(false, true)) {
            executor.execute(this::drain);
        }
    }

    private void drain() {
        try {
            Request r;
            while ((r = pending.getAndSet(null)) != null) {
                long start = System.nanoTime();
                Result done = analyse(r);
                lastNanos = System.nanoTime() - start;
                result.set(done);
            }
        } finally {
            scheduled.set(false);
        }
        if (pending.get() != null) {
            schedule();
        }
    }

    static Result analyse(Request r) {
        try {
            StabilityLimit limit = StabilityAnalysis.predictedLimit(r.system(), r.kind(), r.verletDelta());
            return new Result(r.id(), limit, StabilityAnalysis.naiveBound(r.system()), null, r.refresh());
        } catch (RuntimeException e) {
            return new Result(r.id(), null, Double.NaN, "the stability analysis failed: " + e.getMessage(), r.refresh());
        }
    }

    @Override
    public void close() {
        executor.shutdownNow();
    }
}
