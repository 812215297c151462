package dev.hooke.fx.sim;

import dev.hooke.core.model.MassSpringSystem;

/**
 * The pins as snapshots report them, and the particle the mouse holds: a held particle is pinned
 * in every system shown while held, and counts in snapshots as it was before it was grabbed.
 * Confined to the simulation thread.
 */
final class Pins {

    /** The particle held (−1: none), and whether it was pinned before it was grabbed. */
    private int grabbed = -1;
    private boolean grabbedWasPinned;
    /** A new array (never written after publication) only when the pins change. */
    private boolean[] flags = new boolean[0];
    private long revision;

    /** A new scene: nothing held, the pins as built. */
    void reset(Lanes lanes) {
        grabbed = -1;
        refresh(lanes);
    }

    boolean[] flags() {
        return flags;
    }

    long revision() {
        return revision;
    }

    /** Holds particle i at (x, y, z), in m, with zero velocity in every system. */
    void grab(Lanes lanes, int i, double x, double y, double z) {
        requireParticle(lanes, i);
        if (grabbed != i) {
            release(lanes);
            grabbed = i;
            grabbedWasPinned = lanes.sim(0).system().isPinned(i);
        }
        lanes.forEach(sim -> {
            if (!sim.system().isPinned(i)) {
                sim.system().setPinned(i, true);
            }
            sim.system().setParticleState(i, x, y, z, 0, 0, 0);
            sim.parametersChanged();        // energies now include the held particle's new place
        });
    }

    /** Lets the held particle go (pinned again if it was); whether one was held. */
    boolean release(Lanes lanes) {
        if (grabbed < 0) {
            return false;
        }
        int i = grabbed;
        grabbed = -1;
        if (!grabbedWasPinned) {
            lanes.forEach(sim -> sim.system().setPinned(i, false));
        }
        return true;
    }

    /** Pins particle i when free, frees it when pinned; whether the systems' pins changed. */
    boolean toggle(Lanes lanes, int i) {
        requireParticle(lanes, i);
        if (i == grabbed) {
            grabbedWasPinned = !grabbedWasPinned;
            refresh(lanes);
            return false;
        }
        boolean pin = !lanes.sim(0).system().isPinned(i);
        lanes.forEach(sim -> sim.system().setPinned(i, pin));
        refresh(lanes);
        return true;
    }

    private void refresh(Lanes lanes) {
        MassSpringSystem s = lanes.sim(0).system();
        boolean[] next = new boolean[s.particleCount()];
        for (int i = 0; i < next.length; i++) {
            next[i] = i == grabbed ? grabbedWasPinned : s.isPinned(i);
        }
        flags = next;
        revision++;
    }

    private static void requireParticle(Lanes lanes, int i) {
        int n = lanes.sim(0).system().particleCount();
        if (i < 0 || i >= n) {
            throw new IllegalArgumentException("particle: no particle " + i + " in a scene of " + n);
        }
    }
}
