package dev.hooke.fx.sim;

import dev.hooke.core.scene.SceneFile;
import dev.hooke.core.sim.LiveChange;
import dev.hooke.core.sim.Simulation;
import dev.hooke.core.stability.StabilityLimit;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The systems a {@link SimulationRunner} shows, by lane: lane 0 the main one, lane 1 compare
 * mode's second one (or a lesson comparison's second run), further lanes the rest of a lesson's
 * comparison. Each lane keeps its stability analysis and its last finite positions. Confined to
 * the simulation thread.
 *
 * <p>The limit depends on the state (a sagging cloth's stretched springs are stiffer than the flat
 * cloth's), so while the systems run, each lane's present state is analysed again every
 * {@value #REFRESH_SECONDS} s of wall-clock time at most, on the lane's analysis thread, whenever
 * the previous analysis has finished and no sooner than {@value #REFRESH_COST_FACTOR} times its
 * duration after it, for systems of at most {@value #REFRESH_MAX_PARTICLES} particles (a larger
 * cloth keeps the limit of its parameters: the analysis threads leave the cores to the stepping
 * and the window). The chart samples carry this live limit ({@link #liveLimit}), so the Δt chart's limit
 * line follows the state; the snapshot's limit ({@link #limit}) stays the one computed when the
 * parameters or the method last changed, which the status bar and the explosion report quote.
 */
final class Lanes {

    /** The shortest wall-clock time between two analyses of a running lane's present state; in s. */
    static final double REFRESH_SECONDS = 0.5;
    /** A lane is analysed again no sooner than this many times its last analysis's duration. */
    static final int REFRESH_COST_FACTOR = 20;
    /**
     * A lane with more particles than this is not analysed again while it runs (a 100×100 cloth,
     * whose analysis takes a second or more): the analysis threads would take the cores the
     * stepping and the window need.
     */
    static final int REFRESH_MAX_PARTICLES = 1600;

    private static final class Lane {
        final Simulation sim;
        /** The steps the system had taken when it was last sent for analysis. */
        long analysedAtStep = -1;
        /** When ({@link System#nanoTime()}) it was last sent by a refresh. */
        long analysedAtNanos;
        /** The first request of this lane: older results belong to systems shown before. */
        final long firstRequest;
        long request;
        StabilityWorker.Result shown;
        /** The newest analysis of the present parameters: {@link #shown} or a later refresh. */
        StabilityWorker.Result live;
        float[] lastFinite;
        boolean finalSampled;

        Lane(Simulation sim, long firstRequest) {
            this.sim = sim;
            this.firstRequest = firstRequest;
            this.request = firstRequest - 1;
        }
    }

    private final List<Lane> lanes = new ArrayList<>();
    /** One analysis thread per lane, kept across scenes. */
    private final List<StabilityWorker> workers = new ArrayList<>();
    private long nextRequest = 1;
    private long lastRefreshNanos;

    /** Shows {@code sims}, lane k the k-th; analyses of the systems shown before are ignored from now on. */
    void setAll(List<Simulation> sims) {
        lanes.clear();
        for (Simulation s : sims) {
            lanes.add(new Lane(s, nextRequest));
        }
        while (workers.size() < lanes.size()) {
            workers.add(new StabilityWorker());
        }
    }

    int size() {
        return lanes.size();
    }

    Simulation sim(int k) {
        return lanes.get(k).sim;
    }

    /** Whether exactly {@code sims} are shown, in that order. */
    boolean isShowing(List<Simulation> sims) {
        if (sims.size() != lanes.size()) {
            return false;
        }
        for (int k = 0; k < sims.size(); k++) {
            if (sims.get(k) != lanes.get(k).sim) {
                return false;
            }
        }
        return true;
    }

    void forEach(Consumer<Simulation> action) {
        lanes.forEach(l -> action.accept(l.sim));
    }

    /** The system that sets the clock: the first that has not exploded, else lane 0. */
    Simulation lead() {
        for (int k = 0; k < lanes.size(); k++) {      // by index: a step allocates nothing
            if (!lanes.get(k).sim.exploded()) {
                return lanes.get(k).sim;
            }
        }
        return lanes.get(0).sim;
    }

    boolean allExploded() {
        return explodedCount() == lanes.size();
    }

    int explodedCount() {
        int n = 0;
        for (Lane l : lanes) {
            if (l.sim.exploded()) {
                n++;
            }
        }
        return n;
    }

    /**
     * Applies the live keys {@code changed} from {@code before} to {@code next} to every system,
     * keeping its state; each lane keeps its own method ({@link LiveChange}).
     */
    void applyLive(SceneFile before, SceneFile next, Set<SceneFile.Key> changed) {
        for (int k = 0; k < lanes.size(); k++) {
            Simulation sim = lanes.get(k).sim;
            SceneFile laneNext = k == 0 ? next : next.withIntegrator(sim.integratorKind());
            SceneFile laneBefore = k == 0 ? before : before.withIntegrator(sim.integratorKind());
            LiveChange.apply(laneBefore, laneNext, changed, sim);
        }
    }

    /**
     * One step of the lead system, and as many of each other system that has not exploded as keep
     * it within half its Δt of the lead's time: one each when they share Δt (a fork may give lane B
     * another, {@link History#fork}).
     */
    void step() {
        Simulation lead = lead();
        lead.step();
        double t = lead.time();
        for (int k = 0; k < lanes.size(); k++) {
            Simulation sim = lanes.get(k).sim;
            while (sim != lead && !sim.exploded() && sim.time() + 0.5 * sim.dt() < t) {
                sim.step();
            }
        }
    }

    /**
     * Whether lane k is sampled now: while it runs, when it leads the clock, and once more after it
     * exploded (its last point).
     */
    boolean takesSample(int k, Simulation lead) {
        Lane l = lanes.get(k);
        if (!l.sim.exploded() || l.sim == lead) {
            return true;
        }
        if (!l.finalSampled) {
            l.finalSampled = true;
            return true;
        }
        return false;
    }

    /**
     * Asks for a new analysis of every system with its present method and the scene's Verlet δ: of
     * its present state, or, once it has exploded, of the scene as built (the state an explosion
     * report refers to), so that a new method or value gets its limit after an explosion too.
     */
    void requestStability(SceneFile scene) {
        for (int k = 0; k < lanes.size(); k++) {
            Lane l = lanes.get(k);
            l.request = nextRequest++;
            l.analysedAtStep = l.sim.steps();
            workers.get(k).request(new StabilityWorker.Request(l.request,
                    l.sim.exploded() ? scene.build() : l.sim.system().copy(),
                    l.sim.integratorKind(), scene.verletDelta(), false));
        }
    }

    /**
     * Sends each running lane's present state for analysis again, at most every
     * {@value #REFRESH_SECONDS} s and only when it has stepped since and its thread is idle. The
     * request is not a change of parameters: the limit shown stays current meanwhile.
     *
     * @param now {@link System#nanoTime()}
     */
    void refreshStability(SceneFile scene, long now) {
        if (now - lastRefreshNanos < (long) (REFRESH_SECONDS * 1e9)) {
            return;
        }
        lastRefreshNanos = now;
        for (int k = 0; k < lanes.size(); k++) {
            Lane l = lanes.get(k);
            StabilityWorker w = workers.get(k);
            if (l.sim.exploded() || l.sim.steps() == l.analysedAtStep || !w.idle()
                    || l.shown == null || l.shown.id() != l.request
                    || now - l.analysedAtNanos < REFRESH_COST_FACTOR * w.lastDurationNanos()
                    || l.sim.system().particleCount() > REFRESH_MAX_PARTICLES) {
                continue;
            }
            l.analysedAtNanos = now;
            l.analysedAtStep = l.sim.steps();
            workers.get(k).request(new StabilityWorker.Request(nextRequest++, l.sim.system().copy(),
                    l.sim.integratorKind(), scene.verletDelta(), true));
        }
    }

    /**
     * Takes in the analyses that finished; a failure of the newest request goes to {@code notice}.
     *
     * @return whether anything changed
     */
    boolean pollStability(Consumer<String> notice) {
        boolean changed = false;
        for (int k = 0; k < lanes.size(); k++) {
            Lane l = lanes.get(k);
            StabilityWorker.Result r = workers.get(k).latest();
            if (r == null || r.id() < l.firstRequest || r == l.live || r == l.shown) {
                continue;
            }
            if (!r.refresh()) {
                l.shown = r;
                l.live = r;
                changed = true;
                if (r.failure() != null && r.id() == l.request) {
                    notice.accept(r.failure());
                }
            } else if (r.id() > l.request && r.limit() != null) {
                l.live = r;
                changed = true;
            }
        }
        return changed;
    }

    /** Lane k's predicted limit, or null before its first analysis. */
    StabilityLimit limit(int k) {
        StabilityWorker.Result r = lanes.get(k).shown;
        return r == null ? null : r.limit();
    }

    /**
     * Lane k's limit at its present state, as last analysed while it runs; null before its first
     * analysis, and while the analysis of its present parameters and method has not finished (a
     * limit of the method before must not be drawn under this one's name).
     */
    StabilityLimit liveLimit(int k) {
        Lane l = lanes.get(k);
        StabilityWorker.Result r = l.live;
        if (r == null || !limitCurrent(k) || r.limit() == null || r.limit().integrator() != l.sim.integratorKind()) {
            return null;
        }
        return r.limit();
    }

    /** Lane k's naive bound 2·√(m/k_s); in s (NaN before its first analysis). */
    double naiveBound(int k) {
        StabilityWorker.Result r = lanes.get(k).shown;
        return r == null ? Double.NaN : r.naiveBound();
    }

    /** Whether lane k's limit describes its present parameters and method. */
    boolean limitCurrent(int k) {
        Lane l = lanes.get(k);
        return l.shown != null && l.shown.id() == l.request;
    }

    /** A copy of lane k's positions, or its last finite ones once they are not finite. */
    float[] positions(int k) {
        Lane l = lanes.get(k);
        // a fresh copy when finite, else the last finite one (or zeros): finite either way
        l.lastFinite = Snapshots.positions(l.sim.system(), l.lastFinite);
        return l.lastFinite;
    }

    void close() {
        workers.forEach(StabilityWorker::close);
    }
}
