package dev.hooke.fx.ui;

import static dev.hooke.Tolerances.UI_TIMEOUT_SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.scene.SceneType;
import dev.hooke.fx.I18n;
import dev.hooke.fx.Workbench;
import dev.hooke.fx.io.Exports;
import dev.hooke.fx.io.SceneFiles;
import dev.hooke.fx.sim.EnergySample;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import javafx.scene.control.ScrollPane;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;
import org.testfx.util.WaitForAsyncUtils;

/** The View section's exports, driven through the window's controls. */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class ExportUiTest {

    private static final int STEPS = 7;

    private Workbench workbench;

    @TempDir
    Path dir;

    @Start
    void start(Stage stage) {
        workbench = UiFixture.show(stage, SceneType.CHAIN, 1600, 900);
    }

    @Stop
    void stop() {
        workbench.close();
    }

    private void showEndOfSidePanel(FxRobot robot) {
        robot.interact(() -> robot.lookup("#sidePanel").queryAs(ScrollPane.class).setVvalue(1));
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** The file's rows are the engine's index, pin, x and v, to the last bit. */
    @Test
    void particleCsvHoldsTheEngineState(FxRobot robot) throws Exception {
        for (int i = 0; i < STEPS; i++) {
            robot.clickOn("#stepButton");
        }
        WaitForAsyncUtils.waitForFxEvents();
        Path file = dir.resolve("particles.csv");
        answerWith(file);
        showEndOfSidePanel(robot);
        robot.clickOn("#exportParticlesButton");
        // the file is written on a background thread: the FX thread does not wait for it
        WaitForAsyncUtils.waitFor(UI_TIMEOUT_SECONDS, TimeUnit.SECONDS,
                () -> I18n.text("export.saved", "particles.csv").equals(noticeText(robot)));
        long steps = workbench.runner().query(sim -> sim.steps()).get(UI_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        assertEquals(STEPS, steps);
        MassSpringSystem s = workbench.runner().query(sim -> sim.system().copy())
                .get(UI_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        assertTrue(Files.exists(file), "no file written");
        List<String> lines = Files.readAllLines(file);
        assertEquals(s.particleCount() + 1, lines.size());
        for (int i = 0; i < s.particleCount(); i++) {
            String[] cells = lines.get(i + 1).split(",");
            assertEquals(i, Integer.parseInt(cells[0]));
            assertEquals(s.isPinned(i), Boolean.parseBoolean(cells[1]), "pinned " + i);
            for (int k = 0; k < 3; k++) {
                assertEquals(s.x[3 * i + k], Double.parseDouble(cells[2 + k]), 0, "x of " + i);
                assertEquals(s.v[3 * i + k], Double.parseDouble(cells[5 + k]), 0, "v of " + i);
            }
        }
    }

    private String noticeText(FxRobot robot) {
        AtomicReference<String> out = new AtomicReference<>();
        robot.interact(() -> out.set(robot.lookup("#noticeLabel").queryAs(javafx.scene.control.Label.class).getText()));
        return out.get();
    }

    private void answerWith(Path file) {
        workbench.exports().setDialogs(false);
        workbench.exports().setChooser(new SceneFiles.Chooser() {
            @Override
            public Path open(Window owner) {
                return null;
            }

            @Override
            public Path save(Window owner) {
                return file;
            }
        });
    }

    /** The chart's file holds one row per sample the chart holds, with its lane, t and energies. */
    @Test
    void chartCsvHoldsTheChartSamples(FxRobot robot) throws Exception {
        robot.clickOn("#playButton");
        WaitForAsyncUtils.waitFor(UI_TIMEOUT_SECONDS, TimeUnit.SECONDS, () -> workbench.chart().samples().size() > 3);
        robot.clickOn("#playButton");
        WaitForAsyncUtils.waitForFxEvents();
        Path file = dir.resolve("chart.csv");
        answerWith(file);
        showEndOfSidePanel(robot);
        robot.clickOn("#exportChartButton");
        WaitForAsyncUtils.waitForFxEvents();
        List<EnergySample> samples = fxSamples(robot);
        List<String> lines = Files.readAllLines(file);
        assertEquals(samples.size() + 1, lines.size());
        for (int j = 0; j < samples.size(); j++) {
            String[] cells = lines.get(j + 1).split(",");
            EnergySample e = samples.get(j);
            assertEquals(e.lane(), Integer.parseInt(cells[0]));
            assertEquals(e.time(), Double.parseDouble(cells[1]), 0);
            assertEquals(e.kinetic(), Double.parseDouble(cells[2]), 0);
            assertEquals(e.total(), Double.parseDouble(cells[5]), 0);
        }
    }

    private List<EnergySample> fxSamples(FxRobot robot) throws Exception {
        AtomicReference<List<EnergySample>> out = new AtomicReference<>();
        robot.interact(() -> out.set(workbench.chart().samples()));
        return out.get();
    }

    /** A particle table that cannot be written is named with its file and reason; nothing is left behind. */
    @Test
    void particleCsvThatCannotBeWrittenSaysWhy(FxRobot robot) throws Exception {
        Path file = dir.resolve("no-such-folder").resolve("particles.csv");
        workbench.exports().setDialogs(false);
        java.util.concurrent.CompletableFuture<java.util.concurrent.CompletableFuture<SceneFiles.Outcome>> started =
                new java.util.concurrent.CompletableFuture<>();
        robot.interact(() -> started.complete(workbench.exports().exportParticles(file)));
        SceneFiles.Outcome outcome = started.get().get(UI_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        assertFalse(outcome.ok());
        assertTrue(outcome.message().startsWith(I18n.text("export.failedDetail", file, "")), outcome.message());
        assertFalse(Files.exists(file.getParent()));
    }

    /** Where there is no 3D view, saving an image says so plainly and writes nothing. */
    @Test
    void imageWithoutThreeDSaysSo(FxRobot robot) throws Exception {
        assumeFalse(workbench.view().is3D());
        Path file = dir.resolve("view.png");
        answerWith(file);
        AtomicReference<SceneFiles.Outcome> outcome = new AtomicReference<>();
        robot.interact(() -> outcome.set(workbench.exports().export(Exports.Kind.PNG)));
        assertFalse(outcome.get().ok());
        assertEquals(I18n.text("export.no3d"), outcome.get().message());
        assertFalse(Files.exists(file));
    }
}
