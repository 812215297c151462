package dev.hooke.core.io;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;

/**
 * A YAML mapping read key by key. {@link #only} refuses, up front, any key outside a list,
 * naming it and the keys that are allowed; duplicate keys and keys that are not plain names are
 * refused when the mapping is opened.
 */
public final class YamlMap {

    private final YamlValue self;
    private final Map<String, YamlValue> entries = new LinkedHashMap<>();
    private final Map<String, Integer> keyLines = new LinkedHashMap<>();

    YamlMap(YamlValue self, MappingNode node) throws DataFileException {
        this.self = self;
        for (NodeTuple t : node.getValue()) {
            int keyLine = t.getKeyNode().getStartMark().getLine() + 1;
            if (!(t.getKeyNode() instanceof ScalarNode)) {
                throw new DataFileException(self.file(), keyLine, self.path(), "keys must be plain names");
            }
            String key = ((ScalarNode) t.getKeyNode()).getValue().trim();
            if (entries.containsKey(key)) {
                throw new DataFileException(self.file(), keyLine, self.path(),
                        "the key '" + key + "' appears twice (first at line " + keyLines.get(key) + ")");
            }
            entries.put(key, self.child(t.getValueNode(), key));
            keyLines.put(key, keyLine);
        }
    }

    /** The mapping itself, as a value (for its line and path). */
    public YamlValue self() {
        return self;
    }

    /** The keys in file order. */
    public List<String> keys() {
        return new ArrayList<>(entries.keySet());
    }

    /** The number of keys. */
    public int size() {
        return entries.size();
    }

    /** Whether the key is present (with any value, null included). */
    public boolean has(String key) {
        return entries.containsKey(key);
    }

    /** The line of a key, or the mapping's line when absent. */
    public int lineOf(String key) {
        Integer l = keyLines.get(key);
        return l != null ? l : self.line();
    }

    /** The value of a key that must be present and not null. */
    public YamlValue get(String key) throws DataFileException {
        YamlValue v = entries.get(key);
        if (v == null) {
            throw new DataFileException(self.file(), self.line(), childPath(key), "is missing");
        }
        if (v.isNull()) {
            throw new DataFileException(self.file(), lineOf(key), childPath(key), "needs a value");
        }
        return v;
    }

    /** The value of an optional key, or null when absent. A present key with a null value is an error. */
    public YamlValue opt(String key) throws DataFileException {
        if (!entries.containsKey(key)) {
            return null;
        }
        return get(key);
    }

    /** An error about a key of this mapping (on the key's line). */
    public DataFileException error(String key, String problem) {
        return new DataFileException(self.file(), lineOf(key), childPath(key), problem);
    }

    private String childPath(String key) {
        return self.path().isEmpty() ? key : self.path() + "." + key;
    }

    /**
     * Refuses, before anything is read, the first key that is not one of {@code allowed}: a
     * misspelt key is then reported as unknown rather than as a missing one.
     *
     * @return this mapping
     */
    public YamlMap only(List<String> allowed) throws DataFileException {
        for (String key : entries.keySet()) {
            if (!allowed.contains(key)) {
                throw new DataFileException(self.file(), lineOf(key), childPath(key),
                        "unknown key; expected one of " + String.join(", ", new TreeSet<>(allowed)));
            }
        }
        return this;
    }
}
