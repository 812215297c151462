package dev.hooke.fx;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.hooke.core.scene.SceneType;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.prefs.BackingStoreException;
import java.util.prefs.Preferences;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The settings of {@code -Dhooke.settings=FOLDER}: a file in the folder that a new store reads back,
 * that Reset settings empties, whose hand-edited bad values Settings ignores, and a folder that
 * cannot be written which keeps the settings in memory and says why, without throwing.
 */
class FilePreferencesTest {

    @TempDir
    Path dir;

    /** How long the two threads or programs of a concurrent save may take; in s. */
    private static final long CONCURRENT_SECONDS = 60;

    private final List<String> problems = Collections.synchronizedList(new ArrayList<>());

    @Test
    void valuesComeBackThroughANewStore() throws BackingStoreException, IOException {
        Path folder = dir.resolve("class/anna");
        Preferences node = FilePreferences.inFolder(folder, problems::add);
        node.put(Settings.LANGUAGE, "zh");
        node.putBoolean(Settings.LARGE_TYPE, true);
        node.put(Settings.WINDOW, "37.0,23.0,1200.0,800.0");
        node.put("a key/with % and = in it", "a value: ünïcode, = and \\");
        node.node("lesson").put("step", "3");
        node.flush();
        assertEquals(List.of(), problems, "problems with a folder that can be made");
        assertTrue(Files.isRegularFile(folder.resolve(FilePreferences.FILE_NAME)), "the folder and its file are made");
        try (Stream<Path> files = Files.list(folder)) {
            assertEquals(List.of(FilePreferences.LOCK_NAME, FilePreferences.FILE_NAME),
                    files.map(p -> p.getFileName().toString()).sorted().toList(),
                    "what the folder holds after a write (the lock file, no temporary file left)");
        }

        Preferences again = FilePreferences.inFolder(folder, problems::add);
        assertEquals("zh", again.get(Settings.LANGUAGE, null), "the language");
        assertTrue(again.getBoolean(Settings.LARGE_TYPE, false), "large type");
        assertEquals("37.0,23.0,1200.0,800.0", again.get(Settings.WINDOW, null), "the window");
        assertEquals("a value: ünïcode, = and \\", again.get("a key/with % and = in it", null), "an odd key and value");
        assertArrayEquals(new String[] {"lesson"}, again.childrenNames(), "the child nodes");
        assertEquals("3", again.node("lesson").get("step", null), "a child node's key");
        assertEquals(4, again.keys().length, "the root's keys: " + String.join(", ", again.keys()));
        String text = Files.readString(folder.resolve(FilePreferences.FILE_NAME), StandardCharsets.UTF_8);
        assertTrue(text.contains("language=zh\n") && text.contains("lesson/step=3\n"), "the file, readable by hand:\n" + text);
    }

    @Test
    void clearForgetsAndANewStoreSeesNothing() throws BackingStoreException {
        Preferences node = FilePreferences.inFolder(dir, problems::add);
        node.put(Settings.SCENE, "cloth");
        node.put(Settings.COLOUR_MODE, "STRAIN");
        node.flush();
        new Settings(node).reset();
        assertEquals(0, node.keys().length, "keys after Reset settings");
        assertEquals(0, FilePreferences.inFolder(dir, problems::add).keys().length, "keys a new store reads");
        assertEquals(List.of(), problems);
    }

    @Test
    void syncReadsWhatAnotherWindowWrote() throws BackingStoreException {
        Preferences mine = FilePreferences.inFolder(dir, problems::add);
        Preferences other = FilePreferences.inFolder(dir, problems::add);
        other.put(Settings.SCENE, "cube");
        other.flush();
        assertNull(mine.get(Settings.SCENE, null), "before a sync");
        mine.sync();
        assertEquals("cube", mine.get(Settings.SCENE, null), "after a sync");
    }

