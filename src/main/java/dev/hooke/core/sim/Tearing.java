package dev.hooke.core.sim;

import dev.hooke.core.force.SpringGeometry;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.model.StateRecord;

/**
 * Breaks the springs stretched past the system's tear strain after each step, and tells a tear
 * from a blow-up.
 *
 * <h2>Breaking</h2>
 * A spring whose strain ε = (l − L)/L exceeds ε_t ({@link MassSpringSystem#tearStrain()}, 0 = off)
 * breaks ({@link MassSpringSystem#breakSpring}). Its elastic energy ½ k_s (l − L)² leaves the system
 * with it: the material's fracture takes it, and {@link #step} returns it so that the simulation
 * counts it as dissipated work (E + W_d stays a measure of the integrator alone).
 *
 * <h2>Tear or blow-up</h2>
 * A tear runs along a crack: a few springs at its tip break in a step. A numerical blow-up grows in
 * the fastest modes everywhere at once, and with tearing on, the springs that would have exploded
 * break instead, nearly all within a few steps (a mode growing by a factor ρ &gt; 1 per step goes
 * from 1 % to 30 % strain in log(30)/log(ρ) steps). A burst is more than {@value #SHATTER_FRACTION}
 * of all springs, and more than {@value #SHATTER_MIN} springs, breaking within the last
 * {@value #WINDOW} steps (a handful breaking together is a tear however small the system). A
 * violent load can tear a cloth that fast too (a gale on a small cloth, a large Δt), so the
 * simulation reports a burst as an explosion only when Δt is also above the integrator's predicted
 * stability limit, where numerical growth is the likely cause; the energy and finiteness checks of {@link Simulation} stay as they are (a broken
 * spring's energy is counted as dissipated, so a tear itself never raises the energy of motion).
 *
 * <h2>Saved states</h2>
 * A spring keeps the k_s and k_d it had when it broke, so that restoring a state saved before the
 * tear mends it ({@link #saveState}, {@link #restoreState}).
 *
 * <p>Nothing allocates after the first step with tearing on.
 */
final class Tearing {

    /** The number of recent steps over which springs that broke are counted. */
    static final int WINDOW = 10;
    /** The share of all springs that may break within {@link #WINDOW} steps before it counts as a blow-up. */
    static final double SHATTER_FRACTION = 0.25;
    /** The number of springs that may always break within {@link #WINDOW} steps. */
    static final int SHATTER_MIN = 16;

    private final int[] recent = new int[WINDOW];
    private int cursor;
    private int inWindow;
    /** k_s and k_d of each spring when it broke; in N/m and N·s/m. */
    private double[] brokenKs = new double[0];
    private double[] brokenKd = new double[0];
    /** The broken springs of a state, one bit each. */
    private long[] bits = new long[0];

    /**
     * Breaks the springs past the tear strain.
     *
     * @return the elastic energy released by the springs that broke; in J
     */
    double step(MassSpringSystem s) {
        double limit = s.tearStrain();
        int broke = 0;
        double released = 0;
        if (limit > 0) {
            final int[] sa = s.springAArray();
            final int[] sb = s.springBArray();
            final double[] rest = s.restLengthArray();
            final double[] ks = s.stiffnessArray();
            final double[] x = s.x;
            if (brokenKs.length != s.springCount()) {
                brokenKs = new double[s.springCount()];
                brokenKd = new double[s.springCount()];
            }
            for (int sp = 0; sp < s.springCount(); sp++) {
                double r = rest[sp];
                if (s.isBroken(sp) || !(r > 0)) {
                    continue;
                }
                double l = SpringGeometry.length(x, 3 * sa[sp], 3 * sb[sp]);
                if ((l - r) / r > limit) {
                    released += SpringGeometry.energy(ks[sp], r, l);
                    brokenKs[sp] = ks[sp];
                    brokenKd[sp] = s.springDamping(sp);
                    s.breakSpring(sp);
                    broke++;
                }
            }
        }
        inWindow += broke - recent[cursor];
        recent[cursor] = broke;
        cursor = (cursor + 1) % WINDOW;
        return released;
    }

    /** The number of springs that broke within the last {@link #WINDOW} steps. */
    int recentlyBroken() {
        return inWindow;
    }

    /** Whether more than {@link #SHATTER_FRACTION} of s's springs, and more than {@link #SHATTER_MIN}, broke within the window. */
    boolean shattered(MassSpringSystem s) {
        return inWindow > SHATTER_MIN && inWindow > SHATTER_FRACTION * s.springCount();
    }

    /** Saves the broken springs (one bit each) and the recent tears' window. */
    void saveState(StateRecord out, MassSpringSystem s) {
        int words = (s.springCount() + 63) >>> 6;
        if (bits.length != words) {
            bits = new long[words];
        }
        java.util.Arrays.fill(bits, 0);
        for (int sp = 0; sp < s.springCount(); sp++) {
            if (s.isBroken(sp)) {
                bits[sp >>> 6] |= 1L << sp;
            }
        }
        out.putArray(bits);
        for (int k = 0; k < WINDOW; k++) {
            out.putLong(recent[k]);
        }
        out.putLong(cursor);
        out.putLong(inWindow);
    }

    /** Breaks and mends springs as they were when the state was saved, and takes the window back. */
    void restoreState(StateRecord in, MassSpringSystem s) {
        if (bits.length != in.nextArrayLength()) {
            bits = new long[in.nextArrayLength()];
        }
        in.nextArray(bits);
        if (brokenKs.length != s.springCount()) {
            brokenKs = new double[s.springCount()];
            brokenKd = new double[s.springCount()];
        }
        for (int sp = 0; sp < s.springCount(); sp++) {
            boolean was = (bits[sp >>> 6] & (1L << sp)) != 0;
            if (was && !s.isBroken(sp)) {
                brokenKs[sp] = s.stiffness(sp);
                brokenKd[sp] = s.springDamping(sp);
                s.breakSpring(sp);
            } else if (!was && s.isBroken(sp)) {
                s.mend(sp, brokenKs[sp], brokenKd[sp]);
            }
        }
        for (int k = 0; k < WINDOW; k++) {
            recent[k] = (int) in.nextLong();
        }
        cursor = (int) in.nextLong();
        inWindow = (int) in.nextLong();
    }
}
