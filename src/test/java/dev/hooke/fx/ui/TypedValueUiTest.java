package dev.hooke.fx.ui;

import static dev.hooke.fx.ui.UiFixture.onFx;
import static dev.hooke.fx.ui.UiFixture.waitFor;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.hooke.core.scene.SceneType;
import dev.hooke.fx.I18n;
import dev.hooke.fx.Workbench;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;

/**
 * A value typed with more digits than its field shows stays what was typed: the field shows it
 * rounded, and a field that loses the focus (the panels are built again when the language
 * changes, or a click goes elsewhere) does not put the rounded value in its place.
 */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class TypedValueUiTest {

    /** A Δt with more digits than the field shows. */
    private static final double TYPED_DT = 0.032032;

    @RegisterExtension
    final UiWindow window = new UiWindow();
    private Workbench workbench;

    @Test
    void aTypedDtKeepsItsDigitsThroughALanguageSwitchAndAFocusChange(FxRobot robot) {
        robot.interact(() -> workbench = window.show(SceneType.SPRING, 1600, 900));
        UiFixture.type(robot, "#dtField", "0.032032");
        waitFor("Δt typed", () -> UiFixture.latest(workbench).dt() == TYPED_DT);
        robot.interact(() -> I18n.setLocale(I18n.CHINESE));
        robot.interact(() -> I18n.setLocale(I18n.ENGLISH));
        robot.clickOn("#dtField");
        robot.interact(() -> workbench.root().requestFocus());       // the field loses the focus untouched
        assertEquals(TYPED_DT, onFx(() -> workbench.model().dtProperty().get()), 0, "the model's Δt");
        waitFor("the runner's Δt", () -> UiFixture.latest(workbench).dt() == TYPED_DT);
        assertEquals(TYPED_DT, UiFixture.latest(workbench).dt(), 0, "the simulation's Δt");
    }
}
