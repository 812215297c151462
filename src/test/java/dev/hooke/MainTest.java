package dev.hooke;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** When the window cannot open, the advice names the cause and what to install. */
class MainTest {

    @Test
    void noDisplayIsToldApartFromMissingGtkAndFromNoPipeline() {
        String noDisplay = Main.advice("Unable to open DISPLAY", null, null, "Linux");
        assertTrue(noDisplay.startsWith("no display is set"), noDisplay);
        // a display is set, but the GTK library JavaFX's window needs is not installed
        String gtk = Main.advice("Unable to load glass GTK library.", ":0", null, "Linux");
        assertTrue(gtk.startsWith("GTK 3 is missing") && gtk.contains("libgtk-3-0") && gtk.contains("gtk3"), gtk);
        String closed = Main.advice("Unable to open DISPLAY", ":7", null, "Linux");
        assertTrue(closed.startsWith("the display :7 cannot be opened"), closed);
        String pipeline = Main.advice("Error initializing QuantumRenderer: no suitable pipeline found", ":0", null, "Linux");
        assertTrue(pipeline.startsWith("no graphics pipeline") && pipeline.contains("libgl1-mesa-dri"), pipeline);
        // Wayland alone is a display too
        assertTrue(Main.advice("Unable to load glass GTK library.", null, "wayland-0", "Linux").startsWith("GTK 3"));
        // elsewhere DISPLAY means nothing
        assertTrue(Main.advice("something else", null, null, "Windows 11").startsWith("a desktop with a display"));
    }
}
