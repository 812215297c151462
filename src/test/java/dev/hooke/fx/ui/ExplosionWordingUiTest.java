package dev.hooke.fx.ui;

import static dev.hooke.Tolerances.SETTLE_SECONDS;
import static dev.hooke.fx.ui.UiFixture.eventually;
import static dev.hooke.fx.ui.UiFixture.latest;
import static dev.hooke.fx.ui.UiFixture.press;
import static dev.hooke.fx.ui.UiFixture.waitFor;
import static dev.hooke.fx.ui.UiFixture.waitForExplosion;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.scene.SceneType;
import dev.hooke.fx.Phrases;
import dev.hooke.fx.Workbench;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;

/**
 * The explosion banner names the system that exploded: explicit Euler (key 1), unstable at every
 * Δt without damping, explodes "on a spring" on the spring and "on a rope of N masses" on the rope,
 * N the masses the rope's snapshot holds.
 */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class ExplosionWordingUiTest {

    private Workbench workbench;

    @Start
    void start(Stage stage) {
        workbench = UiFixture.show(stage, SceneType.SPRING, 1500, 1000);
    }

    @Stop
    void stop() {
        workbench.close();
    }

    /** Plays explicit Euler on the scene shown until it explodes; returns the banner's message. */
    private String explodeWithExplicitEuler(FxRobot robot) {
        press(robot, workbench, KeyCode.DIGIT1);
        waitFor("explicit Euler's analysis", () -> latest(workbench).integrator() == IntegratorKind.EXPLICIT_EULER
                && latest(workbench).limitCurrent() && latest(workbench).limit() != null);
        robot.clickOn("#playButton");
        waitForExplosion(workbench, "explicit Euler's explosion");
        String[] text = {null};
        eventually("the banner's message", SETTLE_SECONDS, () -> {
            text[0] = UiFixture.text(robot, "#explosionMessage");
            return text[0] == null || text[0].isEmpty() ? "no message yet" : null;
        });
        return text[0];
    }

    @Test
    void theSpringExplodesOnASpring(FxRobot robot) {
        String message = explodeWithExplicitEuler(robot);
        assertTrue(latest(workbench).limit().unstableAtEveryDt(), message);
        assertTrue(message.contains("on a spring without damping"), message);
        assertFalse(message.contains("rope"), message);
    }

    @Test
    void theRopeExplodesOnARopeOfItsMasses(FxRobot robot) {
        UiFixture.chooseScene(robot, SceneType.CHAIN);
        waitFor("the rope", () -> latest(workbench).topology().type() == SceneType.CHAIN);
        String message = explodeWithExplicitEuler(robot);
        int masses = latest(workbench).topology().particleCount();
        assertTrue(latest(workbench).limit().unstableAtEveryDt(), message);
        assertTrue(message.contains("on a rope of " + masses + " masses"), message);
        assertFalse(message.contains("spring"), message);
    }

    /**
     * On a projector's 1280 × 720 in large type the rope's banner says when and why it exploded in
     * at most {@value #MOST_OF_THE_VIEW} of the view's height, so that the class sees the mesh
     * blow up beneath it; the detector's reason (the energy it measured) is in the message's
     * tooltip, with the whole sentence.
     */
    @Test
    void onAProjectorTheBannerLeavesTheExplodingRopeInSight(FxRobot robot) {
        robot.interact(() -> {
            javafx.stage.Stage stage = (javafx.stage.Stage) workbench.root().getScene().getWindow();
            stage.setWidth(1280);
            stage.setHeight(720);
            workbench.model().largeTypeProperty().set(true);
        });
        UiFixture.chooseScene(robot, SceneType.CHAIN);
        waitFor("the rope", () -> latest(workbench).topology().type() == SceneType.CHAIN);
        String message = explodeWithExplicitEuler(robot);
        dev.hooke.core.sim.ExplosionReport report = latest(workbench).explosion();
        String whole = Phrases.explosion(report, latest(workbench).scene());
        double[] share = UiFixture.onFx(() -> {
            workbench.root().applyCss();
            workbench.root().layout();
            javafx.scene.Node view = workbench.view().node();
            javafx.scene.Node bar = workbench.notificationPane().lookup(".notification-bar");
            double v = view.localToScene(view.getLayoutBounds()).getHeight();
            double b = bar.localToScene(bar.getLayoutBounds()).getHeight();
            return new double[] {b / v, b, v};
        });
        assertTrue(share[0] <= MOST_OF_THE_VIEW, String.format(java.util.Locale.ROOT,
                "the banner is %.0f px of the view's %.0f px: \"%s\"", share[1], share[2], message));
        assertEquals(Phrases.explosionBrief(report, latest(workbench).scene()), message, "the banner's short sentence");
        assertTrue(message.contains("on a rope of " + latest(workbench).topology().particleCount() + " masses"), message);
        javafx.scene.control.Label label = robot.lookup("#explosionMessage").queryAs(javafx.scene.control.Label.class);
        assertEquals(whole, label.getTooltip().getText(), "the tooltip holds the whole sentence");
        assertTrue(whole.length() > message.length(), "the reason is in the tooltip, not over the view");
    }

    /** The most of the view's height the banner over it may cover on a projector. */
    private static final double MOST_OF_THE_VIEW = 0.3;
}