    /** Two windows on one folder, each saving what it changed: neither loses the other's settings. */
    @Test
    void twoWindowsSavingInTurnLoseNeithersSettings() throws BackingStoreException {
        Preferences first = FilePreferences.inFolder(dir, problems::add);
        first.put(Settings.SCENE, "chain");
        first.put(Settings.COLOUR_MODE, "STRAIN");
        first.flush();
        Preferences mine = FilePreferences.inFolder(dir, problems::add);
        Preferences other = FilePreferences.inFolder(dir, problems::add);
        mine.put(Settings.SCENE, "cube");
        mine.putBoolean(Settings.LARGE_TYPE, true);
        other.put(Settings.LANGUAGE, "zh");
        other.remove(Settings.COLOUR_MODE);
        mine.flush();
        other.flush();
        Preferences next = FilePreferences.inFolder(dir, problems::add);
        assertEquals("cube", next.get(Settings.SCENE, null), "the first window's scene");
        assertTrue(next.getBoolean(Settings.LARGE_TYPE, false), "the first window's large type");
        assertEquals("zh", next.get(Settings.LANGUAGE, null), "the second window's language");
        assertNull(next.get(Settings.COLOUR_MODE, null), "the key the second window removed");
        assertEquals("zh", other.get(Settings.LANGUAGE, null));
        assertEquals("cube", other.get(Settings.SCENE, null), "a flush brings in what the other window wrote");
        assertEquals(List.of(), problems);
    }

