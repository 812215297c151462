package dev.hooke.fx.sim;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.model.StateRecord;
import dev.hooke.core.scene.SceneFile;
import dev.hooke.core.sim.Simulation;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The timeline: the states a {@link SimulationRunner} ran through over the last
 * {@value #WINDOW_SECONDS} s of simulated time, to scrub back through while paused, to resume
 * from, or to fork compare mode from.
 *
 * <h2>What a frame holds, and the bound on memory</h2>
 * A frame is every lane's {@link Simulation#saveState saved state} ({@link StateRecord}: t, x, v,
 * the energy accumulators, the broken springs and the method's own history), so that resuming
 * from it continues exactly as the run did, bit for bit. Frames are kept in a ring of at most
 * {@value #MAX_FRAMES} slots and {@value #MAX_MEGABYTES} MiB: when a run starts, the first frame's
 * size B sets the number of slots, F = min({@value #MAX_FRAMES}, {@value #MAX_MEGABYTES} MiB / B),
 * and a frame is recorded every k = ⌈{@value #WINDOW_SECONDS} s / ((F − 1) Δt)⌉ steps, so that the
 * ring spans the window. A spring or a chain is recorded every {@value #WINDOW_SECONDS} s /
 * {@value #MAX_FRAMES}; the 100×100 cloth (0.7 MB a frame, 1.2 MB with Verlet's history) keeps
 * 92 to 55 frames, a third to a half second apart. The oldest frame's slot is written over by the newest, its
 * arrays reused: once the ring has gone round, recording allocates nothing.
 *
 * <p>The first frame may be smaller than the later ones: at step 0 an implicit method has neither
 * its warm start nor its preconditioner's lagged factor, which its later frames carry. So the
 * bound is kept on what the slots really hold ({@link StateRecord#bytes()} of every record, arrays
 * kept for reuse and slots of an earlier run included): when a frame makes them more than the
 * bound, the ring shrinks to the frames of the largest size that fit, keeping the newest ones,
 * and the stride grows so that they span the window again.
 *
 * <h2>One run</h2>
 * The frames belong to one run of one scene value: a new generation (a reset, a new scene, compare
 * mode on or off, a lesson), any edit of the scene value (Δt, k_s, a method…) and any change of the
 * pins start the timeline afresh, since a state saved under other parameters would not continue
 * the same trajectory. Resuming from a frame drops the frames after it and starts a new
 * generation (the charts start again at its time); forking starts compare mode, lane B a new
 * system with the chosen method, at the frame's t, x and v.
 *
 * <p>Recording and scrubbing run on the simulation thread; the public methods only queue commands.
 */
public final class History {

    /** The span of simulated time kept; in s. */
    public static final double WINDOW_SECONDS = 30;
    /** The most frames kept. */
    public static final int MAX_FRAMES = 600;
    /** The most memory the frames take; in MiB. */
    public static final int MAX_MEGABYTES = 64;

    /**
     * What a snapshot says of the timeline.
     *
     * @param frames    the frames recorded (0: none yet)
     * @param shown     the frame the simulations show after a scrub, or −1 while they show the
     *                  newest state (not scrubbed)
     * @param firstTime the oldest frame's t; in s (NaN without frames)
     * @param lastTime  the newest frame's t; in s (NaN without frames)
     * @param stride    the steps between two frames
     * @param capacity  the most frames the ring holds for this run
     * @param bytes     the memory the frames take; in bytes
     */
    public record View(int frames, int shown, double firstTime, double lastTime, int stride, int capacity,
                       long bytes) {

        /** No frames. */
        public static final View EMPTY = new View(0, -1, Double.NaN, Double.NaN, 1, 0, 0);

        /** Whether the simulations show a frame scrubbed to rather than their newest state. */
        public boolean scrubbed() {
            return shown >= 0;
        }
    }

    private static final class Frame {
        final List<StateRecord> lanes = new ArrayList<>();
        double time;
        long steps;
    }

    private final SimulationRunner runner;
    private Frame[] ring = new Frame[0];
    /** The slot of the oldest frame, and the number of frames. */
    private int oldest;
    private int count;
    private int shown = -1;
    private int stride = 1;
    private long bytesPerFrame;
    /** The most bytes the slots may hold ({@value #MAX_MEGABYTES} MiB). */
    private long bound = (long) MAX_MEGABYTES << 20;
    /** The run the frames belong to. */
    private int generation = -1;
    private SceneFile scene;
    private long pinRevision = -1;
    private View view = View.EMPTY;

    History(SimulationRunner runner) {
        this.runner = runner;
    }

    // ------------------------------------------------------------------ commands

    /**
     * Pauses and shows frame {@code frame} (0: the oldest) in every view: the simulations take its
     * state. The first scrub records the present state as the newest frame, so that scrubbing to
     * the end comes back to it. Ignored when the timeline has no such frame.
     */
    public void scrub(int frame) {
        runner.submit(Driver.Urgency.ENDS_JOB, () -> {
            runner.setRunning(false);
            scrubTo(frame);
        });
    }

    /** Continues the run from the frame shown (dropping the frames after it), and plays. */
    public void resume() {
        runner.submit(Driver.Urgency.ENDS_JOB, () -> {
            leaveFrame();
            runner.setRunning(!runner.lanes.allExploded());
        });
    }

    /**
     * Starts compare mode from the state shown (a frame scrubbed to, or the present one): lane A
     * keeps its system, lane B is a copy of it stepped by {@code kind} with Δt = {@code dt} (in s,
     * within the scene file's bounds), at the same t, x and v. Lane B then takes as many steps as
     * keep it with lane A's clock. Playing or paused as before.
     */
    public void fork(IntegratorKind kind, double dt) {
        Objects.requireNonNull(kind, "integrator");
        runner.submit(Driver.Urgency.ENDS_JOB, () -> {
            if (!(dt >= SceneFile.MIN_DT && dt <= SceneFile.MAX_DT)) {
                throw new IllegalArgumentException("dt: " + dt + " s is outside " + SceneFile.MIN_DT + " … "
                        + SceneFile.MAX_DT + " s");
            }
            Simulation a = runner.lanes.sim(0);
            StateRecord state = new StateRecord();
            a.saveState(state);
            Simulation b = new Simulation(a.system().copy(), runner.scene.createIntegrator(kind), dt);
            b.restoreState(state);
            clear();
            runner.compareKind = kind;
            runner.show(runner.scene, List.of(a, b), null);
        });
    }

    // ------------------------------------------------------------------ the simulation thread

    /** What the snapshots say of the timeline. Simulation thread. */
    View view() {
        if (!sameRun()) {
            return View.EMPTY;      // the frames belong to a run no longer shown (a new value, scene or lesson)
        }
        if (view == null) {
            view = count == 0 ? View.EMPTY : new View(count, shown, frame(0).time, newest().time, stride,
                    ring.length, retainedBytes());
        }
        return view;
    }

    /**
     * Called before every step the runner takes: leaves a frame scrubbed to (a new generation),
     * starts afresh when the run changed, and records the present state when a frame is due.
     */
    void beforeStep() {
        if (shown >= 0) {
            leaveFrame();
        }
        if (!sameRun()) {
            clear();
            adoptRun();
        }
        Simulation lead = runner.lanes.sim(0);
        if (count == 0 || lead.steps() - newest().steps >= stride) {
            record();
        }
    }

    private boolean sameRun() {
        return generation == runner.generation && scene == runner.scene && pinRevision == runner.pins.revision()
                && (count == 0 || newest().lanes.size() == runner.lanes.size());
    }

    private void adoptRun() {
        generation = runner.generation;
        scene = runner.scene;
        pinRevision = runner.pins.revision();
    }

    private void clear() {
        count = 0;
        oldest = 0;
        shown = -1;
        view = View.EMPTY;
    }

    private Frame newest() {
        return ring[(oldest + count - 1) % ring.length];
    }

    private Frame frame(int k) {
        return ring[(oldest + k) % ring.length];
    }

    /** Records the present state as the newest frame, over the oldest when the ring is full. */
    private void record() {
        Lanes lanes = runner.lanes;
        if (count == 0) {
            size(lanes);
        }
        int slot;
        if (count < ring.length) {
            slot = (oldest + count) % ring.length;
            count++;
        } else {
            slot = oldest;
            oldest = (oldest + 1) % ring.length;
        }
        if (ring[slot] == null) {
            ring[slot] = new Frame();
        }
        Frame f = ring[slot];
        while (f.lanes.size() > lanes.size()) {
            f.lanes.remove(f.lanes.size() - 1);
        }
        for (int k = 0; k < lanes.size(); k++) {
            if (k == f.lanes.size()) {
                f.lanes.add(new StateRecord());
            }
            lanes.sim(k).saveState(f.lanes.get(k));
        }
        for (int k = 0; k < lanes.size(); k++) {
            f.lanes.get(k).releaseUnused();
        }
        f.time = lanes.sim(0).time();
        f.steps = lanes.sim(0).steps();
        if (retainedBytes() > bound) {
            shrink();
        }
        publishView();
    }

    /**
     * The bytes every slot holds (each record's tables and arrays, {@link StateRecord#bytes()}),
     * frames of an earlier run still in their slots included; in bytes. Allocates nothing.
     */
    long retainedBytes() {
        long b = 0;
        for (Frame f : ring) {
            if (f != null) {
                b += bytes(f);
            }
        }
        return b;
    }

    private static long bytes(Frame f) {
        long b = 0;
        for (int k = 0; k < f.lanes.size(); k++) {
            b += f.lanes.get(k).bytes();
        }
        return b;
    }

    /**
     * Fits the ring to the bound once frames turned out larger than the first: as many slots as
     * frames of the largest size recorded fit ({@link #capacity}), the newest frames kept, every
     * other slot let go, and a stride that spreads the slots over the window.
     */
    private void shrink() {
        long largest = 1;
        for (int k = 0; k < count; k++) {
            largest = Math.max(largest, bytes(frame(k)));
        }
        bytesPerFrame = largest;
        int frames = capacity(largest);
        Frame[] kept = new Frame[Math.min(frames, ring.length)];
        int keep = Math.min(count, kept.length);
        for (int k = 0; k < keep; k++) {
            kept[k] = frame(count - keep + k);
        }
        ring = kept;
        oldest = 0;
        count = keep;
        stride = Math.max(stride, stride(frames, runner.lanes.sim(0).dt()));
    }

    /** How many frames of {@code bytes} each fit the bound (2 at least, {@value #MAX_FRAMES} at most). */
    private int capacity(long bytes) {
        return (int) Math.max(2, Math.min(MAX_FRAMES, bound / Math.max(1, bytes)));
    }

    /** The steps between frames for {@code frames} of them to span the window at Δt = {@code dt}. */
    private static int stride(int frames, double dt) {
        return (int) Math.max(1, Math.ceil(WINDOW_SECONDS / ((frames - 1) * dt) - 1e-9));
    }

    /** Sets the bound on the bytes the frames hold (from the next run on); in bytes. Simulation thread. */
    void bound(long bytes) {
        bound = bytes;
    }

    /**
     * Sizes the ring for the run that starts: the first frame's bytes set how many frames fit the
     * bound, and the stride spreads them over the window. The slots are kept when they fit.
     */
    private void size(Lanes lanes) {
        long bytes = 0;
        StateRecord probe = new StateRecord();
        for (int k = 0; k < lanes.size(); k++) {
            lanes.sim(k).saveState(probe);
            bytes += probe.bytes();
        }
        bytesPerFrame = Math.max(1, bytes);
        int frames = capacity(bytesPerFrame);
        stride = stride(frames, lanes.sim(0).dt());
        if (ring.length != frames) {
            ring = new Frame[frames];
        }
        oldest = 0;
    }

    /** The view changed: the next snapshot makes it (recording itself allocates nothing). */
    private void publishView() {
        view = null;
    }

    /** Shows frame {@code k}: every lane takes its state. */
    private void scrubTo(int k) {
        if (!sameRun() || count == 0) {
            return;
        }
        if (shown < 0 && newest().steps != runner.lanes.sim(0).steps()) {
            if (count == ring.length) {
                k--;            // the oldest frame makes room: the frame asked for moves down one
            }
            record();           // the present state, to come back to
        }
        int target = Math.max(0, Math.min(count - 1, k));
        Frame f = frame(target);
        for (int lane = 0; lane < runner.lanes.size(); lane++) {
            runner.lanes.sim(lane).restoreState(f.lanes.get(lane));
        }
        shown = target;
        publishView();
    }

    /**
     * Continues from the frame shown: the frames after it go, and the runner starts a new
     * generation with the same simulations (the charts start again at the frame's time).
     */
    private void leaveFrame() {
        if (shown < 0) {
            return;
        }
        boolean same = sameRun();
        count = shown + 1;
        shown = -1;
        List<Simulation> sims = new ArrayList<>();
        runner.lanes.forEach(sims::add);
        runner.show(runner.scene, sims, null);
        if (!same) {
            clear();            // a value changed at the frame: what was recorded before ran under the old one
        }
        adoptRun();
        publishView();
    }
}
