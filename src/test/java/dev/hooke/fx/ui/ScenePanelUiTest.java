package dev.hooke.fx.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.model.SpringKind;
import dev.hooke.core.scene.ClothPins;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.sim.Simulation;
import dev.hooke.fx.Workbench;
import dev.hooke.core.scene.SceneFile;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The scene panel on the cloth: its values rebuild the engine's system (read through the
 * simulation thread), and a size above the workbench's cap is refused with the field named.
 */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class ScenePanelUiTest {

    private Workbench workbench;

    @Start
    void start(Stage stage) {
        workbench = UiFixture.show(stage, SceneType.CLOTH, 1600, 900);
    }

    @Stop
    void stop() {
        workbench.close();
    }

    private static List<Integer> pinned(Simulation sim) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < sim.system().particleCount(); i++) {
            if (sim.system().isPinned(i)) {
                out.add(i);
            }
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    private static ComboBox<ClothPins> pins(FxRobot robot) {
        return robot.lookup("#scenePins").queryAs(ComboBox.class);
    }

    @Test
    void clothSizeAndPinsRebuildTheEngineSystem(FxRobot robot) throws Exception {
        int n = 7;
        robot.interact(() -> {
            robot.lookup("#sceneSize").queryAs(TextField.class).setText(Integer.toString(n));
            pins(robot).setValue(ClothPins.TOP);
            robot.lookup("#sceneBend").queryAs(CheckBox.class).setSelected(false);
            robot.lookup("#sceneApply").queryAs(Button.class).fire();
        });
        assertEquals(n * n, (int) UiFixture.engine(workbench, sim -> sim.system().particleCount()));
        List<Integer> topEdge = new ArrayList<>();
        for (int c = 0; c < n; c++) {
            topEdge.add(c);
        }
        assertEquals(topEdge, UiFixture.engine(workbench, ScenePanelUiTest::pinned));
        assertFalse((boolean) UiFixture.engine(workbench, sim -> sim.system().hasSprings(SpringKind.BEND)));
        assertTrue((boolean) UiFixture.engine(workbench, sim -> sim.system().hasSprings(SpringKind.SHEAR)));

        // a later reset keeps the chosen shape
        robot.interact(() -> workbench.model().reset());
        assertEquals(n * n, (int) UiFixture.engine(workbench, sim -> sim.system().particleCount()));
    }

    @Test
    void rowsShowOnlyForTheirScene(FxRobot robot) {
        assertTrue(visible(robot, "#sceneSize"));
        assertTrue(visible(robot, "#scenePins"));
        assertFalse(visible(robot, "#sceneNodes"));
        robot.interact(() -> workbench.model().sceneProperty().set(SceneType.CHAIN));
        assertTrue(visible(robot, "#sceneNodes"));
        assertFalse(visible(robot, "#sceneSize"));
        assertFalse(visible(robot, "#scenePins"));
    }

    /**
     * The cube shows its particle restitution (with the tooltip that says what it does); a value
     * applied rebuilds the engine's ground with it, and one outside [0, 1] is refused.
     */
    @Test
    void theCubesRestitutionRebuildsItsGround(FxRobot robot) throws Exception {
        assertFalse(visible(robot, "#sceneRestitution"));
        robot.interact(() -> workbench.model().sceneProperty().set(SceneType.CUBE));
        assertTrue(visible(robot, "#sceneRestitution"));
        TextField field = robot.lookup("#sceneRestitution").queryAs(TextField.class);
        assertTrue(field.getTooltip() != null && field.getTooltip().getText().contains("e"));
        robot.interact(() -> {
            field.setText("0.9");
            robot.lookup("#sceneApply").queryAs(Button.class).fire();
        });
        assertEquals(0.9, (double) UiFixture.engine(workbench, sim -> sim.system().ground().restitution()));
        robot.interact(() -> {
            field.setText("1.5");
            robot.lookup("#sceneApply").queryAs(Button.class).fire();
        });
        String message = robot.lookup("#sceneMessage").queryAs(Label.class).getText();
        assertTrue(message.contains("restitution"), message);
        assertEquals(0.9, (double) UiFixture.engine(workbench, sim -> sim.system().ground().restitution()));
    }

    @Test
    void aClothAboveTheCapIsRefusedAndNothingChanges(FxRobot robot) throws Exception {
        int before = UiFixture.engine(workbench, sim -> sim.system().particleCount());
        robot.interact(() -> {
            robot.lookup("#sceneSize").queryAs(TextField.class).setText(Integer.toString(SceneType.CLOTH.recipe().workbenchCap() + 1));
            robot.lookup("#sceneApply").queryAs(Button.class).fire();
        });
        String message = robot.lookup("#sceneMessage").queryAs(Label.class).getText();
        assertTrue(message.contains("size") && message.contains(Integer.toString(SceneType.CLOTH.recipe().workbenchCap())), message);
        assertEquals(before, (int) UiFixture.engine(workbench, sim -> sim.system().particleCount()));
        assertEquals(SceneFile.defaults(SceneType.CLOTH).spec().size(), workbench.model().sceneValueProperty().get().spec().size());
    }

    private static boolean visible(FxRobot robot, String id) {
        WaitForAsyncUtils.waitForFxEvents();
        Node n = robot.lookup(id).query();
        for (Node p = n; p != null; p = p.getParent()) {
            if (!p.isVisible()) {
                return false;
            }
        }
        return true;
    }

    /**
     * The controls of the cloth only, offered on the cloth only, as a person switches scenes in the
     * toolbar (rope, cloth, rope, cube): "Cloth as wireframe" and the wind and tear rows are shown
     * on the cloth and take no room in the panel on the rope and the cube.
     */
    @Test
    void theClothsControlsComeAndGoWithTheCloth(FxRobot robot) {
        String[] clothOnly = {"#wireframeToggle", "#sceneWindSpeed", "#sceneTearStrain"};
        SceneType[] path = {SceneType.CHAIN, SceneType.CLOTH, SceneType.CHAIN, SceneType.CUBE};
        for (SceneType type : path) {
            UiFixture.chooseScene(robot, type);
            UiFixture.waitFor("the " + type.id(), () -> workbench.runner().latest().topology().type() == type
                    && workbench.model().sceneValueProperty().get().type() == type);
            boolean cloth = type == SceneType.CLOTH;
            for (String id : clothOnly) {
                Node n = robot.lookup(id).query();
                boolean shown = UiFixture.onFx(() -> {
                    for (Node p = n; p != null; p = p.getParent()) {
                        if (!p.isVisible()) {
                            return false;
                        }
                    }
                    return true;
                });
                assertEquals(cloth, shown, id + " on the " + type.id());
            }
            Node wire = robot.lookup("#wireframeToggle").query();
            assertEquals(cloth, UiFixture.onFx(wire::isManaged), "the wireframe switch takes room on the " + type.id());
        }
    }
}
