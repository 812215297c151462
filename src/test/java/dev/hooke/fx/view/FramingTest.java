package dev.hooke.fx.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.TestScale;
import dev.hooke.core.lesson.Lesson;
import dev.hooke.core.lesson.LessonChecker;
import dev.hooke.core.lesson.LessonReader;
import dev.hooke.core.lesson.LessonRunner;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.scene.SceneFile;
import dev.hooke.core.scene.SceneFraming;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.sim.MotionBounds;
import dev.hooke.core.sim.Simulation;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.Set;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every scene and every step of every lesson keeps its mesh inside the 3D view: the framing is
 * computed from the box the scene's motion sweeps when run ahead, and the positions the lesson
 * itself then runs through (with its own actions: nudges, changed values, longer runs) are
 * projected with that framing, for a wide and a narrow view with the hint's band kept free.
 *
 * <p>Every lesson is played in full; by default every third of its steps (the 1st, 4th, 7th, …)
 * is checked, which takes in every scene type, lesson 16's cloth on the sphere and its tearing
 * cloth; under -Pexhaustive (see TestScale) every step is. Finding the box of each scene a step
 * sets is most of the cost.
 */
class FramingTest {

    /** The views checked: {aspect ratio, fraction of the height kept free along the top}. */
    private static final double[][] VIEWS = {{2.1, 0.07}, {1.3, 0.12}};
    private static final double FOV = OrbitCamera.FIELD_OF_VIEW;
    /** Every how many steps of a lesson one is checked, from the first. */
    private static final int STEP_STRIDE = TestScale.of(3, 1);

