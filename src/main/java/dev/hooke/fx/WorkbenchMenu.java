package dev.hooke.fx;

import dev.hooke.fx.io.SceneFiles;
import dev.hooke.fx.lesson.LessonLibrary;
import dev.hooke.fx.lesson.LessonPanel;
import java.util.Locale;
import javafx.application.Platform;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.ToggleGroup;
import javafx.scene.input.KeyCombination;

/**
 * The window's menu bar: File (open and save a scene, quit), Lessons (every lesson offered, close
 * the lesson), View (the lesson panel, the performance readout (F3), the language). Built again
 * after a change of language.
 */
final class WorkbenchMenu {

    private final Workbench workbench;
    private final SceneFiles files;
    private String lastMessage = "";

    WorkbenchMenu(Workbench workbench) {
        this.workbench = workbench;
        this.files = new SceneFiles(workbench.model(),
                () -> workbench.root().getScene() == null ? null : workbench.root().getScene().getWindow());
    }

    /** The scene-file actions (tests replace their file chooser). */
    SceneFiles files() {
        return files;
    }

    /** What the last file action said. */
    String lastMessage() {
        return lastMessage;
    }

    MenuBar build() {
        LessonPanel lessons = workbench.lessons();

        MenuItem open = item("menuOpen", "menu.file.open", () -> report(files.open()));
        open.setAccelerator(KeyCombination.keyCombination("Shortcut+O"));
        MenuItem save = item("menuSave", "menu.file.save", () -> report(files.save()));
        save.setAccelerator(KeyCombination.keyCombination("Shortcut+S"));
        MenuItem quit = item("menuQuit", "menu.file.quit", Platform::exit);
        Menu file = new Menu(I18n.text("menu.file"), null, open, save, new SeparatorMenuItem(), quit);
        file.setId("menuFile");

        Menu lessonMenu = new Menu(I18n.text("menu.lessons"));
        lessonMenu.setId("menuLessons");
        Locale locale = I18n.locale();
        int n = 0;
        for (LessonLibrary.Entry e : lessons.entries()) {
            n++;
            lessonMenu.getItems().add(item("menuLesson" + n, null, () -> lessons.open(e)));
            lessonMenu.getItems().get(n - 1).setText(numbered(e.fileName(), e.title(locale)));
        }
        if (n == 0) {
            MenuItem none = new MenuItem(I18n.text("menu.lessons.none"));
            none.setDisable(true);
            lessonMenu.getItems().add(none);
        }
        lessonMenu.getItems().addAll(new SeparatorMenuItem(),
                item("menuCloseLesson", "menu.lessons.close", lessons::closeLesson));

        CheckMenuItem panel = new CheckMenuItem(I18n.text("menu.view.lessonPanel"));
        panel.setId("menuLessonPanel");
        panel.selectedProperty().bindBidirectional(lessons.shownProperty());
        ToggleGroup languages = new ToggleGroup();
        RadioMenuItem english = language("menuEnglish", "menu.view.english", I18n.ENGLISH, languages);
        RadioMenuItem chinese = language("menuChinese", "menu.view.chinese", I18n.CHINESE, languages);
        Menu language = new Menu(I18n.text("menu.view.language"), null, english, chinese);
        language.setId("menuLanguage");
        CheckMenuItem performance = new CheckMenuItem(I18n.text("menu.view.performance"));
        performance.setId("menuPerformance");
        performance.setAccelerator(KeyCombination.keyCombination("F3"));
        performance.selectedProperty().bindBidirectional(workbench.performance().shownProperty());
        CheckMenuItem modes = new CheckMenuItem(I18n.text("menu.view.modes"));
        modes.setId("menuModes");
        modes.selectedProperty().bindBidirectional(workbench.modes().shownProperty());
        CheckMenuItem largeType = new CheckMenuItem(I18n.text("view.largeType"));
        largeType.setId("menuLargeType");
        largeType.selectedProperty().bindBidirectional(workbench.model().largeTypeProperty());
        CheckMenuItem presenter = new CheckMenuItem(I18n.text("view.presenter"));
        presenter.setId("menuPresenter");
        presenter.setAccelerator(KeyCombination.keyCombination("F5"));
        presenter.selectedProperty().bindBidirectional(workbench.model().presenterProperty());
        CheckMenuItem colours = new CheckMenuItem(I18n.text("view.projectorColours"));
        colours.setId("menuProjectorColours");
        colours.selectedProperty().bindBidirectional(workbench.model().projectorColoursProperty());
        CheckMenuItem predict = new CheckMenuItem(I18n.text("view.predictMode"));
        predict.setId("menuPredictMode");
        predict.selectedProperty().bindBidirectional(workbench.model().predictModeProperty());
        MenuItem resetSettings = item("menuResetSettings", "menu.view.resetSettings", workbench::resetSettings);
        Menu view = new Menu(I18n.text("menu.view"), null, panel, performance, modes, largeType, colours, presenter, predict,
                language,
                new SeparatorMenuItem(), resetSettings);
        view.setId("menuView");

        MenuBar bar = new MenuBar(file, lessonMenu, view);
        bar.setId("menuBar");
        return bar;
    }

    /**
     * A lesson's menu text, numbered as its file is: " 3  The limit" for 03-the-limit.yaml, a
     * one-digit number led by a figure space (U+2007, a digit's width) so that the titles of
     * lessons 1–9 and 10–99 line up; the title alone for a file whose name does not start with a
     * number.
     */
    static String numbered(String fileName, String title) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("^0*(\\d+)").matcher(fileName);
        if (!m.find()) {
            return title;
        }
        String n = m.group(1);
        return (n.length() == 1 ? "\u2007" : "") + n + "  " + title;
    }

    private void report(SceneFiles.Outcome outcome) {
        if (outcome != null) {
            lastMessage = outcome.message();
            workbench.notice(outcome.message());
        }
    }

    private static RadioMenuItem language(String id, String key, Locale locale, ToggleGroup group) {
        RadioMenuItem item = new RadioMenuItem(I18n.text(key));
        item.setId(id);
        item.setToggleGroup(group);
        item.setSelected(I18n.locale().equals(locale));
        // the menu is built again when the language changes: switch after this event is done
        item.setOnAction(e -> Platform.runLater(() -> I18n.setLocale(locale)));
        return item;
    }

    private static MenuItem item(String id, String key, Runnable action) {
        MenuItem item = new MenuItem(key == null ? "" : I18n.text(key));
        item.setId(id);
        item.setOnAction(e -> action.run());
        return item;
    }
}
