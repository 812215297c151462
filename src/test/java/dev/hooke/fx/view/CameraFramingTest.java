package dev.hooke.fx.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.scene.ClothPins;
import dev.hooke.core.scene.SceneFile;
import dev.hooke.core.scene.SceneFraming;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.sim.MotionBounds;
import dev.hooke.core.sim.Simulation;
import org.junit.jupiter.api.Test;

/**
 * {@link CameraFraming#inView}, the rule by which both views keep a mesh in sight that left the
 * box its motion was framed on: checked on meshes built by hand, on a cloth that fell 44 m and on
 * a cloth torn by the wind, whose every particle must lie in the box the view then frames.
 */
class CameraFramingTest {

    /** The box of the motion, 2 m on a side around the origin. */
    private static final MotionBounds BOX = new MotionBounds(-1, -1, -1, 1, 1, 1, 30, 1, true);

    private final double[] mesh = new double[6];
    private final double[] out = new double[6];

    /** The box {@link CameraFraming#inView} asks to frame for {@code x}: {@code box} itself when the mesh is inside it. */
    private MotionBounds inView(MotionBounds box, float[] x) {
        if (!CameraFraming.inView(box, x, mesh, out)) {
            return box;
        }
        return new MotionBounds(out[0], out[1], out[2], out[3], out[4], out[5], box.seconds(), box.energyCap(),
                box.leftReach());
    }

    private static float[] mesh(double... xyz) {
        float[] out = new float[xyz.length];
        for (int i = 0; i < xyz.length; i++) {
            out[i] = (float) xyz[i];
        }
        return out;
    }

    private static void assertHolds(MotionBounds b, float[] x, String what) {
        for (int q = 0; q + 2 < x.length; q += 3) {
            if (Float.isFinite(x[q]) && Float.isFinite(x[q + 1]) && Float.isFinite(x[q + 2])) {
                assertTrue(b.contains(x[q], x[q + 1], x[q + 2], 1e-9), what + ": particle " + q / 3 + " at ("
                        + x[q] + ", " + x[q + 1] + ", " + x[q + 2] + ") is outside " + b);
            }
        }
    }

    @Test
    void aMeshInsideTheBoxKeepsTheBoxItself() {
        float[] x = mesh(-1, 0, 0, 1, 1, 0.5, 0, -1, -1);
        assertSame(BOX, inView(BOX, x));
    }

    @Test
    void aMeshThatFellWholeMovesTheBoxByJustEnoughAndKeepsItsSize() {
        // 1 m long, 50 m below the box: the box moves down until its floor is the mesh's lowest point
        float[] x = mesh(0, -50, 0, 0.5, -49, 0.2);
        MotionBounds b = inView(BOX, x);
        assertEquals(-50, b.minY(), 0);
        assertEquals(-48, b.maxY(), 0);
        assertEquals(BOX.minX(), b.minX(), 0);
        assertEquals(BOX.maxZ(), b.maxZ(), 0);
        assertHolds(b, x, "a fallen mesh");
    }

    @Test
    void aMeshLongerThanTheBoxWidensItToHoldAllOfIt() {
        // the rest hangs in the box, a torn piece fell 30 m
        float[] x = mesh(0, 1, 0, 0, 0, 0, 0.3, -30, 0);
        MotionBounds b = inView(BOX, x);
        assertEquals(-30, b.minY(), 0);
        assertEquals(1, b.maxY(), 0);
        assertHolds(b, x, "a torn mesh");
    }

    @Test
    void theRuleAllocatesNothingForAMeshOutsideItsBox() {
        // a fallen mesh (moved box) and a torn one (widened box): the views ask for the box every frame
        float[] fallen = mesh(0, -50, 0, 0.5, -49, 0.2);
        float[] torn = mesh(0, 1, 0, 0, 0, 0, 0.3, -30, 0);
        boolean[] outside = {true};
        Runnable frame = () -> {
            outside[0] &= CameraFraming.inView(BOX, fallen, mesh, out);
            outside[0] &= CameraFraming.inView(BOX, torn, mesh, out);
        };
        frame.run();        // classes loaded; measured as interpreted code, where every `new` counts
        assertEquals(0, dev.hooke.core.Allocations.quietestWindow(frame, 100, 10), "bytes allocated per 100 frames");
        assertTrue(outside[0], "both meshes are outside the box");
    }

