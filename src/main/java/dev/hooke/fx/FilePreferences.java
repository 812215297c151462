package dev.hooke.fx;

import dev.hooke.core.io.AtomicFiles;
import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.prefs.AbstractPreferences;
import java.util.prefs.BackingStoreException;

/**
 * Preferences kept in one properties file of a folder of one's own ({@code -Dhooke.settings=FOLDER},
 * {@link Settings#user}), instead of Java's user preferences, which every window of a user account
 * shares.
 *
 * <p>The file, {@code FOLDER/settings.properties}, holds the root node's keys as they are and a
 * child node's as its path, a slash and the key ({@code child/key}; a {@code /} or {@code %} in a
 * key is written {@code %2F} or {@code %25}), in UTF-8, sorted. It is read when the store is
 * opened, written whole by {@link AtomicFiles} at a {@link #flush()} after a change (so a crash
 * never leaves half a file), and read again by {@link #sync()} when nothing is waiting to be
 * written. A node without keys is not kept. Two windows sharing the folder lose neither's settings:
 * a flush writes only the keys its window changed, into the file as it is then, under a lock
 * ({@code .settings.properties.lock}, an empty file that stays in the folder).
 *
 * <p>A folder that cannot be made or written, or a file that cannot be read or written, is said in
 * one line when the store is opened; the store then keeps its values in memory only (starting from
 * what the file holds, when it can be read) and leaves the file as it is, and {@link #flush()}
 * throws a {@link BackingStoreException} saying why.
 */
final class FilePreferences extends AbstractPreferences {

    /** The file's name in the folder. */
    static final String FILE_NAME = "settings.properties";
    /** The lock file's name in the folder: locked while a window writes the settings (it stays, empty). */
    static final String LOCK_NAME = ".settings.properties.lock";

    private final Store store;
    /** The prefix of this node's keys in the file: "" for the root, "a/b/" for the node a/b. */
    private final String prefix;

    private FilePreferences(FilePreferences parent, String name, Store store) {
        super(parent, name);
        this.store = store;
        this.prefix = parent == null ? "" : parent.prefix + name + "/";
    }

    /**
     * The settings of {@code folder}, made if missing. What keeps them from the disk is said, one
     * line to {@code problems} naming the folder and the reason; they are then kept in memory only.
     */
    static FilePreferences inFolder(Path folder, Consumer<String> problems) {
        Path file = folder.resolve(FILE_NAME);
        try {
            Files.createDirectories(folder);
            if (!Files.isWritable(folder)) {
                throw new AccessDeniedException(folder.toString());
            }
            if (Files.exists(file) && !Files.isWritable(file)) {
                throw new AccessDeniedException(file.toString(), null, FILE_NAME + " is read-only");
            }
        } catch (IOException e) {
            problems.accept(problem(folder, reason(e)));
            return new FilePreferences(null, "", new Store(null, readIfCan(file), reason(e)));
        }
        try {
            return new FilePreferences(null, "", new Store(file, read(file), null));
        } catch (IllegalArgumentException | IOException e) {
            String why = "cannot read " + FILE_NAME + ": " + (e instanceof IOException io ? reason(io) : e.getMessage());
            problems.accept(problem(folder, why));
            return new FilePreferences(null, "", new Store(null, new TreeMap<>(), why));
        }
    }

    /** Settings kept in memory only, for a folder that has no name. */
    static FilePreferences inMemory() {
        return new FilePreferences(null, "", new Store(null, new TreeMap<>(), "no folder"));
    }

    private static String problem(Path folder, String why) {
        return Settings.FOLDER_PROPERTY + ": cannot keep the settings in " + folder.toAbsolutePath() + ": " + why
                + "; they last as long as the window";
    }

