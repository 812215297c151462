package dev.hooke.core.model;

import java.util.Arrays;

/**
 * A saved state of a simulation: everything its next steps depend on, written in order by each
 * part that keeps something from one step to the next (the simulation's time, step count and
 * energy accumulators, the system's positions, velocities and broken springs, then the
 * integrator's own history: Verlet's previous positions, an implicit solver's warm start, a
 * preconditioner's lagged factor) and read back in the same order.
 *
 * <h2>Layout</h2>
 * Two sequences, read and written with a cursor each: <em>words</em>, 64-bit scalars (a double is
 * kept as its raw bits, so that it comes back bit for bit), and <em>arrays</em>, copies of
 * {@code double[]} or {@code long[]} state. The integrator's part comes last and is tagged with
 * its kind ({@link #integratorPart}): a reader whose method is another skips it.
 *
 * <h2>Memory</h2>
 * A record is meant to be reused: writing into it again keeps every array whose length is
 * unchanged, so that once a record has held a state of a system, saving another state of the same
 * system allocates nothing; arrays a shorter state leaves unused are let go
 * ({@link #releaseUnused()}). {@link #bytes()} is what it holds.
 */
public final class StateRecord {

    private long[] words = new long[32];
    private int wordCount;
    private int wordRead;
    private Object[] arrays = new Object[16];
    private int arrayCount;
    private int arrayRead;
    private Object tag;
    private int tagWord = -1;
    private int tagArray = -1;
    private Object[] references = new Object[4];
    private int referenceCount;
    private int referenceRead;

    // ------------------------------------------------------------------ writing

    /** Starts writing a new state from the beginning (the arrays are kept for reuse). */
    public void clear() {
        wordCount = 0;
        arrayCount = 0;
        referenceCount = 0;
        tag = null;
        tagWord = -1;
        tagArray = -1;
        Arrays.fill(references, null);
        rewind();
    }

    /** Appends a double, bit for bit. */
    public void putDouble(double d) {
        putLong(Double.doubleToRawLongBits(d));
    }

    /** Appends a long. */
    public void putLong(long w) {
        if (wordCount == words.length) {
            words = Arrays.copyOf(words, 2 * wordCount);
        }
        words[wordCount++] = w;
    }

    /** Appends a boolean. */
    public void putBoolean(boolean b) {
        putLong(b ? 1 : 0);
    }

    /** Appends a reference to an immutable value (an explosion report, a limit); null allowed. */
    public void putReference(Object value) {
        if (referenceCount == references.length) {
            references = Arrays.copyOf(references, 2 * referenceCount);
        }
        references[referenceCount++] = value;
    }

    /** Appends a copy of {@code src[0, length)}. */
    public void putArray(double[] src, int length) {
        Object slot = slot();
        double[] copy = slot instanceof double[] d && d.length == length ? d : new double[length];
        System.arraycopy(src, 0, copy, 0, length);
        arrays[arrayCount++] = copy;
    }

    /** Appends a copy of {@code src}. */
    public void putArray(double[] src) {
        putArray(src, src.length);
    }

    /** Appends a copy of {@code src}. */
    public void putArray(long[] src) {
        Object slot = slot();
        long[] copy = slot instanceof long[] l && l.length == src.length ? l : new long[src.length];
        System.arraycopy(src, 0, copy, 0, src.length);
        arrays[arrayCount++] = copy;
    }

    /** The array kept at the next position from an earlier write, or null. */
    private Object slot() {
        if (arrayCount == arrays.length) {
            arrays = Arrays.copyOf(arrays, 2 * arrayCount);
        }
        return arrays[arrayCount];
    }

    /**
     * Marks the start of the integrator's part, written by the method {@code kind} (any value with
     * a meaningful {@code equals}, an {@code IntegratorKind}); it must be the last part.
     */
    public void integratorPart(Object kind) {
        tag = kind;
        tagWord = wordCount;
        tagArray = arrayCount;
    }

    // ------------------------------------------------------------------ reading

    /** Starts reading from the beginning. */
    public void rewind() {
        wordRead = 0;
        arrayRead = 0;
        referenceRead = 0;
    }

    /** The next double. */
    public double nextDouble() {
        return Double.longBitsToDouble(nextLong());
    }

    /** The next long. */
    public long nextLong() {
        if (wordRead >= wordCount) {
            throw new IllegalStateException("the state record holds no more values");
        }
        return words[wordRead++];
    }

    /** The next boolean. */
    public boolean nextBoolean() {
        return nextLong() != 0;
    }

    /** The next reference. */
    public Object nextReference() {
        if (referenceRead >= referenceCount) {
            throw new IllegalStateException("the state record holds no more references");
        }
        return references[referenceRead++];
    }

    /** The length of the next array (which must be a double[] or long[]), without reading it. */
    public int nextArrayLength() {
        Object a = peek();
        return a instanceof double[] d ? d.length : ((long[]) a).length;
    }

    /**
     * Copies the next array into {@code dst}, whose length must be the array's.
     *
     * @throws IllegalStateException when the lengths differ (the record is of another system)
     */
    public void nextArray(double[] dst) {
        double[] src = (double[]) peek();
        if (src.length != dst.length) {
            throw new IllegalStateException("the state record holds " + src.length + " values where "
                    + dst.length + " are needed: it was saved from another system");
        }
        System.arraycopy(src, 0, dst, 0, src.length);
        arrayRead++;
    }

    /** Copies the next array into {@code dst} (same length, see {@link #nextArray(double[])}). */
    public void nextArray(long[] dst) {
        long[] src = (long[]) peek();
        if (src.length != dst.length) {
            throw new IllegalStateException("the state record holds " + src.length + " values where "
                    + dst.length + " are needed: it was saved from another system");
        }
        System.arraycopy(src, 0, dst, 0, src.length);
        arrayRead++;
    }

    private Object peek() {
        if (arrayRead >= arrayCount) {
            throw new IllegalStateException("the state record holds no more arrays");
        }
        return arrays[arrayRead];
    }

    /** The method that wrote the integrator's part, or null when there is none. */
    public Object integratorKind() {
        return tag;
    }

    /** Whether the reader stands at the start of the integrator's part. */
    public boolean atIntegratorPart() {
        return tagWord == wordRead && tagArray == arrayRead;
    }

    // ------------------------------------------------------------------ size

    /**
     * Lets go of the arrays kept from an earlier, longer state that the state just written does not
     * use, so that a record holds only what it needs (allocates nothing).
     */
    public void releaseUnused() {
        for (int k = arrayCount; k < arrays.length && arrays[k] != null; k++) {
            arrays[k] = null;
        }
    }

    /** The size of an array's header on a 64-bit JVM; in bytes. */
    private static final long ARRAY_HEADER = 16;

    /**
     * The bytes the record holds: its tables and every array it keeps (those kept for reuse too),
     * headers counted; in bytes.
     */
    public long bytes() {
        long b = 3 * ARRAY_HEADER + 8L * words.length + 8L * arrays.length + 8L * references.length;
        for (Object a : arrays) {
            if (a instanceof double[] d) {
                b += ARRAY_HEADER + 8L * d.length;
            } else if (a instanceof long[] l) {
                b += ARRAY_HEADER + 8L * l.length;
            }
        }
        return b;
    }
}
