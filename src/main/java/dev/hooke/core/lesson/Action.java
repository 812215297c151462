package dev.hooke.core.lesson;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.scene.SceneFile;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Something a lesson step does. Each is written in a lesson as one list item, see
 * {@code lessons/README.md}. UI-only actions ({@link Pause}, {@link Chart}) are recorded by the
 * headless runner and otherwise ignored.
 */
public sealed interface Action {

    /** The action's name as written in lesson files. */
    String name();

    /** The line of the action in the lesson file. */
    int line();

    /**
     * {@code set: {k: 1000, dt: 0.02}}: changes scene keys. Keys a running simulation can take
     * ({@link SceneFile.Key#isLive()}) are applied to it in place; any other key rebuilds the
     * scene at t = 0.
     *
     * @param change the keys and their new values
     */
    record Set(Map<SceneFile.Key, Object> change, int line) implements Action {
        public Set {
            change = Collections.unmodifiableMap(new LinkedHashMap<>(change));
        }

        @Override
        public String name() {
            return "set";
        }

        /** Whether every key can be applied to a running simulation. */
        public boolean isLive() {
            return change.keySet().stream().allMatch(SceneFile.Key::isLive);
        }
    }

    /** {@code integrator: verlet}: switches integrators, keeping the state. */
    record UseIntegrator(IntegratorKind kind, int line) implements Action {
        @Override
        public String name() {
            return "integrator";
        }
    }

    /**
     * {@code run: {time: 10}}, {@code run: {steps: 100}} or
     * {@code run: {until: explosion, max_time: 20}}: steps the simulation. With
     * {@code label: NAME} the run can be named by checks ({@code run: NAME}, {@code compare_runs}).
     *
     * @param time           how long to run in simulated seconds (NaN when {@code steps} is given)
     * @param steps          how many steps to take (0 when {@code time} is given)
     * @param untilExplosion whether the run is meant to stop at an explosion ({@code time} is then its cap)
     * @param label          the run's name, or null
     */
    record Run(double time, int steps, boolean untilExplosion, String label, int line) implements Action {
        @Override
        public String name() {
            return "run";
        }
    }

    /** {@code reset}: rebuilds the scene as it is now set, at t = 0. */
    record Reset(int line) implements Action {
        @Override
        public String name() {
            return "reset";
        }
    }

    /** {@code pause}: the workbench stops and waits for the class; the headless runner goes on. */
    record Pause(int line) implements Action {
        @Override
        public String name() {
            return "pause";
        }
    }

    /**
     * {@code sweep_dt: {from: 0.016, to: 0.024, count: 9, time: 5}} or
     * {@code sweep_dt: {values: [...], time: 5}}: runs the scene afresh at each Δt, for
     * {@code time} s or until it explodes, and tabulates measured against predicted explosion.
     *
     * @param dts        the time steps; in s
     * @param time       how long each run lasts; in s
     * @param integrator the method, or null for the current one
     */
    record SweepDt(List<Double> dts, double time, IntegratorKind integrator, int line) implements Action {
        public SweepDt {
            dts = List.copyOf(dts);
        }

        @Override
        public String name() {
            return "sweep_dt";
        }
    }

    /**
     * {@code compare: {integrators: [explicit-euler, verlet], time: 10}}: runs the scene afresh
     * with each integrator, side by side, for {@code time} s or until it explodes. The main
     * simulation is left as it was. Each run is labelled with its integrator's id.
     */
    record Compare(List<IntegratorKind> integrators, double time, int line) implements Action {
        public Compare {
            integrators = List.copyOf(integrators);
        }

        @Override
        public String name() {
            return "compare";
        }
    }

    /**
     * {@code chart: energy}: the workbench shows a chart ({@code modes}: opens the window of the
     * modes on the stability region beside the usual charts); the headless runner records the request.
     */
    record Chart(String chart, int line) implements Action {
        /** The charts a lesson may ask for. */
        public static final List<String> KINDS = List.of(
                "energy", "energy_ratio", "displacement", "error", "phase", "sweep", "strain", "residuals", "modes");
        /** The chart that is a window of its own, not one of the charts pane's. */
        public static final String MODES = "modes";

        @Override
        public String name() {
            return "chart";
        }
    }
}