    /** The file's entries, none when it does not exist. */
    private static TreeMap<String, String> read(Path file) throws IOException {
        TreeMap<String, String> values = new TreeMap<>();
        if (!Files.isRegularFile(file)) {
            return values;
        }
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(in);
        }
        p.stringPropertyNames().forEach(k -> values.put(k, p.getProperty(k)));
        return values;
    }

    /** What the file holds, when it can be read (settings prepared in a read-only folder); else none. */
    private static TreeMap<String, String> readIfCan(Path file) {
        try {
            return read(file);
        } catch (IOException | IllegalArgumentException e) {
            return new TreeMap<>();
        }
    }

    private static String reason(IOException e) {
        if (e instanceof FileAlreadyExistsException) {
            return "it is not a folder";
        }
        if (e instanceof FileSystemException fse && fse.getReason() != null) {
            return fse.getReason();
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NoSuchFileException) {
            return "no such file or folder";
        }
        if (e instanceof FileSystemException) {
            return e.getClass().getSimpleName();     // its message is only the file's name
        }
        String m = e.getMessage();
        return m == null || m.isBlank() ? e.getClass().getSimpleName() : m;
    }

    @Override
    public boolean isUserNode() {
        return true;
    }

    @Override
    protected void putSpi(String key, String value) {
        store.put(prefix + escape(key), value);
    }

    @Override
    protected String getSpi(String key) {
        return store.get(prefix + escape(key));
    }

    @Override
    protected void removeSpi(String key) {
        store.remove(prefix + escape(key));
    }

    @Override
    protected void removeNodeSpi() {
        // the node's children are removed before it: only its own keys are left
        for (String key : keysSpi()) {
            removeSpi(key);
        }
    }

    @Override
    protected String[] keysSpi() {
        Set<String> keys = new LinkedHashSet<>();
        for (String entry : store.keys(prefix)) {
            String rest = entry.substring(prefix.length());
            if (rest.indexOf('/') < 0) {
                keys.add(unescape(rest));
            }
        }
        return keys.toArray(String[]::new);
    }

    @Override
    protected String[] childrenNamesSpi() {
        Set<String> names = new LinkedHashSet<>();
        for (String entry : store.keys(prefix)) {
            String rest = entry.substring(prefix.length());
            int slash = rest.indexOf('/');
            if (slash > 0) {
                names.add(rest.substring(0, slash));
            }
        }
        return names.toArray(String[]::new);
    }

    @Override
    protected AbstractPreferences childSpi(String name) {
        return new FilePreferences(this, name, store);
    }

    @Override
    protected void syncSpi() throws BackingStoreException {
        store.sync();
    }

    @Override
    protected void flushSpi() throws BackingStoreException {
        store.flush();
    }

    /** {@code key} with '%' and '/' written %25 and %2F. */
    static String escape(String key) {
        return key.replace("%", "%25").replace("/", "%2F");
    }

    /** The key {@link #escape} wrote; any other '%' stays as it is. */
    static String unescape(String key) {
        StringBuilder sb = new StringBuilder(key.length());
        for (int i = 0; i < key.length(); i++) {
            if (key.startsWith("%25", i)) {
                sb.append('%');
                i += 2;
            } else if (key.startsWith("%2F", i)) {
                sb.append('/');
                i += 2;
            } else {
                sb.append(key.charAt(i));
            }
        }
        return sb.toString();
    }

    /**
     * The entries of every node, shared by the nodes of one file, and the changes made to them
     * since the file was last read or written.
     *
     * <p>Several windows may keep their settings in one folder. So that none loses another's, a
     * {@link #flush()} writes only this store's changes: under a lock of the folder's lock file
     * ({@value #LOCK_NAME}, an advisory {@link FileLock}, held by one window at a time), it reads
     * the file again, applies the keys this store set or removed since, and writes the result.
     */
    private static final class Store {
        /** How many times a flush asks for the lock before it gives up, and the pause between; in ms. */
        private static final int LOCK_ATTEMPTS = 200;
        private static final long LOCK_PAUSE_MS = 10;
        /**
         * File locks belong to the whole JVM (a second lock of one file throws), so the stores of
         * one JVM take turns here before they lock the file.
         */
        private static final Object IN_THIS_JVM = new Object();

        /** The file, or null when the values are kept in memory only. */
        private final Path file;
        /** Why there is no file to write, or null. */
        private final String noFile;
        private TreeMap<String, String> values;
        /** The keys set (to their value) or removed (to null) since the file was last read or written. */
        private final Map<String, String> edits = new HashMap<>();

        Store(Path file, TreeMap<String, String> values, String noFile) {
            this.file = file;
            this.values = values;
            this.noFile = noFile;
        }

        synchronized String get(String key) {
            return values.get(key);
        }

        synchronized void put(String key, String value) {
            if (!value.equals(values.put(key, value))) {
                edits.put(key, value);
            }
        }

        synchronized void remove(String key) {
            if (values.remove(key) != null) {
                edits.put(key, null);
            }
        }

        /** The entries starting with {@code prefix}, in order (a copy). */
        synchronized Set<String> keys(String prefix) {
            return new LinkedHashSet<>(prefix.isEmpty() ? values.keySet()
                    : values.subMap(prefix, prefix + Character.MAX_VALUE).keySet());
        }

        /** Writes what changed; else reads the file again, for what another window wrote. */
        synchronized void sync() throws BackingStoreException {
            if (!edits.isEmpty() || file == null) {
                flush();
                return;
            }
            try {
                values = read(file);
            } catch (IOException | IllegalArgumentException e) {
                throw new BackingStoreException("cannot read " + file + ": " + e.getMessage());
            }
        }

        /**
         * Writes this store's changes into the file as it is now (another window's changes kept),
         * when there are any, and takes the result as the store's values.
         */
        synchronized void flush() throws BackingStoreException {
            if (file == null) {
                throw new BackingStoreException("the settings are kept in memory only: " + noFile);
            }
            if (edits.isEmpty()) {
                return;
            }
            synchronized (IN_THIS_JVM) {
                Path lockFile = file.resolveSibling(LOCK_NAME);
                try {
                    if (Files.exists(lockFile, LinkOption.NOFOLLOW_LINKS)
                            && !Files.isRegularFile(lockFile, LinkOption.NOFOLLOW_LINKS)) {
                        throw new IOException(lockFile + ": not a regular file");   // never opened: a pipe would wait
                    }
                    try (FileChannel lockChannel = FileChannel.open(lockFile, StandardOpenOption.CREATE,
                            StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS)) {
                        FileLock lock = lock(lockChannel);           // released when the channel closes
                        assert lock.isValid();
                        TreeMap<String, String> merged = read(file);
                        for (Map.Entry<String, String> e : edits.entrySet()) {
                            if (e.getValue() == null) {
                                merged.remove(e.getKey());
                            } else {
                                merged.put(e.getKey(), e.getValue());
                            }
                        }
                        AtomicFiles.writeString(file, AtomicFiles.Special.REFUSE, text(merged));
                        values = merged;
                        edits.clear();
                    }
                } catch (IOException | IllegalArgumentException e) {
                    throw new BackingStoreException("cannot write " + file + ": "
                            + (e instanceof IOException io ? reason(io) : e.getMessage()));
                }
            }
        }

        /** The lock of {@code channel}'s file, asked for a bounded number of times: a flush never waits for long. */
        private FileLock lock(FileChannel channel) throws IOException {
            for (int attempt = 1; ; attempt++) {
                FileLock lock = channel.tryLock();
                if (lock != null) {
                    return lock;
                }
                if (attempt == LOCK_ATTEMPTS) {
                    throw new IOException(file.resolveSibling(LOCK_NAME) + ": held by another program");
                }
                try {
                    Thread.sleep(LOCK_PAUSE_MS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException(file + ": interrupted while waiting for another window's write");
                }
            }
        }

        /** The file's text: a comment, then one line a key, in order, escaped as {@link Properties} does. */
        private static String text(Map<String, String> values) throws IOException {
            StringBuilder sb = new StringBuilder("# Hooke's workbench settings (-D" + Settings.FOLDER_PROPERTY
                    + "); View > Reset settings forgets them\n");
            for (Map.Entry<String, String> e : values.entrySet()) {
                Properties one = new Properties();
                one.setProperty(e.getKey(), e.getValue());
                StringWriter line = new StringWriter();
                one.store(line, null);
                line.toString().lines().filter(l -> !l.startsWith("#")).forEach(l -> sb.append(l).append('\n'));
            }
            return sb.toString();
        }
    }
}
