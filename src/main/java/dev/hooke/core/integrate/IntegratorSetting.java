package dev.hooke.core.integrate;

/**
 * A setting a method may take from {@link IntegratorSettings}. A method's registry entry
 * ({@link IntegratorEntry#settings()}) lists the ones it takes; this is the one place where a
 * setting's value reaches an integrator.
 */
public enum IntegratorSetting {
    /** Position Verlet's damping δ ({@link PositionVerlet#setDamping}). */
    VERLET_DELTA {
        @Override
        public boolean apply(Integrator integrator, IntegratorSettings settings) {
            if (integrator instanceof PositionVerlet verlet) {
                verlet.setDamping(settings.verletDelta());
                return true;
            }
            return false;
        }
    },
    /** The projection methods' iterations per step ({@link ProjectionIntegrator#setIterations}). */
    ITERATIONS {
        @Override
        public boolean apply(Integrator integrator, IntegratorSettings settings) {
            if (integrator instanceof ProjectionIntegrator projection) {
                projection.setIterations(settings.iterations());
                return true;
            }
            return false;
        }
    },
    /** PBD's stiffness k ({@link PositionBasedDynamics#setStiffness}). */
    PBD_STIFFNESS {
        @Override
        public boolean apply(Integrator integrator, IntegratorSettings settings) {
            if (integrator instanceof PositionBasedDynamics pbd) {
                pbd.setStiffness(settings.pbdStiffness());
                return true;
            }
            return false;
        }
    },
    /** The implicit methods' linear and Newton solver ({@link ImplicitIntegrator#setOptions}). */
    IMPLICIT_SOLVER {
        @Override
        public boolean apply(Integrator integrator, IntegratorSettings settings) {
            if (integrator instanceof ImplicitIntegrator implicit) {
                implicit.setOptions(settings.implicit());
                return true;
            }
            return false;
        }
    };

    /**
     * Gives {@code integrator} this setting's value from {@code settings}, from its next step on,
     * if it has such a setting; otherwise leaves it alone.
     *
     * @return whether the integrator has this setting
     */
    public abstract boolean apply(Integrator integrator, IntegratorSettings settings);
}
