package dev.hooke.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.model.Sphere;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The obstacle options of {@code run}: a cloth dropped on a sphere, its CSV columns, and bad options. */
class ObstacleOptionsTest {

    /**
     * A 16 × 16 cloth (no pins) dropped 0.5 m onto the default sphere with XPBD at 1/60 s for 1 s:
     * every row's penetration is within 1 % of the cloth's thickness, particles touch the sphere
     * by the end, and the initial row has no contact.
     */
    @Test
    void aClothDroppedOnTheSphereReportsItsContacts() {
        Hooke.Result r = Hooke.run("run", "--scene", "cloth", "--pins", "none", "--obstacle", "sphere",
                "--friction", "0.3", "--integrator", "xpbd", "--dt", "0.016666666666666666", "--steps", "60", "--csv", "-");
        assertEquals(0, r.code(), r.err());
        List<String> lines = r.out().lines().toList();
        List<String> header = Arrays.asList(lines.get(0).split(","));
        int penetration = header.indexOf("penetration");
        int contacts = header.indexOf("contacts");
        assertTrue(penetration >= 0 && contacts >= 0, header.toString());
        assertEquals("0", lines.get(1).split(",")[contacts]);
        for (String line : lines.subList(1, lines.size())) {
            double depth = Double.parseDouble(line.split(",")[penetration]);
            assertTrue(depth >= 0 && depth <= 0.01 * Sphere.DEFAULT_THICKNESS, line);
        }
        long touching = Long.parseLong(lines.get(lines.size() - 1).split(",")[contacts]);
        assertTrue(touching > 10, "particles on the sphere at the end: " + touching);
    }

    @Test
    void theSummaryNamesTheContacts() {
        Hooke.Result r = Hooke.run("run", "--scene", "cloth", "--size", "8", "--pins", "none", "--obstacle", "sphere",
                "--sphere-center", "0,-0.2,0.5", "--sphere-radius", "0.2", "--sphere-orbit", "0.1,2",
                "--integrator", "implicit-euler", "--dt", "0.01", "--steps", "30");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("sphere: ") && r.out().contains("particles in contact, deepest penetration"), r.out());
    }

    @Test
    void badObstacleOptionsNameTheOption() {
        String[][] cases = {
            {"--sphere-radius: needs --obstacle sphere", "--sphere-radius", "0.2"},
            {"--sphere-center: needs --obstacle sphere", "--obstacle", "none", "--sphere-center", "0,0,0"},
            {"--obstacle: ", "--obstacle", "cube"},
            {"--sphere-center: must be X,Y,Z", "--obstacle", "sphere", "--sphere-center", "1,2"},
            {"--sphere-radius: must be a number from 1e-6 to 1000 m, got -1", "--obstacle", "sphere", "--sphere-radius", "-1"},
            {"--sphere-orbit: the period must be a number from 1e-6 to 1e6 s, got 0", "--obstacle", "sphere", "--sphere-orbit", "0.1,0"},
            {"--sphere-orbit: must be RADIUS,PERIOD", "--obstacle", "sphere", "--sphere-orbit", "0.1"},
            {"--friction: applies to the ", "--scene", "chain", "--friction", "0.2"},
        };
        for (String[] c : cases) {
            String[] args = new String[c.length + 2];
            args[0] = "run";
            args[1] = "--steps";
            args[2] = "1";
            System.arraycopy(c, 1, args, 3, c.length - 1);
            Hooke.Result r = Hooke.run(args);
            assertEquals(2, r.code(), String.join(" ", args) + ": " + r.err());
            assertTrue(r.err().startsWith(HookeCli.PREFIX + c[0]), String.join(" ", args) + " -> " + r.err());
        }
    }
}
