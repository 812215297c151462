package dev.hooke.core.scene;

import dev.hooke.core.integrate.ImplicitOptions;
import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.integrate.PositionVerlet;
import dev.hooke.core.integrate.ProjectionIntegrator;
import dev.hooke.core.scene.SceneFile.Key;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;

/**
 * Writes a {@link SceneFile}: its content as an ordered map of keys to effective values (what
 * {@link SceneFile#equals} and {@link SceneFile#changedKeys} compare), and that map as the text
 * of a scene file. {@link SceneFile#toMap}, {@link SceneFile#toYaml} and {@link SceneFile#write}
 * are the public entry points; {@link SceneFileReader} reads the text back to an equal value.
 */
final class SceneFileWriter {

    private SceneFileWriter() {
    }

    /**
     * The file's content as an ordered map of keys to values: every key that applies to the
     * scene type, with its effective value (defaults written out); {@code k} only for a scene
     * that has no {@code k_struct}, whose springs all share one stiffness. Verlet's δ is written for the
     * Verlet integrator or when it is not the default; the solver settings all for an implicit
     * integrator, otherwise those that are not the default; the iterations for a projection
     * integrator or when not the default, PBD's stiffness for PBD or when not the default; the
     * obstacle's keys when there is one.
     */
    static Map<String, Object> toMap(SceneFile f) {
        Map<String, Object> m = new LinkedHashMap<>();
        SceneSpec spec = f.spec();
        SceneType t = spec.type();
        IntegratorKind integrator = f.integrator();
        double verletDelta = f.verletDelta();
        ImplicitOptions implicit = f.implicitOptions();
        int iterations = f.iterations();
        double pbdStiffness = f.pbdStiffness();
        m.put("type", t.id());
        putIf(m, t, Key.NODES, spec.nodes());
        putIf(m, t, Key.SIZE, spec.size());
        m.put("length", spec.length());
        m.put("mass", spec.mass());
        if (!Key.K_STRUCT.appliesTo(t)) {
            m.put("k", spec.stiffness());       // one stiffness for every spring
        }
        putIf(m, t, Key.K_STRUCT, spec.structuralStiffness());
        putIf(m, t, Key.K_SHEAR, spec.shearStiffness());
        putIf(m, t, Key.K_BEND, spec.bendStiffness());
        putIf(m, t, Key.STRUCTURAL, spec.structural());
        putIf(m, t, Key.SHEAR, spec.shear());
        putIf(m, t, Key.BEND, spec.bend());
        m.put("kd", spec.springDamping());
        m.put("gravity", spec.gravity());
        m.put("air_damping", spec.airDamping());
        putIf(m, t, Key.PINS, spec.pins().id());
        putIf(m, t, Key.VERTICAL, spec.verticalCloth());
        putIf(m, t, Key.DROP_HEIGHT, spec.dropHeight());
        putIf(m, t, Key.RESTITUTION, spec.restitution());
        putIf(m, t, Key.FRICTION, spec.friction());
        ObstacleSpec obstacle = spec.obstacle();
        if (obstacle.kind() != ObstacleKind.NONE) {
            m.put(Key.OBSTACLE.id(), obstacle.kind().id());
            m.put(Key.SPHERE_CENTER.id(), List.of(obstacle.x(), obstacle.y(), obstacle.z()));
            m.put(Key.SPHERE_RADIUS.id(), obstacle.radius());
            m.put(Key.SPHERE_ORBIT.id(), List.of(obstacle.orbitRadius(), obstacle.orbitPeriod()));
        }
        // weather and material: written when not the default
        if (spec.windy()) {
            putIf(m, t, Key.WIND, List.of(spec.wind(0), spec.wind(1), spec.wind(2)));
        }
        if (spec.gust() != 0 || spec.gustPeriod() != SceneSpec.DEFAULT_GUST_PERIOD) {
            putIf(m, t, Key.GUST, spec.gust());
            putIf(m, t, Key.GUST_PERIOD, spec.gustPeriod());
        }
        if (spec.tearStrain() != 0) {
            putIf(m, t, Key.TEAR_STRAIN, spec.tearStrain());
        }
        if (spec.selfCollision()) {
            putIf(m, t, Key.SELF_COLLISION, true);
        }
        if (spec.thickness() != SceneSpec.DEFAULT_THICKNESS) {
            putIf(m, t, Key.THICKNESS, spec.thickness());
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
        m.put("dt", f.dt());
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

    private static void putIf(Map<String, Object> m, SceneType t, Key key, Object value) {
        if (key.appliesTo(t)) {
            m.put(key.id(), value);
        }
    }

    /** The file's text: a comment line, then the keys of {@link #toMap} in block style. */
    static String toYaml(SceneFile f) {
        DumperOptions o = new DumperOptions();
        o.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
        o.setIndent(2);
        o.setLineBreak(DumperOptions.LineBreak.UNIX);
        return "# Hooke scene (" + f.type().id() + ")\n" + new Yaml(o).dump(new LinkedHashMap<>(toMap(f)));
    }
}