    @Test
    void aViewFollowingAFallenClothKeepsItsZoom() {
        // the cloth's extreme positions frame it closer than its box's corners; a cloth that fell
        // out of its box whole is followed at that same distance, not at the looser box's
        SceneFile scene = SceneFile.defaults(SceneType.CLOTH);
        MotionBounds box = MotionBounds.of(scene, MotionBounds.HORIZON, MotionBounds.BUDGET);
        SceneFraming direction = scene.type().recipe().framing(scene.spec());
        float[] fallen = new float[3 * 4];
        for (int i = 0; i < 4; i++) {
            fallen[3 * i] = (float) ((i & 1) == 0 ? box.minX() : box.maxX());
            fallen[3 * i + 1] = (float) (box.minY() - 40 + 0.1 * i);
            fallen[3 * i + 2] = (float) ((i & 2) == 0 ? box.minZ() : box.maxZ());
        }
        assertTrue(CameraFraming.inView(box, fallen, mesh, out), "the cloth fell out of its box");
        MotionBounds followed = CameraFraming.moved(box, out);
        assertEquals(box.maxY() - box.minY(), followed.maxY() - followed.minY(), 1e-9, "the box moved whole");
        double framedAt = Framing.fit(box, direction, OrbitCamera.FIELD_OF_VIEW, 16.0 / 9, 0.07).distance();
        double followedAt = Framing.fit(followed, direction, OrbitCamera.FIELD_OF_VIEW, 16.0 / 9, 0.07).distance();
        assertEquals(framedAt, followedAt, 1e-4 * framedAt, "the followed view's distance");
    }

    @Test
    void coordinatesThatAreNotFiniteAreLeftOut() {
        float[] x = mesh(0, 0, 0, Float.NaN, Float.NEGATIVE_INFINITY, Float.POSITIVE_INFINITY);
        assertSame(BOX, inView(BOX, x));
    }

    @Test
    void aClothThatFell44MetresIsInTheBoxTheViewFrames() {
        SceneFile file = SceneFile.defaults(SceneType.CLOTH);
        SceneFile scene = file.withSpec(file.spec().pins(ClothPins.NONE));
        MotionBounds box = MotionBounds.of(scene, MotionBounds.HORIZON, MotionBounds.BUDGET);
        assertTrue(box.leftReach(), "the run ahead stops where the cloth leaves reach of its start");
        Simulation sim = new Simulation(scene.build(), scene.createIntegrator(), scene.dt());
        while (sim.time() < 3) {
            assertTrue(sim.step(), "the fall stays bounded");
        }
        float[] x = positions(sim);
        assertTrue(x[1] < box.minY() - 30, "the cloth is far below the box: y = " + x[1]);
        assertHolds(inView(box, x), x, "the fallen cloth");
    }

    @Test
    void aClothTornByTheWindIsInTheBoxTheViewFrames() {
        SceneFile file = SceneFile.defaults(SceneType.CLOTH);
        SceneFile scene = file.withSpec(file.spec().wind(15, 0, 0).tearStrain(0.05));
        MotionBounds box = MotionBounds.of(scene, MotionBounds.HORIZON, MotionBounds.BUDGET);
        Simulation sim = new Simulation(scene.build(), scene.createIntegrator(), scene.dt());
        int torn = sim.system().brokenCount();
        int checked = 0;
        while (sim.time() < 8) {
            if (!sim.step()) {
                break;
            }
            if (sim.steps() % 200 == 0) {
                float[] x = positions(sim);
                assertHolds(inView(box, x), x, "the torn cloth at t = " + sim.time() + " s");
                checked++;
            }
        }
        assertTrue(sim.system().brokenCount() > torn, "the wind tore the cloth");
        assertTrue(checked > 10, "the cloth was checked along its run");
    }

    private static float[] positions(Simulation sim) {
        double[] x = sim.system().x;
        float[] out = new float[x.length];
        for (int i = 0; i < x.length; i++) {
            out[i] = (float) x[i];
        }
        return out;
    }
}
