package dev.hooke.core.io;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * One value of a YAML document with its place: the file, the line and the field path
 * ({@code steps[2].expect[0].within}). The typed accessors check the value and throw a
 * {@link DataFileException} naming all three when it does not fit.
 *
 * <p>Scalars are read from their text, so {@code 0.02}, {@code 2e-2} and {@code "0.02"} are the
 * same number; the special YAML floats {@code .inf} and {@code .nan} are refused.
 */
public final class YamlValue {

    private final Node node;
    private final String file;
    private final String path;
    private final int fallbackLine;

    YamlValue(Node node, String file, String path, int fallbackLine) {
        this.node = node;
        this.file = file;
        this.path = path;
        this.fallbackLine = fallbackLine;
    }

    /** The field path, for example {@code scene.mass}; "" for the document's root. */
    public String path() {
        return path;
    }

    /** The file as named in messages. */
    public String file() {
        return file;
    }

    /** The 1-based line where the value starts. */
    public int line() {
        return node == null ? fallbackLine : node.getStartMark().getLine() + 1;
    }

    /** An error about this value. */
    public DataFileException error(String problem) {
        return new DataFileException(file, line(), path, problem);
    }

    /** Whether the value is absent or null ({@code ~}, {@code null} or nothing). */
    public boolean isNull() {
        return node == null || (node instanceof ScalarNode && node.getTag().equals(Tag.NULL));
    }

    /** Whether the value is a mapping. */
    public boolean isMap() {
        return node instanceof MappingNode;
    }

    /** Whether the value is a sequence. */
    public boolean isList() {
        return node instanceof SequenceNode;
    }

    /** Whether the value is a scalar (text, a number, a boolean), not null. */
    public boolean isScalar() {
        return node instanceof ScalarNode && !isNull();
    }

    Node node() {
        return node;
    }

    /** What the value is, for messages: "a list", "a mapping", "nothing" or the quoted text. */
    public String describe() {
        if (isNull()) {
            return "nothing";
        }
        if (node instanceof MappingNode) {
            return "a mapping";
        }
        if (node instanceof SequenceNode) {
            return "a list";
        }
        if (path.isEmpty()) {
            // the whole document is one value: the file is no lesson or scene file, and its text
            // (a link may point to any file) is not quoted
            return "a single value: this is not a lesson or scene file";
        }
        String v = ((ScalarNode) node).getValue();
        if (v.length() > 40) {
            v = v.substring(0, 37) + "...";
        }
        return "'" + v + "'";
    }

    // ------------------------------------------------------------------ structure

    /** The value as a mapping. */
    public YamlMap map() throws DataFileException {
        if (!(node instanceof MappingNode)) {
            throw error("must be a mapping of names to values, got " + describe());
        }
        return new YamlMap(this, (MappingNode) node);
    }

    /** The value as a list (at least {@code min}, at most {@code max} items). */
    public List<YamlValue> list(int min, int max) throws DataFileException {
        if (!(node instanceof SequenceNode)) {
            throw error("must be a list, got " + describe());
        }
        List<Node> items = ((SequenceNode) node).getValue();
        if (items.size() < min) {
            throw error("must have at least " + min + (min == 1 ? " item" : " items") + ", got " + items.size());
        }
        if (items.size() > max) {
            throw error("may have at most " + max + " items, got " + items.size());
        }
        List<YamlValue> out = new ArrayList<>(items.size());
        for (int i = 0; i < items.size(); i++) {
            out.add(new YamlValue(items.get(i), file, path + "[" + i + "]", line()));
        }
        return out;
    }

    YamlValue child(Node n, String name) {
        return new YamlValue(n, file, path.isEmpty() ? name : path + "." + name, line());
    }

    // ------------------------------------------------------------------ scalars

    /** The value's text; it must be a scalar. */
    public String text() throws DataFileException {
        if (isNull()) {
            throw error("needs a value");
        }
        if (!(node instanceof ScalarNode)) {
            throw error("must be a single value, got " + describe());
        }
        return ((ScalarNode) node).getValue();
    }

    /** Non-blank text, trimmed. */
    public String string() throws DataFileException {
        String t = text().trim();
        if (t.isEmpty()) {
            throw error("must not be empty");
        }
        return t;
    }

    /** A finite number. */
    public double number() throws DataFileException {
        String t = text().trim();
        double d;
        try {
            d = Double.parseDouble(t);
        } catch (NumberFormatException e) {
            throw error("must be a number, got " + describe());
        }
        if (!Double.isFinite(d) || t.endsWith("f") || t.endsWith("F") || t.endsWith("d") || t.endsWith("D")) {
            throw error("must be a finite number, got " + describe());
        }
        return d;
    }

    /** A finite number &gt; 0. */
    public double positive() throws DataFileException {
        double d = number();
        if (!(d > 0)) {
            throw error("must be a number > 0, got " + t(d));
        }
        return d;
    }

    /** A finite number &ge; 0. */
    public double nonNegative() throws DataFileException {
        double d = number();
        if (!(d >= 0)) {
            throw error("must be a number >= 0, got " + t(d));
        }
        return d;
    }

    /** A number within [lo, hi]. */
    public double number(double lo, double hi) throws DataFileException {
        double d = number();
        if (d < lo || d > hi) {
            throw error("must be between " + t(lo) + " and " + t(hi) + ", got " + t(d));
        }
        return d;
    }

    /**
     * A relative tolerance &gt; 0: either a percentage ({@code 5%} is 0.05) or a plain fraction
     * ({@code 1e-9}).
     */
    public double fraction() throws DataFileException {
        String t = text().trim();
        boolean percent = t.endsWith("%");
        String num = percent ? t.substring(0, t.length() - 1).trim() : t;
        double d;
        try {
            d = Double.parseDouble(num);
        } catch (NumberFormatException e) {
            throw error("must be a percentage > 0 (like 1%) or a fraction > 0 (like 1e-9), got " + describe());
        }
        if (!Double.isFinite(d) || !(d > 0)) {
            throw error("must be a percentage > 0, got " + describe().replace("'", ""));
        }
        return percent ? d / 100 : d;
    }

    /** An integer within [min, max]. */
    public int integer(int min, int max) throws DataFileException {
        String t = text().trim();
        long v;
        try {
            v = Long.parseLong(t);
        } catch (NumberFormatException e) {
            throw error("must be a whole number, got " + describe());
        }
        if (v < min || v > max) {
            throw error("must be between " + min + " and " + max + ", got " + v);
        }
        return (int) v;
    }

    /** {@code true} or {@code false}. */
    public boolean bool() throws DataFileException {
        String t = text().trim().toLowerCase(Locale.ROOT);
        if (t.equals("true")) {
            return true;
        }
        if (t.equals("false")) {
            return false;
        }
        throw error("must be true or false, got " + describe());
    }

    /**
     * A name turned into a value by {@code lookup}, whose IllegalArgumentException message
     * (naming the valid choices) becomes the error.
     */
    public <T> T choice(Function<String, T> lookup) throws DataFileException {
        String s = string();
        try {
            return lookup.apply(s);
        } catch (IllegalArgumentException e) {
            throw error(e.getMessage());
        }
    }

    private static String t(double d) {
        if (d == Math.rint(d) && Math.abs(d) < 1e15) {
            return Long.toString((long) d);
        }
        return Double.toString(d);
    }
}
