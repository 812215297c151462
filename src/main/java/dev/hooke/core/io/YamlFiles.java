package dev.hooke.core.io;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.composer.Composer;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.events.CollectionStartEvent;
import org.yaml.snakeyaml.events.Event;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.parser.ParserImpl;
import org.yaml.snakeyaml.reader.ReaderException;
import org.yaml.snakeyaml.reader.StreamReader;
import org.yaml.snakeyaml.resolver.Resolver;

/**
 * Reads YAML data files safely into a tree of {@link YamlValue}s that remember their line.
 *
 * <p>Only SnakeYAML's composer runs: it builds a tree of nodes and never constructs a Java object
 * from the file, so nothing in a file executes code. On top of that, every tag outside the YAML
 * core schema ({@code !foo}, {@code !!python/…}) is refused, as are files over
 * {@value #MAX_BYTES} bytes, text that is not UTF-8, nesting deeper than {@value #MAX_DEPTH}
 * levels, more than {@value #MAX_COLLECTION_ALIASES} aliases to collections, and streams with
 * more than one document. Every problem becomes a {@link DataFileException} with the file and a
 * line.
 */
public final class YamlFiles {

    /** The largest file read; in bytes. */
    public static final int MAX_BYTES = 1 << 20;
    /** The deepest nesting of mappings and sequences accepted. */
    public static final int MAX_DEPTH = 24;
    /** The most aliases to mappings or sequences accepted in one file. */
    public static final int MAX_COLLECTION_ALIASES = 20;

    private YamlFiles() {
    }

    /**
     * Reads and parses a file.
     *
     * @param file the file
     * @param name how the file is named in messages (for example the path as typed)
     * @return the document's root
     */
    public static YamlValue read(Path file, String name) throws DataFileException {
        // a named pipe would block the reader, a device such as /dev/zero never ends: neither is opened
        String notAFile = FileKinds.whyNotAFile(file);
        if (notAFile != null) {
            throw new DataFileException(name, 0, "", notAFile);
        }
        byte[] bytes;
        try (InputStream in = Files.newInputStream(file)) {
            // the limit is kept while reading: a file may grow, or say it has no size at all
            bytes = in.readNBytes(MAX_BYTES + 1);
        } catch (NoSuchFileException e) {
            throw new DataFileException(name, 0, "", "no such file");
        } catch (IOException e) {
            throw new DataFileException(name, 0, "", "cannot be read: " + FileKinds.reason(e));
        }
        if (bytes.length > MAX_BYTES) {
            throw new DataFileException(name, 1, "", "the file has more than " + MAX_BYTES + " bytes, the limit");
        }
        return parse(decode(bytes, name), name);
    }

    /** Decodes UTF-8 strictly; the message gives the line of the first bad byte. */
    static String decode(byte[] bytes, String name) throws DataFileException {
        if (bytes.length > MAX_BYTES) {
            throw new DataFileException(name, 1, "", "the file has " + bytes.length + " bytes, more than the limit of "
                    + MAX_BYTES);
        }
        CharsetDecoder dec = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        try {
            String text = dec.decode(in).toString();
            return text.startsWith("\uFEFF") ? text.substring(1) : text;
        } catch (MalformedInputException e) {
            int at = in.position();
            int line = 1;
            for (int i = 0; i < at && i < bytes.length; i++) {
                if (bytes[i] == '\n') {
                    line++;
                }
            }
            throw new DataFileException(name, line, "", "the file is not UTF-8 text (bad byte at offset " + at + ")");
        } catch (CharacterCodingException e) {
            throw new DataFileException(name, 1, "", "the file is not UTF-8 text");
        }
    }

