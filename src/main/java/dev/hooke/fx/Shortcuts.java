package dev.hooke.fx;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.fx.lesson.LessonPanel;
import dev.hooke.fx.model.WorkbenchModel;
import javafx.scene.Scene;
import javafx.scene.control.TextInputControl;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;

/**
 * The window's keyboard shortcuts: Space plays or pauses, S steps, R resets, F1 shows the view's
 * help, F2 opens the side panel's drawer (a narrow window), and the number keys
 * pick the integrator in the table's order (1 … 9, then 0 for the tenth). While a lesson is open,
 * Enter runs its step, Page Down goes to the next step and Page Up back (a presenter's remote
 * sends these two). A key typed into a text field is the field's (Enter in the answer field runs
 * the step too); Escape leaves the field. Keys with Ctrl, Alt or Meta are the menus'. A focused
 * slider takes its own keys: the arrows, Page Up and Page Down, Home and End.
 */
final class Shortcuts {

    /** The most integrators that have a number key: 1 … 9, then 0 for the tenth. */
    private static final int NUMBER_KEYS = 10;

    private Shortcuts() {
    }

    /** Installs the shortcuts on a scene; they act on the model. */
    static void install(Scene scene, WorkbenchModel model, LessonPanel lessons, Runnable help, Runnable drawer) {
        scene.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (scene.getFocusOwner() instanceof TextInputControl) {
                if (e.getCode() == KeyCode.ESCAPE) {
                    // Escape leaves the field: the window's keys (Space plays) act again
                    scene.getRoot().requestFocus();
                    e.consume();
                }
                return;
            }
            if (e.isShortcutDown() || e.isAltDown() || e.isMetaDown()) {
                return;     // Ctrl+S is File › Save, not S; the menus' accelerators take such keys
            }
            KeyCode code = e.getCode();
            if (scene.getFocusOwner() instanceof javafx.scene.control.Slider
                    && (code == KeyCode.PAGE_UP || code == KeyCode.PAGE_DOWN)) {
                return;     // a focused slider takes Page Up and Page Down as its big steps
            }
            boolean lesson = lessons.session() != null && lessons.shownProperty().get();
            if (code == KeyCode.F1) {
                help.run();
            } else if (code == KeyCode.F2) {
                drawer.run();
            } else if (lesson && code == KeyCode.ENTER) {
                lessons.runStep();
            } else if (lesson && code == KeyCode.PAGE_DOWN) {
                lessons.next();
            } else if (lesson && code == KeyCode.PAGE_UP) {
                lessons.back();
            } else if (code == KeyCode.SPACE) {
                model.togglePlay();
            } else if (code == KeyCode.S) {
                model.step();
            } else if (code == KeyCode.R) {
                model.reset();
            } else if (integratorKey(code) >= 0) {
                model.integratorProperty().set(IntegratorKind.values()[integratorKey(code)]);
            } else {
                return;
            }
            e.consume();
        });
    }

    /** The number key of the integrator at {@code index} (0-based), as a digit 1 … 9, 0. */
    private static int digitOf(int index) {
        return (index + 1) % NUMBER_KEYS;
    }

    /** The integrator's number key as shown beside its name, or "" when it has none. */
    static String keyLabel(IntegratorKind k) {
        int index = k.index();
        return index >= 0 && index < NUMBER_KEYS ? Integer.toString(digitOf(index)) : "";
    }

    /** The number keys in the toolbar's hint: "1–7", or "1–9, 0" with ten integrators. */
    static String integratorKeys() {
        int n = Math.min(NUMBER_KEYS, IntegratorKind.values().length);
        return n <= 9 ? "1–" + n : "1–9, 0";
    }

    /** The index of the integrator a number key picks (1 … 9, then 0 for the tenth), or −1. */
    private static int integratorKey(KeyCode code) {
        int n = IntegratorKind.values().length;
        for (int i = 0; i < n && i < NUMBER_KEYS; i++) {
            int digit = digitOf(i);
            if (code == KeyCode.valueOf("DIGIT" + digit) || code == KeyCode.valueOf("NUMPAD" + digit)) {
                return i;
            }
        }
        return -1;
    }
}