    static Stream<Arguments> lessons() throws Exception {
        return LessonChecker.lessonFiles(Path.of("lessons")).stream().map(p -> Arguments.of(p.getFileName().toString()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("lessons")
    void everyLessonStepKeepsItsMeshInView(String file) throws Exception {
        Lesson lesson = LessonReader.read(Path.of("lessons", file));
        LessonRunner runner = new LessonRunner(lesson);
        // the positions each scene value runs through: a step's "set" and "reset" rebuild the
        // scene, and the workbench frames each scene it shows
        Map<SceneFile, List<double[]>> seen = new LinkedHashMap<>();
        long[] calls = {0};
        // a run is held to the view until its energy of motion first passes the cap its scene's box
        // was found with, or a particle first leaves the region within reach of the start: a
        // blow-up and a fall into empty space are not framed (see MotionBounds). A run that goes
        // on through a step not checked is not followed after it either: whether it blew up there
        // is not known.
        Set<Simulation> unfollowed = Collections.newSetFromMap(new IdentityHashMap<>());
        boolean[] checking = {false};
        // the cap and the reach of the scene now set, looked up again only when the runner's scene
        // changes (a SceneFile hashes its whole map of values)
        SceneFile[] held = {null};
        double[] cap = {0};
        MotionBounds[] within = {null};
        runner.setStepListener(sim -> {
            if (!checking[0]) {
                unfollowed.add(sim);
                return;
            }
            if (runner.scene() != held[0]) {
                held[0] = runner.scene();
                cap[0] = box(held[0]).energyCap();
                within[0] = reach(held[0]);
            }
            if (unfollowed.contains(sim) || !(MotionBounds.motionEnergy(sim) <= cap[0])
                    || !within[0].holds(sim.system().x)) {
                unfollowed.add(sim);
            } else if (calls[0]++ % 7 == 0) {
                seen.computeIfAbsent(runner.scene(), k -> new ArrayList<>()).add(sim.system().x.clone());
            }
        });
        int checked = 0;
        while (runner.hasNext()) {
            int step = runner.nextStep();
            checking[0] = step % STEP_STRIDE == 0;
            if (!checking[0]) {
                runner.runNext();
                continue;
            }
            seen.clear();
            // the scene as the step finds it, built afresh (a step that only sweeps runs nothing else)
            seen.computeIfAbsent(runner.scene(), k -> new ArrayList<>()).add(runner.scene().build().x);
            runner.runNext();
            for (Map.Entry<SceneFile, List<double[]>> e : seen.entrySet()) {
                assertInView(file + " step " + (step + 1), e.getKey(), e.getValue());
                checked += e.getValue().size();
            }
        }
        assertTrue(checked > 0, file + ": no positions seen");
    }

    @Test
    void everySceneWithItsDefaultsKeepsItsMeshInView() {
        for (SceneType type : SceneType.values()) {
            SceneFile scene = SceneFile.defaults(type);
            MassSpringSystem s = scene.build();
            Simulation sim = new Simulation(s, scene.createIntegrator(), scene.dt());
            List<double[]> seen = new ArrayList<>();
            double cap = box(scene).energyCap();
            // twice the horizon the box was found over: what the view shows after the run ahead
            MotionBounds reach = MotionBounds.reach(scene.build());
            for (int n = 0; sim.time() < 2 * MotionBounds.HORIZON && sim.step() && MotionBounds.motionEnergy(sim) <= cap
                    && reach.holds(s.x); n++) {
                if (n % 5 == 0) {
                    seen.add(s.x.clone());
                }
            }
            assertInView(type.id(), scene, seen);
        }
    }

    /** The view shapes a scene must fill: 16:9 and 4:3, with a one-line hint's band along the top. */
    static final double[] ASPECTS = {16.0 / 9, 4.0 / 3};
    static final double HINT_BAND = 0.07;
    /** The least and the most of the view's height or width (the binding one) a scene's motion fills. */
    static final double LEAST_FILL = 0.6;
    static final double MOST_FILL = 0.8;

    /**
     * The positions a scene runs through over the time its box covers (its start, its fall and
     * swing: what its framing is meant for), one in five steps.
     */
    static List<double[]> sweep(SceneFile scene, MotionBounds box) {
        Simulation sim = new Simulation(scene.build(), scene.createIntegrator(), scene.dt());
        MotionBounds reach = MotionBounds.reach(scene.build());
        List<double[]> seen = new ArrayList<>();
        seen.add(sim.system().x.clone());
        for (int n = 1; sim.time() < box.seconds() && sim.step() && MotionBounds.motionEnergy(sim) <= box.energyCap()
                && reach.holds(sim.system().x); n++) {
            if (n % 5 == 0) {
                seen.add(sim.system().x.clone());
            }
        }
        return seen;
    }

    @Test
    void everySceneFillsAboutSeventyPercentOfThe3dViewAndStaysWhole() {
        for (SceneType type : dev.hooke.core.scene.SceneRegistry.types()) {
            SceneFile scene = SceneFile.defaults(type);
            MotionBounds box = box(scene);
            List<double[]> seen = sweep(scene, box);
            for (double aspect : ASPECTS) {
                Framing f = Framing.fit(box, type.recipe().framing(scene.spec()), FOV, aspect, HINT_BAND);
                String what = type.id() + " at aspect " + aspect;
                // the image of the whole sweep, x in units of the half-width, y of the half-height (down)
                double[] r = {Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY,
                    Double.NEGATIVE_INFINITY};
                for (double[] x : seen) {
                    for (int i = 0; 3 * i + 2 < x.length; i++) {
                        double[] p = f.project(x[3 * i], x[3 * i + 1], x[3 * i + 2], FOV);
                        assertNotNull(p, what + ": particle " + i + " is behind the camera");
                        r[0] = Math.min(r[0], p[0] / aspect);
                        r[1] = Math.max(r[1], p[0] / aspect);
                        r[2] = Math.min(r[2], p[1]);
                        r[3] = Math.max(r[3], p[1]);
                    }
                }
                assertTrue(r[0] >= -1 && r[1] <= 1, what + ": off the side " + java.util.Arrays.toString(r));
                assertTrue(r[2] >= -1 + 2 * HINT_BAND && r[3] <= 1,
                        what + ": under the hint or off the top or bottom " + java.util.Arrays.toString(r));
                // the share of the width and of the height: the binding one is the larger
                double fill = Math.max((r[1] - r[0]) / 2, (r[3] - r[2]) / 2);
                assertTrue(fill >= LEAST_FILL && fill <= MOST_FILL, what + ": fills " + fill + " of the view");
            }
        }
    }

    @Test
    void theMotionsExtremesBoundItsImageTighterThanItsBoxsCorners() {
        // the cloth seen obliquely: its box's far corners project beyond anything it reaches
        SceneFile scene = SceneFile.defaults(SceneType.CLOTH);
        MotionBounds box = box(scene);
        assertNotNull(box.seen(), "the run ahead keeps the extreme positions");
        MotionBounds plain = new MotionBounds(box.minX(), box.minY(), box.minZ(), box.maxX(), box.maxY(), box.maxZ(),
                box.seconds(), box.energyCap(), box.leftReach());
        SceneFraming direction = scene.type().recipe().framing(scene.spec());
        Framing tight = Framing.fit(box, direction, FOV, 16.0 / 9, HINT_BAND);
        Framing loose = Framing.fit(plain, direction, FOV, 16.0 / 9, HINT_BAND);
        assertTrue(tight.distance() < 0.9 * loose.distance(), "the camera comes closer: " + tight.distance()
                + " m against " + loose.distance() + " m");
    }

    @Test
    void aCameraLookingStraightAlongTheAxisProjectsAsAPinholeDoes() {
        // yaw 0, pitch 0: view coordinates are (x, −y, −z); the camera sits at target + (0, 0, −d) and
        // looks along +z, so a point lands at ((x − tx), (−y − ty)) / ((−z − tz + d) tan(fov/2)).
        Framing f = new Framing(0.2, -0.3, 0.1, 0, 0, 5);
        double tan = Math.tan(Math.toRadians(FOV / 2));
        double[] p = f.project(1.0, 0.5, -0.4, FOV);
        assertNotNull(p);
        double depth = 0.4 - 0.1 + 5;
        assertEquals((1.0 - 0.2) / (depth * tan), p[0], 1e-12);
        assertEquals((-0.5 + 0.3) / (depth * tan), p[1], 1e-12);
    }

    @Test
    void theFittedBoxTouchesTheFreeRegionsEdgeAndIsCentredInIt() {
        MotionBounds box = new MotionBounds(-0.5, -2, -0.3, 0.7, 0.1, 0.4, 1, 1, false);
        SceneFraming direction = new SceneFraming(30, 20);
        double aspect = 1.8;
        double top = 0.1;
        Framing f = Framing.fit(box, direction, FOV, aspect, top);
        double[] r = range(f, box, aspect);
        double[] window = Framing.heightWindow(top);
        // FILL of the height, centred in the view and clear of the hint's band (0.2 of ndc) by the edge's margin
        assertEquals(2 * Framing.FILL, window[1] - window[0], 1e-12);
        assertEquals(-1 + 2 * top + Framing.EDGE, window[0], 1e-12);
        // bisection to 1e-6: some corner is on the edge of the free region
        double onEdge = Math.min(Math.min(Framing.FILL - r[1], Framing.FILL + r[0]),
                Math.min(window[1] - r[3], r[2] - window[0]));
        assertTrue(onEdge >= -1e-9, "a corner is outside: " + java.util.Arrays.toString(r));
        assertTrue(onEdge < 1e-4, "no corner touches the edge: " + java.util.Arrays.toString(r));
        // centred across, and in the middle of the window, to within perspective's skew
        assertEquals(0, 0.5 * (r[0] + r[1]), 0.03);
        assertEquals(0.5 * (window[0] + window[1]), 0.5 * (r[2] + r[3]), 0.03);
    }

    private static double[] range(Framing f, MotionBounds b, double aspect) {
        double[] r = {Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY};
        for (int i = 0; i < 8; i++) {
            double[] p = f.project((i & 1) == 0 ? b.minX() : b.maxX(), (i & 2) == 0 ? b.minY() : b.maxY(),
                    (i & 4) == 0 ? b.minZ() : b.maxZ(), FOV);
            r[0] = Math.min(r[0], p[0] / aspect);
            r[1] = Math.max(r[1], p[0] / aspect);
            r[2] = Math.min(r[2], p[1]);
            r[3] = Math.max(r[3], p[1]);
        }
        return r;
    }

    /** The boxes found so far, by scene. */
    private static final Map<SceneFile, MotionBounds> BOXES = new java.util.concurrent.ConcurrentHashMap<>();
    private static final Map<SceneFile, MotionBounds> REACHES = new java.util.concurrent.ConcurrentHashMap<>();

    private static MotionBounds reach(SceneFile scene) {
        return REACHES.computeIfAbsent(scene, k -> MotionBounds.reach(k.build()));
    }

    private static MotionBounds box(SceneFile scene) {
        return BOXES.computeIfAbsent(scene, k -> MotionBounds.of(k, MotionBounds.HORIZON, MotionBounds.BUDGET));
    }

    private static void assertInView(String what, SceneFile scene, List<double[]> seen) {
        MotionBounds box = box(scene);
        SceneFraming direction = scene.type().recipe().framing(scene.spec());
        for (double[] view : VIEWS) {
            double aspect = view[0];
            double top = view[1];
            Framing f = Framing.fit(box, direction, FOV, aspect, top);
            for (double[] x : seen) {
                for (int i = 0; 3 * i + 2 < x.length; i++) {
                    double[] p = f.project(x[3 * i], x[3 * i + 1], x[3 * i + 2], FOV);
                    // whole in the view and clear of the hint: the framed box fills FILL of it, so a
                    // run that goes on past the time its box covers (a lesson's longer run) has room
                    if (p != null && Math.abs(p[0] / aspect) <= 1 && p[1] <= 1 && p[1] >= -1 + 2 * top) {
                        continue;       // in view: the message below is built only for a particle that is not
                    }
                    String where = what + ", aspect " + aspect + ": particle " + i + " at (" + x[3 * i] + ", "
                            + x[3 * i + 1] + ", " + x[3 * i + 2] + ")";
                    assertNotNull(p, where + " is behind the camera");
                    assertTrue(Math.abs(p[0] / aspect) <= 1, where + " is off the side: " + p[0] / aspect);
                    assertTrue(p[1] <= 1, where + " is off the bottom: " + p[1]);
                    assertTrue(p[1] >= -1 + 2 * top, where + " is under the hint or off the top: " + p[1]);
                }
            }
        }
    }
}
