package dev.hooke.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.integrate.Integrators;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.scene.Scenes;
import dev.hooke.core.sim.Simulation;
import java.io.IOException;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ObservablesCsvTest {

    @Test
    void theStandardColumnsStartWithStepAndTime() {
        List<String> names = new ObservablesCsv().columns().stream().map(ObservablesCsv.Column::name).toList();
        assertEquals(List.of("step", "t"), names.subList(0, 2));
        assertTrue(names.containsAll(List.of("kinetic", "elastic", "gravitational", "total", "dissipated",
                "max_speed", "max_strain", "momentum_x", "momentum_y", "momentum_z", "exploded",
                "penetration", "contacts")), names.toString());
    }

    @Test
    void aColumnIsOneEntry() throws IOException {
        List<ObservablesCsv.Column> columns = new ArrayList<>(ObservablesCsv.STANDARD);
        columns.add(ObservablesCsv.number("dt", Simulation::dt));
        ObservablesCsv csv = new ObservablesCsv(columns);
        double dt = 0.003;
        Simulation sim = new Simulation(Scenes.build(SceneSpec.of(SceneType.SPRING)),
                Integrators.create(IntegratorKind.RK4), dt);
        sim.step(2);
        StringWriter w = new StringWriter();
        csv.writeHeader(w);
        csv.writeRow(sim, w);
        String[] lines = w.toString().split("\n");
        assertTrue(lines[0].endsWith(",dt"), lines[0]);
        String[] fields = lines[1].split(",");
        assertEquals(columns.size(), fields.length);
        assertEquals(dt, Double.parseDouble(fields[fields.length - 1]));
        assertEquals(2L, Long.parseLong(fields[0]));
        assertEquals(sim.time(), Double.parseDouble(fields[1]));
    }
}