    /**
     * Parses YAML text.
     *
     * @param text the text
     * @param name how the file is named in messages
     * @return the document's root (a null value for an empty document)
     */
    public static YamlValue parse(String text, String name) throws DataFileException {
        if (text.length() > MAX_BYTES) {
            throw new DataFileException(name, 1, "", "the text has more than " + MAX_BYTES + " characters");
        }
        LoaderOptions options = new LoaderOptions();
        options.setAllowDuplicateKeys(false);
        options.setMaxAliasesForCollections(MAX_COLLECTION_ALIASES);
        options.setAllowRecursiveKeys(false);
        options.setNestingDepthLimit(MAX_DEPTH * 2);
        options.setCodePointLimit(MAX_BYTES + 1);
        try {
            checkDepth(text, name, options);
            Composer composer = new Composer(new ParserImpl(new StreamReader(text), options), new Resolver(), options);
            Node root = composer.getSingleNode();
            if (root != null) {
                checkTags(root, name);
            }
            return new YamlValue(root, name, "", 1);
        } catch (MarkedYAMLException e) {
            Mark mark = e.getProblemMark() != null ? e.getProblemMark() : e.getContextMark();
            int line = mark != null ? mark.getLine() + 1 : 1;
            String problem = e.getProblem() != null ? e.getProblem() : "invalid YAML";
            if (e.getContext() != null && problem.startsWith("but ")) {
                problem = e.getContext() + ", " + problem;
            } else if (e.getContext() != null) {
                Mark where = e.getContextMark();
                problem = problem + " (" + e.getContext()
                        + (where != null && where.getLine() + 1 != line ? " that starts at line " + (where.getLine() + 1) : "")
                        + ")";
            }
            throw new DataFileException(name, line, "", "YAML syntax: " + oneLine(problem));
        } catch (ReaderException e) {
            throw new DataFileException(name, lineOfCodePoint(text, e.getPosition()), "",
                    String.format("the character U+%04X is not allowed in YAML", e.getCodePoint()));
        } catch (YAMLException e) {
            throw new DataFileException(name, 1, "", "YAML: " + oneLine(String.valueOf(e.getMessage())));
        } catch (StackOverflowError e) {
            throw new DataFileException(name, 1, "", "the YAML is nested too deeply");
        }
    }

    /** Refuses nesting deeper than {@link #MAX_DEPTH}, naming the line where it happens. */
    private static void checkDepth(String text, String name, LoaderOptions options) throws DataFileException {
        ParserImpl parser = new ParserImpl(new StreamReader(text), options);
        int depth = 0;
        while (parser.peekEvent() != null) {
            Event e = parser.getEvent();
            if (e instanceof CollectionStartEvent) {
                depth++;
                if (depth > MAX_DEPTH) {
                    throw new DataFileException(name, e.getStartMark().getLine() + 1, "",
                            "nested more than " + MAX_DEPTH + " levels deep");
                }
            } else if (e.is(Event.ID.MappingEnd) || e.is(Event.ID.SequenceEnd)) {
                depth--;
            } else if (e.is(Event.ID.StreamEnd)) {
                break;
            }
        }
    }

    /** Refuses every tag outside the YAML core schema, so that no file names a type to build. */
    private static void checkTags(Node root, String name) throws DataFileException {
        Set<Node> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        ArrayDeque<Node> todo = new ArrayDeque<>();
        todo.push(root);
        while (!todo.isEmpty()) {
            Node n = todo.pop();
            if (!seen.add(n)) {
                continue;
            }
            Tag tag = n.getTag();
            if (!(tag.equals(Tag.STR) || tag.equals(Tag.INT) || tag.equals(Tag.FLOAT) || tag.equals(Tag.BOOL)
                    || tag.equals(Tag.NULL) || tag.equals(Tag.MAP) || tag.equals(Tag.SEQ)
                    || tag.equals(Tag.TIMESTAMP) || tag.equals(Tag.MERGE))) {
                throw new DataFileException(name, n.getStartMark().getLine() + 1, "",
                        "the tag " + tag.getValue() + " is not allowed: lesson and scene files are plain data");
            }
            if (n instanceof MappingNode m) {
                for (NodeTuple t : m.getValue()) {
                    todo.push(t.getKeyNode());
                    todo.push(t.getValueNode());
                }
            } else if (n instanceof SequenceNode s) {
                for (Node c : s.getValue()) {
                    todo.push(c);
                }
            }
        }
    }

    private static int lineOfCodePoint(String text, int codePointIndex) {
        int line = 1;
        int cp = 0;
        for (int i = 0; i < text.length() && cp < codePointIndex; cp++) {
            int c = text.codePointAt(i);
            if (c == '\n') {
                line++;
            }
            i += Character.charCount(c);
        }
        return line;
    }

    private static String oneLine(String s) {
        return s.replaceAll("\\s+", " ").trim();
    }
}
