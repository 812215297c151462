package dev.hooke.fx.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.hooke.Tolerances;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.model.SpringKind;
import org.junit.jupiter.api.Test;

/** The per-particle speeds and per-spring strains a snapshot carries. */
class SnapshotFieldsTest {

    /**
     * Springs of rest length 1 between particles placed at lengths 1.5 (a 3-4-5 right triangle
     * scaled by 0.3) and 0.8: ε = +0.5 and −0.2; speeds of v = (3, 4, 0) and (0, 0, −2) are 5 and 2.
     */
    @Test
    void strainsAreSignedAndSpeedsAreMagnitudes() {
        MassSpringSystem.Builder b = MassSpringSystem.builder();
        int p0 = b.particle(0, 0, 0, 1);
        int p1 = b.particle(0.9, 1.2, 0, 1);
        int p2 = b.particle(0.9, 1.2, 0.8, 1);
        b.spring(p0, p1, 1.0, 10, 0, SpringKind.STRUCTURAL);
        b.spring(p1, p2, 1.0, 10, 0, SpringKind.STRUCTURAL);
        MassSpringSystem s = b.build();
        s.v[0] = 3;
        s.v[1] = 4;
        s.v[8] = -2;
        float[] strain = Snapshots.strains(s);
        float[] speed = Snapshots.speeds(s);
        assertEquals(0.5, strain[0], Tolerances.MESH_FLOAT);
        assertEquals(-0.2, strain[1], Tolerances.MESH_FLOAT);
        assertEquals(5, speed[0], Tolerances.MESH_FLOAT);
        assertEquals(0, speed[1], 0);
        assertEquals(2, speed[2], Tolerances.MESH_FLOAT);
    }
}
