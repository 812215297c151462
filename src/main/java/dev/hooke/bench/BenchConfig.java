package dev.hooke.bench;

import dev.hooke.core.solve.PreconditionerKind;
import java.util.Arrays;

/**
 * What {@code hooke bench} measures and for how long.
 *
 * @param clothSizes       particles along the edge of each cloth (n × n)
 * @param chainNodes       nodes of the chain; 0 for none
 * @param explicitSteps    measured steps per explicit integrator (as many again to warm up)
 * @param implicitSeconds  simulated seconds measured per implicit integrator with CG, in s
 * @param warmupSeconds    simulated seconds run before that, in s (the cloth comes to hang)
 * @param choleskySteps    measured steps of backward Euler with the direct solver (3 more to warm up)
 * @param choleskyMaxSize  the largest cloth on which the direct solver is run
 * @param hipparchusSteps  steps of the Runge–Kutta comparison
 * @param triadLength      doubles per array of the memory-bandwidth triad
 * @param threads          the thread counts to compare, each step alternating between them (empty: 1 and
 *                         the engine's default)
 * @param preconditioners  the preconditioners of backward Euler with CG, one set of rows each (empty: the
 *                         engine's default, {@link Benchmark#DEFAULT_PRECONDITIONER}, then SSOR, the
 *                         fastest on a cloth at rest)
 * @param implicitOnly     whether to leave out the explicit and position-based integrators
 * @param phasesOnly       whether to measure only the moving and hanging cloths ({@link PhaseBench})
 */
public record BenchConfig(int[] clothSizes, int chainNodes, int explicitSteps, double implicitSeconds,
                          double warmupSeconds, int choleskySteps, int choleskyMaxSize, int hipparchusSteps,
                          int triadLength, int[] threads, PreconditionerKind[] preconditioners,
                          boolean implicitOnly, boolean phasesOnly) {

    /** The full benchmark: 32², 64², 100², 128² cloths and a 1000-node chain. */
    public static BenchConfig full() {
        return new BenchConfig(new int[] {32, 64, 100, 128}, 1000, 1000, 2, 10, 5, 64, 200, 1 << 24, new int[0],
                new PreconditionerKind[0], false, false);
    }

    /** A run of a few seconds on small scenes, to check that everything runs (no meaningful times). */
    public static BenchConfig quick() {
        return new BenchConfig(new int[] {10}, 40, 20, 0.1, 0.05, 2, 10, 10, 1 << 16, new int[0],
                new PreconditionerKind[0], false, false);
    }

    /** A copy with other cloth sizes. */
    public BenchConfig withClothSizes(int[] sizes) {
        return new BenchConfig(sizes.clone(), chainNodes, explicitSteps, implicitSeconds, warmupSeconds,
                choleskySteps, choleskyMaxSize, hipparchusSteps, triadLength, threads, preconditioners, implicitOnly, phasesOnly);
    }

    /** A copy with another chain. */
    public BenchConfig withChainNodes(int nodes) {
        return new BenchConfig(clothSizes, nodes, explicitSteps, implicitSeconds, warmupSeconds,
                choleskySteps, choleskyMaxSize, hipparchusSteps, triadLength, threads, preconditioners, implicitOnly, phasesOnly);
    }

    /** A copy with other measured lengths. */
    public BenchConfig withLengths(int explicit, double implicit, double warmup) {
        return new BenchConfig(clothSizes, chainNodes, explicit, implicit, warmup,
                choleskySteps, choleskyMaxSize, hipparchusSteps, triadLength, threads, preconditioners, implicitOnly, phasesOnly);
    }

    /** A copy with another limit for the direct solver. */
    public BenchConfig withCholeskyMaxSize(int size) {
        return new BenchConfig(clothSizes, chainNodes, explicitSteps, implicitSeconds, warmupSeconds,
                choleskySteps, size, hipparchusSteps, triadLength, threads, preconditioners, implicitOnly, phasesOnly);
    }

    /** A copy with other thread counts. */
    public BenchConfig withThreads(int[] counts) {
        return new BenchConfig(clothSizes, chainNodes, explicitSteps, implicitSeconds, warmupSeconds,
                choleskySteps, choleskyMaxSize, hipparchusSteps, triadLength, counts.clone(), preconditioners, implicitOnly, phasesOnly);
    }

    /** A copy with other preconditioners for backward Euler with CG. */
    public BenchConfig withPreconditioners(PreconditionerKind[] kinds) {
        return new BenchConfig(clothSizes, chainNodes, explicitSteps, implicitSeconds, warmupSeconds,
                choleskySteps, choleskyMaxSize, hipparchusSteps, triadLength, threads, kinds.clone(), implicitOnly, phasesOnly);
    }

    /** A copy that does or does not leave out the explicit and position-based integrators. */
    public BenchConfig withImplicitOnly(boolean only) {
        return new BenchConfig(clothSizes, chainNodes, explicitSteps, implicitSeconds, warmupSeconds,
                choleskySteps, choleskyMaxSize, hipparchusSteps, triadLength, threads, preconditioners, only, phasesOnly);
    }

    /** A copy that does or does not measure only the moving and hanging cloths. */
    public BenchConfig withPhasesOnly(boolean only) {
        return new BenchConfig(clothSizes, chainNodes, explicitSteps, implicitSeconds, warmupSeconds,
                choleskySteps, choleskyMaxSize, hipparchusSteps, triadLength, threads, preconditioners, implicitOnly, only);
    }

    /** The preconditioners to run backward Euler with CG with: {@link #preconditioners()}, or the default. */
    public PreconditionerKind[] preconditionerList() {
        if (preconditioners.length > 0) {
            return preconditioners.clone();
        }
        return Benchmark.DEFAULT_PRECONDITIONER == PreconditionerKind.SSOR
                ? new PreconditionerKind[] {PreconditionerKind.SSOR}
                : new PreconditionerKind[] {Benchmark.DEFAULT_PRECONDITIONER, PreconditionerKind.SSOR};
    }

    /** The thread counts to compare: {@link #threads()}, or 1 and the available processors. */
    public int[] threadCounts() {
        if (threads.length > 0) {
            return threads.clone();
        }
        int n = dev.hooke.core.parallel.Team.availableSize();
        return n > 1 ? new int[] {1, n} : new int[] {1};
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BenchConfig c && Arrays.equals(clothSizes, c.clothSizes) && chainNodes == c.chainNodes
                && explicitSteps == c.explicitSteps && implicitSeconds == c.implicitSeconds
                && warmupSeconds == c.warmupSeconds && choleskySteps == c.choleskySteps
                && choleskyMaxSize == c.choleskyMaxSize && hipparchusSteps == c.hipparchusSteps
                && triadLength == c.triadLength && Arrays.equals(threads, c.threads)
                && Arrays.equals(preconditioners, c.preconditioners) && implicitOnly == c.implicitOnly
                && phasesOnly == c.phasesOnly;
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(clothSizes) + Integer.hashCode(chainNodes) + Arrays.hashCode(threads)
                + 7 * Arrays.hashCode(preconditioners) + Boolean.hashCode(implicitOnly) + 3 * Boolean.hashCode(phasesOnly);
    }

    @Override
    public String toString() {
        return "BenchConfig[sizes=" + Arrays.toString(clothSizes) + ", chain=" + chainNodes + ", threads=" + Arrays.toString(threads)
                + ", preconditioners=" + Arrays.toString(preconditioners) + ", implicitOnly=" + implicitOnly
                + ", phasesOnly=" + phasesOnly + "]";
    }
}
