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
import dev.hooke.core.io.YamlFiles;
import dev.hooke.core.io.YamlMap;
import dev.hooke.core.io.YamlValue;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.solve.PreconditionerKind;
import dev.hooke.core.solve.SolverKind;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;

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
 *   precond: block-jacobi  # none | jacobi | block-jacobi | two-level | ssor (cg only)
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
    /** The largest Δt accepted; in s. */
    public static final double MAX_DT = 1.0;
    /** The integrator when the file names none. */
    public static final IntegratorKind DEFAULT_INTEGRATOR = IntegratorKind.SYMPLECTIC_EULER;

    /** The keys of a scene file, with the scene types they apply to. */
    public enum Key {
        TYPE("type", SceneType.values()),
        NODES("nodes", SceneType.CHAIN),
        SIZE("size", SceneType.CLOTH, SceneType.CUBE),
        LENGTH("length", SceneType.values()),
        MASS("mass", SceneType.values()),
        K("k", SceneType.values()),
        K_STRUCT("k_struct", SceneType.CLOTH, SceneType.CUBE),
        K_SHEAR("k_shear", SceneType.CLOTH, SceneType.CUBE),
        K_BEND("k_bend", SceneType.CLOTH),
        STRUCTURAL("structural", SceneType.CLOTH, SceneType.CUBE),
        SHEAR("shear", SceneType.CLOTH, SceneType.CUBE),
        BEND("bend", SceneType.CLOTH),
        KD("kd", SceneType.values()),
        GRAVITY("gravity", SceneType.values()),
        AIR_DAMPING("air_damping", SceneType.values()),
        PINS("pins", SceneType.CLOTH),
        VERTICAL("vertical", SceneType.CLOTH),
        DROP_HEIGHT("drop_height", SceneType.CUBE),
        RESTITUTION("restitution", SceneType.CUBE),
        FRICTION("friction", SceneType.CUBE),
        PERTURBATION("perturbation", SceneType.values()),
        DISPLACEMENT("displacement", SceneType.values()),
        VELOCITY("velocity", SceneType.values()),
        SEED("seed", SceneType.values()),
        INTEGRATOR("integrator", SceneType.values()),
        DT("dt", SceneType.values()),
        VERLET_DELTA("verlet_delta", SceneType.values()),
        SOLVER("solver", SceneType.values()),
        PRECOND("precond", SceneType.values()),
        TOL("tol", SceneType.values()),
        MAX_ITER("max_iter", SceneType.values()),
        WARM_START("warm_start", SceneType.values()),
        NEWTON_ITERS("newton_iters", SceneType.values()),
        CLAMP("clamp", SceneType.values()),
        ITERATIONS("iterations", SceneType.values()),
        PBD_STIFFNESS("pbd_stiffness", SceneType.values());

        private final String id;
        private final Set<SceneType> types;

        Key(String id, SceneType... types) {
            this.id = id;
            this.types = EnumSet.copyOf(Arrays.asList(types));
        }

        /** The key as written in files. */
        public String id() {
            return id;
        }

        /** Whether the key means something for this scene type. */
        public boolean appliesTo(SceneType t) {
            return types.contains(t);
        }

        /**
         * Whether a running simulation can take the new value without being rebuilt: stiffness,
         * damping, mass, gravity, the integrator, Δt, Verlet's δ, the solver settings, the
         * projection integrators' iterations and PBD's stiffness.
         */
        public boolean isLive() {
            return switch (this) {
                case MASS, K, K_STRUCT, K_SHEAR, K_BEND, KD, GRAVITY, AIR_DAMPING, INTEGRATOR, DT, VERLET_DELTA,
                     ITERATIONS, PBD_STIFFNESS -> true;
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
        if (!(dt > 0 && dt <= MAX_DT)) {
            throw new IllegalArgumentException("dt: must be a time step > 0 and at most " + MAX_DT + " s, got " + dt);
        }
        if (!(verletDelta >= 0 && verletDelta < 1)) {
            throw new IllegalArgumentException("verlet_delta: must be in [0, 1), got " + verletDelta);
        }
        this.dt = dt;
        this.verletDelta = verletDelta;
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

    /** The number of particles the scene has (computed without building it). */
    public int particleCount() {
        return particleCount(spec);
    }

    /** The number of particles a spec makes, saturating at {@link Integer#MAX_VALUE}. */
    public static int particleCount(SceneSpec s) {
        long n = switch (s.type()) {
            case SPRING -> 2;
            case CHAIN -> s.nodes();
            case CLOTH -> (long) s.size() * s.size();
            case CUBE -> (long) s.size() * s.size() * s.size();
        };
        return (int) Math.min(n, Integer.MAX_VALUE);
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

    // ------------------------------------------------------------------ reading

    /** Reads a scene file (at most {@link SceneSpec#MAX_PARTICLES} particles). */
    public static SceneFile read(Path file) throws DataFileException {
        return fromYaml(YamlFiles.read(file, file.toString()), SceneSpec.MAX_PARTICLES);
    }

    /** Parses scene-file text; {@code name} names it in messages. */
    public static SceneFile parse(String text, String name) throws DataFileException {
        return fromYaml(YamlFiles.parse(text, name), SceneSpec.MAX_PARTICLES);
    }

    /**
     * Reads a scene mapping (a scene file's root or a lesson's {@code scene:} block).
     *
     * @param maxParticles the largest scene accepted
     */
    public static SceneFile fromYaml(YamlValue value, int maxParticles) throws DataFileException {
        YamlMap m = value.map();
        if (!m.has("type")) {
            throw m.self().error("needs 'type' (one of spring, chain, cloth, cube)");
        }
        Map<Key, Object> change = readChange(m);
        return of(SceneSpec.of((SceneType) change.get(Key.TYPE))).apply(change, m, maxParticles);
    }

    /**
     * Reads a mapping of scene keys to values (every key optional), as a lesson's {@code set:}
     * action has. Types and ranges are checked here; whether the keys fit the scene type and the
     * whole scene is checked by {@link #apply}.
     */
    public static Map<Key, Object> readChange(YamlMap m) throws DataFileException {
        Map<Key, Object> out = new LinkedHashMap<>();
        for (String name : m.keys()) {
            Key key = Key.byId(name);
            if (key == null) {
                throw m.error(name, "unknown key; expected one of " + String.join(", ", Key.ids()));
            }
            out.put(key, readValue(key, m.get(name)));
        }
        return out;
    }

    private static Object readValue(Key key, YamlValue v) throws DataFileException {
        return switch (key) {
            case TYPE -> v.choice(SceneType::fromId);
            case NODES -> v.integer(2, SceneSpec.MAX_PARTICLES);
            case SIZE -> v.integer(2, 100_000);
            case LENGTH, MASS -> v.positive();
            case K, K_STRUCT, K_SHEAR, K_BEND, KD, AIR_DAMPING, DROP_HEIGHT, FRICTION -> v.nonNegative();
            case GRAVITY, DISPLACEMENT, VELOCITY -> v.number();
            case RESTITUTION -> v.number(0, 1);
            case STRUCTURAL, SHEAR, BEND, VERTICAL -> v.bool();
            case PINS -> v.choice(ClothPins::fromId);
            case PERTURBATION -> v.choice(Perturbation::fromId);
            case SEED -> (long) v.integer(0, Integer.MAX_VALUE);
            case INTEGRATOR -> v.choice(IntegratorKind::fromId);
            case DT -> {
                double h = v.positive();
                if (h > MAX_DT) {
                    throw v.error("must be a time step of at most " + MAX_DT + " s, got " + h);
                }
                yield h;
            }
            case VERLET_DELTA -> {
                double d = v.nonNegative();
                if (d >= 1) {
                    throw v.error("must be in [0, 1), got " + d);
                }
                yield d;
            }
            case SOLVER -> v.choice(SolverKind::fromId);
            case PRECOND -> v.choice(PreconditionerKind::fromId);
            case TOL -> {
                double t = v.positive();
                if (t >= 1) {
                    throw v.error("must be a relative residual > 0 and < 1, got " + v.text().trim());
                }
                yield t;
            }
            case MAX_ITER -> v.integer(1, ImplicitOptions.MAX_ITERATIONS_LIMIT);
            case NEWTON_ITERS -> v.integer(1, ImplicitOptions.NEWTON_ITERATIONS_LIMIT);
            case WARM_START, CLAMP -> v.bool();
            case ITERATIONS -> v.integer(1, ProjectionIntegrator.MAX_ITERATIONS);
            case PBD_STIFFNESS -> {
                double k = v.positive();
                if (k > 1) {
                    throw v.error("must be a number > 0 and <= 1, got " + v.text().trim());
                }
                yield k;
            }
        };
    }

    /**
     * This file with a change applied (from {@link #readChange}). Keys that do not apply to the
     * resulting scene type, an invalid scene and a scene over {@code maxParticles} are reported on
     * the line of the key at fault in {@code where}.
     */
    public SceneFile apply(Map<Key, Object> change, YamlMap where, int maxParticles) throws DataFileException {
        Objects.requireNonNull(where, "where");
        try {
            return applyChange(change, maxParticles);
        } catch (Problem p) {
            throw where.error(p.key, p.getMessage());
        }
    }

    /**
     * This file with a change applied.
     *
     * @throws IllegalArgumentException whose message starts with the key at fault
     */
    public SceneFile apply(Map<Key, Object> change, int maxParticles) {
        try {
            return applyChange(change, maxParticles);
        } catch (Problem p) {
            throw new IllegalArgumentException(p.key + ": " + p.getMessage(), p);
        }
    }

    /** A problem with one key of a change. */
    private static final class Problem extends Exception {
        private static final long serialVersionUID = 1L;
        final String key;

        Problem(String key, String message) {
            super(message);
            this.key = key;
        }
    }

    private SceneFile applyChange(Map<Key, Object> change, int maxParticles) throws Problem {
        SceneSpec s = spec.copy();
        IntegratorKind kind = integrator;
        double h = dt;
        double delta = verletDelta;
        ImplicitOptions o = implicit;
        int iters = iterations;
        double pbdK = pbdStiffness;
        if (change.containsKey(Key.TYPE)) {
            s.type((SceneType) change.get(Key.TYPE));
        }
        for (Map.Entry<Key, Object> e : change.entrySet()) {
            Key key = e.getKey();
            Object val = e.getValue();
            if (!key.appliesTo(s.type())) {
                throw new Problem(key.id(), "does not apply to the " + s.type().id() + " scene");
            }
            switch (key) {
                case TYPE -> {
                }
                case NODES -> s.nodes((Integer) val);
                case SIZE -> s.size((Integer) val);
                case LENGTH -> s.length((Double) val);
                case MASS -> s.mass((Double) val);
                case K -> s.stiffness((Double) val);
                case K_STRUCT -> s.structuralStiffness((Double) val);
                case K_SHEAR -> s.shearStiffness((Double) val);
                case K_BEND -> s.bendStiffness((Double) val);
                case STRUCTURAL -> s.structural((Boolean) val);
                case SHEAR -> s.shear((Boolean) val);
                case BEND -> s.bend((Boolean) val);
                case KD -> s.springDamping((Double) val);
                case GRAVITY -> s.gravity((Double) val);
                case AIR_DAMPING -> s.airDamping((Double) val);
                case PINS -> s.pins((ClothPins) val);
                case VERTICAL -> s.verticalCloth((Boolean) val);
                case DROP_HEIGHT -> s.dropHeight((Double) val);
                case RESTITUTION -> s.restitution((Double) val);
                case FRICTION -> s.friction((Double) val);
                case PERTURBATION -> s.perturbation((Perturbation) val);
                case DISPLACEMENT -> s.displacement((Double) val);
                case VELOCITY -> s.velocity((Double) val);
                case SEED -> s.seed((Long) val);
                case INTEGRATOR -> kind = (IntegratorKind) val;
                case DT -> h = (Double) val;
                case VERLET_DELTA -> delta = (Double) val;
                case SOLVER -> o = o.withSolver((SolverKind) val);
                case PRECOND -> o = o.withPreconditioner((PreconditionerKind) val);
                case TOL -> o = o.withTolerance((Double) val);
                case MAX_ITER -> o = o.withMaxIterations((Integer) val);
                case WARM_START -> o = o.withWarmStart((Boolean) val);
                case NEWTON_ITERS -> o = o.withNewtonIterations((Integer) val);
                case CLAMP -> o = o.withClamp((Boolean) val);
                case ITERATIONS -> iters = (Integer) val;
                case PBD_STIFFNESS -> pbdK = (Double) val;
                default -> throw new IllegalStateException(key.id());
            }
        }
        int count = particleCount(s);
        if (count > maxParticles) {
            String field = s.type() == SceneType.CHAIN ? "nodes" : s.type() == SceneType.SPRING ? "type" : "size";
            throw new Problem(change.containsKey(Key.byId(field)) ? field : firstKey(change),
                    "the scene would have " + (count == Integer.MAX_VALUE ? "over 2 billion" : String.valueOf(count))
                            + " particles, more than the limit of " + maxParticles);
        }
        try {
            s.validate();
        } catch (IllegalArgumentException ex) {
            String msg = String.valueOf(ex.getMessage());
            int colon = msg.indexOf(':');
            String field = colon > 0 ? msg.substring(0, colon).trim().replace('-', '_') : "";
            Key k = Key.byId(field);
            if (k == null || !change.containsKey(k)) {
                throw new Problem(firstKey(change), "the scene is not valid: " + msg);
            }
            throw new Problem(k.id(), msg.substring(colon + 1).trim());
        }
        return new SceneFile(s, kind, h, delta, o, iters, pbdK);
    }

    private static String firstKey(Map<Key, Object> change) {
        return change.isEmpty() ? "type" : change.keySet().iterator().next().id();
    }

    // ------------------------------------------------------------------ writing

    /**
     * The file's content as an ordered map of keys to values: every key that applies to the
     * scene type, with its effective value (defaults written out). Verlet's δ is written for the
     * Verlet integrator or when it is not the default; the solver settings all for an implicit
     * integrator, otherwise those that are not the default; the iterations for a projection
     * integrator or when not the default, PBD's stiffness for PBD or when not the default.
     */
    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        SceneType t = spec.type();
        m.put("type", t.id());
        switch (t) {
            case CHAIN -> m.put("nodes", spec.nodes());
            case CLOTH, CUBE -> m.put("size", spec.size());
            default -> {
            }
        }
        m.put("length", spec.length());
        m.put("mass", spec.mass());
        if (t == SceneType.SPRING || t == SceneType.CHAIN) {
            m.put("k", spec.stiffness());
        } else {
            m.put("k_struct", spec.structuralStiffness());
            m.put("k_shear", spec.shearStiffness());
            if (t == SceneType.CLOTH) {
                m.put("k_bend", spec.bendStiffness());
            }
            m.put("structural", spec.structural());
            m.put("shear", spec.shear());
            if (t == SceneType.CLOTH) {
                m.put("bend", spec.bend());
            }
        }
        m.put("kd", spec.springDamping());
        m.put("gravity", spec.gravity());
        m.put("air_damping", spec.airDamping());
        if (t == SceneType.CLOTH) {
            m.put("pins", spec.pins().id());
            m.put("vertical", spec.verticalCloth());
        }
        if (t == SceneType.CUBE) {
            m.put("drop_height", spec.dropHeight());
            m.put("restitution", spec.restitution());
            m.put("friction", spec.friction());
        }
        m.put("perturbation", spec.perturbation().id());
        if (spec.perturbation() != Perturbation.NONE) {
            m.put("displacement", spec.displacement());
            m.put("velocity", spec.velocity());
            if (spec.perturbation() == Perturbation.RANDOM) {
                m.put("seed", spec.seed());
            }
        }
        m.put("integrator", integrator.id());
        m.put("dt", dt);
        if (integrator == IntegratorKind.VERLET || verletDelta != PositionVerlet.DEFAULT_DAMPING) {
            m.put("verlet_delta", verletDelta);
        }
        ImplicitOptions d = ImplicitOptions.defaults();
        boolean all = integrator.isImplicit();
        if (all || implicit.solver() != d.solver()) {
            m.put(Key.SOLVER.id(), implicit.solver().id());
        }
        if (all || implicit.preconditioner() != d.preconditioner()) {
            m.put(Key.PRECOND.id(), implicit.preconditioner().id());
        }
        if (all || implicit.tolerance() != d.tolerance()) {
            m.put(Key.TOL.id(), implicit.tolerance());
        }
        if (all || implicit.maxIterations() != d.maxIterations()) {
            m.put(Key.MAX_ITER.id(), implicit.maxIterations());
        }
        if (all || implicit.warmStart() != d.warmStart()) {
            m.put(Key.WARM_START.id(), implicit.warmStart());
        }
        if (all || implicit.newtonIterations() != d.newtonIterations()) {
            m.put(Key.NEWTON_ITERS.id(), implicit.newtonIterations());
        }
        if (all || implicit.clamp() != d.clamp()) {
            m.put(Key.CLAMP.id(), implicit.clamp());
        }
        if (integrator.isProjection() || iterations != ProjectionIntegrator.DEFAULT_ITERATIONS) {
            m.put(Key.ITERATIONS.id(), iterations);
        }
        if (integrator == IntegratorKind.PBD || pbdStiffness != 1) {
            m.put(Key.PBD_STIFFNESS.id(), pbdStiffness);
        }
        return Collections.unmodifiableMap(m);
    }

    /** The file's text: a comment line, then the keys of {@link #toMap()} in block style. */
    public String toYaml() {
        DumperOptions o = new DumperOptions();
        o.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
        o.setIndent(2);
        o.setLineBreak(DumperOptions.LineBreak.UNIX);
        return "# Hooke scene (" + spec.type().id() + ")\n" + new Yaml(o).dump(new LinkedHashMap<>(toMap()));
    }

    /** Saves the file atomically: a failed write leaves any previous file as it was. */
    public void write(Path file) throws IOException {
        AtomicFiles.writeString(file, toYaml());
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
