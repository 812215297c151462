package dev.hooke.fx.ui;

import static dev.hooke.fx.ui.UiFixture.onFx;
import static dev.hooke.fx.ui.UiFixture.waitFor;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.scene.SceneFile;
import dev.hooke.core.scene.SceneType;
import dev.hooke.fx.I18n;
import dev.hooke.fx.Settings;
import dev.hooke.fx.Workbench;
import dev.hooke.fx.view.ColourMap;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.prefs.BackingStoreException;
import java.util.prefs.Preferences;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The settings survive a restart: a workbench closed in Chinese, in large type, on the cloth, with
 * the energy chart on a log scale and the window moved, opens again so; View › Reset settings
 * forgets them. A preferences node of the test's own stands for the user's; with
 * {@code -Dhooke.settings} they are kept in a file of the folder it names.
 */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class SettingsUiTest {

    private final Preferences node = Preferences.userRoot().node("dev/hooke/test/" + UUID.randomUUID());
    private Stage stage;
    private Workbench workbench;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    @AfterEach
    void forget(FxRobot robot) throws BackingStoreException {
        robot.interact(() -> {
            if (workbench != null) {
                workbench.close();
            }
            I18n.setLocale(I18n.ENGLISH);
            stage.setX(0);          // the stage is shared with the test classes after this one
            stage.setY(0);
        });
        node.removeNode();
    }

    @Test
    void whatTheWindowShowedWhenItClosedIsWhatItShowsWhenItOpens(FxRobot robot) throws BackingStoreException {
        double[] bounds = onFx(() -> {
            workbench = UiFixture.show(stage, SceneType.CHAIN, 1200, 800);
            workbench.model().sceneProperty().set(SceneType.CLOTH);
            workbench.model().largeTypeProperty().set(true);
            workbench.model().predictModeProperty().set(false);
            workbench.model().projectorColoursProperty().set(true);
            workbench.showView(true, ColourMap.Mode.STRAIN);
            I18n.setLocale(I18n.CHINESE);
            stage.setX(37);
            stage.setY(23);
            return new double[] {37, 23, stage.getWidth(), stage.getHeight()};
        });
        waitFor("the cloth", () -> workbench.runner().latest().scene().type() == SceneType.CLOTH);
        String colour = onFx(() -> workbench.view().colourMode().name());
        onFx(() -> {
            new Settings(node).save(workbench, stage);
            workbench.close();
            workbench = null;
            I18n.setLocale(I18n.ENGLISH);            // a new start begins in the default language
            return null;
        });

        // the next start, as HookeApp makes it
        onFx(() -> {
            Settings settings = new Settings(node);
            settings.applyLanguage();
            SceneType last = settings.scene();
            workbench = new Workbench(SceneFile.defaults(last));
            stage.setScene(new Scene(workbench.root(), 640, 480));
            workbench.setSettings(settings);
            settings.applyTo(workbench);
            settings.applyTo(stage);
            stage.show();
            return null;
        });
        waitFor("the window as it was", () -> I18n.locale().equals(I18n.CHINESE)
                && workbench.root().getStyleClass().contains("large-type")
                && !workbench.model().predictModeProperty().get()
                && workbench.root().getStyleClass().contains("projector-colours")
                && workbench.chart().isLogScale()
                && workbench.runner().latest().scene().type() == SceneType.CLOTH);
        assertEquals(colour, onFx(() -> workbench.view().colourMode().name()), "the colour map");
        assertTrue(onFx(() -> robot.lookup("#energyLogToggle").queryAs(org.controlsfx.control.ToggleSwitch.class)
                .isSelected()), "the side panel's energy scale switch");
        assertArrayEquals(bounds, onFx(() -> new double[] {stage.getX(), stage.getY(), stage.getWidth(), stage.getHeight()}),
                1, "the window's place and size");

        // View › Reset settings forgets them
        robot.clickOn(I18n.text("menu.view"));
        robot.clickOn("#menuResetSettings");
        waitFor("large type off", () -> !workbench.root().getStyleClass().contains("large-type")
                && !workbench.root().getStyleClass().contains("projector-colours")
                && !workbench.chart().isLogScale());
        assertEquals(0, node.keys().length, "settings kept after Reset settings: " + String.join(", ", node.keys()));
    }

    @Test
    void aFolderOfOnesOwnKeepsTheSettingsInItsFile(@TempDir Path dir) throws IOException {
        Path folder = dir.resolve("anna");
        List<String> problems = new ArrayList<>();
        String before = System.getProperty(Settings.FOLDER_PROPERTY);
        System.setProperty(Settings.FOLDER_PROPERTY, folder.toString());
        try {
            onFx(() -> {
                workbench = UiFixture.show(stage, SceneType.CLOTH, 1200, 800);
                workbench.model().largeTypeProperty().set(true);
                return null;
            });
            waitFor("the cloth", () -> workbench.runner().latest().scene().type() == SceneType.CLOTH);
            onFx(() -> {
                Settings.user(problems::add).save(workbench, stage);
                workbench.close();
                workbench = null;
                return null;
            });
            String text = Files.readString(folder.resolve("settings.properties"), StandardCharsets.UTF_8);
            assertTrue(text.contains("scene=cloth\n") && text.contains("largeType=true\n"), "the file:\n" + text);

            onFx(() -> {
                Settings settings = Settings.user(problems::add);
                workbench = new Workbench(SceneFile.defaults(settings.scene()));
                stage.setScene(new Scene(workbench.root(), 640, 480));
                settings.applyTo(workbench);
                return null;
            });
            waitFor("the window as it was", () -> workbench.root().getStyleClass().contains("large-type")
                    && workbench.runner().latest().scene().type() == SceneType.CLOTH);
            assertEquals(List.of(), problems, "problems with a folder that can be made");
        } finally {
            if (before == null) {
                System.clearProperty(Settings.FOLDER_PROPERTY);
            } else {
                System.setProperty(Settings.FOLDER_PROPERTY, before);
            }
        }
    }
}
