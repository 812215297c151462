package dev.hooke.fx.sim;

import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.scene.SceneFile;
import dev.hooke.core.model.SpringKind;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.sim.MotionBounds;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * What a view needs to know about a scene that does not change from step to step: which
 * particles the springs join, the spring kinds, the pins, the cloth's grid and the ground.
 * A new topology is made at every reset, so a view rebuilds its nodes when the instance changes.
 * Immutable: the arrays are private copies.
 */
public final class SceneTopology {

    private final SceneFile scene;
    private final int particleCount;
    private final int[] springA;
    private final int[] springB;
    private final SpringKind[] kinds;
    private final boolean[] pinned;
    private final double minRestLength;
    private final double groundHeight;
    /** The sphere obstacle, or null. */
    private final dev.hooke.core.model.Sphere sphere;
    private final MotionBounds start;
    private final CompletableFuture<MotionBounds> ahead;

    /** Runs scenes ahead to find the box their motion sweeps, one at a time, beside the simulation. */
    private static final ExecutorService RUN_AHEAD = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "hooke-run-ahead");
        t.setDaemon(true);
        t.setPriority(Thread.MIN_PRIORITY);
        return t;
    });

    /**
     * @param scene the scene as it was built
     * @param s     its system, before the first step
     * @param ahead the box its particles sweep while it runs, being found
     */
    private SceneTopology(SceneFile scene, MassSpringSystem s, CompletableFuture<MotionBounds> ahead) {
        this.scene = scene;
        this.start = MotionBounds.atStart(s);
        this.ahead = ahead;
        this.particleCount = s.particleCount();
        int n = s.springCount();
        this.springA = new int[n];
        this.springB = new int[n];
        this.kinds = new SpringKind[n];
        double shortest = Double.POSITIVE_INFINITY;
        for (int sp = 0; sp < n; sp++) {
            springA[sp] = s.springA(sp);
            springB[sp] = s.springB(sp);
            kinds[sp] = s.springKind(sp);
            if (s.restLength(sp) > 0) {
                shortest = Math.min(shortest, s.restLength(sp));
            }
        }
        this.minRestLength = Double.isFinite(shortest) ? shortest : 1.0;
        this.pinned = new boolean[particleCount];
        for (int i = 0; i < particleCount; i++) {
            pinned[i] = s.isPinned(i);
        }
        this.groundHeight = s.ground() == null ? Double.NaN : s.ground().height();
        this.sphere = s.sphere();
    }

    /**
     * The topology of {@code scene} as built in {@code s}, with the box its motion sweeps: found by
     * running the scene ahead on a thread of its own ({@link MotionBounds#of}, a bounded amount of
     * work), or taken from {@code previous} when that showed the same scene (a Reset, a rebuild for
     * compare mode). A previous scene's run that has not started is dropped.
     */
    static SceneTopology of(SceneFile scene, MassSpringSystem s, SceneTopology previous) {
        if (previous != null && previous.scene.equals(scene)) {
            return new SceneTopology(scene, s, previous.ahead);
        }
        if (previous != null) {
            previous.ahead.cancel(false);
        }
        CompletableFuture<MotionBounds> ahead = CompletableFuture.supplyAsync(() -> MotionBounds.of(scene), RUN_AHEAD);
        return new SceneTopology(scene, s, ahead);
    }

    /**
     * The box the particles sweep while the scene runs: what a view frames. Until the run ahead
     * has found it (a few milliseconds, at most {@value MotionBounds#TIME_BUDGET} s), the box around
     * the particles as they started.
     */
    public MotionBounds motion() {
        if (ahead.isDone() && !ahead.isCompletedExceptionally() && !ahead.isCancelled()) {
            return ahead.join();
        }
        return start;
    }

    /** Whether the scene has wind: its type takes wind and the mean wind is not zero. */
    public boolean hasWind() {
        if (!dev.hooke.core.scene.SceneFile.Key.WIND.appliesTo(type())) {
            return false;
        }
        var spec = scene.spec();
        return spec.wind(0) != 0 || spec.wind(1) != 0 || spec.wind(2) != 0;
    }

    /**
     * The box the run ahead finds, once it has ended (waiting at most {@code seconds}): what
     * {@link #motion()} answers from then on.
     *
     * @throws java.util.concurrent.TimeoutException if the run ahead has not ended by then
     */
    public MotionBounds awaitMotion(long seconds) throws java.util.concurrent.ExecutionException,
            InterruptedException, java.util.concurrent.TimeoutException {
        ahead.get(seconds, java.util.concurrent.TimeUnit.SECONDS);
        return motion();
    }

    /** The scene as it was built. */
    public SceneFile scene() {
        return scene;
    }

    public SceneType type() {
        return scene.type();
    }

    public int particleCount() {
        return particleCount;
    }

    public int springCount() {
        return springA.length;
    }

    /** The first particle of spring s. */
    public int springA(int s) {
        return springA[s];
    }

    /** The second particle of spring s. */
    public int springB(int s) {
        return springB[s];
    }

    public SpringKind springKind(int s) {
        return kinds[s];
    }

    public boolean isPinned(int i) {
        return pinned[i];
    }

    /**
     * The particles along an edge of a scene drawn as a surface, the cloth (its particle (r, c) has
     * index r·n + c), or 0 for any other scene.
     */
    public int gridSize() {
        if (!scene.type().recipe().isSurface()) {
            return 0;
        }
        return (int) Math.round(Math.sqrt(particleCount));
    }

    /** The shortest positive rest length; in m (sets the size particles are drawn at). */
    public double minRestLength() {
        return minRestLength;
    }

    /** The sphere obstacle (its centre moves with time when it orbits), or null when there is none. */
    public dev.hooke.core.model.Sphere sphere() {
        return sphere;
    }

    /** Whether there is a ground plane. */
    public boolean hasGround() {
        return !Double.isNaN(groundHeight);
    }

    /** The ground plane's height y; in m (NaN when there is none). */
    public double groundHeight() {
        return groundHeight;
    }
}
