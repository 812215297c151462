package dev.hooke.core.integrate;

/**
 * An integrator that projects the springs iteratively in each step: position-based dynamics
 * ({@link PositionBasedDynamics}), extended position-based dynamics
 * ({@link ExtendedPositionBasedDynamics}) and Liu et al.'s local/global method
 * ({@link FastMassSpring}). The iteration count is their one accuracy knob: Gauss–Seidel sweeps
 * over the springs for PBD and XPBD, local/global iterations for the fast mass-spring method.
 *
 * <p>After each step {@link #projectionStats()} tells what the step did.
 */
public interface ProjectionIntegrator extends Integrator {

    /** Field name of the iteration count, in messages and on the command line. */
    String ITERATIONS = "iterations";
    /** The iteration count a new integrator starts with. */
    int DEFAULT_ITERATIONS = 10;
    /** The largest iteration count accepted. */
    int MAX_ITERATIONS = 10_000;

    /** The iterations per step. */
    int iterations();

    /**
     * Sets the iterations per step; they take effect at the next step.
     *
     * @throws IllegalArgumentException starting with {@value #ITERATIONS} when n is not in
     *                                  1 … {@value #MAX_ITERATIONS}
     */
    void setIterations(int n);

    /** What the last step did; mutable, reused by the integrator: read it right after the step. */
    ProjectionStats projectionStats();

    /**
     * Checks an iteration count.
     *
     * @return n
     * @throws IllegalArgumentException starting with {@value #ITERATIONS} when n is not in
     *                                  1 … {@value #MAX_ITERATIONS}
     */
    static int checkIterations(int n) {
        if (n < 1 || n > MAX_ITERATIONS) {
            throw new IllegalArgumentException(ITERATIONS + ": must be a whole number from 1 to " + MAX_ITERATIONS
                    + ", got " + n);
        }
        return n;
    }

    /**
     * Reads an iteration count from text.
     *
     * @throws IllegalArgumentException starting with {@value #ITERATIONS}, for example
     *                                  {@code "iterations: must be a whole number from 1 to 10000, got 'abc'"}
     */
    static int parseIterations(String text) {
        String t = text == null ? "" : text.trim();
        int n;
        try {
            n = Integer.parseInt(t);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(ITERATIONS + ": must be a whole number from 1 to " + MAX_ITERATIONS
                    + ", got '" + t + "'", e);
        }
        return checkIterations(n);
    }
}