    /** Two windows saving at the same moment, many times over: every key of each is in the file. */
    @Test
    void twoWindowsSavingAtOnceLoseNeithersSettings() throws Exception {
        int rounds = 40;
        Preferences[] windows = {FilePreferences.inFolder(dir, problems::add), FilePreferences.inFolder(dir, problems::add)};
        CyclicBarrier together = new CyclicBarrier(windows.length);
        ExecutorService threads = Executors.newFixedThreadPool(windows.length);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int w = 0; w < windows.length; w++) {
                int window = w;
                done.add(threads.submit(() -> {
                    for (int i = 0; i < rounds; i++) {
                        windows[window].put("window" + window + ".key" + i, Integer.toString(i));
                        together.await();
                        windows[window].flush();
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get(CONCURRENT_SECONDS, TimeUnit.SECONDS);
            }
        } finally {
            threads.shutdownNow();
        }
        Preferences next = FilePreferences.inFolder(dir, problems::add);
        for (int w = 0; w < windows.length; w++) {
            for (int i = 0; i < rounds; i++) {
                assertEquals(Integer.toString(i), next.get("window" + w + ".key" + i, null), "window " + w + ", key " + i);
            }
        }
        assertEquals(List.of(), problems);
    }

    /** Two windows, each in its own JVM, saving at once many times over: every key of each is in the file. */
    @Test
    void twoWindowsInTwoProgramsSavingAtOnceLoseNeithersSettings() throws Exception {
        int rounds = 40;
        List<String> names = List.of("anna", "ben");
        List<Process> windows = new ArrayList<>();
        try {
            for (String name : names) {
                windows.add(new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp", System.getProperty("java.class.path"), SettingsWriter.class.getName(),
                        dir.toString(), name, Integer.toString(rounds))
                        .redirectError(dir.resolve(name + ".err").toFile()).start());
            }
            for (Process w : windows) {
                w.getOutputStream().write('\n');           // go
                w.getOutputStream().close();
            }
            for (int i = 0; i < windows.size(); i++) {
                assertTrue(windows.get(i).waitFor(CONCURRENT_SECONDS, TimeUnit.SECONDS), names.get(i) + " did not end");
                assertEquals(0, windows.get(i).exitValue(),
                        names.get(i) + ": " + Files.readString(dir.resolve(names.get(i) + ".err")));
            }
        } finally {
            windows.forEach(Process::destroyForcibly);
        }
        Preferences next = FilePreferences.inFolder(dir, problems::add);
        for (String name : names) {
            for (int i = 0; i < rounds; i++) {
                assertEquals(Integer.toString(i), next.get(name + ".key" + i, null), name + ", key " + i);
            }
        }
        assertEquals(List.of(), problems);
    }

    @Test
    void aHandEditedBadValueIsIgnored() throws IOException {
        Files.writeString(dir.resolve(FilePreferences.FILE_NAME),
                "scene=nowhere\nlargeType=perhaps\nwindow=1,2,three\nlanguage=xx\n", StandardCharsets.UTF_8);
        Settings settings = new Settings(FilePreferences.inFolder(dir, problems::add));
        assertNull(settings.scene(), "an unknown scene");
        assertEquals(List.of(), problems, "a file with bad values reads");
        Files.writeString(dir.resolve(FilePreferences.FILE_NAME), "# by hand\nscene = cloth\n", StandardCharsets.UTF_8);
        assertEquals(SceneType.CLOTH, new Settings(FilePreferences.inFolder(dir, problems::add)).scene(), "a good one");
    }

    @Test
    void aFileThatCannotBeReadIsSaidAndLeftAsItIs() throws IOException, BackingStoreException {
        Path file = dir.resolve(FilePreferences.FILE_NAME);
        Files.writeString(file, "scene=\\uZZZZ\n", StandardCharsets.UTF_8);
        Preferences node = FilePreferences.inFolder(dir, problems::add);
        assertEquals(1, problems.size(), "problems: " + problems);
        assertTrue(problems.get(0).startsWith("hooke.settings: cannot keep the settings in " + dir.toAbsolutePath()
                + ": cannot read settings.properties"), problems.get(0));
        node.put(Settings.SCENE, "cube");
        assertEquals("cube", node.get(Settings.SCENE, null), "kept in memory");
        assertThrows(BackingStoreException.class, node::flush, "a flush of a store kept in memory");
        assertEquals("scene=\\uZZZZ\n", Files.readString(file, StandardCharsets.UTF_8), "the file, untouched");
    }

    @Test
    void aFolderThatCannotBeMadeKeepsTheSettingsInMemory() throws IOException, BackingStoreException {
        Path notAFolder = Files.writeString(dir.resolve("a-file"), "");
        Path folder = notAFolder.resolve("settings");
        Preferences node = FilePreferences.inFolder(folder, problems::add);
        assertEquals(1, problems.size(), "problems: " + problems);
        assertTrue(problems.get(0).startsWith("hooke.settings: cannot keep the settings in " + folder.toAbsolutePath()
                + ": ") && problems.get(0).endsWith("; they last as long as the window"), problems.get(0));
        node.put(Settings.SCENE, "cube");
        assertEquals("cube", node.get(Settings.SCENE, null), "kept in memory");
        assertEquals(SceneType.CUBE, new Settings(node).scene(), "read by Settings");
        assertDoesNotThrow(() -> new Settings(node).reset(), "Reset settings");
        assertEquals(0, node.keys().length, "keys after Reset settings");
        assertThrows(BackingStoreException.class, node::flush, "a flush of a store kept in memory");
    }

    @Test
    void aReadOnlyFolderIsSaidButItsSettingsAreRead() throws IOException {
        Files.writeString(dir.resolve(FilePreferences.FILE_NAME), "scene=cloth\n", StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("r-xr-xr-x"));
        try {
            assumeFalse(Files.isWritable(dir), "this user (root) may write a read-only folder");
            Settings settings = new Settings(FilePreferences.inFolder(dir, problems::add));
            assertEquals(SceneType.CLOTH, settings.scene(), "the scene prepared in the folder");
            assertEquals(1, problems.size(), "problems: " + problems);
            assertTrue(problems.get(0).contains(dir.toAbsolutePath() + ": permission denied"), problems.get(0));
            assertDoesNotThrow(settings::reset, "Reset settings");
        } finally {
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
    }

    @Test
    void aKeyIsEscapedOnlyWhereItMustBe() {
        for (String key : List.of("plain", "a/b", "100%", "%2F", "%25/%", "")) {
            String escaped = FilePreferences.escape(key);
            assertFalse(escaped.contains("/"), escaped);
            assertEquals(key, FilePreferences.unescape(escaped), "the key back from " + escaped);
        }
        assertEquals("100%", FilePreferences.unescape("100%"), "a '%' the store did not write");
    }

    @Test
    void thePropertyNamesTheFolder() throws IOException {
        Files.writeString(dir.resolve(FilePreferences.FILE_NAME), "scene=cube\n", StandardCharsets.UTF_8);
        String before = System.getProperty(Settings.FOLDER_PROPERTY);
        try {
            System.setProperty(Settings.FOLDER_PROPERTY, dir.toString());
            assertEquals(SceneType.CUBE, Settings.user(problems::add).scene(), "the scene of the folder's file");
            assertEquals(List.of(), problems);
            System.setProperty(Settings.FOLDER_PROPERTY, "bad\0name");
            assertNull(Settings.user(problems::add).scene(), "a folder without a name: no settings");
            assertEquals(1, problems.size(), "problems: " + problems);
            assertTrue(problems.get(0).startsWith("hooke.settings: not a folder name: "), problems.get(0));
        } finally {
            if (before == null) {
                System.clearProperty(Settings.FOLDER_PROPERTY);
            } else {
                System.setProperty(Settings.FOLDER_PROPERTY, before);
            }
        }
    }
}
