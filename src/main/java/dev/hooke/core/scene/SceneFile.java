package dev.hooke.core.scene;

import dev.hooke.core.integrate.ImplicitOptions;
import dev.hooke.core.integrate.Integrator;
import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.integrate.IntegratorSettings;
import dev.hooke.core.integrate.Integrators;
import dev.hooke.core.integrate.PositionVerlet;
import dev.hooke.core.integrate.ProjectionIntegrator;
import dev.hooke.core.io.AtomicFiles;
import dev.hooke.core.io.DataFileException;
import dev.hooke.core.io.YamlMap;
import dev.hooke.core.io.YamlValue;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.model.SpringKind;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Hooke's scene file: a scene ({@link SceneSpec}), the integrator, Δt and the implicit
 * integrators' solver settings ({@link ImplicitOptions}), as one YAML mapping.
 * The same mapping is the {@code scene:} block of a lesson. Example:
 * <pre>
 *   type: chain
 *   nodes: 16
 *   mass: 0.1          # kg per particle
 *   k: 100             # N/m
 *   gravity: 9.81      # m/s², along −y
 *   integrator: verlet
 *   dt: 0.015625       # s
 *   verlet_delta: 5.0e-5
 * </pre>
 * or, for an implicit integrator,
 * <pre>
 *   integrator: implicit-euler
 *   dt: 0.016666666666666666
 *   solver: cg           # cg | cholesky
 *   precond: block-jacobi  # none | jacobi | block-jacobi | two-level | ssor | multilevel (cg only)
 *   tol: 1.0e-6          # CG's relative residual ‖b − Ax‖/‖b‖
 *   max_iter: 1000       # CG iterations per solve, at most
 *   warm_start: true     # CG starts from the previous step's Δv
 *   newton_iters: 1      # Newton iterations per step, at most
 *   clamp: true          # Choi &amp; Ko's max(0, 1 − L/l) under compression
 * </pre>
 * or, for a projection integrator ({@link ProjectionIntegrator}),
 * <pre>
 *   integrator: pbd
 *   dt: 0.016666666666666666
 *   iterations: 10       # sweeps (PBD, XPBD) or local/global iterations per step
 *   pbd_stiffness: 1.0   # PBD's dimensionless k in (0, 1]
 * </pre>
 * An obstacle, in any scene ({@link ObstacleSpec}):
 * <pre>
 *   obstacle: sphere          # none | sphere
 *   sphere_center: [0, -0.8, 0.5]   # m
 *   sphere_radius: 0.3        # m
 *   sphere_orbit: [0.2, 4]    # the centre's circle: radius in m (0: fixed), period in s
 * </pre>
 * The keys are listed in {@link Key}; keys that do not apply to the scene type are refused. A key
 * left out keeps the default documented at {@link SceneSpec}; {@code integrator} defaults to
 * {@code symplectic-euler}, {@code dt} to {@value #DEFAULT_DT} s, the solver keys to
 * {@link ImplicitOptions#defaults()}, {@code iterations} to
 * {@value ProjectionIntegrator#DEFAULT_ITERATIONS} and {@code pbd_stiffness} to 1. The solver keys
 * are kept whatever the integrator (a lesson may set them before it switches to an implicit
 * method); only the implicit integrators use them. In the same way {@code iterations} is kept
 * whatever the integrator and used by the projection integrators only, {@code pbd_stiffness} by
 * PBD only.
 *
 * <p>Immutable. {@link #write(Path)} saves atomically (see {@link AtomicFiles}); {@link #read(Path)}
 * reports problems with file, line and key.
 */
public final class SceneFile {

    /** Δt when the file gives none; in s. */
    public static final double DEFAULT_DT = 1e-3;
    /** The largest Δt accepted, in files, on the command line and in the workbench; in s. */
    public static final double MAX_DT = 1.0;
    /**
     * The smallest Δt accepted, in files and in the workbench; in s. Below it a second of motion
     * would take more than ten million steps.
     */
    public static final double MIN_DT = 1e-7;
    /** The integrator when the file names none. */
    public static final IntegratorKind DEFAULT_INTEGRATOR = IntegratorKind.SYMPLECTIC_EULER;

    /**
     * The keys of a scene file, each marked whether it applies to every scene; the others apply to
     * the scenes whose {@link SceneRecipe#keys()} list them.
     */
    public enum Key {
        TYPE("type", true),
        NODES("nodes", false),
        SIZE("size", false),
        LENGTH("length", true),
        MASS("mass", true),
        K("k", true),
        K_STRUCT("k_struct", false),
        K_SHEAR("k_shear", false),
        K_BEND("k_bend", false),
        STRUCTURAL("structural", false),
        SHEAR("shear", false),
        BEND("bend", false),
        KD("kd", true),
        GRAVITY("gravity", true),
        AIR_DAMPING("air_damping", true),
        PINS("pins", false),
        VERTICAL("vertical", false),
        DROP_HEIGHT("drop_height", false),
        RESTITUTION("restitution", false),
        FRICTION("friction", false),
        OBSTACLE("obstacle", true),
        SPHERE_CENTER("sphere_center", true),
        SPHERE_RADIUS("sphere_radius", true),
        SPHERE_ORBIT("sphere_orbit", true),
        PERTURBATION("perturbation", true),
        DISPLACEMENT("displacement", true),
        VELOCITY("velocity", true),
        SEED("seed", true),
        // weather and material of the cloth
        WIND("wind", false),
        GUST("gust", false),
        GUST_PERIOD("gust_period", false),
        TEAR_STRAIN("tear_strain", false),
        SELF_COLLISION("self_collision", false),
        THICKNESS("thickness", false),
        INTEGRATOR("integrator", true),
        DT("dt", true),
        VERLET_DELTA("verlet_delta", true),
        SOLVER("solver", true),
        PRECOND("precond", true),
        TOL("tol", true),
        MAX_ITER("max_iter", true),
        WARM_START("warm_start", true),
        NEWTON_ITERS("newton_iters", true),
        CLAMP("clamp", true),
        ITERATIONS("iterations", true),
        PBD_STIFFNESS("pbd_stiffness", true);

        private final String id;
        private final boolean everyScene;

        Key(String id, boolean everyScene) {
            this.id = id;
            this.everyScene = everyScene;
        }

        /** The key as written in files. */
        public String id() {
            return id;
        }

        /** Whether the key applies to every scene, whatever its recipe lists. */
        public boolean everyScene() {
            return everyScene;
        }

        /** Whether the key means something for this scene type. */
        public boolean appliesTo(SceneType t) {
            return everyScene || t.recipe().keys().contains(this);
        }

        /**
         * Whether a running simulation can take the new value without being rebuilt: stiffness,
         * damping, mass, gravity, the sphere's centre, the integrator, Δt, Verlet's δ, the solver
         * settings, the projection integrators' iterations and PBD's stiffness.
         */
        public boolean isLive() {
            return switch (this) {
                case MASS, K, K_STRUCT, K_SHEAR, K_BEND, KD, GRAVITY, AIR_DAMPING, SPHERE_CENTER, INTEGRATOR, DT,
                     VERLET_DELTA, ITERATIONS, PBD_STIFFNESS -> true;
                default -> isSolverSetting();
            };
        }

        /** Whether the key is one of the implicit integrators' solver settings ({@link ImplicitOptions}). */
        public boolean isSolverSetting() {
            return switch (this) {
                case SOLVER, PRECOND, TOL, MAX_ITER, WARM_START, NEWTON_ITERS, CLAMP -> true;
                default -> false;
            };
        }

        /** The key named {@code id}, or null. */
        public static Key byId(String id) {
            for (Key k : values()) {
                if (k.id.equals(id)) {
                    return k;
                }
            }
            return null;
        }

        /** Every key id, for messages. */
        public static List<String> ids() {
            List<String> out = new ArrayList<>();
            for (Key k : values()) {
                out.add(k.id);
            }
            return out;
        }
    }

    private final SceneSpec spec;
    private final IntegratorKind integrator;
    private final double dt;
    private final double verletDelta;
    private final ImplicitOptions implicit;
    private final int iterations;
    private final double pbdStiffness;

    /**
     * A scene file with the default solver settings.
     *
     * @param spec        the scene (copied; validated)
     * @param integrator  the method
     * @param dt          Δt; in s, in (0, {@value #MAX_DT}]
     * @param verletDelta δ of the Verlet integrator, in [0, 1)
     * @throws IllegalArgumentException naming the field at fault
     */
    public SceneFile(SceneSpec spec, IntegratorKind integrator, double dt, double verletDelta) {
        this(spec, integrator, dt, verletDelta, ImplicitOptions.defaults());
    }

    /**
     * @param spec        the scene (copied; validated)
     * @param integrator  the method
     * @param dt          Δt; in s, in (0, {@value #MAX_DT}]
     * @param verletDelta δ of the Verlet integrator, in [0, 1)
     * @param implicit    the implicit integrators' solver settings
     * @throws IllegalArgumentException naming the field at fault
     */
    public SceneFile(SceneSpec spec, IntegratorKind integrator, double dt, double verletDelta,
                     ImplicitOptions implicit) {
        this(spec, integrator, dt, verletDelta, implicit, ProjectionIntegrator.DEFAULT_ITERATIONS, 1);
    }

    /**
     * @param spec         the scene (copied; validated)
     * @param integrator   the method
     * @param dt           Δt; in s, in (0, {@value #MAX_DT}]
     * @param verletDelta  δ of the Verlet integrator, in [0, 1)
     * @param implicit     the implicit integrators' solver settings
     * @param iterations   the projection integrators' iterations per step, 1 … {@value ProjectionIntegrator#MAX_ITERATIONS}
     * @param pbdStiffness PBD's stiffness k; dimensionless, in (0, 1]
     * @throws IllegalArgumentException naming the field at fault
     */
    public SceneFile(SceneSpec spec, IntegratorKind integrator, double dt, double verletDelta,
                     ImplicitOptions implicit, int iterations, double pbdStiffness) {
        if (iterations < 1 || iterations > ProjectionIntegrator.MAX_ITERATIONS) {
            throw new IllegalArgumentException(Key.ITERATIONS.id() + ": must be a whole number from 1 to "
                    + ProjectionIntegrator.MAX_ITERATIONS + ", got " + iterations);
        }
        if (!(pbdStiffness > 0 && pbdStiffness <= 1)) {
            throw new IllegalArgumentException(Key.PBD_STIFFNESS.id() + ": must be a number > 0 and <= 1, got "
                    + pbdStiffness);
        }
        this.iterations = iterations;
        this.pbdStiffness = pbdStiffness;
        this.implicit = Objects.requireNonNull(implicit, "implicit");
        this.spec = Objects.requireNonNull(spec, "spec").copy().validate();
        this.integrator = Objects.requireNonNull(integrator, "integrator");
        if (!(dt >= MIN_DT && dt <= MAX_DT)) {
            throw new IllegalArgumentException("dt: " + dtRange(dt));
        }
        if (!(verletDelta >= 0 && verletDelta < 1)) {
            throw new IllegalArgumentException("verlet_delta: must be in [0, 1), got " + verletDelta);
        }
        this.dt = dt;
        this.verletDelta = verletDelta;
    }

    /** Why {@code h} is refused as Δt: the range accepted. */
    public static String dtRange(double h) {
        return "must be a time step from " + MIN_DT + " to " + MAX_DT + " s, got " + h;
    }

    /** A scene with the default integrator, Δt and δ. */
    public static SceneFile of(SceneSpec spec) {
        return new SceneFile(spec, DEFAULT_INTEGRATOR, DEFAULT_DT, PositionVerlet.DEFAULT_DAMPING);
    }

    /** The scene (a copy). */
    public SceneSpec spec() {
        return spec.copy();
    }

    /** The scene type. */
    public SceneType type() {
        return spec.type();
    }

    /** The integrator. */
    public IntegratorKind integrator() {
        return integrator;
    }

    /** Δt; in s. */
    public double dt() {
        return dt;
    }

    /** δ of the Verlet integrator; dimensionless. */
    public double verletDelta() {
        return verletDelta;
    }

    /** The implicit integrators' solver settings. */
    public ImplicitOptions implicitOptions() {
        return implicit;
    }

    /** The projection integrators' iterations per step. */
    public int iterations() {
        return iterations;
    }

    /** PBD's stiffness k; dimensionless, in (0, 1]. */
    public double pbdStiffness() {
        return pbdStiffness;
    }

    /** The same file with another scene. */
    public SceneFile withSpec(SceneSpec s) {
        return new SceneFile(s, integrator, dt, verletDelta, implicit, iterations, pbdStiffness);
    }

    /** The same file with another integrator. */
    public SceneFile withIntegrator(IntegratorKind k) {
        return new SceneFile(spec, k, dt, verletDelta, implicit, iterations, pbdStiffness);
    }

    /** The same file with another Δt. */
    public SceneFile withDt(double h) {
        return new SceneFile(spec, integrator, h, verletDelta, implicit, iterations, pbdStiffness);
    }

    /** The same file with another iteration count for the projection integrators. */
    public SceneFile withIterations(int n) {
        return new SceneFile(spec, integrator, dt, verletDelta, implicit, n, pbdStiffness);
    }

    /** The same file with another stiffness for PBD. */
    public SceneFile withPbdStiffness(double k) {
        return new SceneFile(spec, integrator, dt, verletDelta, implicit, iterations, k);
    }

    /** The same file with another δ. */
    public SceneFile withVerletDelta(double d) {
        return new SceneFile(spec, integrator, dt, d, implicit, iterations, pbdStiffness);
    }

    /** The same file with other solver settings. */
    public SceneFile withImplicitOptions(ImplicitOptions o) {
        return new SceneFile(spec, integrator, dt, verletDelta, o, iterations, pbdStiffness);
    }

    // ------------------------------------------------------------------ the workbench's defaults and edits

    /**
     * The scene with every default, as the workbench opens it: semi-implicit Euler at the recipe's
     * Δt ({@link SceneRecipe#defaultDt()}).
     */
    public static SceneFile defaults(SceneType type) {
        return new SceneFile(SceneSpec.of(type), DEFAULT_INTEGRATOR, type.recipe().defaultDt(),
                PositionVerlet.DEFAULT_DAMPING);
    }

    /**
     * Checks the workbench's cap on the counted dimension ({@link SceneRecipe#workbenchCap()}).
     *
     * @throws IllegalArgumentException whose message starts with the field at fault
     */
    public SceneFile requireWorkbenchSize() {
        SceneRecipe recipe = type().recipe();
        Key counted = recipe.countedKey();
        int cap = recipe.workbenchCap();
        if (counted == null || cap <= 0) {
            return this;
        }
        String field = counted.id();
        int value = counted == Key.NODES ? spec.nodes() : spec.size();
        if (value < 2 || value > cap) {
            throw new IllegalArgumentException(field + ": must be from 2 to " + cap + ", got " + value);
        }
        return this;
    }

    /** k_s of the structural springs; in N/m (what the workbench's stiffness slider shows). */
    public double stiffness() {
        return spec.structuralStiffness();
    }

    /**
     * k_s of springs of one kind relative to the structural ones in this scene: k_kind = ratio · k_struct
     * (1 when the structural springs have no stiffness).
     */
    public double stiffnessRatio(SpringKind kind) {
        double structural = spec.structuralStiffness();
        if (kind == SpringKind.STRUCTURAL || !(structural > 0)) {
            return 1.0;
        }
        return (kind == SpringKind.SHEAR ? spec.shearStiffness() : spec.bendStiffness()) / structural;
    }

    /**
     * The same scene with structural springs of stiffness {@code k}; shear and bend springs keep
     * their ratio to the structural ones, so that one value stiffens a cloth without changing its
     * character. The spring and the chain, whose files name one stiffness, set that one.
     *
     * @param k k_s; in N/m
     */
    public SceneFile withStiffness(double k) {
        SceneSpec s = spec.copy();
        if (!Key.K_STRUCT.appliesTo(type())) {
            s.stiffness(k);
        } else {
            double structural = spec.structuralStiffness();
            double scale = structural > 0 ? k / structural : Double.NaN;
            s.structuralStiffness(k)
                    .shearStiffness(structural > 0 ? spec.shearStiffness() * scale : k)
                    .bendStiffness(structural > 0 ? spec.bendStiffness() * scale : k);
        }
        return withSpec(s);
    }

    /** The same scene with particles of mass {@code m}; in kg. */
    public SceneFile withMass(double m) {
        return withSpec(spec.copy().mass(m));
    }

    /** The same scene with spring damping k_d; in N·s/m. */
    public SceneFile withSpringDamping(double kd) {
        return withSpec(spec.copy().springDamping(kd));
    }

    /** The same scene with gravity |g| along −y; in m/s². */
    public SceneFile withGravity(double g) {
        return withSpec(spec.copy().gravity(g));
    }

    /** The same scene with global viscous damping c; in N·s/m. */
    public SceneFile withAirDamping(double c) {
        return withSpec(spec.copy().airDamping(c));
    }

    /**
     * The keys whose values differ between this scene and {@code other} (effective values, as
     * {@link #toMap()} writes them); a key written by only one of them counts as changed.
     */
    public Set<Key> changedKeys(SceneFile other) {
        Map<String, Object> a = toMap();
        Map<String, Object> b = other.toMap();
        Set<Key> out = EnumSet.noneOf(Key.class);
        for (String id : a.keySet()) {
            if (!Objects.equals(a.get(id), b.get(id))) {
                out.add(Key.byId(id));
            }
        }
        for (String id : b.keySet()) {
            if (!a.containsKey(id)) {
                out.add(Key.byId(id));
            }
        }
        return out;
    }

    /** The number of particles the scene has (computed without building it). */
    public int particleCount() {
        return particleCount(spec);
    }

    /** The number of particles a spec makes, saturating at {@link Integer#MAX_VALUE}. */
    public static int particleCount(SceneSpec s) {
        return s.type().recipe().particleCount(s);
    }

    /** Builds the system. */
    public MassSpringSystem build() {
        return Scenes.build(spec);
    }

    /**
     * A new integrator of this file's kind (Verlet with this file's δ, implicit with its solver
     * settings, a projection integrator with its iterations, PBD with its stiffness).
     */
    public Integrator createIntegrator() {
        return createIntegrator(integrator);
    }

    /**
     * A new integrator of the given kind (Verlet with this file's δ, implicit with its solver
     * settings, a projection integrator with its iterations, PBD with its stiffness).
     */
    public Integrator createIntegrator(IntegratorKind kind) {
        return Integrators.create(kind, IntegratorSettings.of(verletDelta, iterations, pbdStiffness, implicit));
    }

    // ------------------------------------------------------------------ reading (SceneFileReader)

    /** Reads a scene file (at most {@link SceneSpec#MAX_PARTICLES} particles). */
    public static SceneFile read(Path file) throws DataFileException {
        return SceneFileReader.read(file);
    }

    /**
     * Reads a scene file the workbench can show: as {@link #read}, and within the workbench's size
     * ({@link #requireWorkbenchSize}); a size beyond it is reported on the line of its key.
     */
    public static SceneFile readForWorkbench(Path file) throws DataFileException {
        return SceneFileReader.readForWorkbench(file);
    }

    /** Parses scene-file text; {@code name} names it in messages. */
    public static SceneFile parse(String text, String name) throws DataFileException {
        return SceneFileReader.parse(text, name);
    }

    /**
     * Reads a scene mapping (a scene file's root or a lesson's {@code scene:} block).
     *
     * @param maxParticles the largest scene accepted
     */
    public static SceneFile fromYaml(YamlValue value, int maxParticles) throws DataFileException {
        return SceneFileReader.fromYaml(value, maxParticles);
    }

    /**
     * Reads a mapping of scene keys to values (every key optional), as a lesson's {@code set:}
     * action has. Types and ranges are checked here; whether the keys fit the scene type and the
     * whole scene is checked by {@link #apply}.
     */
    public static Map<Key, Object> readChange(YamlMap m) throws DataFileException {
        return SceneFileReader.readChange(m);
    }

    /**
     * This file with a change applied (from {@link #readChange}). Keys that do not apply to the
     * resulting scene type, an invalid scene and a scene over {@code maxParticles} are reported on
     * the line of the key at fault in {@code where}.
     */
    public SceneFile apply(Map<Key, Object> change, YamlMap where, int maxParticles) throws DataFileException {
        return SceneFileReader.apply(this, change, where, maxParticles);
    }

    /**
     * This file with a change applied.
     *
     * @throws IllegalArgumentException whose message starts with the key at fault
     */
    public SceneFile apply(Map<Key, Object> change, int maxParticles) {
        return SceneFileReader.apply(this, change, maxParticles);
    }


    // ------------------------------------------------------------------ writing (SceneFileWriter)

    /**
     * The file's content as an ordered map of keys to values: every key that applies to the
     * scene type, with its effective value (defaults written out); {@code k} only for a scene
     * that has no {@code k_struct}, whose springs all share one stiffness. Verlet's δ is written for the
     * Verlet integrator or when it is not the default; the solver settings all for an implicit
     * integrator, otherwise those that are not the default; the iterations for a projection
     * integrator or when not the default, PBD's stiffness for PBD or when not the default.
     */
    public Map<String, Object> toMap() {
        return SceneFileWriter.toMap(this);
    }

    /** The file's text: a comment line, then the keys of {@link #toMap()} in block style. */
    public String toYaml() {
        return SceneFileWriter.toYaml(this);
    }

    /**
     * Saves the file atomically: a failed write leaves any previous file as it was. A named pipe,
     * a device or a socket is refused at once, never opened ({@link AtomicFiles.Special#REFUSE}),
     * so that saving from the window never waits for a reader.
     */
    public void write(Path file) throws IOException {
        AtomicFiles.writeString(file, AtomicFiles.Special.REFUSE, toYaml());
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SceneFile f && toMap().equals(f.toMap());
    }

    @Override
    public int hashCode() {
        return toMap().hashCode();
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "SceneFile[%s, %s, dt=%s]", spec.type().id(), integrator.id(), dt);
    }
}
