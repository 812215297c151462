/**
 * Deterministic data parallelism for the engine's big loops: a small fixed team of threads
 * ({@link dev.hooke.core.parallel.Team}) and a fixed partition of a system's particles and springs
 * ({@link dev.hooke.core.parallel.SpringPartition}) into {@value dev.hooke.core.parallel.SpringPartition#PARTS}
 * parts, so that every sum is taken in the same order whatever the number of threads: the results
 * are bit for bit the same with one thread or several.
 */
package dev.hooke.core.parallel;
