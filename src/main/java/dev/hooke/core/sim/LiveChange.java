package dev.hooke.core.sim;

import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.model.SpringKind;
import dev.hooke.core.model.Sphere;
import dev.hooke.core.scene.SceneFile;
import dev.hooke.core.scene.SceneSpec;
import java.util.Set;

/**
 * Applies a change of a scene's values to a simulation that is running, keeping its state: the
 * one place where a new scene value reaches a live system (the workbench's sliders, a lesson's
 * {@code set} actions and the values a person puts in place of a lesson's).
 */
public final class LiveChange {

    private LiveChange() {
    }

    /**
     * Whether every key in {@code keys} can be taken by a running simulation without a rebuild
     * ({@link SceneFile.Key#isLive()}).
     */
    public static boolean isLive(Set<SceneFile.Key> keys) {
        for (SceneFile.Key k : keys) {
            if (!k.isLive()) {
                return false;
            }
        }
        return true;
    }

    /**
     * Applies the live keys {@code keys} of {@code after} to {@code sim}, which runs {@code before}.
     * A change of integrator, of Verlet's δ, of the solver settings of an implicit integrator or of
     * a projection integrator's settings puts a new integrator in (an implicit one starts without a
     * warm start); solver settings changed under another method wait for it. A change of the
     * physics tells the simulation ({@link Simulation#parametersChanged()}).
     *
     * @throws IllegalArgumentException when a key is not live
     */
    public static void apply(SceneFile before, SceneFile after, Set<SceneFile.Key> keys, Simulation sim) {
        MassSpringSystem sys = sim.system();
        SceneSpec spec = after.spec();
        boolean physics = false;
        boolean integrator = false;
        for (SceneFile.Key k : keys) {
            switch (k) {
                case MASS -> {
                    sys.setAllMasses(spec.mass());
                    physics = true;
                }
                case K, K_STRUCT, K_SHEAR, K_BEND -> {
                    sys.setStiffness(SpringKind.STRUCTURAL, spec.structuralStiffness());
                    sys.setStiffness(SpringKind.SHEAR, spec.shearStiffness());
                    sys.setStiffness(SpringKind.BEND, spec.bendStiffness());
                    physics = true;
                }
                case KD -> {
                    sys.setAllSpringDamping(spec.springDamping());
                    physics = true;
                }
                case GRAVITY -> {
                    sys.setGravity(0, -spec.gravity(), 0);
                    physics = true;
                }
                case AIR_DAMPING -> {
                    sys.setAirDamping(spec.airDamping());
                    physics = true;
                }
                case SPHERE_CENTER -> {
                    // the sphere moves as a whole: the contact sets what it now overlaps on its surface
                    Sphere o = sys.sphere();
                    if (o != null) {
                        sys.setSphere(new Sphere(spec.obstacle().x(), spec.obstacle().y(), spec.obstacle().z(),
                                o.radius(), o.friction(), o.orbitRadius(), o.orbitPeriod(), o.thickness()));
                        physics = true;
                    }
                }
                case DT -> sim.setDt(after.dt());
                case INTEGRATOR, VERLET_DELTA, SOLVER, PRECOND, TOL, MAX_ITER, WARM_START, NEWTON_ITERS, CLAMP,
                     ITERATIONS, PBD_STIFFNESS -> integrator = true;
                default -> throw new IllegalArgumentException(k.id() + ": cannot be changed while the scene runs");
            }
        }
        boolean solverChanged = after.integrator().isImplicit()
                && !after.implicitOptions().equals(before.implicitOptions());
        boolean projectionChanged = after.integrator().isProjection()
                && (after.iterations() != before.iterations() || after.pbdStiffness() != before.pbdStiffness());
        if (integrator && (after.integrator() != before.integrator() || after.verletDelta() != before.verletDelta()
                || solverChanged || projectionChanged)) {
            sim.setIntegrator(after.createIntegrator());
        }
        if (physics) {
            sim.parametersChanged();
        }
    }
}
