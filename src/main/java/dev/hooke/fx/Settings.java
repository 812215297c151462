package dev.hooke.fx;

import dev.hooke.core.scene.SceneType;
import dev.hooke.fx.view.ColourMap;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.prefs.BackingStoreException;
import java.util.prefs.Preferences;
import javafx.geometry.Rectangle2D;
import javafx.stage.Screen;
import javafx.stage.Stage;

/**
 * What the workbench remembers from one start to the next ({@link java.util.prefs}): the language,
 * large type, predict mode, presenter mode, the projector colours, the last scene, the window's size and place, the energy chart's scale and the colour
 * map. Saved when the window closes, applied when it opens; View › Reset settings forgets them.
 * A value that cannot be read (another version's, a hand-edited one) is ignored. They are kept in
 * Java's user preferences, or with {@code -Dhooke.settings=FOLDER} in a file of that folder
 * ({@link #user}).
 */
public final class Settings {

    static final String LANGUAGE = "language";
    static final String LARGE_TYPE = "largeType";
    static final String PREDICT_MODE = "predictMode";
    static final String PRESENTER = "presenter";
    static final String PROJECTOR_COLOURS = "projectorColours";
    static final String SCENE = "scene";
    static final String ENERGY_LOG = "energyLog";
    static final String COLOUR_MODE = "colourMode";
    static final String WINDOW = "window";

    /** The system property naming a folder to keep the settings in, instead of the user preferences. */
    public static final String FOLDER_PROPERTY = "hooke.settings";

    private final Preferences node;

    /** Settings kept in {@code node} (tests give a node of their own). */
    public Settings(Preferences node) {
        this.node = node;
    }

    /**
     * The user's settings for Hooke's workbench: in Java's user preferences (node
     * {@code dev/hooke/workbench}, which every window of the user account shares), or, with
     * {@code -Dhooke.settings=FOLDER}, in {@code FOLDER/settings.properties}, the folder made if
     * missing ({@link FilePreferences}). A folder that cannot be made or written is said in one line
     * to {@code problems}, naming it and the reason; the settings then last as long as the window.
     */
    public static Settings user(Consumer<String> problems) {
        String folder = System.getProperty(FOLDER_PROPERTY);
        if (folder == null || folder.isBlank()) {
            return new Settings(Preferences.userRoot().node("dev/hooke/workbench"));
        }
        Path path;
        try {
            path = Path.of(folder);
        } catch (InvalidPathException e) {
            problems.accept(FOLDER_PROPERTY + ": not a folder name: " + e.getReason() + ", got '" + folder
                    + "'; the settings last as long as the window");
            return new Settings(FilePreferences.inMemory());
        }
        return new Settings(FilePreferences.inFolder(path, problems));
    }

    /** The last scene shown, or null. */
    public SceneType scene() {
        try {
            String id = node.get(SCENE, null);
            return id == null ? null : SceneType.fromId(id);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** Sets the language the settings name (before the workbench is built, so that it is built in it). */
    public void applyLanguage() {
        String lang = node.get(LANGUAGE, null);
        if ("zh".equals(lang)) {
            I18n.setLocale(I18n.CHINESE);
        } else if ("en".equals(lang)) {
            I18n.setLocale(I18n.ENGLISH);
        }
    }

    /** Applies large type, the energy chart's scale and the colour map to {@code workbench}. */
    public void applyTo(Workbench workbench) {
        workbench.model().largeTypeProperty().set(node.getBoolean(LARGE_TYPE, false));
        workbench.model().predictModeProperty().set(node.getBoolean(PREDICT_MODE, true));
        workbench.model().presenterProperty().set(node.getBoolean(PRESENTER, false));
        workbench.model().projectorColoursProperty().set(node.getBoolean(PROJECTOR_COLOURS, false));
        ColourMap.Mode mode;
        try {
            mode = ColourMap.Mode.valueOf(node.get(COLOUR_MODE, ColourMap.Mode.NONE.name()));
        } catch (IllegalArgumentException e) {
            mode = ColourMap.Mode.NONE;
        }
        workbench.showView(node.getBoolean(ENERGY_LOG, false), mode);
    }

    /**
     * Places {@code stage} where it was, when that place is still on a screen; otherwise leaves
     * it as it is.
     */
    public void applyTo(Stage stage) {
        String[] parts = node.get(WINDOW, "").split(",");
        if (parts.length != 4) {
            return;
        }
        try {
            double x = Double.parseDouble(parts[0]);
            double y = Double.parseDouble(parts[1]);
            double w = Double.parseDouble(parts[2]);
            double h = Double.parseDouble(parts[3]);
            if (w < 400 || h < 300 || Screen.getScreensForRectangle(new Rectangle2D(x, y, w, h)).isEmpty()) {
                return;
            }
            stage.setX(x);
            stage.setY(y);
            stage.setWidth(w);
            stage.setHeight(h);
        } catch (NumberFormatException e) {
            // another version's value: the window opens where it would
        }
    }

    /** Keeps what {@code workbench} and {@code stage} show now. */
    public void save(Workbench workbench, Stage stage) {
        node.put(LANGUAGE, I18n.locale().getLanguage().equals(Locale.CHINESE.getLanguage()) ? "zh" : "en");
        node.putBoolean(LARGE_TYPE, workbench.model().largeTypeProperty().get());
        node.putBoolean(PREDICT_MODE, workbench.model().predictModeProperty().get());
        node.putBoolean(PRESENTER, workbench.model().presenterProperty().get());
        node.putBoolean(PROJECTOR_COLOURS, workbench.model().projectorColoursProperty().get());
        dev.hooke.core.scene.SceneFile shown = workbench.runner().latest().scene();
        if (shown != null) {
            node.put(SCENE, shown.type().id());
        }
        node.putBoolean(ENERGY_LOG, workbench.chart().isLogScale());
        node.put(COLOUR_MODE, workbench.view().colourMode().name());
        if (stage != null && stage.getWidth() > 0 && !stage.isIconified() && !stage.isMaximized()) {
            node.put(WINDOW, stage.getX() + "," + stage.getY() + "," + stage.getWidth() + "," + stage.getHeight());
        }
        flush();
    }

    /** Forgets every setting: the next start is a first start. */
    public void reset() {
        try {
            node.clear();
        } catch (BackingStoreException e) {
            // nothing stored can be cleared: nothing to forget
        }
        flush();
    }

    private void flush() {
        try {
            node.flush();
        } catch (BackingStoreException e) {
            // a read-only home folder: the settings last as long as the window
        }
    }
}
