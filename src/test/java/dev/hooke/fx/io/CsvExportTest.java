package dev.hooke.fx.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.hooke.Tolerances;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.model.SpringKind;
import dev.hooke.fx.sim.EnergySample;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CsvExportTest {

    private static final double K = 40;
    private static final double REST = 1.0;
    private static final double MASS = 0.5;
    private static final double G = 9.81;

    /**
     * A pinned particle at the origin and a free one at (0, −1.25, 0), joined by a spring of rest
     * length 1 and stiffness k, under gravity g along −y, at rest but for v = (0.3, 0, −0.1) on the
     * free one: by Hooke's law the spring pulls the free particle up with k·(1.25 − 1), and
     * gravity adds −m·g.
     */
    private static MassSpringSystem hanging() {
        MassSpringSystem.Builder b = MassSpringSystem.builder();
        int top = b.particle(0, 0, 0, MASS);
        int bob = b.particle(0, -1.25, 0, MASS);
        b.pin(top);
        b.spring(top, bob, REST, K, 0, SpringKind.STRUCTURAL);
        b.gravity(0, -G, 0);
        b.airDamping(0);
        MassSpringSystem s = b.build();
        s.v[3] = 0.3;
        s.v[5] = -0.1;
        return s;
    }

    @Test
    void particleRowsHoldIndexPinPositionVelocityAndForce() {
        MassSpringSystem s = hanging();
        String[] lines = CsvExport.particles(s).split("\n");
        assertEquals(CsvExport.PARTICLE_HEADER, lines[0]);
        assertEquals(3, lines.length);
        double stretch = K * (1.25 - REST);
        double[][] expected = {
            {0, 0, 0, 0, 0, 0},
            {0, -1.25, 0, 0.3, 0, -0.1},
        };
        for (int i = 0; i < 2; i++) {
            String[] cells = lines[i + 1].split(",");
            assertEquals(11, cells.length);
            assertEquals(i, Integer.parseInt(cells[0]));
            assertEquals(i == 0, Boolean.parseBoolean(cells[1]));
            for (int c = 0; c < 6; c++) {
                assertEquals(expected[i][c], Double.parseDouble(cells[2 + c]), 0, "row " + i + " column " + c);
            }
        }
        String[] bob = lines[2].split(",");
        double[] force = {0, stretch - MASS * G, 0};
        for (int k = 0; k < 3; k++) {
            assertEquals(force[k], Double.parseDouble(bob[8 + k]), Tolerances.FORCE_ROUND_OFF * stretch, "force " + k);
        }
    }

    @Test
    void aNonFiniteValueIsWrittenAsSuch() {
        MassSpringSystem s = hanging();
        s.v[4] = Double.NaN;
        String row = CsvExport.particles(s).split("\n")[2];
        assertEquals("NaN", row.split(",")[6]);
    }

    @Test
    void chartRowsFollowTheSamples() {
        List<EnergySample> samples = List.of(
                new EnergySample(3, 0, 0.5, 1.0, 2.0, -0.5, 0.25, -0.125, 0.01, 0.2, 0.19, Double.NaN, Double.NaN),
                new EnergySample(3, 1, 0.5, 4.0, 0.5, 0.0, 0.0, 0.0, 0.01, 0.2, 0.19, Double.NaN, Double.NaN));
        String[] lines = CsvExport.chart(samples).split("\n");
        assertEquals(CsvExport.CHART_HEADER, lines[0]);
        assertEquals(3, lines.length);
        assertEquals(List.of("0", "0.5", "1.0", "2.0", "-0.5", "2.5", "0.25", "-0.125", "0.01"), List.of(lines[1].split(",")));
        assertEquals(List.of("1", "0.5", "4.0", "0.5", "0.0", "4.5", "0.0", "0.0", "0.01"), List.of(lines[2].split(",")));
    }

    @Test
    void writesReplaceTheTargetAndLeaveNoTemporaryFile(@TempDir Path dir) throws IOException {
        Path target = dir.resolve("out.csv");
        Files.writeString(target, "old");
        CsvExport.write(target, "new\n");
        assertEquals("new\n", Files.readString(target));
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(target), files.toList());
        }
    }

    @Test
    void aWriteIntoAMissingDirectoryFailsAndCreatesNothing(@TempDir Path dir) {
        Path target = dir.resolve("missing").resolve("out.csv");
        assertThrows(IOException.class, () -> CsvExport.write(target, "x"));
        assertFalse(Files.exists(target.getParent()));
    }
}
