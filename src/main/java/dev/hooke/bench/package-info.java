/**
 * The benchmark behind {@code hooke bench}: what a step of each integrator costs on cloths and a
 * chain (median and spread, CG iterations, the split between forces, assembly and solve, bytes
 * allocated), and three baselines measured in the same run: EJML's sparse Cholesky on the same
 * linear system, Hipparchus's classical Runge–Kutta integrator on the same equations of motion,
 * and a STREAM-style triad for the machine's memory bandwidth.
 *
 * <p>Only wall-clock figures from {@link java.lang.System#nanoTime()} and the JVM's per-thread
 * allocation counter; nothing here changes the engine.
 */
package dev.hooke.bench;
