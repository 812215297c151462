package dev.hooke.cli;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A flat JSON object (RFC 8259) with string, number, boolean and null values, written in the
 * order the keys were put. The output is plain ASCII: characters outside it are escaped as
 * {@code \}{@code uXXXX}. A number that is not finite is written as {@code null}, since JSON has no
 * NaN or infinity.
 */
final class JsonObject {

    private final Map<String, String> fields = new LinkedHashMap<>();

    /** Puts a number; NaN and the infinities become {@code null}. */
    JsonObject put(String key, double value) {
        fields.put(key, Double.isFinite(value) ? Double.toString(value) : "null");
        return this;
    }

    /** Puts a whole number. */
    JsonObject put(String key, long value) {
        fields.put(key, Long.toString(value));
        return this;
    }

    /** Puts a string, or {@code null} when value is null. */
    JsonObject put(String key, String value) {
        fields.put(key, value == null ? "null" : quote(value));
        return this;
    }

    /** Puts a boolean. */
    JsonObject put(String key, boolean value) {
        fields.put(key, Boolean.toString(value));
        return this;
    }

    /** Puts {@code null}. */
    JsonObject putNull(String key) {
        fields.put(key, "null");
        return this;
    }

    /** Puts an array of flat objects, each written on one line. */
    JsonObject putObjects(String key, java.util.List<JsonObject> objects) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < objects.size(); i++) {
            sb.append(i == 0 ? "\n    " : ",\n    ").append(objects.get(i).inline());
        }
        fields.put(key, sb.append(objects.isEmpty() ? "]" : "\n  ]").toString());
        return this;
    }

    /** The object on one line. */
    String inline() {
        StringBuilder sb = new StringBuilder("{");
        boolean first = true;
        for (Map.Entry<String, String> e : fields.entrySet()) {
            sb.append(first ? "" : ", ").append(quote(e.getKey())).append(": ").append(e.getValue());
            first = false;
        }
        return sb.append('}').toString();
    }

    /** The object, one key per line, indented by two spaces, ended by a line feed. */
    String toJson() {
        StringBuilder sb = new StringBuilder("{");
        boolean first = true;
        for (Map.Entry<String, String> e : fields.entrySet()) {
            sb.append(first ? "\n  " : ",\n  ").append(quote(e.getKey())).append(": ").append(e.getValue());
            first = false;
        }
        return sb.append(first ? "}\n" : "\n}\n").toString();
    }

    /** A JSON string literal: quotes, backslash and control characters escaped, non-ASCII as \\uXXXX. */
    static String quote(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                case '\b' -> sb.append("\\b");
                case '\f' -> sb.append("\\f");
                default -> {
                    if (c < 0x20 || c > 0x7e) {
                        sb.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.append('"').toString();
    }
}
