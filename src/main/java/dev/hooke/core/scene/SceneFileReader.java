package dev.hooke.core.scene;

import dev.hooke.core.integrate.ImplicitOptions;
import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.integrate.ProjectionIntegrator;
import dev.hooke.core.io.DataFileException;
import dev.hooke.core.io.YamlFiles;
import dev.hooke.core.io.YamlMap;
import dev.hooke.core.io.YamlValue;
import dev.hooke.core.scene.SceneFile.Key;
import dev.hooke.core.solve.PreconditionerKind;
import dev.hooke.core.solve.SolverKind;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * Reads scene files and applies changes to a {@link SceneFile}: the YAML mapping of a scene file
 * (or of a lesson's {@code scene:} block) read key by key, each value checked for its type and
 * range, then the change applied to a scene value and the whole scene checked. Problems are
 * reported with file, line and key ({@link DataFileException}), or, for a change made outside a
 * file, with the key at the start of the message.
 *
 * <p>{@link SceneFile#read}, {@link SceneFile#parse}, {@link SceneFile#fromYaml},
 * {@link SceneFile#readChange} and {@link SceneFile#apply} are the public entry points.
 */
final class SceneFileReader {

    private SceneFileReader() {
    }

    /** Reads a scene file (at most {@link SceneSpec#MAX_PARTICLES} particles). */
    static SceneFile read(Path file) throws DataFileException {
        return fromYaml(YamlFiles.read(file, file.toString()), SceneSpec.MAX_PARTICLES);
    }

    /**
     * Reads a scene file the workbench can show ({@link SceneFile#requireWorkbenchSize}); a size
     * beyond it is reported on the line of its key, from the document already read.
     */
    static SceneFile readForWorkbench(Path file) throws DataFileException {
        YamlValue doc = YamlFiles.read(file, file.toString());
        SceneFile f = fromYaml(doc, SceneSpec.MAX_PARTICLES);
        try {
            return f.requireWorkbenchSize();
        } catch (IllegalArgumentException e) {
            Key counted = f.type().recipe().countedKey();
            String key = counted == null ? "" : counted.id();
            String problem = e.getMessage().startsWith(key + ": ") ? e.getMessage().substring(key.length() + 2) : e.getMessage();
            YamlMap root = doc.map();
            throw root.has(key) ? root.error(key, problem + " in the workbench")
                    : new DataFileException(file.toString(), 0, key, problem + " in the workbench");
        }
    }

    /** Parses scene-file text; {@code name} names it in messages. */
    static SceneFile parse(String text, String name) throws DataFileException {
        return fromYaml(YamlFiles.parse(text, name), SceneSpec.MAX_PARTICLES);
    }

    /**
     * Reads a scene mapping (a scene file's root or a lesson's {@code scene:} block).
     *
     * @param maxParticles the largest scene accepted
     */
    static SceneFile fromYaml(YamlValue value, int maxParticles) throws DataFileException {
        YamlMap m = value.map();
        if (!m.has("type")) {
            throw m.self().error("needs 'type' (one of " + SceneRegistry.types().stream().map(SceneType::id)
                    .collect(Collectors.joining(", ")) + ")");
        }
        Map<Key, Object> change = readChange(m);
        return apply(SceneFile.of(SceneSpec.of((SceneType) change.get(Key.TYPE))), change, m, maxParticles);
    }

    /**
     * Reads a mapping of scene keys to values (every key optional), as a lesson's {@code set:}
     * action has. Types and ranges are checked here; whether the keys fit the scene type and the
     * whole scene is checked by {@link #apply}.
     */
    static Map<Key, Object> readChange(YamlMap m) throws DataFileException {
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
            // the bounds of the scene's numbers are the spec's (SceneSpec.validate, after the change)
            case LENGTH, MASS, K, K_STRUCT, K_SHEAR, K_BEND, KD, AIR_DAMPING, DROP_HEIGHT, FRICTION, GRAVITY,
                 DISPLACEMENT, VELOCITY, RESTITUTION, GUST, GUST_PERIOD, TEAR_STRAIN, THICKNESS, SPHERE_RADIUS ->
                    v.number();
            case STRUCTURAL, SHEAR, BEND, VERTICAL -> v.bool();
            case PINS -> v.choice(ClothPins::fromId);
            case PERTURBATION -> v.choice(Perturbation::fromId);
            case SEED -> (long) v.integer(0, Integer.MAX_VALUE);
            case WIND -> {
                List<YamlValue> items = v.list(3, 3);
                yield new double[] {items.get(0).number(), items.get(1).number(), items.get(2).number()};
            }
            case SELF_COLLISION -> v.bool();
            case INTEGRATOR -> v.choice(IntegratorKind::fromId);
            case OBSTACLE -> v.choice(ObstacleKind::fromId);
            case SPHERE_CENTER -> numbers(v, 3);
            case SPHERE_ORBIT -> numbers(v, 2);
            case DT -> {
                double h = v.positive();
                if (!(h >= SceneFile.MIN_DT && h <= SceneFile.MAX_DT)) {
                    throw v.error(SceneFile.dtRange(h));
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

    /** A list of exactly {@code count} finite numbers, such as [x, y, z]. */
    private static double[] numbers(YamlValue v, int count) throws DataFileException {
        List<YamlValue> items = v.list(count, count);
        double[] out = new double[count];
        for (int i = 0; i < count; i++) {
            out[i] = items.get(i).number();
        }
        return out;
    }

    /**
     * {@code base} with a change applied (from {@link #readChange}). Keys that do not apply to the
     * resulting scene type, an invalid scene and a scene over {@code maxParticles} are reported on
     * the line of the key at fault in {@code where}.
     */
    static SceneFile apply(SceneFile base, Map<Key, Object> change, YamlMap where, int maxParticles)
            throws DataFileException {
        Objects.requireNonNull(where, "where");
        try {
            return applyChange(base, change, maxParticles);
        } catch (Problem p) {
            throw where.error(p.key, p.getMessage());
        }
    }

    /**
     * {@code base} with a change applied.
     *
     * @throws IllegalArgumentException whose message starts with the key at fault
     */
    static SceneFile apply(SceneFile base, Map<Key, Object> change, int maxParticles) {
        try {
            return applyChange(base, change, maxParticles);
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

    private static SceneFile applyChange(SceneFile base, Map<Key, Object> change, int maxParticles) throws Problem {
        SceneSpec s = base.spec();
        IntegratorKind kind = base.integrator();
        double h = base.dt();
        double delta = base.verletDelta();
        ImplicitOptions o = base.implicitOptions();
        int iters = base.iterations();
        double pbdK = base.pbdStiffness();
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
                case OBSTACLE -> s.obstacle(s.obstacle().withKind((ObstacleKind) val));
                case SPHERE_CENTER -> {
                    double[] c = (double[]) val;
                    s.obstacle(s.obstacle().withCenter(c[0], c[1], c[2]));
                }
                case SPHERE_RADIUS -> s.obstacle(s.obstacle().withRadius((Double) val));
                case SPHERE_ORBIT -> {
                    double[] orbit = (double[]) val;
                    s.obstacle(s.obstacle().withOrbit(orbit[0], orbit[1]));
                }
                case WIND -> {
                    double[] w = (double[]) val;
                    s.wind(w[0], w[1], w[2]);
                }
                case GUST -> s.gust((Double) val);
                case GUST_PERIOD -> s.gustPeriod((Double) val);
                case TEAR_STRAIN -> s.tearStrain((Double) val);
                case SELF_COLLISION -> s.selfCollision((Boolean) val);
                case THICKNESS -> s.thickness((Double) val);
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
        int count = SceneFile.particleCount(s);
        if (count > maxParticles) {
            Key counted = s.type().recipe().countedKey();
            String field = counted == null ? "type" : counted.id();
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
}
