package dev.hooke.fx.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.scene.SceneType;
import dev.hooke.fx.I18n;
import dev.hooke.fx.Workbench;
import dev.hooke.fx.sim.Snapshot;
import java.util.Locale;
import javafx.stage.Stage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;

/**
 * The status bar's notices: written in the language in use (again when it changes), and gone a
 * few seconds later.
 */
@Tag("ui")
@ExtendWith(ApplicationExtension.class)
class NoticeUiTest {

    private Workbench workbench;

    @Start
    void start(Stage stage) {
        I18n.setLocale(Locale.ENGLISH);
        workbench = UiFixture.show(stage, SceneType.SPRING, 1600, 900);
    }

    @Stop
    void stop() {
        I18n.setLocale(Locale.ENGLISH);
        workbench.close();
    }

    @Test
    void aRefusedChangeIsToldInTheLanguageInUseAndThenGoes(FxRobot robot) throws Exception {
        long before = UiFixture.latest(workbench).notice().serial();
        workbench.runner().edit(f -> f.withMass(-1));
        UiFixture.waitFor("the refusal's notice", () -> UiFixture.latest(workbench).notice().serial() > before);
        Snapshot s = UiFixture.latest(workbench);
        String english = I18n.text("notice.refusedBecause", s.notice().detail());
        UiFixture.waitFor("the English notice", () -> english.equals(UiFixture.text(robot, "#noticeLabel")));
        assertTrue(english.startsWith("Not changed: mass"), english);

        robot.interact(() -> I18n.setLocale(Locale.SIMPLIFIED_CHINESE));
        String chinese = UiFixture.onFx(() -> I18n.text("notice.refusedBecause", s.notice().detail()));
        assertTrue(chinese.startsWith("未更改：mass"), chinese);
        assertEquals(chinese, UiFixture.text(robot, "#noticeLabel"));

        // the switch of language kept it; its own timer (started when the notice came) takes it away
        UiFixture.waitFor("the notice to go", () -> UiFixture.text(robot, "#noticeLabel").isEmpty());
        assertEquals(s.notice().serial(), UiFixture.latest(workbench).notice().serial(),
                "no other notice came: the refusal's went by its timer");
    }
}
