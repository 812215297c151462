package dev.hooke.fx;

import java.io.IOException;
import java.nio.file.Path;
import java.util.prefs.BackingStoreException;
import java.util.prefs.Preferences;

/**
 * A window's settings writes, alone in a JVM: opens the settings of a folder, waits for a line
 * on its standard input (so that two of them start together), then sets one key a round and
 * saves, as a window does. Exit 0 when every save went through, 1 with the reason otherwise.
 *
 * <p>Arguments: the folder, the window's name (part of each key), the number of rounds.
 */
public final class SettingsWriter {

    private SettingsWriter() {
    }

    /** Runs the writes (see the class comment). */
    public static void main(String[] args) throws IOException {
        Preferences node = FilePreferences.inFolder(Path.of(args[0]), problem -> {
            System.err.println(problem);
            System.exit(1);
        });
        System.in.read();
        int rounds = Integer.parseInt(args[2]);
        try {
            for (int i = 0; i < rounds; i++) {
                node.put(args[1] + ".key" + i, Integer.toString(i));
                node.flush();
            }
        } catch (BackingStoreException e) {
            System.err.println(e.getMessage());
            System.exit(1);
        }
    }
}
